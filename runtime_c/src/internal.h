/*
 * internal.h -- included first by every runtime source.
 *
 * INSPIRE_INTERNAL marks every function and variable that runtime units
 * share with each other but that is not part of the interface of
 * inspire_rt.h.  Such symbols get hidden visibility: a runtime linked into
 * a shared object (as the in-process unit tests do) exports only the entry
 * points of inspire_rt.h and the omp_* compatibility functions, and a
 * program linked against the runtime's objects cannot bind to an internal
 * symbol across a shared-object boundary.  Every internal name starts with
 * inspire_ (or INSPIRE_ for macros), the prefix the runtime reserves.
 */
#ifndef INSPIRE_INTERNAL_H
#define INSPIRE_INTERNAL_H

#define INSPIRE_RUNTIME_SOURCE 1
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#define INSPIRE_INTERNAL __attribute__((visibility("hidden")))

#endif /* INSPIRE_INTERNAL_H */
