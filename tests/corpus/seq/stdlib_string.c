/* Exercises stdlib.h and string.h: malloc/calloc/realloc/free, qsort with
 * comparators over ints, strings and structs, bsearch, memcpy, memmove,
 * memset, memcmp, strlen, strcpy, strncpy, strcat, strcmp, strncmp, strchr,
 * strrchr, strstr, atoi, strtol, strtod, abs, labs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct person {
    char name[16];
    int age;
};

static int cmp_int_asc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_person(const void *a, const void *b)
{
    const struct person *p = a, *q = b;
    if (p->age != q->age)
        return q->age - p->age; /* descending age */
    return strcmp(p->name, q->name);
}

int main(void)
{
    int n = 20;
    int *v = malloc((size_t)n * sizeof *v);
    unsigned seed = 12345u;
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = (int)((seed >> 16) % 1000u) - 500;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_int_asc);
    printf("sorted ints:");
    for (int i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
    int key = v[13];
    int *found = bsearch(&key, v, (size_t)n, sizeof *v, cmp_int_asc);
    printf("bsearch(%d) -> index %td\n", key, found ? found - v : -1);

    v = realloc(v, (size_t)(2 * n) * sizeof *v);
    memcpy(v + n, v, (size_t)n * sizeof *v);
    memmove(v + 1, v, 5 * sizeof *v); /* overlapping */
    printf("after memmove: %d %d %d first-copy=%d\n", v[0], v[1], v[5], v[n]);
    free(v);

    int *zeros = calloc(8, sizeof(int));
    int zsum = 0;
    for (int i = 0; i < 8; i++)
        zsum += zeros[i];
    memset(zeros, 0xFF, 8 * sizeof(int));
    printf("calloc sum=%d after memset=%d\n", zsum, zeros[3]);
    free(zeros);

    const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "apricot"};
    qsort(words, 6, sizeof words[0], cmp_str);
    printf("sorted words:");
    for (int i = 0; i < 6; i++)
        printf(" %s", words[i]);
    printf("\n");

    struct person people[] = {{"eve", 31}, {"bob", 25}, {"amy", 31}, {"dan", 40}, {"cy", 25}};
    qsort(people, 5, sizeof people[0], cmp_person);
    printf("people:");
    for (int i = 0; i < 5; i++)
        printf(" %s/%d", people[i].name, people[i].age);
    printf("\n");

    char buf[64];
    strcpy(buf, "task");
    strcat(buf, "-parallel");
    strncat(buf, "-programs", 20);
    printf("buf=%s len=%zu\n", buf, strlen(buf));
    char part[8];
    strncpy(part, buf, sizeof part - 1);
    part[sizeof part - 1] = '\0';
    printf("part=%s\n", part);
    printf("strcmp: %d %d %d strncmp=%d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0,
           strcmp("same", "same"), strncmp("prefix-a", "prefix-b", 6));
    printf("strchr=%s strrchr=%s strstr=%s\n", strchr(buf, '-'), strrchr(buf, '-'),
           strstr(buf, "par"));
    printf("memcmp=%d\n", memcmp("abcd", "abce", 3));

    char *end = NULL;
    long parsed = strtol("  -1234xyz", &end, 10);
    long hex = strtol("ff", NULL, 16);
    double dd = strtod("2.5e3rest", &end);
    printf("atoi=%d strtol=%ld rest=%s hex=%ld strtod=%.1f abs=%d labs=%ld\n", atoi("77"), parsed,
           end, hex, dd, abs(-9), labs(-90000000000L));

    char *dup = malloc(strlen(buf) + 1);
    memcpy(dup, buf, strlen(buf) + 1);
    int same = strcmp(dup, buf) == 0;
    free(dup);

    int ok = same && strcmp(words[0], "apple") == 0 && strcmp(people[0].name, "dan") == 0 &&
             parsed == -1234 && hex == 255;
    printf("%s\n", ok ? "stdlib_string: ok" : "stdlib_string: FAILED");
    return !ok;
}
