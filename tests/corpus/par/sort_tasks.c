/* Exercises a task-parallel mergesort and quicksort over malloc'd arrays:
 * recursive tasks on disjoint halves, taskwait before merging, a size
 * cut-off to insertion sort, and verification against qsort. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 60000

static void insertion(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void merge(const int *a, int na, const int *b, int nb, int *out)
{
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
    while (i < na)
        out[k++] = a[i++];
    while (j < nb)
        out[k++] = b[j++];
}

static void mergesort_tasks(int *a, int *tmp, int n)
{
    if (n <= 64) {
        insertion(a, n);
        return;
    }
    int half = n / 2;
    #pragma omp task
    mergesort_tasks(a, tmp, half);
    #pragma omp task
    mergesort_tasks(a + half, tmp + half, n - half);
    #pragma omp taskwait
    merge(a, half, a + half, n - half, tmp);
    memcpy(a, tmp, (size_t)n * sizeof(int));
}

static void quicksort_tasks(int *a, int lo, int hi)
{
    if (hi - lo < 48) {
        insertion(a + lo, hi - lo);
        return;
    }
    int pivot = a[lo + (hi - lo) / 2];
    int i = lo, j = hi - 1;
    while (i <= j) {
        while (a[i] < pivot)
            i++;
        while (a[j] > pivot)
            j--;
        if (i <= j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
    }
    #pragma omp task
    quicksort_tasks(a, lo, j + 1);
    #pragma omp task
    quicksort_tasks(a, i, hi);
    /* no taskwait: the end of the enclosing region waits */
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

int main(void)
{
    int *a = malloc(N * sizeof(int));
    int *b = malloc(N * sizeof(int));
    int *ref = malloc(N * sizeof(int));
    int *tmp = malloc(N * sizeof(int));
    unsigned s = 2024u;
    for (int i = 0; i < N; i++) {
        s = s * 1664525u + 1013904223u;
        a[i] = b[i] = ref[i] = (int)(s >> 8) % 100000;
    }
    qsort(ref, N, sizeof(int), cmp_int);

    #pragma omp parallel
    #pragma omp single
    {
        mergesort_tasks(a, tmp, N);
        #pragma omp task
        quicksort_tasks(b, 0, N);
    }

    unsigned long checksum = 0;
    for (int i = 0; i < N; i++)
        checksum = checksum * 31u + (unsigned)a[i];
    int same_a = memcmp(a, ref, N * sizeof(int)) == 0;
    int same_b = memcmp(b, ref, N * sizeof(int)) == 0;
    printf("mergesort matches qsort: %s, quicksort matches qsort: %s\n", same_a ? "yes" : "no",
           same_b ? "yes" : "no");
    printf("min=%d median=%d max=%d checksum=%lu\n", a[0], a[N / 2], a[N - 1], checksum);
    free(a);
    free(b);
    free(ref);
    free(tmp);
    printf("%s\n", same_a && same_b ? "sort_tasks: ok" : "sort_tasks: FAILED");
    return !(same_a && same_b);
}
