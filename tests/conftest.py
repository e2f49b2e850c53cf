"""Options shared by the whole test suite.

The tests exercise this checkout, also in the ``python -m inspirec`` processes
they start: the checkout's root goes first on ``PYTHONPATH``, ahead of any
installed copy of inspirec.  The environment variables of the OpenMP runtimes
and of inspirec's runtime are removed, so a developer's shell settings do not
change what the tests see.
"""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
)
# The programs the tests run see only the runtime settings a test gives them:
# the developer's OpenMP and runtime variables (OMP_NUM_THREADS, GOMP_*, KMP_*,
# INSPIRE_NUM_WORKERS, ...) are dropped, as on a CI machine, which sets none.
for _name in [n for n in os.environ if n.startswith(("OMP_", "GOMP_", "KMP_", "INSPIRE_"))]:
    del os.environ[_name]
# The IR verifier runs after every IR -> IR pass (inspirec.passes), here and in subprocesses.
os.environ["INSPIREC_VERIFY_PASSES"] = "1"
# Compiled runtime objects (backend.runtime_cache) are shared by the builds of
# this run only, in a directory removed at the end, never the user's cache.
if "INSPIREC_CACHE_DIR" not in os.environ:
    os.environ["INSPIREC_CACHE_DIR"] = tempfile.mkdtemp(prefix="inspirec-test-cache-")
    atexit.register(shutil.rmtree, os.environ["INSPIREC_CACHE_DIR"], ignore_errors=True)


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite golden files (e.g. tests/frontend/golden/*.ir) from the current output; "
        "review every diff before committing",
    )
