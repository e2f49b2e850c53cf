/* <search.h> for x86-64 Linux (glibc): hash tables, binary search trees,
   linear searches and doubly linked queues.  */
#ifndef _SEARCH_H
#define _SEARCH_H 1

#define __need_size_t
#define __need___compar_fn_t
#include <bits/inspire_types.h>

#ifdef _GNU_SOURCE
/* An element of the queues insque and remque link.  */
struct qelem {
    struct qelem *q_forw;
    struct qelem *q_back;
    char q_data[1];
};
typedef __compar_fn_t comparison_fn_t;
#endif

void insque(void *elem, void *prev);
void remque(void *elem);

/* The hash table.  */
typedef enum { FIND, ENTER } ACTION;
typedef struct entry {
    char *key;
    void *data;
} ENTRY;
struct _ENTRY;

ENTRY *hsearch(ENTRY item, ACTION action);
int hcreate(size_t nel);
void hdestroy(void);

#ifdef _GNU_SOURCE
/* A hash table of one's own, for the reentrant variants.  */
struct hsearch_data {
    struct _ENTRY *table;
    unsigned int size;
    unsigned int filled;
};
int hsearch_r(ENTRY item, ACTION action, ENTRY **retval, struct hsearch_data *htab);
int hcreate_r(size_t nel, struct hsearch_data *htab);
void hdestroy_r(struct hsearch_data *htab);
#endif

/* The binary trees: how twalk visits a node.  */
typedef enum { preorder, postorder, endorder, leaf } VISIT;
typedef void (*__action_fn_t)(const void *nodep, VISIT value, int level);

void *tsearch(const void *key, void **rootp, __compar_fn_t compar);
void *tfind(const void *key, void *const *rootp, __compar_fn_t compar);
void *tdelete(const void *restrict key, void **restrict rootp, __compar_fn_t compar);
void twalk(const void *root, __action_fn_t action);

#ifdef _GNU_SOURCE
void twalk_r(const void *root, void (*action)(const void *nodep, VISIT value, void *closure),
             void *closure);
typedef void (*__free_fn_t)(void *nodep);
void tdestroy(void *root, __free_fn_t freefct);
#endif

/* Linear search of an array, lsearch appending the key when absent.  */
void *lfind(const void *key, const void *base, size_t *nmemb, size_t size,
            __compar_fn_t compar);
void *lsearch(const void *key, void *base, size_t *nmemb, size_t size, __compar_fn_t compar);

#endif /* _SEARCH_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
