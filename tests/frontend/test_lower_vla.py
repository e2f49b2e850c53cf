"""Lowering of variably modified types and anonymous struct/union members."""

from inspirec.frontend import parse_program
from inspirec.frontend.openmp import free_variables
from inspirec.inspire import nodes as n
from inspirec.inspire import types as t
from inspirec.inspire.typecheck import is_materializing

from inspirec import inspire


def lower_text(tmp_path, text):
    src = tmp_path / "t.c"
    src.write_text(text)
    program = parse_program([str(src)])
    assert inspire.verify(program) == []
    assert inspire.parse(inspire.print_program(program)) is program
    return program


def function(program, name):
    for x in program.walk():
        if isinstance(x, n.LambdaDefinition):
            for b in x.bindings:
                if b.reference.name == name:
                    return b.lambda_
    raise KeyError(name)


def declared(program, name):
    return [x for x in program.walk() if isinstance(x, n.DeclStmt) and x.var.name == name]


def test_local_vla_extents_are_evaluated_once(tmp_path):
    program = lower_text(
        tmp_path,
        "int main(void) { int n = 2; int a[n][n + 1]; n = 9; return (int)sizeof a; }\n",
    )
    (d0,) = declared(program, "a__n0")
    (d1,) = declared(program, "a__n1")
    assert d0.var.type is t.INT8 and d0.decl.type is t.INT8  # an immutable value slot
    (a,) = declared(program, "a")
    assert a.var.type is t.ref(t.vla(t.vla(t.INT4, d1.var), d0.var))
    assert isinstance(a.decl.init, n.Undefined)
    sizes = [x for x in program.walk() if isinstance(x, n.SizeOf)]
    assert [s.target for s in sizes] == [a.var.type.params[0]]


def test_pointer_to_vla_and_typedef(tmp_path):
    program = lower_text(
        tmp_path,
        "#include <stdlib.h>\n"
        "int main(void) { int n = 3; double (*p)[n] = malloc(sizeof(double[n][n]));\n"
        "typedef int row_t[n]; row_t r; r[0] = 1; p[1][2] = r[0]; free(p); return 0; }\n",
    )
    (p,) = declared(program, "p")
    (pn,) = declared(program, "p__n0")
    assert p.var.type is t.ref(t.ptr(t.vla(t.REAL8, pn.var)))
    (r,) = declared(program, "r")
    (rn,) = declared(program, "row_t__n0")
    assert r.var.type is t.ref(t.vla(t.INT4, rn.var))
    # sizeof of a type name evaluates its dimensions where it occurs
    (size,) = [x for x in program.walk() if isinstance(x, n.SizeOf)]
    assert all(not isinstance(e, n.Variable) for e in t.extents(size.target))


def test_vla_parameters_refine_an_erased_function_type(tmp_path):
    program = lower_text(
        tmp_path,
        "static double f(int n, int m, double a[n][m], double b[][m], double (*c)[m])\n"
        "{ return a[0][m - 1] + b[1][0] + c[0][0] + sizeof a[0]; }\n"
        "int main(void) { double x[2][3] = {{0}}; return (int)f(2, 3, x, x, x); }\n",
    )
    f = function(program, "f")
    erased = t.ptr(t.array(t.REAL8, None))
    assert f.type.params[2:] == (erased, erased, erased)
    m = f.params[1]
    extent = n.CastExpr(t.INT8, inspire.make_call(inspire.builtin("ref_deref"), [m]))
    refined = t.ptr(t.vla(t.REAL8, extent))
    assert [p.type for p in f.params[2:]] == [t.ref(refined)] * 3
    text = inspire.print_program(program)
    assert "a : ptr<array<real<8>,[cast<int<8>>(ref_deref(m))]>>" in text


def test_task_captures_extent_before_the_array(tmp_path):
    program = lower_text(
        tmp_path,
        "int main(void) { int n = 4; int v[n]; int (*p)[n] = &v;\n"
        "#pragma omp task firstprivate(v)\n"
        "{ v[0] = (*p)[1]; }\n"
        "#pragma omp taskwait\n"
        "return 0; }\n",
    )
    (bind,) = [x for x in program.walk() if isinstance(x, n.BindExpr)]
    names = [c.var.name for c in bind.captures]
    assert names.index("v__n0") < names.index("v")
    assert names.index("p__n0") < names.index("p")
    v = next(c for c in bind.captures if c.var.name == "v")
    # firstprivate copies the array (a materialising capture of its value)
    assert is_materializing(v.decl) and t.is_vla(v.var.type.params[0])
    extent = next(c for c in bind.captures if c.var.name == "v__n0")
    assert extent.decl.init is extent.var  # an immutable value, copied
    assert free_variables(bind.body)  # uses captured variables only (checked by verify)


def test_anonymous_members(tmp_path):
    program = lower_text(
        tmp_path,
        "struct s { int kind; union { int i; struct { short lo, hi; }; }; };\n"
        "int main(void) { struct s v = {.kind = 1, .i = 2}; v.hi = 3; return v.lo + v.kind; }\n",
    )
    decls = {(s.tag, s.name): s for s in program.structs}
    outer = decls[("struct", "s")]
    assert [f.name for f in outer.fields] == ["kind", ""]
    inner = decls[(outer.fields[1].type.tag, outer.fields[1].type.name)]
    assert inner.tag == "union" and [f.name for f in inner.fields] == ["i", ""]
    members = [x for x in program.walk() if isinstance(x, n.CallExpr) and x.args[1:]]
    names = {
        a.value
        for c in members
        if isinstance(c.function, n.Builtin) and c.function.name == "ref_member"
        for a in c.args[1:]
    }
    assert {"hi", "lo", "kind"} <= names
    (init,) = [x for x in program.walk() if isinstance(x, n.InitExpr)]
    assert init.designators == (".kind", ".i")
