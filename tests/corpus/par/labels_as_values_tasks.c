/* Labels as values in task-parallel code: tasks calling a function that
 * dispatches through a static table of label addresses (the function has no
 * tasks of its own), and task bodies that take the addresses of their own
 * labels and jump to them. */
#include <stdio.h>

static int eval(const unsigned char *code, int x)
{
    static const void *const ops[] = { &&inc, &&dbl, &&stop };
    const unsigned char *pc = code;
    goto *ops[*pc++];
inc:
    x++;
    goto *ops[*pc++];
dbl:
    x *= 2;
    goto *ops[*pc++];
stop:
    return x;
}

int main(void)
{
    const unsigned char prog[] = { 0, 1, 1, 0, 2 };
    int out[64];
#pragma omp parallel
#pragma omp single
    for (int i = 0; i < 64; i++) {
#pragma omp task firstprivate(i) shared(out, prog)
        {
            void *next = i % 3 ? &&other : &&multiple;
            int v = eval(prog, i);
            goto *next;
        other:
            v = -v;
        multiple:
            out[i] = v;
        }
    }
    long sum = 0;
    for (int i = 0; i < 64; i++)
        sum += out[i] * (i + 1);
    printf("%d %d %d %ld\n", out[0], out[1], out[63], sum);
    return 0;
}
