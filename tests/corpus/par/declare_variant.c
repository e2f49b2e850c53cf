/* declare variant (OpenMP 5.0): calls of a base function call the variant
 * whose selectors match where the call is (construct context, the host
 * device, gcc's implementation, a constant user condition), the best
 * scored among several; calls outside a matching context, in functions
 * called from a region, or through a pointer call the base. */
#include <omp.h>
#include <stdio.h>

int in_parallel(int x) { return 100 + x; }
int on_host(int x) { return 200 + x; }
int by_gnu(int x) { return 300 + x; }
int by_llvm(int x) { return 400 + x; }
int when_true(int x) { return 500 + x; }
int in_for(int x) { return 600 + x; }
int in_target(int x) { return 700 + x; }
int scored(int x) { return 800 + x; }

#pragma omp declare variant(in_parallel) match(construct={parallel})
int f1(int x) { return x; }
#pragma omp declare variant(on_host) match(device={kind(host, cpu), arch(x86_64), isa(sse2)})
int f2(int x) { return x; }
#pragma omp declare variant(by_gnu) match(implementation={vendor(gnu)})
int f3(int x);
#pragma omp declare variant(by_llvm) match(implementation={vendor(llvm)})
int f4(int x) { return x; }
#pragma omp declare variant(when_true) match(user={condition(sizeof(int) == 4)})
int f5(int x) { return x; }
#pragma omp declare variant(in_for) match(construct={parallel, for})
#pragma omp declare variant(in_parallel) match(construct={parallel})
int f6(int x) { return x; }
#pragma omp declare variant(in_target) match(construct={target})
#pragma omp declare variant(scored) match(implementation={vendor(score(9): gnu)})
int f7(int x) { return x; }

int f3(int x) { return x; }
static int orphaned(void) { return f1(1); }

int main(void)
{
    int r[6] = {0}, in[4] = {0}, t = 0;
    r[0] = f1(1);
    r[1] = f2(1);
    r[2] = f3(1);
    r[3] = f4(1);
    r[4] = f5(1);
#pragma omp parallel num_threads(2)
    {
#pragma omp single
        {
            in[0] = f1(2);
            in[1] = orphaned();
            in[2] = f6(3);
        }
#pragma omp for
        for (int i = 0; i < 1; i++)
            in[3] = f6(4);
    }
#pragma omp target map(from: t)
    t = f7(5);
    int (*through)(int) = f1;
#pragma omp parallel num_threads(1)
    r[5] = through(6);
    printf("outside %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4]);
    printf("in regions %d %d %d %d; target %d, scored %d; pointer %d\n", in[0], in[1], in[2],
           in[3], t, f7(7), r[5]);
    return 0;
}
