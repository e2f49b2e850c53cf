/* GNU may_alias: an lvalue of such a type may access an object of any
   type, so a store through it may change a float the compiler would
   otherwise assume unchanged (under strict aliasing this prints 1, not 3);
   a packed may_alias struct reads unaligned bytes. */
#include <stdio.h>

typedef int __attribute__((may_alias)) aliasing_int;
typedef unsigned int __attribute__((__may_alias__)) alias_u32;
typedef struct { unsigned long long v; } __attribute__((packed, may_alias)) unaligned64;

__attribute__((noinline)) static float store_both(float *x, aliasing_int *y) {
  *x = 1.0f;
  *y = 0x40400000; /* the bits of 3.0f */
  return *x;
}

static unsigned bits(const float *f) { return *(const alias_u32 *)f; }

int main(void) {
  float f;
  unsigned char buf[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  printf("%g\n", store_both(&f, (aliasing_int *)&f));
  f = 1.0f;
  printf("%x %llx\n", bits(&f), ((const unaligned64 *)(buf + 1))->v);
  return 0;
}
