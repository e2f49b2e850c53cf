/* Interface between the BOTS-style driver (driver.c) and the kernel
 * (kernel.c) of the multi-file parallel program. */
#ifndef BOTS_H
#define BOTS_H

struct bots_params {
    int size;    /* number of items, option -n */
    int cutoff;  /* task creation depth cut-off, option -c */
    int verbose; /* option -v */
};

extern struct bots_params bots_arg;
extern long bots_tasks_created;

void kernel_init(int size);
long kernel_parallel(void);
long kernel_sequential(void);
void kernel_fini(void);

#endif
