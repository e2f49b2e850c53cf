"""The default share of a large parametrized matrix (imported by the test
modules as ``matrix_sample``: pytest puts ``tests/`` on ``sys.path`` for
``tests/conftest.py``).

:func:`sample` keeps a fixed, seeded sample of one case in ``share`` in
the default run, plus a case of every category the caller names (a row, a
column, an expected verdict) that those miss, so that no category is left
to the slow run alone; it marks the others ``slow`` (``pytest -m slow``
runs them, ``pytest -m ""`` the whole matrix).  The sample depends only on
the cases' ids and the seed, not on ``PYTHONHASHSEED`` or the order the
cases are listed in.
"""

import random
from collections.abc import Callable, Hashable, Iterable, Sequence

import pytest


def sample(
    cases: Sequence,
    *,
    seed: int,
    share: int = 5,
    categories: Callable[..., Iterable[Hashable]] = lambda *values: (),
) -> list:
    """``cases`` (``pytest.param``\\ s, each with a distinct ``id``) in their
    order, all but the sample marked ``slow``.  The cases sorted by id are
    shuffled by ``random.Random(seed)``; the sample is the first
    ``len(cases) // share`` of them plus, for every category (an element of
    ``categories(*values)``, a tuple) that those miss, the first case of
    that category in the shuffled order."""
    ids = [case.id for case in cases]
    assert None not in ids and len(set(ids)) == len(ids), "every case needs a distinct id"
    by_id = sorted(cases, key=lambda case: case.id)
    order = random.Random(seed).sample(by_id, len(by_id))
    chosen = {case.id for case in order[: len(order) // share]}
    covered = {c for case in order if case.id in chosen for c in categories(*case.values)}
    for case in order:
        missing = [c for c in categories(*case.values) if c not in covered]
        if missing:
            chosen.add(case.id)
            covered.update(missing)
    return [
        case
        if case.id in chosen
        else pytest.param(*case.values, id=case.id, marks=[*case.marks, pytest.mark.slow])
        for case in cases
    ]


def corpus_sample(programs: Sequence) -> list:
    """The corpus ``programs`` (``corpus.Program``\\ s), as cases named by their
    names, sampled (:func:`sample`) one in four with a program of every
    group (``seq``, ``par``, ``examples``) always in."""
    cases = [pytest.param(p, id=p.name) for p in programs]
    return sample(cases, seed=20261126, share=4, categories=lambda prog: (prog.group,))
