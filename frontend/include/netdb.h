/* <netdb.h> for x86-64 Linux (glibc): looking up hosts, networks,
   services and protocols, and getaddrinfo.  */
#ifndef _NETDB_H
#define _NETDB_H 1

#include <netinet/in.h>
#ifdef _GNU_SOURCE
#define __need_sigevent
#define __need_struct_timespec
#include <bits/inspire_types.h>
#endif

/* The files the lookups read.  */
#define _PATH_HEQUIV "/etc/hosts.equiv"
#define _PATH_HOSTS "/etc/hosts"
#define _PATH_NETWORKS "/etc/networks"
#define _PATH_NSSWITCH_CONF "/etc/nsswitch.conf"
#define _PATH_PROTOCOLS "/etc/protocols"
#define _PATH_SERVICES "/etc/services"

/* The error of the last host lookup of this thread, and its values.  */
int *__h_errno_location(void);
#define h_errno (*__h_errno_location())
#define NETDB_INTERNAL -1
#define NETDB_SUCCESS 0
#define HOST_NOT_FOUND 1
#define TRY_AGAIN 2
#define NO_RECOVERY 3
#define NO_DATA 4
#define NO_ADDRESS NO_DATA
void herror(const char *str);
const char *hstrerror(int err_num);

#ifdef _GNU_SOURCE
/* What separates an IPv6 address from its scope.  */
#define SCOPE_DELIMITER '%'
#endif

/* The highest privileged port (also an enumerator of <netinet/in.h>).  */
#define IPPORT_RESERVED 1024

/* An entry of the Sun RPC program number database.  */
struct rpcent {
    char *r_name;
    char **r_aliases;
    int r_number;
};
void setrpcent(int stayopen);
void endrpcent(void);
struct rpcent *getrpcbyname(const char *name);
struct rpcent *getrpcbynumber(int number);
struct rpcent *getrpcent(void);
int getrpcbyname_r(const char *name, struct rpcent *result_buf, char *buffer, size_t buflen,
                   struct rpcent **result);
int getrpcbynumber_r(int number, struct rpcent *result_buf, char *buffer, size_t buflen,
                     struct rpcent **result);
int getrpcent_r(struct rpcent *result_buf, char *buffer, size_t buflen, struct rpcent **result);

/* An entry of the networks database.  */
struct netent {
    char *n_name;
    char **n_aliases;
    int n_addrtype;
    uint32_t n_net;
};

/* An entry of the hosts database: h_addr_list ends with a null pointer.  */
struct hostent {
    char *h_name;
    char **h_aliases;
    int h_addrtype;
    int h_length;
    char **h_addr_list;
};
#define h_addr h_addr_list[0]

void sethostent(int stay_open);
void endhostent(void);
struct hostent *gethostent(void);
struct hostent *gethostbyaddr(const void *addr, socklen_t len, int type);
struct hostent *gethostbyname(const char *name);
struct hostent *gethostbyname2(const char *name, int af);
int gethostent_r(struct hostent *restrict result_buf, char *restrict buf, size_t buflen,
                 struct hostent **restrict result, int *restrict h_errnop);
int gethostbyaddr_r(const void *restrict addr, socklen_t len, int type,
                    struct hostent *restrict result_buf, char *restrict buf, size_t buflen,
                    struct hostent **restrict result, int *restrict h_errnop);
int gethostbyname_r(const char *restrict name, struct hostent *restrict result_buf,
                    char *restrict buf, size_t buflen, struct hostent **restrict result,
                    int *restrict h_errnop);
int gethostbyname2_r(const char *restrict name, int af, struct hostent *restrict result_buf,
                     char *restrict buf, size_t buflen, struct hostent **restrict result,
                     int *restrict h_errnop);

void setnetent(int stay_open);
void endnetent(void);
struct netent *getnetent(void);
struct netent *getnetbyaddr(uint32_t net, int type);
struct netent *getnetbyname(const char *name);
int getnetent_r(struct netent *restrict result_buf, char *restrict buf, size_t buflen,
                struct netent **restrict result, int *restrict h_errnop);
int getnetbyaddr_r(uint32_t net, int type, struct netent *restrict result_buf,
                   char *restrict buf, size_t buflen, struct netent **restrict result,
                   int *restrict h_errnop);
int getnetbyname_r(const char *restrict name, struct netent *restrict result_buf,
                   char *restrict buf, size_t buflen, struct netent **restrict result,
                   int *restrict h_errnop);

/* An entry of the services database: s_port is in network byte order.  */
struct servent {
    char *s_name;
    char **s_aliases;
    int s_port;
    char *s_proto;
};
void setservent(int stay_open);
void endservent(void);
struct servent *getservent(void);
struct servent *getservbyname(const char *name, const char *proto);
struct servent *getservbyport(int port, const char *proto);
int getservent_r(struct servent *restrict result_buf, char *restrict buf, size_t buflen,
                 struct servent **restrict result);
int getservbyname_r(const char *restrict name, const char *restrict proto,
                    struct servent *restrict result_buf, char *restrict buf, size_t buflen,
                    struct servent **restrict result);
int getservbyport_r(int port, const char *restrict proto, struct servent *restrict result_buf,
                    char *restrict buf, size_t buflen, struct servent **restrict result);

/* An entry of the protocols database.  */
struct protoent {
    char *p_name;
    char **p_aliases;
    int p_proto;
};
void setprotoent(int stay_open);
void endprotoent(void);
struct protoent *getprotoent(void);
struct protoent *getprotobyname(const char *name);
struct protoent *getprotobynumber(int proto);
int getprotoent_r(struct protoent *restrict result_buf, char *restrict buf, size_t buflen,
                  struct protoent **restrict result);
int getprotobyname_r(const char *restrict name, struct protoent *restrict result_buf,
                     char *restrict buf, size_t buflen, struct protoent **restrict result);
int getprotobynumber_r(int proto, struct protoent *restrict result_buf, char *restrict buf,
                       size_t buflen, struct protoent **restrict result);

/* Netgroups.  */
int setnetgrent(const char *netgroup);
void endnetgrent(void);
int getnetgrent(char **restrict hostp, char **restrict userp, char **restrict domainp);
int innetgr(const char *netgroup, const char *host, const char *user, const char *domain);
int getnetgrent_r(char **restrict hostp, char **restrict userp, char **restrict domainp,
                  char *restrict buffer, size_t buflen);

/* The BSD remote shell and execution services.  */
int rcmd(char **restrict ahost, unsigned short rport, const char *restrict locuser,
         const char *restrict remuser, const char *restrict cmd, int *restrict fd2p);
int rcmd_af(char **restrict ahost, unsigned short rport, const char *restrict locuser,
            const char *restrict remuser, const char *restrict cmd, int *restrict fd2p,
            sa_family_t af);
int rexec(char **restrict ahost, int rport, const char *restrict name,
          const char *restrict pass, const char *restrict cmd, int *restrict fd2p);
int rexec_af(char **restrict ahost, int rport, const char *restrict name,
             const char *restrict pass, const char *restrict cmd, int *restrict fd2p,
             sa_family_t af);
int ruserok(const char *rhost, int suser, const char *remuser, const char *locuser);
int ruserok_af(const char *rhost, int suser, const char *remuser, const char *locuser,
               sa_family_t af);
int iruserok(uint32_t raddr, int suser, const char *remuser, const char *locuser);
int iruserok_af(const void *raddr, int suser, const char *remuser, const char *locuser,
                sa_family_t af);
int rresvport(int *alport);
int rresvport_af(int *alport, sa_family_t af);

/* A request and an answer of getaddrinfo: the answers form a list.  */
struct addrinfo {
    int ai_flags;
    int ai_family;
    int ai_socktype;
    int ai_protocol;
    socklen_t ai_addrlen;
    struct sockaddr *ai_addr;
    char *ai_canonname;
    struct addrinfo *ai_next;
};

#ifdef _GNU_SOURCE
/* One lookup of getaddrinfo_a, and how to wait for them.  */
struct gaicb {
    const char *ar_name;
    const char *ar_service;
    const struct addrinfo *ar_request;
    struct addrinfo *ar_result;
    int __return;
    int __glibc_reserved[5];
};
#define GAI_WAIT 0
#define GAI_NOWAIT 1
#endif

/* The flags of ai_flags.  */
#define AI_PASSIVE 0x0001
#define AI_CANONNAME 0x0002
#define AI_NUMERICHOST 0x0004
#define AI_V4MAPPED 0x0008
#define AI_ALL 0x0010
#define AI_ADDRCONFIG 0x0020
#ifdef _GNU_SOURCE
#define AI_IDN 0x0040
#define AI_CANONIDN 0x0080
#define AI_IDN_ALLOW_UNASSIGNED 0x0100
#define AI_IDN_USE_STD3_ASCII_RULES 0x0200
#endif
#define AI_NUMERICSERV 0x0400

/* The errors of getaddrinfo and getnameinfo.  */
#define EAI_BADFLAGS -1
#define EAI_NONAME -2
#define EAI_AGAIN -3
#define EAI_FAIL -4
#define EAI_FAMILY -6
#define EAI_SOCKTYPE -7
#define EAI_SERVICE -8
#define EAI_MEMORY -10
#define EAI_SYSTEM -11
#define EAI_OVERFLOW -12
#ifdef _GNU_SOURCE
#define EAI_NODATA -5
#define EAI_ADDRFAMILY -9
#define EAI_INPROGRESS -100
#define EAI_CANCELED -101
#define EAI_NOTCANCELED -102
#define EAI_ALLDONE -103
#define EAI_INTR -104
#define EAI_IDN_ENCODE -105
#endif

/* The sizes of getnameinfo's buffers, and its flags.  */
#define NI_MAXHOST 1025
#define NI_MAXSERV 32
#define NI_NUMERICHOST 1
#define NI_NUMERICSERV 2
#define NI_NOFQDN 4
#define NI_NAMEREQD 8
#define NI_DGRAM 16
#ifdef _GNU_SOURCE
#define NI_IDN 32
#define NI_IDN_ALLOW_UNASSIGNED 64
#define NI_IDN_USE_STD3_ASCII_RULES 128
#endif

int getaddrinfo(const char *restrict name, const char *restrict service,
                const struct addrinfo *restrict req, struct addrinfo **restrict pai);
void freeaddrinfo(struct addrinfo *ai);
const char *gai_strerror(int ecode);
int getnameinfo(const struct sockaddr *restrict sa, socklen_t salen, char *restrict host,
                socklen_t hostlen, char *restrict serv, socklen_t servlen, int flags);

#ifdef _GNU_SOURCE
/* Asynchronous getaddrinfo.  */
int getaddrinfo_a(int mode, struct gaicb *list[restrict], int ent,
                  struct sigevent *restrict sig);
int gai_suspend(const struct gaicb *const list[], int ent, const struct timespec *timeout);
int gai_error(struct gaicb *req);
int gai_cancel(struct gaicb *gaicbp);
#endif

#endif /* _NETDB_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
