/* Tasks run at once (when the worker's deque is full) whose code still creates
 * tasks the runtime must collect: a call through a function pointer of a
 * function that spawns, a nested parallel region with a worksharing loop and
 * tasks, a task created through a pointer that the caller's taskwait must wait
 * for (also in undeferred tasks, which run at once with room in the deque),
 * and a qsort comparator that spawns.  Every result depends only on the
 * recursion structure. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

/* Nodes of the fib call tree of n. */
static long tree(int n)
{
    if (n < 2)
        return 1;
    long a, b;
    #pragma omp task shared(a)
    a = tree(n - 1);
    #pragma omp task shared(b)
    b = tree(n - 2);
    #pragma omp taskwait
    return a + b + 1;
}

/* 2^depth calls of f(10), each from a leaf task. */
static long via_pointer(int depth, long (*f)(int))
{
    if (depth == 0)
        return f(10);
    long a, b;
    #pragma omp task shared(a)
    a = via_pointer(depth - 1, f);
    #pragma omp task shared(b)
    b = via_pointer(depth - 1, f);
    #pragma omp taskwait
    return a + b;
}

/* A parallel region nested in a task: a worksharing loop, then tasks. */
static long region_leaf(int n)
{
    long sum = 0;
    #pragma omp parallel shared(sum)
    {
        #pragma omp for
        for (int i = 0; i < n; i++) {
            #pragma omp atomic
            sum += i;
        }
        #pragma omp single
        {
            long t;
            #pragma omp task shared(t)
            t = tree(n);
            #pragma omp taskwait
            #pragma omp atomic
            sum += t;
        }
    }
    return sum;
}

static long nested_regions(int depth)
{
    if (depth == 0)
        return region_leaf(9);
    long a, b;
    #pragma omp task shared(a)
    a = nested_regions(depth - 1);
    #pragma omp task shared(b)
    b = nested_regions(depth - 1);
    #pragma omp taskwait
    return a + b;
}

/* Creates a task and returns: the task is a child of the caller's task. */
static void square_later(long *slot, long v)
{
    #pragma omp task firstprivate(slot, v)
    *slot = v * v;
}

static long squares(int n, long *out, void (*later)(long *, long))
{
    if (n == 0)
        return 0;
    long rest;
    #pragma omp task shared(rest) firstprivate(n, out) if(n % 2)
    rest = squares(n - 1, out, later);
    later(&out[n], n);
    #pragma omp taskwait
    return rest + out[n];
}

static int key_of(int x)
{
    return x * 7 % 11;
}

static int by_key(const void *p, const void *q)
{
    int a = *(const int *)p;
    int b = *(const int *)q;
    int ka, kb;
    #pragma omp task shared(ka)
    ka = key_of(a);
    #pragma omp task shared(kb)
    kb = key_of(b);
    #pragma omp taskwait
    return ka != kb ? ka - kb : a - b;
}

static long sorted_checksum(int depth)
{
    if (depth == 0) {
        int v[8] = {5, 3, 9, 1, 7, 2, 8, 4};
        qsort(v, 8, sizeof v[0], by_key);
        long s = 0;
        for (int i = 0; i < 8; i++)
            s = s * 10 + v[i];
        return s;
    }
    long a, b;
    #pragma omp task shared(a)
    a = sorted_checksum(depth - 1);
    #pragma omp task shared(b)
    b = sorted_checksum(depth - 1);
    #pragma omp taskwait
    return a + b;
}

int main(void)
{
    long (*tree_fn)(int) = tree;
    void (*later)(long *, long) = square_later;
    long t = 0, p = 0, r = 0, s = 0, q = 0;
    long out[13] = {0};
    #pragma omp parallel
    #pragma omp single
    {
        t = tree(12);
        p = via_pointer(4, tree_fn);
        r = nested_regions(3);
        s = squares(12, out, later);
        q = sorted_checksum(3);
    }
    printf("tree(12) = %ld\n", t);
    printf("via_pointer = %ld\n", p);
    printf("nested_regions = %ld\n", r);
    printf("squares = %ld\n", s);
    printf("sorted_checksum = %ld\n", q);
    return 0;
}
