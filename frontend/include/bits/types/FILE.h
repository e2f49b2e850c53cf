/* glibc's <bits/types/FILE.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_FILE
#include <bits/inspire_types.h>
