/* Exercises OpenMP simple locks used inside tasks: omp_init_lock,
 * omp_set_lock/omp_unset_lock protecting a shared linked list and a
 * histogram, omp_test_lock in a retry loop, and omp_destroy_lock. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct item {
    int value;
    struct item *next;
};

static struct item *head = NULL;
static long histogram[10];
static int acquired_by_test = 0;

int main(void)
{
    omp_lock_t list_lock, hist_lock;
    omp_init_lock(&list_lock);
    omp_init_lock(&hist_lock);

    #pragma omp parallel
    #pragma omp single
    {
        for (int t = 0; t < 300; t++) {
            #pragma omp task firstprivate(t)
            {
                struct item *it = malloc(sizeof *it);
                it->value = t * 3 % 301;
                omp_set_lock(&list_lock);
                it->next = head;
                head = it;
                omp_unset_lock(&list_lock);
            }
            #pragma omp task firstprivate(t)
            {
                int spins = 0;
                while (!omp_test_lock(&hist_lock))
                    spins++; /* contention count is schedule-dependent: not printed */
                histogram[t % 10] += t;
                acquired_by_test++;
                omp_unset_lock(&hist_lock);
                (void)spins;
            }
        }
        #pragma omp taskwait
    }

    omp_destroy_lock(&list_lock);
    omp_destroy_lock(&hist_lock);

    long sum = 0;
    int count = 0;
    int seen[301] = {0};
    int dup = 0;
    while (head) {
        struct item *next = head->next;
        sum += head->value;
        count++;
        if (seen[head->value]++)
            dup++;
        free(head);
        head = next;
    }
    long hsum = 0;
    for (int k = 0; k < 10; k++)
        hsum += histogram[k];
    printf("list: count=%d sum=%ld dup=%d\n", count, sum, dup);
    printf("histogram: total=%ld [0]=%ld [9]=%ld acquired_by_test=%d\n", hsum, histogram[0],
           histogram[9], acquired_by_test);
    int ok = count == 300 && dup == 0 && hsum == 300L * 299 / 2 && acquired_by_test == 300;
    printf("%s\n", ok ? "locks_in_tasks: ok" : "locks_in_tasks: FAILED");
    return !ok;
}
