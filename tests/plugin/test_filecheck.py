"""The FileCheck-style matcher (inspirec.filecheck) on hand-written texts."""

import pytest

from inspirec.filecheck import PatternError, find_checks, run_checks

TEXT = """\
def f = function () -> unit {
    parallel(job[1 .. 1] => a);
    parallel(job[1 .. 1] => b);
    merge_all();
}
def g = function () -> unit {
    merge(h);
}
"""


def failures(checks_source: str, text: str = TEXT) -> list[str]:
    return [f.format("ir") for f in run_checks(find_checks(checks_source, "t.c"), text)]


def test_checks_hold_in_order():
    source = """
    // INSPIREC-CHECK: def f
    // INSPIREC-CHECK-NEXT: parallel(job[1 .. 1] => a)
    // INSPIREC-CHECK-NOT: merge(
    // INSPIREC-CHECK: merge_all()
    // INSPIREC-CHECK: def g
    // INSPIREC-CHECK-NEXT: merge({{[a-z]+}})
    """
    assert failures(source) == []


def test_blanks_match_any_run_of_blanks_and_matching_stays_on_one_line():
    assert failures("// INSPIREC-CHECK: parallel(job[1    .. 1]") == []
    assert failures("// INSPIREC-CHECK: => b); merge_all") != []


def test_a_missing_pattern_shows_where_scanning_started_and_the_nearest_lines():
    source = "// INSPIREC-CHECK: def g\n// INSPIREC-CHECK: parallel(job[1 .. 2] => a)\n"
    (message,) = failures(source)
    assert message.startswith(
        "t.c:2:4: error: INSPIREC-CHECK: expected text not found in view 'ir'\n"
        "  INSPIREC-CHECK: parallel(job[1 .. 2] => a)\n"
        "  scanning from:\n"
        "       6 | def g = function () -> unit {\n"
        "  nearest lines:\n"
    )
    source = "// INSPIREC-CHECK: parallel(job[1 .. 2] => a)\n"
    (message,) = failures(source)
    nearest = message.split("nearest lines:\n")[1].splitlines()
    assert nearest[0] == "       2 |     parallel(job[1 .. 1] => a);"


def test_next_must_be_on_the_following_line():
    source = "// INSPIREC-CHECK: def f\n// INSPIREC-CHECK-NEXT: merge_all()\n"
    (message,) = failures(source)
    assert "INSPIREC-CHECK-NEXT: found on text line 4, not on the next line (2)" in message
    assert "       2 |     parallel(job[1 .. 1] => a);" in message


def test_not_is_checked_between_the_neighbouring_matches():
    assert (
        failures(
            "// INSPIREC-CHECK: def f\n// INSPIREC-CHECK-NOT: merge(\n// INSPIREC-CHECK: def g"
        )
        == []
    )
    (message,) = failures("// INSPIREC-CHECK: def g\n// INSPIREC-CHECK-NOT: merge(\n")
    assert message.startswith("t.c:2:4: error: INSPIREC-CHECK-NOT: excluded text found")
    assert "       7 |     merge(h);" in message


def test_every_failing_check_is_reported():
    source = "// INSPIREC-CHECK: nothing\n// INSPIREC-CHECK: def g\n// INSPIREC-CHECK: nada\n"
    assert [m.split(":")[1] for m in failures(source)] == ["1", "3"]


def test_a_prefix_selects_its_own_checks():
    source = "// JSON: def g\n// INSPIREC-CHECK: nothing\n// JSON-NOT: merge_all\n"
    checks = find_checks(source, "t.c", "JSON")
    assert [(c.kind, c.pattern, c.directive) for c in checks] == [
        ("", "def g", "JSON"),
        ("NOT", "merge_all", "JSON-NOT"),
    ]
    assert run_checks(checks, TEXT) == []


@pytest.mark.parametrize(
    ("pattern", "error"),
    [
        ("merge({{[a-z}})", "t.c:1:4: error: invalid regex {{[a-z}}"),
        ("merge({{x", "t.c:1:4: error: '{{' without a closing '}}'"),
    ],
)
def test_bad_regexes_are_named(pattern, error):
    with pytest.raises(PatternError, match="^" + error.replace("{", "\\{").replace("[", "\\[")):
        run_checks(find_checks(f"// INSPIREC-CHECK: {pattern}", "t.c"), TEXT)
