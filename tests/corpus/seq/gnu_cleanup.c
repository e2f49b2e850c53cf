/* GNU cleanup attributes: a variable's function runs with its address
   wherever its scope ends -- the end of its block, return (after the
   value is computed), break, continue, goto out of the block or back
   before the declaration -- the last declared first; the attribute among
   the specifiers (as glib's g_autofree and systemd's _cleanup_ macros
   write it), after the declarator, between the type and a pointer
   declarator (jansson's json_auto_t). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int log_pos;
static char log_buf[512];

static void note(const char *what, int value) {
  log_pos += snprintf(log_buf + log_pos, sizeof log_buf - log_pos, "%s%d ", what, value);
}
static void done(int *p) { note("d", *p); }
static void release(char **p) {
  note("f", *p ? (int)strlen(*p) : -1);
  free(*p);
}
#define autofree __attribute__((cleanup(release)))

typedef struct { int refs; } object;
static void unref(object **o) {
  if (*o) note("u", --(*o)->refs);
}
#define object_auto object __attribute__((cleanup(unref)))

static int returns(int n) {
  int a __attribute__((cleanup(done))) = 1;
  {
    int b __attribute__((cleanup(done))) = 2;
    if (n == 1) return (a = 100) + b; /* the value first, then b's and a's */
  }
  return a * 10 + n;
}

static void loops(int n) {
  for (int i = 0; i < n; i++) {
    int c __attribute__((cleanup(done))) = 10 + i;
    if (i == 1) continue;
    int d __attribute__((cleanup(done))) = 20 + i;
    if (i == 3) break;
  }
  int w = 0;
  while (1) {
    int e __attribute__((cleanup(done))) = 30 + w;
    switch (w++) {
    case 0: {
      int s __attribute__((cleanup(done))) = 40;
      break; /* leaves the switch: s, not e */
    }
    default:
      goto out; /* leaves the loop: e */
    }
  }
out:
  note("out", w);
}

static int backwards(void) {
  int tries = 0;
again:;
  int t __attribute__((cleanup(done))) = 50 + tries;
  if (++tries < 3) goto again; /* back before t's declaration: t's scope ends */
  return tries;
}

static char *joined(const char *a, const char *b) {
  autofree char *first = malloc(strlen(a) + 1);
  char *both autofree = malloc(strlen(a) + strlen(b) + 1);
  strcpy(first, a);
  sprintf(both, "%s%s", first, b);
  char *result = strdup(both);
  return result;
}

static int counted(object *o) {
  o->refs++;
  object_auto *held = o;
  static int calls;
  return ++calls + held->refs;
}

int main(void) {
  int r1 = returns(1), r2 = returns(2);
  note("r", r1);
  note("r", r2);
  loops(5);
  note("b", backwards());
  char *s = joined("task", "wait");
  note(s, 0);
  free(s);
  object o = {1};
  note("c", counted(&o));
  note("refs", o.refs);
  printf("%s\n", log_buf);
  return 0;
}
