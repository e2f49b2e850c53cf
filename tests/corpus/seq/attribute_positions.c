/* GNU layout attributes in the other places gcc takes them: packed on an
   enumeration (its type becomes the smallest integer type that holds its
   values), aligned among a typedef's specifiers, aligned at the start of an
   object's declaration, aligned after one of several declarators (that
   declarator's alone), aligned among a member's specifiers (every member
   the declaration declares), and aligned on a function (its code's
   alignment). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum __attribute__((packed)) small { SMALL_LOW, SMALL_HIGH = 255 };
enum signed_small { NEGATIVE = -1, POSITIVE = 100, } __attribute__((__packed__));
enum __attribute__((packed)) { WIDE = 256 } wide_value = WIDE;
typedef enum __attribute__((packed)) { BIG = 70000 } big_t;
enum mixed { MIXED_LOW = -129 } __attribute__((packed)) mixed_value;

typedef __attribute__((aligned(8))) int int8_aligned;
typedef __attribute__((aligned(64))) struct line { int a; } line_t;
typedef int __attribute__((aligned(16))) int16_aligned;
typedef __attribute__((aligned(32))) double (*callback_t)(double);
__attribute__((aligned(32))) int aligned_global;
static __attribute__((aligned(16))) char aligned_static[3];

__attribute__((aligned(64))) static int twice(int x) { return 2 * x; }
int __attribute__((aligned(32))) thrice(int x);
int thrice(int x) { return 3 * x; }

struct holder { char c; enum small s; enum signed_small t; };

static char first __attribute__((aligned(32))), second;
static char third, fourth[3] __attribute__((aligned(64))) = {1, 2, 3};
struct members { char a __attribute__((aligned(16))), b; short c, d __attribute__((aligned(8))); };
struct among { int a; int __attribute__((aligned(16))) b; char c; long long __attribute__((aligned(32))) d, e; };

int main(void)
{
    enum small s = SMALL_HIGH;
    enum signed_small t = NEGATIVE;
    s++;
    t--;
    printf("small %zu %d %d\n", sizeof(enum small), (int)s, (enum small)-1 > 0);
    printf("signed %zu %d\n", sizeof(enum signed_small), (int)t);
    printf("wide %zu %d big %zu mixed %zu\n", sizeof wide_value, (int)wide_value, sizeof(big_t),
           sizeof mixed_value);
    printf("holder %zu\n", sizeof(struct holder));
    printf("generic %d %d %d\n", _Generic(s, unsigned char: 1, default: 0),
           _Generic(t, signed char: 1, default: 0), _Generic(SMALL_HIGH, int: 1, default: 0));
    printf("typedefs %zu %zu %zu %zu %zu\n", _Alignof(int8_aligned), _Alignof(line_t),
           _Alignof(struct line), _Alignof(int16_aligned), _Alignof(callback_t));
    printf("objects %zu %zu %d %d\n", _Alignof(aligned_global), _Alignof(aligned_static),
           (int)((uintptr_t)&aligned_global % 32), (int)((uintptr_t)aligned_static % 16));
    printf("functions %d %d\n", twice(21), thrice(14));
    int local_a = 1, local_b __attribute__((aligned(32))) = 2, local_c = 3;
    printf("declarators %zu %zu %zu %zu %d\n", _Alignof(first), _Alignof(second), _Alignof(third),
           _Alignof(fourth), fourth[2]);
    printf("locals %zu %zu %zu %d\n", _Alignof(local_a), _Alignof(local_b), _Alignof(local_c),
           local_a + local_b + local_c + (int)((uintptr_t)&local_b % 32));
    printf("members %zu %zu %zu %zu %zu\n", sizeof(struct members), _Alignof(struct members),
           offsetof(struct members, b), offsetof(struct members, c), offsetof(struct members, d));
  printf("among %zu %zu %zu %zu %zu\n", sizeof(struct among), _Alignof(struct among),
         offsetof(struct among, b), offsetof(struct among, d), offsetof(struct among, e));
    return 0;
}
