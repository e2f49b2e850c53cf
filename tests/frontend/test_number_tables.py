"""Long initialiser lists of number constants lower to one DataInit node;
every other list lowers item by item (frontend/number_tables.py).  The
corpus program seq/number_tables checks their values against gcc's."""

from inspirec.frontend import parse_program
from inspirec.frontend.number_tables import MIN_VALUES
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
        f"int elided[2][{MIN_VALUES}] = {{{numbers(2 * MIN_VALUES)}}};\n",  # rows braced again
    )
    a = inits["a"]
    assert isinstance(a, n.DataInit) and a.values == tuple(numbers(MIN_VALUES).split(", "))
    assert str(a.type) == f"array<const<uint<2>>,{MIN_VALUES}>"  # completed by the list
    assert isinstance(inits["b"], n.DataInit)
    assert inits["b"].values[:5] == ("-1.5", "0x1p3", "2e-3f", "7ULL", "010")
    assert all(isinstance(row, n.DataInit) for row in inits["rows"].values)
    assert isinstance(inits["flags"], n.DataInit) and inits["binary"].values[0] == "0b101"
    rows = inits["elided"].values
    assert len(rows) == 2 and rows[1].values == tuple(numbers(MIN_VALUES, MIN_VALUES).split(", "))


def test_other_lists_lower_item_by_item(tmp_path):
    inits = initialisers(
        tmp_path,
        f"int few[] = {{{numbers(MIN_VALUES - 1)}}};\n"
        f"struct pair {{ int a, b; }} pairs[] = {{{numbers(2 * MIN_VALUES)}}};\n"
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
