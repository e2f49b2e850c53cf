"""The first error of a program is the same in every run, whatever the hash seed."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Several unsupported directives and clauses, in functions whose call-graph
# order differs from their source order.
SOURCE = """\
int c(int x);
int b(int x) {
#pragma omp task nontemporal(x)
  x++;
  return c(x);
}
int a(int x) {
#pragma omp allocate(x)
  x++;
  return b(x);
}
int c(int x) {
#pragma omp taskgroup
  { x++; }
  return x;
}
int d(int x) {
#pragma omp task nontemporal(x)
  x++;
  return x;
}
int main(void) { return a(1) + d(2); }
"""


def build_stderr(source: Path, output: Path, seed: int) -> str:
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    result = subprocess.run(
        [sys.executable, "-m", "inspirec", "build", str(source), "-o", str(output)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,  # the checkout's inspirec, not an installed copy
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    return result.stderr


def test_first_error_does_not_depend_on_the_hash_seed(tmp_path):
    source = tmp_path / "multi.c"
    source.write_text(SOURCE)
    first_lines = {
        build_stderr(source, tmp_path / "prog", seed).splitlines()[0] for seed in range(6)
    }
    assert first_lines == {
        f"{source}:3:18: error: 'nontemporal' is not valid for '#pragma omp task'"
    }
