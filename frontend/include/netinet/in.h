/* <netinet/in.h> for x86-64 Linux (glibc): Internet addresses, protocol
   numbers, ports and the IP and IPv6 socket options.  */
#ifndef _NETINET_IN_H
#define _NETINET_IN_H 1

#define __need_uintN_t
#include <bits/inspire_types.h>
#include <sys/socket.h>

/* An IPv4 address, in network byte order.  */
typedef uint32_t in_addr_t;
struct in_addr {
    in_addr_t s_addr;
};

/* The IP options of IP_OPTIONS and the packet information of
   IP_PKTINFO.  */
struct ip_opts {
    struct in_addr ip_dst;
    char ip_opts[40];
};
struct in_pktinfo {
    int ipi_ifindex;
    struct in_addr ipi_spec_dst;
    struct in_addr ipi_addr;
};

/* The IP-level socket options (SOL_IP).  */
#define IP_ADD_MEMBERSHIP 35
#define IP_ADD_SOURCE_MEMBERSHIP 39
#define IP_BIND_ADDRESS_NO_PORT 24
#define IP_BLOCK_SOURCE 38
#define IP_CHECKSUM 23
#define IP_DROP_MEMBERSHIP 36
#define IP_DROP_SOURCE_MEMBERSHIP 40
#define IP_FREEBIND 15
#define IP_HDRINCL 3
#define IP_IPSEC_POLICY 16
#define IP_MINTTL 21
#define IP_MSFILTER 41
#define IP_MTU 14
#define IP_MTU_DISCOVER 10
#define IP_MULTICAST_ALL 49
#define IP_MULTICAST_IF 32
#define IP_MULTICAST_LOOP 34
#define IP_MULTICAST_TTL 33
#define IP_NODEFRAG 22
#define IP_OPTIONS 4
#define IP_ORIGDSTADDR 20
#define IP_PASSSEC 18
#define IP_PKTINFO 8
#define IP_PKTOPTIONS 9
#define IP_PMTUDISC 10
#define IP_RECVERR 11
#define IP_RECVERR_RFC4884 26
#define IP_RECVFRAGSIZE 25
#define IP_RECVOPTS 6
#define IP_RECVORIGDSTADDR IP_ORIGDSTADDR
#define IP_RECVRETOPTS IP_RETOPTS
#define IP_RECVTOS 13
#define IP_RECVTTL 12
#define IP_RETOPTS 7
#define IP_ROUTER_ALERT 5
#define IP_TOS 1
#define IP_TRANSPARENT 19
#define IP_TTL 2
#define IP_UNBLOCK_SOURCE 37
#define IP_UNICAST_IF 50
#define IP_XFRM_POLICY 17
#define MCAST_BLOCK_SOURCE 43
#define MCAST_JOIN_GROUP 42
#define MCAST_JOIN_SOURCE_GROUP 46
#define MCAST_LEAVE_GROUP 45
#define MCAST_LEAVE_SOURCE_GROUP 47
#define MCAST_MSFILTER 48
#define MCAST_UNBLOCK_SOURCE 44

/* The path MTU discovery modes of IP_MTU_DISCOVER.  */
#define IP_PMTUDISC_DONT 0
#define IP_PMTUDISC_WANT 1
#define IP_PMTUDISC_DO 2
#define IP_PMTUDISC_PROBE 3
#define IP_PMTUDISC_INTERFACE 4
#define IP_PMTUDISC_OMIT 5

/* The filter modes of IP_MSFILTER and MCAST_MSFILTER.  */
#define MCAST_EXCLUDE 0
#define MCAST_INCLUDE 1

/* The levels of the IP, IPv6 and ICMPv6 options.  */
#define SOL_ICMPV6 58
#define SOL_IP 0
#define SOL_IPV6 41

/* Multicast defaults and limits.  */
#define IP_DEFAULT_MULTICAST_LOOP 1
#define IP_DEFAULT_MULTICAST_TTL 1
#define IP_MAX_MEMBERSHIPS 20

/* The IP protocol numbers.  */
enum {
    IPPROTO_IP = 0,
    IPPROTO_ICMP = 1,
    IPPROTO_IGMP = 2,
    IPPROTO_IPIP = 4,
    IPPROTO_TCP = 6,
    IPPROTO_EGP = 8,
    IPPROTO_PUP = 12,
    IPPROTO_UDP = 17,
    IPPROTO_IDP = 22,
    IPPROTO_TP = 29,
    IPPROTO_DCCP = 33,
    IPPROTO_IPV6 = 41,
    IPPROTO_RSVP = 46,
    IPPROTO_GRE = 47,
    IPPROTO_ESP = 50,
    IPPROTO_AH = 51,
    IPPROTO_MTP = 92,
    IPPROTO_BEETPH = 94,
    IPPROTO_ENCAP = 98,
    IPPROTO_PIM = 103,
    IPPROTO_COMP = 108,
    IPPROTO_SCTP = 132,
    IPPROTO_UDPLITE = 136,
    IPPROTO_MPLS = 137,
    IPPROTO_ETHERNET = 143,
    IPPROTO_RAW = 255,
    IPPROTO_MPTCP = 262,
    IPPROTO_MAX
};
#define IPPROTO_IP IPPROTO_IP
#define IPPROTO_ICMP IPPROTO_ICMP
#define IPPROTO_IGMP IPPROTO_IGMP
#define IPPROTO_IPIP IPPROTO_IPIP
#define IPPROTO_TCP IPPROTO_TCP
#define IPPROTO_EGP IPPROTO_EGP
#define IPPROTO_PUP IPPROTO_PUP
#define IPPROTO_UDP IPPROTO_UDP
#define IPPROTO_IDP IPPROTO_IDP
#define IPPROTO_TP IPPROTO_TP
#define IPPROTO_DCCP IPPROTO_DCCP
#define IPPROTO_IPV6 IPPROTO_IPV6
#define IPPROTO_RSVP IPPROTO_RSVP
#define IPPROTO_GRE IPPROTO_GRE
#define IPPROTO_ESP IPPROTO_ESP
#define IPPROTO_AH IPPROTO_AH
#define IPPROTO_MTP IPPROTO_MTP
#define IPPROTO_BEETPH IPPROTO_BEETPH
#define IPPROTO_ENCAP IPPROTO_ENCAP
#define IPPROTO_PIM IPPROTO_PIM
#define IPPROTO_COMP IPPROTO_COMP
#define IPPROTO_SCTP IPPROTO_SCTP
#define IPPROTO_UDPLITE IPPROTO_UDPLITE
#define IPPROTO_MPLS IPPROTO_MPLS
#define IPPROTO_ETHERNET IPPROTO_ETHERNET
#define IPPROTO_RAW IPPROTO_RAW
#define IPPROTO_MPTCP IPPROTO_MPTCP

/* The IPv6 extension headers' numbers.  */
enum {
    IPPROTO_HOPOPTS = 0,
    IPPROTO_ROUTING = 43,
    IPPROTO_FRAGMENT = 44,
    IPPROTO_ICMPV6 = 58,
    IPPROTO_NONE = 59,
    IPPROTO_DSTOPTS = 60,
    IPPROTO_MH = 135
};
#define IPPROTO_HOPOPTS IPPROTO_HOPOPTS
#define IPPROTO_ROUTING IPPROTO_ROUTING
#define IPPROTO_FRAGMENT IPPROTO_FRAGMENT
#define IPPROTO_ICMPV6 IPPROTO_ICMPV6
#define IPPROTO_NONE IPPROTO_NONE
#define IPPROTO_DSTOPTS IPPROTO_DSTOPTS
#define IPPROTO_MH IPPROTO_MH

/* A port number, in network byte order, and the well-known ones.  */
typedef uint16_t in_port_t;
enum {
    IPPORT_ECHO = 7,
    IPPORT_DISCARD = 9,
    IPPORT_SYSTAT = 11,
    IPPORT_DAYTIME = 13,
    IPPORT_NETSTAT = 15,
    IPPORT_FTP = 21,
    IPPORT_TELNET = 23,
    IPPORT_SMTP = 25,
    IPPORT_TIMESERVER = 37,
    IPPORT_NAMESERVER = 42,
    IPPORT_WHOIS = 43,
    IPPORT_MTP = 57,
    IPPORT_TFTP = 69,
    IPPORT_RJE = 77,
    IPPORT_FINGER = 79,
    IPPORT_TTYLINK = 87,
    IPPORT_SUPDUP = 95,
    IPPORT_EXECSERVER = 512,
    IPPORT_LOGINSERVER = 513,
    IPPORT_CMDSERVER = 514,
    IPPORT_EFSSERVER = 520,
    IPPORT_BIFFUDP = 512,
    IPPORT_WHOSERVER = 513,
    IPPORT_ROUTESERVER = 520,
    IPPORT_RESERVED = 1024,
    IPPORT_USERRESERVED = 5000
};

/* The old address classes.  */
#define IN_CLASSA(a) ((((in_addr_t)(a)) & 0x80000000) == 0)
#define IN_CLASSA_NET 0xff000000
#define IN_CLASSA_NSHIFT 24
#define IN_CLASSA_HOST (0xffffffff & ~IN_CLASSA_NET)
#define IN_CLASSA_MAX 128
#define IN_CLASSB(a) ((((in_addr_t)(a)) & 0xc0000000) == 0x80000000)
#define IN_CLASSB_NET 0xffff0000
#define IN_CLASSB_NSHIFT 16
#define IN_CLASSB_HOST (0xffffffff & ~IN_CLASSB_NET)
#define IN_CLASSB_MAX 65536
#define IN_CLASSC(a) ((((in_addr_t)(a)) & 0xe0000000) == 0xc0000000)
#define IN_CLASSC_NET 0xffffff00
#define IN_CLASSC_NSHIFT 8
#define IN_CLASSC_HOST (0xffffffff & ~IN_CLASSC_NET)
#define IN_CLASSD(a) ((((in_addr_t)(a)) & 0xf0000000) == 0xe0000000)
#define IN_MULTICAST(a) IN_CLASSD(a)
#define IN_EXPERIMENTAL(a) ((((in_addr_t)(a)) & 0xe0000000) == 0xe0000000)
#define IN_BADCLASS(a) ((((in_addr_t)(a)) & 0xf0000000) == 0xf0000000)

/* Special IPv4 addresses, in host byte order.  */
#define INADDR_ANY ((in_addr_t)0x00000000)
#define INADDR_BROADCAST ((in_addr_t)0xffffffff)
#define INADDR_NONE ((in_addr_t)0xffffffff)
#define INADDR_DUMMY ((in_addr_t)0xc0000008)
#define IN_LOOPBACKNET 127
#define INADDR_LOOPBACK ((in_addr_t)0x7f000001)
#define INADDR_UNSPEC_GROUP ((in_addr_t)0xe0000000)
#define INADDR_ALLHOSTS_GROUP ((in_addr_t)0xe0000001)
#define INADDR_ALLRTRS_GROUP ((in_addr_t)0xe0000002)
#define INADDR_ALLSNOOPERS_GROUP ((in_addr_t)0xe000006a)
#define INADDR_MAX_LOCAL_GROUP ((in_addr_t)0xe00000ff)

/* An IPv6 address, seen as bytes, 16-bit or 32-bit words.  */
struct in6_addr {
    union {
        uint8_t __u6_addr8[16];
        uint16_t __u6_addr16[8];
        uint32_t __u6_addr32[4];
    } __in6_u;
};
#define s6_addr __in6_u.__u6_addr8
#define s6_addr16 __in6_u.__u6_addr16
#define s6_addr32 __in6_u.__u6_addr32

/* The unspecified address :: and the loopback address ::1.  */
extern const struct in6_addr in6addr_any;
extern const struct in6_addr in6addr_loopback;
#define IN6ADDR_ANY_INIT { { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 } } }
#define IN6ADDR_LOOPBACK_INIT { { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } } }

/* The longest text forms of addresses, with the terminating null.  */
#define INET_ADDRSTRLEN 16
#define INET6_ADDRSTRLEN 46

/* An IPv4 socket address: sin_zero pads it to the size of struct
   sockaddr.  */
struct sockaddr_in {
    sa_family_t sin_family;
    in_port_t sin_port;
    struct in_addr sin_addr;
    unsigned char sin_zero[sizeof(struct sockaddr) - sizeof(unsigned short) -
                           sizeof(in_port_t) - sizeof(struct in_addr)];
};

/* An IPv6 socket address.  */
struct sockaddr_in6 {
    sa_family_t sin6_family;
    in_port_t sin6_port;
    uint32_t sin6_flowinfo;
    struct in6_addr sin6_addr;
    uint32_t sin6_scope_id;
};

/* The arguments of the multicast membership and source filter options.  */
struct ip_mreq {
    struct in_addr imr_multiaddr;
    struct in_addr imr_interface;
};
struct ip_mreqn {
    struct in_addr imr_multiaddr;
    struct in_addr imr_address;
    int imr_ifindex;
};
struct ip_mreq_source {
    struct in_addr imr_multiaddr;
    struct in_addr imr_interface;
    struct in_addr imr_sourceaddr;
};
struct ipv6_mreq {
    struct in6_addr ipv6mr_multiaddr;
    unsigned int ipv6mr_interface;
};
struct group_req {
    uint32_t gr_interface;
    struct sockaddr_storage gr_group;
};
struct group_source_req {
    uint32_t gsr_interface;
    struct sockaddr_storage gsr_group;
    struct sockaddr_storage gsr_source;
};
struct ip_msfilter {
    struct in_addr imsf_multiaddr;
    struct in_addr imsf_interface;
    uint32_t imsf_fmode;
    uint32_t imsf_numsrc;
    struct in_addr imsf_slist[1];
};
#define IP_MSFILTER_SIZE(numsrc)                                            \
    (sizeof(struct ip_msfilter) - sizeof(struct in_addr) +                  \
     (numsrc) * sizeof(struct in_addr))
struct group_filter {
    uint32_t gf_interface;
    struct sockaddr_storage gf_group;
    uint32_t gf_fmode;
    uint32_t gf_numsrc;
    struct sockaddr_storage gf_slist[1];
};
#define GROUP_FILTER_SIZE(numsrc)                                           \
    (sizeof(struct group_filter) - sizeof(struct sockaddr_storage) +        \
     ((numsrc) * sizeof(struct sockaddr_storage)))

/* The IPv6-level socket options (SOL_IPV6).  */
#define IPV6_2292DSTOPTS 4
#define IPV6_2292HOPLIMIT 8
#define IPV6_2292HOPOPTS 3
#define IPV6_2292PKTINFO 2
#define IPV6_2292PKTOPTIONS 6
#define IPV6_2292RTHDR 5
#define IPV6_ADDRFORM 1
#define IPV6_ADDR_PREFERENCES 72
#define IPV6_AUTHHDR 10
#define IPV6_AUTOFLOWLABEL 70
#define IPV6_CHECKSUM 7
#define IPV6_DONTFRAG 62
#define IPV6_DSTOPTS 59
#define IPV6_FREEBIND 78
#define IPV6_HDRINCL 36
#define IPV6_HOPLIMIT 52
#define IPV6_HOPOPTS 54
#define IPV6_IPSEC_POLICY 34
#define IPV6_JOIN_ANYCAST 27
#define IPV6_JOIN_GROUP 20
#define IPV6_LEAVE_ANYCAST 28
#define IPV6_LEAVE_GROUP 21
#define IPV6_MINHOPCOUNT 73
#define IPV6_MTU 24
#define IPV6_MTU_DISCOVER 23
#define IPV6_MULTICAST_ALL 29
#define IPV6_MULTICAST_HOPS 18
#define IPV6_MULTICAST_IF 17
#define IPV6_MULTICAST_LOOP 19
#define IPV6_NEXTHOP 9
#define IPV6_ORIGDSTADDR 74
#define IPV6_PATHMTU 61
#define IPV6_PKTINFO 50
#define IPV6_RECVDSTOPTS 58
#define IPV6_RECVERR 25
#define IPV6_RECVERR_RFC4884 31
#define IPV6_RECVFRAGSIZE 77
#define IPV6_RECVHOPLIMIT 51
#define IPV6_RECVHOPOPTS 53
#define IPV6_RECVPATHMTU 60
#define IPV6_RECVPKTINFO 49
#define IPV6_RECVRTHDR 56
#define IPV6_RECVTCLASS 66
#define IPV6_ROUTER_ALERT 22
#define IPV6_ROUTER_ALERT_ISOLATE 30
#define IPV6_RTHDR 57
#define IPV6_RTHDRDSTOPTS 55
#define IPV6_TCLASS 67
#define IPV6_TRANSPARENT 75
#define IPV6_UNICAST_HOPS 16
#define IPV6_UNICAST_IF 76
#define IPV6_V6ONLY 26
#define IPV6_XFRM_POLICY 35
#define IPV6_ADD_MEMBERSHIP IPV6_JOIN_GROUP
#define IPV6_DROP_MEMBERSHIP IPV6_LEAVE_GROUP
#define IPV6_RECVORIGDSTADDR IPV6_ORIGDSTADDR
#define IPV6_RXDSTOPTS IPV6_DSTOPTS
#define IPV6_RXHOPOPTS IPV6_HOPOPTS

/* The path MTU discovery modes of IPV6_MTU_DISCOVER, and the routing
   header types.  */
#define IPV6_PMTUDISC_DONT 0
#define IPV6_RTHDR_LOOSE 0
#define IPV6_RTHDR_TYPE_0 0
#define IPV6_PMTUDISC_WANT 1
#define IPV6_RTHDR_STRICT 1
#define IPV6_PMTUDISC_DO 2
#define IPV6_PMTUDISC_PROBE 3
#define IPV6_PMTUDISC_INTERFACE 4
#define IPV6_PMTUDISC_OMIT 5

/* Conversions between host and network byte order.  */
uint32_t ntohl(uint32_t netlong);
uint16_t ntohs(uint16_t netshort);
uint32_t htonl(uint32_t hostlong);
uint16_t htons(uint16_t hostshort);

/* Classifying IPv6 addresses.  */
#define IN6_IS_ADDR_UNSPECIFIED(a)                                          \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        __inspire_a->__in6_u.__u6_addr32[0] == 0 &&                          \
            __inspire_a->__in6_u.__u6_addr32[1] == 0 &&                      \
            __inspire_a->__in6_u.__u6_addr32[2] == 0 &&                      \
            __inspire_a->__in6_u.__u6_addr32[3] == 0;                        \
    })
#define IN6_IS_ADDR_LOOPBACK(a)                                             \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        __inspire_a->__in6_u.__u6_addr32[0] == 0 &&                          \
            __inspire_a->__in6_u.__u6_addr32[1] == 0 &&                      \
            __inspire_a->__in6_u.__u6_addr32[2] == 0 &&                      \
            __inspire_a->__in6_u.__u6_addr32[3] == htonl(1);                 \
    })
#define IN6_IS_ADDR_LINKLOCAL(a)                                            \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        (__inspire_a->__in6_u.__u6_addr32[0] & htonl(0xffc00000)) ==         \
            htonl(0xfe800000);                                              \
    })
#define IN6_IS_ADDR_SITELOCAL(a)                                            \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        (__inspire_a->__in6_u.__u6_addr32[0] & htonl(0xffc00000)) ==         \
            htonl(0xfec00000);                                              \
    })
#define IN6_IS_ADDR_V4MAPPED(a)                                             \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        __inspire_a->__in6_u.__u6_addr32[0] == 0 &&                          \
            __inspire_a->__in6_u.__u6_addr32[1] == 0 &&                      \
            __inspire_a->__in6_u.__u6_addr32[2] == htonl(0xffff);            \
    })
#define IN6_IS_ADDR_V4COMPAT(a)                                             \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        __inspire_a->__in6_u.__u6_addr32[0] == 0 &&                          \
            __inspire_a->__in6_u.__u6_addr32[1] == 0 &&                      \
            __inspire_a->__in6_u.__u6_addr32[2] == 0 &&                      \
            ntohl(__inspire_a->__in6_u.__u6_addr32[3]) > 1;                  \
    })
#define IN6_ARE_ADDR_EQUAL(a, b)                                            \
    ({                                                                      \
        const struct in6_addr *__inspire_a = (const struct in6_addr *)(a);   \
        const struct in6_addr *__inspire_b = (const struct in6_addr *)(b);   \
        __inspire_a->__in6_u.__u6_addr32[0] == __inspire_b->__in6_u.__u6_addr32[0] && \
            __inspire_a->__in6_u.__u6_addr32[1] == __inspire_b->__in6_u.__u6_addr32[1] && \
            __inspire_a->__in6_u.__u6_addr32[2] == __inspire_b->__in6_u.__u6_addr32[2] && \
            __inspire_a->__in6_u.__u6_addr32[3] == __inspire_b->__in6_u.__u6_addr32[3]; \
    })
#define IN6_IS_ADDR_MULTICAST(a) (((const uint8_t *)(a))[0] == 0xff)
#define IN6_IS_ADDR_MC_NODELOCAL(a)                                         \
    (IN6_IS_ADDR_MULTICAST(a) && ((((const uint8_t *)(a))[1] & 0xf) == 0x1))
#define IN6_IS_ADDR_MC_LINKLOCAL(a)                                         \
    (IN6_IS_ADDR_MULTICAST(a) && ((((const uint8_t *)(a))[1] & 0xf) == 0x2))
#define IN6_IS_ADDR_MC_SITELOCAL(a)                                         \
    (IN6_IS_ADDR_MULTICAST(a) && ((((const uint8_t *)(a))[1] & 0xf) == 0x5))
#define IN6_IS_ADDR_MC_ORGLOCAL(a)                                          \
    (IN6_IS_ADDR_MULTICAST(a) && ((((const uint8_t *)(a))[1] & 0xf) == 0x8))
#define IN6_IS_ADDR_MC_GLOBAL(a)                                            \
    (IN6_IS_ADDR_MULTICAST(a) && ((((const uint8_t *)(a))[1] & 0xf) == 0xe))

/* Binding to a privileged port.  */
int bindresvport(int sockfd, struct sockaddr_in *sock_in);
int bindresvport6(int sockfd, struct sockaddr_in6 *sock_in);

#ifdef _GNU_SOURCE
/* The packet information of IPV6_PKTINFO and the path MTU of
   IPV6_PATHMTU.  */
struct in6_pktinfo {
    struct in6_addr ipi6_addr;
    unsigned int ipi6_ifindex;
};
struct ip6_mtuinfo {
    struct sockaddr_in6 ip6m_addr;
    uint32_t ip6m_mtu;
};

/* The RFC 2292 interface to IPv6 hop-by-hop and destination options
   (obsolete).  */
int inet6_option_space(int nbytes);
int inet6_option_init(void *bp, struct cmsghdr **cmsgp, int type);
int inet6_option_append(struct cmsghdr *cmsg, const uint8_t *typep, int multx, int plusy);
uint8_t *inet6_option_alloc(struct cmsghdr *cmsg, int datalen, int multx, int plusy);
int inet6_option_next(const struct cmsghdr *cmsg, uint8_t **tptrp);
int inet6_option_find(const struct cmsghdr *cmsg, uint8_t **tptrp, int type);

/* The RFC 3542 interface to IPv6 options and routing headers.  */
int inet6_opt_init(void *extbuf, socklen_t extlen);
int inet6_opt_append(void *extbuf, socklen_t extlen, int offset, uint8_t type, socklen_t len,
                     uint8_t align, void **databufp);
int inet6_opt_finish(void *extbuf, socklen_t extlen, int offset);
int inet6_opt_set_val(void *databuf, int offset, void *val, socklen_t vallen);
int inet6_opt_next(void *extbuf, socklen_t extlen, int offset, uint8_t *typep,
                   socklen_t *lenp, void **databufp);
int inet6_opt_find(void *extbuf, socklen_t extlen, int offset, uint8_t type, socklen_t *lenp,
                   void **databufp);
int inet6_opt_get_val(void *databuf, int offset, void *val, socklen_t vallen);
socklen_t inet6_rth_space(int type, int segments);
void *inet6_rth_init(void *bp, socklen_t bp_len, int type, int segments);
int inet6_rth_add(void *bp, const struct in6_addr *addr);
int inet6_rth_reverse(const void *in, void *out);
int inet6_rth_segments(const void *bp);
struct in6_addr *inet6_rth_getaddr(const void *bp, int index);

/* Multicast source filters (RFC 3678).  */
int getipv4sourcefilter(int s, struct in_addr interface_addr, struct in_addr group,
                        uint32_t *fmode, uint32_t *numsrc, struct in_addr *slist);
int setipv4sourcefilter(int s, struct in_addr interface_addr, struct in_addr group,
                        uint32_t fmode, uint32_t numsrc, const struct in_addr *slist);
int getsourcefilter(int s, uint32_t interface_addr, const struct sockaddr *group,
                    socklen_t grouplen, uint32_t *fmode, uint32_t *numsrc,
                    struct sockaddr_storage *slist);
int setsourcefilter(int s, uint32_t interface_addr, const struct sockaddr *group,
                    socklen_t grouplen, uint32_t fmode, uint32_t numsrc,
                    const struct sockaddr_storage *slist);
#endif

#endif /* _NETINET_IN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
