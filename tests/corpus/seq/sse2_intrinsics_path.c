/* A program that uses SSE2 intrinsics when __SSE2__ is defined (as gcc
   defines it on x86-64) and portable code otherwise: the intrinsics path. */
#include <stdio.h>
#ifdef __SSE2__
#include <emmintrin.h>
static int count(const unsigned char *p) { __m128i a = _mm_loadu_si128((const __m128i *)p); return __builtin_popcount(_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_setzero_si128()))); }
#else
static int count(const unsigned char *p) { int n = 0; for (int i = 0; i < 16; i++) n += p[i] == 0; return n; }
#endif
int main(void) { unsigned char b[16] = {1, 0, 2, 0, 3}; printf("%d\n", count(b)); return 0; }
