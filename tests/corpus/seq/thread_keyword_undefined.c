/* __thread is a keyword, not a macro: a program may define and undefine a
   macro of that name (PARSEC's threading macros do) and still use it. */
#include <stdio.h>

#define __thread __thread_table
#undef __thread

static __thread int counter = 3;
__thread long total;

int main(void) {
  counter += 2;
  total = counter * 10L;
  printf("%d %ld\n", counter, total);
  return 0;
}
