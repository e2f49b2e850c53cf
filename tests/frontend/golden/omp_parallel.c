/* OpenMP parallel regions with clauses: num_threads, if, private,
 * firstprivate, shared, default(shared), default(none). */
#include <omp.h>

int main(void)
{
    int a = 1, b = 2, c = 3, n = 4;
    int sum = 0;
#pragma omp parallel num_threads(n) private(a) firstprivate(b) shared(sum)
    {
        a = omp_get_thread_num();
#pragma omp atomic
        sum += a + b;
    }
#pragma omp parallel if (n > 2) default(shared)
    c = c + 0;
#pragma omp parallel default(none) shared(sum) firstprivate(c)
    sum += c;
    return sum;
}
