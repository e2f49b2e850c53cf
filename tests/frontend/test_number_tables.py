"""Long initialiser lists of number constants lower to one DataInit node;
every other list lowers item by item (frontend/number_tables.py).  The
corpus program seq/number_tables checks their values against gcc's."""

import subprocess
import sys

from inspirec.frontend import parse_program
from inspirec.frontend.number_tables import MIN_VALUES, collapsed_text
from inspirec.inspire import nodes as n

from inspirec import inspire


def initialisers(tmp_path, text):
    """The initialiser of each global of the program ``text``, by name."""
    src = tmp_path / "t.c"
    src.write_text(text + "int main(void) { return 0; }\n")
    program = parse_program([str(src)])
    assert inspire.verify(program) == []
    assert inspire.parse(inspire.print_program(program)) is program
    return {g.var.name: g.init for g in program.globals}


def numbers(count, start=0):
    return ", ".join(str(start + k) for k in range(count))


def test_long_lists_of_numbers_are_one_node(tmp_path):
    inits = initialisers(
        tmp_path,
        f"const unsigned short a[] = {{{numbers(MIN_VALUES)}}};\n"
        f"double b[40] = {{-1.5, 0x1p3, 2e-3f, 7ULL, 010, {numbers(MIN_VALUES)}}};\n"
        f"int rows[2][{MIN_VALUES}] = {{{{{numbers(MIN_VALUES)}}}, {{{numbers(MIN_VALUES)}}}}};\n"
        f"_Bool flags[] = {{{numbers(MIN_VALUES, -3)}}};\n"
        f"int binary[] = {{0b101, {numbers(MIN_VALUES)}}};\n"
        f"int elided[2][{MIN_VALUES}] = {{{numbers(2 * MIN_VALUES)}}};\n"  # rows braced again
        "struct pair { int a; double b; };\n"
        f"const struct pair pairs[] = {{{', '.join(f'{{{k}, -{k}.5}}' for k in range(8))}}};\n"
        "union u { long l; char c; };\n"
        f"union u us[] = {{{', '.join(f'{{{k}}}' for k in range(MIN_VALUES))}}};\n",
    )
    a = inits["a"]
    assert isinstance(a, n.DataInit) and a.values == tuple(numbers(MIN_VALUES).split(", "))
    assert str(a.type) == f"array<const<uint<2>>,{MIN_VALUES}>"  # completed by the list
    assert isinstance(inits["b"], n.DataInit)
    assert inits["b"].values[:5] == ("-1.5", "0x1p3", "2e-3f", "7ULL", "010")
    rows = inits["rows"]  # one node for the table, a list for each row
    assert isinstance(rows, n.DataInit) and rows.values[1] == a.values
    assert isinstance(inits["flags"], n.DataInit) and inits["binary"].values[0] == "0b101"
    rows = inits["elided"].values
    assert len(rows) == 2 and rows[1].values == tuple(numbers(MIN_VALUES, MIN_VALUES).split(", "))
    pairs = inits["pairs"]
    assert isinstance(pairs, n.DataInit) and str(pairs.type).endswith(",8>")
    assert pairs.values[3] == ("3", "-3.5")
    assert isinstance(inits["us"], n.DataInit) and inits["us"].values[2] == ("2",)


def test_other_lists_lower_item_by_item(tmp_path):
    inits = initialisers(
        tmp_path,
        f"int few[] = {{{numbers(MIN_VALUES - 1)}}};\n"
        f"struct pair {{ int a, b; }} pairs[] = {{{numbers(2 * MIN_VALUES)}}};\n"
        "struct bits { int a : 3; int : 5; int b; };\n"
        f"struct bits padded[] = {{{', '.join(f'{{1, {k}}}' for k in range(8))}}};\n"
        "struct named { int a; struct { int b, c; }; };\n"
        f"struct named anonymous[] = {{{', '.join(f'{{1, {{{k}, 2}}}}' for k in range(8))}}};\n"
        f"int braced[{MIN_VALUES}] = {{{', '.join(f'{{{k}}}' for k in range(MIN_VALUES))}}};\n"
        f"int designated[40] = {{[2] = 1, {numbers(MIN_VALUES)}}};\n"
        f"int *pointers[{MIN_VALUES}] = {{{', '.join(['0'] * MIN_VALUES)}}};\n"
        f"int expression[] = {{1 + 1, {numbers(MIN_VALUES)}}};\n"
        f"char chars[] = {{'a', {numbers(MIN_VALUES)}}};\n",
    )
    for name, init in inits.items():
        assert isinstance(init, n.InitExpr), name
        assert not any(isinstance(v, n.DataInit) for v in init.values), name


def test_a_table_of_100000_numbers_is_one_node(tmp_path):
    # was 100000 literal nodes, several seconds in each later stage
    inits = initialisers(tmp_path, f"static const int big[] = {{{numbers(100_000)}}};\n")
    assert isinstance(inits["big"], n.DataInit) and len(inits["big"].values) == 100_000
    assert str(inits["big"].type).endswith(",100000>")


def test_the_parser_sees_only_the_first_value_and_every_position_stays():
    values = [str(k) for k in range(MIN_VALUES)]
    text = (
        '# 1 "a.c"\nint s[] = {' + ", ".join(values) + "};\n"
        'char *q = "{' + ", ".join(values) + '}";\n'  # a string: not a list
        '# 7 "b.h" 1\nint few[] = {1, 2};\nint t[] = {\n  - 1, 0x1p3,\n' + ", ".join(values)
        + "};\nint mixed[] = {x, " + ", ".join(values) + "};\n"
    )  # fmt: skip
    collapsed, runs = collapsed_text(text)
    assert len(collapsed) == len(text) and collapsed.count("\n") == text.count("\n")
    assert {at: run.values for at, run in runs.items()} == {
        ("a.c", 1, 12): tuple(values),
        ("b.h", 9, 3): ("-1", "0x1p3", *values),  # the sign kept with its value
    }
    lines = collapsed.split("\n")
    assert lines[1].startswith("int s[] = {0 ") and lines[1][13:-2].strip() == ""
    assert lines[2] == text.split("\n")[2] and lines[4] == "int few[] = {1, 2};"
    assert lines[6].strip() == "- 1" and lines[7].strip() == "};"
    assert lines[8] == text.split("\n")[8]  # an identifier among the values: kept whole


def test_a_run_the_parser_does_not_give_back_is_parsed_in_full(tmp_path, monkeypatch):
    # if a collapsed list is not found again after parsing, nothing is lost
    import inspirec.frontend.cparse as cparse

    def misplaced(text):
        collapsed, runs = collapsed_text(text)
        return collapsed, {(f, line + 1, col): v for (f, line, col), v in runs.items()}

    monkeypatch.setattr(cparse, "collapsed_text", misplaced)
    inits = initialisers(tmp_path, f"int a[] = {{{numbers(MIN_VALUES)}}};\n")
    assert inits["a"].values == tuple(numbers(MIN_VALUES).split(", "))


def test_collapsed_lists_lowered_item_by_item_keep_every_value(tmp_path):
    inits = initialisers(
        tmp_path,
        f"struct pair {{ int a, b; }} pairs[] = {{{numbers(2 * MIN_VALUES)}}};\n"
        f"int small[3] = {{{numbers(MIN_VALUES)}}};\n",
    )
    pairs = inits["pairs"]
    assert str(pairs.type).endswith(f",{MIN_VALUES}>") and len(pairs.values) == MIN_VALUES
    last = pairs.values[-1].values
    assert [v.value for v in last] == [str(2 * MIN_VALUES - 2), str(2 * MIN_VALUES - 1)]
    assert [v.value for v in inits["small"].values] == ["0", "1", "2"]  # gcc: the rest ignored


def test_a_list_of_lists_keeps_its_first_list_for_the_parser():
    pairs = ", ".join(f"{{{k}, -{k}}}" for k in range(MIN_VALUES // 2))
    text = f'# 1 "m.c"\nint m[][2] = {{ {{ 7, 8}}, {pairs}}};\n'
    text += f"int one[][16] = {{{{{numbers(16)}}}}};\n"
    collapsed, runs = collapsed_text(text)
    assert len(collapsed) == len(text)
    [(at, run)] = runs.items()  # a list of one list: nothing to cut
    assert at == ("m.c", 1, 18) and run.start == ("m.c", 1, 16)
    assert run.values[:2] == (("7", "8"), ("0", "-0"))
    assert collapsed.split("\n")[1].startswith("int m[][2] = { { 7, 8}   ")
    assert collapsed.split("\n")[1].rstrip().endswith("};")


def test_a_list_of_numbers_ending_otherwise_is_read_in_linear_time(tmp_path):
    # {1, 2, ..., x}: a pattern with two places for a space would try 2^60
    # ways before giving up (a file of minimap2 stalled so); in a child
    # process, so that a regression fails instead of hanging the suite
    values = ", ".join(str(k) for k in range(60))
    probe = (
        "from inspirec.frontend.number_tables import collapsed_text\n"
        f"text = 'int x; int a[] = {{{values}, x}}, b[] = {{{{1 , 2}}, {{3, y}}}};'\n"
        "assert collapsed_text(text) == (text, {})\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    src = tmp_path / "t.c"
    src.write_text(f"int x = 7;\nint a[] = {{{values}, x}};\nint main(void) {{ return a[60]; }}\n")
    program = parse_program([str(src)])
    table = next(g for g in program.globals if g.var.name == "a")
    assert len(table.init.values) == 61 and isinstance(table.init, n.InitExpr)
