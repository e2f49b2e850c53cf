/* asm statements inside tasks: an output operand writes a shared variable
   (the task writes it, so it is captured by reference), one writes a
   firstprivate copy, an input reads a captured value, and a compiler barrier
   (asm volatile("" ::: "memory")) sits between a task's stores.  x86-64
   assembly, with the same arithmetic in C elsewhere. */
#include <stdio.h>

static long square_sum(int n)
{
    long partial[8];
    for (int i = 0; i < n; i++) {
#pragma omp task shared(partial) firstprivate(i)
        {
            long v = i;
#if defined(__x86_64__)
            asm("imulq %1, %0" : "+r"(v) : "r"((long)i));
            asm volatile("" ::: "memory");
            asm("movq %1, %0" : "=m"(partial[i]) : "r"(v));
#else
            v *= i;
            partial[i] = v;
#endif
        }
    }
#pragma omp taskwait
    long total = 0;
    for (int i = 0; i < n; i++)
        total += partial[i];
    return total;
}

int main(void)
{
    int shared_result = 0;
    int copy = 40;
    long squares = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task shared(shared_result)
        {
#if defined(__x86_64__)
            asm volatile("movl $42, %0" : "=r"(shared_result));
#else
            shared_result = 42;
#endif
        }
#pragma omp task firstprivate(copy)
        {
#if defined(__x86_64__)
            asm("addl $2, %0" : "+r"(copy));
#else
            copy += 2;
#endif
            if (copy != 42)
                printf("firstprivate copy wrong: %d\n", copy);
        }
        squares = square_sum(8);
    }
    printf("shared %d copy %d squares %ld\n", shared_result, copy, squares);
    return 0;
}
