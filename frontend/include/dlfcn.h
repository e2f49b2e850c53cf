/* <dlfcn.h> for x86-64 Linux (glibc): loading shared objects at run time
   and looking up their symbols.  */
#ifndef _DLFCN_H
#define _DLFCN_H 1

#define __need_size_t
#include <bits/inspire_types.h>

/* dlopen's mode: when symbols are bound (one of the first two), and how
   the object's symbols are seen by others.  */
#define RTLD_LAZY 0x00001
#define RTLD_NOW 0x00002
#define RTLD_BINDING_MASK 0x3
#define RTLD_NOLOAD 0x00004
#define RTLD_DEEPBIND 0x00008
#define RTLD_GLOBAL 0x00100
#define RTLD_LOCAL 0
#define RTLD_NODELETE 0x01000

/* Pseudo-handles of dlsym: the next object after the caller's in the
   search order, and the default search order.  */
#define RTLD_NEXT ((void *)-1l)
#define RTLD_DEFAULT ((void *)0)

void *dlopen(const char *file, int mode);
int dlclose(void *handle);
void *dlsym(void *restrict handle, const char *restrict name);
char *dlerror(void);

#ifdef _GNU_SOURCE
/* Calling a function of a profiled object through a pointer.  */
#define DL_CALL_FCT(fctp, args) (_dl_mcount_wrapper_check((void *)(fctp)), (*(fctp))args)
void _dl_mcount_wrapper_check(void *selfpc);

/* Link-map namespaces of dlmopen.  */
typedef long Lmid_t;
#define LM_ID_BASE 0
#define LM_ID_NEWLM -1

void *dlmopen(Lmid_t nsid, const char *file, int mode);
void *dlvsym(void *restrict handle, const char *restrict name, const char *restrict version);

/* What dladdr reports of the object and the symbol nearest to an
   address.  */
typedef struct {
    const char *dli_fname;
    void *dli_fbase;
    const char *dli_sname;
    void *dli_saddr;
} Dl_info;

int dladdr(const void *address, Dl_info *info);
int dladdr1(const void *address, Dl_info *info, void **extra_info, int flags);

/* dladdr1's flags: what it stores in *extra_info.  */
enum {
    RTLD_DL_SYMENT = 1,
    RTLD_DL_LINKMAP = 2
};

int dlinfo(void *restrict handle, int request, void *restrict arg);

/* dlinfo's requests.  */
enum {
    RTLD_DI_LMID = 1,
    RTLD_DI_LINKMAP = 2,
    RTLD_DI_CONFIGADDR = 3,
    RTLD_DI_SERINFO = 4,
    RTLD_DI_SERINFOSIZE = 5,
    RTLD_DI_ORIGIN = 6,
    RTLD_DI_PROFILENAME = 7,
    RTLD_DI_PROFILEOUT = 8,
    RTLD_DI_TLS_MODID = 9,
    RTLD_DI_TLS_DATA = 10,
    RTLD_DI_PHDR = 11,
    RTLD_DI_MAX = 11
};

/* The library search path RTLD_DI_SERINFO reports: dls_cnt directories
   follow the header.  */
typedef struct {
    char *dls_name;
    unsigned int dls_flags;
} Dl_serpath;
typedef struct {
    size_t dls_size;
    unsigned int dls_cnt;
    union {
        Dl_serpath dls_serpath[0];
        Dl_serpath __dls_serpath_pad[1];
    };
} Dl_serinfo;

/* The object containing an address, and its unwinding data
   (_dl_find_object).  */
#define DLFO_STRUCT_HAS_EH_DBASE 0
#define DLFO_STRUCT_HAS_EH_COUNT 0
struct link_map;
struct dl_find_object {
    unsigned long long dlfo_flags;
    void *dlfo_map_start;
    void *dlfo_map_end;
    struct link_map *dlfo_link_map;
    void *dlfo_eh_frame;
    unsigned long long __dflo_reserved[7];
};
int _dl_find_object(void *address, struct dl_find_object *result);
#endif

#endif /* _DLFCN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
