#!/bin/sh
# Set up inspirec on a fresh Debian machine: the C toolchain from Debian's
# packages, then a virtual environment .venv/ holding inspirec (installed
# from this checkout, not editable) with its test extras.  Nothing outside
# .venv/ is installed with pip, and nothing already installed is used.
#
#   ./setup.sh                      newest allowed versions of every dependency
#   INSPIREC_VENV=DIR ./setup.sh    another environment directory
#   INSPIREC_CONSTRAINTS=FILE ...   pip constraints (CI: .ci/oldest.txt)
#   INSPIREC_EXTRAS=test,bench      other extras (default: test)
set -eu
cd "$(dirname "$0")"
venv="${INSPIREC_VENV:-.venv}"
extras="${INSPIREC_EXTRAS:-test}"

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
need_apt=""
for tool in gcc cpp make python3; do
    command -v "$tool" >/dev/null 2>&1 || need_apt="yes"
done
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need_apt="yes"
fi
if [ -n "$need_apt" ]; then
    $SUDO apt-get update
    $SUDO apt-get install -y gcc make python3 python3-venv
fi

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
set -- --quiet --disable-pip-version-check
if [ -n "${INSPIREC_CONSTRAINTS:-}" ]; then
    set -- "$@" --constraint "$INSPIREC_CONSTRAINTS"
fi
# A plain (non-editable) install; --force-reinstall picks up changes of the checkout.
"$venv/bin/python" -m pip install "$@" --force-reinstall --no-deps .
"$venv/bin/python" -m pip install "$@" ".[$extras]"
rm -rf build
echo "inspirec installed: $venv/bin/inspirec ($("$venv/bin/inspirec" --version))"
