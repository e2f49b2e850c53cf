"""Serial-only builds (``inspirec build --serial``): every parallel corpus
program, built from its serial clones alone (tasks run at once, regions with
a team of one, no runtime linked), prints its expected output (by default a
seeded quarter of the programs with an example among them, every program
under the slow marker).

The corpus programs print the same output at any thread count (see
``tests/corpus/corpus.py``), so a team of one must print it too; none is
skipped.  The emitted text of a serial-only unit names no runtime entry
point that only the work-stealing runtime defines.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import parse_program

from inspirec import backend, driver

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402
from matrix_sample import corpus_sample  # noqa: E402

PROGRAMS = [p for p in corpus.programs() if p.kind == "par"]

#: Runtime entry points the serial runtime (backend.serial_rt) does not define.
RUNTIME_ONLY = re.compile(
    r"inspire_(task_new|task_spawn|spawn_inline_p|parallel|pfor_|merge_all|inline_begin"
    r"|undeferred_begin)|inspire_rt\.h"
)


def build_serial(prog, exe: Path) -> backend.CUnit:
    program = parse_program([str(s) for s in prog.sources])
    optimized = driver.optimize(program)
    unit = driver.emit(optimized, prog.short_name, serial=True)
    backend.build_executable(unit, str(exe), backend.CCOptions(cc="gcc", optimize="2"))
    return unit


@pytest.mark.parametrize("prog", corpus_sample(PROGRAMS))
def test_serial_build_prints_expected_output(prog, tmp_path):
    exe = tmp_path / "prog"
    unit = build_serial(prog, exe)
    assert not unit.needs_runtime
    assert not RUNTIME_ONLY.search(unit.text)
    try:
        proc = corpus.run_program(prog, exe, timeout=corpus.RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"timed out after {corpus.RUN_TIMEOUT} s")
    assert proc.stdout == prog.expected_stdout
    assert proc.returncode == prog.expected_exit


def test_serial_build_runs_tasks_at_once_with_a_team_of_one(tmp_path):
    src = tmp_path / "team.c"
    src.write_text(
        "#include <stdio.h>\n#include <omp.h>\n"
        "int main(void) {\n  int order[3], k = 0, team = 0;\n"
        "  #pragma omp parallel num_threads(4)\n  {\n"
        "    #pragma omp single\n    {\n"
        "      team = omp_get_num_threads() * 10 + omp_get_thread_num();\n"
        "      #pragma omp task shared(order, k)\n      order[k++] = 1;\n"
        "      order[k++] = 2;\n"
        "      #pragma omp task final(1) shared(order, k)\n"
        "      order[k++] = 3 * omp_in_final();\n"
        "    }\n  }\n"
        '  printf("%d %d %d %d %d\\n", team, order[0], order[1], order[2], omp_in_final());\n'
        "  return 0;\n}\n"
    )
    exe = tmp_path / "team"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"), serial=True)
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30, check=True)
    assert proc.stdout == "10 1 2 3 0\n"


def test_serial_build_stops_on_a_lock_held_by_the_only_thread(tmp_path):
    src = tmp_path / "lock.c"
    src.write_text(
        "#include <omp.h>\n"
        "int main(void) {\n  omp_lock_t l;\n  omp_init_lock(&l);\n  omp_set_lock(&l);\n"
        "  #pragma omp task\n  omp_set_lock(&l);\n  return 0;\n}\n"
    )
    exe = tmp_path / "lock"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"), serial=True)
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30)
    assert proc.returncode != 0
    assert "omp_set_lock: the lock is held by the only thread" in proc.stderr


def test_cli_emit_and_run_serial(tmp_path):
    from inspirec import cli

    src = REPO / "tests" / "corpus" / "par" / "fib_cutoff.c"
    out = tmp_path / "fib.c"
    assert cli.main(["emit", "--serial", str(src), "-o", str(out)]) == 0
    text = out.read_text()
    assert "inspire_rt.h" not in text and "#define INSPIRE_QUEUE_SIZE" not in text
    exe = tmp_path / "fib"
    assert cli.main(["build", "--serial", "--cc", "gcc", str(src), "-o", str(exe)]) == 0
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30)
    assert proc.stdout == (src.parent / "fib_cutoff.expected").read_text()
    with pytest.raises(SystemExit) as err:  # analyze has no serial form
        cli.main(["analyze", "--serial", str(src)])
    assert err.value.code == 2


def test_the_serial_runtime_defines_every_function_of_omp_h():
    from inspirec.backend.serial_rt import SERIAL_NAMES

    header = (REPO / "frontend" / "include" / "omp.h").read_text()
    declared = set(re.findall(r"\b(omp_\w+)\s*\(", header))
    assert declared and not declared - SERIAL_NAMES, sorted(declared - SERIAL_NAMES)


def test_serial_build_answers_the_host_api_queries(tmp_path):
    src = tmp_path / "api.c"
    src.write_text(
        "#include <stdio.h>\n#include <omp.h>\n"
        "int main(void) {\n"
        "  omp_set_max_active_levels(3);\n"
        '  printf("%d %d %d %d %d %d %d\\n", omp_get_level(), omp_get_team_size(0),\n'
        "         omp_get_ancestor_thread_num(1), omp_get_max_active_levels(),\n"
        "         omp_get_max_task_priority(), omp_get_num_devices(), omp_get_cancellation());\n"
        "  return 0;\n}\n"
    )
    exe = tmp_path / "api"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"), serial=True)
    env = {"OMP_MAX_TASK_PRIORITY": "7", "OMP_CANCELLATION": "true"}
    proc = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30, env=env)
    assert proc.stdout == "0 1 -1 3 7 0 1\n"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc -fopenmp")
def test_serial_build_host_api_answers_as_libgomp(tmp_path):
    src = REPO / "tests" / "runtime" / "programs" / "omp_host_api.c"
    exe = tmp_path / "host_api"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"), serial=True)
    subprocess.run(["gcc", "-fopenmp", str(src), "-o", str(tmp_path / "hg")], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    runs = [
        subprocess.run(
            [str(e)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            timeout=30,
        )
        for e in (exe, tmp_path / "hg")
    ]
    assert runs[0].returncode == 0 and runs[1].returncode == 0
    assert "teams set 4 3\n" in runs[0].stdout
    assert runs[0].stdout == runs[1].stdout
