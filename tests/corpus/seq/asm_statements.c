/* GNU C asm statements passed through verbatim: basic asm, extended asm with
   outputs ("=r", "+r", "+m", early clobber), inputs, clobbers, the volatile
   and inline qualifiers and the __asm__/__volatile__ spellings; operands are
   locals, array elements, struct members and expressions.  x86-64 assembly,
   with the same arithmetic in C elsewhere. */
#include <stdio.h>

struct acc {
    int count;
    long total;
};

static int add(int a, int b)
{
    int out;
#if defined(__x86_64__)
    __asm__ __volatile__("movl %1, %0\n\taddl %2, %0" : "=&r"(out) : "r"(a), "r"(b) : "cc");
#else
    out = a + b;
#endif
    return out;
}

static void bump(struct acc *acc, long by)
{
#if defined(__x86_64__)
    asm inline("incl %0\n\taddq %2, %1" : "+m"(acc->count), "+r"(acc->total) : "r"(by) : "cc");
#else
    acc->count++;
    acc->total += by;
#endif
}

int main(void)
{
    int x = 5, y = 7, z = 0;
    asm("nop");
    asm volatile("" ::: "memory");
#if defined(__x86_64__)
    __asm__("addl %1, %0" : "+r"(x) : "g"(y));
    asm volatile("incl %0" : "+m"(z));
#else
    x += y;
    z++;
#endif
    unsigned long long sum = 0;
    int arr[4] = {1, 2, 3, 4};
    struct acc acc = {0, 0};
    for (int i = 0; i < 4; i++) {
#if defined(__x86_64__)
        __asm("addq %1, %0" : "+r"(sum) : "r"((unsigned long long)arr[i] * 10));
#else
        sum += (unsigned long long)arr[i] * 10;
#endif
        bump(&acc, arr[i] + 100);
    }
    /* named operands, a modifier on one, a matching constraint by name */
    int named = 3, copy = 0, matched = 10;
#if defined(__x86_64__)
    __asm__("addl %[by], %[v]" : [v] "+r"(named) : [by] "g"(y));
    __asm__ volatile("movl %k[src], %[dst]\n\tincl %[dst]" : [dst] "=&r"(copy) : [src] "r"(y) : "cc");
    __asm__("addl %2, %0" : [out] "=r"(matched) : "[out]"(matched), "r"(x));
#else
    named += y;
    copy = y + 1;
    matched += x;
#endif
    printf("%d %d %d %llu %d %ld\n", x, z, add(x, y), sum, acc.count, acc.total);
    printf("%d %d %d\n", named, copy, matched);
    return 0;
}
