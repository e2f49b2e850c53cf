#define _GNU_SOURCE
#include <fcntl.h>
