/* Global variables initialised with function addresses (a dispatch table, a
 * struct of callbacks, a plain pointer) and globals that point to them: the
 * initialisers name functions defined later in the file. */
#include <stdio.h>

static int twice(int x);
int plus_one(int x);

struct ops {
    const char *name;
    int (*apply)(int);
};

static int (*current)(int) = twice;
static int (*table[2])(int) = {twice, plus_one};
struct ops ops_list[] = {{"twice", twice}, {"plus_one", plus_one}};
static struct ops *first_op = &ops_list[0];
static int (**current_ptr)(int) = &current;

static int twice(int x) { return 2 * x; }

int plus_one(int x) { return x + 1; }

int main(void)
{
    printf("%d\n", current(20));
    printf("%d %d\n", table[0](3), table[1](3));
    for (int i = 0; i < 2; i++)
        printf("%s %d\n", ops_list[i].name, ops_list[i].apply(10));
    printf("%s %d\n", first_op->name, first_op->apply(7));
    current = plus_one;
    printf("%d\n", (*current_ptr)(41));
    return 0;
}
