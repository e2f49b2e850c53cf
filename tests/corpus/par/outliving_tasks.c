/* Exercises tasks that outlive the task that created them: functions spawn
 * children and return without taskwait, so descendants may still run after
 * their parent finished; the implicit barrier at the end of the single /
 * parallel region waits for all of them (not only direct children). */
#include <omp.h>
#include <stdio.h>

#define SLOTS 1024

static long slots[SLOTS];
static int spawned = 0;

/* writes into a global array; never waits for its children */
static void fan_out(int index, int depth)
{
    #pragma omp atomic
    spawned++;
    slots[index] = (long)index * 7 + depth;
    if (depth == 0)
        return;
    #pragma omp task
    fan_out(2 * index + 1, depth - 1);
    #pragma omp task
    fan_out(2 * index + 2, depth - 1);
    /* no taskwait: the children outlive this task */
}

static void chain(long *cell, int steps)
{
    if (steps == 0)
        return;
    #pragma omp task
    {
        #pragma omp atomic
        *cell += steps;
        chain(cell, steps - 1);
    }
}

int main(void)
{
    long chained = 0;
    #pragma omp parallel
    {
        #pragma omp single nowait
        {
            #pragma omp task
            fan_out(0, 8); /* 511 tasks in the tree */
            chain(&chained, 100);
        }
        /* other threads reach the region's end barrier and help */
    }
    long sum = 0;
    int filled = 0;
    for (int i = 0; i < SLOTS; i++) {
        sum += slots[i];
        filled += slots[i] != 0;
    }
    printf("spawned=%d filled=%d sum=%ld chained=%ld\n", spawned, filled, sum, chained);

    /* a second region: tasks created inside a for loop outlive the loop body */
    long late = 0;
    #pragma omp parallel shared(late)
    {
        #pragma omp for
        for (int i = 0; i < 16; i++) {
            #pragma omp task firstprivate(i) shared(late)
            {
                #pragma omp task firstprivate(i) shared(late)
                {
                    #pragma omp atomic
                    late += i * 2;
                }
            }
        }
    }
    printf("late=%ld\n", late);
    int ok = spawned == 511 && filled == 511 && chained == 5050 && late == 240;
    printf("%s\n", ok ? "outliving_tasks: ok" : "outliving_tasks: FAILED");
    return !ok;
}
