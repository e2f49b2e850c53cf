"""Tests of the bundled headers and of frontend.preprocess.

The bundled headers are checked against the real ones: for every public
header, one C translation unit prints sizes, alignments, member offsets and
the value and type of every object-like macro the bundled header defines;
it is compiled once with the system headers and once with ``-nostdinc`` and
the bundled ones, and both programs must print the same.  The layouts are
also recomputed from the pycparser AST of the bundled headers, as the
frontend sees them.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import functools
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from inspirec.frontend.cparse import parse_c, user_declarations
from inspirec.frontend.diagnostics import CompileError
from inspirec.frontend.preprocess import (
    BUNDLED_INCLUDE_DIR,
    PACKED_MARKER,
    _compiler_include_dirs,
    bundled_header,
    preprocess,
    program_feature_macros,
    program_includes,
)
from inspirec.inspire.library import LIBRARY
from pycparser import c_ast

INPUTS = Path(__file__).parent / "inputs"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")

PUBLIC_HEADERS = sorted(
    p.relative_to(BUNDLED_INCLUDE_DIR).as_posix()
    for p in BUNDLED_INCLUDE_DIR.rglob("*.h")
    if "bits" not in p.relative_to(BUNDLED_INCLUDE_DIR).parts
)
REQUIRED_HEADERS = (
    "stdio.h stdlib.h string.h math.h memory.h alloca.h stddef.h stdint.h stdbool.h limits.h "
    "float.h assert.h errno.h ctype.h time.h unistd.h libgen.h getopt.h sys/time.h sys/types.h "
    "sys/stat.h sys/resource.h sys/utsname.h omp.h pthread.h threads.h stdatomic.h inttypes.h "
    "stdarg.h signal.h setjmp.h strings.h sched.h semaphore.h fcntl.h sys/param.h sys/times.h "
    "sys/sysinfo.h iso646.h fenv.h locale.h wchar.h wctype.h tgmath.h uchar.h dirent.h "
    "search.h sys/timeb.h dlfcn.h err.h poll.h pwd.h execinfo.h fnmatch.h sys/file.h glob.h "
    "sys/ioctl.h regex.h termios.h sys/socket.h netinet/in.h arpa/inet.h netdb.h sys/un.h"
).split()


@dataclasses.dataclass(frozen=True)
class Check:
    """What to compare for one header, besides its object-like macros.

    ``types`` get sizeof and _Alignof, ``offsets`` are (type, member) pairs,
    ``exprs`` are integer C expressions; ``gnu`` and ``plain`` are further
    expressions evaluated only with and only without _GNU_SOURCE.
    """

    types: tuple[str, ...] = ()
    offsets: tuple[tuple[str, str], ...] = ()
    exprs: tuple[str, ...] = ()
    gnu: tuple[str, ...] = ()
    plain: tuple[str, ...] = ()


def _members(type_name: str, *names: str) -> tuple[tuple[str, str], ...]:
    return tuple((type_name, name) for name in names)


_STDINT_TYPES = (
    *(
        f"{u}int{kind}{bits}_t"
        for u in ("", "u")
        for kind in ("", "_least", "_fast")
        for bits in (8, 16, 32, 64)
    ),
    *("intptr_t", "uintptr_t", "intmax_t", "uintmax_t"),
)

_ATOMIC_TYPES = tuple(
    f"atomic_{name}"
    for name in (
        "bool char schar uchar short ushort int uint long ulong llong ullong char16_t char32_t "
        "wchar_t int_least8_t uint_least8_t int_least16_t uint_least16_t int_least32_t "
        "uint_least32_t int_least64_t uint_least64_t int_fast8_t uint_fast8_t int_fast16_t "
        "uint_fast16_t int_fast32_t uint_fast32_t int_fast64_t uint_fast64_t intptr_t uintptr_t "
        "size_t ptrdiff_t intmax_t uintmax_t flag"
    ).split()
)

_STAT = _members(
    "struct stat",
    *"st_dev st_ino st_nlink st_mode st_uid st_gid st_rdev st_size st_blksize st_blocks "
    "st_atim st_mtim st_ctim".split(),
)

HEADER_CHECKS: dict[str, Check] = {
    "alloca.h": Check(exprs=("alloca(16) != 0",)),
    "arpa/inet.h": Check(
        types=("in_addr_t", "socklen_t", "struct in_addr", "struct in6_addr"),
        exprs=(
            '({ struct in_addr a; inet_pton(AF_INET, "10.1.2.3", &a) * 100'
            " + (ntohl(a.s_addr) & 0xff); })",
            '(long)ntohl(inet_addr("192.168.0.1"))',
            '({ struct in_addr a; inet_aton("127.1", &a); inet_ntoa(a)[8]; })',
            '({ struct in6_addr a; char b[INET6_ADDRSTRLEN]; inet_pton(AF_INET6, "::ffff:1.2.3.4",'
            " &a); IN6_IS_ADDR_V4MAPPED(&a) * 1000 + inet_ntop(AF_INET6, &a, b, sizeof b)[2]; })",
            "inet_netof(inet_makeaddr(10, 7))",
        ),
    ),
    "assert.h": Check(exprs=("(assert(1), 1)",)),
    "complex.h": Check(
        types=("double complex", "float complex", "long double complex"),
        exprs=(
            "(int)creal(CMPLX(3.0, 4.0))",
            "(int)cimag(2.0 * I)",
            "sizeof(I)",
            "sizeof(CMPLXF(1, 2))",
            "(int)cabs(3 + 4 * _Complex_I)",
            "(int)cimagl(conjl(CMPLXL(1, 2)))",
        ),
    ),
    "ctype.h": Check(exprs=("isdigit('7') != 0", "isspace('\\t') != 0", "toupper('q')")),
    "errno.h": Check(exprs=("(errno = ERANGE, errno)",)),
    "dirent.h": Check(
        types=("struct dirent", "DIR *"),
        offsets=_members("struct dirent", "d_off", "d_reclen", "d_type", "d_name"),
        exprs=(
            "sizeof(((struct dirent *)0)->d_name)",
            "IFTODT(0040755)",
            "DTTOIF(DT_REG)",
            '({ DIR *d = opendir("/"); int n = 0; struct dirent *e;'
            " while (d && (e = readdir(d))) n += e->d_name[0] == '.' && e->d_name[1] == 0"
            " && e->d_type == DT_DIR; if (d) closedir(d); n; })",
        ),
        gnu=(
            "sizeof(struct dirent64)",
            "sizeof(ino64_t)",
            "sizeof(ino_t)",
            "offsetof(struct dirent64, d_name)",
            "offsetof(struct dirent64, d_type)",
        ),
    ),
    "dlfcn.h": Check(
        exprs=(
            '({ void *h = dlopen(0, RTLD_NOW); int ok = h != 0 && dlsym(h, "printf") != 0;'
            " if (h) dlclose(h); ok; })",
        ),
        gnu=(
            "sizeof(Dl_info)",
            "offsetof(Dl_info, dli_saddr)",
            "sizeof(Lmid_t)",
            "sizeof(Dl_serpath)",
            "sizeof(Dl_serinfo)",
            "_Alignof(Dl_serinfo)",
            "offsetof(Dl_serinfo, dls_cnt)",
            "offsetof(Dl_serinfo, dls_serpath)",
            "sizeof(struct dl_find_object)",
            "offsetof(struct dl_find_object, __dflo_reserved)",
            "RTLD_DL_SYMENT",
            "RTLD_DL_LINKMAP",
            "RTLD_DI_LMID",
            "RTLD_DI_SERINFOSIZE",
            "RTLD_DI_ORIGIN",
            "RTLD_DI_TLS_DATA",
            "RTLD_DI_PHDR",
            "RTLD_DI_MAX",
            "({ Dl_info i; dladdr((void *)&printf, &i) != 0 && i.dli_fname != 0; })",
        ),
    ),
    "err.h": Check(exprs=("sizeof(&warnx)", "sizeof(&verrx)")),
    "execinfo.h": Check(exprs=("({ void *a[8]; backtrace(a, 8) > 0; })",)),
    "fnmatch.h": Check(
        exprs=(
            'fnmatch("*.c", "main.c", 0)',
            'fnmatch("*.c", "main.h", 0)',
            'fnmatch("*", ".hidden", FNM_PERIOD)',
            'fnmatch("a/*", "a/b/c", FNM_PATHNAME)',
        ),
        gnu=('fnmatch("A*", "abc", FNM_CASEFOLD)', 'fnmatch("a", "a/b", FNM_LEADING_DIR)'),
    ),
    "fenv.h": Check(
        types=("fenv_t", "fexcept_t"),
        offsets=_members(
            "fenv_t",
            *"__status_word __tags __eip __cs_selector __data_offset __data_selector "
            "__mxcsr".split(),
        ),
        exprs=(
            "FE_DFL_ENV == (const fenv_t *)-1",
            "({ feclearexcept(FE_ALL_EXCEPT); feraiseexcept(FE_OVERFLOW | FE_INEXACT);"
            " int r = fetestexcept(FE_ALL_EXCEPT); feclearexcept(FE_ALL_EXCEPT); r; })",
            "({ int old = fegetround(); fesetround(FE_DOWNWARD); int r = fegetround();"
            " fesetround(old); r; })",
            "({ fenv_t e; fegetenv(&e); fesetenv(&e) == 0 && (e.__mxcsr & 0x1f80) == 0x1f80; })",
        ),
        gnu=(
            "sizeof(femode_t)",
            "_Alignof(femode_t)",
            "offsetof(femode_t, __mxcsr)",
            "FE_NOMASK_ENV == (const fenv_t *)-2",
            "FE_DFL_MODE == (const femode_t *)-1",
            "fegetexcept()",
        ),
    ),
    "fcntl.h": Check(
        types=("struct flock", "struct stat"),
        offsets=_members("struct flock", "l_whence", "l_start", "l_len", "l_pid"),
    ),
    "float.h": Check(),
    "glob.h": Check(
        types=("glob_t", "size_t"),
        offsets=_members(
            "glob_t", "gl_offs", "gl_flags", "gl_closedir", "gl_readdir", "gl_opendir", "gl_stat"
        ),
        exprs=(
            '({ glob_t g; int r = glob("/", GLOB_MARK, 0, &g);'
            " int n = r == 0 ? (int)g.gl_pathc * 10 + (g.gl_pathv[0][0] == '/') : -r;"
            " if (r == 0) globfree(&g); n; })",
            '({ glob_t g; int r = glob("/no/such/[x]", 0, 0, &g); r; })',
        ),
        gnu=("sizeof(glob64_t)", "offsetof(glob64_t, gl_stat)", 'glob_pattern_p("a*", 0)'),
    ),
    "getopt.h": Check(
        types=("struct option",), offsets=_members("struct option", "has_arg", "flag", "val")
    ),
    "ifaddrs.h": Check(
        types=("struct ifaddrs", "struct sockaddr"),
        offsets=_members(
            "struct ifaddrs",
            *"ifa_name ifa_flags ifa_addr ifa_netmask ifa_ifu ifa_broadaddr ifa_dstaddr".split(),
            "ifa_data",
        ),
        exprs=(
            "({ struct ifaddrs *a = 0; int r = getifaddrs(&a); if (r == 0) freeifaddrs(a); r; })",
        ),
    ),
    "inttypes.h": Check(types=("imaxdiv_t", *_STDINT_TYPES), offsets=(("imaxdiv_t", "rem"),)),
    "libgen.h": Check(
        exprs=(
            '({ char p[] = "/usr/lib"; dirname(p)[1]; })',
            '({ char p[] = "/usr/lib"; basename(p)[0]; })',
        )
    ),
    "iso646.h": Check(
        exprs=(
            "1 and 0",
            "0 or 2",
            "not 0",
            "12 bitand 10",
            "12 bitor 3",
            "12 xor 10",
            "compl 5",
            "3 not_eq 3",
            "({ int v = 12; v and_eq 10; v or_eq 1; v xor_eq 3; v; })",
        ),
    ),
    "limits.h": Check(),
    "byteswap.h": Check(
        exprs=(
            "bswap_16(0x0102)",
            "bswap_32(0x01020304)",
            "(long long)bswap_64(0x0102030405060708UL)",
            "sizeof(bswap_16(1))",
            "sizeof(bswap_32(1))",
            "sizeof(bswap_64(1))",
        ),
    ),
    "endian.h": Check(
        exprs=(
            "htobe16(0x0102)",
            "htole16(0x0102)",
            "be32toh(0x01020304)",
            "le32toh(0x01020304)",
            "(long long)htobe64(0x0102030405060708UL)",
            "(long long)le64toh(5)",
            "sizeof(htobe16(1))",
            "sizeof(le16toh(1))",
            "sizeof(htobe32(1))",
            "sizeof(le32toh(1))",
            "sizeof(be64toh(1))",
            "sizeof(htole64(1))",
        ),
    ),
    "math.h": Check(
        types=("float_t", "double_t"),
        exprs=(
            "isnan(NAN)",
            "isnan(1.0f)",
            "isinf(-INFINITY)",
            "isinf(HUGE_VALL)",
            "isfinite(1.0)",
            "isnormal(1e-310)",
            "signbit(-0.0) != 0",
            "fpclassify(0.0)",
            "fpclassify(1e-310)",
            "fpclassify(NAN)",
            "isgreater(2.0, 1.0)",
            "isgreaterequal(1.0, 2.0)",
            "isless(NAN, 1.0)",
            "islessequal(1.0, 1.0)",
            "islessgreater(1.0, 2.0)",
            "isunordered(NAN, 1.0)",
        ),
        gnu=(
            "isnan(SNAN) && isnan(SNANF) && isnan(SNANL)",
            "iszero(-0.0) && !iszero(1e-310) && iszero(0)",
            "issubnormal(1e-310) && !issubnormal(0.0f)",
            "sizeof(M_PIf) == sizeof(float) && sizeof(M_SQRT1_2l) == sizeof(long double)",
            "M_PIl > 3.14159265358979323L && M_PIl < 3.14159265358979324L",
        ),
    ),
    "locale.h": Check(
        types=("struct lconv", "locale_t"),
        offsets=_members(
            "struct lconv",
            *"thousands_sep int_curr_symbol mon_grouping negative_sign int_frac_digits "
            "frac_digits p_sign_posn n_sign_posn int_p_cs_precedes int_n_sign_posn".split(),
        ),
        exprs=(
            "LC_GLOBAL_LOCALE == (locale_t)-1",
            'setlocale(LC_ALL, "C") != 0',
            "*localeconv()->decimal_point",
            "localeconv()->int_frac_digits",
            '({ locale_t l = newlocale(LC_CTYPE_MASK, "C", (locale_t)0); locale_t d = duplocale(l);'
            " locale_t old = uselocale(d); int ok = uselocale(old) == d; freelocale(d);"
            " freelocale(l); ok; })",
        ),
    ),
    "malloc.h": Check(
        types=("struct mallinfo", "struct mallinfo2"),
        offsets=(
            *_members("struct mallinfo", "keepcost"),
            *_members("struct mallinfo2", "keepcost"),
        ),
    ),
    "memory.h": Check(),
    "omp.h": Check(
        types=(
            "omp_lock_t",
            "omp_nest_lock_t",
            "omp_sched_t",
            "omp_proc_bind_t",
            "omp_lock_hint_t",
            "omp_sync_hint_t",
            "omp_pause_resource_t",
        ),
        exprs=(
            "omp_sched_static",
            "omp_sched_dynamic",
            "omp_sched_guided",
            "omp_sched_auto",
            "omp_sched_monotonic",
            "omp_proc_bind_false",
            "omp_proc_bind_true",
            "omp_proc_bind_master",
            "omp_proc_bind_close",
            "omp_proc_bind_spread",
            "omp_sync_hint_none",
            "omp_sync_hint_uncontended",
            "omp_sync_hint_contended",
            "omp_sync_hint_nonspeculative",
            "omp_sync_hint_speculative",
            "omp_lock_hint_speculative",
            "omp_pause_soft",
            "omp_pause_hard",
        ),
    ),
    "pthread.h": Check(
        types=(
            "pthread_t",
            "pthread_attr_t",
            "pthread_mutex_t",
            "pthread_mutexattr_t",
            "pthread_cond_t",
            "pthread_condattr_t",
            "pthread_rwlock_t",
            "pthread_rwlockattr_t",
            "pthread_barrier_t",
            "pthread_barrierattr_t",
            "pthread_key_t",
            "pthread_once_t",
            "pthread_spinlock_t",
            "struct sched_param",
            "struct timespec",
            "struct tm",
            "clockid_t",
        ),
        exprs=(
            "PTHREAD_MUTEX_NORMAL",
            "PTHREAD_MUTEX_RECURSIVE",
            "PTHREAD_MUTEX_ERRORCHECK",
            "PTHREAD_MUTEX_DEFAULT",
            "PTHREAD_MUTEX_STALLED",
            "PTHREAD_MUTEX_ROBUST",
            "PTHREAD_PRIO_NONE",
            "PTHREAD_PRIO_INHERIT",
            "PTHREAD_PRIO_PROTECT",
            "INSPIRE_NONZERO_BYTES(pthread_mutex_t, PTHREAD_MUTEX_INITIALIZER)",
            "INSPIRE_NONZERO_BYTES(pthread_cond_t, PTHREAD_COND_INITIALIZER)",
            "INSPIRE_NONZERO_BYTES(pthread_rwlock_t, PTHREAD_RWLOCK_INITIALIZER)",
        ),
        gnu=(
            "sizeof(cpu_set_t)",
            "PTHREAD_MUTEX_TIMED_NP",
            "PTHREAD_MUTEX_RECURSIVE_NP",
            "PTHREAD_MUTEX_ERRORCHECK_NP",
            "PTHREAD_MUTEX_ADAPTIVE_NP",
        ),
    ),
    "sched.h": Check(
        types=("struct sched_param", "struct timespec", "pid_t"),
        gnu=(
            "sizeof(cpu_set_t)",
            "_Alignof(cpu_set_t)",
            "({ cpu_set_t s; CPU_ZERO(&s); CPU_SET(3, &s); CPU_SET(70, &s); CPU_CLR(3, &s);"
            " CPU_ISSET(70, &s) * 10 + CPU_ISSET(3, &s) + 100 * CPU_COUNT(&s); })",
            "({ cpu_set_t a, b, c; CPU_ZERO(&a); CPU_ZERO(&b); CPU_SET(1, &a); CPU_SET(5, &a);"
            " CPU_SET(5, &b); CPU_AND(&c, &a, &b); int n = CPU_COUNT(&c); CPU_OR(&c, &a, &b);"
            " n += 10 * CPU_COUNT(&c); CPU_XOR(&c, &a, &b); n += 100 * CPU_COUNT(&c);"
            " n + 1000 * CPU_EQUAL(&a, &a) + 10000 * CPU_EQUAL(&a, &b); })",
            "CPU_ALLOC_SIZE(2000)",
            "({ cpu_set_t s; CPU_ZERO_S(sizeof s, &s); CPU_SET_S(3, sizeof s, &s);"
            " CPU_SET_S(9000, sizeof s, &s); CPU_ISSET_S(3, sizeof s, &s)"
            " + 10 * CPU_COUNT_S(sizeof s, &s) + 100 * CPU_EQUAL_S(sizeof s, &s, &s); })",
        ),
    ),
    "semaphore.h": Check(types=("sem_t",)),
    "setjmp.h": Check(types=("jmp_buf", "sigjmp_buf", "struct __jmp_buf_tag")),
    "signal.h": Check(
        types=(
            "sig_atomic_t",
            "sigset_t",
            "siginfo_t",
            "struct sigaction",
            "union sigval",
            "struct sigevent",
            "sigevent_t",
        ),
        offsets=(
            *_members("struct sigaction", "sa_handler", "sa_sigaction", "sa_mask", "sa_flags"),
            ("struct sigaction", "sa_restorer"),
            *_members("siginfo_t", "si_code", "si_pid", "si_uid", "si_status", "si_addr"),
            *_members("siginfo_t", "si_value", "si_int", "si_ptr", "si_timerid", "si_overrun"),
            *_members("siginfo_t", "si_utime", "si_stime", "si_band", "si_fd"),
            *_members("struct sigevent", "sigev_signo", "sigev_notify"),
            *_members("struct sigevent", "sigev_notify_function", "sigev_notify_attributes"),
        ),
    ),
    "sys/epoll.h": Check(
        types=("struct epoll_event", "epoll_data_t", "uint32_t", "uint64_t"),
        offsets=_members("struct epoll_event", "data"),
        exprs=(
            "({ int e = epoll_create1(EPOLL_CLOEXEC), f = epoll_create(1);"
            " struct epoll_event ev = {EPOLLIN | EPOLLET, {0}}, out[4]; ev.data.u64 = 7;"
            " int r = epoll_ctl(e, EPOLL_CTL_ADD, f, &ev);"
            " int n = epoll_wait(e, out, 4, 0); (e >= 0) * 100 + r * 10 + n; })",
        ),
    ),
    "sys/file.h": Check(
        types=("struct flock",),
        exprs=(
            '({ int fd = open("/", O_RDONLY); int r = flock(fd, LOCK_SH | LOCK_NB);'
            " r | flock(fd, LOCK_UN); })",
        ),
    ),
    "sys/mman.h": Check(exprs=("MAP_FAILED == (void *)-1",)),
    "sys/syscall.h": Check(),
    "sys/wait.h": Check(
        exprs=(
            "WEXITSTATUS(0x2a00)",
            "WIFEXITED(0x2a00)",
            "WIFEXITED(9)",
            "WIFSIGNALED(9)",
            "WTERMSIG(0x89)",
            "WCOREDUMP(0x89)",
            "WIFSTOPPED(0x137f)",
            "WSTOPSIG(0x137f)",
            "WIFCONTINUED(0xffff)",
            "WIFSIGNALED(0x137f)",
        ),
    ),
    "aio.h": Check(
        types=("struct aiocb",),
        offsets=_members(
            "struct aiocb", "aio_lio_opcode", "aio_buf", "aio_nbytes", "aio_sigevent", "aio_offset"
        ),
    ),
    "stdalign.h": Check(exprs=("alignof(long double)", "sizeof(struct { alignas(32) char c; })")),
    "stdarg.h": Check(types=("va_list",)),
    "stdatomic.h": Check(
        types=(*_ATOMIC_TYPES, "memory_order"),
        exprs=(
            "memory_order_relaxed",
            "memory_order_consume",
            "memory_order_acquire",
            "memory_order_release",
            "memory_order_acq_rel",
            "memory_order_seq_cst",
            "INSPIRE_NONZERO_BYTES(atomic_flag, ATOMIC_FLAG_INIT)",
        ),
    ),
    "stdbool.h": Check(types=("bool",)),
    "stddef.h": Check(types=("size_t", "ptrdiff_t", "wchar_t", "max_align_t")),
    "stdint.h": Check(types=_STDINT_TYPES),
    "stdio.h": Check(types=("FILE *", "fpos_t", "size_t", "ssize_t", "off_t", "va_list")),
    "stdio_ext.h": Check(
        types=("FILE *", "size_t"),
        exprs=(
            "__fsetlocking(stdout, FSETLOCKING_QUERY)",
            "__fwritable(stdout) != 0",
            '({ char b[64]; FILE *f = fmemopen(b, sizeof b, "w"); fputs("abc", f);'
            " int n = (int)__fpending(f) * 100 + __fwriting(f) * 10 + __freading(f);"
            " __fpurge(f); n += (int)__fpending(f) * 1000; fclose(f); n; })",
            "({ _flushlbf(); __flbf(stderr) + (__fbufsize(stderr) > 0); })",
        ),
    ),
    "stdlib.h": Check(
        # int32_t ... and pid_t come from <sys/types.h>, which glibc's <stdlib.h> includes
        types=("div_t", "ldiv_t", "lldiv_t", "size_t", "wchar_t", "int32_t", "u_int64_t", "pid_t"),
        offsets=(("div_t", "rem"), ("ldiv_t", "rem"), ("lldiv_t", "rem")),
    ),
    "stdnoreturn.h": Check(),
    "string.h": Check(types=("size_t",)),
    "strings.h": Check(types=("size_t",)),
    "netdb.h": Check(
        types=(
            "struct hostent",
            "struct netent",
            "struct servent",
            "struct protoent",
            "struct rpcent",
            "struct addrinfo",
            "socklen_t",
        ),
        offsets=(
            *_members("struct hostent", "h_addrtype", "h_length", "h_addr_list"),
            *_members("struct netent", "n_addrtype", "n_net"),
            *_members("struct servent", "s_port", "s_proto"),
            *_members("struct protoent", "p_proto"),
            *_members("struct rpcent", "r_number"),
            *_members("struct addrinfo", "ai_addrlen", "ai_addr", "ai_canonname", "ai_next"),
        ),
        exprs=(
            "({ struct addrinfo h = {0}, *r = 0; h.ai_family = AF_INET;"
            " h.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;"
            ' int e = getaddrinfo("127.0.0.1", "443", &h, &r); int n = e == 0 ?'
            " (int)r->ai_addrlen * 100000 + ntohs(((struct sockaddr_in *)r->ai_addr)->sin_port)"
            " : e; if (r) freeaddrinfo(r); n; })",
            "({ struct sockaddr_in a = {0}; char h[NI_MAXHOST]; a.sin_family = AF_INET;"
            " a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); getnameinfo((struct sockaddr *)&a,"
            " sizeof a, h, sizeof h, 0, 0, NI_NUMERICHOST) * 100 + h[2]; })",
            "gai_strerror(EAI_AGAIN)[0]",
        ),
        gnu=("sizeof(struct gaicb)", "offsetof(struct gaicb, __glibc_reserved)"),
    ),
    "netinet/in.h": Check(
        types=(
            "in_addr_t",
            "in_port_t",
            "struct in_addr",
            "struct in6_addr",
            "struct sockaddr_in",
            "struct sockaddr_in6",
            "struct ip_mreq",
            "struct ip_mreqn",
            "struct ipv6_mreq",
            "struct group_source_req",
            "struct ip_msfilter",
            "struct group_filter",
            "uint8_t",
            "uint64_t",
        ),
        offsets=(
            *_members("struct sockaddr_in", "sin_port", "sin_addr", "sin_zero"),
            *_members(
                "struct sockaddr_in6", "sin6_port", "sin6_flowinfo", "sin6_addr", "sin6_scope_id"
            ),
            *_members("struct ip_mreqn", "imr_ifindex"),
            *_members("struct ipv6_mreq", "ipv6mr_interface"),
            *_members("struct group_source_req", "gsr_group", "gsr_source"),
            *_members("struct ip_msfilter", "imsf_numsrc", "imsf_slist"),
            *_members("struct group_filter", "gf_fmode", "gf_slist"),
            *_members("struct ip_opts", "ip_opts"),
            *_members("struct in_pktinfo", "ipi_addr"),
        ),
        exprs=(
            "IPPROTO_MAX",
            "IPPORT_RESERVED",
            "htons(0x1234)",
            "ntohl(0x01020304)",
            "IN_CLASSB(0x80010203)",
            "IN_MULTICAST(INADDR_ALLHOSTS_GROUP)",
            "IP_MSFILTER_SIZE(3)",
            "GROUP_FILTER_SIZE(2)",
            "({ struct in6_addr a = IN6ADDR_LOOPBACK_INIT; IN6_IS_ADDR_LOOPBACK(&a) * 10"
            " + IN6_ARE_ADDR_EQUAL(&a, &in6addr_loopback) + IN6_IS_ADDR_UNSPECIFIED(&in6addr_any)"
            " * 100 + IN6_IS_ADDR_MULTICAST(&a) * 1000; })",
            "in6addr_loopback.s6_addr[15] * 100 + (int)sizeof(in6addr_any.s6_addr32)",
        ),
        gnu=(
            "sizeof(struct in6_pktinfo)",
            "offsetof(struct in6_pktinfo, ipi6_ifindex)",
            "sizeof(struct ip6_mtuinfo)",
            "offsetof(struct ip6_mtuinfo, ip6m_mtu)",
            "inet6_opt_init(0, 0)",
        ),
    ),
    "poll.h": Check(
        types=("struct pollfd", "nfds_t"),
        offsets=_members("struct pollfd", "events", "revents"),
        exprs=("({ struct pollfd p = {0, POLLOUT, 0}; poll(&p, 0, 0); })",),
        gnu=("sizeof(struct timespec)", "sizeof(__sigset_t)"),
    ),
    "pwd.h": Check(
        types=("struct passwd", "uid_t", "gid_t", "size_t", "FILE *"),
        offsets=_members(
            "struct passwd", "pw_passwd", "pw_uid", "pw_gid", "pw_gecos", "pw_dir", "pw_shell"
        ),
        exprs=("({ struct passwd *p = getpwuid(0); p != 0 && p->pw_uid == 0; })",),
    ),
    "regex.h": Check(
        types=("regex_t", "regmatch_t", "regoff_t", "reg_syntax_t", "reg_errcode_t"),
        offsets=(("regex_t", "re_nsub"), ("regmatch_t", "rm_eo")),
        exprs=(
            '({ regex_t r; regmatch_t m[3]; int c = regcomp(&r, "([a-z]+)-([0-9]+)",'
            ' REG_EXTENDED); int e = regexec(&r, "xx ab-12", 3, m, 0);'
            " int n = c * 1000 + e * 100 + m[2].rm_so * 10 + (int)r.re_nsub; regfree(&r); n; })",
            '({ regex_t r; char b[32]; int c = regcomp(&r, "a[", 0);'
            " (int)regerror(c, &r, b, sizeof b) * 100 + c; })",
        ),
        gnu=(
            "sizeof(struct re_registers)",
            "offsetof(struct re_registers, end)",
            "offsetof(regex_t, translate)",
            "({ regex_t r = {0}; re_syntax_options = RE_SYNTAX_POSIX_EXTENDED;"
            ' re_compile_pattern("b+", 2, &r) == 0 && re_search(&r, "aabb", 4, 0, 4, 0) == 2; })',
        ),
    ),
    "search.h": Check(
        types=("ENTRY", "ACTION", "VISIT", "size_t", "__compar_fn_t", "__action_fn_t"),
        offsets=(("ENTRY", "data"),),
        exprs=(
            "FIND",
            "ENTER",
            "preorder",
            "postorder",
            "endorder",
            "leaf",
            '({ ENTRY e = {"key", 0}; int ok = hcreate(8) && hsearch(e, ENTER) != 0'
            " && hsearch(e, FIND)->key[0] == 'k'; hdestroy(); ok; })",
        ),
        gnu=(
            "sizeof(struct qelem)",
            "offsetof(struct qelem, q_data)",
            "sizeof(struct hsearch_data)",
            "offsetof(struct hsearch_data, filled)",
            "sizeof(comparison_fn_t)",
            "sizeof(__free_fn_t)",
        ),
    ),
    "sys/ipc.h": Check(
        types=("struct ipc_perm", "key_t", "uid_t", "gid_t", "mode_t"),
        offsets=_members("struct ipc_perm", *"uid gid cuid cgid mode __seq".split()),
        exprs=('ftok("/", 1) != -1',),
    ),
    "sys/ioctl.h": Check(
        types=("struct winsize", "struct termio"),
        offsets=(
            *_members("struct winsize", "ws_col", "ws_xpixel", "ws_ypixel"),
            *_members("struct termio", "c_lflag", "c_line", "c_cc"),
        ),
        exprs=(
            "_IO('T', 1)",
            "_IOR('T', 0x30, unsigned int)",
            "_IOW('x', 2, struct winsize)",
            "_IOWR('x', 3, long)",
            "_IOC_SIZE(TIOCGDEV)",
            "_IOC_DIR(TIOCSIG)",
            "_IOC_TYPE(TIOCGPTN)",
            "_IOC_NR(TIOCGPTN)",
            "({ struct winsize w; ioctl(-1, TIOCGWINSZ, &w); })",
        ),
    ),
    "sys/param.h": Check(
        types=("dev_t", "sigset_t", "u_int32_t"),
        exprs=(
            "MIN(3, 4)",
            "MAX(3, 4)",
            "MIN(-2, 7L)",
            "sizeof(MAX(1, 2L))",
            "howmany(10, 4)",
            "howmany(8, 4)",
            "roundup(10, 4)",
            "roundup(10, 3)",
            "roundup(-5, 4)",
            "({ int y = 4; roundup(-5, y); })",
            "powerof2(64)",
            "powerof2(12)",
            "({ unsigned char m[4] = {0}; setbit(m, 9); setbit(m, 30); clrbit(m, 30);"
            " m[1] * 100 + (isset(m, 9) != 0) * 10 + isclr(m, 30); })",
        ),
    ),
    "sys/prctl.h": Check(
        types=("struct prctl_mm_map",),
        offsets=_members("struct prctl_mm_map", "env_end", "auxv", "auxv_size", "exe_fd"),
        exprs=(
            "({ char n[16] = {0}; prctl(PR_GET_NAME, n) * 10 + (n[0] != 0); })",
            "prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)",
        ),
    ),
    "sys/resource.h": Check(
        types=("struct rlimit", "struct rusage", "rlim_t", "id_t"),
        offsets=(
            ("struct rlimit", "rlim_max"),
            *_members("struct rusage", "ru_stime", "ru_maxrss", "ru_minflt", "ru_nivcsw"),
        ),
    ),
    "sys/sysinfo.h": Check(
        types=("struct sysinfo",),
        offsets=_members(
            "struct sysinfo",
            *"loads totalram freeswap procs pad totalhigh freehigh mem_unit _f".split(),
        ),
        exprs=(
            "get_nprocs() > 0",
            "get_nprocs_conf() >= get_nprocs()",
            "get_phys_pages() > 0",
            "get_avphys_pages() > 0",
            "({ struct sysinfo s; sysinfo(&s) == 0 && s.mem_unit > 0 && s.totalram > 0; })",
        ),
    ),
    "sys/select.h": Check(types=("fd_set", "struct timeval", "sigset_t")),
    "sys/shm.h": Check(
        types=("struct shmid_ds", "struct shminfo", "struct shm_info", "shmatt_t", "time_t"),
        offsets=(
            *_members(
                "struct shmid_ds",
                *"shm_segsz shm_atime shm_ctime shm_cpid shm_lpid shm_nattch".split(),
            ),
            *_members("struct shminfo", "shmall"),
            *_members("struct shm_info", "shm_tot", "swap_successes"),
        ),
        exprs=(
            "({ int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600); int n = -1;"
            " char *p = id < 0 ? (void *)-1 : shmat(id, 0, 0);"
            " if (p != (void *)-1) { struct shmid_ds d; p[0] = 5;"
            " n = shmctl(id, IPC_STAT, &d) * 100 + (int)d.shm_nattch * 10"
            " + (d.shm_segsz == 4096); shmdt(p); }"
            " if (id >= 0) shmctl(id, IPC_RMID, 0); n; })",
        ),
        gnu=("sizeof(pid_t)",),
    ),
    "sys/socket.h": Check(
        types=(
            "socklen_t",
            "sa_family_t",
            "struct sockaddr",
            "struct sockaddr_storage",
            "struct msghdr",
            "struct cmsghdr",
            "struct linger",
            "struct iovec",
        ),
        offsets=(
            *_members("struct sockaddr", "sa_data"),
            *_members("struct sockaddr_storage", "__ss_align"),
            *_members(
                "struct msghdr",
                "msg_namelen",
                "msg_iov",
                "msg_iovlen",
                "msg_control",
                "msg_controllen",
                "msg_flags",
            ),
            *_members("struct cmsghdr", "cmsg_level", "cmsg_type", "__cmsg_data"),
            *_members("struct linger", "l_linger"),
        ),
        exprs=(
            "CMSG_SPACE(sizeof(int))",
            "CMSG_LEN(3)",
            "({ int sv[2]; char b[4] = {0}; int r = socketpair(AF_UNIX, SOCK_STREAM, 0, sv);"
            ' send(sv[0], "ok", 2, 0); int n = (int)recv(sv[1], b, 4, MSG_DONTWAIT);'
            " r * 100 + n * 10 + (b[1] == 'k'); })",
            "({ struct msghdr m = {0}; char c[64]; m.msg_control = c;"
            " m.msg_controllen = sizeof c; CMSG_FIRSTHDR(&m) == (void *)c; })",
        ),
        gnu=(
            "sizeof(struct ucred)",
            "offsetof(struct ucred, gid)",
            "sizeof(struct mmsghdr)",
            "offsetof(struct mmsghdr, msg_len)",
        ),
    ),
    "sys/stat.h": Check(
        types=("struct stat", "dev_t", "ino_t", "mode_t", "nlink_t", "off_t", "time_t"),
        offsets=_STAT,
    ),
    "sys/times.h": Check(
        types=("struct tms", "clock_t"),
        offsets=_members("struct tms", "tms_stime", "tms_cutime", "tms_cstime"),
        exprs=("({ struct tms t; times(&t) != (clock_t)-1 && t.tms_utime >= 0; })",),
    ),
    "sys/timeb.h": Check(
        types=("struct timeb", "time_t"),
        offsets=_members("struct timeb", "millitm", "timezone", "dstflag"),
        exprs=("({ struct timeb t; ftime(&t) == 0 && t.millitm < 1000; })",),
    ),
    "sys/time.h": Check(
        types=("struct timeval", "struct timezone", "struct itimerval", "suseconds_t", "fd_set"),
        offsets=(("struct timeval", "tv_usec"), ("struct itimerval", "it_value")),
    ),
    "sys/types.h": Check(
        types=(
            "size_t ssize_t off_t pid_t uid_t gid_t mode_t dev_t ino_t nlink_t blksize_t "
            "blkcnt_t time_t clock_t clockid_t timer_t suseconds_t id_t key_t "
            "caddr_t u_char u_short u_int u_long quad_t u_quad_t int8_t int16_t int32_t int64_t "
            "u_int8_t u_int16_t u_int32_t u_int64_t pthread_t pthread_mutex_t pthread_cond_t "
            "pthread_attr_t fsblkcnt_t fsfilcnt_t"
        ).split(),
    ),
    "sys/uio.h": Check(
        types=("struct iovec", "ssize_t", "off_t", "pid_t"),
        offsets=(("struct iovec", "iov_len"),),
        exprs=(
            '({ struct iovec v[2] = {{"ab", 2}, {"cde", 3}}; writev(-1, v, 2); })',
            "({ char b[4]; struct iovec v = {b, 4}; preadv(-1, &v, 1, 0); })",
        ),
        gnu=(
            "({ char b[4]; struct iovec v = {b, 4}; preadv2(-1, &v, 1, 0, RWF_NOWAIT); })",
            "({ int x = 0, y = 42; struct iovec l = {&x, sizeof x}, r = {&y, sizeof y};"
            " process_vm_readv(-1, &l, 1, &r, 1, 0) * 100 + x; })",
        ),
    ),
    "sys/un.h": Check(
        types=("struct sockaddr_un", "sa_family_t"),
        offsets=(("struct sockaddr_un", "sun_path"),),
        exprs=(
            '({ struct sockaddr_un a = {0}; strcpy(a.sun_path, "/tmp/x.sock"); SUN_LEN(&a); })',
        ),
    ),
    "sys/utsname.h": Check(
        types=("struct utsname",),
        offsets=_members("struct utsname", "nodename", "release", "version", "machine"),
        gnu=("offsetof(struct utsname, domainname)",),
        plain=("offsetof(struct utsname, __domainname)",),
    ),
    "termios.h": Check(
        types=("struct termios", "speed_t", "tcflag_t", "cc_t", "pid_t"),
        offsets=_members("struct termios", "c_oflag", "c_lflag", "c_line", "c_cc", "c_ospeed"),
        exprs=(
            "CTRL('c')",
            "({ struct termios t = {0}; cfsetspeed(&t, B38400); cfmakeraw(&t);"
            " (long)cfgetispeed(&t) * 1000 + (t.c_cflag & CSIZE); })",
            "({ struct termios t; tcgetattr(-1, &t); })",
        ),
    ),
    "threads.h": Check(
        types=("thrd_t", "mtx_t", "cnd_t", "tss_t", "once_flag", "thrd_start_t", "tss_dtor_t"),
        exprs=(
            "thrd_success",
            "thrd_busy",
            "thrd_error",
            "thrd_nomem",
            "thrd_timedout",
            "mtx_plain",
            "mtx_recursive",
            "mtx_timed",
            "INSPIRE_NONZERO_BYTES(once_flag, ONCE_FLAG_INIT)",
        ),
    ),
    "tgmath.h": Check(
        exprs=(
            "sizeof(sqrt(1.0f))",
            "sizeof(sqrt(2))",
            "sizeof(sqrt(2.0L))",
            "sizeof(sqrt((float _Complex)4))",
            "sizeof(sqrt((long double _Complex)4))",
            "sizeof(pow(2, 0.5f))",
            "sizeof(pow(2.0f, 0.5f))",
            "sizeof(pow(2.0f, (double _Complex)1))",
            "sizeof(fmax(1.0f, 2.0L))",
            "sizeof(fmax(1.0f, 2))",
            "sizeof(fma(1.0f, 2.0f, 3.0f))",
            "sizeof(fabs((float _Complex)1))",
            "sizeof(frexp(1.0f, &(int){0}))",
            "sizeof(nexttoward(1.0f, 2.0L))",
            "sizeof(remquo(1.0f, 2, &(int){0}))",
            "sizeof(lrint(1.0f))",
            "sizeof(carg(1.0f))",
            "sizeof(conj(1.0L))",
            "sizeof(creal(3))",
            "(int)sqrt(49)",
            "(int)fabs(3 + 4 * I)",
            "(int)(1000 * pow(2, 0.5f))",
            "(int)cimag(sqrt((double _Complex)-4))",
        ),
        gnu=(
            "sizeof(log10((float _Complex)1))",
            "sizeof(fadd(1.0L, 2.0f))",
            "sizeof(dadd(1, 2))",
            "sizeof(exp10(1.0f))",
            "sizeof(fromfp(2.5f, FP_INT_TONEAREST, 10))",
            "fromfp(2.5f, FP_INT_UPWARD, 10)",
            "sizeof(fmaxmag(1.0f, 2.0))",
        ),
        plain=("sizeof(log10(1.0f))",),
    ),
    "time.h": Check(
        types=(
            "struct tm",
            "struct timespec",
            "struct itimerspec",
            "clock_t",
            "time_t",
            "clockid_t",
            "timer_t",
        ),
        offsets=(
            *_members("struct tm", "tm_isdst", "tm_gmtoff", "tm_zone"),
            ("struct timespec", "tv_nsec"),
        ),
    ),
    "uchar.h": Check(
        types=("char16_t", "char32_t", "mbstate_t", "size_t"),
        exprs=(
            '({ char32_t c; mbstate_t s = {0}; (int)mbrtoc32(&c, "A", 1, &s) * 1000 + (int)c; })',
            '({ char16_t c; mbstate_t s = {0}; (int)mbrtoc16(&c, "B", 1, &s) * 1000 + c; })',
            "({ char b[8]; mbstate_t s = {0}; (int)c32rtomb(b, U'C', &s) * 1000 + b[0]; })",
            "({ char b[8]; mbstate_t s = {0}; (int)c16rtomb(b, u'D', &s) * 1000 + b[0]; })",
        ),
        gnu=(
            "sizeof(char8_t)",
            '({ char8_t c; mbstate_t s = {0}; (int)mbrtoc8(&c, "E", 1, &s) * 1000 + c; })',
            "({ char b[8]; mbstate_t s = {0}; (int)c8rtomb(b, 'F', &s) * 1000 + b[0]; })",
        ),
    ),
    "unistd.h": Check(types=("ssize_t", "off_t", "pid_t", "useconds_t", "uid_t", "gid_t")),
    "wchar.h": Check(
        types=("mbstate_t", "__mbstate_t", "wint_t", "wchar_t", "size_t", "FILE *", "locale_t"),
        offsets=(("mbstate_t", "__value"),),
        exprs=(
            "sizeof(WEOF)",
            'wcslen(L"hello")',
            'wcscmp(L"abc", L"abd") < 0',
            'wcsncmp(L"abc", L"abd", 2)',
            'wcstol(L"-42", 0, 10)',
            '(long)wcstoul(L"ff", 0, 16)',
            '(int)wcstod(L"2.5e2", 0)',
            "({ const wchar_t *s = L\"hello\"; (int)(wcsrchr(s, L'l') - s); })",
            '({ const wchar_t *s = L"hello"; (int)(wcsstr(s, L"lo") - s); })',
            "({ mbstate_t s = {0}; mbsinit(&s); })",
            "btowc('A')",
            "wctob(L'z')",
            '({ wchar_t b[16]; swprintf(b, 16, L"%d-%ls", 123, L"ab"); (int)wcslen(b); })',
            "({ wchar_t b[8]; wcsncpy(b, L\"wide\", 8); wmemset(b, L'x', 2);"
            ' wmemcmp(b, L"xxde", 4); })',
            "({ char b[8]; mbstate_t s = {0}; (int)wcrtomb(b, L'A', &s) * 100 + b[0]; })",
            '({ wchar_t w; mbstate_t s = {0}; (int)mbrtowc(&w, "Q", 1, &s) * 1000 + w; })',
            '({ const char *src = "abc"; wchar_t d[4]; mbstate_t s = {0};'
            " (int)mbsrtowcs(d, &src, 4, &s) * 1000 + d[2]; })",
        ),
        gnu=("wcwidth(L'a')", 'wcswidth(L"abc", 3)', "*wcschrnul(L\"abc\", L'z')"),
    ),
    "wctype.h": Check(
        types=("wctype_t", "wctrans_t", "wint_t", "locale_t"),
        exprs=(
            "iswalpha(L'a') != 0",
            "iswdigit(L'7') != 0",
            "iswspace(L' ') != 0",
            "iswupper(L'a') != 0",
            "iswxdigit(L'f') != 0",
            "iswpunct(L'!') != 0",
            "towupper(L'q')",
            "towlower(L'Q')",
            "towlower(WEOF) == WEOF",
            "iswctype(L'x', wctype(\"alpha\")) != 0",
            'wctype("no such class")',
            "towctrans(L'a', wctrans(\"toupper\"))",
        ),
    ),
}

# Object-like macros whose expansion is not an arithmetic or string value.
_NOT_VALUES = frozenset(
    "bool alignas alignof noreturn thread_local static_assert stdin stdout stderr "
    "st_atime st_mtime st_ctime sa_handler sa_sigaction si_pid si_uid si_status si_addr strerror_r "
    "si_value si_int si_ptr si_timerid si_overrun si_utime si_stime si_band si_fd "
    "sigev_notify_function sigev_notify_attributes d_fileno _DIRENT_HAVE_D_RECLEN "
    "ifa_broadaddr ifa_dstaddr "
    "s6_addr s6_addr16 s6_addr32 IN6ADDR_ANY_INIT IN6ADDR_LOOPBACK_INIT h_addr "
    "_DIRENT_HAVE_D_OFF _DIRENT_HAVE_D_TYPE RE_TRANSLATE_TYPE "
    "PTHREAD_MUTEX_INITIALIZER PTHREAD_COND_INITIALIZER PTHREAD_RWLOCK_INITIALIZER "
    "PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP "
    "PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP "
    "ONCE_FLAG_INIT ATOMIC_FLAG_INIT complex CMPLX CMPLXF CMPLXL "
    "and and_eq bitand bitor compl not not_eq or or_eq xor xor_eq".split()
)
_POINTER_VALUES = frozenset(
    "NULL SIG_DFL SIG_IGN SIG_ERR SIG_HOLD SEM_FAILED PTHREAD_CANCELED MAP_FAILED "
    "FE_DFL_ENV FE_NOMASK_ENV FE_DFL_MODE LC_GLOBAL_LOCALE RTLD_NEXT RTLD_DEFAULT".split()
)
_STANDARD_UNDERSCORE = frozenset(
    "__bool_true_false_are_defined __alignas_is_defined __alignof_is_defined".split()
)

_PRELUDE = r"""
#include <stdio.h>
#define INSPIRE_TYPE_OF(x) _Generic((x), _Bool: "_Bool", char: "char", \
    signed char: "signed char", unsigned char: "unsigned char", short: "short", \
    unsigned short: "unsigned short", int: "int", unsigned int: "unsigned int", long: "long", \
    unsigned long: "unsigned long", long long: "long long", \
    unsigned long long: "unsigned long long", float: "float", double: "double", \
    long double: "long double", char *: "char *", const char *: "const char *", \
    default: "other")
static void inspire_show_s(const char *n, const char *t, const char *v)
{ printf("%s: %s \"%s\"\n", n, t, v); }
static void inspire_show_f(const char *n, const char *t, long double v)
{ printf("%s: %s %La\n", n, t, v); }
static void inspire_show_u(const char *n, const char *t, unsigned long long v)
{ printf("%s: %s %llu\n", n, t, v); }
static void inspire_show_i(const char *n, const char *t, long long v)
{ printf("%s: %s %lld\n", n, t, v); }
#define INSPIRE_NONZERO_BYTES(type, init) ({ \
    static type object = init; \
    const unsigned char *bytes = (const unsigned char *)&object; \
    int count = 0; \
    for (unsigned i = 0; i < sizeof object; ++i) count += bytes[i] != 0; \
    count; })
#define INSPIRE_SHOW(n, x) _Generic((x), char *: inspire_show_s, \
    const char *: inspire_show_s, float: inspire_show_f, double: inspire_show_f, \
    long double: inspire_show_f, unsigned int: inspire_show_u, \
    unsigned long: inspire_show_u, unsigned long long: inspire_show_u, \
    default: inspire_show_i)(n, INSPIRE_TYPE_OF(x), x)
"""


def _c_name(header: str) -> str:
    return re.sub(r"\W", "_", header)


def _gcc_e(args: list[str], text: str) -> str:
    result = subprocess.run(
        ["gcc", "-E", "-std=gnu11", *args, "-x", "c", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def _macro_flags(gnu: bool) -> list[str]:
    return ["-nostdinc", "-isystem", str(BUNDLED_INCLUDE_DIR), "-dM"] + (
        ["-D_GNU_SOURCE"] if gnu else []
    )


@functools.cache
def _predefined_macros(gnu: bool) -> frozenset[str]:
    return frozenset(_gcc_e(_macro_flags(gnu), "").splitlines())


def _bundled_macros(header: str, gnu: bool) -> list[str]:
    """Object-like macros that #include <header> defines with the bundled headers."""
    base = _predefined_macros(gnu)
    names = []
    for line in _gcc_e(_macro_flags(gnu), f"#include <{header}>\n").splitlines():
        match = re.match(r"#define (\w+) ", line)
        if line in base or not match:
            continue
        name = match[1]
        if name.startswith("__") and name not in _STANDARD_UNDERSCORE:
            continue
        if re.fullmatch(r"_[A-Z0-9_]+_H", name) or name in _NOT_VALUES or name in BEYOND_SYSTEM:
            continue
        names.append(name)
    return sorted(names)


#: What the bundled headers declare beyond the system's on purpose: the
#: OpenMP 5.1/5.2 routines and types gcc 12's <omp.h> lacks (the emitted C
#: declares the routines a program names: the library table's ``prototype``).
BEYOND_SYSTEM = frozenset(
    {
        *(f.name for f in LIBRARY.values() if f.prototype),
        *"omp_intptr_t omp_interop_t omp_interop_property_t omp_interop_rc_t "
        "omp_interop_fr_t omp_control_tool_result_t omp_control_tool_t omp_interop_none".split(),
    }
)


def _declared_names(header: str, gnu: bool, directory: Path) -> tuple[list[str], list[str]]:
    """(functions with a prototype, typedef names) declared by the bundled ``header``.

    Functions declared without a prototype (the type-generic ones) and the
    compiler builtins are left out: real headers make them macros; so are
    the lowering's marker typedefs (``__inspire_*``, among them the type name
    the lexer reads ``__auto_type`` as).
    """
    probe = directory / f"names_{_c_name(header)}.c"
    probe.write_text(f"#include <{header}>\n")
    ast, _ = parse_c(probe, defines=["_GNU_SOURCE"] if gnu else [])
    functions, types = [], []
    for node in ast.ext:
        if node.name is None or node.name.startswith(("__builtin_", "__inspire_")):
            continue
        if node.name in BEYOND_SYSTEM:
            continue
        if isinstance(node, c_ast.Typedef):
            types.append(node.name)
        elif isinstance(node.type, c_ast.FuncDecl) and node.type.args is not None:
            functions.append(node.name)
    return sorted(set(functions)), sorted(set(types))


def _check_unit(header: str, gnu: bool, directory: Path) -> str:
    """C source of a function printing everything checked for ``header``.

    The function also refers to every function and type the bundled header
    declares, so that the build with the real headers fails if one of them
    is not visible there.
    """
    check = HEADER_CHECKS[header]
    lines = [_PRELUDE, f"#include <{header}>", "#include <stddef.h>"]
    lines.append(f"void check_{_c_name(header)}(void) {{")
    functions, types = _declared_names(header, gnu, directory)
    lines += [f"    (void)sizeof(&{name});" for name in functions]
    lines += [f"    (void)sizeof({name} *);" for name in types]
    items = [f"sizeof({t})" for t in check.types]
    items += [f"_Alignof({t})" for t in check.types]
    items += [f"offsetof({t}, {m})" for t, m in check.offsets]
    items += [*check.exprs, *(check.gnu if gnu else check.plain)]
    for item in items:
        lines.append(
            f'    printf("{header}: %s = %lld\\n", {c_string(item)}, (long long)({item}));'
        )
    for name in _bundled_macros(header, gnu):
        label = c_string(f"{header}: {name}")
        lines.append(f"#ifndef {name}")
        lines.append(f'    printf("%s undefined\\n", {label});')
        lines.append("#else")
        if name in _POINTER_VALUES:
            lines.append(f'    printf("%s = %ld\\n", {label}, (long)({name}));')
        else:
            lines.append(f"    INSPIRE_SHOW({label}, {name});")
        lines.append("#endif")
    lines.append("}")
    return "\n".join(lines) + "\n"


def c_string(text: str) -> str:
    """``text`` as a C string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _build_and_run(directory: Path, sources: list[Path], variants: dict[str, list[str]]):
    """Build one program per variant (name: extra gcc flags) in parallel; their outputs."""
    builds = {
        name: subprocess.Popen(
            ["gcc", "-std=gnu11", "-w", *flags, *map(str, sources), "-o", directory / name, "-lm"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, flags in variants.items()
    }
    outputs = {}
    for name, build in builds.items():
        _, stderr = build.communicate()
        assert build.returncode == 0, f"gcc {' '.join(variants[name])} failed:\n{stderr}"
        run = subprocess.run([str(directory / name)], capture_output=True, text=True, check=True)
        outputs[name] = run.stdout.split("\n")
    return outputs


@dataclasses.dataclass(frozen=True)
class HeaderOutputs:
    """Per header: (lines printed with the system headers, lines with the bundled ones)."""

    gnu: bool
    lines: dict[str, tuple[list[str], list[str]]]


@pytest.fixture(scope="module", params=[False, True], ids=["default", "gnu"])
def header_outputs(request, tmp_path_factory) -> HeaderOutputs:
    """The check programs built and run with and without _GNU_SOURCE."""
    gnu = request.param
    directory = tmp_path_factory.mktemp("gnu" if gnu else "default")
    sources = [directory / f"{_c_name(header)}.c" for header in HEADER_CHECKS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        units = pool.map(lambda header: _check_unit(header, gnu, directory), HEADER_CHECKS)
        for source, unit in zip(sources, units, strict=True):
            source.write_text(unit)
    calls = "".join(f"    check_{_c_name(h)}();\n" for h in HEADER_CHECKS)
    protos = "".join(f"void check_{_c_name(h)}(void);\n" for h in HEADER_CHECKS)
    main = directory / "main.c"
    main.write_text(f"{protos}int main(void) {{\n{calls}    return 0;\n}}\n")
    sources.append(main)
    mode = ["-D_GNU_SOURCE"] if gnu else []
    outputs = _build_and_run(
        directory,
        sources,
        {"real": mode, "bundled": [*mode, "-nostdinc", "-isystem", str(BUNDLED_INCLUDE_DIR)]},
    )
    real, bundled = outputs["real"], outputs["bundled"]
    result: dict[str, tuple[list[str], list[str]]] = {}
    for header in HEADER_CHECKS:
        prefix = f"{header}: "
        result[header] = (
            [line for line in real if line.startswith(prefix)],
            [line for line in bundled if line.startswith(prefix)],
        )
    return HeaderOutputs(gnu, result)


def test_every_required_header_is_bundled_and_checked():
    assert set(REQUIRED_HEADERS) <= set(PUBLIC_HEADERS)
    assert set(HEADER_CHECKS) == set(PUBLIC_HEADERS)


@pytest.mark.parametrize("header", sorted(HEADER_CHECKS))
def test_header_matches_glibc(header, header_outputs):
    real, bundled = header_outputs.lines[header]
    assert bundled == real


# --- the same layouts, as the frontend sees them --------------------------


class _Layouts:
    """sizeof/_Alignof/offsetof evaluated on a pycparser AST (x86-64 LP64)."""

    def __init__(self, ast: c_ast.FileAST) -> None:
        self.typedefs: dict[str, c_ast.Node] = {}
        self.tags: dict[tuple[str, str], c_ast.Node] = {}
        ast_nodes = [ast]
        while ast_nodes:
            node = ast_nodes.pop()
            if isinstance(node, c_ast.Typedef):
                self.typedefs[node.name] = node.type
            if isinstance(node, c_ast.Struct | c_ast.Union) and node.name and node.decls:
                self.tags[(type(node).__name__, node.name)] = node
            ast_nodes.extend(child for _, child in node.children())

    def evaluate(self, expr: c_ast.Node) -> int:
        if isinstance(expr, c_ast.UnaryOp) and expr.op in ("sizeof", "_Alignof"):
            size, align = self.layout(expr.expr.type)
            return size if expr.op == "sizeof" else align
        if isinstance(expr, c_ast.FuncCall) and expr.name.name == "offsetof":
            typename, designator = expr.args.exprs
            return self.offset(typename.type, designator)[0]
        if isinstance(expr, c_ast.Constant):
            return int(expr.value.rstrip("uUlL"), 0)
        if isinstance(expr, c_ast.BinaryOp):
            left, right = self.evaluate(expr.left), self.evaluate(expr.right)
            return {"+": left + right, "-": left - right, "*": left * right}.get(
                expr.op, left // right if right else 0
            )
        raise AssertionError(f"cannot evaluate {expr}")

    def offset(self, node: c_ast.Node, designator: c_ast.Node) -> tuple[int, c_ast.Node]:
        """(byte offset, type) of ``designator`` inside the type ``node``."""
        if isinstance(designator, c_ast.ID):
            return self.member(node, designator.name)
        if isinstance(designator, c_ast.StructRef):
            base, base_type = self.offset(node, designator.name)
            inner, inner_type = self.member(base_type, designator.field.name)
            return base + inner, inner_type
        raise AssertionError(f"unsupported designator {designator}")

    def member(self, node: c_ast.Node, name: str) -> tuple[int, c_ast.Node]:
        record = self.record(node)
        for member_name, offset, member_type in self.fields(record):
            if member_name == name:
                return offset, member_type
        raise AssertionError(f"no member {name}")

    def record(self, node: c_ast.Node) -> c_ast.Node:
        while not isinstance(node, c_ast.Struct | c_ast.Union):
            if isinstance(node, c_ast.TypeDecl):
                node = node.type
            elif isinstance(node, c_ast.IdentifierType):
                node = self.typedefs[node.names[0]]
            else:
                raise AssertionError(f"not a record: {node}")
        if node.decls is None:
            node = self.tags[(type(node).__name__, node.name)]
        return node

    def fields(self, record: c_ast.Node) -> list[tuple[str, int, c_ast.Node]]:
        return [(decl.name, offset, decl.type) for decl, offset, _, _ in self.placement(record)]

    def placement(self, record: c_ast.Node) -> list[tuple[c_ast.Decl, int, int, int]]:
        """(member, byte offset, end byte, alignment it imposes) of each member.

        A bit-field goes at the next bit unless it would then straddle a
        unit of its type's size; it starts at the next aligned unit then (a
        zero width always does).  An unnamed bit-field imposes no alignment.
        """
        result, bit = [], 0
        packed = any(_is_packed_marker(decl) for decl in record.decls)
        for decl in _members_of(record):
            size, align = self.layout(decl.type)
            if packed:
                align = 1
            for alignas in decl.align or ():
                wanted = alignas.alignment
                if isinstance(wanted, c_ast.Typename):
                    align = max(align, self.layout(wanted.type)[1])
                else:
                    align = max(align, self.evaluate(wanted))
            start = bit if isinstance(record, c_ast.Struct) else 0
            if decl.bitsize is not None:
                width, unit = self.evaluate(decl.bitsize), 8 * size
                if width == 0 or start // unit != (start + width - 1) // unit:
                    start = -(-start // (8 * align)) * 8 * align
                end = start + width
                result.append((decl, start // 8, -(-end // 8), align if decl.name else 1))
            else:
                start = -(-start // (8 * align)) * 8 * align
                end = start + 8 * size
                result.append((decl, start // 8, end // 8, align))
            if isinstance(record, c_ast.Struct):
                bit = end
        return result

    def layout(self, node: c_ast.Node) -> tuple[int, int]:
        """(size, alignment) of a type node (``_Alignof(name)`` reaches the
        parser as ``_Alignof(typeof(name))``: frontend.cparse)."""
        if isinstance(node, c_ast.TypeDecl | c_ast.Typename):
            return self.layout(node.type)
        if isinstance(node, c_ast.TypeOf) and isinstance(node.expr, c_ast.Typename):
            return self.layout(node.expr)
        if isinstance(node, c_ast.PtrDecl):
            return 8, 8
        if isinstance(node, c_ast.ArrayDecl):
            size, align = self.layout(node.type)
            return (self.evaluate(node.dim) if node.dim else 0) * size, align
        if isinstance(node, c_ast.Enum):
            return 4, 4
        if isinstance(node, c_ast.Struct | c_ast.Union):
            record = self.record(node)
            placed = self.placement(record)
            align = max(
                [a for _, _, _, a in placed]
                + [self.evaluate(al.alignment) for d in _members_of(record) for al in d.align or ()]
            )
            end = max(e for _, _, e, _ in placed)
            return -(-end // align) * align, align
        assert isinstance(node, c_ast.IdentifierType), node
        names = [n for n in node.names if n not in ("signed", "unsigned")]
        if len(names) == 1 and names[0] in self.typedefs:
            return self.layout(self.typedefs[names[0]])
        if "_Complex" in names:  # two of the real type
            size, align = self.layout(c_ast.IdentifierType([n for n in names if n != "_Complex"]))
            return 2 * size, align
        if "char" in names or "_Bool" in names:
            return 1, 1
        if "short" in names:
            return 2, 2
        if "long" in names and "double" in names:
            return 16, 16
        if "long" in names or "double" in names:
            return 8, 8
        return 4, 4


def _is_packed_marker(node: c_ast.Node) -> bool:
    """Whether ``node`` is the marker GNU ``packed`` on a record becomes
    (frontend.preprocess)."""
    return (
        isinstance(node, c_ast.StaticAssert)
        and isinstance(node.message, c_ast.Constant)
        and node.message.value == f'"{PACKED_MARKER}"'
    )


def _members_of(record: c_ast.Node) -> list[c_ast.Decl]:
    """The member declarations of a record's body, without its markers."""
    return [decl for decl in record.decls if not isinstance(decl, c_ast.StaticAssert)]


def test_pycparser_sees_glibc_layouts(tmp_path, header_outputs):
    gnu = header_outputs.gnu
    items: list[tuple[str, str]] = []
    for header, check in HEADER_CHECKS.items():
        items += [(header, f"sizeof({t})") for t in check.types]
        items += [(header, f"_Alignof({t})") for t in check.types]
        items += [(header, f"offsetof({t}, {m})") for t, m in check.offsets]
    source = tmp_path / "layouts.c"
    includes = "".join(f"#include <{h}>\n" for h in HEADER_CHECKS)
    probes = "".join(f"long probe_{k} = {item};\n" for k, (_, item) in enumerate(items))
    source.write_text(includes + probes)
    ast, _ = parse_c(source, defines=["_GNU_SOURCE"] if gnu else [])
    layouts = _Layouts(ast)
    values = {
        decl.name: layouts.evaluate(decl.init)
        for decl in ast.ext
        if isinstance(decl, c_ast.Decl) and decl.name and decl.name.startswith("probe_")
    }
    for k, (header, item) in enumerate(items):
        expected = f"{header}: {item} = {values[f'probe_{k}']}"
        assert expected in header_outputs.lines[header][0], expected


# --- headers seen by the frontend ------------------------------------------


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _decls(ast: c_ast.FileAST, path: Path) -> dict[str, c_ast.Node]:
    """The top-level declarations made in ``path``, by name."""
    return {
        node.name: node
        for node in ast.ext
        if isinstance(node, c_ast.Decl | c_ast.Typedef) and node.coord.file == str(path)
    }


def _init_value(decl: c_ast.Node) -> str:
    assert isinstance(decl.init, c_ast.Constant), decl.init
    return decl.init.value


@pytest.mark.parametrize("header", PUBLIC_HEADERS)
def test_each_header_parses_alone(header, tmp_path):
    source = _write(tmp_path, "one.c", f"#include <{header}>\nint probe;\n")
    ast, origins = parse_c(source)
    assert origins.bundled_includes == (header,)
    assert origins.direct_includes == {str(source): (header,)}
    *from_header, last = ast.ext
    assert last.name == "probe" and last.coord.file == str(source)
    assert all(bundled_header(node.coord.file) for node in from_header)


@pytest.mark.parametrize("defines", [[], ["_GNU_SOURCE"], ["NDEBUG"]])
def test_all_headers_parse_together_twice(defines, tmp_path):
    includes = "".join(f"#include <{h}>\n" for h in PUBLIC_HEADERS)
    source = _write(tmp_path, "all.c", includes + includes + "int main(void) { return 0; }\n")
    ast, origins = parse_c(source, defines=defines)
    assert origins.bundled_includes == tuple(PUBLIC_HEADERS)
    assert origins.direct_includes[str(source)] == tuple(PUBLIC_HEADERS)
    assert ast.ext[-1].decl.name == "main"


def test_required_macros_expand_for_the_parser(tmp_path):
    source = _write(
        tmp_path,
        "macros.c",
        "#include <assert.h>\n#include <errno.h>\n#include <math.h>\n#include <stdarg.h>\n"
        "#include <stddef.h>\n#include <stdbool.h>\n"
        "struct s { char c; double d; };\n"
        "double f(int n, ...) {\n"
        "    va_list ap;\n"
        "    va_start(ap, n);\n"
        "    double d = va_arg(ap, double);\n"
        "    va_end(ap);\n"
        "    bool ok = true;\n"
        "    assert(n > 0);\n"
        "    errno = 0;\n"
        "    return d + INFINITY + NAN + HUGE_VAL + M_PI + offsetof(struct s, d) + ok;\n"
        "}\n",
    )
    ast, _ = parse_c(source)
    generator_text = _c_text(ast.ext[-1])
    assert "__builtin_va_start(ap, n)" in generator_text
    assert "__inspire_va_arg(ap, (double *) 0)" in generator_text
    assert "__assert_fail(" in generator_text
    assert "__errno_location() = 0" in generator_text
    assert "offsetof(struct s, d)" in generator_text
    assert "__builtin_inff()" in generator_text


def _c_text(node: c_ast.Node) -> str:
    from pycparser.c_generator import CGenerator

    return CGenerator().visit(node)


# --- preprocessor configuration --------------------------------------------


def test_predefined_macros_are_gcc_gnu17_with_openmp(tmp_path):
    source = _write(
        tmp_path,
        "predef.c",
        "long openmp = _OPENMP;\nlong stdc = __STDC_VERSION__;\nint inspirec = __INSPIREC__;\n"
        "int gnuc = __GNUC__;\nint lp64 = __LP64__;\n",
    )
    ast, _ = parse_c(source)
    decls = _decls(ast, source)
    assert _init_value(decls["openmp"]) == "201511"
    assert _init_value(decls["stdc"]) == "201710L"  # gcc 12's default, gnu17
    assert _init_value(decls["inspirec"]) == "1"
    assert _init_value(decls["lp64"]) == "1"


def test_defines_and_undefines_behave_like_gcc(tmp_path):
    source = _write(
        tmp_path,
        "defs.c",
        "int a = A;\nint b = B;\nconst char *s = S;\nint f = F(2);\n"
        "#ifdef C\nint c = 1;\n#endif\n#ifndef _OPENMP\nint serial = 1;\n#endif\n"
        "#ifndef D\nint no_d = 1;\n#endif\n",
    )
    ast, _ = parse_c(
        source,
        defines=["A", "B=7", 'S="text with spaces"', "F(x)=((x)*3)", "C", "D=2"],
        undefines=["C", "_OPENMP", "D"],
    )
    decls = _decls(ast, source)
    assert _init_value(decls["a"]) == "1"
    assert _init_value(decls["b"]) == "7"
    assert _init_value(decls["s"]) == '"text with spaces"'
    assert _c_text(decls["f"].init) == "2 * 3"
    assert "c" not in decls
    assert "serial" in decls and "no_d" in decls


def test_user_define_overrides_predefined_with_a_warning(tmp_path):
    source = _write(tmp_path, "omp.c", "long v = _OPENMP;\n")
    result = preprocess(source, defines=["_OPENMP=200805"])
    assert "long v = 200805;" in result.text
    assert [d.severity for d in result.warnings] == ["warning", "note"]
    assert '"_OPENMP" redefined' in result.warnings[0].message


def test_include_dirs_are_searched_in_order_before_bundled(tmp_path):
    first = _write(tmp_path, "first/stdio.h", "int from_first;\n").parent
    second = _write(tmp_path, "second/stdio.h", "int from_second;\n").parent
    _write(tmp_path, "second/extra.h", "#include <stdlib.h>\nint from_extra;\n")
    source = _write(tmp_path, "main.c", "#include <stdio.h>\n#include <extra.h>\n")
    ast, origins = parse_c(source, include_dirs=[first, str(second)])
    names = {node.name for node in ast.ext}
    assert {"from_first", "from_extra", "malloc"} <= names
    assert "from_second" not in names and "printf" not in names
    assert origins.bundled_includes == ("stdlib.h",)
    assert origins.direct_includes == {str(second / "extra.h"): ("stdlib.h",)}


def test_quoted_include_is_found_next_to_the_source(tmp_path):
    _write(tmp_path, "src/util.h", "int util;\n")
    source = _write(tmp_path, "src/main.c", '#include "util.h"\nint main_var;\n')
    ast, _ = parse_c(source)
    assert [node.name for node in user_declarations(ast)] == ["util", "main_var"]
    assert user_declarations(ast)[0].coord.file == str(tmp_path / "src" / "util.h")


def test_pragmas_are_kept_and_omp_pragmas_expand_macros(tmp_path):
    source = _write(
        tmp_path,
        "pragmas.c",
        "#define N 4\nvoid f(void) {\n#pragma omp parallel num_threads(N)\n  {\n"
        '#pragma omp task\n    ;\n    _Pragma("omp taskwait")\n  }\n'
        "#pragma other thing(N)\n}\n",
    )
    ast, _ = parse_c(source)
    pragmas = []
    stack: list[c_ast.Node] = [ast]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.Pragma):
            pragmas.append((node.string, node.coord.line))
        stack.extend(child for _, child in node.children())
    assert sorted(pragmas, key=lambda p: p[1]) == [
        ("omp parallel num_threads(4)", 3),
        ("omp task", 5),
        ("omp taskwait", 7),
        ("other thing(N)", 9),
    ]


def test_gnu_spellings_are_neutralised(tmp_path):
    source = _write(
        tmp_path,
        "gnu.c",
        "__extension__ typedef unsigned long long u64;\n"
        "static __inline__ int add(int *__restrict__ a, const int *__restrict b)\n"
        "    __attribute__((always_inline));\n"
        "static __inline int add(int *__restrict__ a, const int *__restrict b) {\n"
        "    return *a + *b;\n}\n"
        "__thread int tls;\n"
        "struct __attribute__((__unused__)) p { char c; __signed__ int i; }\n"
        '    __attribute((deprecated("x)"), unused));\n'
        "int f(__const char *name) {\n"
        "    __volatile__ int v = __alignof__(double) + sizeof(__FUNCTION__);\n"
        "    if (__builtin_expect(v > 0, 1)) return __builtin_offsetof(struct p, i);\n"
        "    return sizeof(__PRETTY_FUNCTION__) + name[0];\n}\n",
    )
    ast, _ = parse_c(source)
    names = [
        node.decl.name if isinstance(node, c_ast.FuncDef) else node.name
        for node in user_declarations(ast)
    ]
    assert names == ["u64", "add", "add", "tls", None, "f"]


@pytest.mark.parametrize(
    "code, col, message",
    [
        ("  __label__ out;", 3, "the GNU extension __label__ is not supported"),
    ],
)
def test_unsupported_gnu_extensions_are_named(code, col, message, tmp_path):
    source = _write(tmp_path, "ext.c", f"void f(int x) {{\n{code}\n}}\n")
    with pytest.raises(CompileError) as info:
        preprocess(source)
    first = info.value.diagnostics[0]
    assert (first.file, first.line, first.severity) == (str(source), 2, "error")
    assert message in first.message
    assert first.col == col


# --- origins -------------------------------------------------------------------


def test_origins_record_direct_includes_per_user_file(tmp_path):
    _write(
        tmp_path,
        "util.h",
        "#include <string.h>\n#include <stdio.h>\n#include <sys/time.h>\n",
    )
    source = _write(
        tmp_path,
        "main.c",
        '#include <stdio.h>\n#include "util.h"\n#include <stdlib.h>\n#include <stdio.h>\n',
    )
    origins = preprocess(source).origins
    assert origins.path == str(source)
    assert origins.direct_includes == {
        str(source): ("stdio.h", "stdlib.h"),
        str(tmp_path / "util.h"): ("string.h", "stdio.h", "sys/time.h"),
    }
    assert origins.bundled_includes == ("stdio.h", "string.h", "sys/time.h", "stdlib.h")


def test_bundled_header_names():
    include = BUNDLED_INCLUDE_DIR
    assert bundled_header(str(include / "stdio.h")) == "stdio.h"
    assert bundled_header(str(include / "sys" / "time.h")) == "sys/time.h"
    assert bundled_header(f"{include}/sys/../stdlib.h") == "stdlib.h"
    assert bundled_header(str(include / "bits" / "inspire_types.h")) == "bits/inspire_types.h"
    assert bundled_header("<built-in>") is None
    assert bundled_header("main.c") is None
    assert bundled_header(str(include.parent / "preprocess.py")) is None
    assert bundled_header("bad\0name") is None


def test_program_includes_merges_files_in_order(tmp_path):
    a = _write(tmp_path, "a.c", "#include <stdio.h>\n#include <omp.h>\nstatic int x;\n")
    b = _write(tmp_path, "b.c", "#include <pthread.h>\n#include <stdio.h>\nstatic int x;\n")
    results = [preprocess(a), preprocess(b)]
    assert program_includes(r.origins for r in results) == ("stdio.h", "omp.h", "pthread.h")
    assert [r.path for r in results] == [str(a), str(b)]


def test_feature_macros_in_effect_at_the_first_include(tmp_path):
    source = _write(
        tmp_path,
        "main.c",
        "#define _GNU_SOURCE\n#define _XOPEN_SOURCE 700\n#undef _XOPEN_SOURCE\n"
        "#define OTHER 1\n#include <stdio.h>\n#define _DEFAULT_SOURCE\nint x = OTHER;\n",
    )
    result = preprocess(source, defines=["_FILE_OFFSET_BITS=64"])
    assert result.origins.feature_macros == (("_FILE_OFFSET_BITS", "64"), ("_GNU_SOURCE", ""))
    assert "#define" not in result.text  # read, not parsed
    # a strict standard's; -fopenmp's _REENTRANT matters only then
    strict = preprocess(source, standard="c99").origins.feature_macros
    assert strict == (("_GNU_SOURCE", ""), ("_REENTRANT", "1"), ("__STRICT_ANSI__", "1"))
    strict = preprocess(source, openmp=False, standard="c99").origins.feature_macros
    assert strict == (("_GNU_SOURCE", ""), ("__STRICT_ANSI__", "1"))


def test_program_feature_macros_merge_files(tmp_path):
    a = _write(tmp_path, "a.c", "#define _POSIX_C_SOURCE 200809L\n#include <stdio.h>\n")
    b = _write(
        tmp_path, "b.c", "#define _POSIX_C_SOURCE 1\n#define _GNU_SOURCE 1\n#include <stdio.h>\n"
    )
    c = _write(tmp_path, "c.c", "int y;\n#define _ISOC11_SOURCE\n")  # no include: none
    origins = [preprocess(f).origins for f in (a, b, c)]
    assert program_feature_macros(origins) == (("_GNU_SOURCE", "1"), ("_POSIX_C_SOURCE", "200809L"))


def test_location_maps_columns_through_spacing_comments_and_macros(tmp_path):
    source = _write(
        tmp_path,
        "cols.c",
        "#define TWICE(x) ((x) + (x))\n"
        "int later;\n"
        "int\tvalue   =  /* note */ TWICE(3) +   later;\n"
        "int split = TWICE(\n"
        "    later) + later;\n",
    )
    ast, origins = parse_c(source)
    value, split = user_declarations(ast)[1:3]
    # `later` on line 3: the tab advances to column 9, so it is at display column 44.
    assert origins.location(value.init.right.coord) == (str(source), 3, 44)
    assert origins.location(value.coord) == (str(source), 3, 9)
    # The macro call spans lines 4-5; the preprocessor put its expansion on
    # line 4.  Tokens from a macro argument map to the argument.
    assert origins.location(split.init.right.coord) == (str(source), 5, 14)
    assert origins.location(split.init.left.coord) == (str(source), 5, 5)
    assert origins.location(value.init.left.coord) == (str(source), 3, 37)
    diagnostic = origins.diagnostic(value.init.right.coord, "look here", "note")
    assert str(diagnostic) == (
        f"{source}:3:44: note: look here\n"
        "    3 | int     value   =  /* note */ TWICE(3) +   later;\n"
        "      |                                            ^"
    )


# --- preprocessor errors ---------------------------------------------------


def test_missing_file_is_reported_like_gcc(tmp_path):
    missing = tmp_path / "nofile.c"
    with pytest.raises(CompileError) as info:
        preprocess(missing)
    assert str(info.value) == f"inspirec: error: {missing}: No such file or directory"


def test_missing_header_points_at_the_include(tmp_path):
    source = _write(tmp_path, "inc.c", "int a;\n#include <nothere.h>\n")
    with pytest.raises(CompileError) as info:
        preprocess(source)
    assert str(info.value) == (
        f"{source}:2:10: error: nothere.h: No such file or directory\n"
        "    2 | #include <nothere.h>\n"
        "      |          ^"
    )


def test_error_in_user_header_notes_the_include_chain(tmp_path):
    _write(tmp_path, "deep.h", "#error   deep trouble\n")
    _write(tmp_path, "mid.h", '#include "deep.h"\n')
    source = _write(tmp_path, "top.c", '\n#include "mid.h"\n')
    with pytest.raises(CompileError) as info:
        preprocess(source)
    assert [(d.severity, d.file, d.line, d.col, d.message) for d in info.value.diagnostics] == [
        ("error", str(tmp_path / "deep.h"), 1, 2, "#error deep trouble"),
        ("note", str(tmp_path / "mid.h"), 1, None, "included from here"),
        ("note", str(source), 2, None, "included from here"),
    ]


@pytest.mark.parametrize(
    "text, line, col, message",
    [
        ("#error stop here\n", 1, 2, "#error stop here"),
        ("int x;\n#foo bar\n", 2, 2, "invalid preprocessing directive #foo"),
        ("#if 1\nint x;\n", 1, None, "unterminated #if"),
        ("#include\n", 1, 9, '#include expects "FILENAME" or <FILENAME>'),
        ("#define\n", 1, 8, "no macro name given in #define directive"),
        ("#if 1 +\n#endif\n", 1, 8, "operator '+' has no right operand"),
    ],
)
def test_preprocessor_errors_have_positions(text, line, col, message, tmp_path):
    source = _write(tmp_path, "bad.c", text)
    with pytest.raises(CompileError) as info:
        preprocess(source)
    first = info.value.diagnostics[0]
    assert (first.file, first.line, first.col, first.message) == (str(source), line, col, message)


def test_bad_command_line_macros(tmp_path):
    source = _write(tmp_path, "ok.c", "int x;\n")
    with pytest.raises(CompileError, match="macro name missing after '-D'"):
        preprocess(source, defines=[""])
    with pytest.raises(CompileError, match="macro name missing after '-U'"):
        preprocess(source, undefines=[""])
    with pytest.raises(CompileError, match="missing path after '-I'"):
        preprocess(source, include_dirs=[""])
    with pytest.raises(CompileError) as info:
        preprocess(source, defines=["1X"])
    assert str(info.value) == "<command-line>: error: macro names must be identifiers"


def test_a_malformed_pragma_weak_is_gccs_warning_and_ignored(tmp_path):
    source = _write(tmp_path, "w.c", 'int x;\n#pragma weak 3\n#pragma weak x = "y"\n')
    result = preprocess(source)
    assert [(d.line, d.col, d.message) for d in result.warnings] == [
        (2, 2, "malformed '#pragma weak', ignored"),
        (3, 2, "malformed '#pragma weak', ignored"),
    ]
    assert "#pragma" not in result.text and "__inspirec_weak" not in result.text


def test_unavailable_preprocessor(tmp_path):
    source = _write(tmp_path, "ok.c", "int x;\n")
    with pytest.raises(CompileError, match="cannot run the C preprocessor '/nonexistent/gcc'"):
        preprocess(source, cpp="/nonexistent/gcc")


def test_dash_leading_file_name_is_not_an_option(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _write(tmp_path, "-v.c", "int x;\n")
    result = preprocess("-v.c")
    assert "int x;" in result.text
    assert result.origins.path == "-v.c"


@pytest.mark.parametrize(
    "code, line, col, message",
    [
        (
            "int v4 __attribute__((unused, vector_size(16)));",
            1,
            8,
            "__attribute__((vector_size(16))) is supported by inspirec only on a typedef name",
        ),
        (
            "void f(void) { for (int i __attribute__((cleanup(g))) = 0; i < 1; i++); }",
            1,
            27,
            "__attribute__((cleanup)) in a for loop's declaration is not supported by inspirec",
        ),
        (
            "void f(void) { int i __attribute__((cleanup(1))); }",
            1,
            22,
            "cleanup argument not an identifier",
        ),
        (
            "void g(int *);\nvoid f(void) { __attribute__((cleanup(g))) int i, j; }",
            2,
            16,
            "__attribute__((cleanup)) is not supported by inspirec here (only after a variable's "
            "name, or on a declaration of one variable)",
        ),
        (
            "__attribute__((destructor(-1))) void setup(void) {}",
            1,
            1,
            "destructor priorities must be integers from 0 to 65535",
        ),
        (
            "__attribute__((constructor(70000))) void setup(void) {}",
            1,
            1,
            "constructor priorities must be integers from 0 to 65535",
        ),
        (
            "static int hook(void) __attribute__((weak));",
            1,
            23,
            "weak declaration of 'hook' must be public",
        ),
        (
            "void f(void) { int local __attribute__((weak)) = 1; }",
            1,
            26,
            "weak declaration of 'local' must be public",
        ),
        (
            "void f(void) { extern int e __attribute__((weak)); }",
            1,
            29,
            "__attribute__((weak)) on a block's declaration is not supported by inspirec",
        ),
        (
            "void impl(void) {}\nvoid hook(void) __attribute__((alias(impl)));",
            2,
            17,
            "alias argument not a string",
        ),
        (
            'void impl(void) {}\nvoid f(void) { void g(void) __attribute__((alias("impl"))); }',
            2,
            29,
            "__attribute__((alias)) is not supported by inspirec here (only on the file-scope "
            "declaration of one function or variable)",
        ),
        (
            "int entry __attribute__((section(table))) = 1;",
            1,
            11,
            "section attribute argument not a string constant",
        ),
        (
            'void f(void) { int v __attribute__((section("s"))) = 1; }',
            1,
            22,
            "section attribute cannot be specified for local variables",
        ),
        (
            'void f(void) __attribute__((section(".text.hot")));',
            1,
            14,
            "__attribute__((section)) is not supported by inspirec here (only on the "
            "declaration of one variable, static if in a block)",
        ),
        (
            'void f(void) { static int v __attribute__((section("a b"))); }',
            1,
            29,
            "__attribute__((section)) is not supported by inspirec with this section name "
            "(only letters, digits, _, . and $)",
        ),
        (
            "#define ALIGN __attribute__((aligned(64)))\nvoid f(int g ALIGN);",
            2,
            14,
            "__attribute__((aligned)) is not supported by inspirec here (only on a struct or "
            "union definition, a member, a variable, a function and a typedef name)",
        ),
        (
            "enum e { A } __attribute__((aligned(8)));",
            1,
            14,
            "__attribute__((aligned)) on an enum is not supported by inspirec",
        ),
        (
            "struct p { char c; int i : 3 __attribute__((packed)); };",
            1,
            30,
            "__attribute__((packed)) on a bit-field is not supported by inspirec",
        ),
        (
            "struct p { char c; int i __attribute__((aligned(8))) : 3; };",
            1,
            26,
            "__attribute__((aligned)) on a bit-field is not supported by inspirec",
        ),
        (
            "struct p { char c; __attribute__((aligned(8))) int i : 3; };",
            1,
            20,
            "__attribute__((aligned)) on a bit-field is not supported by inspirec",
        ),
        (
            "struct p { char c; int i, j __attribute__((packed)); };",
            1,
            29,
            "__attribute__((packed)) on one of several members declared together is not "
            "supported by inspirec",
        ),
        (
            "typedef int (*f)(void) __attribute__((aligned(8)));",
            1,
            24,
            "__attribute__((aligned)) is not supported by inspirec here (only on a struct or "
            "union definition, a member, a variable, a function and a typedef name)",
        ),
        (
            "struct p { char c; __attribute__((packed)) int i; };",
            1,
            20,
            "__attribute__((packed)) is not supported by inspirec here (only on a struct or "
            "union definition, a member, a variable, a function and a typedef name)",
        ),
    ],
)
def test_attributes_that_change_the_program_are_errors(code, line, col, message, tmp_path):
    source = _write(tmp_path, "attr.c", code + "\n")
    with pytest.raises(CompileError) as info:
        preprocess(source)
    first = info.value.diagnostics[0]
    assert (first.file, first.line, first.col, first.message) == (str(source), line, col, message)


def test_packed_after_an_object_or_typedef_name_is_ignored_with_gccs_warning(tmp_path):
    source = _write(
        tmp_path,
        "ignored.c",
        "typedef int t __attribute__((packed));\n"
        "struct p *q __attribute__((packed)), r;\n"
        "void f(void) { struct p { char c; } v __attribute__((__packed__)); }\n"
        "void g(void) __attribute__((packed));\n"
        "void h(int g __attribute__((packed)), int (*k)(void) __attribute__((packed)));\n",
    )
    result = preprocess(source)
    seen = [(d.severity, d.line, d.col, d.message) for d in result.warnings]
    assert seen == [
        ("warning", 1, 15, "'packed' attribute ignored"),
        ("warning", 2, 13, "'packed' attribute ignored"),
        ("warning", 3, 39, "'__packed__' attribute ignored"),
        ("warning", 4, 14, "'packed' attribute ignored"),
        ("warning", 5, 14, "'packed' attribute ignored"),
        ("warning", 5, 54, "'packed' attribute ignored"),
    ]
    assert "typedef int t" in result.text and "__inspirec" not in result.text


def test_layout_attributes_become_c_the_parser_reads(tmp_path):
    source = _write(
        tmp_path,
        "attr.c",
        "#define PACKED __attribute__((packed))\n"
        "struct p { char c; int i __attribute__ ((aligned(8))); } PACKED;\n"
        "typedef struct __attribute__((__aligned__)) { char c; } q;\n",
    )
    lines = [line.strip() for line in preprocess(source).text.splitlines()[-2:]]
    assert lines == [
        'struct p { _Static_assert(1, "__inspirec_packed"); char c; _Alignas(8) int i'
        + " " * len(" __attribute__ ((aligned(8)))")
        + "; }"
        + " " * len(" __attribute__((packed))")
        + ";",
        "typedef struct"
        + " " * len(" __attribute__((__aligned__))")
        + ' { _Static_assert(16, "__inspirec_aligned"); char c; } q;',
    ]


def test_attributes_are_blanked_in_place_and_strings_are_kept(tmp_path):
    source = _write(
        tmp_path,
        "attr.c",
        'const char *s __attribute__((unused)) = "__attribute__((packed))";\n'
        "int  __attribute__ (( noreturn,\n  format(printf, 1, 2) )) g;\n",
    )
    text = preprocess(source).text
    blank = " " * len("__attribute__((unused))")
    assert f'const char *s {blank} = "__attribute__((packed))";' in text
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.rstrip() == "int")
    assert lines[i + 1].index("g;") == len("  format(printf, 1, 2) )) ")


def test_the_c_compilers_include_directories_are_its_search_list():
    dirs = _compiler_include_dirs("gcc")
    assert dirs and all(os.path.isabs(d) for d in dirs) and "/usr/include" in dirs
    assert _compiler_include_dirs("no-such-compiler-here") == ()
