"""Cost of the C path (lowering, passes and analyses, C emission) against
nesting depth, on synthetic C programs.

Shapes, each ``depth`` levels deep in ``main``: nested blocks, nested
``if``\\ s, an ``else if`` chain, and nested task blocks inside one
``parallel``/``single``.  For each, the table gives the seconds of each stage
of ``inspirec emit`` (lower C to IR, optimize = passes and analyses, emit C),
the size of the emitted C, and the microseconds per level of the whole: a
cost linear in the depth keeps that column flat as the depth doubles.  The
emitter indents nested blocks once, when the text is written, and stops
indenting at the printer's ``MAX_INDENT`` levels (5000 nested ``if (1) {``
took about 50 s to emit, and 150 MB of C, before).

``python -m benchmarks.c_depth_cost [--min-depth N] [--max-depth N]
[--shape NAME]`` prints the table.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from inspirec.inspire.deep import deep_call

from inspirec import driver


def blocks(depth: int) -> str:
    return (
        "int main(void) {\n  int x = 0;\n"
        + "{\n" * depth
        + "x++;\n"
        + "}\n" * depth
        + ("  return x;\n}\n")
    )


def ifs(depth: int) -> str:
    return (
        "int main(void) {\n  int x = 0;\n"
        + "if (1) {\n" * depth
        + "x++;\n"
        + "}\n" * depth
        + "  return x;\n}\n"
    )


def else_ifs(depth: int) -> str:
    chain = "".join(f"else if (argc == {k}) x = {k};\n" for k in range(1, depth))
    return (
        "int main(int argc, char **argv) {\n  int x = 0;\n  if (argc == 0) x = 0;\n"
        f"{chain}  return x;\n}}\n"
    )


def tasks(depth: int) -> str:
    nest = "#pragma omp task shared(x)\n{\n" * depth + "x++;\n" + "}\n" * depth
    return (
        "#include <stdio.h>\nint main(void) {\n  int x = 0;\n"
        f"#pragma omp parallel\n#pragma omp single\n{{\n{nest}}}\n"
        '  printf("%d\\n", x);\n  return 0;\n}\n'
    )


SHAPES = {"blocks": blocks, "ifs": ifs, "else-ifs": else_ifs, "tasks": tasks}
STAGES = ("lower", "optimize", "emit")


def time_stages(path: str) -> tuple[dict[str, float], int]:
    """Seconds per stage of ``inspirec emit`` for one C file, and the C text's size."""
    times: dict[str, float] = {}
    start = time.perf_counter()
    program = driver.lower_c([path])
    times["lower"] = time.perf_counter() - start
    start = time.perf_counter()
    optimized = driver.optimize(program)
    times["optimize"] = time.perf_counter() - start
    start = time.perf_counter()
    unit = driver.emit(optimized)
    times["emit"] = time.perf_counter() - start
    return times, len(unit.text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.c_depth_cost",
        description="Time inspirec emit on deeply nested C programs (see the module docstring).",
    )
    parser.add_argument("--min-depth", type=int, default=1000, help="first depth (default 1000)")
    parser.add_argument("--max-depth", type=int, default=8000, help="last depth (default 8000)")
    parser.add_argument("--shape", choices=sorted(SHAPES), action="append", help="only these")
    args = parser.parse_args(argv)
    print("| shape | depth | lower (s) | optimize (s) | emit (s) | C bytes | µs per level |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.shape or SHAPES:
            depth = args.min_depth
            while depth <= args.max_depth:
                source = Path(tmp) / f"{name}{depth}.c"
                source.write_text(SHAPES[name](depth))
                t, size = deep_call(time_stages, str(source))
                per_level = sum(t.values()) / depth * 1e6
                cells = " | ".join(f"{t[s]:.2f}" for s in STAGES)
                print(f"| {name} | {depth} | {cells} | {size} | {per_level:.0f} |", flush=True)
                depth *= 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
