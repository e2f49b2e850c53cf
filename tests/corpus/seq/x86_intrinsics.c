/* x86 intrinsics through <immintrin.h> and <x86intrin.h>: the intrinsics
   are the C compiler's own functions (and, without optimisation, macros
   calling its builtins), vector values pass through the program. */
#include <stdio.h>
#include <immintrin.h>
#include <x86intrin.h>

static __m128i add_lanes(__m128i a, __m128i b) { return _mm_add_epi32(a, b); }

static int count_zero_bytes(const unsigned char *p) {
  __m128i bytes = _mm_loadu_si128((const __m128i *)p);
  return __builtin_popcount(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())));
}

int main(void) {
  __m128i a = _mm_setr_epi32(1, 2, 3, 4);
  __m128i reversed = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 1, 2, 3));
  __m128i shifted = _mm_slli_epi32(reversed, 2);
  __m128 f = _mm_set_ps(1.0f, 2.0f, 3.0f, 4.0f);
  __m128 g = _mm_shuffle_ps(f, f, 0x1b);
  __m128d root = _mm_sqrt_pd(_mm_set1_pd(2.0));
  int lanes[4];
  float reals[4];
  double roots[2];
  _mm_storeu_si128((__m128i *)lanes, add_lanes(shifted, a));
  _mm_storeu_ps(reals, _mm_mul_ps(g, f));
  _mm_storeu_pd(roots, root);
  printf("%d %d %d %d\n", lanes[0], lanes[1], lanes[2], lanes[3]);
  printf("%g %g %g %g\n", reals[0], reals[1], reals[2], reals[3]);
  printf("%.6f %d\n", roots[0], _mm_extract_epi16(shifted, 2));
  unsigned char buffer[16] = {1, 0, 2, 0, 3};
  printf("%d\n", count_zero_bytes(buffer));
  __m128i mixed = (__m128i)((__v4si)a * 3);
  printf("%lld %lld\n", (long long)mixed[0], (long long)mixed[1]);
  unsigned long long start = __builtin_ia32_rdtsc();
  __builtin_ia32_mfence();
  __builtin_ia32_lfence();
  printf("%d\n", __builtin_ia32_rdtsc() >= start);
  void *block = _mm_malloc(64, 32);
  printf("%d\n", (int)((unsigned long)block % 32));
  _mm_free(block);
  return 0;
}
