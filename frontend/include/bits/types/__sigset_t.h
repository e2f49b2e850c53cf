/* glibc's <bits/types/__sigset_t.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need___sigset_t
#include <bits/inspire_types.h>
