/* OpenMP atomic updates: x++, x--, x op= e, x = x op e, x = e op x, on
 * integer and floating-point lvalues. */
int main(void)
{
    int i = 0;
    long l = 1;
    double d = 0.5;
    int v[2] = {0, 0};
#pragma omp parallel
    {
#pragma omp atomic
        i++;
#pragma omp atomic update
        l--;
#pragma omp atomic
        d *= 2.0;
#pragma omp atomic
        v[1] |= 4;
#pragma omp atomic
        i = i + 3;
#pragma omp atomic seq_cst
        l = 5 * l;
    }
    return i + (int)l + (int)d + v[1];
}
