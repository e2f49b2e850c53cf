/* glibc's <bits/types/clock_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_clock_t
#include <bits/inspire_types.h>
