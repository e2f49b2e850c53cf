/*
 * test_context.c -- unit test of the context switch: ping-pong between the
 * main context and several fibers, checking that callee-saved registers,
 * floating point values and the SSE rounding mode survive switches, that
 * fibers start with 16-byte aligned stacks, and timing the switch.
 *
 * usage: test_context <rounds>
 */
#include <fenv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fiber.h"
#include "stack_pool.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

#define NF 3
static inspire_fiber_t home;
static inspire_fiber_t *fib[NF];
static long rounds;
static long counter[NF];

/* Work that keeps many values live across the switch, so the compiler puts
 * them in callee-saved registers. */
static void fiber_body(void *arg) {
    inspire_fiber_entered();
    long k = (long)(intptr_t)arg;
    volatile char probe[16] __attribute__((aligned(16)));
    CHECK(((uintptr_t)probe & 15) == 0);
    if (k == 1)
        fesetround(FE_UPWARD); /* per-fiber MXCSR state */
    long a = k, b = 2 * k + 1, c = 3 * k + 2, d = 5 * k + 3, e = 7 * k + 4, f = 11 * k + 5;
    double x = 0.5 * (double)k;
    for (long i = 0; i < rounds; i++) {
        a += 1;
        b += a;
        c ^= b;
        d += c * 3;
        e -= d;
        f += e ^ a;
        x += 0.25;
        counter[k]++;
        inspire_fiber_switch(fib[k], &home, 0);
        CHECK(counter[k] == i + 1);
        if (k == 1)
            CHECK(fegetround() == FE_UPWARD);
        else
            CHECK(fegetround() == FE_TONEAREST);
    }
    /* Recompute the same sequence without switching. */
    long a2 = k, b2 = 2 * k + 1, c2 = 3 * k + 2, d2 = 5 * k + 3, e2 = 7 * k + 4, f2 = 11 * k + 5;
    double x2 = 0.5 * (double)k;
    for (long i = 0; i < rounds; i++) {
        a2 += 1;
        b2 += a2;
        c2 ^= b2;
        d2 += c2 * 3;
        e2 -= d2;
        f2 += e2 ^ a2;
        x2 += 0.25;
    }
    CHECK(a == a2 && b == b2 && c == c2 && d == d2 && e == e2 && f == f2 && x == x2);
    counter[k] = -1; /* finished */
    inspire_fiber_switch(fib[k], &home, 1);
    abort(); /* never resumed */
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    rounds = argc > 1 ? atol(argv[1]) : 100000;
    inspire_stack_pool_t pool;
    inspire_stack_pool_init(&pool, 1000);
    inspire_fiber_init_home(&home);
    for (int k = 0; k < NF; k++)
        fib[k] = inspire_stack_acquire(&pool, fiber_body, (void *)(intptr_t)k);
    long m1 = 1, m2 = 2, m3 = 3;
    double t0 = now();
    for (long i = 0; i <= rounds; i++) {
        for (int k = 0; k < NF; k++) {
            m1 = m1 * 3 + k;
            m2 ^= m1;
            m3 += m2;
            inspire_fiber_switch(&home, fib[k], 0);
        }
        CHECK(fegetround() == FE_TONEAREST);
    }
    double t1 = now();
    long r1 = 1, r2 = 2, r3 = 3;
    for (long i = 0; i <= rounds; i++)
        for (int k = 0; k < NF; k++) {
            r1 = r1 * 3 + k;
            r2 ^= r1;
            r3 += r2;
        }
    CHECK(m1 == r1 && m2 == r2 && m3 == r3);
    for (int k = 0; k < NF; k++) {
        CHECK(counter[k] == -1);
        inspire_stack_release(&pool, fib[k]);
    }
    CHECK(pool.nfree == NF);
    double per = (t1 - t0) / (double)((rounds + 1) * NF * 2) * 1e9;
    printf("context ok: asm=%d switches %ld, %.1f ns per switch\n", INSPIRE_CONTEXT_ASM,
           (rounds + 1) * NF * 2, per);
    inspire_stack_pool_destroy(&pool);
    return 0;
}
