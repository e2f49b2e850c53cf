/* Exercises goto and labels: forward and backward jumps, loops built from
 * goto, jumps out of nested loops and blocks, jumps into a nested block,
 * the cleanup-on-error idiom, and labels followed by empty statements. */
#include <stdio.h>
#include <stdlib.h>

static int find_pair(int target, int *out_i, int *out_j)
{
    for (int i = 0; i < 20; i++) {
        for (int j = i; j < 20; j++) {
            if (i * j == target) {
                *out_i = i;
                *out_j = j;
                goto found; /* out of two loops */
            }
        }
    }
    return 0;
found:
    return 1;
}

static int sum_with_goto_loop(int n)
{
    int i = 0, s = 0;
top:
    if (i >= n)
        goto done;
    s += i;
    i++;
    goto top;
done:
    return s;
}

/* cleanup chain: resources released in reverse order */
static int process(int fail_at, char *log, int *pos)
{
    int rc = -1;
    int *a = malloc(4 * sizeof(int));
    log[(*pos)++] = 'A';
    if (fail_at == 1)
        goto out;
    int *b = malloc(4 * sizeof(int));
    log[(*pos)++] = 'B';
    if (fail_at == 2)
        goto free_b;
    log[(*pos)++] = 'W';
    rc = 0;
free_b:
    free(b);
    log[(*pos)++] = 'b';
out:
    free(a);
    log[(*pos)++] = 'a';
    return rc;
}

/* a jump into a nested block (legal in C when no VLA is involved) */
static int enter_block(int skip_init)
{
    int v = 1;
    if (skip_init)
        goto inside;
    v = 10;
    {
        v += 5;
    inside:
        v *= 2;
        if (v < 50)
            goto inside; /* backward jump inside the block */
    }
    return v;
}

static int state_machine(const char *input)
{
    int count = 0;
    const char *p = input;
s_start:
    if (*p == '\0')
        goto s_end;
    if (*p == '(') {
        p++;
        goto s_inner;
    }
    p++;
    goto s_start;
s_inner:
    if (*p == '\0')
        goto s_end;
    if (*p == ')') {
        count++;
        p++;
        goto s_start;
    }
    p++;
    goto s_inner;
s_end:;
    return count;
}

int main(void)
{
    int i = 0, j = 0;
    int ok1 = find_pair(91, &i, &j);
    printf("find_pair(91): %d -> %d*%d\n", ok1, i, j);
    int ok2 = find_pair(997, &i, &j);
    printf("find_pair(997): %d\n", ok2);
    printf("sum_with_goto_loop(100) = %d\n", sum_with_goto_loop(100));

    char log[32];
    for (int fail = 0; fail <= 2; fail++) {
        int pos = 0;
        int rc = process(fail, log, &pos);
        log[pos] = '\0';
        printf("process(fail=%d) rc=%d log=%s\n", fail, rc, log);
    }

    printf("enter_block(0)=%d enter_block(1)=%d\n", enter_block(0), enter_block(1));
    printf("groups = %d\n", state_machine("a(b)c(d(e)f)g("));

    int ok = ok1 && !ok2 && enter_block(0) == 60 && enter_block(1) == 64;
    printf("%s\n", ok ? "goto_labels: ok" : "goto_labels: FAILED");
    return !ok;
}
