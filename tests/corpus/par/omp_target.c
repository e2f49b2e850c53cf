/* OpenMP device constructs on the host (no offload device): the data
 * environment of target regions, the initial-thread view inside them, the
 * combined constructs, nowait/depend, and the data directives. */
#include <omp.h>
#include <stdio.h>

#pragma omp declare target
int table[8];
int counter = 0;
static int twice(int v) { return 2 * v; }
#pragma omp end declare target

int plain = 1; /* not declare target: firstprivate in a target region */
int listed = 1;
#pragma omp declare target(listed)

struct pair { int a, b; };

static void data_environment(void)
{
    int x = 1, y = 1, a[4] = {0}, *p = a;
    double d = 1.5;
    struct pair s = {1, 2};
#pragma omp target map(tofrom: y)
    {
        x = 10;     /* scalar: firstprivate */
        y = 11;     /* mapped: the host's own */
        a[0] = 5;   /* aggregate: mapped */
        p[1] = 6;   /* through a firstprivate pointer */
        p++;
        d = 2.5;
        s.a = 7;
        plain = 8;
        listed = 9;
        counter = 3;
        table[2] = twice(21);
    }
    printf("x %d y %d a %d %d p %d d %g s %d plain %d listed %d counter %d table %d\n", x, y,
           a[0], a[1], (int)(p - a), d, s.a, plain, listed, counter, table[2]);
#pragma omp target defaultmap(tofrom: scalar) firstprivate(s)
    {
        x = 20;
        s.b = 30;
    }
    printf("defaultmap x %d s.b %d\n", x, s.b);
#pragma omp target is_device_ptr(p) map(to: d)
    {
        *p = 77;
        d = 9.5;
    }
    printf("is_device_ptr %d d %g\n", a[0], d);
    struct pair *r = &s;
    int *w = a;
#pragma omp target map(p[0:4]) map(r->a) map(w, w[:4])
    {
        p[2] = 12; /* the pointee is mapped, the pointer attached: firstprivate */
        p++;
        r->a = 13;
        r++;
        w++; /* mapped whole: the host's own */
    }
    printf("attached %d %d %d s %d mapped %d\n", a[2], (int)(p - a), (int)(r - &s), s.a,
           (int)(w - a));
}

static void initial_thread(void)
{
    int views = 0, threads = 0;
#pragma omp parallel num_threads(2) reduction(+: views, threads)
    {
        int level, num, in, teams;
#pragma omp target map(from: level, num, in, teams)
        {
            level = omp_get_level();
            num = omp_get_num_threads();
            in = omp_in_parallel();
            teams = omp_get_num_teams();
        }
        /* each thread of the region sees a new initial thread in its target */
        views += level == 0 && num == 1 && !in && teams == 1;
        threads++;
    }
    printf("initial-thread views %s\n", views == threads ? "all" : "not all");
    int limit = 0, team = 0;
#pragma omp target thread_limit(3) map(tofrom: limit, team)
    {
        limit = omp_get_thread_limit();
#pragma omp parallel num_threads(8)
        {
#pragma omp single
            team = omp_get_num_threads();
        }
    }
    printf("thread_limit %d team within it %d devices %d initial %d\n", limit,
           team >= 1 && team <= limit, omp_get_num_devices(), omp_is_initial_device());
}

static void combined(void)
{
    int n = 1000, sum = 0, s2 = 0, last = -1, shared_count = 0, v[1000];
#pragma omp target teams distribute parallel for reduction(+: sum) map(from: v)
    for (int i = 0; i < n; i++) {
        v[i] = twice(i);
        sum += v[i];
    }
#pragma omp target parallel for reduction(+: s2) schedule(dynamic, 7)
    for (int i = 0; i < n; i++)
        s2 += i % 13;
#pragma omp target parallel for lastprivate(last)
    for (int i = 0; i < n; i++)
        last = i * 3;
#pragma omp target parallel num_threads(2) shared(shared_count)
    {
#pragma omp atomic
        shared_count++;
    }
    int lanes = 0;
#pragma omp target simd reduction(+: lanes)
    for (int i = 0; i < 64; i++)
        lanes += i;
    int teams = 0;
#pragma omp target teams num_teams(3) map(tofrom: teams)
    {
        if (omp_get_team_num() == 0)
            teams = omp_get_num_teams();
    }
    int looped = 0;
#pragma omp target teams loop reduction(+: looped)
    for (int i = 0; i < 100; i++)
        looped += 2;
    int step = 0, stepped = 0;
#pragma omp target parallel for linear(step: 3) reduction(+: stepped)
    for (int i = 0; i < 10; i++) {
        stepped += step;
        step += 3;
    }
    printf("sum %d v %d s2 %d last %d shared %d lanes %d teams %d looped %d\n", sum, v[999], s2,
           last, shared_count, lanes, teams, looped);
    printf("linear %d %d\n", step, stepped);
}

static void asynchronous(void)
{
    int w = 0, log[3] = {0}, k = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp target map(tofrom: w, log, k) nowait depend(out: w)
        {
            w = 42;
            log[k++] = 1;
        }
#pragma omp target map(tofrom: w, log, k) nowait depend(inout: w)
        {
            w += 1;
            log[k++] = 2;
        }
#pragma omp target update from(w) depend(in: w)
#pragma omp task depend(in: w) shared(log, k)
        log[k++] = 3;
#pragma omp taskwait
    }
    printf("w %d order %d %d %d\n", w, log[0], log[1], log[2]);
    int total = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup task_reduction(+: total)
    {
        for (int i = 1; i <= 4; i++) {
#pragma omp target in_reduction(+: total) nowait firstprivate(i)
            total += i * i;
        }
#pragma omp target parallel for in_reduction(+: total) reduction(+: total)
        for (int i = 0; i < 11; i++)
            total += i;
    }
    printf("in_reduction total %d\n", total);
}

static void data_directives(void)
{
    int buf[16], *q = buf, same = 0;
    for (int i = 0; i < 16; i++)
        buf[i] = i;
#pragma omp target enter data map(to: buf[0:16]) map(alloc: same)
#pragma omp target data map(tofrom: buf) use_device_ptr(q) if(1) device(0)
    {
        same = q == buf;
#pragma omp target update to(buf[0:8]) from(buf[8:8])
#pragma omp target map(tofrom: buf)
        for (int i = 0; i < 16; i++)
            buf[i] *= 2;
    }
#pragma omp target exit data map(from: buf[0:16]) map(release: same)
    printf("data %d %d same %d\n", buf[3], buf[15], same);
}

int main(void)
{
    data_environment();
    initial_thread();
    combined();
    asynchronous();
    data_directives();
    return 0;
}
