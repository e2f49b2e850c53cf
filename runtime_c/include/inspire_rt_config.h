/*
 * inspire_rt_config.h -- compile-time configuration of the inspire runtime.
 *
 * Every tunable is a macro with a default below.  The compiler (inspirec)
 * chooses values per program and passes them both as -D flags on the cc
 * command line and as #defines at the top of the generated C file, so that
 * the generated translation unit and every runtime source see the same
 * values.  Numeric values must be plain decimal integer literals (no
 * expressions): they are pasted into a link-time consistency symbol (see
 * INSPIRE_CONFIG_SYMBOL below).
 *
 * Boolean options are always 0 or 1 and are tested with #if.
 */
#ifndef INSPIRE_RT_CONFIG_H
#define INSPIRE_RT_CONFIG_H

/* ---------------------------------------------------------------------- */
/* Queue policy (paper 000, Table 1).  The owner of a deque always takes   */
/* work from the FRONT; the policy chooses where the owner pushes new work */
/* items and which end other workers steal from.                           */
/* ---------------------------------------------------------------------- */
#define INSPIRE_PUSH_BACK_STEAL_BACK 1   /* self push back,  other pop back  */
#define INSPIRE_PUSH_FRONT_STEAL_BACK 2  /* self push front, other pop back  */
#define INSPIRE_PUSH_BACK_STEAL_FRONT 3  /* self push back,  other pop front */
#define INSPIRE_PUSH_FRONT_STEAL_FRONT 4 /* self push front, other pop front */

#ifndef INSPIRE_QUEUE_POLICY
#define INSPIRE_QUEUE_POLICY 1 /* one of the four values above */
#endif

/* Per-worker deque capacity, in work items.  A spawn that finds its      */
/* worker's deque full runs the task immediately as a plain call on the   */
/* current stack (lazy task creation).  A child its waiting parent runs   */
/* nested sees a smaller capacity: one less per level under push back,    */
/* half under push front (whose deque holds only the pending siblings of  */
/* a depth-first descent and would hardly ever look full otherwise).      */
/* Under push front a runtime of one worker, with max-task-priority 0,    */
/* gives its items a capacity of 1 instead: with no thief, a queued item  */
/* buys no parallelism, only the cost of splitting the work (see          */
/* inspire_rt.queue_limit in worker.h).                                   */
#ifndef INSPIRE_QUEUE_SIZE
#define INSPIRE_QUEUE_SIZE 16 /* work items */
#endif

/* Number of buckets of the event table used by merge() on single thread  */
/* groups (open hashing, one lock per bucket).                             */
#ifndef INSPIRE_EVENT_TABLE_BUCKETS
#define INSPIRE_EVENT_TABLE_BUCKETS 97 /* buckets */
#endif

/* Bytes of closure stored inline in a work item; larger closures are     */
/* heap-allocated when the task is spawned and freed when it finishes.    */
#ifndef INSPIRE_PARAM_BUFFER_BYTES
#define INSPIRE_PARAM_BUFFER_BYTES 128 /* bytes */
#endif

/* Usable stack of each work item, excluding the guard page and the small  */
/* reserve used by the scheduler frames below the task (see                */
/* INSPIRE_STACK_RESERVE_BYTES).                                           */
#ifndef INSPIRE_STACK_BYTES
#define INSPIRE_STACK_BYTES 8388608 /* bytes (8 MiB) */
#endif

/* ---------------------------------------------------------------------- */
/* Internal knobs.                                                         */
/* ---------------------------------------------------------------------- */

/* Upper bound on the number of workers (threads) the runtime starts.     */
#ifndef INSPIRE_MAX_WORKERS
#define INSPIRE_MAX_WORKERS 256 /* workers */
#endif

/* Upper bound on the threads the runtime runs: its workers plus those it  */
/* adds so that every thread of a team runs on a worker of its own (a team */
/* wider than the free workers; see worker.h).  Beyond it team threads     */
/* share workers.                                                          */
#ifndef INSPIRE_MAX_THREADS
#define INSPIRE_MAX_THREADS 4096 /* threads */
#endif

/* An idle worker first spins: it retries to find work with a cpu pause  */
/* between rounds (and yields the CPU every 64 rounds, so it cannot starve */
/* another thread on the same CPU) for this long.                          */
#ifndef INSPIRE_IDLE_SPIN_US
#define INSPIRE_IDLE_SPIN_US 1000 /* microseconds */
#endif

/* Then it backs off: one try per sched_yield() for this long, and then it */
/* sleeps on its futex until work appears.  Together the two phases bound  */
/* the CPU time a worker burns after the program has become sequential.    */
#ifndef INSPIRE_IDLE_BACKOFF_US
#define INSPIRE_IDLE_BACKOFF_US 4000 /* microseconds */
#endif

/* Pause iterations a contended lock spins before it yields its work item. */
#ifndef INSPIRE_LOCK_SPINS
#define INSPIRE_LOCK_SPINS 1000 /* iterations */
#endif

/* Extra stack bytes reserved below each task for the scheduler's own     */
/* frames (the scheduler loop calls the task function on the same stack).  */
/* A task waiting for its children runs queued ones nested on its stack    */
/* only while INSPIRE_STACK_BYTES stay free below it, so this reserve also */
/* bounds how deep such nesting goes on one stack.                         */
#ifndef INSPIRE_STACK_RESERVE_BYTES
#define INSPIRE_STACK_RESERVE_BYTES 8192 /* bytes */
#endif

/* Guard region below every task stack (PROT_NONE).                        */
#ifndef INSPIRE_GUARD_BYTES
#define INSPIRE_GUARD_BYTES 4096 /* bytes */
#endif

/* Free stacks kept per worker; beyond this they are unmapped.             */
#ifndef INSPIRE_STACK_POOL_MAX
#define INSPIRE_STACK_POOL_MAX 1024 /* stacks per worker (virtual; only touched pages use memory) */
#endif

/* Free work items kept per worker; beyond this they are freed.            */
#ifndef INSPIRE_ITEM_POOL_MAX
#define INSPIRE_ITEM_POOL_MAX 1024 /* work items per worker */
#endif

/* Maximum trace slices recorded per worker when INSPIRE_TRACE is set.     */
#ifndef INSPIRE_TRACE_MAX_EVENTS
#define INSPIRE_TRACE_MAX_EVENTS 1048576 /* events per worker */
#endif

/* Worksharing loops (pfor) that may be in flight at once in one parallel */
/* region (threads running ahead through nowait loops).                    */
#ifndef INSPIRE_PFOR_RING
#define INSPIRE_PFOR_RING 16 /* loops */
#endif

/* 1: count tasks run inline by the spawn fast path (for INSPIRE_STATS).   */
#ifndef INSPIRE_COUNT_INLINE
#define INSPIRE_COUNT_INLINE 1 /* 0 or 1 */
#endif

/* 1: start the runtime from an ELF constructor before main() and stop it  */
/* at exit; 0: the program calls inspire_start() / inspire_stop().         */
#ifndef INSPIRE_AUTO_INIT
#define INSPIRE_AUTO_INIT 1 /* 0 or 1 */
#endif

/* Context switch implementation: 1 = hand-written assembly (x86-64 only), */
/* 0 = ucontext (portable fallback).  Default: assembly where available.   */
#ifndef INSPIRE_CONTEXT_ASM
#if defined(__x86_64__)
#define INSPIRE_CONTEXT_ASM 1 /* 0 or 1 */
#else
#define INSPIRE_CONTEXT_ASM 0 /* 0 or 1 */
#endif
#endif

/* Provide the omp_* API (omp_get_thread_num, omp_set_lock, ...) on top of */
/* the runtime, ABI-compatible with the declarations of gcc's <omp.h>.     */
#ifndef INSPIRE_OMP_COMPAT
#define INSPIRE_OMP_COMPAT 1 /* 0 or 1 */
#endif

/* ---------------------------------------------------------------------- */
/* Invariants.                                                             */
/* ---------------------------------------------------------------------- */
_Static_assert(INSPIRE_QUEUE_POLICY >= 1 && INSPIRE_QUEUE_POLICY <= 4,
               "INSPIRE_QUEUE_POLICY must be one of the INSPIRE_PUSH_* policies (1..4)");
_Static_assert(INSPIRE_QUEUE_SIZE >= 1 && INSPIRE_QUEUE_SIZE <= 65536,
               "INSPIRE_QUEUE_SIZE must be in 1..65536");
_Static_assert(INSPIRE_EVENT_TABLE_BUCKETS >= 1 && INSPIRE_EVENT_TABLE_BUCKETS <= 16777216,
               "INSPIRE_EVENT_TABLE_BUCKETS must be in 1..2^24");
_Static_assert(INSPIRE_PARAM_BUFFER_BYTES >= 8 && INSPIRE_PARAM_BUFFER_BYTES % 8 == 0,
               "INSPIRE_PARAM_BUFFER_BYTES must be a positive multiple of 8");
_Static_assert(INSPIRE_PARAM_BUFFER_BYTES <= 1048576,
               "INSPIRE_PARAM_BUFFER_BYTES must be at most 1 MiB");
_Static_assert(INSPIRE_STACK_BYTES >= 8192, "INSPIRE_STACK_BYTES must be at least 8 KiB");
_Static_assert(INSPIRE_STACK_BYTES % 4096 == 0, "INSPIRE_STACK_BYTES must be a multiple of 4096");
_Static_assert(INSPIRE_GUARD_BYTES >= 4096 && INSPIRE_GUARD_BYTES % 4096 == 0,
               "INSPIRE_GUARD_BYTES must be a positive multiple of 4096");
_Static_assert(INSPIRE_STACK_RESERVE_BYTES % 4096 == 0,
               "INSPIRE_STACK_RESERVE_BYTES must be a multiple of 4096");
_Static_assert(INSPIRE_MAX_WORKERS >= 1 && INSPIRE_MAX_WORKERS <= 4096,
               "INSPIRE_MAX_WORKERS must be in 1..4096");
_Static_assert(INSPIRE_MAX_THREADS >= INSPIRE_MAX_WORKERS && INSPIRE_MAX_THREADS <= 65536,
               "INSPIRE_MAX_THREADS must be in INSPIRE_MAX_WORKERS..65536");
_Static_assert(INSPIRE_IDLE_SPIN_US >= 0 && INSPIRE_IDLE_SPIN_US <= 1000000,
               "INSPIRE_IDLE_SPIN_US must be in 0..1000000 (one second)");
_Static_assert(INSPIRE_IDLE_BACKOFF_US >= 0 && INSPIRE_IDLE_BACKOFF_US <= 1000000,
               "INSPIRE_IDLE_BACKOFF_US must be in 0..1000000 (one second)");
_Static_assert(INSPIRE_LOCK_SPINS >= 1, "INSPIRE_LOCK_SPINS must be positive");
_Static_assert(INSPIRE_STACK_POOL_MAX >= 1, "INSPIRE_STACK_POOL_MAX must be positive");
_Static_assert(INSPIRE_ITEM_POOL_MAX >= 1, "INSPIRE_ITEM_POOL_MAX must be positive");
_Static_assert(INSPIRE_PFOR_RING >= 2, "INSPIRE_PFOR_RING must be at least 2");
_Static_assert(INSPIRE_COUNT_INLINE == 0 || INSPIRE_COUNT_INLINE == 1,
               "INSPIRE_COUNT_INLINE is 0 or 1");
_Static_assert(INSPIRE_AUTO_INIT == 0 || INSPIRE_AUTO_INIT == 1, "INSPIRE_AUTO_INIT is 0 or 1");
_Static_assert(INSPIRE_CONTEXT_ASM == 0 || INSPIRE_CONTEXT_ASM == 1,
               "INSPIRE_CONTEXT_ASM is 0 or 1");
_Static_assert(INSPIRE_OMP_COMPAT == 0 || INSPIRE_OMP_COMPAT == 1,
               "INSPIRE_OMP_COMPAT is 0 or 1");
#if INSPIRE_CONTEXT_ASM && !defined(__x86_64__)
#error "INSPIRE_CONTEXT_ASM=1 needs x86-64; use INSPIRE_CONTEXT_ASM=0 (ucontext) on this target"
#endif

/* ---------------------------------------------------------------------- */
/* Link-time consistency check.  Every translation unit that includes      */
/* inspire_rt.h references a symbol whose name spells the configuration;   */
/* the runtime defines exactly one such symbol.  Compiling the program and */
/* the runtime with different values fails to link with                   */
/*   undefined reference to `inspire_config_p1_q16_b97_pb128_s8388608'.    */
/* ---------------------------------------------------------------------- */
#define INSPIRE_CFG_CAT2_(a, b, c, d, e) inspire_config_p##a##_q##b##_b##c##_pb##d##_s##e
#define INSPIRE_CFG_CAT_(a, b, c, d, e) INSPIRE_CFG_CAT2_(a, b, c, d, e)
#define INSPIRE_CONFIG_SYMBOL                                                          \
    INSPIRE_CFG_CAT_(INSPIRE_QUEUE_POLICY, INSPIRE_QUEUE_SIZE, INSPIRE_EVENT_TABLE_BUCKETS, \
                     INSPIRE_PARAM_BUFFER_BYTES, INSPIRE_STACK_BYTES)

#endif /* INSPIRE_RT_CONFIG_H */
