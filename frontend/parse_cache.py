"""Parsed units kept in inspirec's cache (:mod:`inspirec.inspire.cache`).

A link step lowers every unit of the program again, and parsing was most
of that: ``inspirec-cc -c`` had parsed each unit already, and the previous
link too.  :func:`load` gives back what :func:`store` kept for a unit of
the same text and path (the pycparser tree as parsing leaves it, before the
``cleanup`` expansion changes it, and the positions read with C89's
implicit ``int``), about ten times faster than parsing it; :func:`entry`
names the file both use.

An entry's key hashes the unit's text and path, pycparser's version and
the source of the modules that parse (:mod:`frontend.cparse`,
:mod:`frontend.number_tables`): a change to any of them misses.  Entries
are pickles under ``parsed/`` in the cache; one that cannot be read is
ignored (and parsed again).  When the entries pass :data:`MAX_BYTES`, the
least recently used are removed until they take three quarters of it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from functools import cache
from pathlib import Path

import pycparser
from inspirec.inspire.cache import cache_dir, store_file
from pycparser import c_ast

#: The most the parsed units may take in the cache, in bytes.
MAX_BYTES = 256 * 2**20

Parsed = tuple[c_ast.FileAST, frozenset]


@cache
def _parser_hash() -> str | None:
    """A hash of what parsing depends on besides the text: pycparser's
    version and the source of the modules that parse (None: that source
    cannot be read, and nothing is kept)."""
    from inspirec.frontend import cparse, number_tables

    digest = hashlib.sha256(pycparser.__version__.encode())
    try:
        for module in (cparse, number_tables):
            digest.update(Path(module.__file__).read_bytes())
    except (OSError, TypeError):  # no source file
        return None
    return digest.hexdigest()


def entry(text: str, path: str) -> Path | None:
    """The cache file of the unit ``text`` of ``path`` (None: nothing is kept)."""
    root = cache_dir()
    parser = _parser_hash()
    if root is None or parser is None:
        return None
    digest = hashlib.sha256(f"{parser}\0{path}\0".encode())
    digest.update(text.encode("utf-8", "surrogateescape"))
    return root / "parsed" / f"{digest.hexdigest()}.pickle"


def load(kept: Path | None) -> Parsed | None:
    """What :func:`store` kept in the file ``kept`` (:func:`entry`), or None."""
    if kept is None:
        return None
    try:
        with kept.open("rb") as f:
            found = pickle.load(f)
        os.utime(kept)  # used now: evicted last
    except Exception:  # missing, or unreadable: parsed again
        return None
    if not (isinstance(found, tuple) and len(found) == 2 and isinstance(found[0], c_ast.FileAST)):
        return None
    return found


def store(kept: Path | None, parsed: Parsed) -> None:
    """Keep ``parsed`` in the file ``kept`` (:func:`entry`; nothing when the cache is
    off, cannot be written, or the tree is too deep to pickle)."""
    if kept is None:
        return
    try:
        data = pickle.dumps(parsed, protocol=pickle.HIGHEST_PROTOCOL)
    except (RecursionError, pickle.PicklingError, TypeError, AttributeError):
        return
    store_file(kept, data)
    _evict(kept.parent)


def _evict(folder: Path) -> None:
    """Remove the least recently used entries of ``folder`` while they take
    more than :data:`MAX_BYTES`, down to three quarters of it."""
    try:
        entries = [(e.stat().st_mtime, e.stat().st_size, e) for e in folder.glob("*.pickle")]
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    if total <= MAX_BYTES:
        return
    for _, size, entry in sorted(entries, key=lambda x: (x[0], x[2].name)):
        if total <= MAX_BYTES * 3 // 4:
            break
        try:
            entry.unlink()
        except OSError:
            continue
        total -= size
