"""Golden IR files: each C program in golden/ lowers to exactly its .ir file.

Regenerate with ``python3 -m pytest tests/frontend/test_golden.py --update-golden``
and read every diff before committing.
"""

from pathlib import Path

import pytest
from inspirec.frontend import parse_program

from inspirec import inspire

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("source", sorted(GOLDEN.glob("*.c")), ids=lambda p: p.stem)
def test_lowering_matches_golden_ir(source, request):
    program = parse_program([str(source)])
    text = inspire.print_program(program)
    golden = source.with_suffix(".ir")
    if request.config.getoption("--update-golden"):
        golden.write_text(text)
    assert golden.exists(), f"missing {golden.name}: run with --update-golden"
    assert text == golden.read_text()
    assert inspire.parse(text, str(golden)) is program
