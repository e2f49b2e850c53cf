/* glibc's <bits/types/time_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_time_t
#include <bits/inspire_types.h>
