/* Declarations shared by the files of one program: every file sees one type
 * per tag and one composite type per object, however it spells them. */
#ifndef SHARED_H
#define SHARED_H
#include <stdio.h>

#define LOG_SIZE 64

/* Completed in log.c only (other files use pointers to it). */
struct entry;

/* Sized where it is defined (log.c); other files see an unsized array. */
extern char log_text[];
extern int log_counts[];

struct entry *entry_new(const char *name, int weight);
int entry_weight(const struct entry *e);
void log_line(const char *text);
int log_print(FILE *out);
int scan_numbers(FILE *in, int *sum);

#endif
