/* Implicit data sharing of tasks created inside constructs that run in the
 * encountering task: a variable private to a `single` (private or
 * firstprivate), or declared inside it with the name of a shared one, is
 * firstprivate in its tasks (the tasks run after the single's block ended);
 * a local of a function with an orphaned `for` or `sections` is private to
 * each implicit task, so it is firstprivate in a task there too. */
#include <omp.h>
#include <stdio.h>

static int results[3][4];

static void orphaned_loop(int row)
{
    int base = 10 * row;
    #pragma omp for
    for (int k = 0; k < 4; k++) {
        #pragma omp task
        {
            base += k;              /* the task's own copy */
            results[row][k] = base;
        }
    }
    if (base != 10 * row)
        printf("orphaned for: base changed to %d\n", base);
}

static int orphaned_sections(void)
{
    int counter = 7;
    #pragma omp sections
    {
        #pragma omp section
        {
            #pragma omp task
            counter += 100;         /* firstprivate: the section's counter stays */
            #pragma omp taskwait
        }
        #pragma omp section
        {
            #pragma omp task
            counter += 200;
            #pragma omp taskwait
        }
    }
    return counter;
}

int main(void)
{
    int i = 100, v[4] = {0}, w[4] = {0}, f[4] = {0};
    int changed = 0;
    #pragma omp parallel
    #pragma omp single private(i)
    {
        for (i = 0; i < 4; i++) {
            #pragma omp task
            v[i] = i * i;
        }
    }
    #pragma omp parallel
    #pragma omp single
    {
        for (int i = 0; i < 4; i++) {   /* another i than main's */
            #pragma omp task
            w[i] = i + 1;
        }
    }
    int start = 3;
    #pragma omp parallel
    #pragma omp single firstprivate(start)
    {
        for (; start < 7; start++) {
            #pragma omp task
            f[start - 3] = start;
        }
    }
    #pragma omp parallel
    {
        orphaned_loop(omp_get_thread_num() % 3);
        if (orphaned_sections() != 7) {
            #pragma omp atomic
            changed++;
        }
    }
    orphaned_loop(2);
    printf("i %d, start %d\n", i, start);
    printf("v %d %d %d %d, w %d %d %d %d, f %d %d %d %d\n", v[0], v[1], v[2], v[3], w[0], w[1],
           w[2], w[3], f[0], f[1], f[2], f[3]);
    printf("row 2: %d %d %d %d, sections changed their counter: %d\n", results[2][0],
           results[2][1], results[2][2], results[2][3], changed);
    return 0;
}
