/* OpenMP threadprivate: a global and a static local. */
int counter;
#pragma omp threadprivate(counter)

static int bump(void)
{
    static int calls = 0;
#pragma omp threadprivate(calls)
    calls++;
    return ++counter + calls;
}

int main(void)
{
    int last = 0;
#pragma omp parallel
    last = bump();
    return last;
}
