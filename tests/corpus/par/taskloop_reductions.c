/* taskloop reductions (every built-in operator class: + * max min & | ^
 * && ||, integer and floating, over one loop and a collapsed nest, with
 * grainsize, num_tasks and the default split), lastprivate of the
 * iteration variables (the values a sequential run leaves), and a
 * firstprivate variable-length array copied for every logical task. */
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argv;
    long sum = 0, sq = 5;
    double prod = 1.0;
    int mx = -100, mn = 1000, all = 1, any = 0;
    unsigned bits_and = ~0u, bits_or = 0, bits_xor = 0;
    int i, j;
    int n = argc + 5;
    int vla[n];
    for (int k = 0; k < n; k++)
        vla[k] = k * k;
    long seen = 0;

    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+ : sum) reduction(* : prod) grainsize(3)
        for (int k = 0; k < 40; k++) {
            sum += k;
            prod *= 1.0 + (k % 3) * 0.25;
        }
        #pragma omp taskloop reduction(max : mx) reduction(min : mn) num_tasks(5)
        for (int k = 3; k < 300; k += 7) {
            int v = (k * 37) % 101;
            mx = v > mx ? v : mx;
            mn = v < mn ? v : mn;
        }
        #pragma omp taskloop reduction(& : bits_and) reduction(| : bits_or) reduction(^ : bits_xor)
        for (unsigned k = 1; k < 64; k++) {
            bits_and &= ~(1u << (k % 29));
            bits_or |= 1u << (k % 23);
            bits_xor ^= k * 2654435761u;
        }
        #pragma omp taskloop reduction(&& : all) reduction(|| : any) grainsize(strict : 4)
        for (int k = 0; k < 50; k++) {
            all = all && k < 60;
            any = any || k == 37;
        }
        #pragma omp taskloop collapse(2) reduction(+ : sq) lastprivate(i, j) num_tasks(4)
        for (i = 0; i < 6; i++)
            for (j = 10; j > 1; j -= 3)
                sq += i * j;
        #pragma omp taskloop firstprivate(vla) reduction(+ : seen) grainsize(2)
        for (int k = 0; k < n; k++) {
            seen += vla[k];
            vla[k] = -1; /* this logical task's copy */
        }
    }
    printf("sum %ld prod %.6f\n", sum, prod);
    printf("max %d min %d\n", mx, mn);
    printf("and %#x or %#x xor %#x\n", bits_and, bits_or, bits_xor);
    printf("all %d any %d\n", all, any);
    printf("collapsed sum %ld, i %d j %d\n", sq, i, j);
    printf("vla seen %ld, original unchanged %d\n", seen, vla[n - 1]);
    return 0;
}
