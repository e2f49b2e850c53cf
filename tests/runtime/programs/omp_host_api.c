/* Exercises the allocator, affinity-format, teams-ICV and device-memory
 * functions of <omp.h>; prints only what any host-only implementation
 * answers alike (the test compares it with gcc -fopenmp's). */
#include <errno.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A decimal number. */
static int number(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

/* A list of CPU ranges such as "0-3,6". */
static int cpu_list(const char *s, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i <= n; i++)
        if (i == n || s[i] == ',') {
            const char *dash = memchr(s + start, '-', i - start);
            size_t first = dash ? (size_t)(dash - s) - start : i - start;
            if (!number(s + start, first) || (dash && !number(dash + 1, i - first - start - 1)))
                return 0;
            start = i + 1;
        }
    return 1;
}

/* "host|pid|tid|cpus|host|pid" with the same host and pid twice. */
static int affinity_values(const char *s)
{
    const char *f[7];
    f[0] = s;
    for (int k = 1; k < 7; k++) {
        const char *bar = strchr(f[k - 1], '|');
        f[k] = bar ? bar + 1 : f[k - 1] + strlen(f[k - 1]) + 1;
        if (!bar && k < 6)
            return 0;
    }
    size_t len[6];
    for (int k = 0; k < 6; k++)
        len[k] = (size_t)(f[k + 1] - f[k]) - 1;
    return len[0] > 0 && number(f[1], len[1]) && len[2] > 0 && cpu_list(f[3], len[3]) &&
           len[4] == len[0] && memcmp(f[0], f[4], len[0]) == 0 && len[5] == len[1] &&
           memcmp(f[1], f[5], len[1]) == 0;
}

static int aligned(const void *p, unsigned long a) { return ((uintptr_t)p & (a - 1)) == 0; }

int main(void)
{
    /* allocators */
    printf("default %d\n", (int)omp_get_default_allocator());
    int *a = omp_alloc(10 * sizeof(int), omp_default_mem_alloc);
    printf("alloc %d %d\n", a != NULL, aligned(a, 8));
    for (int i = 0; i < 10; i++)
        a[i] = i * i;
    a = omp_realloc(a, 1000 * sizeof(int), omp_default_mem_alloc, omp_default_mem_alloc);
    int sum = 0;
    for (int i = 0; i < 10; i++)
        sum += a[i];
    printf("realloc %d\n", sum);
    printf("realloc0 %d\n", omp_realloc(a, 0, omp_null_allocator, omp_null_allocator) == NULL);
    printf("alloc0 %d\n", omp_alloc(0, omp_default_mem_alloc) == NULL);
    void *b = omp_aligned_alloc(256, 100, omp_null_allocator);
    printf("aligned_alloc %d\n", b != NULL && aligned(b, 256));
    omp_free(b, omp_null_allocator);
    unsigned char *c = omp_calloc(100, 3, omp_default_mem_alloc);
    int zero = c != NULL;
    for (int i = 0; zero && i < 300; i++)
        zero = c[i] == 0;
    printf("calloc %d\n", zero);
    omp_free(c, omp_default_mem_alloc);
    c = omp_aligned_calloc(64, 7, 9, omp_default_mem_alloc);
    zero = c != NULL && aligned(c, 64);
    for (int i = 0; zero && i < 63; i++)
        zero = c[i] == 0;
    printf("aligned_calloc %d\n", zero);
    omp_free(c, omp_default_mem_alloc);

    omp_alloctrait_t traits[] = {{omp_atk_alignment, 128},
                                 {omp_atk_pool_size, 1000},
                                 {omp_atk_fallback, omp_atv_null_fb},
                                 {omp_atk_sync_hint, omp_atv_contended}};
    omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 4, traits);
    printf("init %d\n", pool != omp_null_allocator);
    void *p1 = omp_alloc(600, pool);
    void *p2 = omp_alloc(600, pool);
    printf("pool %d %d %d\n", p1 != NULL, aligned(p1, 128), p2 == NULL);
    omp_free(p1, pool);
    p2 = omp_alloc(600, pool);
    printf("pool again %d %d\n", p2 != NULL, aligned(p2, 128));
    omp_free(p2, omp_null_allocator); /* the block knows its allocator */
    omp_set_default_allocator(pool);
    printf("set default %d\n", omp_get_default_allocator() == pool);
    void *p3 = omp_alloc(10, omp_null_allocator);
    printf("default alloc %d\n", p3 != NULL && aligned(p3, 128));
    omp_free(p3, omp_null_allocator);
    omp_set_default_allocator(omp_default_mem_alloc);
    printf("reset default %d\n", (int)omp_get_default_allocator());
    omp_destroy_allocator(pool);

    omp_alloctrait_t bad[] = {{omp_atk_alignment, 24}};
    printf("bad alignment %d\n", omp_init_allocator(omp_default_mem_space, 1, bad) == omp_null_allocator);
    /* the blocks' headers count against the pool, as in libgomp */
    omp_alloctrait_t exact[] = {{omp_atk_pool_size, 1200}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t exa = omp_init_allocator(omp_default_mem_space, 2, exact);
    void *e1 = omp_alloc(600, exa), *e2 = omp_alloc(600, exa);
    printf("pool with headers %d %d\n", e1 != NULL, e2 == NULL);
    omp_free(e1, exa);
    omp_free(e2, exa);
    omp_destroy_allocator(exa);
    omp_alloctrait_t fb[] = {{omp_atk_pool_size, 64}, {omp_atk_fallback, omp_atv_default_mem_fb}};
    omp_allocator_handle_t fba = omp_init_allocator(omp_default_mem_space, 2, fb);
    void *p4 = omp_alloc(1000, fba);
    printf("default_mem_fb %d\n", p4 != NULL);
    omp_free(p4, fba);
    omp_destroy_allocator(fba);

    /* affinity format */
    char buf[256];
    size_t n = omp_get_affinity_format(buf, sizeof buf);
    printf("initial format %d %d\n", (int)(n == strlen(buf)), n > 0);
    omp_set_affinity_format("T%n/%N L%L %% [%5n] [%.5N] [%0.5L] [%{thread_num}]");
    n = omp_get_affinity_format(buf, sizeof buf);
    printf("format %zu '%s'\n", n, buf);
    n = omp_get_affinity_format(buf, 5);
    printf("format cut %zu '%s'\n", n, buf);
    n = omp_capture_affinity(buf, sizeof buf, NULL);
    printf("capture icv %zu '%s'\n", n, buf);
    n = omp_capture_affinity(buf, 8, "%{nesting_level} %{num_threads} %.3{thread_num}|");
    printf("capture cut %zu '%s'\n", n, buf);
    n = omp_capture_affinity(buf, sizeof buf, "%H|%P|%i|%A|%{host}|%{process_id}");
    printf("capture values %d %d\n", n == strlen(buf), affinity_values(buf));
    n = omp_capture_affinity(NULL, 0, "%t %T %a");
    printf("capture null %zu\n", n);
    fflush(stdout);
    omp_display_affinity("display %n %N %L"); /* libgomp writes it on stderr */
    fflush(stdout);

    /* teams ICVs */
    printf("teams %d %d\n", omp_get_max_teams(), omp_get_teams_thread_limit());
    omp_set_num_teams(4);
    omp_set_teams_thread_limit(3);
    omp_set_num_teams(-2);
    omp_set_teams_thread_limit(-1);
    printf("teams set %d %d\n", omp_get_max_teams(), omp_get_teams_thread_limit());

    /* devices */
    int host = omp_get_initial_device();
    printf("device %d\n", omp_get_device_num() == host);
    double *d = omp_target_alloc(8 * sizeof(double), host);
    printf("target_alloc %d %d %d\n", d != NULL, omp_target_is_present(d, host),
           omp_target_alloc(8, host + 1) == NULL);
    double src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int rc = omp_target_memcpy(d, src, 4 * sizeof(double), sizeof(double), 2 * sizeof(double),
                               host, host);
    printf("memcpy %d %g %g\n", rc, d[1], d[4]);
    printf("memcpy dev1 %d\n",
           omp_target_memcpy(d, src, 8, 0, 0, host + 1, host) == EINVAL);
    omp_target_free(d, host);

    int grid[4][5], out[3][3] = {{0}};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            grid[i][j] = 10 * i + j;
    size_t volume[2] = {2, 3}, src_off[2] = {1, 2}, dst_off[2] = {1, 0};
    size_t src_dims[2] = {4, 5}, dst_dims[2] = {3, 3};
    rc = omp_target_memcpy_rect(out, grid, sizeof(int), 2, volume, dst_off, src_off, dst_dims,
                                src_dims, host, host);
    printf("memcpy_rect %d:", rc);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            printf(" %d", out[i][j]);
    printf("\n");
    printf("memcpy_rect dims %d\n",
           omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, host, host) > 0);
    printf("memcpy_rect dev1 %d\n",
           omp_target_memcpy_rect(out, grid, sizeof(int), 2, volume, dst_off, src_off, dst_dims,
                                  src_dims, host + 1, host) == EINVAL);
    return 0;
}
