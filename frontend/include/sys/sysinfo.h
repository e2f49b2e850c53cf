/* <sys/sysinfo.h> for x86-64 Linux (glibc): system-wide statistics and the
   processor and memory page counts.  */
#ifndef _SYS_SYSINFO_H
#define _SYS_SYSINFO_H 1

/* The load averages in loads[] are fixed-point numbers with this many
   fractional bits.  */
#define SI_LOAD_SHIFT 16

/* What the sysinfo system call fills in (the kernel's layout).  Memory
   sizes are in units of mem_unit bytes.  */
struct sysinfo {
    long uptime;
    unsigned long loads[3];
    unsigned long totalram;
    unsigned long freeram;
    unsigned long sharedram;
    unsigned long bufferram;
    unsigned long totalswap;
    unsigned long freeswap;
    unsigned short procs;
    unsigned short pad;
    unsigned long totalhigh;
    unsigned long freehigh;
    unsigned int mem_unit;
    /* Fills the record to the size it has on 32-bit systems: empty here.  */
    char _f[20 - 2 * sizeof(unsigned long) - sizeof(unsigned int)];
};

int sysinfo(struct sysinfo *info);
int get_nprocs_conf(void);
int get_nprocs(void);
long get_phys_pages(void);
long get_avphys_pages(void);

#endif /* _SYS_SYSINFO_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
