/* glibc's <bits/types/struct_tm.h>, for the system headers the bundled ones do
   not replace (frontend.preprocess): the bundled definition.  */
#define __need_struct_tm
#include <bits/inspire_types.h>
