/* System headers the bundled ones do not replace, which spell their
   declarations with the C library's reserved type names (__clockid_t,
   __syscall_ulong_t, __caddr_t): <sys/timerfd.h>, <sys/sem.h>, <net/if.h>,
   <utmpx.h>; and <link.h>, whose dynamic-linker auditing part is not
   declared (vector types), while dl_iterate_phdr is. */
#define _GNU_SOURCE
#include <link.h>
#include <net/if.h>
#include <stdio.h>
#include <sys/sem.h>
#include <sys/timerfd.h>
#include <unistd.h>
#include <utmpx.h>

static int count_objects(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  *(int *)data += info->dlpi_phnum > 0;
  return 0;
}

int main(void) {
  int objects = 0;
  dl_iterate_phdr(count_objects, &objects);
  int fd = timerfd_create(CLOCK_MONOTONIC, 0);
  struct itimerspec when = {{0, 0}, {0, 1000000}};
  unsigned long long expirations = 0;
  if (fd < 0 || timerfd_settime(fd, 0, &when, NULL) != 0 ||
      read(fd, &expirations, sizeof expirations) != sizeof expirations)
    return 1;
  close(fd);
  struct sembuf op = {0, -1, SEM_UNDO};
  struct utmpx entry = {0};
  printf("objects %d expirations %llu\n", objects > 0, expirations);
  printf("sizes %zu %zu %zu %zu %d\n", sizeof(struct semid_ds), sizeof op, sizeof(struct ifreq),
         sizeof entry.ut_user, op.sem_op);
  return 0;
}
