/* Shared declarations of the multi-file bank program: extern globals defined
 * in accounts.c, functions with external linkage from each file. */
#ifndef BANK_H
#define BANK_H

#define MAX_ACCOUNTS 8

struct account {
    int id;
    char owner[12];
    long balance; /* in cents */
};

extern struct account accounts[MAX_ACCOUNTS];
extern int num_accounts;
extern long total_fees;
extern const char *const bank_name;

int open_account(const char *owner, long initial);
int transfer(int from, int to, long amount);
long sum_balances(void);
void print_report(void);
unsigned report_checksum(void);

#endif
