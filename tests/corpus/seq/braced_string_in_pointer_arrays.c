/* A braced string literal alone in the initialiser of an array: an array of
   characters takes the string (the braces are optional), an array of
   pointers or of arrays takes it as its first element. */
#include <stdio.h>
#include <wchar.h>
char *names[1] = {"hello"};
static const char *const p[] = {"x"};
char c[1][4] = {"abc"};
char d[] = {"brace"};
wchar_t w[] = {L"wide"};
wchar_t *wp[1] = {L"x"};
int main(void) {
  char *local[1] = {"hi"};
  const char *two[2] = {"a"};
  printf("%s %s %s %s %s %zu %zu %ls %ls %d\n", names[0], p[0], c[0], d, local[0], sizeof p, sizeof d, w, wp[0], two[1] == 0);
  return 0;
}
