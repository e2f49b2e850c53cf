"""Detached tasks whose event a thread the runtime does not manage fulfils
after the task's body has ended: taskwait, taskgroup, an undeferred
(``if(0)``) task's creator and a dependence successor all wait for the
fulfilment (a final task is final, and its creator need not wait for it),
at 1, 2 and 4 workers, as with gcc -fopenmp.  (The corpus program
``par/task_detach`` covers fulfilment by tasks; serial-only builds cannot
wait for another thread, see ``backend.serial_rt``.)"""

import os
import subprocess

import pytest

from inspirec import backend, driver

PROGRAM = r"""
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

struct later { omp_event_handle_t evt; int *flag; };
static struct later cases[5];
static pthread_t threads[5];

static void *fulfil_later(void *arg) {
    struct later *l = arg;
    usleep(20000);
    __atomic_store_n(l->flag, 1, __ATOMIC_SEQ_CST);
    omp_fulfill_event(l->evt);
    return NULL;
}

/* The body of a detached task: a thread fulfils its event later. */
static void start(int k, omp_event_handle_t evt, int *flag) {
    cases[k].evt = evt;
    cases[k].flag = flag;
    pthread_create(&threads[k], NULL, fulfil_later, &cases[k]);
}

int main(void) {
    int flags[5] = {0}, seen[5] = {-1, -1, -1, -1, -1}, x = 0, in_final = -1;
    #pragma omp parallel
    #pragma omp single
    {
        omp_event_handle_t evt;
        #pragma omp task detach(evt) shared(flags)
        start(0, evt, &flags[0]);
        #pragma omp taskwait
        seen[0] = __atomic_load_n(&flags[0], __ATOMIC_SEQ_CST);

        #pragma omp taskgroup
        {
            #pragma omp task detach(evt) shared(flags)
            start(1, evt, &flags[1]);
        }
        seen[1] = __atomic_load_n(&flags[1], __ATOMIC_SEQ_CST);

        #pragma omp task detach(evt) if(0) shared(flags)
        start(2, evt, &flags[2]);
        seen[2] = __atomic_load_n(&flags[2], __ATOMIC_SEQ_CST);

        #pragma omp task detach(evt) final(1) shared(flags, in_final)
        {
            in_final = omp_in_final();
            start(3, evt, &flags[3]);
        }

        #pragma omp task detach(evt) depend(out: x) shared(flags)
        start(4, evt, &flags[4]);
        #pragma omp task depend(in: x) shared(flags, seen)
        seen[4] = __atomic_load_n(&flags[4], __ATOMIC_SEQ_CST);
        #pragma omp taskwait
    }
    for (int k = 0; k < 5; k++)
        pthread_join(threads[k], NULL);
    printf("taskwait %d, taskgroup %d, if(0) %d, in final %d, depend %d\n",
           seen[0], seen[1], seen[2], in_final, seen[4]);
    return 0;
}
"""

EXPECTED = "taskwait 1, taskgroup 1, if(0) 1, in final 1, depend 1\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("detach")
    src = folder / "detach.c"
    src.write_text(PROGRAM)
    exe = folder / "detach"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"))
    gcc_exe = folder / "detach_gcc"
    subprocess.run(["gcc", "-O2", "-fopenmp", "-pthread", str(src), "-o", str(gcc_exe)], check=True)
    return exe, gcc_exe


def test_gcc_agrees_with_the_expected_output(built):
    env = {**os.environ, "OMP_NUM_THREADS": "2"}
    out = subprocess.run([str(built[1])], capture_output=True, text=True, timeout=60, env=env)
    assert out.stdout == EXPECTED


@pytest.mark.parametrize("workers", ["1", "2", "4"])
def test_completion_waits_for_a_fulfilment_by_another_thread(built, workers):
    env = {**os.environ, "INSPIRE_NUM_WORKERS": workers}
    out = subprocess.run([str(built[0])], capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout == EXPECTED


SIGNALLED = r"""
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static omp_event_handle_t pending;

static void handler(int sig) {
    (void)sig;
    omp_fulfill_event(pending);
}

static void *signal_later(void *arg) {
    (void)arg;
    usleep(10000);
    kill(getpid(), SIGUSR1);
    return NULL;
}

int main(void) {
    pthread_t sender;
    signal(SIGUSR1, handler);
    #pragma omp parallel num_threads(2)
    #pragma omp single
    {
        omp_event_handle_t evt;
        #pragma omp task detach(evt) if(0)
        {
            pending = evt;
            pthread_create(&sender, NULL, signal_later, NULL);
        }
    }
    pthread_join(sender, NULL);
    printf("fulfilled\n");
    return 0;
}
"""


@pytest.mark.parametrize("threads", ["1", "2", "4"])
def test_a_signal_handler_fulfils_the_event_of_an_undeferred_task(tmp_path, threads):
    # the handler may run on the worker asleep waiting for the task (the
    # OpenMP Examples' task_detach.2): it must wake up, not sleep on
    src = tmp_path / "signalled.c"
    src.write_text(SIGNALLED)
    exe = tmp_path / "signalled"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"))
    env = {**os.environ, "OMP_NUM_THREADS": threads}
    for _ in range(3):
        out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60, env=env)
        assert out.returncode == 0, out.stderr
        assert out.stdout == "fulfilled\n"
