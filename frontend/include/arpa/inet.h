/* <arpa/inet.h> for x86-64 Linux (glibc): converting Internet addresses
   between their text and binary forms.  */
#ifndef _ARPA_INET_H
#define _ARPA_INET_H 1

#include <netinet/in.h>

/* The old dotted forms: a.b.c.d with fewer parts or other bases too.  */
in_addr_t inet_addr(const char *cp);
in_addr_t inet_lnaof(struct in_addr in);
struct in_addr inet_makeaddr(in_addr_t net, in_addr_t host);
in_addr_t inet_netof(struct in_addr in);
in_addr_t inet_network(const char *cp);
char *inet_ntoa(struct in_addr in);

/* Text to binary and back, for AF_INET and AF_INET6.  */
int inet_pton(int af, const char *restrict cp, void *restrict buf);
const char *inet_ntop(int af, const void *restrict cp, char *restrict buf, socklen_t len);

/* The BIND extensions: network numbers, prefixes and NSAP addresses.  */
int inet_aton(const char *cp, struct in_addr *inp);
char *inet_neta(in_addr_t net, char *buf, size_t len);
char *inet_net_ntop(int af, const void *cp, int bits, char *buf, size_t len);
int inet_net_pton(int af, const char *cp, void *buf, size_t len);
unsigned int inet_nsap_addr(const char *cp, unsigned char *buf, int len);
char *inet_nsap_ntoa(int len, const unsigned char *cp, char *buf);

#endif /* _ARPA_INET_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
