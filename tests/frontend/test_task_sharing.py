"""Implicit data sharing of tasks, read from the captures of their closures
in the IR: what the enclosing context privatises, and the copies gcc makes
of locals a task only reads (:func:`frontend.openmp.read_only_local`)."""

import pytest
from inspirec.inspire import print_program

from inspirec import lower_c


def task_captures(tmp_path, code: str) -> list[str]:
    """The capture lists of the tasks of ``code`` (a whole program), in order."""
    src = tmp_path / "t.c"
    src.write_text(code)
    text = print_program(lower_c([str(src)]))
    lines = [x for x in text.splitlines() if "job[1 .. 1]" in x]
    return [x[x.index("bind [") + 6 : x.index("] ()")] for x in lines]


SINGLE_LOOP = """
int main(void) {
  int i, k = 0, m = 1, *p = &m, seen[4] = {0};
  #pragma omp parallel
  #pragma omp single
  for (i = 0; i < 4; i++) {
    #pragma omp task
    seen[i] += k + m;
    #pragma omp task
    k++;
  }
  return *p + seen[0];
}
"""


def test_a_local_a_task_only_reads_is_copied_as_gcc_copies_it(tmp_path):
    """The loop counter and ``k`` are shared in the region; the first task
    only reads them, so it copies the counter when it is created.  ``k``,
    which the second task changes (before the first reads it, if the two
    were ordered), ``m``, whose address is taken, and the array stay
    shared."""
    reader, writer = task_captures(tmp_path, SINGLE_LOOP)
    assert "var ref<int<4>> i = ref_deref(i)" in reader
    assert "var ref<int<4>> k = k" in reader
    assert "var ref<int<4>> m = m" in reader
    assert "var ref<array<int<4>,4>> seen = seen" in reader
    assert writer == "var ref<int<4>> k = k"


@pytest.mark.parametrize(
    "clause",
    ["depend(in: k)", "shared(k)", "default(shared)"],
)
def test_a_read_only_local_stays_shared_when_a_clause_names_it(tmp_path, clause):
    code = f"""
int main(void) {{
  int k = 1, r = 0;
  #pragma omp parallel
  #pragma omp single
  {{
    #pragma omp task {clause} shared(r)
    r = k;
  }}
  return r;
}}
"""
    (captures,) = task_captures(tmp_path, code)
    assert "var ref<int<4>> k = k" in captures


def test_variables_private_to_a_single_or_an_orphaned_loop_are_firstprivate(tmp_path):
    """A single's private copy, a variable declared in the single with the
    name of a shared one, and a local of a function whose worksharing loop
    is orphaned are private where the task is created: the task copies them
    even though it writes them."""
    code = """
int v[4];
void orphaned(void) {
  int base = 1;
  #pragma omp for
  for (int k = 0; k < 4; k++) {
    #pragma omp task
    v[k] = ++base;
  }
}
int main(void) {
  int i = 9;
  #pragma omp parallel
  {
    #pragma omp single private(i)
    for (i = 0; i < 4; i++) {
      #pragma omp task
      v[i] = i++;
    }
    #pragma omp single
    for (int i = 0; i < 4; i++) {
      #pragma omp task
      v[i] = i++;
    }
    orphaned();
  }
  return i;
}
"""
    base, private_copy, inner = task_captures(tmp_path, code)
    assert "var ref<int<4>> base = ref_deref(base)" in base
    assert "var ref<int<4>> i = ref_deref(i)" in private_copy
    assert "var ref<int<4>> i = ref_deref(i)" in inner


def test_a_local_a_nested_task_changes_is_shared_by_its_enclosing_task(tmp_path):
    """The outer task's body changes ``b`` through the nested task: both
    share it (asking the outer task while its body was lowered failed)."""
    code = """
int main(void) {
  int b = 0, c = 1;
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp task
    {
      #pragma omp task
      b = c;
    }
  }
  return b;
}
"""
    outer, inner = task_captures(tmp_path, code)
    assert "var ref<int<4>> b = b" in outer and "var ref<int<4>> b = b" in inner
    assert "var ref<int<4>> c = ref_deref(c)" in outer
