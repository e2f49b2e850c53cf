/* Declarations of one object or function with internal linkage: a tentative
   static definition completed later, an extern declaration after a static
   one (file scope and block scope), a static function declared again
   without storage class. */
#include <stdio.h>

static int table[3];
static int *first = table;
static int count;
extern int count;

static int scale(int v);
int scale(int v);

int lookup(int i) { return table[i] * scale(count); }

static int table[3] = {4, 5, 6};
static int count = 2;
static int limit = 7;
extern int limit;

int scale(int v) { return v + limit; }

int main(void) {
  extern int count;
  count++;
  printf("%d %d %d\n", lookup(2), *first, count);
  return 0;
}
