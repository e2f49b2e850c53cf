"""Cost of the IR layer against nesting depth, on synthetic programs.

Four shapes, each ``depth`` levels deep: an expression (``add(add(...),
1)``), nested blocks, nested blocks that each use a variable of the
function (name lookups), and task spawns nested in each other's closures.
For each, the table gives the seconds taken to parse, verify, print and
coalesce the program, and the microseconds per
level of the whole: a cost linear in the depth keeps that column flat as
the depth doubles (5000 nested blocks took 67 s before the printer stopped
re-indenting nested text, 2000 nested closures 128 s).

``python -m benchmarks.ir_depth_cost [--max-depth N]`` prints the table.
"""

from __future__ import annotations

import argparse
import time

from inspirec.analyses.coalesce import coalesce
from inspirec.inspire import check, parse, print_program


def expression(depth: int) -> str:
    body = "add(" * depth + "1" + ", 1)" * depth
    return f"def main = function () -> int<4> {{\n    return {body};\n}};\nentry main;\n"


def blocks(depth: int) -> str:
    body = "{" * depth + "merge_all();" + "}" * depth
    return f"def main = function () -> int<4> {{\n{body}\n    return 0;\n}};\nentry main;\n"


def blocks_with_uses(depth: int) -> str:
    body = "{assign(x, 1);" * depth + "}" * depth
    return (
        "def main = function () -> int<4> {\n    var ref<int<4>> x;\n"
        f"{body}\n    return 0;\n}};\nentry main;\n"
    )


def closures(depth: int) -> str:
    spawn = "parallel(job[1 .. 1] => bind [var ref<int<4>> x = x] () -> unit {"
    body = spawn * depth + "assign(x, 1);" + "});" * depth
    return (
        "def main = function () -> int<4> {\n    var ref<int<4>> x = 0;\n"
        f"{body}\n    merge_all();\n    return 0;\n}};\nentry main;\n"
    )


SHAPES = {
    "expression": expression,
    "blocks": blocks,
    "blocks+uses": blocks_with_uses,
    "closures": closures,
}


def time_stages(text: str) -> dict[str, float]:
    """Seconds per stage (parse, verify, print, coalesce) for one program text."""
    times: dict[str, float] = {}
    start = time.perf_counter()
    program = parse(text, "depth.ir")
    times["parse"] = time.perf_counter() - start
    for stage, run in (
        ("verify", check),
        ("print", print_program),
        ("coalesce", coalesce),
    ):
        start = time.perf_counter()
        run(program)
        times[stage] = time.perf_counter() - start
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.ir_depth_cost",
        description="Time the IR layer on deeply nested programs (see the module docstring).",
    )
    parser.add_argument("--min-depth", type=int, default=1250, help="first depth (default 1250)")
    parser.add_argument("--max-depth", type=int, default=20000, help="last depth (default 20000)")
    args = parser.parse_args(argv)
    print("| shape | depth | parse (s) | verify (s) | print (s) | coalesce (s) | µs per level |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, shape in SHAPES.items():
        depth = args.min_depth
        while depth <= args.max_depth:
            t = time_stages(shape(depth))
            per_level = sum(t.values()) / depth * 1e6
            cells = " | ".join(f"{t[s]:.2f}" for s in ("parse", "verify", "print", "coalesce"))
            print(f"| {name} | {depth} | {cells} | {per_level:.0f} |", flush=True)
            depth *= 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
