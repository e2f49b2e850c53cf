"""Fuzzing the IR layer with mutated IR text (issue #18).

Each mutant is a seed program (the hand-written IR files and the frontend's
golden IR) with one or two token-level edits: a name, number or string
replaced by another of the same program, a token deleted or duplicated,
swapped with an earlier one of its class, blocks nested up to 50 deeper,
the text cut short.  Every mutant must end in one of three ways: an
:class:`~inspire.IRError` (malformed text), verifier problems (each at a
line and column of the text), or a program that prints back to itself,
analyses and coalesces into a program that verifies.  Any other exception is an internal error;
a mutant taking more than ``TIME_LIMIT`` seconds is a timeout.  The run is
seeded, so a failure names the seed and index that reproduce it.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from inspirec.analyses import analyze_program
from inspirec.analyses.coalesce import coalesce
from inspirec.inspire.parser import parse_mapped
from inspirec.inspire.verifier import located_problems

from inspirec import inspire

TESTS = Path(__file__).resolve().parents[1]
SEEDS = sorted(
    [*(TESTS / "inspire" / "data").glob("*.ir"), *(TESTS / "frontend" / "golden").glob("*.ir")]
)
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|`\w+`|\$?\w+|\.\.|->|=>|\S')
TIME_LIMIT = 10.0


def _tokens(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in TOKEN.finditer(text)]


def _class(token: str) -> str:
    if token.lstrip("-").isdigit():
        return "number"
    if token[0].isalpha() or token[0] in "_`$":
        return "name"
    return "string" if token[0] == '"' else "punctuation"


def mutate(text: str, pool: dict[str, list[str]], rng: random.Random) -> str:
    """``text`` with one or two token-level edits (see the module docstring).

    Most edits keep the text well-formed (a name for a name, a number for a
    number) so that mutants reach the verifier and the analyses.
    """
    for _ in range(rng.randint(1, 2)):
        spans = _tokens(text)
        if not spans:
            return text
        start, end = spans[rng.randrange(len(spans))]
        token = text[start:end]
        kind = rng.randrange(10)
        if kind < 6 and _class(token) != "punctuation":
            text = text[:start] + rng.choice(pool[_class(token)]) + text[end:]
        elif kind == 6:
            text = text[:start] + text[end:]
        elif kind == 7:
            text = text[:end] + " " + token + text[end:]
        elif kind == 8:
            s2, e2 = spans[rng.randrange(len(spans))]
            if e2 <= start and _class(text[s2:e2]) == _class(token):
                text = text[:s2] + token + text[e2:start] + text[s2:e2] + text[end:]
        elif kind == 9 and token == "{":
            depth = rng.randint(1, 50)
            close = text.find("}", end)
            if close >= 0:
                text = text[:end] + "{" * depth + text[end:close] + "}" * depth + text[close:]
        elif kind == 9 and rng.random() < 0.2:
            text = text[: rng.randrange(len(text) + 1)]
    return text


def outcome(text: str) -> str:
    """How the IR layer ends on ``text``: "error", "problems" or "ok" (else it raises)."""
    try:
        program, source = parse_mapped(text, "mutant.ir")
    except inspire.IRError:
        return "error"
    problems = located_problems(program)
    for at, message in problems:  # each problem has a place in the text
        assert source.error(at, message).line is not None or at.parent is None, (at, message)
    if problems:
        return "problems"
    assert inspire.parse(inspire.print_program(program)) is program
    coalesced, _ = coalesce(program)
    inspire.check(coalesced)
    analyze_program(coalesced)
    return "ok"


def run(seed: int, count: int) -> dict[str, int]:
    texts = [p.read_text() for p in SEEDS]
    pools = []  # per seed: its own tokens by class, so that names mostly resolve
    for text in texts:
        pool: dict[str, list[str]] = {}
        for token in sorted({text[s:e] for s, e in _tokens(text)}):
            pool.setdefault(_class(token), []).append(token)
        pools.append(pool)
    rng = random.Random(seed)
    counts = {"error": 0, "problems": 0, "ok": 0}
    failures = []
    for i in range(count):
        k = rng.randrange(len(texts))
        mutant = mutate(texts[k], pools[k], rng)
        start = time.perf_counter()
        try:
            counts[outcome(mutant)] += 1
        except Exception as err:  # an internal error: report the reproducer
            failures.append(f"seed {seed} mutant {i}: {type(err).__name__}: {err}")
        elapsed = time.perf_counter() - start
        if elapsed > TIME_LIMIT:
            failures.append(f"seed {seed} mutant {i}: timeout ({elapsed:.1f} s)")
    assert not failures, "\n".join(failures[:20])
    return counts


def test_seeds_are_valid():
    assert len(SEEDS) >= 10
    for path in SEEDS:
        assert outcome(path.read_text()) == "ok", path


def test_500_mutants():
    counts = run(seed=18, count=500)
    assert counts["ok"] > 0 and counts["error"] > 0, counts


def test_ill_typed_mutants_give_located_problems():
    """Random edits rarely yield well-formed but ill-typed text, so this path
    gets its own mutants: each seed with one ``ref_deref(x)`` read replaced
    by ``x`` (a location where a value is expected), until one is ill-typed."""
    reached = 0
    for path in SEEDS:
        text = path.read_text()
        for m in re.finditer(r"ref_deref\((\w+)\)", text):
            mutant = text[: m.start()] + m.group(1) + text[m.end() :]
            if outcome(mutant) == "problems":
                reached += 1
                break
    assert reached >= len(SEEDS) // 2, reached


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 9))
def test_many_mutants(seed):
    run(seed=seed * 1000, count=1000)
