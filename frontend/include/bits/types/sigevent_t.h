/* glibc's <bits/types/sigevent_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_sigevent
#include <bits/inspire_types.h>
