/* Exercises exit() called from deep inside the call stack, with atexit
 * handlers (run in reverse order of registration) and buffered stdout that
 * must be flushed at exit; the program ends with status 5. */
#include <stdio.h>
#include <stdlib.h>

static int depth_reached = 0;

static void first_handler(void) { printf("atexit: first registered, runs last\n"); }

static void second_handler(void)
{
    printf("atexit: second registered, runs first (depth %d)\n", depth_reached);
}

static void descend(int depth)
{
    depth_reached = depth;
    if (depth == 6) {
        printf("exiting from depth %d\n", depth);
        exit(5);
    }
    if (depth < 100)
        descend(depth + 1);
    printf("never printed\n");
}

int main(void)
{
    atexit(first_handler);
    atexit(second_handler);
    printf("starting\n");
    descend(0);
    printf("not reached\n");
    return 0;
}
