"""gcc 12's clause errors (``frontend/clause_checks.py``): each misuse is
rejected with gcc's message at gcc's line and column, and the programs gcc
accepts stay accepted.  Where gcc is installed, every case is also compiled
with ``gcc -fopenmp -c`` and its first diagnostic must be the same line.
The default run checks a seeded share of :data:`ERRORS` with every kind of
message in it (:data:`ERROR_CASES`), all of them are slow."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.frontend.diagnostics import DiagnosticLog
from matrix_sample import sample

#: The directive is on line 5, in a parallel region (so that worksharing
#: constructs, tasks and the rest are well nested); ``LOOP`` in a body is a loop.
PROGRAM = """#include <omp.h>
int g;
int main(void) {{ int s = 0, t = 0, a[10]; int *p = a; float f = 0;
#pragma omp parallel
{directive}
{body}
return s + t + g; }}
"""
LOOP = "for (int i = 0; i < 4; i++) t++;"

#: ``(directive, body, "line:col: message")``: the first error.
ERRORS = [
    # clauses allowed once
    ("#pragma omp task final(1) final(0)", "s = 1;", "5:23: too many 'final' clauses"),
    ("#pragma omp task priority(1) priority(2)", "s = 1;", "5:26: too many 'priority' clauses"),
    ("#pragma omp task untied untied", "s = 1;", "5:25: too many 'untied' clauses"),
    ("#pragma omp task mergeable mergeable", "s = 1;", "5:28: too many 'mergeable' clauses"),
    (
        "#pragma omp task default(shared) default(none)",
        "s = 1;",
        "5:25: too many 'default' clauses",
    ),
    (
        "#pragma omp parallel num_threads(2) num_threads(2)",
        "s = 1;",
        "5:33: too many 'num_threads' clauses",
    ),
    (
        "#pragma omp parallel proc_bind(close) proc_bind(close)",
        "s = 1;",
        "5:31: too many 'proc_bind' clauses",
    ),
    (
        "#pragma omp for schedule(static) schedule(static)",
        LOOP,
        "5:25: too many 'schedule' clauses",
    ),
    ("#pragma omp for collapse(1) collapse(1)", LOOP, "5:25: too many 'collapse' clauses"),
    ("#pragma omp for ordered ordered", LOOP, "5:25: too many 'ordered' clauses"),
    ("#pragma omp for nowait nowait", LOOP, "5:24: too many 'nowait' clauses"),
    ("#pragma omp single nowait nowait", "s = 1;", "5:27: too many 'nowait' clauses"),
    (
        "#pragma omp for order(concurrent) order(concurrent)",
        LOOP,
        "5:22: too many 'order' clauses",
    ),
    (
        "#pragma omp taskloop grainsize(2) grainsize(2)",
        LOOP,
        "5:31: too many 'grainsize' clauses",
    ),
    (
        "#pragma omp taskloop num_tasks(2) num_tasks(2)",
        LOOP,
        "5:31: too many 'num_tasks' clauses",
    ),
    ("#pragma omp taskloop nogroup nogroup", LOOP, "5:30: too many 'nogroup' clauses"),
    ("#pragma omp simd safelen(2) safelen(2)", LOOP, "5:25: too many 'safelen' clauses"),
    ("#pragma omp simd simdlen(2) simdlen(2)", LOOP, "5:25: too many 'simdlen' clauses"),
    ("#pragma omp atomic hint(0) hint(0)", "s++;", "5:24: too many 'hint' clauses"),
    ("#pragma omp masked filter(0) filter(0)", "s = 1;", "5:26: too many 'filter' clauses"),
    # if clauses and their directive-name modifiers
    (
        "#pragma omp task if(parallel: 1)",
        "s = 1;",
        "5:20: expected 'task' 'if' clause modifier rather than 'parallel'",
    ),
    (
        "#pragma omp parallel for if(task: 1)",
        LOOP,
        "5:28: expected 'parallel' 'if' clause modifier rather than 'task'",
    ),
    (
        "#pragma omp for simd if(parallel: 1)",
        LOOP,
        "5:24: expected 'simd' 'if' clause modifier rather than 'parallel'",
    ),
    (
        "#pragma omp taskloop if(task: 1)",
        LOOP,
        "5:24: expected 'taskloop' 'if' clause modifier rather than 'task'",
    ),
    (
        "#pragma omp task if(task: 1) if(task: 0)",
        "s = 1;",
        "5:32: too many 'if' clauses with 'task' modifier",
    ),
    (
        "#pragma omp task if(1) if(task: 0)",
        "s = 1;",
        "5:26: if any 'if' clause has modifier, then all 'if' clauses have to use modifier",
    ),
    # data-sharing clauses naming a variable twice
    (
        "#pragma omp task firstprivate(s) private(s)",
        "s = 1;",
        "5:30: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp task private(s) shared(s)",
        "s = 1;",
        "5:25: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp task private(s, t) shared(t, s)",
        "s = 1;",
        "5:25: 't' appears more than once in data clauses",
    ),
    (
        "#pragma omp task shared(s) private(t) firstprivate(s)",
        "s = 1;",
        "5:24: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp task private(s, s)",
        "s = 1;",
        "5:25: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp for lastprivate(s) lastprivate(s)",
        LOOP,
        "5:28: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for lastprivate(s) lastprivate(s)",
        LOOP,
        "5:52: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for shared(s) private(s)",
        LOOP,
        "5:43: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp taskloop simd private(s) private(s)",
        LOOP,
        "5:45: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp single private(s) copyprivate(s)",
        "s = 1;",
        "5:27: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp for linear(s) reduction(+: s)",
        LOOP,
        "5:23: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp task private(g) private(g)",
        "s = 1;",
        "5:25: 'g' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for private(s) firstprivate(s)",
        LOOP,
        "5:49: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for private(s) lastprivate(s)",
        LOOP,
        "5:48: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for reduction(+: s) lastprivate(s)",
        LOOP,
        "5:53: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for reduction(+: s) reduction(*: s)",
        LOOP,
        "5:51: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for reduction(+: s) private(s)",
        LOOP,
        "5:49: 's' appears more than once in data clauses",
    ),
    (
        "#pragma omp parallel for linear(s) linear(s)",
        LOOP,
        "5:42: 's' appears more than once in data clauses",
    ),
    # list items and expressions
    (
        "#pragma omp task private(zz)",
        "s = 1;",
        "5:26: 'zz' undeclared (first use in this function)",
    ),
    (
        "#pragma omp task shared(s) private(s, zz)",
        "s = 1;",
        "5:39: 'zz' undeclared (first use in this function)",
    ),
    (
        "#pragma omp parallel for firstprivate(zz)",
        LOOP,
        "5:39: 'zz' undeclared (first use in this function)",
    ),
    (
        "#pragma omp parallel for reduction(+: zz)",
        LOOP,
        "5:39: 'zz' undeclared (first use in this function)",
    ),
    (
        "#pragma omp for lastprivate(conditional: zz)",
        LOOP,
        "5:42: 'zz' undeclared (first use in this function)",
    ),
    ("#pragma omp for linear(val(zz))", LOOP, "5:28: 'zz' undeclared (first use in this function)"),
    ("#pragma omp simd aligned(zz: 8)", LOOP, "5:26: 'zz' undeclared (first use in this function)"),
    (
        "#pragma omp task depend(in: zz)",
        "s = 1;",
        "5:29: 'zz' undeclared (first use in this function)",
    ),
    (
        "#pragma omp taskloop num_tasks(loose: 2)",
        LOOP,
        "5:32: 'loose' undeclared (first use in this function)",
    ),
    ("#pragma omp task private(*p)", "s = 1;", "5:26: expected identifier before '*' token"),
    ("#pragma omp task private(1)", "s = 1;", "5:26: expected identifier before numeric constant"),
    (
        "#pragma omp task private(omp_depend_t)",
        "s = 1;",
        "5:26: expected identifier before 'omp_depend_t'",
    ),
    ("#pragma omp task firstprivate(s.x)", "s = 1;", "5:32: expected ')' before '.' token"),
    ("#pragma omp task shared(a[0])", "s = 1;", "5:26: expected ')' before '[' token"),
    (
        "#pragma omp task private(main)",
        "s = 1;",
        "5:25: 'main' is not a variable in clause 'private'",
    ),
    (
        "#pragma omp task shared(omp_sched_static)",
        "s = 1;",
        "5:24: 'omp_sched_static' is not a variable in clause 'shared'",
    ),
    ("#pragma omp task final(1, 2)", "s = 1;", "5:25: expected ')' before ',' token"),
    ("#pragma omp task if(task: 1, 2)", "s = 1;", "5:28: expected ')' before ',' token"),
    ("#pragma omp parallel num_threads(1, 2)", "s = 1;", "5:35: expected ')' before ',' token"),
    ("#pragma omp for collapse(1, 2)", LOOP, "5:27: expected ')' before ',' token"),
    ("#pragma omp for schedule(static, 2, 3)", LOOP, "5:35: expected ')' before ',' token"),
    (
        "#pragma omp for schedule(static, zz)",
        LOOP,
        "5:34: 'zz' undeclared (first use in this function)",
    ),
    ("#pragma omp masked filter(1, 2)", "s = 1;", "5:28: expected ')' before ',' token"),
    (
        "#pragma omp parallel firstprivate(g) copyin(g)",
        "s = 1;",
        "5:44: 'g' must be 'threadprivate' for 'copyin'",
    ),
    # arguments of the clauses
    (
        "#pragma omp for collapse(0)",
        LOOP,
        "5:25: collapse argument needs positive constant integer expression",
    ),
    (
        "#pragma omp for ordered(0)",
        LOOP,
        "5:24: ordered argument needs positive constant integer expression",
    ),
    ("#pragma omp for schedule(foo)", LOOP, "5:26: invalid schedule kind before 'foo'"),
    (
        "#pragma omp parallel proc_bind(near)",
        "s = 1;",
        "5:32: invalid proc_bind kind before 'near'",
    ),
    ("#pragma omp for order(foo)", LOOP, "5:23: expected 'concurrent' before 'foo'"),
    (
        "#pragma omp simd simdlen(3) safelen(2)",
        LOOP,
        "5:25: 'simdlen' clause value is bigger than 'safelen' clause value",
    ),
    (
        "#pragma omp parallel reduction(foo: s)",
        "s = 1;",
        "5:31: user defined reduction not found for 's'",
    ),
    (
        "#pragma omp parallel reduction(+: p)",
        "s = 1;",
        "5:31: user defined reduction not found for 'p'",
    ),
    (
        "#pragma omp parallel reduction(|: f)",
        "s = 1;",
        "5:31: 'f' has invalid type for 'reduction(|)'",
    ),
    (
        "#pragma omp taskloop nogroup reduction(+: s)",
        LOOP,
        "5:30: 'nogroup' clause must not be used together with 'reduction' clause",
    ),
    # clauses the directive does not take
    ("#pragma omp task nowait", "s = 1;", "5:18: 'nowait' is not valid for '#pragma omp task'"),
    (
        "#pragma omp parallel for nowait",
        LOOP,
        "5:26: 'nowait' is not valid for '#pragma omp parallel for'",
    ),
    (
        "#pragma omp taskgroup nowait",
        "s = 1;",
        "5:23: 'nowait' is not valid for '#pragma omp taskgroup'",
    ),
    (
        "#pragma omp scope shared(s)",
        "s = 1;",
        "5:19: 'shared' is not valid for '#pragma omp scope'",
    ),
    ("#pragma omp task map(s)", "s = 1;", "5:18: 'map' is not valid for '#pragma omp task'"),
    # words that are not clauses, and the commas between clauses
    ("#pragma omp task bogus", "s = 1;", "5:18: expected '#pragma omp' clause before 'bogus'"),
    ("#pragma omp for 1", LOOP, "5:17: expected '#pragma omp' clause before numeric constant"),
    (
        "#pragma omp task shared(s), seq_cst",
        "s = 1;",
        "5:29: expected '#pragma omp' clause before 'seq_cst'",
    ),
    (
        "#pragma omp atomic nowait",
        "s++;",
        "5:20: expected 'read', 'write', 'update', 'capture', 'compare', 'weak', 'fail', "
        "'seq_cst', 'acq_rel', 'release', 'relaxed' or 'hint' clause",
    ),
    (
        "#pragma omp task , private(s)",
        "s = 1;",
        "5:18: expected '#pragma omp' clause before ',' token",
    ),
    (
        "#pragma omp task private(s) , , shared(t)",
        "s = 1;",
        "5:31: expected '#pragma omp' clause before ',' token",
    ),
    (
        "#pragma omp task private(s) ,",
        "s = 1;",
        "5:30: expected '#pragma omp' clause before end of line",
    ),
    (
        "#pragma omp critical(n),, hint(0)",
        "s++;",
        "5:24: expected '#pragma omp' clause before ',' token",
    ),
    ("#pragma omp atomic update ,", "s++;", "5:27: expected end of line before ',' token"),
    ("{\n#pragma omp barrier ,", "}", "6:21: expected end of line before ',' token"),
    (
        "#pragma omp task untied(1)",
        "s = 1;",
        "5:24: expected '#pragma omp' clause before '(' token",
    ),
    (
        "#pragma omp simd nontemporal(main)",
        LOOP,
        "5:29: 'main' is not a variable in 'nontemporal' clause",
    ),
    # functions where a variable or an lvalue must be (an internal error before)
    (
        "#pragma omp task depend(in: s, main)",
        "s = 1;",
        "5:24: 'main' is not lvalue expression nor array section in 'depend' clause",
    ),
    (
        "#pragma omp task affinity(main)",
        "s = 1;",
        "5:26: 'main' is not lvalue expression nor array section in 'affinity' clause",
    ),
    (
        "#pragma omp parallel reduction(+: main)",
        "s = 1;",
        "5:31: user defined reduction not found for 'main'",
    ),
    # OpenMP 5.2 allows them on scope, gcc 12 does not
    (
        "#pragma omp scope firstprivate(s)",
        "s = 1;",
        "5:19: 'firstprivate' is not valid for '#pragma omp scope'",
    ),
    (
        "#pragma omp scope reduction(+: s) allocate(s)",
        "s = 1;",
        "5:35: 'allocate' is not valid for '#pragma omp scope'",
    ),
    # default
    (
        "#pragma omp task default(foo)",
        "s = 1;",
        "5:26: expected 'none', 'shared', 'private' or 'firstprivate' before 'foo'",
    ),
    (
        "#pragma omp parallel for default(foo)",
        LOOP,
        "5:34: expected 'none', 'shared', 'private' or 'firstprivate' before 'foo'",
    ),
    (
        "#pragma omp taskloop default()",
        LOOP,
        "5:30: expected 'none', 'shared', 'private' or 'firstprivate' before ')' token",
    ),
    ("#pragma omp task default(shared, none)", "s = 1;", "5:32: expected ')' before ',' token"),
    # linear: an integer or pointer variable, an integer step
    (
        "#pragma omp simd linear(f)",
        LOOP,
        "5:24: linear clause applied to non-integral non-pointer variable with type 'float'",
    ),
    (
        "#pragma omp simd linear(s) linear(a: 2)",
        LOOP,
        "5:34: linear clause applied to non-integral non-pointer variable with type 'int[10]'",
    ),
    (
        "#pragma omp for linear(f)",
        LOOP,
        "5:23: linear clause applied to non-integral non-pointer variable with type 'float'",
    ),
    (
        "#pragma omp simd linear(s: f)",
        LOOP,
        "5:24: 'linear' clause step expression must be integral",
    ),
    ("#pragma omp simd linear(s: zz)", LOOP, "5:28: 'zz' undeclared (first use in this function)"),
    # flush [memory-order] [(list)]
    (
        "{\n#pragma omp flush relaxed",
        "}",
        "6:19: expected 'seq_cst', 'acq_rel', 'release' or 'acquire'",
    ),
    (
        "{\n#pragma omp flush acq_rel (s)",
        "}",
        "6:27: 'flush' list specified together with memory order clause",
    ),
    (
        "{\n#pragma omp flush acq_rel release",
        "}",
        "6:27: expected '(' or end of line before 'release'",
    ),
    ("{\n#pragma omp flush ,", "}", "6:19: expected '(' or end of line before ',' token"),
    ("{\n#pragma omp flush (s) acq_rel", "}", "6:23: expected end of line before 'acq_rel'"),
    ("{\n#pragma omp flush (s, zz)", "}", "6:23: 'zz' undeclared (first use in this function)"),
    # aligned
    (
        "#pragma omp simd aligned(s)",
        LOOP,
        "5:25: 's' in 'aligned' clause is neither a pointer nor an array",
    ),
    (
        "#pragma omp simd aligned(p) aligned(p)",
        LOOP,
        "5:25: 'p' appears more than once in 'aligned' clauses",
    ),
    (
        "#pragma omp simd aligned(p: 0)",
        LOOP,
        "5:25: 'aligned' clause alignment expression must be positive constant integer expression",
    ),
    # array sections
    (
        "#pragma omp task depend(in: a[0:-1])",
        "s = 1;",
        "5:24: negative length in array section in 'depend' clause",
    ),
    (
        "#pragma omp task depend(in: a[:-2])",
        "s = 1;",
        "5:24: negative length in array section in 'depend' clause",
    ),
    (
        "#pragma omp task depend(out: s) depend(in: a[2:-2])",
        "s = 1;",
        "5:39: negative length in array section in 'depend' clause",
    ),
    (
        "#pragma omp task depend(in: a[0:0])",
        "s = 1;",
        "5:24: zero length array section in 'depend' clause",
    ),
    (
        "#pragma omp task depend(in: a[-1:2])",
        "s = 1;",
        "5:24: negative low bound in array section in 'depend' clause",
    ),
    (
        "#pragma omp task affinity(a[0:-1])",
        "s = 1;",
        "5:26: negative length in array section in 'affinity' clause",
    ),
    # atomic
    ("#pragma omp atomic read write", "t = s;", "5:25: too many atomic clauses"),
    ("#pragma omp atomic seq_cst relaxed", "s++;", "5:28: too many memory order clauses"),
    ("#pragma omp atomic capture capture", "t = s++;", "5:28: too many 'capture' clauses"),
    (
        "#pragma omp atomic read capture",
        "t = s;",
        "5:9: 'capture' clause is incompatible with 'read' or 'write' clauses",
    ),
    # sync hints
    (
        "#pragma omp atomic hint(s)",
        "s++;",
        "5:26: expected constant integer expression with valid sync-hint value before ')' token",
    ),
    (
        "#pragma omp atomic hint(-1)",
        "s++;",
        "5:27: expected constant integer expression with valid sync-hint value before ')' token",
    ),
    (
        "#pragma omp critical(n) hint(s)",
        "s++;",
        "5:31: expected constant integer expression with valid sync-hint value before ')' token",
    ),
    (
        "#pragma omp critical hint(2)",
        "s++;",
        "5:26: '#pragma omp critical' with 'hint' clause requires a name, except when "
        "'omp_sync_hint_none' is used",
    ),
    # integer arguments
    (
        "#pragma omp masked filter(p)",
        "s = 1;",
        "5:28: expected integer expression before ')' token",
    ),
    (
        "#pragma omp masked filter(f)",
        "s = 1;",
        "5:28: expected integer expression before ')' token",
    ),
    (
        "#pragma omp parallel num_threads(f)",
        "s = 1;",
        "5:36: expected integer expression before end of line",
    ),
    (
        "#pragma omp parallel num_threads(p) shared(s)",
        "s = 1;",
        "5:37: expected integer expression before 'shared'",
    ),
    (
        "#pragma omp task priority(p)",
        "s = 1;",
        "5:29: expected integer expression before end of line",
    ),
    (
        "#pragma omp taskloop grainsize(f)",
        LOOP,
        "5:34: expected integer expression before end of line",
    ),
    (
        "#pragma omp taskloop num_tasks(p)",
        LOOP,
        "5:34: expected integer expression before end of line",
    ),
    (
        "#pragma omp for schedule(static, p)",
        LOOP,
        "5:35: expected integer expression before ')' token",
    ),
]

#: Whole programs: ``(source, "line:col: message")``.
PROGRAMS = [
    # firstprivate/lastprivate/reduction of worksharing constructs: shared outside
    (
        "int main(void) { int s = 0;\n#pragma omp sections lastprivate(s) firstprivate(s)\n"
        "{ s = 1; }\nreturn s; }\n",
        "2:9: firstprivate variable 's' is private in outer context",
    ),
    (
        "int main(void) { int s = 0;\n#pragma omp for firstprivate(s) lastprivate(s)\n"
        "for (int i = 0; i < 4; i++) s++;\nreturn s; }\n",
        "2:9: lastprivate variable 's' is private in outer context",
    ),
    (
        "int main(void) { int s = 0;\n#pragma omp for firstprivate(s)\n"
        "for (int i = 0; i < 4; i++) s++;\nreturn s; }\n",
        "2:9: firstprivate variable 's' is private in outer context",
    ),
    (
        "int main(void) { int s = 0;\n#pragma omp parallel private(s)\n"
        "#pragma omp for reduction(+: s)\nfor (int i = 0; i < 4; i++) s++;\nreturn s; }\n",
        "3:9: reduction variable 's' is private in outer context",
    ),
    (  # loop: a lastprivate variable may be private outside, a reduction one not
        "int main(void) { int s = 0, t = 0;\n#pragma omp loop bind(parallel) reduction(+: t)"
        " lastprivate(s)\nfor (s = 0; s < 4; s++) t++;\nreturn s; }\n",
        "2:9: reduction variable 't' is private in outer context",
    ),
    (
        "int main(void) { int s = 0;\n#pragma omp parallel firstprivate(s)\n"
        "#pragma omp single firstprivate(s)\ns++;\nreturn s; }\n",
        "3:9: firstprivate variable 's' is private in outer context",
    ),
    (
        "int main(void) { int s = 0;\nstatic int q;\n#pragma omp threadprivate(q)\n"
        "#pragma omp parallel private(q)\ns = 1;\nreturn s; }\n",
        "4:29: 'q' is predetermined 'threadprivate' for 'private'",
    ),
    (
        "int g;\n#pragma omp threadprivate(g)\nint main(void) {\n"
        "#pragma omp parallel reduction(+: g)\ng++;\nreturn g; }\n",
        "4:31: 'g' is predetermined 'threadprivate' for 'reduction'",
    ),
    (
        "int g;\n#pragma omp threadprivate(g)\nint main(void) {\n"
        "#pragma omp parallel copyin(g, g)\ng++;\nreturn g; }\n",
        "4:28: 'g' appears more than once in data clauses",
    ),
    (
        "int g;\nint main(void) { g = 1; return g; }\n#pragma omp threadprivate(g)\n",
        "3:26: 'g' declared 'threadprivate' after first use",
    ),
    (
        "int main(void) { static int q; q = 1;\n#pragma omp threadprivate(q)\nreturn q; }\n",
        "2:26: 'q' declared 'threadprivate' after first use",
    ),
]

# const variables only in shared and firstprivate
PROGRAMS += [
    (
        "int main(void) { const int c = 1; int s = 0;\n"
        f"#pragma omp {directive}\nfor (int i = 0; i < 4; i++) s += i;\nreturn s + c; }}\n",
        f"2:{column}: 'const' qualified 'c' may appear only in 'shared' or 'firstprivate' clauses",
    )
    for directive, column in [
        ("simd private(c)", 25),
        ("simd reduction(+: c)", 27),
        ("simd linear(c)", 24),
        ("parallel for lastprivate(c)", 37),
        ("taskloop shared(s) private(c)", 39),
    ]
]

#: ``(directive, body, "line:col: message")``: gcc's first warning.
WARNINGS = [
    (
        "#pragma omp parallel num_threads(-1)",
        "s = 1;",
        "5:34: 'num_threads' value must be positive",
    ),
    ("#pragma omp taskloop grainsize(0)", LOOP, "5:32: 'grainsize' value must be positive"),
    (
        "#pragma omp taskloop num_tasks(strict: 0)",
        LOOP,
        "5:40: 'num_tasks' value must be positive",
    ),
    ("#pragma omp task priority(-1)", "s = 1;", "5:27: 'priority' value must be non-negative"),
    ("#pragma omp for schedule(dynamic, 0)", LOOP, "5:25: chunk size value must be positive"),
]

#: Programs gcc accepts (some with a warning), which stay accepted.
ACCEPTED = [
    ("#pragma omp taskloop firstprivate(s) lastprivate(s)", "for (int i = 0; i < 4; i++) s++;"),
    ("#pragma omp parallel for firstprivate(s) lastprivate(s)", LOOP),
    ("#pragma omp for firstprivate(s) lastprivate(s)", LOOP.replace("t++", "s++")),
    ("#pragma omp parallel for simd if(simd: 1) if(parallel: 1)", LOOP),
    ("#pragma omp taskloop simd if(simd: 1) if(taskloop: 0)", LOOP),
    ("#pragma omp atomic hint(3)", "s++;"),
    ("#pragma omp atomic update capture", "t = s++;"),
    ("#pragma omp critical(n) hint(omp_sync_hint_contended)", "s++;"),
    ("#pragma omp critical hint(omp_sync_hint_none)", "s++;"),
    ("#pragma omp simd aligned(p: 8) aligned(a)", LOOP),
    ("#pragma omp task depend(in: a[1:s]) depend(out: a[0:2])", "s = 1;"),
    ("#pragma omp parallel num_threads(-1)", "s = 1;"),
    ("#pragma omp taskloop grainsize(0)", LOOP),
    ("#pragma omp task priority(-1) if(task: 1)", "s = 1;"),
    ("#pragma omp masked filter(t)", "s = 1;"),
    ("#pragma omp single firstprivate(s) nowait", "s = 1;"),
    ("#pragma omp parallel default(private) shared(t)", "s = 1; t = s;"),
    ("#pragma omp task private(s), shared(t),untied", "s = 1;"),
    ("#pragma omp critical(n) , hint(0)", "s++;"),
    ("#pragma omp atomic update, seq_cst", "s++;"),
    ("#pragma omp parallel for default(firstprivate)", LOOP),
    ("#pragma omp simd linear(p: 2) linear(s)", LOOP),
    *(("{\n#pragma omp flush " + order, "}") for order in ("acq_rel", "release", "acquire",
                                                           "seq_cst", "(s, t)")),
]  # fmt: skip


def _first_diagnostic(text: str) -> str | None:
    for line in text.splitlines():
        if ": error: " in line or ": warning: " in line:
            return line.replace("\u2018", "'").replace("\u2019", "'")
    return None


def _gcc(path: Path) -> subprocess.CompletedProcess | None:
    """``gcc -fopenmp -c path``, or None without a gcc that supports OpenMP."""
    if shutil.which("gcc") is None:
        return None
    proc = subprocess.run(
        ["gcc", "-fopenmp", "-c", str(path), "-o", "/dev/null"], capture_output=True, text=True
    )
    if "fopenmp" in proc.stderr and "unrecognized" in proc.stderr:
        return None
    return proc


def _check_error(tmp_path: Path, source: str, expected: str) -> None:
    src = tmp_path / "t.c"
    src.write_text(source)
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    line = f"{src}:{expected.replace(': ', ': error: ', 1)}"
    assert str(info.value).splitlines()[0] == line
    gcc = _gcc(src)
    if gcc is not None:
        assert _first_diagnostic(gcc.stderr) == line


def _message_kind(directive: str, body: str, expected: str) -> str:
    """The message of ``expected`` without its position and quoted names."""
    return re.sub(r"'[^']*'", "''", expected.split(": ", 1)[1])


#: :data:`ERRORS`; the default run takes a seeded fifth of them and a case of
#: every kind of message the draw missed (48 of the 107), the rest are slow.
ERROR_CASES = sample(
    [pytest.param(*case, id="-".join(case)) for case in ERRORS],
    seed=20261126,
    categories=lambda *case: (_message_kind(*case),),
)


@pytest.mark.parametrize(("directive", "body", "expected"), ERROR_CASES)
def test_clause_misuse_is_gccs_error(tmp_path, directive, body, expected):
    _check_error(tmp_path, PROGRAM.format(directive=directive, body=body), expected)


@pytest.mark.parametrize(("source", "expected"), PROGRAMS)
def test_program_misuse_is_gccs_error(tmp_path, source, expected):
    _check_error(tmp_path, source, expected)


@pytest.mark.parametrize(("directive", "body"), ACCEPTED)
def test_what_gcc_accepts_is_accepted(tmp_path, directive, body):
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(directive=directive, body=body))
    parse_program([str(src)], log=DiagnosticLog())
    gcc = _gcc(src)
    if gcc is not None:
        assert gcc.returncode == 0, gcc.stderr


@pytest.mark.parametrize(("directive", "body", "expected"), WARNINGS)
def test_gccs_warnings(tmp_path, directive, body, expected):
    src = tmp_path / "t.c"
    src.write_text(PROGRAM.format(directive=directive, body=body))
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    line = f"{src}:{expected.replace(': ', ': warning: ', 1)}"
    assert [d.format(excerpt=False) for d in log.warnings] == [line]
    gcc = _gcc(src)
    if gcc is not None:
        assert gcc.returncode == 0 and _first_diagnostic(gcc.stderr) == line


TASKLOOP_COUNT = """#include <stdio.h>
int main(void) {
    int tasks = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(2) num_tasks(5)
    for (int i = 0; i < 20; i++) {
#pragma omp atomic
        tasks++;
    }
    int starts = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(5) grainsize(2) firstprivate(starts)
    for (int i = 0; i < 20; i++) {
        if (starts++ == 0) {
#pragma omp atomic
            tasks += 100;
        }
    }
    printf("%d\\n", tasks);
    return 0;
}
"""


def test_grainsize_with_num_tasks_is_num_tasks_with_a_warning(tmp_path):
    # gcc 12 accepts both clauses and passes only num_tasks to the runtime
    src = tmp_path / "t.c"
    src.write_text(TASKLOOP_COUNT)
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    assert [d.format(excerpt=False) for d in log.warnings] == [
        f"{src}:6:31: warning: 'grainsize' clause ignored: 'num_tasks' is also specified",
        f"{src}:14:44: warning: 'grainsize' clause ignored: 'num_tasks' is also specified",
    ]
    exe = tmp_path / "t"
    build = subprocess.run(
        [sys.executable, "-m", "inspirec", "build", str(src), "-o", str(exe)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stderr
    ours = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    assert ours == "520\n"  # 20 iterations, then 5 logical tasks of 4 iterations
    if _gcc(src) is not None:
        gexe = tmp_path / "g"
        subprocess.run(["gcc", "-fopenmp", str(src), "-o", str(gexe)], check=True)
        assert subprocess.run([str(gexe)], capture_output=True, text=True).stdout == ours


@pytest.mark.parametrize(
    ("clause", "expected"),
    [
        ("dist_schedule(Static)", "2:44: invalid dist_schedule kind before 'Static'"),
        ("dist_schedule(1)", "2:44: invalid dist_schedule kind before numeric constant"),
        ("dist_schedule(static, s, t)", "2:53: expected ')' before ',' token"),
        ("dist_schedule(static, zz)", "2:52: 'zz' undeclared (first use in this function)"),
    ],
)
def test_dist_schedule_misuse_is_gccs_error(tmp_path, clause, expected):
    source = (
        "int main(void) { int a[4], s = 1, t = 2;\n"
        f"#pragma omp teams distribute {clause}\n"
        "for (int i = 0; i < 4; i++) a[i] = i;\nreturn a[0] + s + t; }\n"
    )
    _check_error(tmp_path, source, expected)


def test_a_second_dist_schedule_is_gccs_warning(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        "int main(void) { int a[4];\n"
        "#pragma omp teams distribute dist_schedule(static) dist_schedule(static, 2)\n"
        "for (int i = 0; i < 4; i++) a[i] = i;\nreturn a[0]; }\n"
    )
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    line = f"{src}:2:65: warning: too many 'dist_schedule' clauses"
    assert [d.format(excerpt=False) for d in log.warnings] == [line]
    gcc = _gcc(src)
    if gcc is not None:
        assert gcc.returncode == 0 and _first_diagnostic(gcc.stderr) == line


STATIC_IN_DEFAULT = """int g;
int main(void) {{ static int st; int s = 0;
#pragma omp {directive}
{body}
return s; }}
"""


def test_an_unlisted_global_or_static_under_default_none_is_an_error(tmp_path):
    # as gcc (which names it at the expression around it); const globals too,
    # not where it is only sizeof's or typeof's operand
    for directive, body, name in (
        ("parallel default(none) shared(s)", "{ s += 1; g = 1; }", "g"),
        ("task default(none) shared(s)", "{ s += st; }", "st"),
        ("teams default(none) shared(s)", "{ s += 1; g++; }", "g"),
    ):
        src = tmp_path / "t.c"
        src.write_text(STATIC_IN_DEFAULT.format(directive=directive, body=body))
        with pytest.raises(CompileError) as info:
            parse_program([str(src)])
        first = str(info.value).splitlines()[0]
        kind = directive.split()[0]
        assert first.startswith(f"{src}:4:")
        assert first.endswith(f": error: '{name}' not specified in enclosing '{kind}'")
        gcc = _gcc(src)
        if gcc is not None:
            assert _first_diagnostic(gcc.stderr).endswith(first.split(":", 3)[3])
    body = "{ s += sizeof(g) + sizeof st; __typeof__(g) t = 1; s += t; }"
    src.write_text(
        STATIC_IN_DEFAULT.format(directive="parallel default(none) shared(s)", body=body)
    )
    parse_program([str(src)])


@pytest.mark.parametrize(
    "directive",
    [
        "parallel default(private)",
        "parallel for default(firstprivate)",
        "teams default(private)",
        "task default(firstprivate)",
        "taskloop default(private)",
    ],
)
def test_a_file_scope_variable_unlisted_under_default_private_is_an_error(tmp_path, directive):
    # gcc gives the error at the expression around the reference (here the
    # assignment's '='), inspirec at the reference
    src = tmp_path / "t.c"
    loop = (
        "for (int i = 0; i < 2; i++)" if directive.startswith(("parallel for", "taskloop")) else ""
    )
    src.write_text(
        STATIC_IN_DEFAULT.format(directive=directive, body=f"{loop} {{ s += 1; g = 1; }}")
    )
    name = directive.split()[0]
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    first = str(info.value).splitlines()[0]
    assert first.startswith(f"{src}:4:")
    assert first.endswith(f": error: 'g' not specified in enclosing '{name}'")
    gcc = _gcc(src)
    if gcc is not None:
        assert _first_diagnostic(gcc.stderr).endswith(first.split(":", 3)[3])


def test_the_column_falls_back_to_the_pragma_when_a_macro_spells_it(tmp_path):
    source = "#define TWICE final(1) final(0)\n" + PROGRAM.format(
        directive="#pragma omp task TWICE", body="s = 1;"
    )
    src = tmp_path / "t.c"
    src.write_text(source)
    with pytest.raises(CompileError) as info:
        parse_program([str(src)])
    first = str(info.value).splitlines()[0]
    assert re.fullmatch(rf"{re.escape(str(src))}:6:\d+: error: too many 'final' clauses", first)
