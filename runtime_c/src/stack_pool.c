/*
 * stack_pool.c -- stack mapping, pooling and overflow detection.
 */
#include "internal.h"

#include "stack_pool.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

static __thread const inspire_fiber_t *current_fiber;
static __thread void *const *current_task;
static __thread void *altstack_mem;
static struct sigaction previous_segv;
static int handler_installed; /* guarded by install_lock */
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;

void inspire_stack_pool_init(inspire_stack_pool_t *p, int budget) {
    memset(p, 0, sizeof *p);
    p->max_free = INSPIRE_STACK_POOL_MAX;
    p->budget = budget;
}

/* vm.max_map_count, or the kernel's default when it cannot be read; read
 * once (every worker's pool asks, and a team may add hundreds of workers). */
static long max_map_count(void) {
    static long known; /* 0: not read yet; threads racing to read it agree */
    long v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v > 0)
        return v;
    v = 65530;
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    if (f) {
        if (fscanf(f, "%ld", &v) != 1 || v <= 0)
            v = 65530;
        fclose(f);
    }
    __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    return v;
}

int inspire_stack_budget(int pools) {
    long per_pool = max_map_count() / 4 / (pools > 0 ? pools : 1); /* 2 mappings a stack */
    if (per_pool < 16)
        per_pool = 16;
    return per_pool > 1000000000L ? 1000000000 : (int)per_pool;
}

/* Abort on a failed mapping call, with the reason. */
static void map_failed(const char *what, size_t total) {
    int err = errno;
    fprintf(stderr,
            "inspire runtime: cannot %s of %zu bytes (INSPIRE_STACK_BYTES=%lu): %s\n", what,
            total, (unsigned long)INSPIRE_STACK_BYTES, strerror(err));
    if (err == ENOMEM)
        fprintf(stderr, "inspire runtime: hint: out of memory, or the process reached its "
                        "limit of memory mappings (vm.max_map_count=%ld; every task stack "
                        "uses two)\n",
                max_map_count());
    abort();
}

static inspire_fiber_t *map_fiber(void) {
    size_t usable = INSPIRE_FIBER_USABLE_BYTES;
    size_t total = usable + INSPIRE_GUARD_BYTES;
    char *base = mmap(NULL, total, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base == MAP_FAILED)
        map_failed("map a task stack", total);
#ifdef MADV_NOHUGEPAGE
    /* A task touches a few pages at the top of its stack; a transparent huge
     * page there would cost a 2 MiB clear per stack. */
    madvise(base, total, MADV_NOHUGEPAGE);
#endif
    if (mprotect(base, INSPIRE_GUARD_BYTES, PROT_NONE) != 0)
        map_failed("protect the guard page of a task stack", total);
    inspire_fiber_t *f = calloc(1, sizeof *f);
    if (!f) {
        fprintf(stderr, "inspire runtime: out of memory allocating a fiber\n");
        abort();
    }
    f->map_base = base;
    f->map_size = total;
    f->stack_lo = base + INSPIRE_GUARD_BYTES;
    f->stack_size = usable;
    return f;
}

inspire_fiber_t *inspire_stack_acquire(inspire_stack_pool_t *p, inspire_fiber_entry_fn entry,
                                       void *arg) {
    inspire_fiber_t *f = p->free;
    if (f) {
        p->free = f->next;
        p->nfree--;
    } else {
        f = map_fiber();
        p->allocated++;
        if (p->allocated - p->unmapped > p->peak)
            p->peak = p->allocated - p->unmapped;
    }
    p->in_use++;
    f->next = NULL;
    inspire_fiber_make(f, entry, arg);
    return f;
}

static void unmap_fiber(inspire_fiber_t *f) {
    inspire_fiber_destroy(f);
    munmap(f->map_base, f->map_size);
    free(f);
}

void inspire_stack_release(inspire_stack_pool_t *p, inspire_fiber_t *f) {
    if (!f->map_base)
        return; /* home fiber: not ours */
    p->in_use--;
    if (p->nfree >= p->max_free) {
        unmap_fiber(f);
        p->unmapped++;
        return;
    }
    f->next = p->free;
    p->free = f;
    p->nfree++;
}

void inspire_stack_pool_destroy(inspire_stack_pool_t *p) {
    while (p->free) {
        inspire_fiber_t *f = p->free;
        p->free = f->next;
        unmap_fiber(f);
    }
    p->nfree = 0;
}

void inspire_overflow_set_current(const inspire_fiber_t *f) { current_fiber = f; }

void inspire_overflow_watch_task(void *const *task) { current_task = task; }

/* --- async-signal-safe reporting -------------------------------------- */

static void write_str(const char *s) {
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t k = write(2, s, n);
        if (k <= 0)
            return;
        s += k;
        n -= (size_t)k;
    }
}

static void write_ulong(unsigned long v) {
    char buf[32];
    int i = (int)sizeof buf - 1;
    buf[i] = '\0';
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v && i > 0);
    write_str(buf + i);
}

static void segv_handler(int sig, siginfo_t *info, void *uctx) {
    const inspire_fiber_t *f = current_fiber;
    uintptr_t addr = (uintptr_t)info->si_addr;
    int ours = 0;
    if (f && f->map_base) {
        uintptr_t guard_lo = (uintptr_t)f->map_base;
        uintptr_t stack_lo = (uintptr_t)f->stack_lo;
        if (addr >= guard_lo && addr < stack_lo)
            ours = 1;
#if defined(__x86_64__) && defined(REG_RSP)
        /* A frame larger than the guard jumps over it: trust the stack
         * pointer when it already lies below the usable stack. */
        uintptr_t sp = (uintptr_t)((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RSP];
        if (sp < stack_lo && stack_lo - sp < ((uintptr_t)1 << 24) && addr < stack_lo &&
            stack_lo - addr < ((uintptr_t)1 << 24))
            ours = 1;
#else
        (void)uctx;
#endif
    }
    if (ours && current_task && !*current_task) {
        write_str("inspire runtime: internal error: the scheduler overflowed its stack reserve "
                  "(INSPIRE_STACK_RESERVE_BYTES=");
        write_ulong((unsigned long)INSPIRE_STACK_RESERVE_BYTES);
        write_str(" bytes at the top of a ");
        write_ulong((unsigned long)INSPIRE_FIBER_USABLE_BYTES);
        write_str("-byte fiber)\n");
        signal(SIGABRT, SIG_DFL);
        abort();
    }
    if (ours) {
        write_str("inspire runtime: task stack overflow (stack size ");
        write_ulong((unsigned long)INSPIRE_STACK_BYTES);
        write_str(" bytes)\n");
        write_str("inspire runtime: hint: a task used more stack than INSPIRE_STACK_BYTES; "
                  "rebuild with a larger -DINSPIRE_STACK_BYTES=<bytes> (or make deep "
                  "recursion/large local arrays in tasks smaller)\n");
        signal(SIGABRT, SIG_DFL);
        abort();
    }
    /* Not a task stack overflow: restore the previous disposition and let the
     * faulting instruction run again. */
    sigaction(sig, &previous_segv, NULL);
}

void inspire_overflow_install(void) {
    pthread_mutex_lock(&install_lock);
    if (!handler_installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = segv_handler;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &previous_segv);
        handler_installed = 1;
    }
    pthread_mutex_unlock(&install_lock);
    stack_t old;
    if (!altstack_mem && sigaltstack(NULL, &old) == 0 && !(old.ss_flags & SS_DISABLE) &&
        old.ss_size >= 16384)
        return; /* the thread already has one (e.g. installed by a sanitizer) */
    if (!altstack_mem) {
        size_t size = 65536;
        altstack_mem = malloc(size);
        if (!altstack_mem) {
            fprintf(stderr, "inspire runtime: out of memory allocating a signal stack\n");
            abort();
        }
        stack_t ss;
        memset(&ss, 0, sizeof ss);
        ss.ss_sp = altstack_mem;
        ss.ss_size = size;
        ss.ss_flags = 0;
        sigaltstack(&ss, NULL);
    }
}
