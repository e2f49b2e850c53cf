/* GCC's __builtin_constant_p: a builtin, not an implicitly declared
   function (no warning), answered by the C compiler. */
#include <stdio.h>

#define SQUARE(x) (__builtin_constant_p(x) ? (x) * (x) : square(x))

static int square(int x) { return x * x; }

int main(int argc, char **argv) {
  (void)argv;
  printf("%d %d %d\n", __builtin_constant_p(42), __builtin_constant_p(1 + 2),
         __builtin_constant_p(argc));
  printf("%d %d\n", SQUARE(7), SQUARE(argc + 1));
  return 0;
}
