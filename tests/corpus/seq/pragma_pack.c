/* #pragma pack as gcc reads it: push and pop (named too), pack(N) and
 * pack(), records nested in packed ones, unions, a block-scope pragma, and
 * the layouts and member accesses that follow. */
#include <stdio.h>
#include <stddef.h>
struct plain { char c; int i; double d; };
#pragma pack(push, 2)
struct two { char c; int i; double d; short s; };
#pragma pack(push, rec, 1)
struct one { char c; int i; struct plain p; };
union u1 { char c[3]; int i; };
#pragma pack(pop, rec)
struct two_again { char c; long l; };
#pragma pack(4)
struct four { char c; double d; char e; };
#pragma pack()
struct dflt { char c; double d; };
#pragma pack(pop)
struct after { char c; double d; };
#pragma pack(8)
struct eight { char c; int i; };
int main(void) {
#pragma pack(push, 1)
  struct local { char c; int i; } l = { 'x', 7 };
#pragma pack(pop)
  struct one o = { 'a', 3, { 'b', 4, 2.5 } };
  o.i += 1;
  printf("%zu %zu %zu | %zu %zu %zu %zu | %zu %zu %zu | %zu %zu %zu | %zu %zu %zu %zu | %zu %d %d %.1f\n",
         sizeof(struct two), offsetof(struct two, i), offsetof(struct two, d),
         sizeof(struct one), offsetof(struct one, p), _Alignof(struct one), sizeof(union u1),
         sizeof(struct two_again), offsetof(struct two_again, l), _Alignof(struct two_again),
         sizeof(struct four), offsetof(struct four, d), _Alignof(struct four),
         sizeof(struct dflt), sizeof(struct after), sizeof(struct eight), sizeof(struct plain),
         sizeof l, l.i, o.i, o.p.d);
  return 0;
}
