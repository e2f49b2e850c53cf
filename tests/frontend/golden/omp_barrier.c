/* OpenMP barrier, flush and taskyield in a region. */
int main(void)
{
    int phase[2] = {0, 0};
#pragma omp parallel num_threads(2)
    {
        phase[0] = 1;
#pragma omp barrier
#pragma omp flush
        phase[1] = phase[0];
#pragma omp taskyield
    }
    return phase[1];
}
