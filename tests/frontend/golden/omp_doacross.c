/* A doacross loop: ordered(2) distributes the outer loop (the pfor's k), the
 * inner one runs in each iteration (its number j); each sink waits for the
 * logical iteration (k, j) it names (k = -1: none), the source posts the
 * current one. */
int main(void)
{
    int a[4][4] = {{0}};
    #pragma omp parallel for ordered(2) schedule(static, 1)
    for (int i = 1; i < 4; i++)
        for (int j = 1; j < 4; j++) {
            #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
            a[i][j] = a[i - 1][j] + a[i][j - 1] + 1;
            #pragma omp ordered depend(source)
        }
    return a[3][3];
}
