/* Exercises `omp parallel` and its clauses: num_threads, if (true and false),
 * private, firstprivate and shared, the implicit barrier at the end of the
 * region, and manual work partitioning by thread number.  Only team-size
 * independent results are printed. */
#include <omp.h>
#include <stdio.h>

#define N 10000

static long partial[256]; /* one slot per thread; teams here are small */

int main(void)
{
    int bad = 0;
    int arrivals = 0;
    int team = 0;
    int priv = 7;
    int fp = 11;

    #pragma omp parallel num_threads(3) shared(arrivals, team, bad) private(priv) firstprivate(fp)
    {
        priv = omp_get_thread_num(); /* each thread writes its own copy */
        fp += 1;                     /* each thread has its own copy starting at 11 */
        #pragma omp atomic
        bad += (fp != 12);
        #pragma omp atomic
        arrivals++;
        int nt = omp_get_num_threads();
        #pragma omp atomic
        bad += (nt < 1 || nt > 3 || priv < 0 || priv >= nt);
        #pragma omp single
        team = nt;
    }
    printf("num_threads(3): arrivals == team size: %s\n", arrivals == team ? "yes" : "no");
    printf("private untouched: %d, firstprivate untouched: %d\n", priv, fp);

    /* if(false): the region runs with one thread */
    int size_if_false = -1;
    int cond = 0;
    #pragma omp parallel if(cond) shared(size_if_false)
    {
        size_if_false = omp_get_num_threads();
    }
    printf("if(0) team size = %d\n", size_if_false);

    /* if(true) with num_threads(2): at most two threads */
    int size_if_true = 0;
    #pragma omp parallel if(cond == 0) num_threads(2)
    {
        #pragma omp master
        size_if_true = omp_get_num_threads();
    }
    printf("if(1) num_threads(2) team size ok: %s\n",
           size_if_true >= 1 && size_if_true <= 2 ? "yes" : "no");

    /* manual partitioning by thread number: sum of i*i over [0, N) */
    long total = 0;
    int nthreads_seen = 0;
    #pragma omp parallel shared(total, nthreads_seen)
    {
        int me = omp_get_thread_num();
        int nt = omp_get_num_threads();
        long local = 0;
        for (int i = me; i < N; i += nt)
            local += (long)i * i;
        partial[me] = local;
        #pragma omp barrier
        #pragma omp master
        {
            nthreads_seen = nt;
            for (int t = 0; t < nt; t++)
                total += partial[t];
        }
    }
    long expect = (long)(N - 1) * N * (2L * N - 1) / 6;
    printf("sum of squares = %ld (expected %ld) threads>=1: %s\n", total, expect,
           nthreads_seen >= 1 ? "yes" : "no");

    /* shared scalar updated under the implicit barrier of nested structure */
    int visits = 0;
    #pragma omp parallel shared(visits)
    {
        #pragma omp critical
        visits += 2;
    }
    printf("visits even: %s\n", visits % 2 == 0 && visits >= 2 ? "yes" : "no");

    int ok = !bad && arrivals == team && priv == 7 && fp == 11 && size_if_false == 1 &&
             total == expect;
    printf("%s\n", ok ? "parallel_clauses: ok" : "parallel_clauses: FAILED");
    return !ok;
}
