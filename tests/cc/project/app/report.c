#include <stdio.h>

#include "shared.h"

void report(const char *what, long value) { printf("%s = %ld\n", what, value); }
