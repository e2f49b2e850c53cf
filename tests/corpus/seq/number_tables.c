/* Long initialiser lists of number constants (one IR node each, see
 * frontend/number_tables.py): every element type, spellings with suffixes,
 * hexadecimal and octal, negative values, floating constants, values that
 * the element type converts (negative to unsigned, to bool, int to double), a list
 * shorter than its array, tables inside functions and compound literals,
 * a two-dimensional table, records and unions (lists of lists); and lists
 * that stay item by item: brace elision across rows and records,
 * designators, too short. */
#include <stdio.h>
#include <stdbool.h>

#pragma GCC diagnostic ignored "-Wmissing-braces"

static const unsigned short u16[] = {42445, 19772, 51750, 6328, 9494, 12337, 47931, 7602, 28140, 4914, 11265, 56838, 54810, 9156, 31544, 11889, 55642, 7747, 16226, 29260, 8108, 51993, 6499, 28977, 6105, 17455, 37959, 54937, 18907, 15439, 40433, 23688, 13507, 24624, 48810, 12770, 8229, 7812, 26995, 65066};
static const signed char s8[40] = {90, 32, 110, 104, 57, 25, -1, -36, -4, -87, 25, 125, 47, 101, 19, -91, -68, 86, -44, 47, -51, 122, 87, -108, -89, 32, 46, 51, 126, 105, -93, -81, 10, 114, -95, -97, 30, 100, 17, 69};
static unsigned char wraps[20] = {0, 37, 74, 111, 148, 185, 222, 3, 40, 77, 114, 151, 188, 225, 6, 43, 80, 117, 154, 191};
static const unsigned int negated[] = {0, -7, -14, -21, -28, -35, -42, -49, -56, -63, -70, -77, -84, -91, -98, -105};
static const long long wide[] = {0x1cbf7c80ULL, 589956612u, 07042256126, 0x346f14b6ULL, 927696258u, 298952339l, 385227600u, 247767551u, 0x54f9f0aULL, 0x9aedf6fULL, 0x2a252322ULL, 0xc5a427ULL, 892379915u, 195789171l, 02202623457, 156418835LL, 574012672u, 04701625275, 342106685l, 0x2c310c4bULL, 663135165l, 490317463LL, 421313640l, 428400257u};
static const double reals[] = {0x1.8p6, 0x1.8p40, 0x1.8p3, -4.25e-3, -28.25e-3, -7.25e-3, 38e2, 6.5, 36.5, -34.25e-3, 23.5, 1, 13.5, 24, -40.25e-3, 22e2, 23, 0x1.8p7, 31.5, 0x1.8p30, 0x1.8p19, 9.5, 21.5, 30e2, -33.25e-3, 13.5, 23, -34.25e-3, 33.5, 5e2};
static float floats[32] = {16, 23, 22.5f, 34.5f, 32, -40.0F, 39.5f, 15.5f, -14.0F, 33.5f, -22.0F, 1, 17.5f, -16.0F, 38.5f, -28.0F, 22, -5.0F, 6.5f, 30.5f};
static const bool flags[] = {-1, 0, -1, 1, 2, 2, -2, 1, 3, 0, 3, -2, 3, -2, 1, 3, -1, 1};
static const int rows[3][17] = {{-54, 12, 63, -14, -77, 85, 2, 19, 3, 91, -78, 86, -59, -56, -67, -92, -61}, {52, 20, 68, -62, 57, 53, 22, 69, -10, -60, 41, 41, -66, -94, -96, 86, 67}, {-73, 35, 92, -64, 12, -50, -45, -92, -35, -45, -25, 29, -38, 96, 51, -16, -33}};
static const int elided[2][9] = {8, 4, -5, -8, 2, 5, 9, 7, 4, 7, -5, 8, -5, 7, 7, -9, 5, -4};
struct pair { int a, b; };
static const struct pair pairs[] = {9, 0, 2, 2, 2, 7, 9, 1, 8, 0, 5, 8, 8, 8, 7, 1, 8, 0, 3, 3};
static const int designated[40] = {[3] = 7, 4, 0, 1, 8, 7, 8, 0, 1, 7, 5, 9, 8, 9, 8, 3, 4, 7, 8, 8, 7};
struct record { short k; float w; unsigned char bytes[2]; };
static const struct record records[] = {{5, 8.25, {99, 59}}, {5, 8.25, {75, 24}}, {-4, 8.25, {60, 80}}, {-4, 1.25, {57, 38}}, {-5, 1.25, {68, 88}}, {-8, 9.25, {50, 57}}, {-4, 9.25, {1, 67}}, {-7, 0.25, {4, 24}}};
union cell { int i; float f; };
static union cell cells[16] = {{-53}, {-270}, {175}, {34}, {151}, {-100}, {231}, {-61}, {1}, {211}, {-296}, {-213}, {168}, {-16}, {116}, {264}};
static const int few[] = {8, 3, 8, 4, 8};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])
#define SUM(name, a) do { double s = 0; for (unsigned i = 0; i < COUNT(a); i++) s += (a)[i] * (i + 1); \
    printf("%s %zu %.6g\n", name, COUNT(a), s); } while (0)

int main(void)
{
    int local[24] = {-25, 7, -33, 3, -35, 0, 6, -10, -41, 35, -20, 4, -41, -23, 35, -12, 50, -35};
    const int *literal = (const int[]){99, 19, 91, 82, 84, 46, 18, 32, 17, 59, 28, 95, 12, 50, 62, 20};
    SUM("u16", u16);
    SUM("s8", s8);
    SUM("wraps", wraps);
    SUM("negated", negated);
    SUM("wide", wide);
    SUM("reals", reals);
    SUM("floats", floats);
    SUM("flags", flags);
    SUM("rows0", rows[0]);
    SUM("rows2", rows[2]);
    SUM("elided1", elided[1]);
    SUM("designated", designated);
    SUM("few", few);
    SUM("local", local);
    long total = 0;
    for (int i = 0; i < 16; i++)
        total += literal[i] * i;
    for (unsigned i = 0; i < COUNT(pairs); i++)
        total += pairs[i].a * 3 + pairs[i].b;
    for (unsigned i = 0; i < COUNT(records); i++)
        total += records[i].k * 7 + (long)(records[i].w * 4) + records[i].bytes[0] - records[i].bytes[1];
    for (unsigned i = 0; i < COUNT(cells); i++)
        total += cells[i].i * (long)(i + 1);
    printf("total %ld pairs %zu records %zu\n", total, COUNT(pairs), COUNT(records));
    return 0;
}
