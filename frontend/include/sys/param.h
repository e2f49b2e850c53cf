/* <sys/param.h> for x86-64 Linux (glibc): traditional BSD system parameters
   and the small counting and rounding macros that come with them.

   Like glibc's, it includes <sys/types.h>, <limits.h>, <endian.h> and
   <signal.h>.  roundup takes the masking shortcut for a constant power of
   two, as with glibc; __builtin_constant_p is declared here, without a
   prototype since it is type-generic, so that its calls look like ordinary
   calls.  */
#ifndef _SYS_PARAM_H
#define _SYS_PARAM_H 1

#define __need_NULL
#include <bits/inspire_types.h>

#include <sys/types.h>
#include <limits.h>
#include <endian.h>
#include <signal.h>

int __builtin_constant_p();

/* Linux values (the kernel's <linux/param.h> and glibc's own).  */
#define HZ 100
#define EXEC_PAGESIZE 4096
#define NOGROUP (-1)
#define MAXHOSTNAMELEN 64
#define MAXSYMLINKS 20
#define NOFILE 256
#define NCARGS 131072

/* BSD spellings of <limits.h> values.  */
#define NBBY CHAR_BIT
#define NGROUPS NGROUPS_MAX
#define CANBSIZ 255 /* MAX_CANON */
#define MAXPATHLEN PATH_MAX

#define NODEV ((dev_t)-1)
/* The unit of st_blocks, in bytes.  */
#define DEV_BSIZE 512

/* Bit i of the byte array a.  */
#define setbit(a, i) ((a)[(i) / NBBY] |= 1 << ((i) % NBBY))
#define clrbit(a, i) ((a)[(i) / NBBY] &= ~(1 << ((i) % NBBY)))
#define isset(a, i) ((a)[(i) / NBBY] & (1 << ((i) % NBBY)))
#define isclr(a, i) (((a)[(i) / NBBY] & (1 << ((i) % NBBY))) == 0)

/* How many y-sized units hold x; x rounded up to a multiple of y.  */
#define howmany(x, y) (((x) + ((y) - 1)) / (y))
#define roundup(x, y) \
    (__builtin_constant_p(y) && powerof2(y) ? (((x) + (y) - 1) & ~((y) - 1)) \
                                            : ((((x) + ((y) - 1)) / (y)) * (y)))
#define powerof2(x) ((((x) - 1) & (x)) == 0)

#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#define MAX(a, b) (((a) > (b)) ? (a) : (b))

#endif /* _SYS_PARAM_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
