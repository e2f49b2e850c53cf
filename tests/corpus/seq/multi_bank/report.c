/* Multi-file program, part 2: reporting; its own static `validate` and static
 * `operations` are distinct from the ones in accounts.c. */
#include <stdio.h>

#include "bank.h"

static int operations = 1000;

static int validate(int id) /* different meaning than accounts.c's validate */
{
    operations++;
    return accounts[id].balance >= 0;
}

void print_report(void)
{
    printf("== %s ==\n", bank_name);
    for (int i = 0; i < num_accounts; i++)
        printf("%d %-8s %8ld.%02ld %s\n", accounts[i].id, accounts[i].owner,
               accounts[i].balance / 100, accounts[i].balance % 100,
               validate(i) ? "ok" : "overdrawn");
    printf("fees: %ld cents; report.c operations=%d\n", total_fees, operations);
}

unsigned report_checksum(void)
{
    unsigned h = 17;
    for (int i = 0; i < num_accounts; i++) {
        h = h * 31u + (unsigned)accounts[i].balance;
        for (const char *p = accounts[i].owner; *p; p++)
            h = h * 31u + (unsigned char)*p;
    }
    return h;
}
