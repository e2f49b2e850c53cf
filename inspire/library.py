"""The library table: what the compiler knows about functions without a body.

One row (:class:`LibraryFunction`) per known function of libc, libm, POSIX
threads, C11 threads and the OpenMP API:

* ``header``: the bundled header that declares it (``frontend/include``);
* ``effort``: the cost of one call for the granularity analysis, in the unit
  of the builtins table (one simple arithmetic operation is 1);
* ``stack_bytes``: the stack a call may use, for the stack-size analysis.
  Allowances err on the large side: an estimate that is too low crashes the
  program, one that is too high only reserves address space.  ``printf`` and
  friends format through a large on-stack buffer in glibc, so they get the
  largest allowance of the known functions;
* ``blocking``: why a thread function that calls it cannot run as a task
  (it blocks on, or signals, another thread, sleeps, or depends on its
  thread's identity), or ``""`` when a task may call it;
* ``callback``: it may call a function pointer it was given (``qsort``'s
  comparator, a thread function);
* ``runtime``: the inspire runtime provides it (the OpenMP API), so a program
  calling it needs the runtime;
* ``serial``: its serial-clone fact (:data:`inspire.builtins.SERIAL_FACTS`):
  ``omp_in_final`` observes the final state;
* ``inline``: the name of a ``static inline`` function of the runtime header
  with the same meaning, which the C of a parallel build calls instead (no
  call into the runtime: ``omp_get_thread_num`` in a hot loop);
* ``prototype``: the system header may not declare it (the OpenMP 5.1/5.2
  routines gcc 12's ``<omp.h>`` lacks), so the emitted C declares it itself,
  from the type of its declaration in the bundled header.

A function missing from the table is assumed to be :data:`UNKNOWN`: an
ordinary call that may call back, with a larger stack allowance than any
known function.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from inspirec.inspire.builtins import SERIAL_FACTS


@dataclass(frozen=True)
class LibraryFunction:
    """One function without a body (see the module docstring)."""

    name: str
    header: str
    effort: int
    stack_bytes: int
    blocking: str = ""
    callback: bool = False
    runtime: bool = False
    serial: str = ""
    inline: str = ""
    prototype: bool = False

    def __post_init__(self) -> None:
        if self.serial and self.serial not in SERIAL_FACTS:
            raise ValueError(f"library function {self.name}: unknown serial fact {self.serial!r}")


#: What is assumed of a function missing from the table (or called through a pointer).
UNKNOWN = LibraryFunction("", "", 100, 16 * 1024, callback=True)

# Cost classes: (effort, stack bytes).
_FORMATTED_IO = (1000, 12 * 1024)
_STRING = (50, 256)
_MATH = (20, 512)
_ALLOC = (100, 2048)
_THREADS = (200, 2048)
_SYSCALL = (500, 1024)

# Blocking classes.
_CONDVAR_WAIT = "waits on a condition variable"
_CONDVAR_SIGNAL = "signals a condition variable"
_SEM_WAIT = "waits on a semaphore"
_SLEEPS = "sleeps"
_YIELDS = "yields the processor"
_DETACH = "detaches a thread"
_CANCEL = "uses cancellation"
_EXIT = "exits its thread"
_IDENTITY = "uses its thread's identity"
_TSD = "uses thread-specific data"
_MAY_WAIT_IO = "does I/O that may wait for another thread (a pipe or a socket)"

_TABLE: list[LibraryFunction] = []


def _add(header: str, cost: tuple[int, int], names: str, **facts) -> None:
    effort, stack = cost
    _TABLE.extend(LibraryFunction(x, header, effort, stack, **facts) for x in names.split())


_add(
    "stdio.h", _FORMATTED_IO,
    "printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf puts fputs putchar "
    "fputc putc fwrite fread fgets fgetc getc getchar scanf fscanf sscanf fopen fclose fflush "
    "perror",
)  # fmt: skip
_add("stdlib.h", _FORMATTED_IO, "strtod strtof strtold atof")
_add(
    "string.h", _STRING,
    "memcpy memmove memset memcmp strlen strcpy strncpy strcat strncat strcmp strncmp strchr "
    "strrchr strstr strdup",
)  # fmt: skip
_add("stdlib.h", _STRING, "atoi atol atoll strtol strtoul strtoll strtoull abs labs llabs")
_add("stdlib.h", _STRING, "rand srand rand_r")
_add("ctype.h", _STRING, "toupper tolower isdigit isalpha isspace isalnum isupper islower")
_add(
    "math.h", _MATH,
    "sqrt sqrtf fabs fabsf sin cos tan exp log log2 log10 pow floor ceil fmod round atan atan2 "
    "asin acos sinh cosh tanh cbrt hypot trunc lround fmin fmax expf logf powf sinf cosf",
)  # fmt: skip
_add(
    "complex.h", _MATH,
    " ".join(
        name + suffix
        for name in (
            "cabs carg cimag creal conj cproj cexp clog csqrt cpow csin ccos ctan casin cacos "
            "catan csinh ccosh ctanh casinh cacosh catanh"
        ).split()
        for suffix in ("", "f", "l")
    ),
)  # fmt: skip
_add("stdlib.h", _ALLOC, "malloc calloc realloc free aligned_alloc posix_memalign")
_add("stdlib.h", (5000, 4096), "qsort", callback=True)
_add("pthread.h", _THREADS, "pthread_create", callback=True)
_add(
    "pthread.h", _THREADS,
    "pthread_join pthread_mutex_lock pthread_mutex_unlock pthread_mutex_init "
    "pthread_mutex_destroy pthread_cond_init pthread_cond_destroy",
)  # fmt: skip
_add("pthread.h", _THREADS, "pthread_cond_wait pthread_cond_timedwait", blocking=_CONDVAR_WAIT)
_add(
    "pthread.h", _THREADS, "pthread_cond_signal pthread_cond_broadcast", blocking=_CONDVAR_SIGNAL
)  # fmt: skip
_add("pthread.h", _THREADS, "pthread_barrier_wait", blocking="waits at a barrier")
_add("pthread.h", _THREADS, "pthread_yield", blocking=_YIELDS)
_add("pthread.h", _THREADS, "pthread_detach", blocking=_DETACH)
_add(
    "pthread.h", _THREADS, "pthread_cancel pthread_testcancel pthread_setcancelstate",
    blocking=_CANCEL,
)  # fmt: skip
_add("pthread.h", _THREADS, "pthread_exit", blocking=_EXIT)
_add("pthread.h", _THREADS, "pthread_self", blocking=_IDENTITY)
_add("pthread.h", _THREADS, "pthread_getspecific pthread_setspecific", blocking=_TSD)
_add("threads.h", _THREADS, "thrd_create", callback=True)
_add("threads.h", _THREADS, "thrd_join mtx_lock mtx_unlock mtx_init mtx_destroy")
_add("threads.h", _THREADS, "cnd_wait cnd_timedwait", blocking=_CONDVAR_WAIT)
_add("threads.h", _THREADS, "cnd_signal cnd_broadcast", blocking=_CONDVAR_SIGNAL)
_add("threads.h", _THREADS, "thrd_sleep", blocking=_SLEEPS)
_add("threads.h", _THREADS, "thrd_yield", blocking=_YIELDS)
_add("threads.h", _THREADS, "thrd_detach", blocking=_DETACH)
_add("threads.h", _THREADS, "thrd_exit", blocking=_EXIT)
_add("threads.h", _THREADS, "thrd_current", blocking=_IDENTITY)
_add("threads.h", _THREADS, "tss_get tss_set", blocking=_TSD)
_add("semaphore.h", _THREADS, "sem_wait sem_timedwait sem_trywait", blocking=_SEM_WAIT)
_add("semaphore.h", _THREADS, "sem_post", blocking="posts a semaphore")
_add(
    "omp.h", _THREADS,
    "omp_get_num_threads omp_get_max_threads omp_get_wtime omp_get_wtick "
    "omp_set_num_threads omp_get_num_procs omp_get_dynamic omp_set_dynamic omp_in_parallel "
    "omp_init_lock omp_set_lock omp_unset_lock omp_test_lock omp_destroy_lock "
    "omp_init_nest_lock omp_set_nest_lock omp_unset_nest_lock omp_test_nest_lock "
    "omp_destroy_nest_lock",
    runtime=True,
)  # fmt: skip
_add("omp.h", _THREADS, "omp_get_thread_num", runtime=True, inline="inspire_thread_num")
_add("omp.h", _THREADS, "omp_in_final", runtime=True, serial="in_final")
_add("omp.h", _THREADS, "omp_fulfill_event", runtime=True)
_add(
    "omp.h", _ALLOC,
    "omp_init_allocator omp_destroy_allocator omp_set_default_allocator "
    "omp_get_default_allocator omp_alloc omp_aligned_alloc omp_calloc omp_aligned_calloc "
    "omp_realloc omp_free omp_target_alloc omp_target_free omp_target_is_present "
    "omp_target_memcpy omp_target_memcpy_rect omp_target_associate_ptr "
    "omp_target_disassociate_ptr",
    runtime=True,
)  # fmt: skip
_add(
    "omp.h", _THREADS,
    "omp_set_num_teams omp_get_max_teams omp_set_teams_thread_limit omp_get_teams_thread_limit "
    "omp_get_device_num omp_set_affinity_format omp_get_affinity_format",
    runtime=True,
)  # fmt: skip
_add(
    "omp.h", _THREADS,
    "omp_set_nested omp_get_nested omp_set_schedule omp_get_schedule omp_get_thread_limit "
    "omp_set_max_active_levels omp_get_max_active_levels omp_get_supported_active_levels "
    "omp_get_level omp_get_ancestor_thread_num omp_get_team_size omp_get_active_level "
    "omp_get_cancellation omp_get_proc_bind omp_get_num_places omp_get_place_num_procs "
    "omp_get_place_proc_ids omp_get_place_num omp_get_partition_num_places "
    "omp_get_partition_place_nums omp_set_default_device omp_get_default_device "
    "omp_get_num_devices omp_get_num_teams omp_get_team_num omp_is_initial_device "
    "omp_get_initial_device omp_get_max_task_priority omp_pause_resource "
    "omp_pause_resource_all omp_init_lock_with_hint omp_init_nest_lock_with_hint",
    runtime=True,
)  # fmt: skip
_add(
    "omp.h", _FORMATTED_IO, "omp_capture_affinity omp_display_affinity omp_display_env",
    runtime=True,
)  # fmt: skip
# OpenMP 5.1/5.2 (gcc 12's <omp.h> lacks them).
_add("omp.h", _THREADS, "omp_in_explicit_task", runtime=True, prototype=True)
_add(
    "omp.h", _ALLOC,
    "omp_get_mapped_ptr omp_target_is_accessible omp_target_memcpy_async "
    "omp_target_memcpy_rect_async",
    runtime=True, prototype=True,
)  # fmt: skip
_add(
    "omp.h", _THREADS,
    "omp_get_num_interop_properties omp_get_interop_int omp_get_interop_ptr "
    "omp_get_interop_str omp_get_interop_name omp_get_interop_type_desc "
    "omp_get_interop_rc_desc omp_control_tool",
    runtime=True, prototype=True,
)  # fmt: skip
_add("sys/time.h", _SYSCALL, "gettimeofday")
_add("time.h", _SYSCALL, "clock_gettime clock time")
_add("time.h", _SYSCALL, "nanosleep clock_nanosleep", blocking=_SLEEPS)
_add("unistd.h", _SYSCALL, "sleep usleep pause", blocking=_SLEEPS)
_add("unistd.h", _SYSCALL, "getpid getopt")
_add("unistd.h", _SYSCALL, "gettid syscall", blocking=_IDENTITY)
_add("unistd.h", _SYSCALL, "read write pread pwrite", blocking=_MAY_WAIT_IO)
_add("sys/uio.h", _SYSCALL, "readv writev", blocking=_MAY_WAIT_IO)
_add("poll.h", _SYSCALL, "poll ppoll", blocking=_MAY_WAIT_IO)
_add("sys/select.h", _SYSCALL, "select pselect", blocking=_MAY_WAIT_IO)
_add("sys/epoll.h", _SYSCALL, "epoll_wait epoll_pwait", blocking=_MAY_WAIT_IO)
_add(
    "sys/socket.h", _SYSCALL, "accept connect recv recvfrom recvmsg send sendto sendmsg",
    blocking=_MAY_WAIT_IO,
)  # fmt: skip
_add("sys/wait.h", _SYSCALL, "wait waitpid", blocking="waits for a child process")
_add("signal.h", _SYSCALL, "sigwait sigsuspend", blocking="waits for a signal")
_add("sched.h", _SYSCALL, "sched_yield", blocking=_YIELDS)
_add("stdlib.h", _SYSCALL, "exit abort")
_add("sys/resource.h", _SYSCALL, "getrusage")
_add("sys/utsname.h", _SYSCALL, "uname")

#: The table, by name.
LIBRARY: dict[str, LibraryFunction] = {f.name: f for f in _TABLE}
if len(LIBRARY) != len(_TABLE):
    raise ValueError("a library function is listed twice")


def library_function(name: str) -> LibraryFunction:
    """The row of function ``name``, or :data:`UNKNOWN` (named ``name``) if it has none."""
    found = LIBRARY.get(name)
    return found if found is not None else replace(UNKNOWN, name=name)
