/* <sys/ioctl.h> for x86-64 Linux (glibc): ioctl and the request numbers
   of terminals, files and sockets.  */
#ifndef _SYS_IOCTL_H
#define _SYS_IOCTL_H 1

/* A request number packs, from the low bits up, the request's number
   (8 bits), the driver's type letter (8), the argument's size (14) and
   the direction of the transfer (2).  */
#define _IOC_NRBITS 8
#define _IOC_TYPEBITS 8
#define _IOC_SIZEBITS 14
#define _IOC_DIRBITS 2
#define _IOC_NRMASK ((1 << _IOC_NRBITS) - 1)
#define _IOC_TYPEMASK ((1 << _IOC_TYPEBITS) - 1)
#define _IOC_SIZEMASK ((1 << _IOC_SIZEBITS) - 1)
#define _IOC_DIRMASK ((1 << _IOC_DIRBITS) - 1)
#define _IOC_NRSHIFT 0
#define _IOC_TYPESHIFT (_IOC_NRSHIFT + _IOC_NRBITS)
#define _IOC_SIZESHIFT (_IOC_TYPESHIFT + _IOC_TYPEBITS)
#define _IOC_DIRSHIFT (_IOC_SIZESHIFT + _IOC_SIZEBITS)
/* The directions, seen from the program: none, writing to the driver,
   reading from it.  */
#define _IOC_NONE 0U
#define _IOC_WRITE 1U
#define _IOC_READ 2U

#define _IOC(dir, type, nr, size)                                          \
    (((dir) << _IOC_DIRSHIFT) | ((type) << _IOC_TYPESHIFT) |                \
     ((nr) << _IOC_NRSHIFT) | ((size) << _IOC_SIZESHIFT))
#define _IOC_TYPECHECK(t) (sizeof(t))
#define _IO(type, nr) _IOC(_IOC_NONE, (type), (nr), 0)
#define _IOR(type, nr, argtype) _IOC(_IOC_READ, (type), (nr), (_IOC_TYPECHECK(argtype)))
#define _IOW(type, nr, argtype) _IOC(_IOC_WRITE, (type), (nr), (_IOC_TYPECHECK(argtype)))
#define _IOWR(type, nr, argtype)                                            \
    _IOC(_IOC_READ | _IOC_WRITE, (type), (nr), (_IOC_TYPECHECK(argtype)))
#define _IOR_BAD(type, nr, argtype) _IOC(_IOC_READ, (type), (nr), sizeof(argtype))
#define _IOW_BAD(type, nr, argtype) _IOC(_IOC_WRITE, (type), (nr), sizeof(argtype))
#define _IOWR_BAD(type, nr, argtype) _IOC(_IOC_READ | _IOC_WRITE, (type), (nr), sizeof(argtype))

/* The fields of a request number.  */
#define _IOC_DIR(nr) (((nr) >> _IOC_DIRSHIFT) & _IOC_DIRMASK)
#define _IOC_TYPE(nr) (((nr) >> _IOC_TYPESHIFT) & _IOC_TYPEMASK)
#define _IOC_NR(nr) (((nr) >> _IOC_NRSHIFT) & _IOC_NRMASK)
#define _IOC_SIZE(nr) (((nr) >> _IOC_SIZESHIFT) & _IOC_SIZEMASK)

/* The same fields in the old names.  */
#define IOCSIZE_MASK (_IOC_SIZEMASK << _IOC_SIZESHIFT)
#define IOCSIZE_SHIFT (_IOC_SIZESHIFT)
#define IOC_IN (_IOC_WRITE << _IOC_DIRSHIFT)
#define IOC_INOUT ((_IOC_WRITE|_IOC_READ) << _IOC_DIRSHIFT)
#define IOC_OUT (_IOC_READ << _IOC_DIRSHIFT)

/* Terminal requests.  */
#define TCFLSH 0x540B
#define TCGETA 0x5405
#define TCGETS 0x5401
#define TCGETX 0x5432
#define TCSBRK 0x5409
#define TCSBRKP 0x5425
#define TCSETA 0x5406
#define TCSETAF 0x5408
#define TCSETAW 0x5407
#define TCSETS 0x5402
#define TCSETSF 0x5404
#define TCSETSW 0x5403
#define TCSETX 0x5433
#define TCSETXF 0x5434
#define TCSETXW 0x5435
#define TCXONC 0x540A

/* Terminal and line requests of the TIOC family.  */
#define TIOCCBRK 0x5428
#define TIOCCONS 0x541D
#define TIOCEXCL 0x540C
#define TIOCGDEV _IOR('T', 0x32, unsigned int)
#define TIOCGETD 0x5424
#define TIOCGEXCL _IOR('T', 0x40, int)
#define TIOCGICOUNT 0x545D
#define TIOCGLCKTRMIOS 0x5456
#define TIOCGPGRP 0x540F
#define TIOCGPKT _IOR('T', 0x38, int)
#define TIOCGPTLCK _IOR('T', 0x39, int)
#define TIOCGPTN _IOR('T', 0x30, unsigned int)
#define TIOCGPTPEER _IO('T', 0x41)
#define TIOCGRS485 0x542E
#define TIOCGSERIAL 0x541E
#define TIOCGSID 0x5429
#define TIOCGSOFTCAR 0x5419
#define TIOCGWINSZ 0x5413
#define TIOCINQ FIONREAD
#define TIOCLINUX 0x541C
#define TIOCMBIC 0x5417
#define TIOCMBIS 0x5416
#define TIOCMGET 0x5415
#define TIOCMIWAIT 0x545C
#define TIOCMSET 0x5418
#define TIOCNOTTY 0x5422
#define TIOCNXCL 0x540D
#define TIOCOUTQ 0x5411
#define TIOCPKT 0x5420
#define TIOCSBRK 0x5427
#define TIOCSCTTY 0x540E
#define TIOCSERCONFIG 0x5453
#define TIOCSERGETLSR 0x5459
#define TIOCSERGETMULTI 0x545A
#define TIOCSERGSTRUCT 0x5458
#define TIOCSERGWILD 0x5454
#define TIOCSERSETMULTI 0x545B
#define TIOCSERSWILD 0x5455
#define TIOCSETD 0x5423
#define TIOCSIG _IOW('T', 0x36, int)
#define TIOCSLCKTRMIOS 0x5457
#define TIOCSPGRP 0x5410
#define TIOCSPTLCK _IOW('T', 0x31, int)
#define TIOCSRS485 0x542F
#define TIOCSSERIAL 0x541F
#define TIOCSSOFTCAR 0x541A
#define TIOCSTI 0x5412
#define TIOCSWINSZ 0x5414
#define TIOCVHANGUP 0x5437

/* Requests on any open file.  */
#define FIOASYNC 0x5452
#define FIOCLEX 0x5451
#define FIONBIO 0x5421
#define FIONCLEX 0x5450
#define FIONREAD 0x541B
#define FIOQSIZE 0x5460

/* Packet mode bits (TIOCPKT), modem lines (TIOCMGET, ...), TIOCSERGETLSR's.  */
#define TIOCM_CAR 0x040
#define TIOCM_CD TIOCM_CAR
#define TIOCM_CTS 0x020
#define TIOCM_DSR 0x100
#define TIOCM_DTR 0x002
#define TIOCM_LE 0x001
#define TIOCM_RI TIOCM_RNG
#define TIOCM_RNG 0x080
#define TIOCM_RTS 0x004
#define TIOCM_SR 0x010
#define TIOCM_ST 0x008
#define TIOCPKT_DATA 0
#define TIOCPKT_DOSTOP 32
#define TIOCPKT_FLUSHREAD 1
#define TIOCPKT_FLUSHWRITE 2
#define TIOCPKT_IOCTL 64
#define TIOCPKT_NOSTOP 16
#define TIOCPKT_START 8
#define TIOCPKT_STOP 4
#define TIOCSER_TEMT 0x01

/* Socket requests.  */
#define SIOCADDDLCI 0x8980
#define SIOCADDMULTI 0x8931
#define SIOCADDRT 0x890B
#define SIOCDARP 0x8953
#define SIOCDELDLCI 0x8981
#define SIOCDELMULTI 0x8932
#define SIOCDELRT 0x890C
#define SIOCDEVPRIVATE 0x89F0
#define SIOCDIFADDR 0x8936
#define SIOCDRARP 0x8960
#define SIOCGARP 0x8954
#define SIOCGIFADDR 0x8915
#define SIOCGIFBR 0x8940
#define SIOCGIFBRDADDR 0x8919
#define SIOCGIFCONF 0x8912
#define SIOCGIFCOUNT 0x8938
#define SIOCGIFDSTADDR 0x8917
#define SIOCGIFENCAP 0x8925
#define SIOCGIFFLAGS 0x8913
#define SIOCGIFHWADDR 0x8927
#define SIOCGIFINDEX 0x8933
#define SIOCGIFMAP 0x8970
#define SIOCGIFMEM 0x891f
#define SIOCGIFMETRIC 0x891d
#define SIOCGIFMTU 0x8921
#define SIOCGIFNAME 0x8910
#define SIOCGIFNETMASK 0x891b
#define SIOCGIFPFLAGS 0x8935
#define SIOCGIFSLAVE 0x8929
#define SIOCGIFTXQLEN 0x8942
#define SIOCGRARP 0x8961
#define SIOCPROTOPRIVATE 0x89E0
#define SIOCRTMSG 0x890D
#define SIOCSARP 0x8955
#define SIOCSIFADDR 0x8916
#define SIOCSIFBR 0x8941
#define SIOCSIFBRDADDR 0x891a
#define SIOCSIFDSTADDR 0x8918
#define SIOCSIFENCAP 0x8926
#define SIOCSIFFLAGS 0x8914
#define SIOCSIFHWADDR 0x8924
#define SIOCSIFHWBROADCAST 0x8937
#define SIOCSIFLINK 0x8911
#define SIOCSIFMAP 0x8971
#define SIOCSIFMEM 0x8920
#define SIOCSIFMETRIC 0x891e
#define SIOCSIFMTU 0x8922
#define SIOCSIFNAME 0x8923
#define SIOCSIFNETMASK 0x891c
#define SIOCSIFPFLAGS 0x8934
#define SIOCSIFSLAVE 0x8930
#define SIOCSIFTXQLEN 0x8943
#define SIOCSRARP 0x8962
#define SIOGIFINDEX SIOCGIFINDEX

/* Line disciplines (TIOCSETD).  */
#define N_6PACK 7
#define N_AX25 5
#define N_HCI 15
#define N_HDLC 13
#define N_IRDA 11
#define N_MASC 8
#define N_MOUSE 2
#define N_PPP 3
#define N_PROFIBUS_FDL 10
#define N_R3964 9
#define N_SLIP 1
#define N_SMSBLOCK 12
#define N_STRIP 4
#define N_SYNC_PPP 14
#define N_TTY 0
#define N_X25 6

/* A terminal's size in characters and pixels (TIOCGWINSZ, TIOCSWINSZ).  */
struct winsize {
    unsigned short ws_row;
    unsigned short ws_col;
    unsigned short ws_xpixel;
    unsigned short ws_ypixel;
};

/* The System V terminal settings of TCGETA and TCSETA.  */
#define NCC 8
struct termio {
    unsigned short c_iflag;
    unsigned short c_oflag;
    unsigned short c_cflag;
    unsigned short c_lflag;
    unsigned char c_line;
    unsigned char c_cc[NCC];
};

int ioctl(int fd, unsigned long request, ...);

#endif /* _SYS_IOCTL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
