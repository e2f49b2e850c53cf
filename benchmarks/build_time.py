"""Build time of ``inspirec-cc`` against gcc, on programs whose size is in their data.

``python -m benchmarks.build_time [--rounds N] [--inspirec-cc COMMAND]
[--also LABEL=COMMAND]`` builds each case below with ``inspirec-cc -O2
-fopenmp FILE.c -o prog`` (``COMMAND``, default this Python's ``-m
inspirec.cc``; another checkout's is ``"env PYTHONPATH=DIR python3 -m
inspirec.cc"``), with each ``--also`` compiler and with ``gcc``, the same
flags, interleaved round by round, and prints a Markdown table: the median
(min-max) wall time of each, each one's ratio to gcc's, and the load
average before and after.  Each build's program runs once, and all must
print the same.

The cases are generated: a flat table of 100000 numbers, 64 tables of
1024, a table of 20000 two-member records (each table one
:class:`~inspirec.inspire.nodes.DataInit` in the IR), and
``examples/fib.c`` (the fixed cost of a build: imports, the prelude, the
C compiler).
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
    rounds: int, compilers: dict[str, list[str]], seed: int = 1
) -> list[tuple[str, dict[str, list[float]]]]:
    """For each case, the times of ``rounds`` builds by each of ``compilers``
    (label: command), interleaved; every build's program must print what
    the first's does."""
    found = []
    with tempfile.TemporaryDirectory(prefix="build-time-") as temp:
        for name, (text, run_args) in cases(random.Random(seed)).items():
            source = Path(temp) / "case.c"
            source.write_text(text)
            times: dict[str, list[float]] = {label: [] for label in compilers}
            outputs = set()
            for _ in range(rounds):
                for label, compiler in compilers.items():
                    program = Path(temp) / "program"
                    times[label].append(_build(compiler, source, program))
                    run = subprocess.run([str(program), *run_args], capture_output=True, text=True)
                    outputs.add(run.stdout)
            if len(outputs) != 1:
                raise SystemExit(f"{name}: the builds print different lines: {sorted(outputs)}")
            found.append((name, times))
    return found


def table(found: list[tuple[str, dict[str, list[float]]]]) -> str:
    """The Markdown table of :func:`measure`'s results: each compiler's
    median (min-max), and each one's ratio to the last's (gcc's)."""

    def shown(xs: list[float]) -> str:
        return f"{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"

    labels = list(found[0][1])
    *ours, base = labels
    lines = [
        "| case | " + " | ".join(f"{x}, s" for x in labels) + " | "
        + " | ".join(f"{x} / {base}" for x in ours) + " |",
        "|---|" + "---|" * (len(labels) + len(ours)),
    ]  # fmt: skip
    for name, times in found:
        reference = statistics.median(times[base])
        ratios = [f"{statistics.median(times[x]) / reference:.1f}x" for x in ours]
        cells = [shown(times[x]) for x in labels] + ratios
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
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
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="LABEL=COMMAND",
        help="another compiler to time beside it, e.g. an earlier checkout's inspirec-cc "
        "(repeatable)",
    )
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    compilers = {"inspirec-cc": shlex.split(args.inspirec_cc)}
    for item in args.also:
        label, _, command = item.partition("=")
        if not label or not command or label in (*compilers, "gcc"):
            parser.error(f"--also {item!r}: expected a new LABEL=COMMAND")
        compilers[label] = shlex.split(command)
    compilers["gcc"] = ["gcc"]
    load = os.getloadavg()[0]
    found = measure(args.rounds, compilers)
    print(table(found))
    after = os.getloadavg()[0]
    print(f"\n{args.rounds} interleaved rounds; load average {load:.2f} before, {after:.2f} after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
