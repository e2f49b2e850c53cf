/* <sys/socket.h> for x86-64 Linux (glibc): sockets, their addresses,
   options and messages.  */
#ifndef _SYS_SOCKET_H
#define _SYS_SOCKET_H 1

#include <sys/types.h>
#define __need_size_t
#define __need_struct_iovec
#define __need_sa_family_t
#include <bits/inspire_types.h>

/* The length of a socket address.  */
typedef unsigned int socklen_t;

/* The kinds of socket, and the flags socket and socketpair take with
   them.  */
enum __socket_type {
    SOCK_STREAM = 1,
    SOCK_DGRAM = 2,
    SOCK_RAW = 3,
    SOCK_RDM = 4,
    SOCK_SEQPACKET = 5,
    SOCK_DCCP = 6,
    SOCK_PACKET = 10,
    SOCK_CLOEXEC = 02000000,
    SOCK_NONBLOCK = 00004000
};
#define SOCK_STREAM SOCK_STREAM
#define SOCK_DGRAM SOCK_DGRAM
#define SOCK_RAW SOCK_RAW
#define SOCK_RDM SOCK_RDM
#define SOCK_SEQPACKET SOCK_SEQPACKET
#define SOCK_DCCP SOCK_DCCP
#define SOCK_PACKET SOCK_PACKET
#define SOCK_CLOEXEC SOCK_CLOEXEC
#define SOCK_NONBLOCK SOCK_NONBLOCK

/* Protocol families.  */
#define PF_UNSPEC 0
#define PF_LOCAL 1
#define PF_INET 2
#define PF_AX25 3
#define PF_IPX 4
#define PF_APPLETALK 5
#define PF_NETROM 6
#define PF_BRIDGE 7
#define PF_ATMPVC 8
#define PF_X25 9
#define PF_INET6 10
#define PF_ROSE 11
#define PF_DECnet 12
#define PF_NETBEUI 13
#define PF_SECURITY 14
#define PF_KEY 15
#define PF_NETLINK 16
#define PF_PACKET 17
#define PF_ASH 18
#define PF_ECONET 19
#define PF_ATMSVC 20
#define PF_RDS 21
#define PF_SNA 22
#define PF_IRDA 23
#define PF_PPPOX 24
#define PF_WANPIPE 25
#define PF_LLC 26
#define PF_IB 27
#define PF_MPLS 28
#define PF_CAN 29
#define PF_TIPC 30
#define PF_BLUETOOTH 31
#define PF_IUCV 32
#define PF_RXRPC 33
#define PF_ISDN 34
#define PF_PHONET 35
#define PF_IEEE802154 36
#define PF_CAIF 37
#define PF_ALG 38
#define PF_NFC 39
#define PF_VSOCK 40
#define PF_KCM 41
#define PF_QIPCRTR 42
#define PF_SMC 43
#define PF_XDP 44
#define PF_MCTP 45
#define PF_MAX 46
#define PF_LOCAL 1
#define PF_UNIX PF_LOCAL
#define PF_FILE PF_LOCAL
#define PF_ROUTE PF_NETLINK

/* Address families: the same numbers.  */
#define AF_ALG PF_ALG
#define AF_APPLETALK PF_APPLETALK
#define AF_ASH PF_ASH
#define AF_ATMPVC PF_ATMPVC
#define AF_ATMSVC PF_ATMSVC
#define AF_AX25 PF_AX25
#define AF_BLUETOOTH PF_BLUETOOTH
#define AF_BRIDGE PF_BRIDGE
#define AF_CAIF PF_CAIF
#define AF_CAN PF_CAN
#define AF_DECnet PF_DECnet
#define AF_ECONET PF_ECONET
#define AF_FILE PF_FILE
#define AF_IB PF_IB
#define AF_IEEE802154 PF_IEEE802154
#define AF_INET PF_INET
#define AF_INET6 PF_INET6
#define AF_IPX PF_IPX
#define AF_IRDA PF_IRDA
#define AF_ISDN PF_ISDN
#define AF_IUCV PF_IUCV
#define AF_KCM PF_KCM
#define AF_KEY PF_KEY
#define AF_LLC PF_LLC
#define AF_LOCAL PF_LOCAL
#define AF_MAX PF_MAX
#define AF_MCTP PF_MCTP
#define AF_MPLS PF_MPLS
#define AF_NETBEUI PF_NETBEUI
#define AF_NETLINK PF_NETLINK
#define AF_NETROM PF_NETROM
#define AF_NFC PF_NFC
#define AF_PACKET PF_PACKET
#define AF_PHONET PF_PHONET
#define AF_PPPOX PF_PPPOX
#define AF_QIPCRTR PF_QIPCRTR
#define AF_RDS PF_RDS
#define AF_ROSE PF_ROSE
#define AF_ROUTE PF_ROUTE
#define AF_RXRPC PF_RXRPC
#define AF_SECURITY PF_SECURITY
#define AF_SMC PF_SMC
#define AF_SNA PF_SNA
#define AF_TIPC PF_TIPC
#define AF_UNIX PF_UNIX
#define AF_UNSPEC PF_UNSPEC
#define AF_VSOCK PF_VSOCK
#define AF_WANPIPE PF_WANPIPE
#define AF_X25 PF_X25
#define AF_XDP PF_XDP

/* Option levels of setsockopt and getsockopt, besides the protocol
   numbers.  */
#define SOL_SOCKET 1
#define SOL_RAW 255
#define SOL_DECNET 261
#define SOL_X25 262
#define SOL_PACKET 263
#define SOL_ATM 264
#define SOL_AAL 265
#define SOL_IRDA 266
#define SOL_NETBEUI 267
#define SOL_LLC 268
#define SOL_DCCP 269
#define SOL_NETLINK 270
#define SOL_TIPC 271
#define SOL_RXRPC 272
#define SOL_PPPOL2TP 273
#define SOL_BLUETOOTH 274
#define SOL_PNPIPE 275
#define SOL_RDS 276
#define SOL_IUCV 277
#define SOL_CAIF 278
#define SOL_ALG 279
#define SOL_NFC 280
#define SOL_KCM 281
#define SOL_TLS 282
#define SOL_XDP 283
#define SOL_MPTCP 284
#define SOL_MCTP 285
#define SOL_SMC 286

/* The longest queue of pending connections listen accepts.  */
#define SOMAXCONN 4096

/* A socket address: its family, then the family's own data.  */
struct sockaddr {
    sa_family_t sa_family;
    char sa_data[14];
};

/* Storage big enough and aligned for the address of every family.  */
#define _SS_SIZE 128
#define _SS_PADSIZE (_SS_SIZE - (sizeof(unsigned short int)) - sizeof(unsigned long int))
struct sockaddr_storage {
    sa_family_t ss_family;
    char __ss_padding[128 - sizeof(unsigned short) - sizeof(unsigned long)];
    unsigned long __ss_align;
};

/* The flags of send, recv and their relatives.  */
enum {
    MSG_OOB = 0x01,
    MSG_PEEK = 0x02,
    MSG_DONTROUTE = 0x04,
#ifdef _GNU_SOURCE
    MSG_TRYHARD = MSG_DONTROUTE,
#endif
    MSG_CTRUNC = 0x08,
    MSG_PROXY = 0x10,
    MSG_TRUNC = 0x20,
    MSG_DONTWAIT = 0x40,
    MSG_EOR = 0x80,
    MSG_WAITALL = 0x100,
    MSG_FIN = 0x200,
    MSG_SYN = 0x400,
    MSG_CONFIRM = 0x800,
    MSG_RST = 0x1000,
    MSG_ERRQUEUE = 0x2000,
    MSG_NOSIGNAL = 0x4000,
    MSG_MORE = 0x8000,
    MSG_WAITFORONE = 0x10000,
    MSG_BATCH = 0x40000,
    MSG_ZEROCOPY = 0x4000000,
    MSG_FASTOPEN = 0x20000000,
    MSG_CMSG_CLOEXEC = 0x40000000
};
#define MSG_OOB MSG_OOB
#define MSG_PEEK MSG_PEEK
#define MSG_DONTROUTE MSG_DONTROUTE
#ifdef _GNU_SOURCE
#define MSG_TRYHARD MSG_DONTROUTE
#endif
#define MSG_CTRUNC MSG_CTRUNC
#define MSG_PROXY MSG_PROXY
#define MSG_TRUNC MSG_TRUNC
#define MSG_DONTWAIT MSG_DONTWAIT
#define MSG_EOR MSG_EOR
#define MSG_WAITALL MSG_WAITALL
#define MSG_FIN MSG_FIN
#define MSG_SYN MSG_SYN
#define MSG_CONFIRM MSG_CONFIRM
#define MSG_RST MSG_RST
#define MSG_ERRQUEUE MSG_ERRQUEUE
#define MSG_NOSIGNAL MSG_NOSIGNAL
#define MSG_MORE MSG_MORE
#define MSG_WAITFORONE MSG_WAITFORONE
#define MSG_BATCH MSG_BATCH
#define MSG_ZEROCOPY MSG_ZEROCOPY
#define MSG_FASTOPEN MSG_FASTOPEN
#define MSG_CMSG_CLOEXEC MSG_CMSG_CLOEXEC

/* A message of sendmsg and recvmsg: the peer's address, the data in
   pieces, the ancillary data and the flags.  */
struct msghdr {
    void *msg_name;
    socklen_t msg_namelen;
    struct iovec *msg_iov;
    size_t msg_iovlen;
    void *msg_control;
    size_t msg_controllen;
    int msg_flags;
};

/* One item of ancillary data: its length with this header, its level and
   type, then its data.  */
struct cmsghdr {
    size_t cmsg_len;
    int cmsg_level;
    int cmsg_type;
    unsigned char __cmsg_data[];
};

/* Walking the ancillary data of a message.  */
#define CMSG_DATA(cmsg) ((cmsg)->__cmsg_data)
#define CMSG_NXTHDR(mhdr, cmsg) __cmsg_nxthdr(mhdr, cmsg)
#define CMSG_FIRSTHDR(mhdr)                                                 \
    ((size_t)(mhdr)->msg_controllen >= sizeof(struct cmsghdr)              \
         ? (struct cmsghdr *)(mhdr)->msg_control                           \
         : (struct cmsghdr *)0)
#define CMSG_ALIGN(len) (((len) + sizeof(size_t) - 1) & (size_t)~(sizeof(size_t) - 1))
#define CMSG_SPACE(len) (CMSG_ALIGN(len) + CMSG_ALIGN(sizeof(struct cmsghdr)))
#define CMSG_LEN(len) (CMSG_ALIGN(sizeof(struct cmsghdr)) + (len))
struct cmsghdr *__cmsg_nxthdr(struct msghdr *mhdr, struct cmsghdr *cmsg);

/* The types of ancillary data at level SOL_SOCKET.  */
enum {
    SCM_RIGHTS = 0x01
#ifdef _GNU_SOURCE
    ,
    SCM_CREDENTIALS = 0x02
#endif
};
#define SCM_RIGHTS SCM_RIGHTS
#ifdef _GNU_SOURCE
#define SCM_CREDENTIALS SCM_CREDENTIALS

/* The credentials a process passes with SCM_CREDENTIALS.  */
struct ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};
#endif

/* The socket-level options (SOL_SOCKET).  */
#define SO_DEBUG 1
#define SO_REUSEADDR 2
#define SO_TYPE 3
#define SO_ERROR 4
#define SO_DONTROUTE 5
#define SO_BROADCAST 6
#define SO_SNDBUF 7
#define SO_RCVBUF 8
#define SO_KEEPALIVE 9
#define SO_OOBINLINE 10
#define SO_NO_CHECK 11
#define SO_PRIORITY 12
#define SO_LINGER 13
#define SO_BSDCOMPAT 14
#define SO_REUSEPORT 15
#define SO_PASSCRED 16
#define SO_PEERCRED 17
#define SO_RCVLOWAT 18
#define SO_SNDLOWAT 19
#define SO_RCVTIMEO_OLD 20
#define SO_SNDTIMEO_OLD 21
#define SO_SECURITY_AUTHENTICATION 22
#define SO_SECURITY_ENCRYPTION_TRANSPORT 23
#define SO_SECURITY_ENCRYPTION_NETWORK 24
#define SO_BINDTODEVICE 25
#define SO_ATTACH_FILTER 26
#define SO_DETACH_FILTER 27
#define SO_PEERNAME 28
#define SO_TIMESTAMP_OLD 29
#define SO_ACCEPTCONN 30
#define SO_PEERSEC 31
#define SO_SNDBUFFORCE 32
#define SO_RCVBUFFORCE 33
#define SO_PASSSEC 34
#define SO_TIMESTAMPNS_OLD 35
#define SO_MARK 36
#define SO_TIMESTAMPING_OLD 37
#define SO_PROTOCOL 38
#define SO_DOMAIN 39
#define SO_RXQ_OVFL 40
#define SO_WIFI_STATUS 41
#define SO_PEEK_OFF 42
#define SO_NOFCS 43
#define SO_LOCK_FILTER 44
#define SO_SELECT_ERR_QUEUE 45
#define SO_BUSY_POLL 46
#define SO_MAX_PACING_RATE 47
#define SO_BPF_EXTENSIONS 48
#define SO_INCOMING_CPU 49
#define SO_ATTACH_BPF 50
#define SO_ATTACH_REUSEPORT_CBPF 51
#define SO_ATTACH_REUSEPORT_EBPF 52
#define SO_CNX_ADVICE 53
#define SO_MEMINFO 55
#define SO_INCOMING_NAPI_ID 56
#define SO_COOKIE 57
#define SO_PEERGROUPS 59
#define SO_ZEROCOPY 60
#define SO_TXTIME 61
#define SO_BINDTOIFINDEX 62
#define SO_TIMESTAMP_NEW 63
#define SO_TIMESTAMPNS_NEW 64
#define SO_TIMESTAMPING_NEW 65
#define SO_RCVTIMEO_NEW 66
#define SO_SNDTIMEO_NEW 67
#define SO_DETACH_REUSEPORT_BPF 68
#define SO_PREFER_BUSY_POLL 69
#define SO_BUSY_POLL_BUDGET 70
#define SO_NETNS_COOKIE 71
#define SO_BUF_LOCK 72
#define SO_RESERVE_MEM 73
#define SO_TXREHASH 74
#define SO_RCVMARK 75
#define SO_DETACH_BPF SO_DETACH_FILTER
#define SO_GET_FILTER SO_ATTACH_FILTER
#define SO_RCVTIMEO SO_RCVTIMEO_OLD
#define SO_SNDTIMEO SO_SNDTIMEO_OLD
#define SO_TIMESTAMP SO_TIMESTAMP_OLD
#define SO_TIMESTAMPING SO_TIMESTAMPING_OLD
#define SO_TIMESTAMPNS SO_TIMESTAMPNS_OLD

/* The ancillary data that answers some of them.  */
#define SCM_TIMESTAMP SO_TIMESTAMP
#define SCM_TIMESTAMPING SO_TIMESTAMPING
#define SCM_TIMESTAMPING_OPT_STATS 54
#define SCM_TIMESTAMPING_PKTINFO 58
#define SCM_TIMESTAMPNS SO_TIMESTAMPNS
#define SCM_TXTIME SO_TXTIME
#define SCM_WIFI_STATUS SO_WIFI_STATUS

/* Socket ioctl requests.  */
#define FIOSETOWN 0x8901
#define SIOCSPGRP 0x8902
#define FIOGETOWN 0x8903
#define SIOCGPGRP 0x8904
#define SIOCATMARK 0x8905
#define SIOCGSTAMP_OLD 0x8906
#define SIOCGSTAMPNS_OLD 0x8907

/* How long close lingers on unsent data (SO_LINGER).  */
struct linger {
    int l_onoff;
    int l_linger;
};

/* The 4.3 BSD address, without the family's own type.  */
struct osockaddr {
    unsigned short sa_family;
    unsigned char sa_data[14];
};

/* The halves of a connection shutdown closes.  */
enum {
    SHUT_RD = 0,
    SHUT_WR,
    SHUT_RDWR
};
#define SHUT_RD SHUT_RD
#define SHUT_WR SHUT_WR
#define SHUT_RDWR SHUT_RDWR

#ifdef _GNU_SOURCE
/* One message of sendmmsg and recvmmsg, with the bytes it carried.  */
struct mmsghdr {
    struct msghdr msg_hdr;
    unsigned int msg_len;
};
#endif

/* Creating, naming and connecting sockets.  The address parameters are
   plain struct sockaddr pointers: glibc's GNU mode makes them transparent
   unions, which the frontend does not express.  */
int socket(int domain, int type, int protocol);
int socketpair(int domain, int type, int protocol, int fds[2]);
int bind(int fd, const struct sockaddr *addr, socklen_t len);
int getsockname(int fd, struct sockaddr *restrict addr, socklen_t *restrict len);
int connect(int fd, const struct sockaddr *addr, socklen_t len);
int getpeername(int fd, struct sockaddr *restrict addr, socklen_t *restrict len);

/* Sending and receiving.  */
ssize_t send(int fd, const void *buf, size_t n, int flags);
ssize_t recv(int fd, void *buf, size_t n, int flags);
ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *addr,
               socklen_t addr_len);
ssize_t recvfrom(int fd, void *restrict buf, size_t n, int flags,
                 struct sockaddr *restrict addr, socklen_t *restrict addr_len);
ssize_t sendmsg(int fd, const struct msghdr *message, int flags);
#ifdef _GNU_SOURCE
int sendmmsg(int fd, struct mmsghdr *vmessages, unsigned int vlen, int flags);
#endif
ssize_t recvmsg(int fd, struct msghdr *message, int flags);
#ifdef _GNU_SOURCE
int recvmmsg(int fd, struct mmsghdr *vmessages, unsigned int vlen, int flags,
             struct timespec *tmo);
#endif

/* Options, listening, accepting and shutting down.  */
int getsockopt(int fd, int level, int optname, void *restrict optval,
               socklen_t *restrict optlen);
int setsockopt(int fd, int level, int optname, const void *optval, socklen_t optlen);
int listen(int fd, int n);
int accept(int fd, struct sockaddr *restrict addr, socklen_t *restrict addr_len);
#ifdef _GNU_SOURCE
int accept4(int fd, struct sockaddr *restrict addr, socklen_t *restrict addr_len, int flags);
#endif
int shutdown(int fd, int how);
int sockatmark(int fd);
/* Whether fd is open on a file of the S_IF* type fdtype.  */
int isfdtype(int fd, int fdtype);

#endif /* _SYS_SOCKET_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
