/* Static locals: a volatile one without an initialiser (zero), and one
   initialised with a function whose body has a GNU statement expression
   (only the initialiser's own expressions matter, not the function's). */
#include <stdio.h>

static int five(void) {
  int n = ({
    int k = 2;
    k + 3;
  });
  return n;
}

int main(void) {
  static volatile int lock;
  static int (*pick)(void) = five;
  int before = lock;
  lock = 3;
  printf("%d %d %d\n", before, lock, pick());
  return 0;
}
