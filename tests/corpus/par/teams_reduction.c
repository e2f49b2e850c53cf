/* Reductions across teams: every operator on teams, the reductions of the
 * combined forms (teams distribute, teams distribute simd, teams distribute
 * parallel for [simd], teams loop, also bound to the thread or a parallel
 * region: every team runs it all), a user-defined reduction, and a teams
 * reduction whose teams reduce a nested parallel for into their copy. */
#include <omp.h>
#include <stdio.h>

typedef struct { int lo, hi; } range;
#pragma omp declare reduction(span : range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = (range){1000, -1000})

int main(void) {
    int sum = 1, diff = 2, prod = 1, band = ~0, bor = 0, bxor = 0, land = 1, lor = 0;
    int mn = 100, mx = -100;
    double dsum = 0.5;
    long lprod = 3;
#pragma omp teams num_teams(4) reduction(+ : sum, dsum) reduction(- : diff) \
    reduction(* : prod, lprod) reduction(& : band) reduction(| : bor) reduction(^ : bxor) \
    reduction(&& : land) reduction(|| : lor) reduction(min : mn) reduction(max : mx)
    {
        int t = omp_get_team_num();
        sum += t + 1;
        dsum += 0.25 * t;
        diff += t;
        prod *= t + 2;
        lprod *= 10;
        band &= ~(1 << t);
        bor |= 1 << (2 * t);
        bxor ^= 3 << t;
        land = land && t < 3;
        lor = lor || t == 2;
        mn = mn < 10 * t - 5 ? mn : 10 * t - 5;
        mx = mx > 7 * t ? mx : 7 * t;
    }
    printf("sum %d dsum %.2f diff %d prod %d lprod %ld\n", sum, dsum, diff, prod, lprod);
    printf("band %x bor %x bxor %x land %d lor %d min %d max %d\n", band, bor, bxor, land, lor,
           mn, mx);

    int a[100];
    for (int i = 0; i < 100; i++)
        a[i] = i % 17;
    long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
#pragma omp teams distribute num_teams(3) reduction(+ : s1)
    for (int i = 0; i < 100; i++)
        s1 += a[i];
#pragma omp teams distribute simd num_teams(4) reduction(+ : s2) dist_schedule(static, 8)
    for (int i = 0; i < 100; i++)
        s2 += 2 * a[i];
#pragma omp teams distribute parallel for num_teams(4) reduction(+ : s3)
    for (int i = 0; i < 100; i++)
        s3 += 3 * a[i];
#pragma omp teams distribute parallel for simd num_teams(2) reduction(+ : s4) \
    dist_schedule(static, 7) schedule(dynamic, 3)
    for (int i = 0; i < 100; i++)
        s4 += 4 * a[i];
#pragma omp teams loop num_teams(3) reduction(+ : s5)
    for (int i = 0; i < 100; i++)
        s5 += 5 * a[i];
    printf("combined: %ld %ld %ld %ld %ld\n", s1, s2, s3, s4, s5);
    long s6 = 0, s7 = 0; /* every team runs the whole loop */
#pragma omp teams loop num_teams(2) bind(parallel) reduction(+ : s6)
    for (int i = 0; i < 100; i++)
        s6 += a[i];
#pragma omp teams loop num_teams(3) bind(thread) reduction(+ : s7)
    for (int i = 0; i < 100; i++)
        s7 += a[i];
    printf("loops in every team: %ld %ld\n", s6, s7);

    /* each team reduces its part with a parallel for into its own copy */
    long total = 0;
    int teams_seen = 0;
#pragma omp teams num_teams(4) reduction(+ : total, teams_seen)
    {
        teams_seen += 1;
#pragma omp distribute parallel for reduction(+ : total)
        for (int i = 0; i < 100; i++)
            total += a[i] * (long)i;
    }
    printf("nested: total %ld teams %d\n", total, teams_seen);

    range r = {50, 50};
#pragma omp teams num_teams(3) reduction(span : r)
    {
        int t = omp_get_team_num();
        r.lo = r.lo < 10 * t + 3 ? r.lo : 10 * t + 3;
        r.hi = r.hi > 100 + t ? r.hi : 100 + t;
    }
    printf("span %d..%d\n", r.lo, r.hi);
    return 0;
}
