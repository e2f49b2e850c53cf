/* Exercises a user-defined variadic function with stdarg.h: va_start, va_arg
 * for int, long, double, char* and pointer arguments, va_copy, va_end,
 * forwarding a va_list to vsnprintf/vprintf, and default argument promotions
 * (char/short to int, float to double). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int sum_ints(int count, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

/* sums the list twice using va_copy */
static double mean_and_max(int count, double *max_out, ...)
{
    va_list ap, again;
    va_start(ap, max_out);
    va_copy(again, ap);
    double total = 0.0;
    for (int i = 0; i < count; i++)
        total += va_arg(ap, double);
    double mx = -1e300;
    for (int i = 0; i < count; i++) {
        double v = va_arg(again, double);
        if (v > mx)
            mx = v;
    }
    va_end(again);
    va_end(ap);
    *max_out = mx;
    return count ? total / count : 0.0;
}

/* a tiny formatter: 'i' int, 'l' long, 's' string, 'f' double, 'c' char */
static int describe(char *out, size_t cap, const char *spec, ...)
{
    va_list ap;
    size_t used = 0;
    va_start(ap, spec);
    for (const char *s = spec; *s; s++) {
        int n = 0;
        switch (*s) {
        case 'i':
            n = snprintf(out + used, cap - used, "i:%d ", va_arg(ap, int));
            break;
        case 'l':
            n = snprintf(out + used, cap - used, "l:%ld ", va_arg(ap, long));
            break;
        case 's':
            n = snprintf(out + used, cap - used, "s:%s ", va_arg(ap, const char *));
            break;
        case 'f':
            n = snprintf(out + used, cap - used, "f:%.2f ", va_arg(ap, double));
            break;
        case 'c':
            n = snprintf(out + used, cap - used, "c:%c ", (char)va_arg(ap, int));
            break;
        case 'p': {
            int *ptr = va_arg(ap, int *);
            n = snprintf(out + used, cap - used, "p->%d ", *ptr);
            break;
        }
        default:
            break;
        }
        if (n > 0)
            used += (size_t)n;
    }
    va_end(ap);
    return (int)used;
}

static int log_line(const char *prefix, const char *fmt, ...)
{
    va_list ap;
    char buf[128];
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return printf("[%s] %s\n", prefix, buf);
}

static void vprint_twice(const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    vprintf(fmt, ap);
    vprintf(fmt, ap2);
    va_end(ap2);
    va_end(ap);
}

int main(void)
{
    int s0 = sum_ints(0);
    int s5 = sum_ints(5, 1, 2, 3, 4, 5);
    char small = 7;
    short medium = 300;
    int s2 = sum_ints(2, small, medium); /* promoted to int */
    printf("sum_ints: %d %d %d\n", s0, s5, s2);

    double mx = 0.0;
    float f = 2.5f; /* promoted to double */
    double mean = mean_and_max(4, &mx, 1.0, 9.5, (double)f, -3.0);
    printf("mean=%.3f max=%.2f\n", mean, mx);

    char out[256];
    int value = 77;
    int len = describe(out, sizeof out, "ilsfcp", -4, 123456789012L, "str", 0.125, 'Z', &value);
    printf("describe(%d): %s\n", len, out);

    log_line("info", "%d tasks, %s, %.1f%%", 12, "ok", 99.5);
    vprint_twice("twice %s %d\n", "x", 2);

    int ok = s5 == 15 && s2 == 307 && mx == 9.5 && strstr(out, "p->77") != NULL;
    printf("%s\n", ok ? "varargs: ok" : "varargs: FAILED");
    return !ok;
}
