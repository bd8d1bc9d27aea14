#!/usr/bin/env bash
# The two newcomer commands (see README):
#   packaging/dev.sh run    install dependencies, build, and open the app on the bundled example
#   packaging/dev.sh test   install dependencies, then build and run every test through ctest, in three
#                           stages: the normal build (build/default), the same suite but the packaging
#                           checks under AddressSanitizer and UndefinedBehaviorSanitizer (build/asan),
#                           and the libFuzzer harnesses for 60 s each (build/fuzz, ctest label fuzz)
# Extra arguments after "run" are passed to the app instead of the example.
# Every test stage runs even when an earlier one failed, so that one run shows all failures; the command
# fails when any stage did. Each stage prints how long it took.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
mode="${1:-}"
shift || true

case "$mode" in
    run|test) ;;
    *) echo "usage: $0 run|test" >&2; exit 2 ;;
esac

bash "$here/install-deps.sh"
cd "$root"

if [ "$mode" = run ]; then
    cmake --preset default
    cmake --build --preset default
    if [ $# -eq 0 ]; then
        set -- "$root/resources/examples/ddp-gpu/bucket1mb.sightline"
    fi
    exec "$root/build/default/bin/sightline" "$@"
fi

export QT_QPA_PLATFORM=offscreen
failed=()

# Configures, builds and tests one preset; a build failure skips that preset's tests.
stage() {
    local preset="$1"
    local started=$SECONDS
    echo "dev.sh: stage $preset: configure and build"
    if cmake --preset "$preset" && cmake --build --preset "$preset"; then
        local built=$SECONDS
        echo "dev.sh: stage $preset: built in $((built - started)) s; testing"
        if ! ctest --preset "$preset"; then
            failed+=("$preset (tests)")
        fi
        echo "dev.sh: stage $preset: tested in $((SECONDS - built)) s"
    else
        failed+=("$preset (build)")
    fi
    echo "dev.sh: stage $preset: $((SECONDS - started)) s in all"
}

# Benchmarks are separate executables that print figures; ctest -L benchmark runs them on request. The
# test presets leave out the labels benchmark and fuzz (and asan packaging, which the default stage
# checks); the fuzz preset runs only fuzz.
stage default
stage asan
stage fuzz

echo "dev.sh: test finished in $SECONDS s"
if [ ${#failed[@]} -gt 0 ]; then
    echo "dev.sh: failed: ${failed[*]}" >&2
    exit 1
fi
