"""Options shared by the whole test suite."""


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite golden files (e.g. tests/frontend/golden/*.ir) from the current output; "
        "review every diff before committing",
    )
