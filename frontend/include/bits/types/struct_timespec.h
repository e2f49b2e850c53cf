/* glibc's <bits/types/struct_timespec.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_struct_timespec
#include <bits/inspire_types.h>
