"""The runtime's C units loaded into the test process with cffi (API mode):
each configuration is compiled once per session into an extension module in
a temporary directory, and the tests call the units' ``inspire_*`` functions
directly.  Units whose tests need a process of their own (a fault on a guard
page, the whole scheduler) keep their C test programs."""

from __future__ import annotations

import importlib.util
import threading
from pathlib import Path
from types import ModuleType

from rt_helpers import INCLUDE, SRC

#: The units loaded in-process, and the declarations the tests use.
UNITS = ("deque.c", "event_table.c", "fiber.c", "stack_pool.c")
CDEF = """
typedef struct inspire_deque { ...; } inspire_deque_t;
typedef int (*inspire_deque_match_fn)(const void *item, const void *key);
void inspire_deque_init(inspire_deque_t *d, int capacity, int *count_storage);
void inspire_deque_destroy(inspire_deque_t *d);
int inspire_deque_push(inspire_deque_t *d, void *item);
void *inspire_deque_pop(inspire_deque_t *d);
void *inspire_deque_pop_front_if(inspire_deque_t *d, inspire_deque_match_fn match,
                                 const void *key);
void *inspire_deque_pop_newest_if(inspire_deque_t *d, inspire_deque_match_fn match,
                                  const void *key);
int inspire_deque_steal(inspire_deque_t *d, void **items, int max);
int inspire_deque_size(const inspire_deque_t *d);

typedef struct inspire_event_handler {
    void (*fn)(struct inspire_event_handler *h, void *payload);
    void *arg;
    struct inspire_event_handler *next;
} inspire_event_handler_t;
typedef struct inspire_event_table { ...; } inspire_event_table_t;
void inspire_event_table_init(inspire_event_table_t *t, unsigned nbuckets);
void inspire_event_table_destroy(inspire_event_table_t *t);
int inspire_event_register(inspire_event_table_t *t, uint64_t key, inspire_event_handler_t *h);
void inspire_event_fire(inspire_event_table_t *t, uint64_t key, void *payload);
int inspire_event_consume(inspire_event_table_t *t, uint64_t key, void **payload);
unsigned long inspire_event_table_count(inspire_event_table_t *t);

typedef void (*inspire_fiber_entry_fn)(void *arg);
typedef struct inspire_fiber {
    char *stack_lo;
    size_t stack_size;
    char *map_base;
    size_t map_size;
    ...;
} inspire_fiber_t;
typedef struct inspire_stack_pool {
    int nfree;
    int max_free;
    int in_use;
    int budget;
    unsigned long allocated;
    unsigned long unmapped;
    ...;
} inspire_stack_pool_t;
void inspire_stack_pool_init(inspire_stack_pool_t *p, int budget);
int inspire_stack_budget(int pools);
inspire_fiber_t *inspire_stack_acquire(inspire_stack_pool_t *p, inspire_fiber_entry_fn entry,
                                       void *arg);
void inspire_stack_release(inspire_stack_pool_t *p, inspire_fiber_t *f);
void inspire_stack_pool_destroy(inspire_stack_pool_t *p);
#define INSPIRE_GUARD_BYTES ...
#define INSPIRE_STACK_BYTES ...
#define INSPIRE_STACK_RESERVE_BYTES ...

/* Test helpers (below). */
int test_same(const void *item, const void *key);
void test_count_call(inspire_event_handler_t *h, void *payload);
void test_never_entered(void *arg);
"""
HELPERS = """
#include <stdlib.h>
#include "deque.h"
#include "event_table.h"
#include "stack_pool.h"

int test_same(const void *item, const void *key) { return item == key; }

/* h->arg points to two longs: the number of calls and the last payload. */
void test_count_call(inspire_event_handler_t *h, void *payload) {
    long *slot = h->arg;
    __atomic_fetch_add(&slot[0], 1, __ATOMIC_RELAXED);
    __atomic_store_n(&slot[1], (long)payload, __ATOMIC_RELAXED);
}

void test_never_entered(void *arg) {
    (void)arg;
    abort();
}
"""

_lock = threading.Lock()
_modules: dict[tuple[tuple[str, object], ...], tuple[object, ModuleType]] = {}


def load(root: Path, defines: dict[str, object]) -> tuple[object, ModuleType]:
    """(ffi, lib) of the units built with ``defines`` (-D macros), compiled
    into ``root`` once per configuration."""
    import cffi

    key = tuple(sorted(defines.items()))
    with _lock:
        if key in _modules:
            return _modules[key]
        name = "_inspire_units_" + "_".join(f"{k.lower()}{v}" for k, v in key)
        ffibuilder = cffi.FFI()
        ffibuilder.cdef(CDEF)
        ffibuilder.set_source(
            name,
            HELPERS,
            sources=[str(SRC / unit) for unit in UNITS],
            include_dirs=[str(INCLUDE), str(SRC)],
            define_macros=[(k, str(v)) for k, v in key],
            extra_compile_args=["-O2", "-pthread", "-Wall"],
            extra_link_args=["-pthread"],
        )
        out = root / name
        out.mkdir(parents=True, exist_ok=True)
        path = ffibuilder.compile(tmpdir=str(out), verbose=False)
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _modules[key] = (module.ffi, module.lib)
        return _modules[key]
