/* Exercises pragmas stacked on one statement without braces
 * (parallel -> single -> task -> statement), and task pragmas used as the
 * direct body of if, else, for and while statements. */
#include <omp.h>
#include <stdio.h>

static long results[64];

static long work(int i) { return (long)i * i * 3 + 1; }

static void fill(long *out, int n)
{
    for (int i = 0; i < n; i++)
        #pragma omp task
        out[i] = work(i);
    #pragma omp taskwait
}

static void branchy(long *out, int n)
{
    int i = -1;
    while (++i < n)
        #pragma omp task
        out[i] = -work(i);
    #pragma omp taskwait
}

int main(void)
{
    long single_result = 0;

    #pragma omp parallel
    #pragma omp single
    #pragma omp task
    single_result = work(12);
    /* end of the region: the task has completed */
    printf("stacked: %ld\n", single_result);

    long evens = 0, odds = 0;
    #pragma omp parallel
    #pragma omp single
    {
        for (int i = 0; i < 20; i++) {
            if (i % 2 == 0)
                #pragma omp task firstprivate(i) shared(evens)
                {
                    #pragma omp atomic
                    evens += work(i);
                }
            else
                #pragma omp task firstprivate(i) shared(odds)
                {
                    #pragma omp atomic
                    odds += work(i);
                }
        }
        #pragma omp taskwait
        fill(results, 32);
        branchy(results + 32, 32);
    }
    long s1 = 0, s2 = 0;
    for (int i = 0; i < 32; i++) {
        s1 += results[i];
        s2 += results[32 + i];
    }
    printf("evens=%ld odds=%ld fill=%ld branchy=%ld\n", evens, odds, s1, s2);

    int flag = 1;
    long via_if = 0;
    #pragma omp parallel if(flag)
    #pragma omp single nowait
    if (flag)
        #pragma omp task shared(via_if)
        via_if = work(3);
    printf("via_if=%ld\n", via_if);

    long first20 = 0;
    for (int i = 0; i < 20; i++)
        first20 += work(i);
    int ok = single_result == work(12) && s1 == -s2 && evens + odds == first20 && via_if == 28;
    printf("%s\n", ok ? "stacked_pragmas: ok" : "stacked_pragmas: FAILED");
    return !ok;
}
