"""Fuzzing the whole frontend: mutated and truncated corpus programs get a
diagnostic (CompileError) or a verified program, never another exception."""

import random
import re
import sys
from pathlib import Path

from inspirec.frontend import CompileError, parse_program

from inspirec import inspire

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

MUTATIONS = 1000
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


def test_mutated_programs_give_a_diagnostic_or_a_verified_program(tmp_path):
    sources = [
        p.sources[0].read_text()
        for p in corpus.programs()
        if len(p.sources) == 1 and "#pragma omp" not in p.sources[0].read_text()
    ]
    rng = random.Random(20261122)
    path = tmp_path / "m.c"
    outcomes = {"program": 0, "diagnostic": 0}
    for _ in range(MUTATIONS):
        path.write_text(mutate(rng.choice(sources), rng))
        try:
            program = parse_program([str(path)])
        except CompileError as err:
            assert err.errors
            outcomes["diagnostic"] += 1
            continue
        assert inspire.verify(program) == []
        outcomes["program"] += 1
    # Both outcomes occur: the mutations are neither all fatal nor all harmless.
    assert outcomes["program"] > MUTATIONS // 10
    assert outcomes["diagnostic"] > MUTATIONS // 10
