"""Fuzzing the compiler: mutated and truncated corpus programs (sequential
and parallel) get a diagnostic (CompileError) or a verified program that the
passes, the analyses and the C emitter accept, never another exception.  A
seeded run of MUTATIONS mutants is in the default suite, a longer one with
other seeds is slow."""

import random
import re
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program

from inspirec import driver, inspire

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

MUTATIONS = 80
TOKEN = re.compile(r"[A-Za-z_]\w*|\d+|\S")


def mutate(text: str, rng: random.Random) -> str:
    tokens = [(m.start(), m.end()) for m in TOKEN.finditer(text)]
    a, b = tokens[rng.randrange(len(tokens))]
    kind = rng.randrange(4)
    if kind == 0:  # delete a token
        return text[:a] + text[b:]
    if kind == 1:  # duplicate a token
        return text[:a] + text[a:b] + " " + text[a:]
    if kind == 2:  # replace a token by another one of the file
        c, d = tokens[rng.randrange(len(tokens))]
        return text[:a] + text[c:d] + text[b:]
    return text[:a]  # truncate


@pytest.mark.parametrize(
    "seed, count",
    [(20261122, MUTATIONS), pytest.param(7, 20000, marks=pytest.mark.slow)],
)
def test_mutated_programs_give_a_diagnostic_or_a_program_that_compiles(tmp_path, seed, count):
    sources = [p.sources[0].read_text() for p in corpus.programs() if len(p.sources) == 1]
    rng = random.Random(seed)
    path = tmp_path / "m.c"
    outcomes = {"program": 0, "diagnostic": 0}
    for _ in range(count):
        path.write_text(mutate(rng.choice(sources), rng))
        try:
            program = parse_program([str(path)])
        except CompileError as err:
            assert err.errors
            outcomes["diagnostic"] += 1
            continue
        assert inspire.verify(program) == []
        assert driver.emit(driver.optimize(program)).text
        outcomes["program"] += 1
    # Both outcomes occur: the mutations are neither all fatal nor all harmless.
    assert outcomes["program"] > count // 10
    assert outcomes["diagnostic"] > count // 10
