/* GNU section attributes: a test registry as a linker set -- variables
   placed in one section, walked between the __start_ and __stop_ symbols
   the linker defines, in the order the file defines them. */
#include <stdio.h>
struct test { const char *name; int (*run)(void); };
static int one(void) { return 1; }
static int two(void) { return 2; }
static const struct test t_one __attribute__((used, section("mytests"))) = {"one", one};
static const struct test t_two __attribute__((used, section("mytests"))) = {"two", two};
extern const struct test __start_mytests[], __stop_mytests[];
int main(void) {
  int sum = 0, n = 0;
  for (const struct test *t = __start_mytests; t < __stop_mytests; t++) { sum += t->run(); n++; }
  printf("%d tests, sum %d\n", n, sum);
  return 0;
}
