/* Functions taking a va_list (the vprintf style): the parameter is the
 * compiler's own pointer type, passed on to vprintf, vsnprintf and va_arg. */
#include <stdarg.h>
#include <stdio.h>

static double vsum(int n, va_list ap)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, double);
    return s;
}

static double sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double r = vsum(n, ap);
    va_end(ap);
    return r;
}

static void vlog(const char *prefix, const char *format, va_list ap)
{
    char line[64];
    va_list again;
    va_copy(again, ap);
    vsnprintf(line, sizeof line, format, again);
    va_end(again);
    printf("%s%s", prefix, line);
    vprintf(format, ap);
}

static void log_line(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vlog("log: ", format, ap);
    va_end(ap);
}

int main(void)
{
    printf("%g\n", sum(3, 1.5, 2.5, 3.0));
    log_line("x=%d y=%s\n", 1, "two");
    return 0;
}
