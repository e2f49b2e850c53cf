/* Exercises the OpenMP runtime API: omp_get_thread_num, omp_get_num_threads,
 * omp_get_max_threads, omp_set_num_threads, omp_set_dynamic, omp_get_wtime
 * and omp_in_final, printing only facts that hold for every team size. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int outside_num = omp_get_thread_num();
    int outside_threads = omp_get_num_threads();
    int max_before = omp_get_max_threads();
    printf("outside: thread_num=%d num_threads=%d max_threads>=1: %s\n", outside_num,
           outside_threads, max_before >= 1 ? "yes" : "no");

    omp_set_dynamic(0);
    omp_set_num_threads(3);
    int max_after = omp_get_max_threads();
    printf("after omp_set_num_threads(3): max_threads=%d\n", max_after);

    int bad_ids = 0, team = 0, arrivals = 0;
    int ids_seen[64] = {0};
    #pragma omp parallel shared(bad_ids, team, arrivals, ids_seen)
    {
        int me = omp_get_thread_num();
        int nt = omp_get_num_threads();
        if (me < 0 || me >= nt || nt > 3 || me >= 64) {
            #pragma omp atomic
            bad_ids++;
        } else {
            #pragma omp atomic
            ids_seen[me]++;
        }
        #pragma omp atomic
        arrivals++;
        #pragma omp single
        team = nt;
    }
    int distinct = 1;
    for (int i = 0; i < team && i < 64; i++)
        if (ids_seen[i] != 1)
            distinct = 0;
    printf("ids in range: %s, each id once: %s, team in 1..3: %s, arrivals==team: %s\n",
           bad_ids == 0 ? "yes" : "no", distinct ? "yes" : "no",
           team >= 1 && team <= 3 ? "yes" : "no", arrivals == team ? "yes" : "no");

    double t0 = omp_get_wtime();
    volatile double sink = 0.0;
    for (int i = 0; i < 100000; i++)
        sink += i * 0.5;
    (void)sink;
    double t1 = omp_get_wtime();
    printf("wtime monotonic: %s, sane: %s\n", t1 >= t0 ? "yes" : "no",
           t1 - t0 < 60.0 ? "yes" : "no");

    int final_flags = 0;
    #pragma omp parallel num_threads(2)
    #pragma omp single
    {
        final_flags = omp_in_final() ? 1 : 0;
        #pragma omp task final(1) shared(final_flags)
        final_flags += omp_in_final() ? 10 : 0;
        #pragma omp taskwait
        #pragma omp task final(0) shared(final_flags)
        final_flags += omp_in_final() ? 100 : 0;
        #pragma omp taskwait
    }
    printf("omp_in_final flags = %d\n", final_flags);

    int ok = outside_num == 0 && outside_threads == 1 && max_after == 3 && bad_ids == 0 &&
             distinct && arrivals == team && t1 >= t0 && final_flags == 10;
    printf("%s\n", ok ? "omp_api: ok" : "omp_api: FAILED");
    return !ok;
}
