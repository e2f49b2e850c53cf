"""Cost of the task analyses against program size, on synthetic programs.

:func:`synthetic_program` builds an IR program of ``depth`` functions where
``f_k`` spawns a task in a loop and calls ``f_{k-1}`` twice: the IR DAG has
O(depth) nodes, but its address tree (every function embedded at each of
its call sites) has about 2^depth copies of ``f_0``.  The analyses cache per
shared node, so their time must grow with ``depth``, not 2^depth; their
results still count paths of the address tree exactly
(λ(f_k) = 2^(k+1) - 1).

``python -m benchmarks.analysis_cost [--max-depth N]`` prints a Markdown
table of analysis time against depth.
"""

from __future__ import annotations

import argparse
import time

from inspirec.inspire import Program, parse


def synthetic_program(depth: int) -> Program:
    """The synthetic program of ``depth`` functions (see the module docstring)."""
    parts = ["extern printf : (ptr<char>, ...) -> int<4>;"]
    for k in range(depth):
        calls = (
            f'        f{k - 1}(ref_deref(n)) @"syn.c":{10 * k + 5};\n'
            f'        f{k - 1}(add(ref_deref(n), 1)) @"syn.c":{10 * k + 6};\n'
            if k
            else ""
        )
        parts.append(
            f'def f{k} = function (n : int<4>) -> unit @"syn.c":{10 * k + 1} {{\n'
            f'    for @"syn.c":{10 * k + 2} ({{var ref<int<4>> i = 0;}}; '
            "lt(ref_deref(i), ref_deref(n)); {post_inc(i);}) {\n"
            "        parallel(job[1 .. 1] => bind [var ref<int<4>> i = ref_deref(i)] () -> unit {\n"
            f'            printf("%d", ref_deref(i)) @"syn.c":{10 * k + 4};\n'
            f'        }}) @"syn.c":{10 * k + 3};\n'
            f"{calls}"
            "    }\n"
            "    merge_all();\n"
            "    return;\n"
            "};"
        )
    parts.append(
        'def main = function () -> int<4> @"syn.c":1000 {\n'
        f'    f{depth - 1}(3) @"syn.c":1001;\n'
        "    return 0;\n"
        "};\n"
        "entry main;"
    )
    return parse("\n".join(parts) + "\n", "syn.ir")


def time_analysis(depth: int) -> tuple[int, float]:
    """(IR nodes, seconds) for analysing the synthetic program of ``depth`` functions."""
    from inspirec.analyses import analyze_program

    program = synthetic_program(depth)
    nodes = sum(1 for _ in program.walk())
    start = time.perf_counter()
    analyze_program(program)
    return nodes, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.analysis_cost",
        description="Time the task analyses on synthetic programs with exponential "
        "address trees (see the module docstring).",
    )
    parser.add_argument("--max-depth", type=int, default=64, help="largest depth (default 64)")
    args = parser.parse_args(argv)
    print("| depth | IR nodes | addresses of f0 | analysis time (s) |")
    print("|---:|---:|---:|---:|")
    depth = 4
    while depth <= args.max_depth:
        nodes, seconds = time_analysis(depth)
        print(f"| {depth} | {nodes} | 2^{depth - 1} | {seconds:.3f} |")
        depth *= 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
