/*
 * item.c -- allocation of work items (see item.h).
 */
#include "internal.h"

#include "item.h"

#include <stdio.h>
#include <stdlib.h>

inspire_item_t *inspire_item_new(void) {
    inspire_item_t *it = aligned_alloc(64, (sizeof(inspire_item_t) + 63) & ~(size_t)63);
    if (!it) {
        fprintf(stderr, "inspire runtime: out of memory allocating a work item\n");
        abort();
    }
    return it;
}
