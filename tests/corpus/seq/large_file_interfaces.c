/* The large-file interfaces (fopen64, ftello64, open64, lseek64) that
   _LARGEFILE64_SOURCE declares without _GNU_SOURCE. */
#define _LARGEFILE64_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <fcntl.h>
int main(void) {
  FILE *f = fopen64("/dev/null", "r");
  printf("opened=%d\n", f != NULL);
  printf("tell=%ld\n", (long)ftello64(f));
  printf("close=%d\n", fclose(f));
  int fd = open64("/dev/null", O_RDONLY);
  printf("seek=%ld\n", (long)lseek64(fd, 0, SEEK_SET));
  close(fd);
  return 0;
}
