#!/bin/sh
# Set up inspirec on a fresh Debian machine: C toolchain, Python packages,
# and inspirec itself (editable install with the test extras).
set -eu
cd "$(dirname "$0")"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
need_apt=""
for tool in gcc cpp make; do
    command -v "$tool" >/dev/null 2>&1 || need_apt="yes"
done
command -v python3 >/dev/null 2>&1 || need_apt="yes"
python3 -m pip --version >/dev/null 2>&1 || need_apt="yes"
if [ -n "$need_apt" ]; then
    $SUDO apt-get update
    $SUDO apt-get install -y gcc make python3 python3-pip python3-venv
fi
python3 -m pip install --quiet --disable-pip-version-check -e '.[test]' \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages -e '.[test]'
echo "inspirec installed: $(command -v inspirec || echo 'python3 -m inspirec')"
