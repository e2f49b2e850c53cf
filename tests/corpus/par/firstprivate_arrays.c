/* Exercises arrays in firstprivate: a named array (1-D and 2-D) and a struct
 * containing an array are copied by value when the task is created, so later
 * changes by the parent are invisible to the task and the task's changes are
 * invisible to the parent; an array local captured implicitly behaves the same. */
#include <omp.h>
#include <stdio.h>

struct packet {
    int header;
    int payload[6];
};

int main(void)
{
    long r1 = 0, r2 = 0, r3 = 0, r4 = 0;
    int parent_after[4] = {0};

    #pragma omp parallel shared(r1, r2, r3, r4, parent_after)
    #pragma omp single
    {
        int arr[8];
        for (int i = 0; i < 8; i++)
            arr[i] = i + 1;
        #pragma omp task firstprivate(arr) shared(r1)
        {
            long s = 0;
            for (int i = 0; i < 8; i++) {
                s += arr[i];
                arr[i] = -1; /* the task's copy */
            }
            r1 = s;
        }
        for (int i = 0; i < 8; i++)
            arr[i] = 1000; /* after creation: not seen by the task */

        int grid[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
        #pragma omp task firstprivate(grid) shared(r2)
        {
            long t = 0;
            for (int i = 0; i < 3; i++)
                t += grid[i][i] * 10 + grid[i][2 - i];
            grid[1][1] = 0;
            r2 = t;
        }
        grid[0][0] = 500;

        struct packet pk = {7, {1, 1, 2, 3, 5, 8}};
        #pragma omp task firstprivate(pk) shared(r3)
        {
            long t = pk.header;
            for (int i = 0; i < 6; i++)
                t = t * 10 + pk.payload[i];
            pk.header = 0;
            r3 = t;
        }
        pk.payload[5] = 0;

        int implicit_arr[4] = {4, 3, 2, 1};
        #pragma omp task shared(r4)
        {
            /* no clause names implicit_arr: a local of the single block -> firstprivate */
            r4 = implicit_arr[0] * 1000 + implicit_arr[1] * 100 + implicit_arr[2] * 10 +
                 implicit_arr[3];
            implicit_arr[0] = 99;
        }
        implicit_arr[3] = 77;

        #pragma omp taskwait
        parent_after[0] = arr[0];
        parent_after[1] = grid[1][1];
        parent_after[2] = pk.header;
        parent_after[3] = implicit_arr[0];
    }
    printf("r1=%ld r2=%ld r3=%ld r4=%ld\n", r1, r2, r3, r4);
    printf("parent after: %d %d %d %d\n", parent_after[0], parent_after[1], parent_after[2],
           parent_after[3]);
    int ok = r1 == 36 && r2 == 165 && r3 == 7112358 && r4 == 4321 && parent_after[0] == 1000 &&
             parent_after[1] == 5 && parent_after[2] == 7 && parent_after[3] == 4;
    printf("%s\n", ok ? "firstprivate_arrays: ok" : "firstprivate_arrays: FAILED");
    return !ok;
}
