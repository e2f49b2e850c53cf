/* Uses the types of shared.h before their completion (in log.c); FILE passed
 * between files; an unsized array declaration completed later in this file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shared.h"

/* Within one file: an unsized declaration first, the sized definition later. */
extern int table[];
static int third(void) { return table[2]; }
int table[] = {5, 7, 11, 13};

int scan_numbers(FILE *in, int *sum)
{
    int x, count = 0;
    *sum = 0;
    while (fscanf(in, "%d", &x) == 1) {
        *sum += x;
        count++;
    }
    return count;
}

int main(void)
{
    struct entry *a = entry_new("alpha", 3);
    struct entry *b = entry_new("beta", 4);
    log_line("start");
    log_line(log_text[0] == 's' ? "seen" : "unseen");
    log_counts[1] = entry_weight(a) * entry_weight(b);
    FILE *f = tmpfile();
    fprintf(f, "1 2 3 %d\n", third());
    rewind(f);
    int sum, count = scan_numbers(f, &sum);
    fclose(f);
    log_counts[2] = sum;
    log_print(stdout);
    printf("table %zu entries, count %d sum %d product %d lines %d\n", sizeof table / sizeof table[0],
           count, sum, log_counts[1], log_counts[0]);
    printf("text length %zu\n", strlen(log_text));
    free(a);
    free(b);
    return 0;
}
