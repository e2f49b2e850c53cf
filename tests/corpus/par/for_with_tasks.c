/* Exercises tasks created inside a work-shared `for` loop: each iteration
 * spawns tasks over chunks of an array (some nested), and the implicit barrier
 * at the end of the loop completes them all; a second loop uses nowait and
 * relies on the region's closing barrier instead. */
#include <omp.h>
#include <stdio.h>

#define ROWS 24
#define COLS 200

static long cells[ROWS][COLS];
static long row_sums[ROWS];

int main(void)
{
    long late_total = 0;
    #pragma omp parallel shared(late_total)
    {
        #pragma omp for schedule(dynamic, 2)
        for (int r = 0; r < ROWS; r++) {
            for (int c0 = 0; c0 < COLS; c0 += 50) {
                #pragma omp task firstprivate(r, c0)
                {
                    for (int c = c0; c < c0 + 50; c++)
                        cells[r][c] = (long)(r + 1) * (c + 1) % 97;
                }
            }
        }
        /* barrier above: all cells are filled */
        #pragma omp for schedule(static)
        for (int r = 0; r < ROWS; r++) {
            long s = 0;
            for (int c = 0; c < COLS; c++)
                s += cells[r][c];
            row_sums[r] = s;
        }
        #pragma omp for schedule(static, 3) nowait
        for (int r = 0; r < ROWS; r++) {
            #pragma omp task firstprivate(r) shared(late_total)
            {
                #pragma omp task firstprivate(r) shared(late_total)
                {
                    #pragma omp atomic
                    late_total += row_sums[r] % 1000;
                }
            }
        }
    }
    long total = 0, expect = 0, expect_late = 0;
    for (int r = 0; r < ROWS; r++) {
        long s = 0;
        for (int c = 0; c < COLS; c++)
            s += (long)(r + 1) * (c + 1) % 97;
        expect += s;
        expect_late += s % 1000;
        total += row_sums[r];
    }
    printf("total=%ld expect=%ld late_total=%ld\n", total, expect, late_total);
    int ok = total == expect && late_total == expect_late;
    printf("%s\n", ok ? "for_with_tasks: ok" : "for_with_tasks: FAILED");
    return !ok;
}
