/* A block-scope extern declaration names the file-scope object even where
 * a local of the same name hides it, and the local is visible again after
 * the block; also an array and a use inside a nested block and a loop. */
#include <stdio.h>

int level = 42;
int table[3] = {1, 2, 3};

static int sum_hidden(int level)
{
    int total = level;
    for (int i = 0; i < 3; i++) {
        extern int table[3];
        extern int level;
        total += table[i] * level;
        level++;
    }
    return total;
}

int main(void)
{
    int level = 10, table = 5;
    {
        extern int level;
        extern int table[3];
        printf("%d %d\n", level, table[2]);
        level = 7;
        {
            printf("%d\n", level + table[0]);
        }
    }
    printf("%d %d\n", level, table);
    printf("%d %d\n", sum_hidden(100), level);
    {
        extern int level;
        printf("%d\n", level);
    }
    return 0;
}
