/* The large-file interfaces (fopen64, ftello64, open64, lseek64, stat64,
   mkstemp64) that _LARGEFILE64_SOURCE declares without _GNU_SOURCE. */
#define _LARGEFILE64_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
int main(void) {
  FILE *f = fopen64("/dev/null", "r");
  printf("opened=%d\n", f != NULL);
  printf("tell=%ld\n", (long)ftello64(f));
  printf("close=%d\n", fclose(f));
  int fd = open64("/dev/null", O_RDONLY);
  printf("seek=%ld\n", (long)lseek64(fd, 0, SEEK_SET));
  close(fd);
  struct stat64 st;
  printf("dir=%d\n", stat64("/", &st) == 0 && S_ISDIR(st.st_mode));
  int (*make)(char *) = mkstemp64;
  printf("declared=%d\n", make != 0);
  return 0;
}
