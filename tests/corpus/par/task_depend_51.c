/* Task dependences newer than gcc 12's OpenMP (5.1: inoutset,
 * omp_all_memory): the output is fixed by the dependences alone.  The early
 * tasks are slow, so a dependence that is not honoured shows. */
#include <stdio.h>
static void spin(int n) { for (volatile int k = 0; k < n; k++) ; }
int main(void) {
    int y = 0, last = 0, a = 0, b = 0, all = 0, after = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: y) shared(y)
        { spin(300000); y = 100; }
        for (int i = 1; i <= 4; i++) {
            #pragma omp task depend(inoutset: y) shared(y) firstprivate(i)
            {
                spin(40000 * (5 - i));
                #pragma omp atomic
                y += i;
            }
        }
        #pragma omp task depend(in: y) shared(y, last)
        last = y;
        #pragma omp task depend(out: a) shared(a)
        { spin(300000); a = 3; }
        #pragma omp task depend(out: b) shared(b)
        { spin(200000); b = 4; }
        #pragma omp task depend(inout: omp_all_memory) shared(a, b, all)
        { all = a * 10 + b; a = 7; }
        #pragma omp task depend(in: a) shared(a, after)
        after = a;
    }
    printf("%d %d %d\n", last, all, after);
    return 0;
}
