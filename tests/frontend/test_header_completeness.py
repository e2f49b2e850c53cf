"""Tests that the bundled headers declare every function glibc's headers do.

A program that calls a function its header declares but the bundled header
does not is accepted by gcc with the real headers, yet the frontend sees an
implicit declaration, and the ``int f();`` the emitted C then carries
conflicts with the real prototype.  So for every public bundled header, with
and without _GNU_SOURCE, the functions ``#include <header>`` declares with
the system headers must all be declared with the bundled ones too.  gcc's
``-aux-info`` lists the declarations of a translation unit; names with a
leading underscore are the library's own and are not compared.
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from inspirec.frontend.preprocess import BUNDLED_INCLUDE_DIR

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")

#: The headers a program includes: all but the internal bits/.  omp.h is
#: left out: the system's is gcc's libgomp header, and the bundled one
#: declares the bundled runtime's routines (tests/frontend/test_preprocess.py compares the two).
PUBLIC_HEADERS = sorted(
    p.relative_to(BUNDLED_INCLUDE_DIR).as_posix()
    for p in BUNDLED_INCLUDE_DIR.rglob("*.h")
    if "bits" not in p.relative_to(BUNDLED_INCLUDE_DIR).parts and p.name != "omp.h"
)

#: The feature-test modes compared: gcc's gnu11 default, and _GNU_SOURCE.
MODES = {"default": (), "gnu": ("-D_GNU_SOURCE",)}

#: The allow-list: functions glibc declares with one of these types in their
#: prototype are deliberately not declared by the bundled headers (type
#: spelling -> reason).
LEFT_OUT_TYPES = {
    # acosf32, strtof128, cexpf64x, wcstof32x_l, ...: every function of the
    # _FloatN and _FloatNx families (TS 18661-3).  pycparser has no such type
    # names, and a typedef to float or double would not do: to gcc each is a
    # type of its own, and _Float128 is not long double on x86-64.
    "_Float": "the frontend cannot express the _FloatN and _FloatNx types",
}

# The declarator name of a declaration -aux-info prints: the identifier
# before the parameter list (for "void (*f (int)) (int)", "f", not "void").
_DECLARED_NAME = re.compile(r"\b([A-Za-z_]\w*)\s*\((?!\s*\*)")


def _declared_functions(
    header: str, flags: tuple[str, ...], bundled: bool, directory: Path
) -> dict[str, str]:
    """Map the functions ``#include <header>`` declares to their prototypes.

    ``bundled`` selects the bundled headers (``-nostdinc``) over the system's.
    """
    side = "bundled" if bundled else "system"
    stem = "_".join((re.sub(r"\W", "_", header), side, *(f.strip("-") for f in flags)))
    source = directory / f"{stem}.c"
    listing = directory / f"{stem}.aux"
    source.write_text(f"#include <{header}>\n")
    include = ["-nostdinc", "-isystem", str(BUNDLED_INCLUDE_DIR)] if bundled else []
    command = ["gcc", "-std=gnu11", "-w", "-fsyntax-only", *flags, *include]
    subprocess.run([*command, "-aux-info", listing, source], check=True, capture_output=True)
    functions = {}
    for line in listing.read_text().splitlines():
        declaration = line.split("*/", 1)[-1].strip()
        match = _DECLARED_NAME.search(declaration)
        if match and not match[1].startswith("_"):
            functions[match[1]] = declaration
    return functions


@pytest.fixture(scope="module")
def declarations(tmp_path_factory):
    """``(header, mode, bundled)`` -> the functions declared, by prototype.

    gcc runs once per header, mode and set of headers, in parallel.
    """
    directory = tmp_path_factory.mktemp("aux_info")
    keys = [
        (header, mode, bundled)
        for header in PUBLIC_HEADERS
        for mode in MODES
        for bundled in (False, True)
    ]
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {
            key: pool.submit(_declared_functions, key[0], MODES[key[1]], key[2], directory)
            for key in keys
        }
        return {key: future.result() for key, future in futures.items()}


def _left_out(prototype: str) -> bool:
    """Whether the allow-list exempts the function glibc declares so."""
    return any(spelling in prototype for spelling in LEFT_OUT_TYPES)


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("header", PUBLIC_HEADERS)
def test_bundled_header_declares_glibc_functions(header, mode, declarations):
    """Each function glibc's ``header`` declares is declared by the bundled one."""
    system = declarations[header, mode, False]
    bundled = declarations[header, mode, True]
    missing = {
        name: prototype
        for name, prototype in system.items()
        if name not in bundled and not _left_out(prototype)
    }
    assert not missing, f"<{header}> ({mode}) lacks:\n" + "\n".join(
        missing[name] for name in sorted(missing)
    )


def test_left_out_types_are_needed(declarations):
    """Every entry of the allow-list leaves out a function glibc declares."""
    prototypes = [
        prototype
        for (_, _, bundled), functions in declarations.items()
        if not bundled
        for prototype in functions.values()
    ]
    for spelling in LEFT_OUT_TYPES:
        assert any(spelling in p for p in prototypes), spelling
