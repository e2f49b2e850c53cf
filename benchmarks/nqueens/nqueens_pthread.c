/*
 * nqueens_pthread - n-queens solution count with one POSIX thread per
 * candidate placement (the thread copies the partial board, checks it and
 * recurses); all candidate threads of a row are joined before their counts
 * are summed.  If a thread cannot be created the candidate runs in the
 * calling thread instead.
 *
 * Build: gcc -O3 -pthread nqueens_pthread.c ../common/driver.c -I../common -lm
 * Verification: against the known solution counts.
 */
#include <stdio.h>
#include <string.h>
#include <alloca.h>
#include <pthread.h>
#include "bench.h"
#include "nqueens.h"

const char bench_name[] = "nqueens";
bench_param bench_params[] = {
    {'n', "n", "board size", {7, 9, 14}, 0},
};
const int bench_nparams = 1;

typedef struct nq_arg {
    int n;
    int j;
    int col;
    const char *a;
    long long solutions;
} nq_arg;

static void nqueens(int n, int j, char *a, long long *solutions);

static void *nq_thread(void *p)
{
    nq_arg *arg = p;
    char *b = alloca(arg->n * sizeof(char));
    memcpy(b, arg->a, arg->j * sizeof(char));
    b[arg->j] = (char)arg->col;
    arg->solutions = 0;
    if (ok(arg->j + 1, b)) {
        nqueens(arg->n, arg->j + 1, b, &arg->solutions);
    }
    return NULL;
}

static void nqueens(int n, int j, char *a, long long *solutions)
{
    nq_arg args[n];
    pthread_t th[n];
    int created[n];
    int i;
    if (n == j) {
        *solutions = 1;
        return;
    }
    for (i = 0; i < n; i++) {
        args[i].n = n;
        args[i].j = j;
        args[i].col = i;
        args[i].a = a;
        args[i].solutions = 0;
        created[i] = pthread_create(&th[i], NULL, nq_thread, &args[i]) == 0;
        if (!created[i]) {
            nq_thread(&args[i]);
        }
    }
    *solutions = 0;
    for (i = 0; i < n; i++) {
        if (created[i]) {
            pthread_join(th[i], NULL);
        }
        *solutions += args[i].solutions;
    }
}

void bench_run(void)
{
    int n = (int)bench_arg(0);
    char *a = alloca(n * sizeof(char));
    nqueens(n, 0, a, &total);
}
