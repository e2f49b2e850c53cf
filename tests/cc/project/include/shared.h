/* Shared by app/, lib/ and plain/: the interfaces between the directories. */
#ifndef SHARED_H
#define SHARED_H

#define FIB_N 20
#define VALUES 1000

long pfib(int n);                          /* lib/fib.c: OpenMP tasks */
long sum_squares(const int *v, int n);     /* lib/sum.c: OpenMP tasks over halves */
void report(const char *what, long value); /* app/report.c */
unsigned mix(unsigned hash, long value);   /* plain/mix.c: built by the plain C compiler */

#endif
