/* glibc's <bits/types/struct_iovec.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_struct_iovec
#include <bits/inspire_types.h>
