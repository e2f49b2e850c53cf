/* glibc's <bits/types/locale_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_locale_t
#include <bits/inspire_types.h>
