/* glibc's <bits/types/sigset_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_sigset_t
#include <bits/inspire_types.h>
