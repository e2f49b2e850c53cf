/*
 * bench.h - interface between the shared benchmark driver (driver.c) and
 * a benchmark kernel.
 *
 * A kernel is one C file that defines every symbol declared in the
 * "provided by the kernel" section below.  The driver parses the command
 * line, fills in the kernel's parameters, calls the hooks in this order
 *
 *     bench_init()            set up inputs (not timed)
 *     bench_run()             the parallel computation (timed)
 *     bench_run_serial()      serial reference, only with -c (not timed)
 *     bench_verify()          only with -c
 *     bench_checksum()        always
 *     bench_free()
 *
 * and prints a BOTS-style report.  The same two files build the serial
 * elision (no -fopenmp) and the OpenMP version.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* size classes selected with -s */
#define BENCH_SIZE_TEST 0
#define BENCH_SIZE_MEDIUM 1
#define BENCH_SIZE_PAPER 2
#define BENCH_NSIZES 3

/* results of bench_verify() */
#define BENCH_NOT_PERFORMED 0
#define BENCH_SUCCESSFUL 1
#define BENCH_FAILED 2

/* One numeric command-line parameter of a kernel, e.g. -n 35. */
typedef struct bench_param {
    char opt;                     /* option letter (not s, c or h) */
    const char *name;             /* short name printed in the Size line */
    const char *help;             /* one-line description for -h */
    double sizes[BENCH_NSIZES];   /* default per size class */
    double value;                 /* value in effect, set by the driver */
} bench_param;

/* ---- provided by the kernel ------------------------------------------ */
extern const char bench_name[];
extern bench_param bench_params[];
extern const int bench_nparams;

void bench_init(void);
void bench_run(void);
void bench_run_serial(void);
int bench_verify(void);
void bench_checksum(char *buf, size_t len);
void bench_free(void);

/* ---- provided by the driver ------------------------------------------ */
/* value of parameter i of bench_params, as an integer / real number */
long bench_arg(int i);
double bench_argf(int i);
/* wall-clock seconds (gettimeofday) */
double bench_now(void);
/* print an error and exit with status 2 */
void bench_fatal(const char *msg);
/* malloc that exits on failure */
void *bench_malloc(size_t size);

#ifdef __cplusplus
}
#endif

#endif
