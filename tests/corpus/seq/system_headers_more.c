/* Exercises more system headers: <sys/uio.h> (writev to stdout, readv from
 * a pipe), <sys/epoll.h> (the packed struct epoll_event, an event on a
 * pipe), <sys/shm.h>/<sys/ipc.h> and <sys/prctl.h> constants and layouts,
 * <stdio_ext.h> (__fpending on a memory stream) and <ifaddrs.h>
 * (getifaddrs returns a list). */
#include <ifaddrs.h>
#include <stddef.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/shm.h>
#include <sys/uio.h>
#include <unistd.h>

static void show_uio(void)
{
    int p[2];
    char head[3], tail[16] = {0};
    struct iovec out[3] = {{"writev ", 7}, {"says ", 5}, {"hello\n", 6}};
    fflush(stdout);
    ssize_t n = writev(STDOUT_FILENO, out, 3);
    printf("writev wrote %zd bytes, UIO_MAXIOV %d\n", n, UIO_MAXIOV);
    if (pipe(p) != 0)
        return;
    struct iovec w = {"abcdefgh", 8};
    struct iovec r[2] = {{head, sizeof head}, {tail, sizeof tail - 1}};
    n = writev(p[1], &w, 1);
    ssize_t m = readv(p[0], r, 2);
    printf("pipe: %zd in, %zd out: %.3s|%s\n", n, m, head, tail);
    close(p[0]);
    close(p[1]);
}

static void show_epoll(void)
{
    int p[2];
    struct epoll_event ev, got[2];
    printf("epoll_event: size %zu, data at %zu, array of 2 is %zu\n", sizeof(struct epoll_event),
           offsetof(struct epoll_event, data), sizeof got);
    if (pipe(p) != 0)
        return;
    int e = epoll_create1(EPOLL_CLOEXEC);
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLIN;
    ev.data.u64 = 0x0102030405060708ULL;
    int c = epoll_ctl(e, EPOLL_CTL_ADD, p[0], &ev);
    int before = epoll_wait(e, got, 2, 0);
    if (write(p[1], "!", 1) != 1)
        return;
    int after = epoll_wait(e, got, 2, 1000);
    printf("epoll: ctl %d, ready %d then %d, events %#x, data %#llx\n", c, before, after,
           after > 0 ? got[0].events : 0u,
           after > 0 ? (unsigned long long)got[0].data.u64 : 0ULL);
    close(e);
    close(p[0]);
    close(p[1]);
}

static void show_constants(void)
{
    printf("ipc: IPC_CREAT %#o IPC_EXCL %#o IPC_RMID %d IPC_STAT %d SHM_RDONLY %#o\n", IPC_CREAT,
           IPC_EXCL, IPC_RMID, IPC_STAT, SHM_RDONLY);
    printf("ipc_perm %zu (mode at %zu), shmid_ds %zu (shm_nattch at %zu)\n",
           sizeof(struct ipc_perm), offsetof(struct ipc_perm, mode), sizeof(struct shmid_ds),
           offsetof(struct shmid_ds, shm_nattch));
    printf("prctl: PR_SET_NAME %d PR_GET_NAME %d PR_SET_NO_NEW_PRIVS %d mm_map %zu\n",
           PR_SET_NAME, PR_GET_NAME, PR_SET_NO_NEW_PRIVS, sizeof(struct prctl_mm_map));
    char name[16] = {0};
    int s = prctl(PR_SET_NAME, "corpus-probe", 0, 0, 0);
    int g = prctl(PR_GET_NAME, name, 0, 0, 0);
    printf("prctl name: %d %d %s\n", s, g, name);
}

static void show_stdio_ext(void)
{
    char buf[64];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    if (!f)
        return;
    fputs("twelve bytes", f);
    size_t pending = __fpending(f);
    int writing = __fwriting(f) != 0;
    __fpurge(f);
    printf("stdio_ext: pending %zu, writing %d, after purge %zu, query %d\n", pending, writing,
           __fpending(f), __fsetlocking(f, FSETLOCKING_QUERY));
    fclose(f);
}

static void show_ifaddrs(void)
{
    struct ifaddrs *list = NULL;
    int r = getifaddrs(&list);
    printf("ifaddrs: size %zu, ifa_ifu at %zu, result %d, list %s\n", sizeof(struct ifaddrs),
           offsetof(struct ifaddrs, ifa_ifu), r, list ? "non-null" : "null");
    freeifaddrs(list);
}

int main(void)
{
    show_uio();
    show_epoll();
    show_constants();
    show_stdio_ext();
    show_ifaddrs();
    return 0;
}
