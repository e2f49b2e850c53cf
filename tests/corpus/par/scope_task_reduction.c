/* reduction(task, ...) on scope: tasks created in the scope take part with
   in_reduction, and the sum is in when the scope ends. */
#include <stdio.h>

int main(void) {
    long x = 5;
    double p = 1.0;
    #pragma omp parallel
    {
        #pragma omp scope reduction(task, +: x) reduction(task, *: p)
        {
            #pragma omp single
            for (int i = 0; i < 10; i++) {
                #pragma omp task in_reduction(+: x) in_reduction(*: p)
                {
                    x += i;
                    p *= 1.5;
                }
            }
        }
        #pragma omp single
        printf("inside %ld %.4f\n", x, p);
    }
    printf("x %ld p %.4f\n", x, p);
    return 0;
}
