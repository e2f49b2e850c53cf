/* GNU destructor functions run when the program exits, after the
   functions main and the constructors register with atexit: higher
   priorities first, the last declared first; one returning a value is
   called all the same.  This file does not include <stdlib.h>: the
   registration declares what it needs. */
#include <stdio.h>

static int constructed;

__attribute__((destructor)) static void first_declared(void) { printf("first declared\n"); }
__attribute__((destructor)) static void last_declared(void) { printf("last declared\n"); }
__attribute__((destructor(101))) static void early(void) { printf("101 %d\n", constructed); }
static int with_value(void) __attribute__((__destructor__(200)));
static int with_value(void) {
  printf("200\n");
  return 7;
}
__attribute__((constructor)) static void setup(void) { constructed = 1; }

int main(void) {
  printf("main %d\n", constructed);
  return 0;
}
