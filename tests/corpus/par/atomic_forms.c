/* Exercises every form of `atomic`: read and write (int, long, double,
 * pointer), update, capture of the old value (v = x++, v = x--, {v = x;
 * x op= e;}, {v = x; x = e;}) and of the new value (v = ++x, v = x op= e,
 * v = x = x op e, {x op= e; v = x;}), compare (if (x == e) x = d;, the
 * min/max forms with the comparison either way round, x = x == e ? d : x)
 * with and without capture ({r = x == e; if (r) {x = d;} else {v = x;}}
 * too), update of a pointer, and every memory-order clause, hint and weak. */
#include <omp.h>
#include <stdio.h>

#define N 600

static int tickets_old[N], tickets_new[N + 1], tickets_two[N], tickets_three[N];
static int claimed[N];
static int owner[N];

int main(void)
{
    int counter = 0, pre = 0, by_two = 0, by_three = 0, down = N, mult = 0;
    long wide = 0, maxv = -1, minv = 1L << 40, eq_hits = 0;
    double dmax = -1.0, dmin = 1e9, dval = 0.0, dswap = -1.0;
    int swaps = 0, last = -1, swap_seen = 0, fails = 0, newer = 0;
    int *ptr = &tickets_old[0];
    int bad_reads = 0, handed = 0, winners = 0;
    int *cursor = tickets_three;
    static int released[N];

    #pragma omp parallel
    {
        #pragma omp for schedule(dynamic, 7)
        for (int i = 0; i < N; i++) {
            int v;
            #pragma omp atomic capture
            v = counter++;
            tickets_old[v]++;
            #pragma omp atomic capture seq_cst
            v = ++pre;
            tickets_new[v]++;
            #pragma omp atomic capture
            { v = by_two; by_two += 2; }
            tickets_two[v / 2]++;
            #pragma omp atomic capture acq_rel
            { by_three += 3; v = by_three; }
            tickets_three[v / 3 - 1]++;
            #pragma omp atomic capture
            v = down--;
            if (v < 1 || v > N)
                bad_reads++;
            #pragma omp atomic capture relaxed
            v = mult = mult + 1;
            if (v < 1)
                bad_reads++;
            #pragma omp atomic capture
            v = wide += i;
            if (v < i)
                bad_reads++;

            #pragma omp atomic write release
            dval = (double)(i % 5);
            double d;
            #pragma omp atomic read acquire
            d = dval;
            if (d != 0.0 && d != 1.0 && d != 2.0 && d != 3.0 && d != 4.0)
                bad_reads++;
            int *p;
            #pragma omp atomic read
            p = ptr;
            if (p != &tickets_old[0] && p != &tickets_old[1])
                bad_reads++;
            #pragma omp atomic write
            ptr = &tickets_old[i % 2];

            long e = (long)((i * 7919) % N);
            #pragma omp atomic compare
            if (maxv < e) { maxv = e; }
            #pragma omp atomic compare seq_cst
            if (e < minv) { minv = e; }
            #pragma omp atomic compare
            dmax = dmax < (double)e ? (double)e : dmax;
            #pragma omp atomic compare hint(omp_sync_hint_contended)
            dmin = (double)e < dmin ? (double)e : dmin;

            /* claim slot i % N once: exactly one thread sees 0 */
            int got;
            #pragma omp atomic compare capture
            { got = claimed[i]; if (claimed[i] == 0) { claimed[i] = i + 1; } }
            if (got == 0)
                owner[i] = i + 1;
            #pragma omp atomic compare capture weak
            { got = claimed[i]; if (claimed[i] == 0) { claimed[i] = -1; } }
            if (got != i + 1)
                bad_reads++;

            #pragma omp atomic compare
            eq_hits = eq_hits == 0 ? 1 : eq_hits;

            int f = 12345;
            #pragma omp atomic compare capture
            if (claimed[i] == -5) { claimed[i] = 0; } else { f = claimed[i]; }
            if (f != i + 1)
                fails++;
            #pragma omp atomic compare capture
            { if (newer == 0) { newer = i + 1000000; } v = newer; }
            if (v < 1000000 || v >= 1000000 + N)
                bad_reads++;

            /* OpenMP 5.1: the comparison's result captured */
            int took, seen = -7;
            #pragma omp atomic compare capture
            { took = handed == 0; if (took) { handed = i + 1; } else { seen = handed; } }
            #pragma omp atomic
            winners += took;
            if (took ? seen != -7 : seen < 1)
                bad_reads++;
            #pragma omp atomic compare capture
            { took = released[i] == 0; if (took) { released[i] = 1; } }
            if (!took)
                bad_reads++;
            #pragma omp atomic
            cursor++;

            #pragma omp atomic capture
            { v = last; last = i; }
            if (v >= -1 && v < N) {
                #pragma omp atomic
                swap_seen++;
            }
            double before;
            #pragma omp atomic capture
            { before = dswap; dswap = (double)i; }
            if (before < -1.0 || before >= N)
                bad_reads++;
            #pragma omp atomic update
            swaps += 1;
        }
    }

    int ok = bad_reads == 0 && fails == 0 && swaps == N && swap_seen == N && winners == 1 &&
             cursor == tickets_three + N;
    for (int k = 0; k < N; k++) {
        ok = ok && tickets_new[k + 1] == 1 && tickets_two[k] == 1 && tickets_three[k] == 1;
        ok = ok && owner[k] == k + 1 && claimed[k] == k + 1;
    }
    int olds = 0;
    for (int k = 0; k < N; k++)
        olds += tickets_old[k];
    printf("counter=%d pre=%d by_two=%d by_three=%d down=%d mult=%d wide=%ld\n", counter, pre,
           by_two, by_three, down, mult, wide);
    printf("maxv=%ld minv=%ld dmax=%.1f dmin=%.1f eq_hits=%ld olds=%d\n", maxv, minv, dmax,
           dmin, eq_hits, olds);
    ok = ok && counter == N && pre == N && by_two == 2 * N && by_three == 3 * N && down == 0 &&
         mult == N && wide == (long)N * (N - 1) / 2 && maxv == N - 1 && minv == 0 &&
         dmax == N - 1 && dmin == 0.0 && eq_hits == 1;
    printf("%s\n", ok ? "atomic_forms: ok" : "atomic_forms: FAILED");
    return !ok;
}
