/* What glibc's headers declare that configure scripts probe for: the
   large-file types (off64_t, loff_t, ino64_t, blkcnt64_t) and O_LARGEFILE
   under _GNU_SOURCE, every system call number of <sys/syscall.h>
   (SYS_getrandom, __NR_statx), and the macros of <stdc-predef.h>, which gcc
   includes first (__STDC_IEC_559__, __STDC_ISO_10646__). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

int main(void) {
  off64_t o = 1;
  loff_t l = 2;
  ino64_t i = 3;
  blkcnt64_t b = 4;
  long same = syscall(SYS_getpid) == getpid();
  printf("%d %ld %ld %lu %ld %ld\n", O_LARGEFILE, (long)o, (long)l, (unsigned long)i, (long)b,
         same);
  printf("%d %d %d %d\n", SYS_getrandom > 0, __NR_statx > 0, __STDC_IEC_559__,
         __STDC_ISO_10646__ > 200000L);
  return 0;
}
