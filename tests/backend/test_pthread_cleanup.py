"""POSIX threads' cleanup handlers (``pthread_cleanup_push``/``pop``): the
handlers a thread pushed run when it exits or is cancelled, and when a pop
asks for it, as with gcc.  Not a corpus program: a serial build cannot
cancel a thread that waits forever."""

import subprocess

from inspirec import backend, driver

CLEANUP = r"""
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int released;

static void unlock(void *arg) { pthread_mutex_unlock(arg); released++; }
static void note(void *arg) { printf("cleanup %s\n", (const char *)arg); }

static void *worker(void *arg)
{
    int id = *(int *)arg;
    pthread_cleanup_push(note, "outer");
    pthread_mutex_lock(&m);
    pthread_cleanup_push(unlock, &m);
    if (id == 1)
        pthread_exit(NULL); /* both handlers run */
    pthread_cleanup_pop(1); /* unlocks */
    pthread_cleanup_pop(0);
    return NULL;
}

static void *sleeper(void *arg)
{
    (void)arg;
    pthread_cleanup_push(note, "cancelled");
    for (;;)
        pause();
    pthread_cleanup_pop(0);
    return NULL;
}

int main(void)
{
    pthread_t t, s;
    int ids[2] = {0, 1};
    for (int i = 0; i < 2; i++) {
        pthread_create(&t, NULL, worker, &ids[i]);
        pthread_join(t, NULL);
    }
    pthread_create(&s, NULL, sleeper, NULL);
    usleep(10000);
    pthread_cancel(s);
    void *res;
    pthread_join(s, &res);
    printf("released %d cancelled %d\n", released, res == PTHREAD_CANCELED);
    return 0;
}
"""


def test_cleanup_handlers_run_on_exit_cancellation_and_pop(tmp_path):
    src = tmp_path / "cleanup.c"
    src.write_text(CLEANUP)
    exe = tmp_path / "cleanup"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc", optimize="2"))
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "cleanup outer\ncleanup cancelled\nreleased 2 cancelled 1\n"
    text = driver.translate_c([str(src)]).text
    assert "pthread_cleanup_push(unlock, (void *)&m);" in text
