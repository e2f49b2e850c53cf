/*
 * rusage_exec.c - run a command and report its resource usage.
 *
 * Usage: rusage_exec REPORT_FILE COMMAND [ARG...]
 *
 * Forks, runs COMMAND in the child, waits for it with wait4() and writes
 * one line to REPORT_FILE:
 *
 *     <wait status> <peak RSS in KiB> <user seconds> <system seconds>
 *
 * The benchmark harness runs programs through this small process rather
 * than directly from Python: Linux carries a process's peak RSS across
 * exec(), so a program started straight from the (large) Python process
 * would report at least the size of the interpreter.  Exit status: 0 when
 * the report was written, 127 when COMMAND could not be started, 126 on
 * other errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct rusage ru;
    FILE *report;
    pid_t pid;
    int status;

    if (argc < 3) {
        fprintf(stderr, "usage: %s REPORT_FILE COMMAND [ARG...]\n", argv[0]);
        return 126;
    }
    pid = fork();
    if (pid < 0) {
        perror("rusage_exec: fork");
        return 126;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("rusage_exec: exec");
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("rusage_exec: wait4");
        return 126;
    }
    report = fopen(argv[1], "w");
    if (report == NULL) {
        perror("rusage_exec: report file");
        return 126;
    }
    fprintf(report, "%d %ld %.6f %.6f\n", status, ru.ru_maxrss,
            (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6,
            (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6);
    fclose(report);
    return 0;
}
