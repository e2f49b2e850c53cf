/* distribute: which team runs which iteration for each dist_schedule,
 * collapse, loops counting down, private/firstprivate/lastprivate, the
 * combined and composite forms (teams distribute [simd], [teams] distribute
 * parallel for [simd], teams loop, loop bind(teams) and loop in teams; teams
 * loop and loop bound to the thread or a parallel region in teams), an
 * orphaned distribute in a function called from a teams region, tasks and
 * a parallel for in a distribute loop. */
#include <omp.h>
#include <stdio.h>

static int who[64];

static int team(void) { return omp_get_team_num(); }

static void show(const char *what, int n) {
    printf("%-10s", what);
    for (int i = 0; i < n; i++)
        printf(" %d", who[i]);
    printf("\n");
    for (int i = 0; i < 64; i++)
        who[i] = -1;
}

static void count(int *c, int i) { __atomic_fetch_add(&c[i], 1, __ATOMIC_RELAXED); }

static void orphaned(int n) {
#pragma omp distribute dist_schedule(static, 2)
    for (int i = 0; i < n; i++)
        who[i] = omp_get_team_num();
}

int main(void) {
    show("start", 0);
#pragma omp teams num_teams(4)
#pragma omp distribute
    for (int i = 0; i < 10; i++)
        who[i] = omp_get_team_num();
    show("10/4", 10);
#pragma omp teams num_teams(4)
#pragma omp distribute
    for (int i = 0; i < 3; i++)
        who[i] = omp_get_team_num();
    show("3/4", 4);
#pragma omp teams distribute num_teams(4) dist_schedule(static, 3)
    for (int i = 0; i < 20; i++)
        who[i] = omp_get_team_num();
    show("20/4,3", 20);
#pragma omp teams distribute num_teams(3) dist_schedule(static)
    for (int i = 0; i < 20; i++)
        who[i] = omp_get_team_num();
    show("20/3", 20);
#pragma omp teams distribute num_teams(4)
    for (int i = 20; i > 0; i -= 3)
        who[(20 - i) / 3] = omp_get_team_num();
    show("down", 7);
#pragma omp teams distribute num_teams(3) dist_schedule(static, 2)
    for (unsigned u = 9; u >= 1; u--)
        who[9 - u] = omp_get_team_num();
    show("unsigned", 9);
#pragma omp teams distribute num_teams(3) collapse(2)
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            who[i * 4 + j] = omp_get_team_num();
    show("collapse", 12);
#pragma omp teams distribute simd num_teams(4) safelen(4)
    for (int i = 0; i < 10; i++)
        who[i] = team();
    show("simd", 10);
#pragma omp teams distribute parallel for num_teams(4)
    for (int i = 0; i < 10; i++)
        who[i] = omp_get_team_num();
    show("dpf", 10);
#pragma omp teams distribute parallel for num_teams(4) dist_schedule(static, 2)
    for (int i = 0; i < 17; i++)
        who[i] = omp_get_team_num();
    show("dpf,2", 17);
#pragma omp teams distribute parallel for simd num_teams(3) collapse(2) schedule(guided)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            who[i * 5 + j] = team();
    show("dpfs", 20);
#pragma omp teams loop num_teams(4)
    for (int i = 0; i < 10; i++)
        who[i] = team();
    show("loop", 10);
#pragma omp teams num_teams(4)
#pragma omp loop bind(teams)
    for (int i = 0; i < 10; i++)
        who[i] = team();
    show("bind", 10);
#pragma omp teams num_teams(2)
#pragma omp loop
    for (int i = 0; i < 5; i++)
        who[i] = team();
    show("in teams", 5);
    /* bound to the thread or to a parallel region, every team runs it all */
    int cnt[10] = {0};
#pragma omp teams loop num_teams(2) bind(thread)
    for (int i = 0; i < 10; i++) {
        who[i] = team();
        count(cnt, i);
    }
#pragma omp teams loop num_teams(3) bind(parallel)
    for (int i = 0; i < 10; i++)
        count(cnt, i);
#pragma omp teams num_teams(2)
#pragma omp loop bind(parallel)
    for (int i = 0; i < 10; i++)
        count(cnt, i);
    for (int i = 0; i < 10; i++)
        printf("%d ", cnt[i]);
    printf("\n");
    show("thread", 10);
#pragma omp teams num_teams(3)
    orphaned(13);
    show("orphaned", 13);
    orphaned(5); /* outside teams: one team runs everything */
    show("no teams", 5);
#pragma omp teams num_teams(2)
    {
#pragma omp distribute
        for (int i = 0; i < 6; i++)
            who[i] = omp_get_team_num();
#pragma omp distribute parallel for dist_schedule(static, 1)
        for (int i = 6; i < 12; i++)
            who[i] = 10 + omp_get_team_num();
    }
    show("two loops", 12);

    /* data sharing */
    int last = -1, fp = 7, pv = 99, k = -5;
#pragma omp teams distribute num_teams(4) dist_schedule(static, 4) lastprivate(last) \
    firstprivate(fp) private(pv)
    for (int i = 0; i < 10; i++) {
        pv = i;
        last = i * 10 + fp + pv;
        fp++;
    }
    printf("last %d fp %d pv %d\n", last, fp, pv);
#pragma omp teams distribute num_teams(3) lastprivate(k)
    for (k = 0; k < 10; k += 3)
        who[k] = omp_get_team_num();
    printf("k after %d\n", k);
    show("lastiv", 10);
    int q = 0, r = 0;
#pragma omp teams distribute parallel for num_teams(2) lastprivate(q) firstprivate(r) \
    collapse(2)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            r += i;
            q = 100 * i + j + (r > 0 ? 0 : 0);
        }
    printf("dpf lastprivate q %d r %d\n", q, r);
    int y = 3;
#pragma omp teams distribute num_teams(2) private(y) allocate(y) order(concurrent)
    for (int i = 0; i < 4; i++) {
        y = i;
        who[i] = y * 2;
    }
    printf("y %d\n", y);
    show("allocate", 4);

    /* tasks and a parallel for inside a distribute loop */
    int cell[12] = {0};
#pragma omp teams num_teams(3)
    {
#pragma omp distribute
        for (int i = 0; i < 6; i++) {
#pragma omp parallel for num_threads(2)
            for (int j = 0; j < 2; j++)
                cell[2 * i + j] = 100 * omp_get_team_num() + 10 * i + j;
        }
    }
    for (int i = 0; i < 12; i++)
        printf("%d ", cell[i]);
    printf("\n");
    int done[6] = {0};
#pragma omp teams distribute num_teams(2)
    for (int i = 0; i < 6; i++) {
#pragma omp task shared(done)
        done[i] = 1 + team();
    }
    for (int i = 0; i < 6; i++)
        printf("%d ", done[i]);
    printf("\n");
    return 0;
}
