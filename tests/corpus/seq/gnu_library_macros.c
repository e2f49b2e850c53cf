/* What glibc's headers give a _GNU_SOURCE program besides functions: the
   stack copies strdupa/strndupa, TEMP_FAILURE_RETRY, Linux's error
   numbers, the si_code values, _NSIG, seek and lock constants,
   and the checked arithmetic of one type (__builtin_uaddl_overflow ...). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int calls;

static long flaky(void) {
  if (++calls < 3) {
    errno = EINTR;
    return -1;
  }
  return 42;
}

int main(void) {
  char *copy = strdupa("tasks");
  char *part = strndupa("taskwait", 4);
  long value = TEMP_FAILURE_RETRY(flaky());
  printf("%s %s %ld %d\n", copy, part, value, calls);
  printf("%d %d %d %d\n", ENOKEY, EKEYEXPIRED, EUCLEAN, ENOMEDIUM);
  printf("%d %d %d %d %d\n", SEGV_MAPERR, SEGV_ACCERR, BUS_ADRERR, CLD_EXITED, TRAP_BRKPT);
  printf("%d %d %d\n", _NSIG, SIGCLD == SIGCHLD, SA_ONESHOT == SA_RESETHAND);
  printf("%d %d %d %d\n", SEEK_DATA, SEEK_HOLE, LOCK_EX | LOCK_NB, POSIX_FADV_DONTNEED);
  unsigned long sum;
  long long product;
  int wrapped = __builtin_uaddl_overflow(ULONG_MAX, 2, &sum);
  int overflowed = __builtin_smulll_overflow(LLONG_MAX, 2, &product);
  printf("%d %lu %d %d\n", wrapped, sum, overflowed, __builtin_sadd_overflow(1, 2, &calls));
  printf("%d\n", calls);
  return 0;
}
