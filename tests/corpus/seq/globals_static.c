/* Exercises globals (initialised, zero-initialised, const, arrays, pointers to
 * globals), static locals keeping state across calls, static file-scope
 * variables and functions, and string literals (escapes, concatenation,
 * literals in arrays, char arrays initialised from literals). */
#include <stdio.h>
#include <string.h>

int counter = 10;
int zeroed[5];
const double scale = 2.5;
static int hidden = 3;
int *counter_ptr = &counter;
const char *greeting = "hello";
char mutable_msg[] = "mutable";
const char *const names[] = {"zero", "one", "two", "three"};
static const char table2d[2][6] = {"abc", "defgh"};

static int next_id(void)
{
    static int id = 100; /* initialised once */
    return id++;
}

static int calls_so_far(void)
{
    static int calls;    /* zero-initialised */
    static int history[4];
    history[calls % 4] = calls;
    calls++;
    return calls * 10 + history[0];
}

static void bump(void)
{
    counter += hidden;
    zeroed[counter % 5]++;
}

static unsigned checksum(const char *s)
{
    unsigned h = 0;
    while (*s)
        h = h * 31u + (unsigned char)*s++;
    return h;
}

int main(void)
{
    int a = next_id(), b = next_id(), c = next_id();
    printf("ids: %d %d %d\n", a, b, c);
    int last = 0;
    for (int i = 0; i < 6; i++)
        last = calls_so_far();
    printf("calls_so_far = %d\n", last);

    for (int i = 0; i < 4; i++)
        bump();
    printf("counter=%d via ptr=%d zeroed=%d%d%d%d%d\n", counter, *counter_ptr, zeroed[0],
           zeroed[1], zeroed[2], zeroed[3], zeroed[4]);
    printf("scale*counter = %.1f\n", scale * counter);

    const char *joined = "con" "cat" "enated";
    printf("%s len=%zu\n", joined, strlen(joined));
    printf("escapes: [tab\\t] [quote\"] [nl-count=%d] [octal \101] [hex \x42]\n",
           (int)sizeof("a\nb\n") - 1);
    printf("greeting=%s first=%c sizeof(literal)=%zu\n", greeting, greeting[0], sizeof "hello");
    mutable_msg[0] = 'M';
    printf("mutable_msg=%s sizeof=%zu\n", mutable_msg, sizeof mutable_msg);
    for (int i = 0; i < 4; i++)
        printf("%s%c", names[i], i < 3 ? ' ' : '\n');
    printf("table2d: %s %s %c\n", table2d[0], table2d[1], table2d[1][4]);
    printf("literal index: %c %c\n", "xyz"[1], *("xyz" + 2));
    printf("checksum = %u\n", checksum("The quick brown fox"));

    char local[] = {'h', 'i', '\0'};
    char empty[4] = "";
    printf("local=%s empty_len=%zu\n", local, strlen(empty));

    int ok = a == 100 && c == 102 && counter == 22 && strcmp(mutable_msg, "Mutable") == 0;
    printf("%s\n", ok ? "globals_static: ok" : "globals_static: FAILED");
    return !ok;
}
