/* GNU C's labels as values, as interpreters use them: a static table of
 * label addresses a dispatch loop jumps through (the table written in the
 * function, and one naming it), label pointers in variables, a table of
 * offsets from one label (a constant initialiser), casts of label addresses,
 * && both as the logical and and the address of a label in one expression,
 * and file-scope tables naming the interpreter and its callers (not label
 * tables themselves). */
#include <stdio.h>

enum { OP_PUSH, OP_ADD, OP_MUL, OP_MULN, OP_DECJNZ, OP_HALT };

static long run(const int *code)
{
    static const void *const dispatch[] = {
        &&op_push, &&op_add, &&op_mul, &&op_muln, &&op_decjnz, &&op_halt,
    };
    static const void *const *const table = dispatch;
    long stack[16];
    int sp = 0;
    const int *pc = code;
#define NEXT goto *table[*pc++]
    NEXT;
op_push:
    stack[sp++] = *pc++;
    NEXT;
op_add:
    sp--;
    stack[sp - 1] += stack[sp];
    NEXT;
op_mul:
    sp--;
    stack[sp - 1] *= stack[sp];
    NEXT;
op_muln: /* acc n -> acc*n n */
    stack[sp - 2] *= stack[sp - 1];
    NEXT;
op_decjnz: /* n -> n-1, and a jump unless it is 0 */
    if (--stack[sp - 1] != 0) {
        pc = code + *pc;
        NEXT;
    }
    pc++;
    NEXT;
op_halt:
    return stack[0];
#undef NEXT
}

static int relative(int which)
{
    static const int offsets[] = { &&a - &&a, &&b - &&a, &&c - &&a };
    int r = 0;
    goto *(&&a + offsets[which]);
a:
    r += 1;
b:
    r += 10;
c:
    r += 100;
    return r;
}

static long (*const runner)(const int *) = run;

static long twice(const int *code)
{
    return 2 * runner(code);
}

static long (*const commands[])(const int *) = { run, twice };

int main(void)
{
    /* 6! by a loop: acc = 1, n = 6; do acc *= n; while (--n); */
    static const int factorial[] = { OP_PUSH, 1, OP_PUSH, 6, OP_MULN, OP_DECJNZ, 4, OP_HALT };
    static const int sum[] = { OP_PUSH, 2, OP_PUSH, 3, OP_ADD, OP_PUSH, 7, OP_MUL, OP_HALT };
    printf("%ld %ld %ld\n", run(sum), commands[1](sum), commands[0](factorial));
    printf("%d %d %d\n", relative(0), relative(1), relative(2));

    void *steps[3] = { &&first, (void *)&&second, &&done };
    int k = 0, visits = 0;
again:
    visits++;
    goto *steps[k];
first:
    k = 1;
    goto again;
second:
    k = k == 1 && &&done == steps[2] ? 2 : 0;
    goto again;
done:
    printf("%d %d %d\n", visits, steps[0] != steps[1], (int)((char *)steps[2] - (char *)&&done));
    return 0;
}
