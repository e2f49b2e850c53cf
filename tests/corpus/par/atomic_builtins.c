/* GCC's __atomic_* builtins (every form: _n and generic, fetch-op and
 * op-fetch, compare-exchange success and failure, test-and-set, fences,
 * lock-free queries) used sequentially and from concurrent tasks. */
#include <stdbool.h>
#include <stdio.h>

static long counter;
static int lock_flag;

static void spin_lock(void)
{
    while (__atomic_test_and_set(&lock_flag, __ATOMIC_ACQUIRE))
        ;
}

static void spin_unlock(void) { __atomic_clear(&lock_flag, __ATOMIC_RELEASE); }

static void add_with_cas(long *p, long v)
{
    long seen = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(p, &seen, seen + v, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_RELAXED))
        ;
}

int main(void)
{
    int x = 10, y, z = 3, old;
    unsigned char bits = 0xF0;
    __atomic_store_n(&x, 11, __ATOMIC_RELEASE);
    __atomic_load(&x, &y, __ATOMIC_ACQUIRE);
    __atomic_store(&x, &z, __ATOMIC_SEQ_CST);
    printf("store/load: x %d y %d\n", x, y);
    old = __atomic_exchange_n(&x, 20, __ATOMIC_ACQ_REL);
    __atomic_exchange(&x, &z, &y, __ATOMIC_SEQ_CST);
    printf("exchange: old %d y %d x %d\n", old, y, x);
    printf("fetch_add %d add_fetch %d\n", __atomic_fetch_add(&x, 5, __ATOMIC_RELAXED),
           __atomic_add_fetch(&x, 5, __ATOMIC_RELAXED));
    printf("fetch_sub %d sub_fetch %d\n", __atomic_fetch_sub(&x, 1, __ATOMIC_RELAXED),
           __atomic_sub_fetch(&x, 1, __ATOMIC_RELAXED));
    printf("and %d or %d xor %d\n", __atomic_fetch_and(&bits, 0x3C, __ATOMIC_SEQ_CST),
           __atomic_or_fetch(&bits, 0x01, __ATOMIC_SEQ_CST),
           __atomic_xor_fetch(&bits, 0xFF, __ATOMIC_SEQ_CST));
    int expected = 99, desired = 7;
    bool ok = __atomic_compare_exchange_n(&x, &expected, 1, false, __ATOMIC_SEQ_CST,
                                          __ATOMIC_SEQ_CST);
    printf("cas fail: ok %d expected %d x %d\n", ok, expected, x);
    ok = __atomic_compare_exchange(&x, &expected, &desired, true, __ATOMIC_SEQ_CST,
                                   __ATOMIC_SEQ_CST);
    printf("cas success: ok %d expected %d x %d\n", ok, expected, x);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    printf("lock free: %d %d\n", __atomic_always_lock_free(sizeof(long), 0),
           __atomic_is_lock_free(sizeof x, &x));

    long guarded = 0;
    #pragma omp parallel
    #pragma omp single
    for (int i = 1; i <= 100; i++) {
        #pragma omp task firstprivate(i) shared(guarded)
        {
            add_with_cas(&counter, i);
            spin_lock();
            guarded += i;
            spin_unlock();
        }
    }
    printf("tasks: counter %ld guarded %ld flag %d\n", counter, guarded, lock_flag);
    return 0;
}
