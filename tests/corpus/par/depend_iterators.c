/* The iterator modifier of depend: a wavefront over a 2-D grid of blocks
 * whose tasks depend on a whole row segment and column segment through
 * iterators (an iterator with a step, a typed one, a range that may be
 * empty), taskwait depend with an iterator, and affinity with one (a hint).
 * Every result is fixed by the dependences alone: the first column is slow,
 * so a dependence that is not honoured shows. */
#include <stdio.h>

#define B 5

static void spin(long n) { for (volatile long k = 0; k < n; k++) ; }

static long grid[B][B];
static int none; /* the length of an empty range */

int main(void)
{
    long total = 0, sum = 0, late = 0;
    int evens[8] = {0};
    #pragma omp parallel
    #pragma omp single
    {
        /* block (i, j) reads every block to its left in row i and above it in
         * column j: zero-length ranges in the first row and column */
        for (int i = 0; i < B; i++)
            for (int j = 0; j < B; j++) {
                #pragma omp task depend(iterator(k = 0:j), in: grid[i][k]) \
                                 depend(iterator(unsigned int k = 0:i), in: grid[k][j]) \
                                 depend(out: grid[i][j]) firstprivate(i, j)
                {
                    spin(j == 0 ? 2000000 : 100); /* writers of column 0 are slow */
                    long v = 1;
                    for (int k = 0; k < j; k++)
                        v += grid[i][k];
                    for (int k = 0; k < i; k++)
                        v += grid[k][j];
                    grid[i][j] = v % 1000003;
                }
            }
        /* a reader of the whole last row, from an iterator counting down */
        #pragma omp task depend(iterator(k = B - 1:-1:-1), in: grid[B - 1][k]) shared(total)
        for (int k = 0; k < B; k++)
            total += grid[B - 1][k];

        /* writers of the even elements, waited for through an iterator with a step */
        for (int k = 0; k < 8; k += 2) {
            #pragma omp task depend(out: evens[k]) firstprivate(k) shared(evens)
            { spin(300000 - 50000 * k); evens[k] = k + 1; }
        }
        #pragma omp taskwait depend(iterator(k = 0:8:2), in: evens[k])
        for (int k = 0; k < 8; k++)
            sum = sum * 10 + evens[k];

        /* an empty range: no dependence, the task may run at once */
        #pragma omp task depend(iterator(k = 0:none), inout: evens[k]) \
                         affinity(iterator(k = 0:B): grid[k][0]) shared(late)
        late = 1;
    }
    printf("wavefront corner: %ld, last row: %ld\n", grid[B - 1][B - 1], total);
    printf("evens: %ld, late: %ld\n", sum, late);
    return 0;
}
