/* The iterator modifier of depend: the dependences of every iterator value
 * go into a list made before the task and freed after it. */
int main(void)
{
    int a[8] = {0}, n = 8;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(iterator(i = 0:n:2), out: a[i])
        a[0] = 1;
        #pragma omp taskwait depend(iterator(i = 0:n), in: a[i])
    }
    return a[0];
}
