/*
 * stats.c -- per-worker counters and Chrome trace output (see stats.h).
 */
#include "internal.h"

#include "stats.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker.h"

static double base_us = -1.0;

static double mono_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

double inspire_now_us(void) {
    /* First called by inspire_start before any worker thread exists. */
    if (base_us < 0)
        base_us = mono_us();
    return mono_us() - base_us;
}

/* The names given by inspire_trace_site: a list, newest first, read only
 * when the trace is written (after every task ended). */
typedef struct trace_site {
    inspire_task_fn fn;
    const char *site;
    struct trace_site *next;
} trace_site_t;

static trace_site_t *trace_sites;
static pthread_mutex_t trace_sites_lock = PTHREAD_MUTEX_INITIALIZER;

void inspire_trace_site(inspire_task_fn fn, const char *site) {
    trace_site_t *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "inspire runtime: out of memory naming trace sites\n");
        abort();
    }
    s->fn = fn;
    s->site = site;
    pthread_mutex_lock(&trace_sites_lock);
    s->next = trace_sites;
    trace_sites = s;
    pthread_mutex_unlock(&trace_sites_lock);
}

/* The site of fn, or NULL if it has none. */
static const char *trace_site_of(inspire_task_fn fn) {
    for (trace_site_t *s = trace_sites; s; s = s->next)
        if (s->fn == fn)
            return s->site;
    return NULL;
}

/* Write text as the contents of a JSON string. */
static void json_string_body(FILE *f, const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(f, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(f, "\\u%04x", *c);
        else
            fputc(*c, f);
    }
}

void inspire_trace_record(inspire_trace_buf_t *buf, double t0_us, double t1_us,
                          inspire_task_fn fn, int implicit) {
    if (buf->n >= INSPIRE_TRACE_MAX_EVENTS) {
        buf->dropped++;
        return;
    }
    if (buf->n == buf->cap) {
        unsigned long cap = buf->cap ? buf->cap * 2 : 4096;
        inspire_trace_event_t *ev = realloc(buf->ev, sizeof(inspire_trace_event_t) * cap);
        if (!ev) {
            fprintf(stderr, "inspire runtime: out of memory growing the trace buffer\n");
            abort();
        }
        buf->ev = ev;
        buf->cap = cap;
    }
    inspire_trace_event_t *e = &buf->ev[buf->n++];
    e->ts_us = t0_us;
    e->dur_us = t1_us - t0_us;
    e->fn = fn;
    e->implicit = implicit;
}

void inspire_stats_print(FILE *f, inspire_worker_t *workers, int n) {
    inspire_stats_t total = {0, 0, 0, 0, 0, 0};
    unsigned long inl = 0, stacks = 0;
    fprintf(f, "inspire stats: %6s %12s %12s %12s %10s %10s %10s %8s %8s\n", "worker", "spawned",
            "inlined", "executed", "stolen", "suspended", "nested", "stacks", "sleeps");
    for (int i = 0; i < n; i++) {
        inspire_worker_t *w = &workers[i];
        unsigned long wi = w->hot ? w->hot->inlined : 0;
        fprintf(f, "inspire stats: %6d %12lu %12lu %12lu %10lu %10lu %10lu %8lu %8lu\n", i,
                w->stats.spawned, wi, w->stats.executed, w->stats.stolen, w->stats.suspended,
                w->stats.nested, w->pool.peak, w->stats.sleeps);
        total.spawned += w->stats.spawned;
        total.executed += w->stats.executed;
        total.stolen += w->stats.stolen;
        total.suspended += w->stats.suspended;
        total.nested += w->stats.nested;
        total.sleeps += w->stats.sleeps;
        inl += wi;
        stacks += w->pool.peak;
    }
    fprintf(f, "inspire stats: %6s %12lu %12lu %12lu %10lu %10lu %10lu %8lu %8lu\n", "total",
            total.spawned, inl, total.executed, total.stolen, total.suspended, total.nested,
            stacks, total.sleeps);
}

FILE *inspire_trace_open(const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "inspire runtime: cannot write the trace file '%s' (INSPIRE_TRACE): %s\n",
                path, strerror(errno));
        exit(2);
    }
    return f;
}

int inspire_trace_write(FILE *f, inspire_worker_t *workers, int n) {
    fprintf(f, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    int first = 1;
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                   "\"args\":{\"name\":\"worker %d\"}}",
                first ? "" : ",\n", i, i);
        first = 0;
    }
    for (int i = 0; i < n; i++) {
        inspire_trace_buf_t *b = &workers[i].trace;
        for (unsigned long k = 0; k < b->n; k++) {
            inspire_trace_event_t *e = &b->ev[k];
            const char *site = trace_site_of(e->fn);
            /* main() itself is the work item without a function */
            const char *kind = !e->fn ? "main" : e->implicit ? "implicit task" : "task";
            fprintf(f, ",\n{\"name\":\"");
            json_string_body(f, site ? site : kind);
            fprintf(f, "\",\"cat\":\"task\",\"ph\":\"X\",\"pid\":1,\"tid\":%d,"
                       "\"ts\":%.3f,\"dur\":%.3f}",
                    i, e->ts_us, e->dur_us);
        }
        if (b->dropped)
            fprintf(stderr, "inspire runtime: trace: worker %d dropped %lu slices "
                            "(INSPIRE_TRACE_MAX_EVENTS=%d)\n",
                    i, b->dropped, INSPIRE_TRACE_MAX_EVENTS);
    }
    fprintf(f, "\n]}\n");
    int err = ferror(f) ? EIO : 0;
    if (fclose(f) != 0 && !err)
        err = errno ? errno : EIO;
    return err;
}
