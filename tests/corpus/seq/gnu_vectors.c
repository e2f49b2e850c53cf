/* GNU C vectors (vector_size): the operators element by element, a vector
   and a scalar, comparisons, subscripts as lvalues, casts of their bits,
   initialisers, compound assignment, vectors in records, arrays and calls,
   GCC's __builtin_shuffle and __builtin_convertvector. */
#include <stdio.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4su __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned char v16qu __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));
typedef char v8qi __attribute__((vector_size(8)));

struct tagged {
  v4si lanes;
  int tag;
};

static v4si twice(v4si x) { return x + x; }
static int bump(int *k) { return ++*k; }
static v4sf (*scale_by)(v4sf, float);
static v4sf scale(v4sf x, float s) { return x * s; }

static void show(const char *name, v4si v) {
  printf("%-8s %d %d %d %d\n", name, v[0], v[1], v[2], v[3]);
}

static void show_real(const char *name, v4sf v) {
  printf("%-8s %g %g %g %g\n", name, v[0], v[1], v[2], v[3]);
}

int main(void) {
  v4si a = {1, -2, 3, -4}, b = {10, 20, 30, 40};
  v4su u = {1, 2, 3, 4};
  v4sf f = {0.5f, -1.5f, 2.25f, 8.0f};
  v2df d = {1.0 / 3, -0.0};
  v8hi h = {1, 2, 3, 4, 5, 6, 7, 8};
  v16qu q = {255, 1, 2, 3};
  v4si partial = {7};
  int k = 0;
  show("add", a + b);
  show("sub", a - b);
  show("mul", a * b);
  show("div", b / a);
  show("mod", b % a);
  show("and", a & b);
  show("or", a | b);
  show("xor", a ^ b);
  show("shl", a << 2);
  show("shr", b >> (v4si){1, 2, 3, 4});
  show("scalar", 3 - a);
  show("scalar2", a * 2 + 1);
  show("signs", a + u);
  show("neg", -a);
  show("not", ~a);
  show("plus", +a);
  show("lt", a < b);
  show("eq", a == 3);
  show("fgt", f > 1.0f);
  show_real("fadd", f + f);
  show_real("fmul", f * 2.0f);
  show_real("fneg", -f);
  show_real("exact", 2.5 - f * 2.0 + 1 - 0x1p-3);
  printf("%-8s %.17g %g\n", "double", (d * 3)[0], 1 / (d - 0.0)[1]);
  show("partial", partial);
  a[2] = 99;
  a[0] += 5;
  int *p = &a[1];
  *p = -7;
  show("lanes", a);
  a += 1;
  a++;
  a -= b;
  a <<= 1;
  a |= (v4si){1, 0, 0, 0};
  show("compound", a);
  show("call", twice(b));
  struct tagged t = {{1, 2, 3, 4}, 5};
  t.lanes *= t.tag;
  show("member", t.lanes);
  v4si rows[2] = {{1, 1, 1, 1}, {2, 2, 2, 2}};
  show("array", rows[0] + rows[1]);
  show("once", b + bump(&k));
  printf("%-8s k=%d\n", "once", k);
  v2di wide = (v2di)b;
  printf("%-8s %llx %llx\n", "bits", (unsigned long long)wide[0], (unsigned long long)wide[1]);
  show("back", (v4si)wide);
  printf("%-8s %llx\n", "int128", (unsigned long long)((__int128)b >> 64));
  show_real("float", (v4sf)(v4si){0x3f800000, 0x40000000, 0, 0});
  printf("%-8s %d %d %d %d\n", "narrow", (h * h)[7], (h >> 1)[3], (q + 1)[0], (q + 1)[1]);
  v8qi small = {1, 2, 3, 4, 5, 6, 7, 8};
  printf("%-8s %d %zu %zu\n", "small", (small * 3)[7], sizeof small, _Alignof(v8qi));
  printf("%-8s %zu %zu %zu\n", "sizes", sizeof(v4si), sizeof(a[0]), _Alignof(v2df));
  v4si chosen = k ? a : b;
  show("chosen", chosen);
  const v4si fixed = {4, 3, 2, 1};
  printf("%-8s %d\n", "const", fixed[0] + fixed[3]);
  scale_by = scale;
  show_real("pointer", scale_by(f, 4.0f));
  v4si mask = {3, 2, 1, 0}, pick = {0, 4, 1, 5};
  show("shuffle", __builtin_shuffle(b, mask));
  show("pair", __builtin_shuffle(b, (v4si){-1, -2, -3, -4}, pick));
  show_real("fshuffle", __builtin_shuffle(f, mask));
  show("convert", __builtin_convertvector(f * 3, v4si));
  v2df halves = __builtin_convertvector((v2di){7, -9}, v2df) / 2;
  printf("%-8s %g %g\n", "convert2", halves[0], halves[1]);
  return 0;
}
