/* Exercises orphaned tasks without any data-sharing clauses in functions
 * called from `single`: parameters and locals are implicitly firstprivate
 * (changes inside a task do not reach the parent), globals and static locals
 * are shared, and results come back through pointers into the parent's frame. */
#include <omp.h>
#include <stdio.h>

struct tree {
    int value;
    struct tree *left, *right;
};

static struct tree nodes[127];
static int visited = 0; /* global: shared in every task */

static struct tree *build(int depth, int *next)
{
    struct tree *t = &nodes[(*next)++];
    t->value = *next * 3 % 17;
    t->left = depth > 0 ? build(depth - 1, next) : NULL;
    t->right = depth > 0 ? build(depth - 1, next) : NULL;
    return t;
}

static long tree_sum(struct tree *t)
{
    static int calls = 0; /* static local: shared */
    #pragma omp atomic
    calls++;
    #pragma omp atomic
    visited++;
    if (t == NULL)
        return 0;
    long l = 0, r = 0;
    long *pl = &l, *pr = &r;
    #pragma omp task
    *pl = tree_sum(t->left);
    #pragma omp task
    *pr = tree_sum(t->right);
    #pragma omp taskwait
    if (t->value == -1) /* never true: keeps calls observable */
        return calls;
    return t->value + l + r;
}

static int firstprivate_locals(int param)
{
    int local = param * 2;
    int observed = 0;
    int *obs = &observed;
    #pragma omp task
    {
        param += 100; /* task copy */
        local += 100; /* task copy */
        *obs = param + local;
    }
    #pragma omp taskwait
    return observed * 1000 + param + local; /* parent copies unchanged */
}

static void scale_all(int *data, int n, int factor)
{
    for (int i = 0; i < n; i++) {
        #pragma omp task
        data[i] *= factor; /* data, i, factor captured by value; data points to the caller's array */
    }
    #pragma omp taskwait
}

int main(void)
{
    int next = 0;
    struct tree *root = build(6, &next);
    long sum = 0;
    int fp = 0;
    int data[32];
    for (int i = 0; i < 32; i++)
        data[i] = i;

    #pragma omp parallel
    {
        #pragma omp single
        {
            sum = tree_sum(root);
            fp = firstprivate_locals(7);
            scale_all(data, 32, 3);
        }
    }

    long seq = 0;
    for (int i = 0; i < next; i++)
        seq += nodes[i].value;
    long dsum = 0;
    for (int i = 0; i < 32; i++)
        dsum += data[i];
    printf("nodes=%d tree_sum=%ld (seq %ld) visited=%d\n", next, sum, seq, visited);
    printf("firstprivate_locals(7) = %d\n", fp);
    printf("scaled sum = %ld\n", dsum);
    int ok = sum == seq && visited == 2 * next + 1 && fp == 221021 && dsum == 3 * 496;
    printf("%s\n", ok ? "orphaned_tasks: ok" : "orphaned_tasks: FAILED");
    return !ok;
}
