/* A feature-test macro defined before the first #include: the system
 * headers must declare what it makes them declare (a pointer-returning
 * function declared implicitly would lose the pointer's upper half). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char *hay = malloc(64);
    strcpy(hay, "view|compile|link|run");
    char *found = strcasestr(hay, "LINK");
    char *end = strchrnul(hay, '#');
    void *copied = mempcpy(hay + 40, "ab", 2);
    printf("%s %d %d\n", found ? found : "(null)", (int)(end - hay),
           (int)((char *)copied - hay));
    free(hay);
    return 0;
}
