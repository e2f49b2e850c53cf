/* Functions declared through a typedef of a function type (static Proc
   add;) and called before their definitions: the declarations count, so
   the calls are no implicit declarations; #pragma GCC visibility, which
   only matters to shared objects, is accepted silently as gcc does. */
#include <stdio.h>

#pragma GCC visibility push(default)
typedef int Proc(int a, int b);
static Proc add;
Proc sub;
#pragma GCC visibility pop

static int first(int a, int b) { return add(a, b) * 10 + sub(a, b); }
static int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }

int main(void) {
  printf("%d\n", first(2, 3));
  return 0;
}
