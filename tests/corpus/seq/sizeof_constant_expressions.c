/* sizeof of an expression (a string literal, a compound literal) and
   _Alignof/__alignof__ are integer constant expressions: file-scope array
   sizes, enumerators, case labels and static assertions may use them, and a
   block-scope array whose size uses them is not a variable length array.
   The operand is not evaluated; sizeof of a variable length array is not
   a constant. */
#include <stddef.h>
#include <stdio.h>

struct S { char c; double d; int v[5]; };
static struct S g;
static const char msg[] = "hello";
__attribute__((aligned(32))) static int g32;
int table[sizeof g.v / sizeof g.v[0]];
char buf[sizeof "abcdef"];
enum { N = sizeof msg, A = _Alignof(double), B = __alignof__(g), C = sizeof(int[3]) * 2,
       G = __alignof__(g32), H = _Alignof(char[3]) };
_Static_assert(sizeof table == 5 * sizeof(int), "table");
int from_literal[sizeof (int[]){1, 2, 3} / sizeof(int)];

static size_t parameter_size(int n, int a[sizeof n]) { return sizeof a[0] * sizeof n; }

int main(int argc, char **argv) {
  int x = 0, y = 0;
  int local[sizeof x * 2];
  static int slocal[sizeof local / sizeof local[0]];
  int counted[sizeof(y++)];
  int vla[argc + 2];
  int whole[sizeof vla];
  (void)argv;
  switch (x + 4) {
  case sizeof x:
    printf("case sizeof x\n");
    break;
  default:
    printf("default\n");
  }
  printf("%zu %zu %d %d %d %d %d %d\n", sizeof table, sizeof buf, N, A, B, C, G, H);
  printf("%zu %zu %zu %zu %zu %d %zu\n", sizeof local, sizeof slocal, sizeof from_literal,
         sizeof counted, sizeof whole, y, parameter_size(1, counted));
  return 0;
}
