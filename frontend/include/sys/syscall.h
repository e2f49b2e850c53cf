/* <sys/syscall.h> for x86-64 Linux: the kernel's system call numbers
   (<asm/unistd.h>, __NR_name) under glibc's names (<bits/syscall.h>,
   SYS_name), both plain macro definitions read from the system.  */
#ifndef _SYSCALL_H
#define _SYSCALL_H 1

#if __has_include(<asm/unistd.h>) && __has_include(<bits/syscall.h>)
#include <asm/unistd.h>
#include <bits/syscall.h>
#endif

#endif
