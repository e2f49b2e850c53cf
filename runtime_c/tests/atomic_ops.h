/*
 * atomic_ops.h -- sequentially consistent atomics for the test programs
 * (the runtime's interface emits only INSPIRE_ATOMIC_UPDATE).
 */
#ifndef ATOMIC_OPS_H
#define ATOMIC_OPS_H

#define ATOMIC_ADD(p, v) __atomic_add_fetch((p), (v), __ATOMIC_SEQ_CST)
#define ATOMIC_READ(p) __atomic_load_n((p), __ATOMIC_SEQ_CST)
#define ATOMIC_WRITE(p, v) __atomic_store_n((p), (v), __ATOMIC_SEQ_CST)

#endif /* ATOMIC_OPS_H */
