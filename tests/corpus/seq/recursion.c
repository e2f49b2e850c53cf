/* Exercises recursion and mutual recursion: direct recursion (factorial,
 * Ackermann, Towers of Hanoi, permutations with backtracking), mutual
 * recursion between two functions (is_even/is_odd), and a three-way mutually
 * recursive descent parser/evaluator for arithmetic expressions. */
#include <stdio.h>

static unsigned long long factorial(unsigned n) { return n <= 1 ? 1ULL : n * factorial(n - 1); }

static int ackermann(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static long hanoi(int disks, int from, int to, int via, long *checksum)
{
    if (disks == 0)
        return 0;
    long moves = hanoi(disks - 1, from, via, to, checksum);
    *checksum = (*checksum * 7 + from * 3 + to) % 1000000007L;
    moves += 1 + hanoi(disks - 1, via, to, from, checksum);
    return moves;
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

/* permutations of {0..n-1}: count those with no fixed point (derangements) */
static int derangements(int *perm, int *used, int pos, int n)
{
    if (pos == n)
        return 1;
    int count = 0;
    for (int v = 0; v < n; v++) {
        if (used[v] || v == pos)
            continue;
        used[v] = 1;
        perm[pos] = v;
        count += derangements(perm, used, pos + 1, n);
        used[v] = 0;
    }
    return count;
}

/* expr := term (('+'|'-') term)* ; term := factor (('*'|'/') factor)* ;
 * factor := number | '(' expr ')' | '-' factor */
static const char *cursor;
static long parse_expr(void);

static void skip_spaces(void)
{
    while (*cursor == ' ')
        cursor++;
}

static long parse_factor(void)
{
    skip_spaces();
    if (*cursor == '(') {
        cursor++;
        long v = parse_expr();
        skip_spaces();
        cursor++; /* ')' */
        return v;
    }
    if (*cursor == '-') {
        cursor++;
        return -parse_factor();
    }
    long v = 0;
    while (*cursor >= '0' && *cursor <= '9')
        v = v * 10 + (*cursor++ - '0');
    return v;
}

static long parse_term(void)
{
    long v = parse_factor();
    for (;;) {
        skip_spaces();
        if (*cursor == '*') {
            cursor++;
            v *= parse_factor();
        } else if (*cursor == '/') {
            cursor++;
            v /= parse_factor();
        } else
            return v;
    }
}

static long parse_expr(void)
{
    long v = parse_term();
    for (;;) {
        skip_spaces();
        if (*cursor == '+') {
            cursor++;
            v += parse_term();
        } else if (*cursor == '-') {
            cursor++;
            v -= parse_term();
        } else
            return v;
    }
}

static long evaluate(const char *text)
{
    cursor = text;
    return parse_expr();
}

int main(void)
{
    printf("20! = %llu\n", factorial(20));
    printf("ackermann(2,3) = %d, ackermann(3,3) = %d\n", ackermann(2, 3), ackermann(3, 3));
    long checksum = 0;
    long moves = hanoi(12, 1, 3, 2, &checksum);
    printf("hanoi(12): moves=%ld checksum=%ld\n", moves, checksum);
    printf("is_even(10)=%d is_odd(7)=%d is_even(7)=%d\n", is_even(10), is_odd(7), is_even(7));
    int perm[7], used[7] = {0};
    int d = derangements(perm, used, 0, 7);
    printf("derangements(7) = %d\n", d);
    const char *exprs[] = {"1 + 2 * 3", "(1 + 2) * 3", "100 / (4 - -1) - 7", "-(2*(3+4))*5"};
    long results[4];
    for (int i = 0; i < 4; i++) {
        results[i] = evaluate(exprs[i]);
        printf("%s = %ld\n", exprs[i], results[i]);
    }
    int ok = moves == 4095 && d == 1854 && results[0] == 7 && results[1] == 9 &&
             results[2] == 13 && results[3] == -70 && ackermann(3, 3) == 61;
    printf("%s\n", ok ? "recursion: ok" : "recursion: FAILED");
    return !ok;
}
