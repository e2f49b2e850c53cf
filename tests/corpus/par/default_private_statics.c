/* default(private) and default(firstprivate) make the static local
   variables a region or task references private to it, as gcc does: a
   firstprivate copy starts from the static's value, a private one is
   written before it is read, and the static itself is left alone. */
#include <stdio.h>

static int bump(void) {
    static int calls = 10;
    int seen = 0;
    #pragma omp parallel default(firstprivate) shared(seen) num_threads(3)
    {
        calls += 1;  /* each thread's own copy, from 10 */
        #pragma omp critical
        if (calls > seen) seen = calls;
    }
    return seen * 100 + calls;  /* the threads each saw 11; calls is still 10 */
}

int main(void) {
    static int counter = 5;
    static double scale = 2.5;
    int result = 0;
    #pragma omp parallel default(private) shared(result)
    {
        counter = 1;
        scale = 4.0;
        #pragma omp single
        result = counter + (int)scale;
    }
    printf("private %d %d %g\n", result, counter, scale);
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task default(firstprivate) shared(result)
        result = counter * 10 + (int)scale;
        #pragma omp taskwait
    }
    printf("task %d %d\n", result, counter);
    printf("bump %d\n", bump());
    return 0;
}
