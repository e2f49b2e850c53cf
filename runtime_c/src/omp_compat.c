/*
 * omp_compat.c -- the omp_* runtime library on top of the inspire runtime,
 * link-compatible with the declarations in gcc's and clang's <omp.h>, so
 * generated code may keep calls such as omp_get_thread_num() unchanged.
 * Do not link together with libgomp/libomp.
 */
#include "internal.h"

#include "inspire_rt.h"

#if INSPIRE_OMP_COMPAT

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_num_procs(void);
void omp_set_num_threads(int n);
void omp_set_dynamic(int on);
int omp_get_dynamic(void);
int omp_in_parallel(void);
int omp_in_final(void);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(inspire_lock_t *l);
void omp_destroy_lock(inspire_lock_t *l);
void omp_set_lock(inspire_lock_t *l);
void omp_unset_lock(inspire_lock_t *l);
int omp_test_lock(inspire_lock_t *l);
void omp_init_nest_lock(inspire_nest_lock_t *l);
void omp_destroy_nest_lock(inspire_nest_lock_t *l);
void omp_set_nest_lock(inspire_nest_lock_t *l);
void omp_unset_nest_lock(inspire_nest_lock_t *l);
int omp_test_nest_lock(inspire_nest_lock_t *l);

int omp_get_thread_num(void) { return inspire_thread_num(); }
int omp_get_num_threads(void) { return inspire_num_threads(); }
int omp_get_max_threads(void) { return inspire_max_threads(); }
int omp_get_num_procs(void) { return inspire_num_workers(); }
void omp_set_num_threads(int n) { inspire_set_num_threads(n); }
void omp_set_dynamic(int on) { inspire_set_dynamic(on); }
int omp_get_dynamic(void) { return inspire_get_dynamic(); }
int omp_in_parallel(void) { return inspire_num_threads() > 1; }
int omp_in_final(void) { return inspire_in_final(); }
double omp_get_wtime(void) { return inspire_wtime(); }
double omp_get_wtick(void) { return 1e-9; }
void omp_init_lock(inspire_lock_t *l) { inspire_lock_init(l); }
void omp_destroy_lock(inspire_lock_t *l) { inspire_lock_destroy(l); }
void omp_set_lock(inspire_lock_t *l) { inspire_lock_set(l); }
void omp_unset_lock(inspire_lock_t *l) { inspire_lock_unset(l); }
int omp_test_lock(inspire_lock_t *l) { return inspire_lock_test(l); }
void omp_init_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_init(l); }
void omp_destroy_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_destroy(l); }
void omp_set_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_set(l); }
void omp_unset_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_unset(l); }
int omp_test_nest_lock(inspire_nest_lock_t *l) { return inspire_nest_lock_test(l); }

_Static_assert(sizeof(inspire_lock_t) <= 4, "inspire_lock_t must fit omp_lock_t (4 bytes)");
_Static_assert(sizeof(inspire_nest_lock_t) <= 16,
               "inspire_nest_lock_t must fit omp_nest_lock_t (16 bytes)");

#else
typedef int inspire_omp_compat_disabled_t;
#endif
