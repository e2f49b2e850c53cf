/* Exercises the GCC __sync builtins used by BOTS-style codes:
 * __sync_fetch_and_add/sub/or/and/xor, __sync_add_and_fetch,
 * __sync_sub_and_fetch, __sync_bool_compare_and_swap,
 * __sync_val_compare_and_swap, __sync_lock_test_and_set,
 * __sync_lock_release and __sync_synchronize, on int, long and pointer-sized
 * operands (single-threaded here; the parallel corpus uses them concurrently). */
#include <stdio.h>

static int counter = 0;
static long big = 1L << 40;
static unsigned int mask = 0xF0u;

/* lock-free push onto a stack of indices using compare-and-swap */
static int next_of[16];
static int top = -1;

static void push(int idx)
{
    int old;
    do {
        old = top;
        next_of[idx] = old;
    } while (!__sync_bool_compare_and_swap(&top, old, idx));
}

static int pop(void)
{
    int old, nxt;
    do {
        old = top;
        if (old < 0)
            return -1;
        nxt = next_of[old];
    } while (__sync_val_compare_and_swap(&top, old, nxt) != old);
    return old;
}

int main(void)
{
    int before = __sync_fetch_and_add(&counter, 5);
    int after = __sync_add_and_fetch(&counter, 10);
    int sub_before = __sync_fetch_and_sub(&counter, 3);
    int sub_after = __sync_sub_and_fetch(&counter, 2);
    printf("add/sub: %d %d %d %d counter=%d\n", before, after, sub_before, sub_after, counter);

    long lb = __sync_fetch_and_add(&big, 1L);
    printf("long: before=%ld now=%ld\n", lb, big);

    unsigned int o = __sync_fetch_and_or(&mask, 0x0Fu);
    unsigned int a = __sync_fetch_and_and(&mask, 0x3Cu);
    unsigned int x = __sync_fetch_and_xor(&mask, 0xFFu);
    printf("bits: %X %X %X mask=%X\n", o, a, x, mask);

    int v = 7;
    int swapped = __sync_bool_compare_and_swap(&v, 7, 8);
    int not_swapped = __sync_bool_compare_and_swap(&v, 7, 9);
    int seen = __sync_val_compare_and_swap(&v, 8, 100);
    int seen2 = __sync_val_compare_and_swap(&v, 8, 200);
    printf("cas: %d %d seen=%d seen2=%d v=%d\n", swapped, not_swapped, seen, seen2, v);

    int lock = 0;
    int prev = __sync_lock_test_and_set(&lock, 1);
    int prev2 = __sync_lock_test_and_set(&lock, 1);
    __sync_lock_release(&lock);
    __sync_synchronize();
    printf("lock: %d %d released=%d\n", prev, prev2, lock);

    for (int i = 0; i < 10; i++)
        push(i);
    int popped_sum = 0, order = 0;
    for (int k; (k = pop()) >= 0;) {
        popped_sum += k;
        order = order * 10 % 1000003 + k;
    }
    printf("stack: sum=%d order=%d\n", popped_sum, order);

    int ok = counter == 10 && v == 100 && popped_sum == 45 && lock == 0;
    printf("%s\n", ok ? "sync_builtins: ok" : "sync_builtins: FAILED");
    return !ok;
}
