/* Multi-file program, part 1: defines the extern globals and the account
 * operations; has a file-local static helper `validate` and a static counter
 * with the same names as ones in report.c. */
#include <stdio.h>
#include <string.h>

#include "bank.h"

struct account accounts[MAX_ACCOUNTS];
int num_accounts = 0;
long total_fees;
const char *const bank_name = "Inspire Savings";

static int operations = 0; /* same name as a static in report.c */

static int validate(int id) /* same name as a static function in report.c */
{
    operations++;
    return id >= 0 && id < num_accounts;
}

int open_account(const char *owner, long initial)
{
    if (num_accounts == MAX_ACCOUNTS)
        return -1;
    struct account *a = &accounts[num_accounts];
    a->id = num_accounts;
    strncpy(a->owner, owner, sizeof a->owner - 1);
    a->owner[sizeof a->owner - 1] = '\0';
    a->balance = initial;
    return num_accounts++;
}

int transfer(int from, int to, long amount)
{
    if (!validate(from) || !validate(to) || from == to)
        return 0;
    long fee = amount / 100; /* one percent */
    if (accounts[from].balance < amount + fee)
        return 0;
    accounts[from].balance -= amount + fee;
    accounts[to].balance += amount;
    total_fees += fee;
    return 1;
}

long sum_balances(void)
{
    long s = 0;
    for (int i = 0; i < num_accounts; i++)
        s += accounts[i].balance;
    printf("accounts.c performed %d validations\n", operations);
    return s;
}
