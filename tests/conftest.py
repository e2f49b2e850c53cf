"""Options shared by the whole test suite.

The tests exercise this checkout, also in the ``python -m inspirec`` processes
they start: the checkout's root goes first on ``PYTHONPATH``, ahead of any
installed copy of inspirec.
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
