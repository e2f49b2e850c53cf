/* Threads of a team that wait in a loop for one another: on a flag read
 * atomically, after a flush, in a critical section, through a lock, and
 * with atomic capture; teams larger than the pool share its workers. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int flag = 0, data = 0;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            data = 42;
#pragma omp atomic write release
            flag = 1;
        } else {
            int seen = 0;
            while (!seen) {
#pragma omp atomic read acquire
                seen = flag;
            }
            printf("flag: %d\n", data);
        }
    }
    int ring = 0;
#pragma omp parallel num_threads(4)
    {
        int me = omp_get_thread_num(), seen = -1;
        while (seen < me) { /* each waits for its predecessor */
#pragma omp flush
#pragma omp atomic read
            seen = ring;
        }
#pragma omp atomic
        ring++;
    }
    printf("ring: %d\n", ring);
    int y = 0;
#pragma omp parallel num_threads(3)
    {
        if (omp_get_thread_num() == 2) {
#pragma omp critical
            y = 1;
        } else {
            int tmp = 0;
            while (!tmp) {
#pragma omp critical
                tmp = y;
            }
        }
    }
    printf("critical: %d\n", y);
    omp_lock_t lock;
    omp_init_lock(&lock);
    int handed = 0;
    omp_set_lock(&lock);
#pragma omp parallel num_threads(2) shared(handed)
    {
        if (omp_get_thread_num() == 1) {
            handed = 7;
            omp_unset_lock(&lock);
        } else {
            while (!omp_test_lock(&lock))
                ;
            omp_unset_lock(&lock);
        }
    }
    omp_destroy_lock(&lock);
    printf("lock: %d\n", handed);
    int ticket = 0, turn = 0, order[4];
#pragma omp parallel num_threads(4)
    {
        int mine, now = -1;
#pragma omp atomic capture
        mine = ticket++;
        while (now != mine) {
#pragma omp atomic read
            now = turn;
        }
        order[mine] = mine;
#pragma omp atomic
        turn++;
    }
    printf("tickets: %d %d %d %d\n", order[0], order[1], order[2], order[3]);
    return 0;
}
