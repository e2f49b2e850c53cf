/* The members that <signal.h> names through macros (sa_handler,
   sa_sigaction, si_pid, si_value ...): set, read and compared. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t plain_calls;
static volatile sig_atomic_t info_signo, info_from_self, info_code_ok;

static void plain(int sig)
{
    (void)sig;
    plain_calls++;
}

static void detailed(int sig, siginfo_t *info, void *context)
{
    (void)context;
    info_signo = sig == info->si_signo ? sig : -1;
    info_from_self = info->si_pid == getpid() && info->si_uid == getuid();
    info_code_ok = info->si_code == SI_TKILL || info->si_code == SI_USER;
}

int main(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = plain;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    raise(SIGUSR1);
    raise(SIGUSR1);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = detailed;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR2, &sa, &old);
    raise(SIGUSR2);
    sigaction(SIGUSR1, NULL, &old);
    printf("plain %d handler kept %d\n", (int)plain_calls, old.sa_handler == plain);
    printf("detailed %d self %d code %d\n", info_signo == SIGUSR2, (int)info_from_self,
           (int)info_code_ok);
    siginfo_t made;
    memset(&made, 0, sizeof made);
    made.si_value.sival_int = 42;
    made.si_status = 7;
    printf("made %d %d %d\n", made.si_int, made.si_value.sival_int, made.si_status);
    return 0;
}
