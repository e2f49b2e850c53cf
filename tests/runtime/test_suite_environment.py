"""The suite's own environment (``tests/conftest.py``): the variables of the
OpenMP runtimes and of inspirec's runtime in a developer's shell do not reach
the programs the tests run; inspirec's compiler settings stay."""

import os
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def test_conftest_drops_runtime_variables():
    shell = {
        "OMP_NUM_THREADS": "3",
        "GOMP_SPINCOUNT": "0",
        "KMP_BLOCKTIME": "0",
        "INSPIRE_NUM_WORKERS": "5",
        "INSPIRE_STATS": "1",
        "INSPIREC_VERIFY_PASSES": "0",
    }
    probe = (
        "import os, runpy; runpy.run_path(os.environ['PROBE_CONFTEST']); "
        "print(sorted(k for k in os.environ if k.startswith(('OMP_', 'GOMP_', 'KMP_', 'INSPIRE'))))"
    )
    env = {**os.environ, **shell, "PROBE_CONFTEST": str(CONFTEST)}
    out = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[0] == "['INSPIREC_CACHE_DIR', 'INSPIREC_VERIFY_PASSES']"
