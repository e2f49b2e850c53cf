/* A parallel region calls a function whose VLA is sized at run time: its
 * stack estimate is a guess, so the work items get the default stack. */
double work(int n)
{
    double buffer[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
        buffer[i] = i;
        sum += buffer[i];
    }
    return sum;
}

int main(void)
{
    double total = 0;
    #pragma omp parallel reduction(+: total)
    total += work(100000);
    return total > 0 ? 0 : 1;
}
