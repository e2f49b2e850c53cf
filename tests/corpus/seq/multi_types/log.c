/* The object and the types of shared.h: the sized definitions of log_text and
 * log_counts, and the only definition of struct entry. */
#include <stdlib.h>
#include <string.h>
#include "shared.h"

char log_text[LOG_SIZE];
int log_counts[3];

struct entry {
    char name[16];
    int weight;
};

struct entry *entry_new(const char *name, int weight)
{
    struct entry *e = malloc(sizeof *e);
    strncpy(e->name, name, sizeof e->name - 1);
    e->name[sizeof e->name - 1] = '\0';
    e->weight = weight;
    return e;
}

int entry_weight(const struct entry *e) { return e->weight; }

void log_line(const char *text)
{
    size_t used = strlen(log_text);
    if (used + strlen(text) + 2 < sizeof log_text) {
        strcat(log_text, text);
        strcat(log_text, ";");
    }
    log_counts[0]++;
}

int log_print(FILE *out) { return fprintf(out, "log[%zu]: %s\n", sizeof log_text, log_text); }
