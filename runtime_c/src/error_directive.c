/*
 * error_directive.c -- OpenMP's error directive with at(execution)
 * (inspire_error_directive): the message on stderr, then, if the directive
 * is fatal, the end of the program with status 1 (as libgomp ends it).
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

void inspire_error_directive(const char *message, int fatal) {
    const char *text = message ? message : "";
    fprintf(stderr, "inspire runtime: %serror directive encountered%s%s\n",
            fatal ? "fatal error: " : "", *text ? ": " : "", text);
    if (fatal)
        exit(EXIT_FAILURE);
}
