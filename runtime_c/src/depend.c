/*
 * depend.c -- task dependences (see depend.h) and depend objects.
 */
#include "internal.h"

#include "depend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"
#include "loop.h"
#include "priority.h"
#include "scheduler.h"
#include "spin.h"
#include "suspend.h"

/* Successors a node keeps without allocating. */
#define INLINE_SUCCESSORS 4

typedef struct inspire_dep_node {
    long npred;          /* unfinished predecessors (+1 while registering) */
    long refs;           /* the task until its body ends, plus table slots */
    inspire_spin_t lock; /* guards finished and succ */
    int finished;
    int nsucc, cap;
    struct inspire_dep_node **succ; /* inline_succ, or heap storage past it */
    inspire_item_t *task;           /* a held task; NULL: a waiter ... */
    inspire_frame_t *frame;         /* ... woken through this frame */
    struct inspire_dep_node *inline_succ[INLINE_SUCCESSORS];
} node_t;

typedef struct {
    const void *addr; /* NULL: a free slot */
    node_t *writer;   /* last writer (NULL: none) */
    node_t **readers; /* readers since the last writer */
    int nreaders, cap;
} entry_t;

struct inspire_dep_table {
    entry_t *slots;
    size_t mask; /* slots - 1 (a power of two) */
    size_t used;
    node_t *all; /* last task on omp_all_memory */
};

typedef struct inspire_dep_table table_t;

/* What registering a dependence does with the predecessors it finds. */
enum mode {
    RECORD, /* a new task: wait for them and enter the table */
    WAIT,   /* a task run at once: wait for them only */
    PROBE   /* count them only */
};

static void fail(const char *what) {
    fprintf(stderr, "inspire runtime: %s\n", what);
    abort();
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n, size);
    if (!p)
        fail("out of memory tracking task dependences");
    return p;
}

static node_t *ref(node_t *node) {
    __atomic_fetch_add(&node->refs, 1, __ATOMIC_RELAXED);
    return node;
}

static void unref(node_t *node) {
    if (node && __atomic_sub_fetch(&node->refs, 1, __ATOMIC_ACQ_REL) == 0) {
        if (node->succ != node->inline_succ)
            free(node->succ);
        free(node);
    }
}

static int finished(node_t *node) { return __atomic_load_n(&node->finished, __ATOMIC_ACQUIRE); }

/* node must start after pred's body has finished. */
static void after(node_t *node, node_t *pred, enum mode mode) {
    if (!pred || pred == node || finished(pred))
        return;
    if (mode == PROBE) {
        node->npred++;
        return;
    }
    inspire_spin_lock(&pred->lock);
    if (!pred->finished) {
        if (pred->nsucc == pred->cap) {
            pred->cap *= 2;
            size_t bytes = (size_t)pred->cap * sizeof *pred->succ;
            node_t **more = pred->succ == pred->inline_succ ? malloc(bytes)
                                                            : realloc(pred->succ, bytes);
            if (!more)
                fail("out of memory tracking task dependences");
            if (pred->succ == pred->inline_succ)
                memcpy(more, pred->inline_succ, sizeof pred->inline_succ);
            pred->succ = more;
        }
        pred->succ[pred->nsucc++] = node;
        __atomic_fetch_add(&node->npred, 1, __ATOMIC_RELAXED);
    }
    inspire_spin_unlock(&pred->lock);
}

static size_t hash(const void *addr) {
    uint64_t x = (uint64_t)(uintptr_t)addr;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

/* Drop e's finished readers (a later task need not wait for them);
 * returns how many stay. */
static int drop_finished_readers(entry_t *e) {
    int kept = 0;
    for (int i = 0; i < e->nreaders; i++) {
        if (finished(e->readers[i]))
            unref(e->readers[i]);
        else
            e->readers[kept++] = e->readers[i];
    }
    return e->nreaders = kept;
}

/* Drop e's finished writer and readers; returns whether a task stays. */
static int drop_finished(entry_t *e) {
    if (e->writer && finished(e->writer)) {
        unref(e->writer);
        e->writer = NULL;
    }
    return drop_finished_readers(e) > 0 || e->writer;
}

/* The table is half full: rehash it without the addresses whose tasks have
 * all finished, doubling it only if more than a quarter stays in use.  So
 * the table holds about the addresses of unfinished tasks, not every
 * address ever named, and their nodes are freed early. */
static void rehash(table_t *t) {
    entry_t *old = t->slots;
    size_t n = t->mask + 1, live = 0;
    for (size_t i = 0; i < n; i++) {
        if (!old[i].addr)
            continue;
        if (drop_finished(&old[i])) {
            live++;
        } else {
            free(old[i].readers);
            old[i].addr = NULL;
        }
    }
    size_t size = 4 * (live + 1) > n ? 2 * n : n;
    t->slots = xcalloc(size, sizeof *t->slots);
    t->mask = size - 1;
    t->used = live;
    for (size_t i = 0; i < n; i++) {
        if (!old[i].addr)
            continue;
        size_t j = hash(old[i].addr) & t->mask;
        while (t->slots[j].addr)
            j = (j + 1) & t->mask;
        t->slots[j] = old[i];
    }
    free(old);
}

static entry_t *lookup(table_t *t, const void *addr) {
    if (2 * (t->used + 1) > t->mask + 1)
        rehash(t);
    size_t j = hash(addr) & t->mask;
    while (t->slots[j].addr && t->slots[j].addr != addr)
        j = (j + 1) & t->mask;
    if (!t->slots[j].addr) {
        t->slots[j].addr = addr;
        t->used++;
    }
    return &t->slots[j];
}

static void add_reader(entry_t *e, node_t *node) {
    if (e->nreaders == e->cap) {
        int kept = drop_finished_readers(e);
        if (2 * kept >= e->cap) {
            e->cap = e->cap ? 2 * e->cap : 4;
            e->readers = realloc(e->readers, (size_t)e->cap * sizeof *e->readers);
            if (!e->readers)
                fail("out of memory tracking task dependences");
        }
    }
    e->readers[e->nreaders++] = ref(node);
}

static void clear_readers(entry_t *e) {
    for (int i = 0; i < e->nreaders; i++)
        unref(e->readers[i]);
    e->nreaders = 0;
}

static void set_writer(entry_t *e, node_t *node) {
    clear_readers(e);
    unref(e->writer);
    e->writer = ref(node);
}

/* The address and kind of one dependence (a depend object's contents for
 * INSPIRE_DEP_OBJ). */
static inspire_dep_t resolve(inspire_dep_t d) {
    if (d.kind != INSPIRE_DEP_OBJ)
        return d;
    inspire_dep_t o;
    memcpy(&o, d.addr, sizeof o);
    if (o.kind < INSPIRE_DEP_IN || o.kind > INSPIRE_DEP_INOUTSET)
        fail("depend(depobj: ...) names a depend object that is not initialised "
             "(or was destroyed)");
    return o;
}

/* A list of dependences (the iterator modifier): n of cap used. */
typedef struct dep_list {
    int n, cap;
    inspire_dep_t *deps;
} dep_list_t;

void *inspire_dep_list_new(void) {
    return xcalloc(1, sizeof(dep_list_t));
}

void inspire_dep_list_add(void *list, inspire_dep_t d) {
    dep_list_t *l = list;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->deps = realloc(l->deps, (size_t)l->cap * sizeof *l->deps);
        if (!l->deps)
            fail("out of memory for the dependences of an iterator");
    }
    l->deps[l->n++] = d;
}

void inspire_dep_list_free(void *list) {
    dep_list_t *l = list;
    free(l->deps);
    free(l);
}

/* Find node's predecessors among the siblings in t for each dependence
 * (lists expanded), after the last task on omp_all_memory. */
static void enter_deps(table_t *t, node_t *node, const inspire_dep_t *deps, int n,
                       enum mode mode) {
    for (int i = 0; i < n; i++) {
        if (deps[i].kind == INSPIRE_DEP_LIST) {
            const dep_list_t *l = deps[i].addr;
            enter_deps(t, node, l->deps, l->n, mode);
            continue;
        }
        inspire_dep_t d = resolve(deps[i]);
        if (d.kind == INSPIRE_DEP_ALL) {
            for (size_t j = 0; j <= t->mask; j++) {
                entry_t *e = &t->slots[j];
                if (!e->addr)
                    continue;
                after(node, e->writer, mode);
                for (int r = 0; r < e->nreaders; r++)
                    after(node, e->readers[r], mode);
                if (mode == RECORD) {
                    clear_readers(e);
                    unref(e->writer);
                    e->writer = NULL;
                }
            }
            if (mode == RECORD) {
                unref(t->all);
                t->all = ref(node);
            }
            continue;
        }
        entry_t *e = lookup(t, d.addr);
        after(node, e->writer, mode);
        if (d.kind == INSPIRE_DEP_IN) {
            if (mode == RECORD)
                add_reader(e, node);
            continue;
        }
        for (int r = 0; r < e->nreaders; r++)
            after(node, e->readers[r], mode);
        if (mode == RECORD)
            set_writer(e, node);
    }
}

static void enter(table_t *t, node_t *node, const inspire_dep_t *deps, int n, enum mode mode) {
    after(node, t->all, mode);
    enter_deps(t, node, deps, n, mode);
}

static table_t *table_of(inspire_item_t *parent) {
    if (!parent->dep_table) {
        table_t *t = xcalloc(1, sizeof *t);
        t->slots = xcalloc(16, sizeof *t->slots);
        t->mask = 15;
        parent->dep_table = t;
    }
    return parent->dep_table;
}

static void table_free(table_t *t) {
    for (size_t j = 0; j <= t->mask; j++) {
        clear_readers(&t->slots[j]);
        free(t->slots[j].readers);
        unref(t->slots[j].writer);
    }
    unref(t->all);
    free(t->slots);
    free(t);
}

/* The last predecessor of node finished: let it go. */
static void release(inspire_worker_t *w, node_t *node) {
    if (node->task) {
        inspire_item_t *it = node->task;
        if (it->priority > 0)
            inspire_priority_push(w, it);
        else if (!inspire_worker_push(w, it))
            inspire_mailbox_post(w, it);
    } else {
        inspire_frame_dec(node->frame);
    }
}

/* The unfinished children of one frame above which a new task with
 * dependences runs at once, per worker (as libgomp throttles task creation:
 * 64 per thread of the team). */
#define THROTTLE_PER_WORKER 64

void inspire_task_spawn_deps(inspire_task_t *t, const inspire_dep_t *deps, int n) {
    inspire_worker_t *w = inspire_self;
    inspire_item_t *parent = w->current;
    inspire_spawn_adopt(w, t);
    long unfinished = __atomic_load_n(&parent->cur_frame->count, __ATOMIC_RELAXED);
    if (!t->detached && unfinished > (long)THROTTLE_PER_WORKER * inspire_rt.nworkers) {
        /* Too many children wait: run t once its predecessors have finished,
         * here, as an undeferred task (it needs no node: it finishes before
         * any later sibling is created). */
        inspire_depend_wait(deps, n);
        inspire_loop_run_nested(w, t, parent->limit);
        return;
    }
    node_t *node = xcalloc(1, sizeof *node);
    node->npred = 1;
    node->refs = 1;
    node->task = t;
    node->succ = node->inline_succ;
    node->cap = INLINE_SUCCESSORS;
    t->dep_node = node;
    enter(table_of(parent), node, deps, n, RECORD);
    if (__atomic_sub_fetch(&node->npred, 1, __ATOMIC_ACQ_REL) == 0)
        inspire_spawn_push(w, t);
}

void inspire_depend_wait(const inspire_dep_t *deps, int n) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current || !w->current->dep_table)
        return;
    inspire_frame_t frame = {.count = 1, .target = 0};
    node_t node = {.npred = 1, .frame = &frame};
    enter(w->current->dep_table, &node, deps, n, WAIT);
    if (__atomic_sub_fetch(&node.npred, 1, __ATOMIC_ACQ_REL) == 0)
        return; /* nothing was unfinished, or everything finished meanwhile */
    inspire_frame_wait(w, &frame);
}

int inspire_depend_clear(const inspire_dep_t *deps, int n) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current || !w->current->dep_table)
        return 1;
    node_t node = {0};
    enter(w->current->dep_table, &node, deps, n, PROBE);
    return node.npred == 0;
}

void inspire_depend_finish(inspire_worker_t *w, inspire_item_t *it) {
    node_t *node = it->dep_node;
    inspire_spin_lock(&node->lock);
    __atomic_store_n(&node->finished, 1, __ATOMIC_RELEASE);
    int nsucc = node->nsucc;
    inspire_spin_unlock(&node->lock);
    for (int i = 0; i < nsucc; i++) {
        node_t *s = node->succ[i];
        if (__atomic_sub_fetch(&s->npred, 1, __ATOMIC_ACQ_REL) == 0)
            release(w, s);
    }
    it->dep_node = NULL;
    unref(node);
}

void inspire_depend_drop_table(inspire_item_t *it) {
    table_free(it->dep_table);
    it->dep_table = NULL;
}

/* ---- depend objects (omp_depend_t: two words, as gcc's <omp.h> sizes it) -- */

_Static_assert(sizeof(inspire_dep_t) <= 2 * sizeof(void *), "inspire_dep_t fits omp_depend_t");

void inspire_depobj_init(void *obj, inspire_dep_t d) {
    if (d.kind < INSPIRE_DEP_IN || d.kind > INSPIRE_DEP_INOUTSET)
        fail("depobj: a depend object holds one in/out/inout/mutexinoutset/inoutset dependence");
    memcpy(obj, &d, sizeof d);
}

void inspire_depobj_update(void *obj, int kind) {
    inspire_dep_t d;
    memcpy(&d, obj, sizeof d);
    if (d.kind < INSPIRE_DEP_IN || d.kind > INSPIRE_DEP_INOUTSET)
        fail("depobj update: the depend object is not initialised (or was destroyed)");
    d.kind = kind;
    memcpy(obj, &d, sizeof d);
}

void inspire_depobj_destroy(void *obj) {
    inspire_dep_t d;
    memcpy(&d, obj, sizeof d);
    if (d.kind < INSPIRE_DEP_IN || d.kind > INSPIRE_DEP_INOUTSET)
        fail("depobj destroy: the depend object is not initialised (or was destroyed)");
    d.kind = 0;
    memcpy(obj, &d, sizeof d);
}
