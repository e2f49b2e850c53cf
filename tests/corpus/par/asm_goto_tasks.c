/* asm goto inside tasks and parallel regions: the labels are the task
   body's own (a task runs as a work item, or at once as a call of its
   serial version: both keep them), a recursive task function leaves early
   by asm goto around its spawns and its taskwait, and a region's implicit
   tasks jump inside their own body.  x86-64 assembly, the same control
   flow in C elsewhere. */
#include <stdio.h>

/* 1 if v is odd: a test and a conditional jump in asm. */
static int odd(int v)
{
#if defined(__x86_64__)
    asm goto("testl $1, %0\n\tjnz %l[yes]" : : "r"(v) : "cc" : yes);
    return 0;
yes:
    return 1;
#else
    return v & 1;
#endif
}

/* The number of odd values in [lo, hi), counted by tasks; a range of one
   value leaves by asm goto before any spawn or taskwait. */
static long count_odd(int lo, int hi)
{
    long left = 0, right = 0;
    if (hi - lo == 1) {
#if defined(__x86_64__)
        asm goto("jmp %l[leaf]" : : : : leaf);
#else
        goto leaf;
#endif
    }
    int mid = lo + (hi - lo) / 2;
#pragma omp task shared(left) firstprivate(lo, mid)
    left = count_odd(lo, mid);
#pragma omp task shared(right) firstprivate(mid, hi)
    right = count_odd(mid, hi);
#pragma omp taskwait
    return left + right;
leaf:
    return odd(lo);
}

int main(void)
{
    long total = 0, odds = 0;
    int marks[64] = {0};
#pragma omp parallel shared(total, odds, marks)
    {
#pragma omp single
        {
            for (int i = 0; i < 64; i++) {
#pragma omp task shared(marks) firstprivate(i)
                {
                    int v = i * 3;
#if defined(__x86_64__)
                    asm goto("cmpl $90, %0\n\tjg %l[big]" : : "r"(v) : "cc" : big);
#else
                    if (v > 90)
                        goto big;
#endif
                    marks[i] = 1;
                    goto done;
                big:
                    marks[i] = 2;
                done:;
                }
            }
#pragma omp taskwait
            odds = count_odd(0, 1000);
        }
        int mine = 0;
#if defined(__x86_64__)
        asm goto("jmp %l[counted]" : : : : counted);
#else
        goto counted;
#endif
        mine = 1000; /* skipped */
    counted:
#pragma omp atomic
        total += mine == 1000 ? 0 : 1;
    }
    long ones = 0, twos = 0;
    for (int i = 0; i < 64; i++) {
        ones += marks[i] == 1;
        twos += marks[i] == 2;
    }
    printf("marks %ld %ld odds %ld\n", ones, twos, odds);
    printf("threads counted %d\n", total > 0);
    return 0;
}
