#!/usr/bin/env bash
# Runs the test suite as on a machine whose disk flushes slowly: every fsync and fdatasync of the
# test process (and of the processes it starts) waits SLOW_FSYNC_US microseconds first (100 ms by
# default), through an LD_PRELOAD shim. CI's machines once flushed slowly enough to starve the
# suite's main-actor tests past their time limits; this is how that was reproduced and fixed.
#
#   bash scripts/slow-disk/run-tests.sh                    # whole suite, both calls slowed
#   SLOW_WHICH=fdatasync bash scripts/slow-disk/run-tests.sh --filter LoopbackTests
#
# Needs gcc; builds nothing of the package (run `swift build --build-tests` first).
set -euo pipefail
cd "$(dirname "$0")/../.."
shim=$(mktemp -d)
trap 'rm -rf "$shim"' EXIT
gcc -shared -fPIC -O2 -o "$shim/slow-sync.so" scripts/slow-disk/slow-sync.c -ldl
SLOW_FSYNC_US=${SLOW_FSYNC_US:-100000} LD_PRELOAD="$shim/slow-sync.so" swift test --skip-build "$@"
