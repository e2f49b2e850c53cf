/*
 * fiber.c -- context switch (x86-64 assembly, or ucontext elsewhere).
 */
#include "internal.h"

#include "fiber.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if INSPIRE_TSAN
#include <sanitizer/tsan_interface.h>
#endif
#if INSPIRE_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

#if INSPIRE_CONTEXT_ASM
/*
 * void inspire_ctx_swap(void **save_sp, void *new_sp)
 *
 * Pushes the callee-saved registers and the FPU control state on the current
 * stack, stores the stack pointer in *save_sp, loads new_sp and pops the same
 * layout from there.  Stack layout at a saved sp (low to high):
 *   [0] x87 control word (2 bytes), [4] MXCSR (4 bytes),
 *   [8] r15, [16] r14, [24] r13, [32] r12, [40] rbx, [48] rbp, [56] return address
 */
INSPIRE_INTERNAL void inspire_ctx_swap(void **save_sp, void *new_sp);
INSPIRE_INTERNAL void inspire_ctx_trampoline(void);

__asm__(".text\n"
        ".globl inspire_ctx_swap\n"
        ".hidden inspire_ctx_swap\n"
        ".type inspire_ctx_swap,@function\n"
        ".p2align 4\n"
        "inspire_ctx_swap:\n"
        "    pushq %rbp\n"
        "    pushq %rbx\n"
        "    pushq %r12\n"
        "    pushq %r13\n"
        "    pushq %r14\n"
        "    pushq %r15\n"
        "    subq $8, %rsp\n"
        "    fnstcw (%rsp)\n"
        "    stmxcsr 4(%rsp)\n"
        "    movq %rsp, (%rdi)\n"
        "    movq %rsi, %rsp\n"
        "    fldcw (%rsp)\n"
        "    ldmxcsr 4(%rsp)\n"
        "    addq $8, %rsp\n"
        "    popq %r15\n"
        "    popq %r14\n"
        "    popq %r13\n"
        "    popq %r12\n"
        "    popq %rbx\n"
        "    popq %rbp\n"
        "    ret\n"
        ".size inspire_ctx_swap, .-inspire_ctx_swap\n"
        /* First activation of a fiber: inspire_ctx_swap 'returns' here with
         * r12 = entry, r13 = arg and rsp 16-byte aligned. */
        ".globl inspire_ctx_trampoline\n"
        ".hidden inspire_ctx_trampoline\n"
        ".type inspire_ctx_trampoline,@function\n"
        ".p2align 4\n"
        "inspire_ctx_trampoline:\n"
        "    movq %r13, %rdi\n"
        "    callq *%r12\n"
        "    ud2\n"
        ".size inspire_ctx_trampoline, .-inspire_ctx_trampoline\n"
        ".section .note.GNU-stack,\"\",@progbits\n"
        ".text\n");
#else
static void ucontext_entry(unsigned hi, unsigned lo) {
    inspire_fiber_t *f = (inspire_fiber_t *)(((uintptr_t)hi << 32) | (uintptr_t)lo);
    f->entry(f->arg);
    fprintf(stderr, "inspire runtime: internal error: fiber entry function returned\n");
    abort();
}
#endif

void inspire_fiber_init_home(inspire_fiber_t *f) {
    memset(f, 0, sizeof *f);
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void *addr;
        size_t size;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
            f->stack_lo = addr;
            f->stack_size = size;
        }
        pthread_attr_destroy(&attr);
    }
#if INSPIRE_TSAN
    f->tsan_fiber = __tsan_get_current_fiber();
    f->tsan_owned = 0;
#endif
}

void inspire_fiber_make(inspire_fiber_t *f, inspire_fiber_entry_fn entry, void *arg) {
    f->entry = entry;
    f->arg = arg;
#if INSPIRE_TSAN
    if (f->tsan_owned && f->tsan_fiber)
        __tsan_destroy_fiber(f->tsan_fiber);
    f->tsan_fiber = __tsan_create_fiber(0);
    f->tsan_owned = 1;
#endif
#if INSPIRE_ASAN
    f->asan_fake_stack = NULL;
#endif
#if INSPIRE_CONTEXT_ASM
    uintptr_t top = ((uintptr_t)f->stack_lo + f->stack_size) & ~(uintptr_t)15;
    /* After the 'ret' into the trampoline rsp = top - 16, which is 16-byte
     * aligned as the ABI requires before the trampoline's call. */
    uint64_t *sp = (uint64_t *)(top - 16 - 64);
    uint32_t mxcsr = 0x1F80;   /* all exceptions masked, round to nearest */
    uint16_t fpucw = 0x037F;   /* x87 default: extended precision, masked */
    memset(sp, 0, 64 + 16);
    memcpy((char *)sp, &fpucw, sizeof fpucw);
    memcpy((char *)sp + 4, &mxcsr, sizeof mxcsr);
    sp[1] = 0;                                  /* r15 */
    sp[2] = 0;                                  /* r14 */
    sp[3] = (uint64_t)(uintptr_t)arg;           /* r13 */
    sp[4] = (uint64_t)(uintptr_t)entry;         /* r12 */
    sp[5] = 0;                                  /* rbx */
    sp[6] = 0;                                  /* rbp: ends frame chains */
    sp[7] = (uint64_t)(uintptr_t)&inspire_ctx_trampoline; /* return address */
    f->sp = sp;
#else
    if (getcontext(&f->uc) != 0) {
        fprintf(stderr, "inspire runtime: getcontext failed\n");
        abort();
    }
    f->uc.uc_stack.ss_sp = f->stack_lo;
    f->uc.uc_stack.ss_size = f->stack_size;
    f->uc.uc_link = NULL;
    uintptr_t p = (uintptr_t)f;
    makecontext(&f->uc, (void (*)(void))ucontext_entry, 2, (unsigned)(p >> 32),
                (unsigned)(p & 0xffffffffu));
#endif
}

void inspire_fiber_entered(void) {
#if INSPIRE_ASAN
    __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
}

void inspire_fiber_switch(inspire_fiber_t *from, inspire_fiber_t *to, int from_dies) {
#if INSPIRE_TSAN
    __tsan_switch_to_fiber(to->tsan_fiber, 0);
#endif
#if INSPIRE_ASAN
    __sanitizer_start_switch_fiber(from_dies ? NULL : &from->asan_fake_stack, to->stack_lo,
                                   to->stack_size);
#else
    (void)from_dies;
#endif
#if INSPIRE_CONTEXT_ASM
    inspire_ctx_swap(&from->sp, to->sp);
#else
    if (swapcontext(&from->uc, &to->uc) != 0) {
        fprintf(stderr, "inspire runtime: swapcontext failed\n");
        abort();
    }
#endif
#if INSPIRE_ASAN
    __sanitizer_finish_switch_fiber(from->asan_fake_stack, NULL, NULL);
#endif
}

void inspire_fiber_destroy(inspire_fiber_t *f) {
#if INSPIRE_TSAN
    if (f->tsan_owned && f->tsan_fiber)
        __tsan_destroy_fiber(f->tsan_fiber);
    f->tsan_fiber = NULL;
    f->tsan_owned = 0;
#else
    (void)f;
#endif
}
