/* <setjmp.h> for x86-64 Linux (glibc).  */
#ifndef _SETJMP_H
#define _SETJMP_H 1

#define __need___sigset_t
#include <bits/inspire_types.h>

struct __jmp_buf_tag {
    long __jmpbuf[8];
    int __mask_was_saved;
    __sigset_t __saved_mask;
};
typedef struct __jmp_buf_tag jmp_buf[1];
typedef struct __jmp_buf_tag sigjmp_buf[1];

int setjmp(jmp_buf env);
int _setjmp(struct __jmp_buf_tag env[1]);
int __sigsetjmp(struct __jmp_buf_tag env[1], int savemask);
#define sigsetjmp(env, savemask) __sigsetjmp(env, savemask)
_Noreturn void longjmp(jmp_buf env, int val);
_Noreturn void _longjmp(struct __jmp_buf_tag env[1], int val);
_Noreturn void siglongjmp(sigjmp_buf env, int val);

#endif /* _SETJMP_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
