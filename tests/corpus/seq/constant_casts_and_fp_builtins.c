/* A floating constant cast to an integer type is an integer constant
   expression (C11 6.6p6: array sizes, enumerators; autoconf's stdbool
   check), and GCC's classification builtins of one type are known
   without <math.h> (__builtin_isnanf, __builtin_signbitl ...). */
#include <stdbool.h>
#include <stdio.h>

char two[(int)2.0];
char checked[(bool)0.5 ? 1 : -1];
enum { TRUNCATED = (int)3.9e0, BYTE = (unsigned char)255.0, HEX = (int)0x1p4 };

int main(void) {
  volatile float f = 1.0f;
  volatile double d = -2.0;
  volatile long double l = 3.0L;
  printf("%zu %zu %d %d %d\n", sizeof two, sizeof checked, TRUNCATED, BYTE, HEX);
  printf("%d %d %d %d %d %d\n", __builtin_isnanf(f), __builtin_signbit(d) != 0,
         __builtin_signbitf(f), __builtin_signbitl(l), __builtin_isinff(f),
         __builtin_finite(d));
  return 0;
}
