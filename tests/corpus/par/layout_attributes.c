/* Record layouts set by GNU attributes and _Alignas (packed, aligned on a
 * record or a member, through a macro, on typedefs and unions) are gcc's:
 * sizeof, _Alignof and offsetof agree, and tasks capture such records by
 * value (their closures have the packed size) and by reference. */
#include <stddef.h>
#include <stdio.h>

#define PACKED __attribute__((packed))

struct p1 { char c; int i; long l; } PACKED;
struct __attribute__((__packed__)) p2 { char c; short s; double d; };
typedef struct { char c; int i __attribute__((aligned(16))); } a1;
struct a2 { char c; } __attribute__((aligned(32)));
struct a3 { char c; _Alignas(8) char d; _Alignas(double) char e; };
union u1 { char c[5]; int i; } __attribute__((packed, aligned(2)));
struct mix { char c; struct p1 inner; a1 al; } __attribute__((aligned));

static long sum_p1(struct p1 v) { return v.c + v.i + v.l; }

int main(void)
{
    printf("p1 %zu %zu %zu\n", sizeof(struct p1), _Alignof(struct p1), offsetof(struct p1, l));
    printf("p2 %zu %zu %zu\n", sizeof(struct p2), _Alignof(struct p2), offsetof(struct p2, d));
    printf("a1 %zu %zu %zu\n", sizeof(a1), _Alignof(a1), offsetof(a1, i));
    printf("a2 %zu %zu\n", sizeof(struct a2), _Alignof(struct a2));
    printf("a3 %zu %zu %zu\n", sizeof(struct a3), offsetof(struct a3, d), offsetof(struct a3, e));
    printf("u1 %zu %zu\n", sizeof(union u1), _Alignof(union u1));
    printf("mix %zu %zu %zu\n", sizeof(struct mix), _Alignof(struct mix),
           offsetof(struct mix, al));

    struct p1 items[8];
    long results[8] = {0};
    struct mix shared = {1, {2, 3, 4}, {5, 6}};
    for (int k = 0; k < 8; k++) {
        items[k].c = (char)k;
        items[k].i = 10 * k;
        items[k].l = 100L * k;
    }
    #pragma omp parallel
    #pragma omp single
    for (int k = 0; k < 8; k++) {
        struct p1 v = items[k];
        #pragma omp task firstprivate(v) shared(results, shared)
        {
            results[k] = sum_p1(v) + shared.inner.l + shared.al.i;
        }
    }
    long total = 0;
    for (int k = 0; k < 8; k++)
        total += results[k];
    printf("tasks %ld\n", total);
    return 0;
}
