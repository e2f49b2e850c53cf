/* GNU alias attributes: another name of a function or variable the file
   defines (calls, values and addresses are the target's), weak aliases of
   a default handler (no file defines them here), an alias of a static
   variable, and one declared again later. */
#include <stdio.h>

static int calls;
void default_handler(void) { calls++; }
void on_start(void) __attribute__((weak, alias("default_handler")));
void on_stop(void) __attribute__((weak, alias("default_handler")));

static int impl_value = 42;
extern int public_value __attribute__((alias("impl_value")));

int twice(int x) { return 2 * x; }
int double_it(int) __attribute__((alias("twice")));
int double_it(int);

int main(void) {
  on_start();
  on_stop();
  void (*handler)(void) = on_start;
  public_value++;
  printf("%d %d %d %d %d\n", calls, impl_value, double_it(21), handler == default_handler,
         &public_value == &impl_value);
  return 0;
}
