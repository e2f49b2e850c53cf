"""The host omp_* API: every function the bundled <omp.h> declares links
against the runtime (omp_compat.c), and the ICV queries answer as gcc's
libgomp does for a host-only program (OMP_MAX_TASK_PRIORITY and
OMP_CANCELLATION honoured)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
OMP_H = REPO / "frontend" / "include" / "omp.h"


def declared_functions() -> list[str]:
    return re.findall(r"^[A-Za-z_][\w \*]*?\b(omp_\w+)\(", OMP_H.read_text(), re.M)


QUERIES = """\
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int chunk;
    omp_sched_t kind;
    omp_get_schedule(&kind, &chunk);
    printf("sched %d %d\\n", kind == omp_sched_dynamic, chunk);
    printf("levels %d %d %d %d\\n", omp_get_max_active_levels(),
           omp_get_supported_active_levels(), omp_get_nested(), omp_get_level());
    printf("limits %d %d %d %d %d\\n", omp_get_thread_limit(), (int)omp_get_proc_bind(),
           omp_get_num_places(), omp_get_place_num(), omp_get_num_devices());
    printf("icvs %d %d %d\\n", omp_get_initial_device(), omp_get_max_task_priority(),
           omp_get_cancellation());
    #pragma omp parallel num_threads(2)
    #pragma omp single
    printf("in %d %d %d %d %d\\n", omp_get_level(), omp_get_active_level(),
           omp_get_team_size(1), omp_get_team_size(0), omp_get_ancestor_thread_num(2));
    return 0;
}
"""


def inspirec_build(source: Path, exe: Path) -> None:
    cmd = [sys.executable, "-m", "inspirec", "build", str(source), "-o", str(exe)]
    subprocess.run(cmd, check=True, capture_output=True, text=True, timeout=300)


def test_every_declared_function_links(tmp_path):
    names = declared_functions()
    assert "omp_display_env" in names and "omp_get_max_task_priority" in names
    refs = ", ".join(f"(void (*)(void)){name}" for name in names)
    source = tmp_path / "all.c"
    source.write_text(
        "#include <omp.h>\n#include <stdio.h>\n"
        f"static void (*const fns[])(void) = {{{refs}}};\n"
        'int main(void) { printf("%d\\n", (int)(sizeof fns / sizeof fns[0])); return 0; }\n'
    )
    inspirec_build(source, tmp_path / "all")
    out = subprocess.run([tmp_path / "all"], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == str(len(names))


def test_every_declared_function_is_the_runtimes():
    # a program calling only one of them still links the runtime
    from inspirec.inspire.library import library_function

    assert [n for n in declared_functions() if not library_function(n).runtime] == []


def test_a_program_calling_only_icv_queries_links(tmp_path):
    source = tmp_path / "levels.c"
    source.write_text(
        "#include <omp.h>\n#include <stdio.h>\n"
        'int main(void) { printf("%d %d\\n", omp_get_level(), omp_get_team_size(0)); }\n'
    )
    inspirec_build(source, tmp_path / "levels")
    out = subprocess.run([tmp_path / "levels"], capture_output=True, text=True, timeout=60)
    assert out.stdout == "0 1\n"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc -fopenmp")
@pytest.mark.parametrize(
    "env", [{}, {"OMP_MAX_TASK_PRIORITY": "7", "OMP_CANCELLATION": "true"}], ids=["default", "set"]
)
def test_queries_answer_as_libgomp(tmp_path, env):
    source = tmp_path / "q.c"
    source.write_text(QUERIES)
    inspirec_build(source, tmp_path / "qi")
    subprocess.run(["gcc", "-fopenmp", str(source), "-o", str(tmp_path / "qg")], check=True)
    run_env = {**os.environ, **env, "OMP_NUM_THREADS": "2"}
    ours = subprocess.run([tmp_path / "qi"], capture_output=True, text=True, env=run_env)
    gcc = subprocess.run([tmp_path / "qg"], capture_output=True, text=True, env=run_env)
    assert ours.returncode == 0
    assert ours.stdout == gcc.stdout


HOST_API = REPO / "tests" / "runtime" / "programs" / "omp_host_api.c"


def run_merged(exe: Path) -> subprocess.CompletedProcess:
    """Runs ``exe`` with stderr merged into stdout (libgomp's omp_display_affinity
    writes on stderr) and without the environment variables of the ICVs it checks."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    return subprocess.run(
        [exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, timeout=60
    )


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc -fopenmp")
def test_host_api_allocators_affinity_teams_devices_answer_as_libgomp(tmp_path):
    inspirec_build(HOST_API, tmp_path / "hi")
    subprocess.run(["gcc", "-fopenmp", str(HOST_API), "-o", str(tmp_path / "hg")], check=True)
    ours, gcc = run_merged(tmp_path / "hi"), run_merged(tmp_path / "hg")
    assert ours.returncode == 0 and gcc.returncode == 0
    assert "memcpy_rect 0: 0 0 0 12 13 14 22 23 24\n" in ours.stdout
    assert ours.stdout == gcc.stdout


API_52 = REPO / "tests" / "runtime" / "programs" / "omp_52_api.c"


def _check_lines(proc: subprocess.CompletedProcess) -> None:
    lines = proc.stdout.splitlines()
    assert len(lines) > 30, proc.stdout + proc.stderr
    assert [x for x in lines if not x.endswith(" ok")] == [], proc.stdout
    assert proc.returncode == 0


@pytest.mark.parametrize("serial", [False, True], ids=["runtime", "serial"])
def test_openmp_52_additions_answer_as_the_spec_says(tmp_path, serial):
    # the OpenMP 5.1/5.2 routines gcc 12's <omp.h> lacks (it cannot build the program)
    exe = tmp_path / "api52"
    cmd = [sys.executable, "-m", "inspirec", "build", *(["--serial"] if serial else [])]
    subprocess.run([*cmd, str(API_52), "-o", str(exe)], check=True, capture_output=True, text=True)
    configs = [{}] if serial else [{"INSPIRE_NUM_WORKERS": "1"}, {"INSPIRE_NUM_WORKERS": "4"}]
    for env in configs:
        proc = subprocess.run(
            [exe], capture_output=True, text=True, timeout=60, env={**os.environ, **env}
        )
        _check_lines(proc)


def test_explicit_task_state_where_every_task_runs_at_once(tmp_path):
    # a deque of one: almost every task runs as a call in its creator's work item
    exe = tmp_path / "api52q1"
    cmd = [sys.executable, "-m", "inspirec", "build", "--param", "queue_size=1"]
    subprocess.run([*cmd, str(API_52), "-o", str(exe)], check=True, capture_output=True, text=True)
    env = {**os.environ, "INSPIRE_NUM_WORKERS": "2"}
    _check_lines(subprocess.run([exe], capture_output=True, text=True, timeout=60, env=env))


def test_only_programs_naming_the_additions_get_their_declarations(tmp_path):
    from inspirec import translate_c

    plain = tmp_path / "plain.c"
    plain.write_text(
        "#include <omp.h>\nint main(void) {\n#pragma omp task\n{ }\nreturn omp_in_final(); }\n"
    )
    text = translate_c([str(plain)]).text
    assert "inspire_explicit" not in text and "omp_in_explicit_task" not in text
    named = tmp_path / "named.c"
    named.write_text(
        "#include <omp.h>\nint main(void) { int r = 0;\n#pragma omp task shared(r)\n"
        "r = omp_in_explicit_task();\nreturn r + (omp_get_mapped_ptr(&r, 0) != &r); }\n"
    )
    text = translate_c([str(named)]).text
    assert "void *omp_get_mapped_ptr(const void *, int);\nint omp_in_explicit_task(void);\n" in text
    assert "inspire_explicit_begin(1);" in text


def test_invalid_device_number_terminates(tmp_path):
    # OpenMP 5.2: a device memory routine given omp_invalid_device terminates the program
    source = tmp_path / "invalid.c"
    source.write_text(
        "#include <omp.h>\n#include <stdio.h>\n"
        "int main(void) { int x = 1;\n"
        '  printf("%d\\n", omp_target_is_present(&x, omp_initial_device));\n'
        "  omp_target_alloc(8, omp_invalid_device);\n"
        '  puts("not reached");\n  return 0;\n}\n'
    )
    inspirec_build(source, tmp_path / "invalid")
    out = subprocess.run([tmp_path / "invalid"], capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (1, "1\n")
    assert "omp_invalid_device" in out.stderr


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc -fopenmp")
@pytest.mark.parametrize("workers", ["1", "2", "4"])
def test_pause_stops_the_workers_and_a_forked_child_starts_them_again(tmp_path, workers):
    source = REPO / "tests" / "runtime" / "programs" / "pause_fork.c"
    inspirec_build(source, tmp_path / "pi")
    subprocess.run(["gcc", "-fopenmp", str(source), "-o", str(tmp_path / "pg")], check=True)
    env = {**os.environ, "OMP_NUM_THREADS": workers}
    ours = subprocess.run([tmp_path / "pi"], capture_output=True, text=True, env=env, timeout=60)
    gcc = subprocess.run([tmp_path / "pg"], capture_output=True, text=True, env=env, timeout=60)
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == gcc.stdout
