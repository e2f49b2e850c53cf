"""The IR grammar's parser tables in inspirec's cache (inspire.syntax.grammar)."""

import os

from inspirec.inspire.syntax import grammar

build = grammar.__wrapped__  # the function itself, without the per-process memo


def entries(root):
    return sorted((root / "grammar").iterdir()) if (root / "grammar").is_dir() else []


def parses_a_type(parser):
    return parser.parse("ref<array<int<4>,10>>", start="type").data == "type_generic"


def test_the_tables_are_kept_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPIREC_CACHE_DIR", str(tmp_path))
    assert parses_a_type(build())
    (entry,) = entries(tmp_path)
    stamp = entry.stat().st_mtime_ns
    assert parses_a_type(build())  # read back: the entry is not written again
    assert entries(tmp_path) == [entry] and entry.stat().st_mtime_ns == stamp


def test_an_unreadable_entry_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPIREC_CACHE_DIR", str(tmp_path))
    build()
    (entry,) = entries(tmp_path)
    entry.write_bytes(b"not a parser")
    assert parses_a_type(build())
    assert entry.read_bytes() != b"not a parser"


def test_without_a_usable_cache_the_tables_are_built(tmp_path, monkeypatch):
    monkeypatch.setenv("INSPIREC_CACHE_DIR", "")  # the cache is off
    assert parses_a_type(build())
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("INSPIREC_CACHE_DIR", str(blocker / "cache"))  # cannot be created
    assert parses_a_type(build())
    assert os.listdir(tmp_path) == ["file"]
