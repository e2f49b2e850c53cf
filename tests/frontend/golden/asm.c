/* asm statements: basic, extended with outputs, inputs and clobbers, in a task. */
int main(void)
{
    int x = 1, y = 2;
    asm("nop");
    asm volatile("" ::: "memory");
    __asm__ __volatile__("addl %1, %0" : "+r"(x) : "r"(y) : "cc");
#pragma omp task shared(x)
    asm("movl $3, %0" : "=r"(x));
#pragma omp taskwait
    return x - 3;
}
