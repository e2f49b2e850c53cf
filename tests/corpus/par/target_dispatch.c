/* Functions compiled for another instruction set (GNU target attribute and
   #pragma GCC target), chosen at run time: AVX2 code where the processor
   has it, tasks and a parallel loop inside such a function; the plain path
   computes the same numbers. */
#include <stdio.h>
#include <immintrin.h>

__attribute__((target("avx2"))) static int pair_sum_avx2(const int *p) {
  __m256i v = _mm256_loadu_si256((const __m256i *)p);
  int out[8];
  _mm256_storeu_si256((__m256i *)out, _mm256_add_epi32(v, v));
  return out[0] + out[7];
}

static int pair_sum_plain(const int *p) { return 2 * (p[0] + p[7]); }

#pragma GCC push_options
#pragma GCC target("avx2")
static int doubled_total(const int *p, int n) {
  if (n <= 8) {
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    int out[8], total = 0;
    _mm256_storeu_si256((__m256i *)out, _mm256_add_epi32(v, v));
    for (int k = 0; k < 8; k++)
      total += out[k];
    return total;
  }
  int left, right;
#pragma omp task shared(left) firstprivate(p, n)
  left = doubled_total(p, n / 2);
#pragma omp task shared(right) firstprivate(p, n)
  right = doubled_total(p + n / 2, n - n / 2);
#pragma omp taskwait
  return left + right;
}

static int lanes_total(const int *p, int n) {
  int total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i += 8) {
    int out[8];
    _mm256_storeu_si256((__m256i *)out, _mm256_loadu_si256((const __m256i *)(p + i)));
    for (int k = 0; k < 8; k++)
      total += out[k];
  }
  return total;
}
#pragma GCC pop_options

static int doubled_total_plain(const int *p, int n) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += 2 * p[i];
  return total;
}

int main(void) {
  int data[64];
  for (int i = 0; i < 64; i++)
    data[i] = i * i - 7;
  int avx2 = __builtin_cpu_supports("avx2");
  int pair = avx2 ? pair_sum_avx2(data) : pair_sum_plain(data);
  int doubled;
#pragma omp parallel
#pragma omp single
  doubled = avx2 ? doubled_total(data, 64) : doubled_total_plain(data, 64);
  int total = avx2 ? lanes_total(data, 64) : doubled_total_plain(data, 64) / 2;
  printf("%d %d %d\n", pair, doubled, total);
  return 0;
}
