/* GNU mode on a typedef name: the integer type of the mode's size, keeping
   its signedness (TI: 128 bits, as crypto code spells it), or the floating
   type of the mode's size. */
#include <stdio.h>

typedef unsigned int u128 __attribute__((mode(TI)));
typedef int s64 __attribute__((__mode__(__DI__)));
typedef unsigned u8m __attribute__((mode(QI)));
typedef __attribute__((mode(HI))) int s16;
typedef float dbl __attribute__((mode(DF)));
typedef int word_t __attribute__((mode(word)));

int main(void) {
  u128 big = (u128)1 << 100;
  s64 x = -1;
  u8m c = (u8m)300;
  s16 h = (s16)70000;
  dbl d = 1.0 / 3;
  printf("%zu %zu %zu %zu %zu %zu\n", sizeof(u128), sizeof(s64), sizeof(u8m), sizeof(s16),
         sizeof(dbl), sizeof(word_t));
  printf("%d %lld %u %d %.17g %d\n", (int)(big >> 98), (long long)x, (unsigned)c, h, d,
         _Generic(x, long: 1, long long: 2, default: 0));
  return 0;
}
