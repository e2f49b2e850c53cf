/* hello.c - the smallest inspirec input: a sequential C program.
 *
 * inspirec translates it to C unchanged in meaning (there is nothing
 * parallel in it), so this is a good first check that the tool chain works:
 *
 *     inspirec run examples/hello.c
 */
#include <stdio.h>

int main(void)
{
    const char *who = "inspirec";
    int checks = 0;
    for (int i = 1; i <= 3; i++)
        checks += i; /* a tiny self-check: 1 + 2 + 3 */
    printf("hello from %s\n", who);
    printf("self-check: %s\n", checks == 6 ? "ok" : "FAILED");
    return checks == 6 ? 0 : 1;
}
