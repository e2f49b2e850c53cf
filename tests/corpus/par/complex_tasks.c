/* Complex numbers in task programs: values captured firstprivate and shared,
   a struct member, parameters and results, reductions (+, - and * on
   parallel for, taskgroup/in_reduction and taskloop), and the
   <complex.h> functions.  Self-checking: prints only deterministic values. */
#include <complex.h>
#include <stdio.h>

struct point {
    int id;
    double _Complex at;
    float _Complex weight;
};

static double _Complex rotate(double _Complex z, int quarter)
{
    for (int i = 0; i < quarter; i++)
        z *= I;
    return z;
}

static double _Complex sum_tree(int depth, double _Complex z)
{
    if (depth == 0)
        return z;
    double _Complex a, b;
#pragma omp task shared(a) firstprivate(z)
    a = sum_tree(depth - 1, z * 2);
#pragma omp task shared(b)
    b = sum_tree(depth - 1, conj(z));
#pragma omp taskwait
    return a + b;
}

int main(void)
{
    double _Complex total = 0;
    float _Complex product = 1.0f;
    struct point pts[8];
    for (int i = 0; i < 8; i++) {
        pts[i].id = i;
        pts[i].at = CMPLX(i, -i);
        pts[i].weight = CMPLXF(0.5f * i, 1.0f);
    }
    double _Complex tree = 0, grouped = 0, looped = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i) shared(pts)
            pts[i].at = rotate(pts[i].at, i % 4) + pts[i].weight;
        }
#pragma omp taskwait
        tree = sum_tree(4, CMPLX(1.0, 1.0));
#pragma omp taskgroup task_reduction(+ : grouped)
        for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : grouped) firstprivate(i)
            grouped += CMPLX(i, 2 * i);
        }
#pragma omp taskloop reduction(- : looped)
        for (int i = 0; i < 10; i++)
            looped -= CMPLX(1, i);
    }
#pragma omp parallel for reduction(+ : total) reduction(* : product)
    for (int i = 0; i < 8; i++) {
        total += pts[i].at;
        product *= (i % 2 ? I : 1.0f);
    }
    for (int i = 0; i < 8; i++)
        printf("pts[%d] = %g%+gi\n", pts[i].id, creal(pts[i].at), cimag(pts[i].at));
    printf("total = %g%+gi\n", creal(total), cimag(total));
    /* + 0.0f: the sign of a zero part depends on the combination order */
    printf("product = %g%+gi\n", crealf(product) + 0.0f, cimagf(product) + 0.0f);
    printf("tree = %g%+gi\n", creal(tree), cimag(tree));
    printf("grouped = %g%+gi looped = %g%+gi\n", creal(grouped), cimag(grouped), creal(looped),
           cimag(looped));
    double _Complex e = cexp(I * 3.14159265358979323846 / 2);
    printf("cexp = %.6f%+.6fi |w| = %.6f arg = %.6f\n", creal(e), cimag(e), cabs(CMPLX(3, 4)),
           carg(CMPLX(-1, 0)));
    double _Complex r = csqrt(-4.0);
    long double _Complex lz = cpowl(CMPLXL(1, 1), 2);
    printf("csqrt = %g%+gi cpowl = %.3Lf%+.3Lfi\n", creal(r), cimag(r), creall(lz), cimagl(lz));
    printf("sizes %zu %zu %zu align %zu\n", sizeof(float _Complex), sizeof(double _Complex),
           sizeof(struct point), _Alignof(long double _Complex));
    return 0;
}
