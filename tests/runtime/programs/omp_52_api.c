/* Exercises the OpenMP 5.1/5.2 host API that gcc 12's <omp.h> lacks, with
 * the answers OpenMP 5.2 gives for a host-only implementation; every check
 * prints one line ending in "ok" or "FAILED", and the exit status is the
 * number of failures. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int failures;

static void check(const char *what, int ok)
{
    printf("%s %s\n", what, ok ? "ok" : "FAILED");
    failures += !ok;
}

static int in_explicit(void) { return omp_in_explicit_task(); }

static void explicit_tasks(void)
{
    int seen[9];
    memset(seen, -1, sizeof seen);
    seen[0] = omp_in_explicit_task(); /* the initial task */
#pragma omp parallel num_threads(2) shared(seen)
    {
#pragma omp single
        {
            seen[1] = omp_in_explicit_task(); /* an implicit task */
#pragma omp task shared(seen)
            {
                seen[2] = in_explicit();
#pragma omp parallel num_threads(2) shared(seen)
#pragma omp single
                seen[3] = omp_in_explicit_task(); /* implicit task of a nested region */
                seen[4] = omp_in_explicit_task(); /* the task again after it */
            }
#pragma omp task if(0) shared(seen)
            seen[5] = omp_in_explicit_task(); /* undeferred */
#pragma omp task final(1) shared(seen)
            {
#pragma omp task shared(seen)
                seen[6] = omp_in_explicit_task(); /* included */
            }
#pragma omp taskloop num_tasks(2) shared(seen)
            for (int i = 0; i < 2; i++)
                if (i == 1)
                    seen[7] = omp_in_explicit_task();
#pragma omp taskwait
            seen[8] = omp_in_explicit_task(); /* back in the implicit task */
        }
    }
    int want[9] = {0, 0, 1, 0, 1, 1, 1, 1, 0};
    char line[64];
    for (int i = 0; i < 9; i++) {
        snprintf(line, sizeof line, "in_explicit_task %d", i);
        check(line, seen[i] == want[i]);
    }
}

static void device_memory(void)
{
    int host = omp_get_initial_device();
    int a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {0};
    check("mapped_ptr host", omp_get_mapped_ptr(a, host) == a);
    check("mapped_ptr initial_device", omp_get_mapped_ptr(a, omp_initial_device) == a);
    check("mapped_ptr other device", omp_get_mapped_ptr(a, host + 1) == NULL);
    check("is_accessible host", omp_target_is_accessible(a, sizeof a, host) != 0);
    check("is_accessible other device", omp_target_is_accessible(a, sizeof a, host + 1) == 0);

    /* An asynchronous copy whose depend object orders it after a task
     * writing its source, and before a task reading its destination. */
    int order[2] = {0, 0};
    omp_depend_t obj[2];
#pragma omp parallel num_threads(2) shared(a, b, obj, order)
#pragma omp single
    {
#pragma omp task depend(out: a) shared(a)
        for (int i = 0; i < 6; i++)
            a[i] *= 10;
#pragma omp depobj(obj[0]) depend(in: a)
#pragma omp depobj(obj[1]) depend(out: b)
        order[0] = omp_target_memcpy_async(b, a, 4 * sizeof(int), sizeof(int), 0, host, host, 2,
                                           obj);
#pragma omp task depend(in: b) shared(b, order)
        order[1] = b[1] == 10 && b[4] == 40;
#pragma omp taskwait
#pragma omp depobj(obj[0]) destroy
#pragma omp depobj(obj[1]) destroy
    }
    check("memcpy_async", order[0] == 0 && b[0] == 0 && b[1] == 10 && b[4] == 40 && b[5] == 0);
    check("memcpy_async ordered", order[1] == 1);
    check("memcpy_async no depobjs",
          omp_target_memcpy_async(b, a, sizeof(int), 0, 5 * sizeof(int), host, host, 0, NULL) ==
                  0 &&
              b[0] == 60);
    check("memcpy_async other device",
          omp_target_memcpy_async(b, a, sizeof a, 0, 0, host + 1, host, 0, NULL) != 0);

    int grid[3][4], out[2][2] = {{0}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            grid[i][j] = 10 * i + j;
    size_t volume[2] = {2, 2}, src_off[2] = {1, 1}, dst_off[2] = {0, 0};
    size_t src_dims[2] = {3, 4}, dst_dims[2] = {2, 2};
    omp_depend_t dep;
#pragma omp depobj(dep) depend(inout: out)
    int rc = omp_target_memcpy_rect_async(out, grid, sizeof(int), 2, volume, dst_off, src_off,
                                          dst_dims, src_dims, host, host, 1, &dep);
#pragma omp depobj(dep) destroy
    check("memcpy_rect_async",
          rc == 0 && out[0][0] == 11 && out[0][1] == 12 && out[1][0] == 21 && out[1][1] == 22);
    check("memcpy_rect_async dims",
          omp_target_memcpy_rect_async(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, host,
                                       host, 0, NULL) >= 3);
    check("memcpy_rect_async other device",
          omp_target_memcpy_rect_async(out, grid, sizeof(int), 2, volume, dst_off, src_off,
                                       dst_dims, src_dims, host, host + 1, 0, NULL) != 0);
}

static void interop(void)
{
    omp_interop_t none = omp_interop_none;
    check("interop_none is zero", none == 0);
    int n = omp_get_num_interop_properties(none);
    check("num_interop_properties", n == 0 && n - omp_ipr_first == 9);
    int rc = 99;
    check("interop_int", omp_get_interop_int(none, omp_ipr_fr_id, &rc) == 0 && rc == omp_irc_empty);
    rc = 99;
    check("interop_ptr", omp_get_interop_ptr(none, omp_ipr_device, &rc) == NULL &&
                             rc == omp_irc_empty);
    rc = 99;
    check("interop_str", omp_get_interop_str(none, omp_ipr_vendor_name, &rc) == NULL &&
                             rc == omp_irc_empty);
    check("interop_int without ret_code", omp_get_interop_int(none, omp_ipr_vendor, NULL) == 0);
    const char *name = omp_get_interop_name(none, omp_ipr_targetsync);
    check("interop_name", name != NULL && strcmp(name, "targetsync") == 0);
    name = omp_get_interop_name(none, omp_ipr_fr_id);
    check("interop_name fr_id", name != NULL && strcmp(name, "fr_id") == 0);
    check("interop_name out of range", omp_get_interop_name(none, omp_ipr_first - 1) == NULL &&
                                           omp_get_interop_name(none, n) == NULL);
    check("interop_type_desc", omp_get_interop_type_desc(none, omp_ipr_fr_id) == NULL);
    const char *desc = omp_get_interop_rc_desc(none, omp_irc_empty);
    check("interop_rc_desc", desc != NULL && desc[0] != '\0');
    check("interop_rc values", omp_irc_no_value == 1 && omp_irc_success == 0 &&
                                   omp_irc_out_of_range == -2 && omp_irc_other == -6);
}

int main(void)
{
    check("control_tool", omp_control_tool(omp_control_tool_flush, 0, NULL) ==
                              omp_control_tool_notool);
    explicit_tasks();
    device_memory();
    interop();
    return failures;
}
