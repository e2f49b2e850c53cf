/* mergesort.c - recursive task-parallel merge sort.
 *
 * The two halves are sorted by two tasks; `taskwait` makes sure both are done
 * before they are merged.  The tasks carry no data-sharing clauses, so by the
 * OpenMP rules `a`, `tmp` and `n` are firstprivate: each task gets copies of
 * the *pointers*, which still point into the same arrays - the halves are
 * disjoint, so the tasks never touch the same element.
 *
 * The scratch buffer for the top level is a VLA in `sort()`; deeper levels
 * reuse slices of it.  Small sub-arrays use insertion sort.
 *
 * This is the example whose analysis is worth reading: the function is
 * recursive (so `classify` picks the recursive policy), and the two spawns
 * followed by one taskwait are exactly the pattern synchronization
 * coalescing handles:
 *
 *     inspirec analyze --explain examples/mergesort.c
 *     inspirec run examples/mergesort.c -- 100000
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL 32

static void insertion_sort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void merge_halves(int *a, int n, int *tmp)
{
    int half = n / 2;
    int i = 0, j = half, k = 0;
    while (i < half && j < n)
        tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < half)
        tmp[k++] = a[i++];
    while (j < n)
        tmp[k++] = a[j++];
    memcpy(a, tmp, (size_t)n * sizeof(int));
}

static void msort(int *a, int n, int *tmp)
{
    if (n <= SMALL) {
        insertion_sort(a, n);
        return;
    }
    int half = n / 2;
    #pragma omp task
    msort(a, half, tmp);
    #pragma omp task
    msort(a + half, n - half, tmp + half);
    #pragma omp taskwait
    merge_halves(a, n, tmp);
}

static void sort(int *a, int n)
{
    int tmp[n]; /* VLA scratch space, alive until both tasks are done */
    #pragma omp parallel
    #pragma omp single
    msort(a, n, tmp);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    if (n < 1 || n > 1000000) {
        fprintf(stderr, "n must be in 1..1000000\n");
        return 2;
    }
    int *a = malloc((size_t)n * sizeof(int));
    unsigned seed = 42u;
    long sum_before = 0;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = (int)((seed >> 8) % 1000000u);
        sum_before += a[i];
    }

    sort(a, n);

    int sorted = 1;
    long sum_after = 0;
    for (int i = 0; i < n; i++) {
        sum_after += a[i];
        if (i > 0 && a[i - 1] > a[i])
            sorted = 0;
    }
    printf("sorted %d numbers: min = %d, median = %d, max = %d\n", n, a[0], a[n / 2], a[n - 1]);
    int ok = sorted && sum_before == sum_after;
    printf("verification: %s\n", ok ? "ok" : "FAILED");
    free(a);
    return ok ? 0 : 1;
}
