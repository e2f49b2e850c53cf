/* _Generic tells long from long long (one IR type) by the declaration of a
 * variable, parameter, global or static selector, through typedef names,
 * also for a construct's private copy and a reduction's; constants and
 * casts by their spelling. */
#include <stdio.h>
#include <stdint.h>
#define FMT(x)                                                                 \
    _Generic((x), int: "%d\n", long: "%ld\n", long long: "%lld\n",            \
             unsigned long long: "%llu\n", unsigned long: "%lu\n", default: "?\n")
typedef long long ll;
long long g = 5; long h = 6; static ll k = 7;
void show(long long a, long b, ll c, int64_t d, uint64_t e) {
  printf(FMT(a), a); printf(FMT(b), b); printf(FMT(c), c); printf(FMT(d), d); printf(FMT(e), e);
}
int main(void) {
  long long s = 0; long t = 0; unsigned long long u = 9; size_t z = 3;
  #pragma omp parallel for reduction(+:s,t)
  for (int i = 0; i < 1000; i++) { s += i; t += 2 * i; }
  printf(FMT(s), s); printf(FMT(t), t); printf(FMT(u), u); printf(FMT(z), z);
  printf(FMT(g), g); printf(FMT(h), h); printf(FMT(k), k); printf(FMT(1LL), 1LL); printf(FMT((ll)2), (ll)2);
  #pragma omp parallel private(s) num_threads(1)
  { s = 4; printf(FMT(s), s); }
  show(1, 2, 3, 4, 5);
  return 0;
}
