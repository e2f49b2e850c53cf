/* Doacross loops in the OpenMP 5.2 spelling gcc 12 does not know:
 * ordered doacross(sink: vec) / doacross(source:), omp_cur_iteration as the
 * source and doacross(sink: omp_cur_iteration - 1), the lexicographically
 * previous iteration of the whole nest.  Each result is compared with the
 * sequential loop's; the early iterations are slow, so a sink that does
 * not wait shows. */
#include <stdio.h>

#define N 24
#define M 6

static void spin(long n) { for (volatile long k = 0; k < n; k++) ; }

int main(void)
{
    long a[N] = {0}, want = 0;
    #pragma omp parallel for ordered(1) schedule(static, 1)
    for (int i = 1; i < N; i++) {
        spin(i < 6 ? 20000 : 10);
        #pragma omp ordered doacross(sink: i - 1)
        a[i] = a[i - 1] * 3 % 1009 + i;
        #pragma omp ordered doacross(source:)
    }
    for (int i = 1; i < N; i++)
        want = want * 3 % 1009 + i;
    printf("prefix: %ld %s\n", a[N - 1], a[N - 1] == want ? "ok" : "WRONG");

    long b[M][M] = {{0}}, last = 0, chain = 0;
    #pragma omp parallel for ordered(2) schedule(dynamic)
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++) {
            spin(i + j < 3 ? 30000 : 10);
            #pragma omp ordered doacross(sink: omp_cur_iteration - 1)
            b[i][j] = last * 7 % 1009 + i + j;
            last = b[i][j];
            #pragma omp ordered doacross(source: omp_cur_iteration)
        }
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            chain = chain * 7 % 1009 + i + j;
    printf("previous iteration: %ld %s\n", last, last == chain ? "ok" : "WRONG");
    return 0;
}
