"""Build time of ``inspirec-cc`` against gcc, on programs whose size is in their data.

``python -m benchmarks.build_time [--rounds N] [--inspirec-cc COMMAND]``
builds each case below with ``inspirec-cc -O2 -fopenmp FILE.c -o prog``
(``COMMAND``, default this Python's ``-m inspirec.cc``: another checkout's
with ``"env PYTHONPATH=DIR python3 -m inspirec.cc"``) and with ``gcc`` and the same
flags, the two interleaved round by round, and prints a Markdown table: the
median (min-max) wall time of each, their ratio, and the load average
before and after.  Each build's program runs once and the two must print
the same line.

The cases are generated: a flat table of 100000 numbers (one data node in
the IR since tables became :class:`~inspirec.inspire.nodes.DataInit`), 64
tables of 1024, a table of 20000 two-member records (lowered item by item:
its inner lists are short), and ``examples/fib.c`` (the fixed cost of a
build: imports, the prelude, the C compiler).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAIN = 'int main(void) {{ unsigned long s = 0; {body} printf("%lu\\n", s); return 0; }}\n'


def _numbers(rng: random.Random, count: int, top: int) -> str:
    return ", ".join(str(rng.randrange(top)) for _ in range(count))


def cases(rng: random.Random) -> dict[str, tuple[str, list[str]]]:
    """Each case's source text and the arguments of its run."""
    flat = (
        "#include <stdio.h>\n"
        f"static const unsigned short t[] = {{{_numbers(rng, 100_000, 65536)}}};\n"
        + MAIN.format(body="for (int i = 0; i < 100000; i++) s += t[i] * (unsigned)(i % 7);")
    )
    many = "#include <stdio.h>\n" + "".join(
        f"static const int t{k}[] = {{{_numbers(rng, 1024, 1 << 20)}}};\n" for k in range(64)
    )
    many += MAIN.format(body=" ".join(f"s += t{k}[{k * 13}];" for k in range(64)))
    pairs = ", ".join(f"{{{rng.randrange(100)}, {rng.randrange(100)}}}" for _ in range(20_000))
    records = (
        "#include <stdio.h>\nstruct pair { int a, b; };\n"
        f"static const struct pair t[] = {{{pairs}}};\n"
        + MAIN.format(body="for (int i = 0; i < 20000; i++) s += t[i].a * 3 + t[i].b;")
    )
    fib = (ROOT / "examples" / "fib.c").read_text()
    return {
        "table of 100000 numbers": (flat, []),
        "64 tables of 1024 numbers": (many, []),
        "table of 20000 records": (records, []),
        "examples/fib.c": (fib, ["20"]),
    }


def _build(compiler: list[str], source: Path, output: Path) -> float:
    start = time.perf_counter()
    subprocess.run([*compiler, "-O2", "-fopenmp", str(source), "-o", str(output)], check=True)
    return time.perf_counter() - start


def measure(
    rounds: int, ours: list[str], seed: int = 1
) -> list[tuple[str, list[float], list[float]]]:
    """(case, times of ``ours``, gcc's times) of ``rounds`` interleaved builds."""
    found = []
    with tempfile.TemporaryDirectory(prefix="build-time-") as temp:
        for name, (text, run_args) in cases(random.Random(seed)).items():
            source = Path(temp) / "case.c"
            source.write_text(text)
            times: dict[str, list[float]] = {"ours": [], "gcc": []}
            outputs = {}
            for _ in range(rounds):
                for who, compiler in (("ours", ours), ("gcc", ["gcc"])):
                    program = Path(temp) / who
                    times[who].append(_build(compiler, source, program))
                    run = subprocess.run([str(program), *run_args], capture_output=True, text=True)
                    outputs[who] = run.stdout
            if outputs["ours"] != outputs["gcc"]:
                raise SystemExit(
                    f"{name}: the builds print {outputs['ours']!r}, {outputs['gcc']!r}"
                )
            found.append((name, times["ours"], times["gcc"]))
    return found


def table(found: list[tuple[str, list[float], list[float]]]) -> str:
    """The Markdown table of :func:`measure`'s results."""

    def shown(xs: list[float]) -> str:
        return f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"

    lines = [
        "| case | inspirec-cc, s | gcc, s | ratio |",
        "|---|---|---|---|",
    ]
    for name, ours, gcc in found:
        ratio = statistics.median(ours) / statistics.median(gcc)
        lines.append(f"| {name} | {shown(ours)} | {shown(gcc)} | {ratio:.1f}x |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.build_time", description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="builds of each case (default 5)")
    parser.add_argument(
        "--inspirec-cc",
        default=f"{shlex.quote(sys.executable)} -m inspirec.cc",
        metavar="COMMAND",
        help="the inspirec-cc to time (default: %(default)s)",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    before = os.getloadavg()[0]
    found = measure(args.rounds, shlex.split(args.inspirec_cc))
    after = os.getloadavg()[0]
    print(table(found))
    print(
        f"\n{args.rounds} interleaved rounds; load average {before:.2f} before, {after:.2f} after"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
