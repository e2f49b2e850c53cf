/* <fenv.h> for x86-64 Linux (glibc): the floating-point environment.

   The exception and rounding macros are the bits of the x87 status and
   control words (the SSE MXCSR register uses the same exception bits and
   the rounding bits shifted by 3).  */
#ifndef _FENV_H
#define _FENV_H 1

#define FE_INVALID 0x01
#define FE_DIVBYZERO 0x04
#define FE_OVERFLOW 0x08
#define FE_UNDERFLOW 0x10
#define FE_INEXACT 0x20
#define FE_ALL_EXCEPT (FE_INEXACT | FE_DIVBYZERO | FE_UNDERFLOW | FE_OVERFLOW | FE_INVALID)

#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00

typedef unsigned short fexcept_t;

/* The 28-byte block the x87 fnstenv instruction stores, then the MXCSR
   register (glibc's layout).  */
typedef struct {
    unsigned short __control_word;
    unsigned short __glibc_reserved1;
    unsigned short __status_word;
    unsigned short __glibc_reserved2;
    unsigned short __tags;
    unsigned short __glibc_reserved3;
    unsigned int __eip;
    unsigned short __cs_selector;
    unsigned int __opcode : 11;
    unsigned int __glibc_reserved4 : 5;
    unsigned int __data_offset;
    unsigned short __data_selector;
    unsigned short __glibc_reserved5;
    unsigned int __mxcsr;
} fenv_t;

/* The environment in effect at program start.  */
#define FE_DFL_ENV ((const fenv_t *)-1)

int feclearexcept(int excepts);
int fegetexceptflag(fexcept_t *flagp, int excepts);
int feraiseexcept(int excepts);
int fesetexceptflag(const fexcept_t *flagp, int excepts);
int fetestexcept(int excepts);
int fegetround(void);
int fesetround(int rounding_direction);
int fegetenv(fenv_t *envp);
int feholdexcept(fenv_t *envp);
int fesetenv(const fenv_t *envp);
int feupdateenv(const fenv_t *envp);

#ifdef _GNU_SOURCE
/* An environment with every exception trap enabled.  */
#define FE_NOMASK_ENV ((const fenv_t *)-2)

/* The control modes alone (C2X).  */
typedef struct {
    unsigned short __control_word;
    unsigned short __glibc_reserved;
    unsigned int __mxcsr;
} femode_t;
#define FE_DFL_MODE ((const femode_t *)-1L)

int fesetexcept(int excepts);
int fetestexceptflag(const fexcept_t *flagp, int excepts);
int fegetmode(femode_t *modep);
int fesetmode(const femode_t *modep);

/* Traps: each returns the previously enabled set, or -1.  */
int feenableexcept(int excepts);
int fedisableexcept(int excepts);
int fegetexcept(void);
#endif

#endif /* _FENV_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
