/* Exercises goto inside task bodies: a retry loop built from a backward goto,
 * an early exit via a forward goto to a label at the end of the task, a goto
 * that leaves nested loops inside the task, and a goto in the spawning
 * function that skips a task creation. */
#include <omp.h>
#include <stdio.h>

#define N 40

static int attempts_total = 0;

static int first_divisor(int v)
{
    int found = -1;
    int *fp = &found;
    #pragma omp task
    {
        for (int d = 2; d < v; d++) {
            for (int k = 1; k <= 1; k++) {
                if (v % d == 0) {
                    *fp = d;
                    goto done;
                }
            }
        }
        *fp = 0; /* prime */
    done:;
    }
    #pragma omp taskwait
    return found;
}

int main(void)
{
    int results[N];
    int divisors[N];
    for (int i = 0; i < N; i++)
        results[i] = divisors[i] = -7;

    #pragma omp parallel
    #pragma omp single
    {
        for (int i = 0; i < N; i++) {
            if (i % 10 == 9)
                goto skip_spawn; /* no task for these indices */
            #pragma omp task shared(results) firstprivate(i)
            {
                int attempts = 0;
            retry:
                attempts++;
                if (attempts < i % 4 + 1)
                    goto retry;
                #pragma omp atomic
                attempts_total += attempts;
                if (i % 5 == 0)
                    goto out; /* early exit: leaves results[i] untouched */
                results[i] = attempts * 100 + i;
            out:;
            }
        skip_spawn:;
        }
        for (int i = 2; i < N; i++)
            divisors[i] = first_divisor(i + 10);
    }
    long s = 0;
    int untouched = 0;
    for (int i = 0; i < N; i++) {
        if (results[i] == -7)
            untouched++;
        else
            s += results[i];
    }
    long ds = 0;
    for (int i = 2; i < N; i++)
        ds += divisors[i];
    printf("sum=%ld untouched=%d attempts_total=%d divisor_sum=%ld\n", s, untouched,
           attempts_total, ds);
    int ok = untouched == 12 && divisors[3] == 0 && divisors[2] == 2;
    printf("%s\n", ok ? "goto_in_task: ok" : "goto_in_task: FAILED");
    return !ok;
}
