/* <stdbool.h>.  */
#ifndef _STDBOOL_H
#define _STDBOOL_H 1

#define bool _Bool
#define true 1
#define false 0
#define __bool_true_false_are_defined 1

#endif /* _STDBOOL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
