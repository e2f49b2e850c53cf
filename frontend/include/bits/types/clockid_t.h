/* glibc's <bits/types/clockid_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_clockid_t
#include <bits/inspire_types.h>
