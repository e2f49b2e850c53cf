"""Name lookups in C scopes (``frontend.symbols.Scope``): the scope that
declares a name wins, a change to a name is seen by every scope below, and
a name looked up at every level of a deep nest costs no time per enclosing
scope (an ``else if`` chain of 16000 levels took 29 s to lower when each
lookup walked every enclosing scope; 9 s now)."""

from inspirec.frontend import symbols
from inspirec.frontend.symbols import EnumSymbol, Scope


def test_lookup_finds_the_innermost_declaration_and_sees_changes():
    root = Scope()
    root.ordinary["x"] = EnumSymbol(1)
    inner = root.child().child()
    assert inner.lookup("x") == EnumSymbol(1)
    assert inner.lookup("y") is None
    middle = inner.parent
    middle.ordinary["x"] = EnumSymbol(2)  # declared after the cached lookup
    assert inner.lookup("x") == EnumSymbol(2)
    root.ordinary["y"] = EnumSymbol(3)
    assert inner.lookup("y") == EnumSymbol(3)
    del middle.ordinary["x"]
    assert inner.lookup("x") == EnumSymbol(1)
    other = Scope()  # another tree: its own names
    assert other.child().lookup("x") is None


def test_a_lookup_at_every_level_of_a_deep_nest_is_linear(monkeypatch):
    """Membership tests stay within a few per level (a walk to the root at each
    level would make 10000 levels cost 50 million)."""
    checks = 0
    contains = symbols._Names.__contains__

    def counted(self, name):
        nonlocal checks
        checks += 1
        return contains(self, name)

    monkeypatch.setattr(symbols._Names, "__contains__", counted)
    root = Scope()
    root.ordinary["x"] = EnumSymbol(0)
    scope = root
    depth = 10_000
    for k in range(depth):
        scope = scope.child()
        if k % 2:
            scope.ordinary[f"t{k}"] = EnumSymbol(k)  # other names change on the way
        assert scope.lookup("x") == EnumSymbol(0)
        assert scope.lookup("missing") is None
    assert checks < 10 * depth
