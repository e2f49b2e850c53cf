/* Host teams: the number of teams, num_teams(n) and num_teams(lo:hi),
 * thread_limit, the team queries, data sharing (default shared, private,
 * firstprivate, default(none), default(firstprivate)), a parallel region
 * in each team, omp_set_num_teams / omp_set_teams_thread_limit, and the
 * allocate clause.  Teams run one after another (as libgomp runs them), so
 * what the teams print comes in team order. */
#include <omp.h>
#include <stdio.h>

static int team_of_task(void) { return omp_get_team_num(); }

int main(void) {
    int count = -1;
#pragma omp teams
    {
        if (omp_get_team_num() == 0)
            count = omp_get_num_teams();
    }
    printf("default number of teams: %d\n", count);

    int seen[8] = {0};
#pragma omp teams num_teams(4)
    seen[omp_get_team_num()] = 10 + omp_get_num_teams();
    for (int i = 0; i < 5; i++)
        printf("seen[%d] = %d\n", i, seen[i]);

#pragma omp teams num_teams(2 : 5)
    {
        if (omp_get_team_num() == 0)
            count = omp_get_num_teams();
    }
    printf("num_teams(2:5): %d\n", count);

    /* thread_limit caps a parallel region in a team */
    int threads[4] = {0}, limits[4] = {0};
#pragma omp teams num_teams(3) thread_limit(2)
    {
        int t = omp_get_team_num();
#pragma omp parallel num_threads(4)
        {
#pragma omp single
            {
                threads[t] = omp_get_num_threads();
                limits[t] = omp_get_thread_limit();
            }
        }
    }
    for (int t = 0; t < 3; t++)
        printf("team %d: threads within the limit %d: %s\n", t, limits[t],
               threads[t] >= 1 && threads[t] <= limits[t] ? "yes" : "no");

    /* printing from each team's initial thread comes in team order */
    int shared_sum = 0, priv = 100, first = 7;
#pragma omp teams num_teams(3) private(priv) firstprivate(first) shared(shared_sum)
    {
        priv = omp_get_team_num() * 2;
        first += omp_get_team_num();
        shared_sum += first + priv;
        printf("team %d: priv %d first %d\n", omp_get_team_num(), priv, first);
    }
    printf("after: priv %d first %d shared_sum %d\n", priv, first, shared_sum);

    int a = 1, b = 2;
#pragma omp teams num_teams(2) default(none) shared(a) firstprivate(b)
    {
        b += 10;
        a += b;
    }
    printf("default(none): a %d b %d\n", a, b);

    int c = 5;
#pragma omp teams num_teams(3) default(firstprivate)
    {
        c *= 2;
        printf("default(firstprivate): c %d\n", c);
    }
    printf("c after %d\n", c);

    int x = 0;
#pragma omp teams num_teams(2) private(x) allocate(omp_default_mem_alloc: x)
    {
        x = omp_get_team_num() + 40;
        printf("allocate: x %d\n", x);
    }

    /* tasks created in a team (inside a parallel region) see the team */
    int task_team[3] = {-1, -1, -1};
#pragma omp teams num_teams(3)
    {
#pragma omp parallel num_threads(2)
#pragma omp single
        {
#pragma omp task shared(task_team)
            task_team[omp_get_team_num()] = team_of_task();
        }
    }
    printf("task teams: %d %d %d\n", task_team[0], task_team[1], task_team[2]);

    omp_set_num_teams(5);
    omp_set_teams_thread_limit(3);
    printf("max teams %d teams thread limit %d\n", omp_get_max_teams(),
           omp_get_teams_thread_limit());
#pragma omp teams
    {
        int t = omp_get_team_num();
        int n = omp_get_num_teams();
#pragma omp parallel num_threads(8)
#pragma omp master
        if (t == n - 1)
            printf("set: %d teams, at most 3 threads: %s, limit %d\n", n,
                   omp_get_num_threads() <= 3 ? "yes" : "no", omp_get_thread_limit());
    }
    printf("outside: team %d of %d\n", omp_get_team_num(), omp_get_num_teams());
    return 0;
}
