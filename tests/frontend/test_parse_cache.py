"""Parsed units kept in the cache (frontend/parse_cache.py): a second parse
of the same unit loads the first's tree, with the same warnings; a change
of text or path misses; an unreadable entry is parsed again; the entries
stay within their bound."""

import io
import os
import time

import pytest
from inspirec.frontend import DiagnosticLog, cparse, parse_cache, preprocess

SOURCE = '#include <stdio.h>\nstatic k = 2;\nint main(void) { printf("%d\\n", k); return 0; }\n'


def shown(ast) -> str:
    out = io.StringIO()
    ast.show(buf=out, showcoord=True)
    return out.getvalue()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("INSPIREC_CACHE_DIR", str(folder))
    return folder / "parsed"


def parsed(path):
    log = DiagnosticLog()
    return cparse.parse_preprocessed(preprocess(str(path)), log), [str(d) for d in log.diagnostics]


def test_a_second_parse_loads_the_first_with_its_warnings(tmp_path, cache, monkeypatch):
    src = tmp_path / "a.c"
    src.write_text(SOURCE)
    first, warned = parsed(src)
    assert len(list(cache.glob("*.pickle"))) == 1
    assert any("type defaults to 'int'" in w for w in warned)

    def not_again(_):
        raise AssertionError("parsed again")

    monkeypatch.setattr(cparse, "_parsed", not_again)
    second, warned_again = parsed(src)
    assert shown(second) == shown(first) and warned_again == warned
    src.write_text(SOURCE.replace("k = 2", "k = 3"))  # another text: parsed
    with pytest.raises(AssertionError, match="parsed again"):
        parsed(src)


def test_an_unreadable_entry_or_no_cache_parses_again(tmp_path, cache, monkeypatch):
    src = tmp_path / "a.c"
    src.write_text(SOURCE)
    first, _ = parsed(src)
    [entry] = cache.glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert shown(parsed(src)[0]) == shown(first)
    monkeypatch.setenv("INSPIREC_CACHE_DIR", "")
    other = tmp_path / "b.c"
    other.write_text(SOURCE)
    assert shown(parsed(other)[0]) == shown(first).replace("a.c", "b.c")


def test_a_tree_that_cannot_be_kept_is_still_given(tmp_path, cache, monkeypatch):
    def too_deep(*args, **kwargs):
        raise RecursionError

    monkeypatch.setattr(parse_cache.pickle, "dumps", too_deep)
    src = tmp_path / "a.c"
    src.write_text(SOURCE)
    assert parsed(src)[0].ext and not list(cache.glob("*.pickle"))


def test_the_least_recently_used_entries_go_first(tmp_path, cache, monkeypatch):
    sources = []
    for k in range(4):
        sources.append(tmp_path / f"u{k}.c")
        sources[-1].write_text(SOURCE)
        parsed(sources[-1])
    entries = sorted(cache.glob("*.pickle"), key=lambda e: e.stat().st_mtime)
    size = entries[0].stat().st_size
    for age, entry in enumerate(entries):  # the first written is the oldest used
        os.utime(entry, (time.time() - 100 + age, time.time() - 100 + age))
    parse_cache.load(parse_cache.entry(sources[0].read_text(), "unused"))  # a miss: no change
    monkeypatch.setattr(parse_cache, "MAX_BYTES", int(size * 4.5))
    fifth = tmp_path / "u4.c"
    fifth.write_text(SOURCE)
    parsed(fifth)  # five entries pass the bound: down to three quarters of it
    left = set(cache.glob("*.pickle"))
    assert len(left) == 3 and not left & set(entries[:2])


def test_without_the_parsers_source_nothing_is_kept(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(cparse, "__file__", str(tmp_path / "gone.py"))
    parse_cache._parser_hash.cache_clear()
    try:
        src = tmp_path / "a.c"
        src.write_text(SOURCE)
        assert parsed(src)[0].ext and not list(cache.glob("*.pickle"))
    finally:
        monkeypatch.undo()
        parse_cache._parser_hash.cache_clear()
