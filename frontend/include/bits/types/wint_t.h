/* glibc's <bits/types/wint_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_wint_t
#include <bits/inspire_types.h>
