/* <getopt.h> for x86-64 Linux (glibc).  */
#ifndef _GETOPT_H
#define _GETOPT_H 1

extern char *optarg;
extern int optind;
extern int opterr;
extern int optopt;

int getopt(int argc, char *const argv[], const char *shortopts);

struct option {
    const char *name;
    int has_arg;
    int *flag;
    int val;
};

#define no_argument 0
#define required_argument 1
#define optional_argument 2

int getopt_long(int argc, char *const argv[], const char *shortopts,
                const struct option *longopts, int *longind);
int getopt_long_only(int argc, char *const argv[], const char *shortopts,
                     const struct option *longopts, int *longind);

#endif /* _GETOPT_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
