/* Arrays (1-D, 2-D, of structs) in firstprivate and lastprivate on for and
 * parallel for (copied whole), firstprivate and lastprivate on sections and
 * parallel sections (the lexically last section's values), and the combined
 * constructs parallel master and parallel masked [filter(n)]. */
#include <omp.h>
#include <stdio.h>

struct cell {
    int v;
    char tag;
};

int main(void)
{
    int bad = 0;
    int w[4] = {1, 2, 3, 4};
    double grid[2][3] = {{0.5, 1.5, 2.5}, {3.5, 4.5, 5.5}};
    struct cell cells[2] = {{10, 'a'}, {20, 'b'}};
    long seen = 0;

    #pragma omp parallel for firstprivate(w, grid, cells) reduction(+ : seen, bad)
    for (int i = 0; i < 64; i++) {
        if (w[3] < 4 || grid[1][2] < 5.5 || cells[1].tag != 'b')
            bad++;
        seen += (w[i % 4] - 1) % 100 + 1 + (long)grid[i % 2][i % 3] + cells[i % 2].v;
        w[i % 4] += 100; /* the thread's copy only */
    }
    printf("firstprivate arrays: seen %ld, originals %d %d %.1f %d, bad %d\n", seen, w[0], w[3],
           grid[1][2], cells[0].v, bad);

    int last[3] = {0, 0, 0};
    struct cell lc[2] = {{0, 0}, {0, 0}};
    #pragma omp parallel
    {
        #pragma omp for lastprivate(last, lc) schedule(dynamic, 5)
        for (int i = 0; i < 97; i++) {
            last[0] = i;
            last[1] = i * i;
            last[2] = -i;
            lc[i % 2].v = i;
            lc[i % 2].tag = (char)('a' + i % 26);
        }
    }
    printf("lastprivate arrays: %d %d %d, cells %d%c %d%c\n", last[0], last[1], last[2], lc[0].v,
           lc[0].tag, lc[1].v, lc[1].tag);

    int fp = 5, lp = -1, hist[2] = {0, 0};
    #pragma omp parallel sections firstprivate(fp) lastprivate(lp, hist)
    {
        #pragma omp section
        { lp = fp * 2; hist[0] = 1; }
        #pragma omp section
        { lp = fp * 3; hist[1] = 2; }
        #pragma omp section
        { lp = fp * 4; hist[0] = 7; hist[1] = fp; }
    }
    printf("sections: lp %d hist %d %d\n", lp, hist[0], hist[1]);

    int by_master = -1, by_masked = -1, count = 0;
    #pragma omp parallel master num_threads(3)
    {
        by_master = omp_get_thread_num();
        #pragma omp atomic
        count++;
    }
    #pragma omp parallel masked filter(omp_get_num_threads() - 1) shared(by_masked)
    {
        by_masked = omp_get_thread_num() == omp_get_num_threads() - 1;
        #pragma omp atomic
        count++;
    }
    printf("parallel master: thread %d; parallel masked: the filtered thread %d; bodies run %d\n",
           by_master, by_masked, count);
    return 0;
}
