/*
 * health - simulation of a health-care system: a tree of villages, each
 * with a hospital.  Villagers fall ill at random, wait for personnel, are
 * assessed, then either go home, stay for convalescence or are sent up to
 * the hospital of the parent village.
 *
 * Every time step the village tree is simulated recursively: a village
 * creates one task per child village (loop over the children; the recursion
 * is indirect through the task), waits, then advances its own hospital and
 * takes over the patients its children sent up (in child order, so the
 * result is independent of the schedule).  Each village and patient has its
 * own random-number state.  Village nodes end in a flexible array member
 * holding the children.  Structure: loop-like (tasks created in a loop over
 * children, recursive underneath), moderate granularity.
 * Verification: against the same simulation run serially.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define GET_SICK_P 0.002
#define CONVALESCENCE_P 0.5
#define REALLOC_P 0.4
#define ASSESS_TIME 3
#define CONVALESCENCE_TIME 10

const char bench_name[] = "health";
bench_param bench_params[] = {
    {'l', "levels", "levels of the village tree", {5, 6, 6}, 0},
    {'b', "branch", "child villages per village", {4, 4, 4}, 0},
    {'t', "steps", "simulated time steps", {300, 800, 1000}, 0},
    {'p', "population", "initial population of a village", {200, 200, 250}, 0},
};
const int bench_nparams = 4;

struct village;

typedef struct patient {
    long id;
    unsigned int seed;
    int time;
    int time_left;
    int hosps_visited;
    struct village *home;
    struct patient *next;
} patient;

typedef struct plist {
    patient *head;
    patient *tail;
    long count;
} plist;

typedef struct hosp {
    int personnel;
    int free_personnel;
    plist waiting;
    plist assess;
    plist inside;
    plist up;
} hosp;

typedef struct stats {
    long long patients;
    long long returned;
    long long total_time;
    long long total_hosps;
} stats;

typedef struct village {
    long id;
    int level;
    unsigned int seed;
    long population;
    long next_patient;
    struct village *parent;
    hosp hosp;
    stats st;
    int nchildren;
    struct village *child[];
} village;

static village *world;
static village *ref_world;
static stats result;
static stats ref_result;
static int have_ref;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double rnd(unsigned int *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (double)((*seed >> 8) & 0xffffffu) / 16777216.0;
}

static void push(plist *l, patient *p)
{
    p->next = NULL;
    if (l->tail == NULL) {
        l->head = p;
    } else {
        l->tail->next = p;
    }
    l->tail = p;
    l->count++;
}

static patient *pop(plist *l)
{
    patient *p = l->head;
    if (p != NULL) {
        l->head = p->next;
        if (l->head == NULL) {
            l->tail = NULL;
        }
        l->count--;
        p->next = NULL;
    }
    return p;
}

static void append(plist *dst, plist *src)
{
    if (src->head == NULL) {
        return;
    }
    if (dst->tail == NULL) {
        dst->head = src->head;
    } else {
        dst->tail->next = src->head;
    }
    dst->tail = src->tail;
    dst->count += src->count;
    src->head = NULL;
    src->tail = NULL;
    src->count = 0;
}

static village *make_village(long *next_id, int level, int levels, int branch, long population,
                             village *parent)
{
    int nch = (level + 1 < levels) ? branch : 0;
    village *v = bench_malloc(sizeof(village) + (size_t)nch * sizeof(village *));
    int i;
    memset(v, 0, sizeof(village));
    v->id = (*next_id)++;
    v->level = level;
    v->seed = (unsigned int)mix64((unsigned long long)v->id + 99);
    v->population = population;
    v->parent = parent;
    v->hosp.personnel = 1 << (levels - level - 1);
    v->hosp.free_personnel = v->hosp.personnel;
    v->nchildren = nch;
    for (i = 0; i < nch; i++) {
        v->child[i] = make_village(next_id, level + 1, levels, branch, population, v);
    }
    return v;
}

static void free_list(plist *l)
{
    patient *p;
    while ((p = pop(l)) != NULL) {
        free(p);
    }
}

static void free_village(village *v)
{
    int i;
    if (v == NULL) {
        return;
    }
    for (i = 0; i < v->nchildren; i++) {
        free_village(v->child[i]);
    }
    free_list(&v->hosp.waiting);
    free_list(&v->hosp.assess);
    free_list(&v->hosp.inside);
    free_list(&v->hosp.up);
    free(v);
}

static void tick(plist *l)
{
    patient *p;
    for (p = l->head; p != NULL; p = p->next) {
        p->time++;
    }
}

/* one time step of village v's own hospital; the children are done */
static void village_step(village *v)
{
    hosp *h = &v->hosp;
    plist keep;
    patient *p;
    long i;
    long n;
    int c;

    /* convalescence finished: the patient returns home */
    keep.head = keep.tail = NULL;
    keep.count = 0;
    while ((p = pop(&h->inside)) != NULL) {
        if (--p->time_left > 0) {
            push(&keep, p);
            continue;
        }
        h->free_personnel++;
        v->st.returned++;
        v->st.total_time += p->time;
        v->st.total_hosps += p->hosps_visited;
        p->home->population++;
        free(p);
    }
    h->inside = keep;

    /* assessment finished: home, convalescence here, or sent up */
    keep.head = keep.tail = NULL;
    keep.count = 0;
    while ((p = pop(&h->assess)) != NULL) {
        if (--p->time_left > 0) {
            push(&keep, p);
            continue;
        }
        if (rnd(&p->seed) < CONVALESCENCE_P) {
            if (v->parent == NULL || rnd(&p->seed) > REALLOC_P) {
                p->time_left = CONVALESCENCE_TIME;
                push(&h->inside, p);
            } else {
                h->free_personnel++;
                push(&h->up, p);
            }
        } else {
            h->free_personnel++;
            v->st.returned++;
            v->st.total_time += p->time;
            v->st.total_hosps += p->hosps_visited;
            p->home->population++;
            free(p);
        }
    }
    append(&h->assess, &keep);

    /* free personnel start assessing waiting patients */
    while (h->free_personnel > 0 && h->waiting.head != NULL) {
        p = pop(&h->waiting);
        h->free_personnel--;
        p->time_left = ASSESS_TIME;
        p->hosps_visited++;
        push(&h->assess, p);
    }

    /* patients sent up by the children */
    for (c = 0; c < v->nchildren; c++) {
        append(&h->waiting, &v->child[c]->hosp.up);
    }

    /* villagers falling ill */
    n = v->population;
    for (i = 0; i < n; i++) {
        if (rnd(&v->seed) < GET_SICK_P) {
            p = bench_malloc(sizeof(patient));
            p->id = v->id * 100000000L + v->next_patient++;
            p->seed = (unsigned int)mix64((unsigned long long)p->id);
            p->time = 0;
            p->time_left = 0;
            p->hosps_visited = 0;
            p->home = v;
            p->next = NULL;
            v->population--;
            v->st.patients++;
            push(&h->waiting, p);
        }
    }

    tick(&h->waiting);
    tick(&h->assess);
    tick(&h->inside);
}

static void sim_village_par(village *v)
{
    int i;
    for (i = 0; i < v->nchildren; i++) {
        village *c = v->child[i];
#pragma omp task untied firstprivate(c)
        sim_village_par(c);
    }
#pragma omp taskwait
    village_step(v);
}

static void sim_village_seq(village *v)
{
    int i;
    for (i = 0; i < v->nchildren; i++) {
        sim_village_seq(v->child[i]);
    }
    village_step(v);
}

static void gather(const village *v, stats *s)
{
    int i;
    s->patients += v->st.patients;
    s->returned += v->st.returned;
    s->total_time += v->st.total_time;
    s->total_hosps += v->st.total_hosps;
    for (i = 0; i < v->nchildren; i++) {
        gather(v->child[i], s);
    }
}

static village *build(void)
{
    long next_id = 0;
    int levels = (int)bench_arg(0);
    int branch = (int)bench_arg(1);
    if (levels < 1 || levels > 12 || branch < 0) {
        bench_fatal("need 1 <= levels <= 12 and branch >= 0");
    }
    return make_village(&next_id, 0, levels, branch, bench_arg(3), NULL);
}

void bench_init(void)
{
    world = build();
    ref_world = NULL;
    have_ref = 0;
    memset(&result, 0, sizeof result);
    memset(&ref_result, 0, sizeof ref_result);
}

void bench_run(void)
{
    long steps = bench_arg(2);
    long t;
#pragma omp parallel private(t)
    {
#pragma omp single
        {
            for (t = 0; t < steps; t++) {
                sim_village_par(world);
            }
        }
    }
    gather(world, &result);
}

void bench_run_serial(void)
{
    long steps = bench_arg(2);
    long t;
    ref_world = build();
    for (t = 0; t < steps; t++) {
        sim_village_seq(ref_world);
    }
    gather(ref_world, &ref_result);
    have_ref = 1;
}

int bench_verify(void)
{
    if (!have_ref) {
        return BENCH_NOT_PERFORMED;
    }
    return memcmp(&result, &ref_result, sizeof result) == 0 ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    snprintf(buf, len, "%lld %lld %lld %lld", result.patients, result.returned,
             result.total_time, result.total_hosps);
}

void bench_free(void)
{
    free_village(world);
    free_village(ref_world);
}
