/* OpenMP worksharing loops: schedules static/dynamic/guided with and without
 * chunk, nowait, private, <=, >= and -= forms. */
int main(void)
{
    int a[64], t = 0;
    int n = 64;
#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < n; i++)
            a[i] = i;
#pragma omp for schedule(static, 4) nowait
        for (int i = 0; i <= 63; i += 2)
            a[i] += 1;
#pragma omp for schedule(dynamic) private(t)
        for (int i = 63; i >= 0; i--) {
            t = a[i];
            a[i] = t * 2;
        }
#pragma omp for schedule(guided, 8)
        for (int i = n - 1; i > 0; i -= 3)
            a[i] -= 1;
    }
    return a[10];
}
