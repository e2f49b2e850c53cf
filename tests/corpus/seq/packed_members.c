/* GNU packed on members: the member's alignment drops to one byte unless
   it also has aligned; packed after an object or typedef name is ignored. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

struct inner { char tag; int value; };

struct one { char c; int i __attribute__((packed)); };
struct many { char c; struct inner s __attribute__((packed)); short h; double d __attribute__((__packed__)); };
struct mixed { char c; int i __attribute__((packed, aligned(2))); char e; long l; };
union either { char c; long l __attribute__((packed)); };
struct holder { char c; union either u; struct one o[2]; };

#pragma pack(push, 2)
struct capped { char c; long l; int i __attribute__((packed)); };
#pragma pack(pop)

#pragma GCC diagnostic ignored "-Wattributes"
typedef struct { char c; int i; } ignored_t __attribute__((packed));
int ignored_object __attribute__((packed)) = 7;

int main(void)
{
    struct many m;
    struct one o[3];
    memset(&m, 0, sizeof m);
    m.s.value = 41;
    m.s.value++;
    m.d = 2.5;
    for (int k = 0; k < 3; k++)
        o[k].i = 10 * k + 1;
    printf("one %zu %zu %zu\n", sizeof(struct one), _Alignof(struct one), offsetof(struct one, i));
    printf("many %zu %zu %zu %zu %zu\n", sizeof(struct many), _Alignof(struct many),
           offsetof(struct many, s), offsetof(struct many, h), offsetof(struct many, d));
    printf("mixed %zu %zu %zu %zu\n", sizeof(struct mixed), _Alignof(struct mixed),
           offsetof(struct mixed, i), offsetof(struct mixed, l));
    printf("either %zu %zu\n", sizeof(union either), _Alignof(union either));
    printf("holder %zu %zu %zu\n", sizeof(struct holder), offsetof(struct holder, u),
           offsetof(struct holder, o));
    printf("capped %zu %zu %zu\n", sizeof(struct capped), offsetof(struct capped, l),
           offsetof(struct capped, i));
    printf("ignored %zu %zu %d\n", sizeof(ignored_t), _Alignof(ignored_t), ignored_object);
    printf("values %d %.1f %d %d\n", m.s.value, m.d, o[1].i, o[2].i);
    return 0;
}
