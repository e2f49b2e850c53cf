"""Dropping a program frees its nodes: no cache keeps interned nodes alive."""

import gc
from pathlib import Path

from inspirec.analyses import analyze_program, coalesce
from inspirec.frontend import parse_program
from inspirec.inspire.builtins import BUILTINS
from inspirec.inspire.node import _Interning

from inspirec import inspire

DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def interned() -> int:
    gc.collect()
    return len(_Interning._table)


def use(program) -> None:
    inspire.check(program)
    inspire.parse(inspire.print_program(program))
    analyze_program(program)
    coalesce(program)


def test_the_interning_table_empties_when_programs_are_dropped():
    for info in BUILTINS.values():
        assert info.type  # the signatures are constants of the builtins table
    before = interned()
    use(inspire.parse_file(str(DATA / "fib.ir")))
    use(parse_program([str(EXAMPLES / "fib.c")]))
    use(parse_program([str(EXAMPLES / "pthread_sum.c")]))
    assert interned() == before
