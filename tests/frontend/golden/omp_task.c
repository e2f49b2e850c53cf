/* OpenMP tasks: implicit data sharing (orphaned and in a region), if, final,
 * untied, mergeable, shared/firstprivate/private, default(...), taskwait. */
static int work(int v)
{
    int r = 0, tmp = 5;
#pragma omp task shared(r)
    r = v * 2;
#pragma omp task if (v > 3) final(v > 10) untied mergeable firstprivate(v) private(tmp)
    {
        tmp = v;
        v = tmp + 1;
    }
#pragma omp taskwait
    return r;
}

int main(void)
{
    int total = 0, k = 7;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task default(shared)
        total += work(k);
#pragma omp task default(firstprivate)
        k = k + 1;
#pragma omp task default(none) shared(total)
        total += 1;
#pragma omp taskwait
    }
    return total;
}
