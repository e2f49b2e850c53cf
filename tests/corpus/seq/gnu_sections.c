/* GNU section attributes: a test registry as a linker set -- variables
   placed in one section, walked between the __start_ and __stop_ symbols
   the linker defines, in the order the file defines them; static locals
   too (ell's debug descriptors, declared by a macro inside functions). */
#include <stdio.h>
struct test { const char *name; int (*run)(void); };
static int one(void) { return 1; }
static int two(void) { return 2; }
static const struct test t_one __attribute__((used, section("mytests"))) = {"one", one};
static const struct test t_two __attribute__((used, section("mytests"))) = {"two", two};
extern const struct test __start_mytests[], __stop_mytests[];

struct debug_desc {
  const char *func;
  int line;
} __attribute__((aligned(8)));
#define DEBUG_POINT(sym)                                                              \
  do {                                                                                \
    static struct debug_desc sym __attribute__((used, retain, section("debug_points"), \
                                                aligned(8))) = {__func__, __LINE__};  \
    (void)sym;                                                                        \
  } while (0)
extern struct debug_desc __start_debug_points[], __stop_debug_points[];

static void traced(void) { DEBUG_POINT(here); }

int main(void) {
  int sum = 0, n = 0;
  for (const struct test *t = __start_mytests; t < __stop_mytests; t++) {
    sum += t->run();
    n++;
  }
  printf("%d tests, sum %d\n", n, sum);
  traced();
  DEBUG_POINT(there);
  for (struct debug_desc *d = __start_debug_points; d < __stop_debug_points; d++)
    printf("%s\n", d->func);
  return 0;
}
