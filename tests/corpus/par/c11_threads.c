/* Exercises C11 <threads.h>: thrd_create/thrd_join with an int result, an
 * argument struct carrying results back, and recursive thread creation
 * (a thread that itself creates and joins threads). */
#include <stdio.h>
#include <threads.h>

struct job {
    int n;
    long result;
};

static int triangle(void *arg)
{
    struct job *j = arg;
    long s = 0;
    for (int i = 1; i <= j->n; i++)
        s += i;
    j->result = s;
    return (int)(s % 1000);
}

static int tree_sum(void *arg)
{
    int depth = *(int *)arg;
    if (depth == 0)
        return 1;
    int child_depth = depth - 1;
    thrd_t left, right;
    int l = 0, r = 0;
    thrd_create(&left, tree_sum, &child_depth);
    thrd_create(&right, tree_sum, &child_depth);
    thrd_join(left, &l);
    thrd_join(right, &r);
    return l + r + 1;
}

int main(void)
{
    struct job jobs[5];
    thrd_t t[5];
    for (int i = 0; i < 5; i++) {
        jobs[i].n = 1000 * (i + 1);
        jobs[i].result = 0;
        if (thrd_create(&t[i], triangle, &jobs[i]) != thrd_success) {
            printf("thrd_create failed\n");
            return 1;
        }
    }
    int codes = 0;
    long total = 0;
    for (int i = 0; i < 5; i++) {
        int code = -1;
        thrd_join(t[i], &code);
        codes += code;
        total += jobs[i].result;
    }
    int depth = 4;
    thrd_t root;
    int nodes = 0;
    thrd_create(&root, tree_sum, &depth);
    thrd_join(root, &nodes);
    printf("total=%ld codes=%d nodes=%d\n", total, codes, nodes);
    int ok = total == 500500L + 2001000L + 4501500L + 8002000L + 12502500L && nodes == 31;
    printf("%s\n", ok ? "c11_threads: ok" : "c11_threads: FAILED");
    return !ok;
}
