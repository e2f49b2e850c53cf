/* <malloc.h> for x86-64 Linux (glibc): the allocator's own interface.
   Like glibc's, it includes <stddef.h> and <stdio.h>.  */
#ifndef _MALLOC_H
#define _MALLOC_H 1

#include <stddef.h>
#include <stdio.h>

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void *reallocarray(void *ptr, size_t nmemb, size_t size);
void free(void *ptr);
void *memalign(size_t alignment, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);

/* Statistics of the main arena (int counts: they wrap beyond 2 GiB).  */
struct mallinfo {
    int arena;
    int ordblks;
    int smblks;
    int hblks;
    int hblkhd;
    int usmblks;
    int fsmblks;
    int uordblks;
    int fordblks;
    int keepcost;
};

/* The same, in size_t.  */
struct mallinfo2 {
    size_t arena;
    size_t ordblks;
    size_t smblks;
    size_t hblks;
    size_t hblkhd;
    size_t usmblks;
    size_t fsmblks;
    size_t uordblks;
    size_t fordblks;
    size_t keepcost;
};

struct mallinfo mallinfo(void);
struct mallinfo2 mallinfo2(void);

/* mallopt parameters.  */
#define M_MXFAST 1
#define M_NLBLKS 2
#define M_GRAIN 3
#define M_KEEP 4
#define M_TRIM_THRESHOLD -1
#define M_TOP_PAD -2
#define M_MMAP_THRESHOLD -3
#define M_MMAP_MAX -4
#define M_CHECK_ACTION -5
#define M_PERTURB -6
#define M_ARENA_TEST -7
#define M_ARENA_MAX -8

int mallopt(int param, int value);
int malloc_trim(size_t pad);
size_t malloc_usable_size(void *ptr);
void malloc_stats(void);
int malloc_info(int options, FILE *stream);

#endif /* _MALLOC_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
