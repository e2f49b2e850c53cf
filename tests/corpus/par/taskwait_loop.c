/* Exercises taskwait inside loops: every round spawns a batch of tasks that
 * write into a shared array, waits for them, then combines the batch in a
 * fixed order; the next round depends on the previous one.  Also a while loop
 * whose condition depends on results gathered after taskwait. */
#include <omp.h>
#include <stdio.h>

#define WIDTH 16
#define ROUNDS 40

static long step(long prev, int j, int round) { return (prev * 31 + j * 7 + round) % 1000003; }

int main(void)
{
    long state[WIDTH], next[WIDTH];
    for (int j = 0; j < WIDTH; j++)
        state[j] = j + 1;
    long history = 0;
    int rounds_until = 0;

    #pragma omp parallel shared(state, next, history, rounds_until)
    #pragma omp single
    {
        for (int round = 0; round < ROUNDS; round++) {
            for (int j = 0; j < WIDTH; j++) {
                #pragma omp task firstprivate(j, round) shared(state, next)
                next[j] = step(state[(j + 1) % WIDTH], j, round) + state[j] % 10;
            }
            #pragma omp taskwait
            long combined = 0;
            for (int j = 0; j < WIDTH; j++) {
                state[j] = next[j];
                combined = (combined * 17 + next[j]) % 1000000007L;
            }
            history = (history + combined) % 1000000007L;
        }

        /* while loop: keep doubling values until every lane exceeds a bound */
        long lanes[WIDTH];
        long *lp = lanes;
        for (int j = 0; j < WIDTH; j++)
            lanes[j] = j + 1;
        int all_big = 0;
        while (!all_big) {
            for (int j = 0; j < WIDTH; j++) {
                #pragma omp task
                lp[j] = lp[j] * 2 + 1;
            }
            #pragma omp taskwait
            rounds_until++;
            all_big = 1;
            for (int j = 0; j < WIDTH; j++)
                if (lanes[j] < 100000)
                    all_big = 0;
        }
    }

    long final_sum = 0;
    for (int j = 0; j < WIDTH; j++)
        final_sum += state[j];
    printf("history=%ld final_sum=%ld rounds_until=%d\n", history, final_sum, rounds_until);
    int ok = rounds_until == 16;
    printf("%s\n", ok ? "taskwait_loop: ok" : "taskwait_loop: FAILED");
    return !ok;
}
