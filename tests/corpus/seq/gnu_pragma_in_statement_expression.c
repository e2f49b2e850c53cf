/* A statement expression whose last item is a _Pragma (a container_of
   macro that turns a warning off and on around its cast, as ell's
   l_container_of does): its value is the last statement's, as in gcc. */
#include <stddef.h>
#include <stdio.h>

struct item {
  int key;
  int value;
};

#define container_of(ptr, type, member)                                             \
  ({                                                                                \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wcast-align\"") \
        const __typeof__(((type *)0)->member) *member_ = (ptr);                     \
    (type *)((char *)member_ - offsetof(type, member));                             \
    _Pragma("GCC diagnostic pop")                                                   \
  })

int main(void) {
  struct item it = {7, 42};
  int *v = &it.value;
  struct item *back = container_of(v, struct item, value);
  int sum = ({ int a = back->key; a + back->value; _Pragma("GCC diagnostic pop") });
  printf("%d %d %d\n", back == &it, back->key, sum);
  return 0;
}
