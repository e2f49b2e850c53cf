/* single copyprivate(list) broadcasts the values of the thread that ran the
 * single (scalars, an array, a struct, a threadprivate variable) to every
 * thread of the team; single firstprivate(list) gives the body copies of
 * the originals; parallel copyin(list) starts every thread's copy of a
 * threadprivate variable (a scalar and an array) with the primary thread's
 * value, also on parallel for. */
#include <omp.h>
#include <stdio.h>

struct point {
    int x, y;
};

int counter = 5;
double table[4];
#pragma omp threadprivate(counter, table)

int main(void)
{
    int bad = 0, rounds = 0;
    #pragma omp parallel reduction(+ : bad, rounds)
    {
        int a;
        double b[3];
        struct point p;
        for (int r = 0; r < 20; r++) {
            #pragma omp single copyprivate(a, b, p, counter)
            {
                a = 42 + r;
                b[0] = 1.5;
                b[1] = 2.5 * r;
                b[2] = 3.5;
                p.x = 7 * r;
                p.y = -r;
                counter = 99 + r;
            }
            if (a != 42 + r || b[1] != 2.5 * r || b[2] != 3.5 || p.x != 7 * r || p.y != -r ||
                counter != 99 + r)
                bad++;
            a = -1; /* each thread's own copy again: the next single sets it */
            rounds++;
        }
    }
    printf("copyprivate: bad %d, rounds per thread %s\n", bad,
           rounds % 20 == 0 ? "20" : "wrong");

    int seed = 3, weights[3] = {1, 2, 3}, result = 0, team = 0;
    #pragma omp parallel shared(result, team)
    {
        int mine = 0;
        #pragma omp single firstprivate(seed, weights) copyprivate(mine)
        {
            weights[0] += seed; /* the copies only */
            seed *= 10;
            mine = seed + weights[0] + weights[2];
        }
        #pragma omp atomic
        result += mine == 37;
        #pragma omp atomic
        team++;
    }
    printf("single firstprivate: originals %d %d, every thread got 37: %s\n", seed, weights[0],
           result == team ? "yes" : "no");

    counter = 17;
    table[3] = 2.25;
    int seen = 0;
    #pragma omp parallel copyin(counter, table) reduction(+ : bad, seen)
    {
        if (counter != 17 || table[3] != 2.25)
            bad++;
        counter += omp_get_thread_num() + 1; /* changes this thread's copy only */
        seen++;
    }
    printf("copyin: bad %d, primary's counter %d\n", bad, counter);

    counter = 30;
    long sum = 0;
    #pragma omp parallel for copyin(counter) reduction(+ : sum)
    for (int i = 0; i < 100; i++)
        sum += counter;
    printf("copyin on parallel for: sum %ld, threads agreed %s\n", sum, seen > 0 ? "yes" : "no");
    return 0;
}
