/* Reductions of a global, of a whole array, of a section of what a pointer
   points to, and an inscan prefix sum. */
long total;

void sums(int *p, int n, int *prefix) {
    int hist[4] = {0};
    #pragma omp parallel for reduction(+: total, hist) reduction(+: p[1:n])
    for (int i = 0; i < n; i++) {
        total += i;
        hist[i % 4]++;
        p[1 + i] += hist[i % 4];
    }
    int run = 0;
    #pragma omp parallel for reduction(inscan, +: run)
    for (int i = 0; i < n; i++) {
        run += p[i];
        #pragma omp scan inclusive(run)
        prefix[i] = run;
    }
}

int main(void) {
    int data[9] = {0}, prefix[8];
    sums(data, 8, prefix);
    return (int)total + prefix[7];
}
