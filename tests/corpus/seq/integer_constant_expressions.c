/* Integer constant expressions (enumerators, array sizes) computed as C
   computes them: unsigned arithmetic wraps and the usual arithmetic
   conversions apply; offsetof is one too. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

enum { A = -1U > 0, B = (-1 < 0U), C = ~0U > 0, D = UINT_MAX + 1U == 0, E = (0U - 1) / 2 == 2147483647,
       F = 2U * 2147483648U == 0, G = sizeof(int) - 5 > 0, H = (unsigned char)300, I = (signed char)200,
       J = -7 / 2, K = -7 % 2, M = (0ULL - 1) == (unsigned long long)-1, N = 'a' + 1,
       O = (short)-1 < 0U, P = 5 > 3 ? -1 : 2U };

typedef struct { char c; double d; int a[4]; } S;
typedef union { void *p; char pad[offsetof(S, d)]; } U;
enum { OFF = offsetof(S, a[2]), ALSO = __builtin_offsetof(S, d) + 1 };
static char table[offsetof(S, a)];

int main(void) {
  char buf[-1U > 0 ? 8 : 4];
  (void)sizeof(char[((0ULL - 1) == (unsigned long long)-1) ? 1 : -1]);
  printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %u %zu\n", A, B, C, D, E, F, G, H, I, J, K, M, N,
         O, (unsigned)P, sizeof buf);
  printf("%zu %d %d %zu\n", sizeof(U), OFF, ALSO, sizeof table);
  return 0;
}
