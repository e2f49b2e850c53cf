/* GNU constructor functions run before main's body: lower priorities
   first, then in the order the file declares them; one named by a
   prototype and by its definition runs once; a prototype of a function
   defined nowhere in the program adds none. */
#include <stdio.h>

static int order[8], count;

__attribute__((constructor)) static void late(void) { order[count++] = 4; }
static void early(void) __attribute__((constructor(101)));
static void early(void) { order[count++] = 1; }
void __attribute__((__constructor__(200))) middle(void) { order[count++] = 2; }
__attribute__((constructor(200))) static void middle_next(void) { order[count++] = 3; }
__attribute__((constructor)) static void twice_named(void);
__attribute__((constructor)) static void twice_named(void) { order[count++] = 5; }

int main(void) {
  printf("%d:", count);
  for (int i = 0; i < count; i++)
    printf(" %d", order[i]);
  printf("\n");
  return 0;
}
