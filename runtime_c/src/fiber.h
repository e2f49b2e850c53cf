/*
 * fiber.h -- execution contexts and the user-level context switch.
 *
 * A fiber is a saved register context plus the stack it runs on.  Pooled
 * fibers own an mmap'd stack (see stack_pool.h); "home" fibers describe a
 * stack the runtime did not allocate (the main thread's stack, or a worker
 * thread's pthread stack) and are never pooled.
 *
 * The switch saves only what the System V x86-64 ABI says a callee must
 * preserve: rbx, rbp, r12-r15, the stack pointer, and the control bits of
 * MXCSR and the x87 control word.  Everything else is caller-saved, and the
 * switch is an ordinary function call as far as the compiler is concerned.
 *
 * Sanitizers: under ThreadSanitizer every fiber has a TSan fiber object and
 * each switch is announced with __tsan_switch_to_fiber; under
 * AddressSanitizer switches are bracketed with __sanitizer_start/finish_switch_fiber.
 */
#ifndef INSPIRE_FIBER_H
#define INSPIRE_FIBER_H

#include <stddef.h>

#include "inspire_rt_config.h"
#include "internal.h"

#if !INSPIRE_CONTEXT_ASM
#include <ucontext.h>
#endif

#if defined(__SANITIZE_THREAD__)
#define INSPIRE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define INSPIRE_TSAN 1
#endif
#endif
#ifndef INSPIRE_TSAN
#define INSPIRE_TSAN 0
#endif

#if defined(__SANITIZE_ADDRESS__)
#define INSPIRE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define INSPIRE_ASAN 1
#endif
#endif
#ifndef INSPIRE_ASAN
#define INSPIRE_ASAN 0
#endif

typedef void (*inspire_fiber_entry_fn)(void *arg);

typedef struct inspire_fiber {
#if INSPIRE_CONTEXT_ASM
    void *sp; /* saved stack pointer; the registers are on that stack */
#else
    ucontext_t uc;
#endif
    char *stack_lo;            /* lowest usable byte of the stack */
    size_t stack_size;         /* usable bytes above stack_lo */
    char *map_base;            /* mmap'd region (guard first), NULL for home fibers */
    size_t map_size;           /* bytes mapped */
    struct inspire_fiber *next; /* stack pool free list */
    inspire_fiber_entry_fn entry;
    void *arg;
#if INSPIRE_TSAN
    void *tsan_fiber;
    int tsan_owned; /* created by us (destroy on unmap) */
#endif
#if INSPIRE_ASAN
    void *asan_fake_stack;
#endif
} inspire_fiber_t;

/* Describe the stack of the calling thread as a home fiber.
 * May be called from: any thread, once per thread, before its first switch. */
INSPIRE_INTERNAL void inspire_fiber_init_home(inspire_fiber_t *f);

/* Prepare f (whose stack fields are set) to start entry(arg) on its next
 * switch-in.  entry must never return; it leaves by switching away.
 * May be called from: any thread, on a fiber nobody is running on. */
INSPIRE_INTERNAL void inspire_fiber_make(inspire_fiber_t *f, inspire_fiber_entry_fn entry,
                                         void *arg);

/* Save the current context into `from` and resume `to`.  Returns when some
 * thread switches back to `from`.  `from_dies`=1 says `from` will never be
 * resumed (lets AddressSanitizer drop its fake stack).
 * May be called from: a thread currently running on `from`. */
INSPIRE_INTERNAL void inspire_fiber_switch(inspire_fiber_t *from, inspire_fiber_t *to,
                                           int from_dies);

/* Must be the first call of every fiber entry function (finishes the switch
 * for the sanitizers; no-op otherwise). */
INSPIRE_INTERNAL void inspire_fiber_entered(void);

/* Release sanitizer state of a pooled fiber before its stack is unmapped. */
INSPIRE_INTERNAL void inspire_fiber_destroy(inspire_fiber_t *f);

#endif /* INSPIRE_FIBER_H */
