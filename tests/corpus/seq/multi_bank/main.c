/* Multi-file program, entry point: extern globals shared across three .c
 * files and a header, static functions/variables with equal names in two
 * files, and calls across translation units. */
#include <stdio.h>

#include "bank.h"

int main(void)
{
    const char *owners[] = {"ada", "brian", "claude", "dennis"};
    for (int i = 0; i < 4; i++)
        open_account(owners[i], 10000L * (i + 1));
    long before = sum_balances();
    int done = 0;
    for (int round = 0; round < 12; round++) {
        int from = round % num_accounts;
        int to = (round * 3 + 1) % num_accounts;
        done += transfer(from, to, 1500L + 250L * round);
    }
    done += transfer(0, 9, 1); /* invalid account */
    print_report();
    long after = sum_balances();
    printf("transfers done: %d, conserved: %s\n", done,
           before == after + total_fees ? "yes" : "no");
    printf("checksum: %u\n", report_checksum());
    return before == after + total_fees ? 0 : 1;
}
