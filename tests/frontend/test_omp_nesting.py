"""Where OpenMP directives may be nested (:mod:`frontend.omp_nesting`):
every directive of :data:`INNER` closely nested in every construct of
:data:`OUTER`, accepted or rejected as gcc 12 does, with gcc's first error
at gcc's position; when gcc is installed each case is compared with
``gcc -fopenmp -c`` itself.  The default run checks a seeded fifth of the
pairs (:data:`NESTINGS`), the whole matrix is slow.  A few accepted nestings are built and run
against gcc's binaries."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program

import inspirec

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
import corpus
from matrix_sample import sample

HAVE_GCC = shutil.which("gcc") is not None
LOOP = "for (int j = 0; j < n; j++) a[j] = j;"

#: The nested directives, each as the lines of its text in the outer body
#: (``CANCEL``: the construct clause that fits the outer construct).
INNER = {
    "for": ["#pragma omp for", LOOP],
    "sections": ["#pragma omp sections", "{", "#pragma omp section", "a[0] = 1;", "}"],
    "single": ["#pragma omp single", "a[0] = 1;"],
    "barrier": ["#pragma omp barrier"],
    "master": ["#pragma omp master", "a[0] = 1;"],
    "masked": ["#pragma omp masked", "a[0] = 1;"],
    "task": ["#pragma omp task", "a[0] = 1;"],
    "taskwait": ["#pragma omp taskwait"],
    "taskyield": ["#pragma omp taskyield"],
    "taskloop": ["#pragma omp taskloop", LOOP],
    "critical": ["#pragma omp critical", "a[0] = 1;"],
    "critical(a)": ["#pragma omp critical(a)", "a[0] = 1;"],
    "critical(b)": ["#pragma omp critical(b)", "a[0] = 1;"],
    "ordered": ["#pragma omp ordered", "a[0] = 1;"],
    "ordered simd": ["#pragma omp ordered simd", "a[0] = 1;"],
    "atomic": ["#pragma omp atomic", "a[0] += 1;"],
    "simd": ["#pragma omp simd", LOOP],
    "teams": ["#pragma omp teams", "a[0] = 1;"],
    "distribute": ["#pragma omp distribute", LOOP],
    "parallel": ["#pragma omp parallel", "a[0] = 1;"],
    "scope": ["#pragma omp scope", "a[0] = 1;"],
    "cancel": ["#pragma omp cancel CANCEL"],
    "cancellation point": ["#pragma omp cancellation point CANCEL"],
    "taskgroup": ["#pragma omp taskgroup", "a[0] = 1;"],
    "loop": ["#pragma omp loop", LOOP],
    "flush": ["#pragma omp flush"],
    "parallel for": ["#pragma omp parallel for", LOOP],
    "for simd": ["#pragma omp for simd", LOOP],
    "taskloop simd": ["#pragma omp taskloop simd", LOOP],
    "parallel master": ["#pragma omp parallel master", "a[0] = 1;"],
}


def _loop(pragma: str) -> tuple[list[str], list[str]]:
    return [pragma, "for (int i = 0; i < n; i++) {"], ["}"]


def _block(pragma: str) -> tuple[list[str], list[str]]:
    return [pragma, "{"], ["}"]


#: The enclosing constructs: the lines before and after the nested directive.
OUTER = {
    "for": _loop("#pragma omp for"),
    "sections": (["#pragma omp sections", "{", "#pragma omp section", "{"], ["}", "}"]),
    "single": _block("#pragma omp single"),
    "task": _block("#pragma omp task"),
    "taskloop": _loop("#pragma omp taskloop"),
    "critical": _block("#pragma omp critical"),
    "critical(a)": _block("#pragma omp critical(a)"),
    "ordered": (
        ["#pragma omp for ordered", "for (int i = 0; i < n; i++) {", "#pragma omp ordered", "{"],
        ["}", "}"],
    ),
    "master": _block("#pragma omp master"),
    "masked": _block("#pragma omp masked"),
    "atomic": (["#pragma omp atomic"], []),
    "simd": _loop("#pragma omp simd"),
    "teams": _block("#pragma omp teams"),
    "parallel": _block("#pragma omp parallel"),
    "scope": _block("#pragma omp scope"),
    "taskgroup": _block("#pragma omp taskgroup"),
    "distribute": (["#pragma omp teams", "{", *_loop("#pragma omp distribute")[0]], ["}", "}"]),
    "parallel for": _loop("#pragma omp parallel for"),
    "for simd": _loop("#pragma omp for simd"),
    "taskloop simd": _loop("#pragma omp taskloop simd"),
    "parallel master": _block("#pragma omp parallel master"),
    "parallel sections": (
        ["#pragma omp parallel sections", "{", "#pragma omp section", "{"],
        ["}", "}"],
    ),
}

#: The construct clause of ``cancel`` in each outer construct (else ``parallel``).
CANCEL = {"for": "for", "parallel for": "for", "sections": "sections",
          "parallel sections": "sections", "task": "taskgroup", "taskloop": "taskgroup",
          "parallel": "parallel"}  # fmt: skip

#: gcc's errors, by the letter :data:`EXPECTED` gives them.
MESSAGES = {
    "a": "work-sharing region may not be closely nested inside of work-sharing, 'loop', "
    "'critical', 'ordered', 'master', 'masked', explicit 'task' or 'taskloop' region",
    "b": "barrier region may not be closely nested inside of work-sharing, 'loop', 'critical', "
    "'ordered', 'master', 'masked', explicit 'task' or 'taskloop' region",
    "c": "'master' region may not be closely nested inside of work-sharing, 'loop', explicit "
    "'task' or 'taskloop' region",
    "d": "'masked' region may not be closely nested inside of work-sharing, 'loop', explicit "
    "'task' or 'taskloop' region",
    "e": "'ordered' region must be closely nested inside a loop region with an 'ordered' clause",
    "f": "'ordered' 'simd' must be closely nested inside 'simd' region",
    "g": "'teams' construct must be closely nested inside of 'target' construct or not nested "
    "in any OpenMP construct",
    "h": "'distribute' region must be strictly nested inside 'teams' construct",
    "i": "'scope' region may not be closely nested inside of work-sharing, 'loop', explicit "
    "'task', 'taskloop', 'critical', 'ordered', 'master', or 'masked' region",
    "j": "'cancel parallel' construct not closely nested inside of 'parallel'",
    "k": "'cancellation point parallel' construct not closely nested inside of 'parallel'",
    "l": "'ordered' region may not be closely nested inside of 'critical', 'ordered', explicit "
    "'task' or 'taskloop' region",
    "m": "'critical' region may not be nested inside a 'critical' region with the same name",
    "n": "expected expression before '#pragma'",
    "o": "OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic' may not be "
    "nested inside 'simd' region",
    "p": "only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly nested "
    "inside 'teams' region",
}

#: gcc 12's verdict on each directive of INNER (one letter each, in INNER's
#: order; ``.``: accepted) closely nested in each construct of OUTER.
EXPECTED = {
    "for": "aaabcd.......ef..gh.i......a..",
    "sections": "aaabcd........f..gh.i......a..",
    "single": "aaabcd........f..gh.ijk....a..",
    "task": "aaabcd.......lf..gh.i......a..",
    "taskloop": "aaabcd.......lf..gh.i......a..",
    "critical": "aaab......m..lf..gh.ijk....a..",
    "critical(a)": "aaab.......m.lf..gh.ijk....a..",
    "ordered": "aaabcd.......lf..gh.ijk....a..",
    "master": "aaab..........f..gh.ijk....a..",
    "masked": "aaab..........f..gh.ijk....a..",
    "atomic": "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnn",
    "simd": ".oooooooo.oooo...o.ooooo..o..o",
    "teams": "pppppppppppppppppp..pppp...pp.",
    "parallel": ".............ef..gh...........",
    "scope": "..............f..gh..jk.......",
    "taskgroup": "..............f..gh..jk.......",
    "distribute": ".............ef..gh..jk.......",
    "parallel for": "aaabcd.......ef..gh.i......a..",
    "for simd": ".oooooooo.oooo...o.ooooo..o..o",
    "taskloop simd": ".oooooooo.oooo...o.ooooo..o..o",
    "parallel master": "aaab.........ef..gh.ijk....a..",
    "parallel sections": "aaabcd.......ef..gh.i......a..",
}

MAIN = ["int main(void)", "{", "  int a[4];", "  f(4, a);", "  return 0;", "}"]


def program(inner: str, outer: str) -> tuple[str, int]:
    """The C program with ``inner`` closely nested in ``outer`` in function
    ``f``, and the line of the nested directive."""
    before, after = OUTER[outer]
    body = [line.replace("CANCEL", CANCEL.get(outer, "parallel")) for line in INNER[inner]]
    lines = ["void f(int n, int *a)", "{", *before, *body, *after, "}", *MAIN]
    return "\n".join(lines) + "\n", 3 + len(before)


def first_error(tmp_path: Path, source: str) -> str | None:
    """inspirec's first error line for ``source`` (as ``t.c:...``), None if it lowers."""
    (tmp_path / "t.c").write_text(source)
    try:
        parse_program([str(tmp_path / "t.c")])
    except CompileError as err:
        return str(err).replace(str(tmp_path) + os.sep, "").splitlines()[0]
    return None


def gcc_first_error(tmp_path: Path, source: str) -> str | None:
    """gcc -fopenmp -c's first error line for ``source`` (ASCII quotes)."""
    (tmp_path / "t.c").write_text(source)
    done = subprocess.run(
        ["gcc", "-fopenmp", "-c", "t.c", "-o", os.devnull],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "C"},
        timeout=60,
    )
    errors = [line for line in done.stderr.splitlines() if ": error: " in line]
    return errors[0] if errors else None


def _check(tmp_path: Path, source: str, expected: str | None) -> None:
    got = first_error(tmp_path, source)
    assert got == expected
    if HAVE_GCC:
        assert gcc_first_error(tmp_path, source) == got


def verdict(inner: str, outer: str) -> str:
    """gcc's verdict on ``inner`` closely nested in ``outer`` (:data:`EXPECTED`)."""
    return EXPECTED[outer][list(INNER).index(inner)]


#: Every pair; the default run takes a seeded fifth of them with every inner
#: directive, outer construct and verdict in it, the rest are slow.
NESTINGS = sample(
    [pytest.param(inner, outer, id=f"{inner}-{outer}") for outer in OUTER for inner in INNER],
    seed=20261126,
    categories=lambda inner, outer: (("inner", inner), ("outer", outer), verdict(inner, outer)),
)


@pytest.mark.parametrize("inner, outer", NESTINGS)
def test_closely_nested(tmp_path, inner, outer):
    source, line = program(inner, outer)
    code = verdict(inner, outer)
    expected = None
    if code != ".":
        col = 9
        if (inner, outer) == ("atomic", "teams"):  # at the operator of 'a[0] += 1;'
            line, col = line + 1, 6
        expected = f"t.c:{line}:{col}: error: {MESSAGES[code]}"
    _check(tmp_path, source, expected)


def test_matrix_is_complete():
    assert set(EXPECTED) == set(OUTER)
    assert all(len(row) == len(INNER) for row in EXPECTED.values())
    assert set("".join(EXPECTED.values())) - {"."} <= set(MESSAGES)


def _in_function(body: str) -> str:
    return "void f(int n, int *a)\n{\n" + body + "\n}\n" + "\n".join(MAIN) + "\n"


@pytest.mark.parametrize(
    "body, expected",
    [
        # atomic in teams: at the assignment operator of 'x op= e', read, write
        ("#pragma omp teams\n{\n#pragma omp atomic read\nn = a[0];\n}", "6:3"),
        ("#pragma omp teams\n{\n#pragma omp atomic write\na[0] = n;\n}", "6:6"),
        ("#pragma omp teams\n{\n#pragma omp atomic\n  a [0]  *=  2;\n}", "6:10"),
        ("#pragma omp teams\n{\n#pragma omp atomic\na[0]++;\n}", "5:9"),
        ("#pragma omp teams\n{\n#pragma omp atomic\na[0] = a[0] + 1;\n}", "5:9"),
        ("#pragma omp teams\n{\n#pragma omp atomic capture\nn = a[0]++;\n}", "5:9"),
        ("#pragma omp teams\n{\n#pragma omp atomic compare\nif (a[0] < n) { a[0] = n; }\n}", "5:9"),
        # closely: a parallel region in between
        ("#pragma omp single\n{\n#pragma omp parallel\n{\n#pragma omp barrier\n}\n}", None),
        ("#pragma omp task\n{\n#pragma omp parallel for\n" + LOOP + "\n}", None),
        # a critical of the same name anywhere outwards, parallel or not
        (
            "#pragma omp critical(a)\n{\n#pragma omp parallel\n{\n#pragma omp critical(a)\n"
            "a[0] = 1;\n}\n}",
            "7:9",
        ),
        # ordered binds to the closest loop, through a single
        (
            "#pragma omp parallel\n{\n#pragma omp single\n{\n#pragma omp ordered\na[0] = 1;\n}\n}",
            "7:9",
        ),
        (
            "#pragma omp for ordered(1)\nfor (int i = 0; i < n; i++) {\n#pragma omp ordered\n"
            "a[0] = 1;\n}",
            "5:9",
        ),
        (
            "#pragma omp for ordered\nfor (int i = 0; i < n; i++) {\n#pragma omp taskgroup\n{\n"
            "#pragma omp ordered\na[0] = 1;\n}\n}",
            None,
        ),
        (
            "#pragma omp simd\nfor (int i = 0; i < n; i++) {\n#pragma omp ordered simd threads\n"
            "a[0] = 1;\n}",
            "5:9",
        ),
        (
            "#pragma omp for simd ordered\nfor (int i = 0; i < n; i++) {\n"
            "#pragma omp ordered simd threads\na[0] = 1;\n}",
            None,
        ),
        (
            "#pragma omp for simd ordered\nfor (int i = 0; i < n; i++) {\n#pragma omp ordered\n"
            "a[0] = 1;\n}",
            "5:9",
        ),
        # nested deeper through constructs that are no region for the rule
        (
            "#pragma omp for\nfor (int i = 0; i < n; i++) {\n#pragma omp taskgroup\n{\n"
            "#pragma omp scope\n{\n#pragma omp single\na[0] = 1;\n}\n}\n}",
            "7:9",
        ),
        (
            "#pragma omp task\n{\n#pragma omp critical\n{\n#pragma omp master\na[0] = 1;\n}\n}",
            "7:9",
        ),
    ],
)
def test_more_nestings(tmp_path, body, expected):
    source = _in_function(body)
    got = first_error(tmp_path, source)
    if expected is None:
        assert got is None
    else:
        assert got is not None and got.startswith(f"t.c:{expected}: error: ")
    if HAVE_GCC:
        assert gcc_first_error(tmp_path, source) == got


def test_checks_are_lexical(tmp_path):
    # a barrier in a function called from a single region is not nested in it
    source = (
        "void g(void)\n{\n#pragma omp barrier\n}\n"
        "int main(void)\n{\n#pragma omp parallel\n#pragma omp single\n  g();\n  return 0;\n}\n"
    )
    assert first_error(tmp_path, source) is None
    if HAVE_GCC:
        assert gcc_first_error(tmp_path, source) is None


ACCEPTED = r"""
#include <stdio.h>

int main(void)
{
    int sum = 0, hits[8] = {0}, order[8], next = 0, count = 0;
    #pragma omp parallel num_threads(4) shared(sum, hits, order, next, count)
    {
        #pragma omp single
        {
            for (int i = 0; i < 8; i++) {
                #pragma omp task firstprivate(i) shared(hits)
                {
                    #pragma omp parallel for num_threads(2)
                    for (int j = 0; j < 4; j++) {
                        #pragma omp atomic
                        hits[i] += j;
                    }
                }
            }
        }
        #pragma omp for ordered
        for (int i = 0; i < 8; i++) {
            #pragma omp critical(outer)
            {
                #pragma omp critical(inner)
                sum += i;
            }
            #pragma omp ordered
            order[next++] = i;
        }
        #pragma omp taskgroup
        {
            #pragma omp masked
            {
                #pragma omp task shared(count)
                {
                    #pragma omp atomic
                    count++;
                }
            }
        }
        #pragma omp scope
        {
            int local[8];
            #pragma omp simd
            for (int i = 0; i < 8; i++) {
                local[i] = order[i];
                #pragma omp ordered simd
                local[i] += 1;
            }
            #pragma omp atomic
            count += local[7];
        }
    }
    printf("%d %d", sum, count);
    for (int i = 0; i < 8; i++)
        printf(" %d:%d", hits[i], order[i]);
    printf("\n");
    return 0;
}
"""


@pytest.mark.skipif(not HAVE_GCC, reason="needs gcc")
def test_accepted_nestings_run_as_with_gcc(tmp_path):
    src = tmp_path / "accepted.c"
    src.write_text(ACCEPTED)
    gcc_exe = tmp_path / "gcc_prog"
    corpus.build_source_with_gcc(src, gcc_exe, "-O2", "-fopenmp")
    expected = corpus.run_binary(gcc_exe).stdout
    assert expected.startswith("28 ")
    ours = tmp_path / "ours"
    inspirec.build([str(src)], str(ours))
    for threads in corpus.THREAD_COUNTS:
        got = corpus.run_binary(ours, threads=threads)
        assert (got.returncode, got.stdout) == (0, expected), f"{threads} workers"
