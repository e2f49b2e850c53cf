typedef struct node { int key; struct node *next[4]; double w; } node_t;
typedef int matrix[4][4];
enum color { RED, GREEN = 5, BLUE };
static int counter = 0;
union u { int i; float f; char c[4]; };
struct flex { int n; double data[]; };
int fib(int n) {
    int x, y;
    if (n < 2) return n;
#pragma omp task shared(x)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}
int sum(int n, int a[n]) {
    int s = 0;
    for (int i = 0; i < n; ++i) { s += a[i] * 2 - (i % 3 ? 1 : -1); }
    do { s >>= 1; } while (s > 1000);
    switch (s) { case 1: s++; case 2: break; default: s = ~s; }
    goto done;
done:
    return s, s + 1;
}
void fp(void (*cb)(int), int v) { cb(v); }
int main(int argc, char **argv) {
    matrix m = { [0][1] = 3, {1, 2} };
    node_t nd = { .key = 1, .w = 2.5e-3 };
    union u uu; uu.f = 1.0f;
    char *s = "hello\n" "world";
    unsigned long long big = 0xffffffffffffffffULL;
    int arr[] = {1, 2, 3};
    long l = sizeof(int[3]) + sizeof arr / sizeof *arr;
    nd.next[0] = &nd;
    counter += (int)l << 2;
    return sum(3, arr) + fib(10) + m[0][1] + (argc > 1 ? argv[1][0] : 'x') + uu.c[0] + s[0] + (int)big;
}
