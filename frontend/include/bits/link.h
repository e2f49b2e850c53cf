/* glibc's <bits/link.h>, which <link.h> includes: the x86-64 register sets
   and la_x86_64_* functions of the dynamic linker's auditing interface
   (LD_AUDIT modules) are spelled with vector types, which inspirec does not
   read, so they are not declared here; the rest of <link.h> (struct
   link_map, dl_iterate_phdr, ...) is the C library's.  */
