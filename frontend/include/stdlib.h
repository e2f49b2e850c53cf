/* <stdlib.h> for x86-64 Linux (glibc).  */
#ifndef _STDLIB_H
#define _STDLIB_H 1

#define __need_NULL
#define __need_size_t
#define __need_wchar_t
#ifdef _GNU_SOURCE
#define __need_locale_t
#endif
#include <bits/inspire_types.h>

#include <alloca.h>
/* glibc exposes <sys/types.h> (int32_t, ...) through <stdlib.h> in its
   default (__USE_MISC) mode, which gcc's gnu dialects select.  */
#include <sys/types.h>

typedef struct {
    int quot;
    int rem;
} div_t;
typedef struct {
    long quot;
    long rem;
} ldiv_t;
typedef struct {
    long long quot;
    long long rem;
} lldiv_t;

#define EXIT_FAILURE 1
#define EXIT_SUCCESS 0
#define RAND_MAX 2147483647

size_t __ctype_get_mb_cur_max(void);
#define MB_CUR_MAX (__ctype_get_mb_cur_max())

double atof(const char *nptr);
int atoi(const char *nptr);
long atol(const char *nptr);
long long atoll(const char *nptr);
double strtod(const char *restrict nptr, char **restrict endptr);
float strtof(const char *restrict nptr, char **restrict endptr);
long double strtold(const char *restrict nptr, char **restrict endptr);
long strtol(const char *restrict nptr, char **restrict endptr, int base);
unsigned long strtoul(const char *restrict nptr, char **restrict endptr, int base);
long long strtoll(const char *restrict nptr, char **restrict endptr, int base);
unsigned long long strtoull(const char *restrict nptr, char **restrict endptr,
                            int base);
long long strtoq(const char *restrict nptr, char **restrict endptr, int base);
unsigned long long strtouq(const char *restrict nptr, char **restrict endptr, int base);
char *l64a(long n);
long a64l(const char *s);
#ifdef _GNU_SOURCE
long strtol_l(const char *restrict nptr, char **restrict endptr, int base, locale_t loc);
unsigned long strtoul_l(const char *restrict nptr, char **restrict endptr, int base,
                        locale_t loc);
long long strtoll_l(const char *restrict nptr, char **restrict endptr, int base,
                    locale_t loc);
unsigned long long strtoull_l(const char *restrict nptr, char **restrict endptr, int base,
                              locale_t loc);
double strtod_l(const char *restrict nptr, char **restrict endptr, locale_t loc);
float strtof_l(const char *restrict nptr, char **restrict endptr, locale_t loc);
long double strtold_l(const char *restrict nptr, char **restrict endptr, locale_t loc);
int strfromd(char *dest, size_t size, const char *format, double f);
int strfromf(char *dest, size_t size, const char *format, float f);
int strfroml(char *dest, size_t size, const char *format, long double f);
#endif

int rand(void);
void srand(unsigned int seed);
int rand_r(unsigned int *seed);
long random(void);
void srandom(unsigned int seed);
char *initstate(unsigned int seed, char *statebuf, size_t statelen);
char *setstate(char *statebuf);
double drand48(void);
double erand48(unsigned short xsubi[3]);
long lrand48(void);
long nrand48(unsigned short xsubi[3]);
long mrand48(void);
long jrand48(unsigned short xsubi[3]);
void srand48(long seedval);
unsigned short *seed48(unsigned short seed16v[3]);
void lcong48(unsigned short param[7]);

/* The state of the reentrant random and rand48 generators (glibc's
   layouts).  */
struct random_data {
    int *fptr;
    int *rptr;
    int *state;
    int rand_type;
    int rand_deg;
    int rand_sep;
    int *end_ptr;
};
struct drand48_data {
    unsigned short __x[3];
    unsigned short __old_x[3];
    unsigned short __c;
    unsigned short __init;
    unsigned long long __a;
};
int random_r(struct random_data *restrict buf, int32_t *restrict result);
int srandom_r(unsigned int seed, struct random_data *buf);
int initstate_r(unsigned int seed, char *restrict statebuf, size_t statelen,
                struct random_data *restrict buf);
int setstate_r(char *restrict statebuf, struct random_data *restrict buf);
int drand48_r(struct drand48_data *restrict buffer, double *restrict result);
int erand48_r(unsigned short xsubi[3], struct drand48_data *restrict buffer,
              double *restrict result);
int lrand48_r(struct drand48_data *restrict buffer, long *restrict result);
int nrand48_r(unsigned short xsubi[3], struct drand48_data *restrict buffer,
              long *restrict result);
int mrand48_r(struct drand48_data *restrict buffer, long *restrict result);
int jrand48_r(unsigned short xsubi[3], struct drand48_data *restrict buffer,
              long *restrict result);
int srand48_r(long seedval, struct drand48_data *buffer);
int seed48_r(unsigned short seed16v[3], struct drand48_data *buffer);
int lcong48_r(unsigned short param[7], struct drand48_data *buffer);
unsigned int arc4random(void);
void arc4random_buf(void *buf, size_t size);
unsigned int arc4random_uniform(unsigned int upper_bound);

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void *reallocarray(void *ptr, size_t nmemb, size_t size);
void free(void *ptr);
void *valloc(size_t size);
int posix_memalign(void **memptr, size_t alignment, size_t size);
void *aligned_alloc(size_t alignment, size_t size);

_Noreturn void abort(void);
int atexit(void (*func)(void));
int at_quick_exit(void (*func)(void));
int on_exit(void (*func)(int status, void *arg), void *arg);
_Noreturn void exit(int status);
_Noreturn void quick_exit(int status);
_Noreturn void _Exit(int status);

char *getenv(const char *name);
int putenv(char *string);
int setenv(const char *name, const char *value, int replace);
int unsetenv(const char *name);
int clearenv(void);
int mkstemp(char *template_name);
char *mkdtemp(char *template_name);
char *mktemp(char *template_name);
int mkstemps(char *template_name, int suffixlen);
int getsubopt(char **restrict optionp, char *const *restrict tokens,
              char **restrict valuep);
int rpmatch(const char *response);
int system(const char *command);
char *realpath(const char *restrict name, char *restrict resolved);
#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
int mkstemp64(char *template_name);  /* the large-file interfaces */
int mkstemps64(char *template_name, int suffixlen);
#endif
#ifdef _GNU_SOURCE
char *secure_getenv(const char *name);
int mkostemp(char *template_name, int flags);
int mkostemp64(char *template_name, int flags);
int mkostemps(char *template_name, int suffixlen, int flags);
int mkostemps64(char *template_name, int suffixlen, int flags);
char *canonicalize_file_name(const char *name);
int posix_openpt(int oflag);
int grantpt(int fd);
int unlockpt(int fd);
char *ptsname(int fd);
int ptsname_r(int fd, char *buf, size_t buflen);
int getpt(void);
#endif

void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
              int (*compar)(const void *, const void *));
void qsort(void *base, size_t nmemb, size_t size,
           int (*compar)(const void *, const void *));
#ifdef _GNU_SOURCE
void qsort_r(void *base, size_t nmemb, size_t size,
             int (*compar)(const void *, const void *, void *), void *arg);
#endif

int abs(int x);
long labs(long x);
long long llabs(long long x);
div_t div(int numer, int denom);
ldiv_t ldiv(long numer, long denom);
lldiv_t lldiv(long long numer, long long denom);

int mblen(const char *s, size_t n);
int mbtowc(wchar_t *restrict pwc, const char *restrict s, size_t n);
int wctomb(char *s, wchar_t wchar);
size_t mbstowcs(wchar_t *restrict pwcs, const char *restrict s, size_t n);
size_t wcstombs(char *restrict s, const wchar_t *restrict pwcs, size_t n);

int getloadavg(double loadavg[], int nelem);

/* Floating-point numbers to decimal digits.  */
char *ecvt(double value, int ndigit, int *restrict decpt, int *restrict sign);
char *fcvt(double value, int ndigit, int *restrict decpt, int *restrict sign);
char *gcvt(double value, int ndigit, char *buf);
char *qecvt(long double value, int ndigit, int *restrict decpt, int *restrict sign);
char *qfcvt(long double value, int ndigit, int *restrict decpt, int *restrict sign);
char *qgcvt(long double value, int ndigit, char *buf);
int ecvt_r(double value, int ndigit, int *restrict decpt, int *restrict sign,
           char *restrict buf, size_t len);
int fcvt_r(double value, int ndigit, int *restrict decpt, int *restrict sign,
           char *restrict buf, size_t len);
int qecvt_r(long double value, int ndigit, int *restrict decpt, int *restrict sign,
            char *restrict buf, size_t len);
int qfcvt_r(long double value, int ndigit, int *restrict decpt, int *restrict sign,
            char *restrict buf, size_t len);

#endif /* _STDLIB_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
