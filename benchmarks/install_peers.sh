#!/bin/sh
# Install the peer toolchains the benchmarks are compared against:
# clang with libomp (clang -fopenmp) and oneTBB (the *_tbb.cpp versions).
# Debian/Ubuntu; run as root or with sudo available.
set -eu
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
fi
$SUDO apt-get update
$SUDO apt-get install -y clang libomp-dev libtbb-dev g++
