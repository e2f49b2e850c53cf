/* <wchar.h> for x86-64 Linux (glibc): wide strings, conversions between
   multibyte and wide characters, and wide character I/O.  */
#ifndef _WCHAR_H
#define _WCHAR_H 1

#define __need_NULL
#define __need_size_t
#define __need_wchar_t
#define __need_wint_t
#define __need_mbstate_t
#define __need_FILE
#define __need_locale_t
#define __need___gnuc_va_list
#include <bits/inspire_types.h>

#define WCHAR_MIN (-2147483647 - 1)
#define WCHAR_MAX (2147483647)
#ifndef WEOF
#define WEOF (0xffffffffu)
#endif

/* Only named by wcsftime; <time.h> defines it.  */
struct tm;

/* Copying, concatenation, comparison.  */
wchar_t *wcscpy(wchar_t *restrict dest, const wchar_t *restrict src);
wchar_t *wcsncpy(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
wchar_t *wcpcpy(wchar_t *restrict dest, const wchar_t *restrict src);
wchar_t *wcpncpy(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
wchar_t *wcscat(wchar_t *restrict dest, const wchar_t *restrict src);
wchar_t *wcsncat(wchar_t *restrict dest, const wchar_t *restrict src, size_t n);
wchar_t *wcsdup(const wchar_t *s);
int wcscmp(const wchar_t *s1, const wchar_t *s2);
int wcsncmp(const wchar_t *s1, const wchar_t *s2, size_t n);
int wcscasecmp(const wchar_t *s1, const wchar_t *s2);
int wcsncasecmp(const wchar_t *s1, const wchar_t *s2, size_t n);
int wcscasecmp_l(const wchar_t *s1, const wchar_t *s2, locale_t locale);
int wcsncasecmp_l(const wchar_t *s1, const wchar_t *s2, size_t n, locale_t locale);
int wcscoll(const wchar_t *s1, const wchar_t *s2);
size_t wcsxfrm(wchar_t *restrict s1, const wchar_t *restrict s2, size_t n);
int wcscoll_l(const wchar_t *s1, const wchar_t *s2, locale_t locale);
size_t wcsxfrm_l(wchar_t *s1, const wchar_t *s2, size_t n, locale_t locale);

/* Searching.  */
size_t wcslen(const wchar_t *s);
size_t wcsnlen(const wchar_t *s, size_t maxlen);
wchar_t *wcschr(const wchar_t *wcs, wchar_t wc);
wchar_t *wcsrchr(const wchar_t *wcs, wchar_t wc);
size_t wcscspn(const wchar_t *wcs, const wchar_t *reject);
size_t wcsspn(const wchar_t *wcs, const wchar_t *accept);
wchar_t *wcspbrk(const wchar_t *wcs, const wchar_t *accept);
wchar_t *wcsstr(const wchar_t *haystack, const wchar_t *needle);
wchar_t *wcstok(wchar_t *restrict s, const wchar_t *restrict delim,
                wchar_t **restrict save_ptr);

/* Arrays of wide characters.  */
wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n);
int wmemcmp(const wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *wmemcpy(wchar_t *restrict s1, const wchar_t *restrict s2, size_t n);
wchar_t *wmemmove(wchar_t *s1, const wchar_t *s2, size_t n);
wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n);

/* Single characters and restartable conversions.  */
wint_t btowc(int c);
int wctob(wint_t c);
int mbsinit(const mbstate_t *ps);
size_t mbrtowc(wchar_t *restrict pwc, const char *restrict s, size_t n,
               mbstate_t *restrict ps);
size_t wcrtomb(char *restrict s, wchar_t wc, mbstate_t *restrict ps);
size_t mbrlen(const char *restrict s, size_t n, mbstate_t *restrict ps);
size_t mbsrtowcs(wchar_t *restrict dst, const char **restrict src, size_t len,
                 mbstate_t *restrict ps);
size_t wcsrtombs(char *restrict dst, const wchar_t **restrict src, size_t len,
                 mbstate_t *restrict ps);
size_t mbsnrtowcs(wchar_t *restrict dst, const char **restrict src, size_t nmc, size_t len,
                  mbstate_t *restrict ps);
size_t wcsnrtombs(char *restrict dst, const wchar_t **restrict src, size_t nwc, size_t len,
                  mbstate_t *restrict ps);

/* Numbers.  */
double wcstod(const wchar_t *restrict nptr, wchar_t **restrict endptr);
float wcstof(const wchar_t *restrict nptr, wchar_t **restrict endptr);
long double wcstold(const wchar_t *restrict nptr, wchar_t **restrict endptr);
long wcstol(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
unsigned long wcstoul(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
long long wcstoll(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
unsigned long long wcstoull(const wchar_t *restrict nptr, wchar_t **restrict endptr,
                            int base);

/* Wide character I/O.  */
int fwide(FILE *stream, int mode);
int fwprintf(FILE *restrict stream, const wchar_t *restrict format, ...);
int wprintf(const wchar_t *restrict format, ...);
int swprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict format, ...);
int vfwprintf(FILE *restrict stream, const wchar_t *restrict format, __gnuc_va_list arg);
int vwprintf(const wchar_t *restrict format, __gnuc_va_list arg);
int vswprintf(wchar_t *restrict s, size_t n, const wchar_t *restrict format,
              __gnuc_va_list arg);
int fwscanf(FILE *restrict stream, const wchar_t *restrict format, ...);
int wscanf(const wchar_t *restrict format, ...);
int swscanf(const wchar_t *restrict s, const wchar_t *restrict format, ...);
int vfwscanf(FILE *restrict stream, const wchar_t *restrict format, __gnuc_va_list arg);
int vwscanf(const wchar_t *restrict format, __gnuc_va_list arg);
int vswscanf(const wchar_t *restrict s, const wchar_t *restrict format, __gnuc_va_list arg);
wint_t fgetwc(FILE *stream);
wint_t getwc(FILE *stream);
wint_t getwchar(void);
wint_t fputwc(wchar_t wc, FILE *stream);
wint_t putwc(wchar_t wc, FILE *stream);
wint_t putwchar(wchar_t wc);
wchar_t *fgetws(wchar_t *restrict ws, int n, FILE *restrict stream);
int fputws(const wchar_t *restrict ws, FILE *restrict stream);
wint_t ungetwc(wint_t wc, FILE *stream);
FILE *open_wmemstream(wchar_t **bufloc, size_t *sizeloc);

size_t wcsftime(wchar_t *restrict s, size_t maxsize, const wchar_t *restrict format,
                const struct tm *restrict tp);

#ifdef _GNU_SOURCE
wchar_t *wcschrnul(const wchar_t *s, wchar_t wc);
wchar_t *wmempcpy(wchar_t *restrict s1, const wchar_t *restrict s2, size_t n);
int wcwidth(wchar_t c);
int wcswidth(const wchar_t *s, size_t n);
long long wcstoq(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
unsigned long long wcstouq(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base);
long wcstol_l(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base,
              locale_t locale);
unsigned long wcstoul_l(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base,
                        locale_t locale);
long long wcstoll_l(const wchar_t *restrict nptr, wchar_t **restrict endptr, int base,
                    locale_t locale);
unsigned long long wcstoull_l(const wchar_t *restrict nptr, wchar_t **restrict endptr,
                              int base, locale_t locale);
double wcstod_l(const wchar_t *restrict nptr, wchar_t **restrict endptr, locale_t locale);
float wcstof_l(const wchar_t *restrict nptr, wchar_t **restrict endptr, locale_t locale);
long double wcstold_l(const wchar_t *restrict nptr, wchar_t **restrict endptr,
                      locale_t locale);
size_t wcsftime_l(wchar_t *restrict s, size_t maxsize, const wchar_t *restrict format,
                  const struct tm *restrict tp, locale_t locale);
wint_t getwc_unlocked(FILE *stream);
wint_t getwchar_unlocked(void);
wint_t fgetwc_unlocked(FILE *stream);
wint_t fputwc_unlocked(wchar_t wc, FILE *stream);
wint_t putwc_unlocked(wchar_t wc, FILE *stream);
wint_t putwchar_unlocked(wchar_t wc);
wchar_t *fgetws_unlocked(wchar_t *restrict ws, int n, FILE *restrict stream);
int fputws_unlocked(const wchar_t *restrict ws, FILE *restrict stream);
wchar_t *wcswcs(const wchar_t *haystack, const wchar_t *needle);
#endif

#endif /* _WCHAR_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
