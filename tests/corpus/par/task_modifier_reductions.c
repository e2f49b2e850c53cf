/* reduction(task, ...) on parallel, for, sections and parallel for: tasks
 * created in the construct take part with in_reduction (task and taskloop),
 * next to the threads' own updates; a taskgroup task_reduction inside one
 * reduces another variable.  Also tasks created inside a worksharing loop
 * that read the loop's iteration variables (private in the loop, so
 * firstprivate in the task). */
#include <stdio.h>

int main(void)
{
    long x = 100, y = 0, z = 0, s = 0, g = 0, t = 0;
    double p = 1.0;
    long seen[12] = {0}, grid[4][5] = {{0}};

#pragma omp parallel reduction(task, + : x)
    {
        x += 1; /* every thread: its own copy */
#pragma omp single
        for (int i = 0; i < 50; i++) {
#pragma omp task in_reduction(+ : x)
            x += i;
        }
#pragma omp single
        {
#pragma omp taskloop in_reduction(+ : x) grainsize(3)
            for (int i = 0; i < 20; i++)
                x += 2;
#pragma omp taskgroup task_reduction(+ : g)
            for (int i = 0; i < 8; i++) {
#pragma omp task in_reduction(+ : g, x)
                {
                    g += i;
                    x += 1;
                }
            }
        }
    }
    int team = 0;
#pragma omp parallel
    {
#pragma omp single
        team = 1;
#pragma omp for reduction(task, + : y) reduction(task, * : p) schedule(dynamic, 2)
        for (int i = 0; i < 10; i++) {
            y += 1;
#pragma omp task in_reduction(+ : y) in_reduction(* : p)
            {
                y += i;
                p *= 1.5;
            }
        }
#pragma omp sections reduction(task, + : s)
        {
#pragma omp section
            {
                s += 1000;
#pragma omp task in_reduction(+ : s)
                s += 1;
            }
#pragma omp section
            for (int k = 0; k < 4; k++) {
#pragma omp task in_reduction(+ : s)
                s += 10 * k;
            }
        }
    }
#pragma omp parallel for reduction(task, + : z)
    for (int i = 0; i < 16; i++) {
#pragma omp task in_reduction(+ : z)
        z += i * i;
    }
#pragma omp parallel
    {
#pragma omp for schedule(static, 1)
        for (int i = 0; i < 12; i++) {
#pragma omp task shared(seen)
            seen[i] = i + 1;
        }
#pragma omp for collapse(2)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 5; c++) {
#pragma omp task shared(grid)
                grid[r][c] = 10 * r + c;
            }
    }
    for (int i = 0; i < 12; i++)
        t += seen[i];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++)
            t += grid[r][c];
    (void)team;
    printf("g=%ld y=%ld p=%.4f s=%ld z=%ld t=%ld\n", g, y, p, s, z, t);
    /* x depends on the team size: 100 + threads + 1225 + 40 + 8 */
    long threads_part = x - 100 - 1225 - 40 - 8;
    int ok = g == 28 && y == 55 && s == 1061 && z == 1240 && t == 78 + 340 && threads_part >= 1;
    printf("%s\n", ok ? "task_modifier_reductions: ok" : "task_modifier_reductions: FAILED");
    return !ok;
}
