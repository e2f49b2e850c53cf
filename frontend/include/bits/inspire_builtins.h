/* GCC's builtin functions that real programs call without including any
   header, declared with GCC's own signatures.  The preprocessor includes this
   file before every source file (as if by -include), so to the parser they
   are ordinary external functions; being declared by a bundled header, they
   are never re-emitted, and the C compiler sees its own builtins.

   Type-generic builtins (__atomic_*, __sync_*, __builtin_add_overflow ...)
   and those that need the call's source position (__builtin_LINE ...) or
   choose at compile time (__builtin_choose_expr) cannot be declared in C;
   the lowering recognises those by name.  */
#ifndef _INSPIRE_BUILTINS_H
#define _INSPIRE_BUILTINS_H 1

/* Floating-point values and classification (<math.h>'s macros expand to
   the type-generic ones, which have no prototype; programs call the others
   directly).  */
float __builtin_huge_valf(void);
double __builtin_huge_val(void);
long double __builtin_huge_vall(void);
float __builtin_inff(void);
float __builtin_nanf(const char *tagp);
int __builtin_fpclassify(int, int, int, int, int, ...);
int __builtin_isfinite();
int __builtin_isinf_sign();
int __builtin_isnan();
int __builtin_isnormal();
int __builtin_signbit();
int __builtin_isgreater();
int __builtin_isgreaterequal();
int __builtin_isless();
int __builtin_islessequal();
int __builtin_islessgreater();
int __builtin_isunordered();
int __builtin_isinf();
int __builtin_isnanf(float x);
int __builtin_isnanl(long double x);
int __builtin_isinff(float x);
int __builtin_isinfl(long double x);
int __builtin_finite(double x);
int __builtin_finitef(float x);
int __builtin_finitel(long double x);
int __builtin_signbitf(float x);
int __builtin_signbitl(long double x);

int __builtin_popcount(unsigned int x);
int __builtin_popcountl(unsigned long x);
int __builtin_popcountll(unsigned long long x);
int __builtin_parity(unsigned int x);
int __builtin_parityl(unsigned long x);
int __builtin_parityll(unsigned long long x);
int __builtin_clz(unsigned int x);
int __builtin_clzl(unsigned long x);
int __builtin_clzll(unsigned long long x);
int __builtin_ctz(unsigned int x);
int __builtin_ctzl(unsigned long x);
int __builtin_ctzll(unsigned long long x);
int __builtin_clrsb(int x);
int __builtin_clrsbl(long x);
int __builtin_clrsbll(long long x);
int __builtin_ffs(int x);
int __builtin_ffsl(long x);
int __builtin_ffsll(long long x);
unsigned short __builtin_bswap16(unsigned short x);
unsigned int __builtin_bswap32(unsigned int x);
unsigned long __builtin_bswap64(unsigned long x);
void __builtin_prefetch(const void *address, ...);
void __builtin_ia32_pause(void);
/* the x86 builtins programs call themselves (the others: lower_expr) */
unsigned long long __builtin_ia32_rdtsc(void);
unsigned long long __builtin_ia32_rdtscp(unsigned int *aux);
unsigned long long __builtin_ia32_rdpmc(int counter);
void __builtin_ia32_lfence(void);
void __builtin_ia32_mfence(void);
void __builtin_ia32_sfence(void);
void __builtin_ia32_clflush(const void *address);
void __builtin_unreachable(void);
/* Any argument, unevaluated; the C compiler answers for the emitted C.  */
int __builtin_constant_p();
void __builtin_trap(void);
/* which instruction sets the running processor has (x86) */
void __builtin_cpu_init(void);
int __builtin_cpu_supports(const char *feature);
int __builtin_cpu_is(const char *cpu);
void *__builtin_return_address(unsigned int level);
void *__builtin_malloc(unsigned long size);
void *__builtin_calloc(unsigned long count, unsigned long size);
void *__builtin_realloc(void *pointer, unsigned long size);
void __builtin_free(void *pointer);
void *__builtin_memcpy(void *to, const void *from, unsigned long size);
void *__builtin_memmove(void *to, const void *from, unsigned long size);
void *__builtin_memset(void *to, int byte, unsigned long size);
int __builtin_memcmp(const void *a, const void *b, unsigned long size);
unsigned long __builtin_strlen(const char *s);
void __builtin_abort(void);
int __builtin_abs(int x);
long __builtin_labs(long x);
double __builtin_fabs(double x);
float __builtin_fabsf(float x);
double __builtin_sqrt(double x);
double __builtin_inf(void);
float __builtin_inff(void);
double __builtin_huge_val(void);
float __builtin_huge_valf(void);
double __builtin_nan(const char *payload);
/* The library functions GCC also knows as __builtin_NAME (the same function). */
struct _IO_FILE;
int __builtin_printf(const char *format, ...);
int __builtin_fprintf(struct _IO_FILE *stream, const char *format, ...);
int __builtin_sprintf(char *s, const char *format, ...);
int __builtin_snprintf(char *s, unsigned long n, const char *format, ...);
int __builtin_puts(const char *s);
int __builtin_putchar(int c);
int __builtin_fputs(const char *s, struct _IO_FILE *stream);
void __builtin_exit(int status);
void __builtin__exit(int status);
int __builtin_strcmp(const char *a, const char *b);
int __builtin_strncmp(const char *a, const char *b, unsigned long n);
char *__builtin_strcpy(char *to, const char *from);
char *__builtin_strncpy(char *to, const char *from, unsigned long n);
char *__builtin_strcat(char *to, const char *from);
char *__builtin_strchr(const char *s, int c);
char *__builtin_strrchr(const char *s, int c);
char *__builtin_strstr(const char *s, const char *part);
void *__builtin_memchr(const void *s, int c, unsigned long n);
void *__builtin_alloca(unsigned long size);
long long __builtin_llabs(long long x);
long double __builtin_fabsl(long double x);
float __builtin_sqrtf(float x);
long double __builtin_sqrtl(long double x);
double __builtin_exp(double x);
double __builtin_log(double x);
double __builtin_pow(double x, double y);
double __builtin_sin(double x);
double __builtin_cos(double x);
double __builtin_floor(double x);
double __builtin_ceil(double x);
double __builtin_round(double x);
double __builtin_trunc(double x);
double __builtin_fmod(double x, double y);
double __builtin_fmin(double x, double y);
double __builtin_fmax(double x, double y);
double __builtin_copysign(double x, double y);
float __builtin_nanf(const char *payload);
long double __builtin_infl(void);
long double __builtin_huge_vall(void);
long double __builtin_nanl(const char *payload);
void *__builtin_frame_address(unsigned int level);
void *__builtin_assume_aligned(const void *pointer, unsigned long alignment, ...);
unsigned long __builtin_object_size(const void *pointer, int type);
unsigned long __builtin_dynamic_object_size(const void *pointer, int type);
long __builtin_expect_with_probability(long value, long expected, double probability);

/* GNU __real__ x and __imag__ x are predefined as *(__inspire_real_part *)&x
   and *(__inspire_imag_part *)&x, which the parser reads as unary
   expressions like the operators; the lowering recognises the names.  */
typedef double __inspire_real_part;
typedef double __inspire_imag_part;

/* gcc's predefined names of the 128-bit integer types.  */
typedef __int128 __int128_t;
typedef unsigned __int128 __uint128_t;

/* GNU C's __auto_type, as the lexer spells it (frontend/cparse.py): a type
   specifier to the parser; the lowering infers the declared type from the
   initialiser.  */
typedef void __inspire_auto_type;

#endif /* _INSPIRE_BUILTINS_H */
