/* Initializers with omitted braces (C11 6.7.9p17-20): a member that is an
 * aggregate takes as many of the following initializers as it has members,
 * after positional and one-part designated initializers alike. */
#include <stdio.h>
#pragma GCC diagnostic ignored "-Wmissing-braces" /* the point of the program */
int A[2][2]={1,2,3,4};
struct kv{int k; long v;};
struct nest { int a[2]; struct kv p; int z; };
int B[][3] = {1,2,3,4,5};
struct nest N = {1, 2, 3, 4, 5};
char S[2][4] = {"ab", "cd"};
static void positional(void) { struct kv t[2]={7,64,8,65}; int L[2][2] = {1,2,3}; struct nest M[2] = {1,2,3,4,5,6};
printf("%d %ld %ld %d %d %d %d %ld %d %d %s %d %ld\n",A[1][0],t[0].v,t[1].v,B[1][1],(int)(sizeof B/sizeof B[0]),N.a[1],N.p.k,N.p.v,N.z,L[1][1],S[1],M[1].a[0],M[0].p.v); }

struct in { int a, b; };
struct out { int x; struct in m; int y; };
union u { struct in s; int i; };
struct anon { int p; struct { int q, r; }; int z; };
struct bits { int a : 3; int : 2; int b : 4; int c; };
static void designated(void) {
  struct out o = {.m = 1, 2, 3};
  struct out o2 = {1, .m.b = 5, 6};
  union u uu[2] = {1, 2, 3};
  union u ud = {.i = 9};
  int r[6] = {[1 ... 2] = 4, 5};
  struct anon an = {1, 2, 3, 4};
  struct bits bb[2] = {1, 2, 3, 4, 5, 6};
  int e[2][2] = {};
  char ch[][3] = {"ab", 'x', 'y', 'z', "q"};
  printf("%d %d %d | %d %d %d | %d %d %d | %d | %d %d %d %d | %d %d %d %d | %d %d %d | %d | %d %c %s\n",
    o.m.a, o.m.b, o.y, o2.x, o2.m.b, o2.y, uu[0].s.a, uu[0].s.b, uu[1].s.a, ud.i,
    r[1], r[2], r[3], r[4], an.p, an.q, an.r, an.z, bb[0].a, bb[0].b, bb[1].c, e[1][1],
    (int)sizeof ch, ch[1][2], ch[2]);
}

int main(void)
{
    positional();
    designated();
    return 0;
}
