/* OpenMP critical sections: unnamed and named. */
int main(void)
{
    int x = 0, y = 0;
#pragma omp parallel
    {
#pragma omp critical
        x++;
#pragma omp critical(update_y)
        {
            y += 2;
            x -= 1;
        }
    }
    return x + y;
}
