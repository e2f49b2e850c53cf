/* glibc's <bits/types/struct_itimerspec.h>, for the system headers the bundled ones
   do not replace (frontend.preprocess): the bundled definition.  */
#define __need_struct_itimerspec
#include <bits/inspire_types.h>
