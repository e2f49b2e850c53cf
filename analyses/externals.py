"""What the analyses assume about functions without a body (libc, libm, pthreads).

A call of an external function contributes an *effort* (the granularity
analysis, in the unit of the builtins table: one simple arithmetic operation
is 1) and a *stack allowance* in bytes (the stack-size analysis).  The
allowances err on the large side: a stack estimate that is too low crashes
the program, one that is too high only reserves address space.  ``printf``
and friends format through a large on-stack buffer in glibc, so they get
the largest allowance of the known functions; an unknown external function
gets :data:`UNKNOWN`, larger still.

Each entry is ``name: (effort, stack bytes)``.
"""

from __future__ import annotations

from typing import NamedTuple


class ExternalCost(NamedTuple):
    """The assumed cost of one call of a function without a body."""

    effort: int
    stack_bytes: int


_FORMATTED_IO = ExternalCost(1000, 12 * 1024)
_STRING = ExternalCost(50, 256)
_MATH = ExternalCost(20, 512)
_ALLOC = ExternalCost(100, 2048)
_THREADS = ExternalCost(200, 2048)
_SYSCALL = ExternalCost(500, 1024)

#: Functions without a body reached through a call whose callee is unknown
#: (not in the table below, or a function pointer).
UNKNOWN = ExternalCost(100, 16 * 1024)

#: Known external functions, by name.
TABLE: dict[str, ExternalCost] = {
    **dict.fromkeys(
        (
            "printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf puts fputs "
            "putchar fputc putc fwrite fread fgets fgetc getc getchar scanf fscanf sscanf "
            "fopen fclose fflush perror strtod strtof strtold atof"
        ).split(),
        _FORMATTED_IO,
    ),
    **dict.fromkeys(
        (
            "memcpy memmove memset memcmp strlen strcpy strncpy strcat strncat strcmp "
            "strncmp strchr strrchr strstr strdup atoi atol atoll strtol strtoul strtoll "
            "strtoull abs labs llabs toupper tolower isdigit isalpha isspace isalnum isupper "
            "islower rand srand rand_r"
        ).split(),
        _STRING,
    ),
    **dict.fromkeys(
        (
            "sqrt sqrtf fabs fabsf sin cos tan exp log log2 log10 pow floor ceil fmod round "
            "atan atan2 asin acos sinh cosh tanh cbrt hypot trunc lround fmin fmax expf logf "
            "powf sinf cosf"
        ).split(),
        _MATH,
    ),
    **dict.fromkeys("malloc calloc realloc free aligned_alloc posix_memalign".split(), _ALLOC),
    **dict.fromkeys(
        (
            "pthread_create pthread_join pthread_mutex_lock pthread_mutex_unlock "
            "pthread_mutex_init pthread_mutex_destroy pthread_cond_wait pthread_cond_signal "
            "pthread_cond_broadcast pthread_cond_init pthread_cond_destroy pthread_self "
            "thrd_create thrd_join mtx_lock mtx_unlock mtx_init mtx_destroy cnd_wait "
            "cnd_signal cnd_broadcast omp_get_thread_num omp_get_num_threads "
            "omp_get_max_threads omp_get_wtime omp_set_num_threads omp_in_final "
            "omp_init_lock omp_set_lock omp_unset_lock omp_test_lock omp_destroy_lock"
        ).split(),
        _THREADS,
    ),
    **dict.fromkeys(
        (
            "gettimeofday clock_gettime clock time sleep usleep nanosleep getpid exit abort "
            "getrusage uname getopt sched_yield"
        ).split(),
        _SYSCALL,
    ),
    "qsort": ExternalCost(5000, 4096),
}


def cost_of(name: str) -> ExternalCost:
    """The assumed cost of calling the external function ``name``."""
    return TABLE.get(name, UNKNOWN)
