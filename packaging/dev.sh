#!/usr/bin/env bash
# The two newcomer commands (see README):
#   packaging/dev.sh run    install dependencies, build, and open the app on the bundled example
#   packaging/dev.sh test   install dependencies, build, and run every test through ctest
# Extra arguments after "run" are passed to the app instead of the example.
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
cmake --preset default
cmake --build --preset default

if [ "$mode" = run ]; then
    if [ $# -eq 0 ]; then
        set -- "$root/resources/examples/alexnet-k80/alexnet_k80.csv"
    fi
    exec "$root/build/default/bin/sightline" "$@"
fi

export QT_QPA_PLATFORM=offscreen
# Benchmarks are separate executables that print figures; ctest -L benchmark runs them on request.
ctest --preset default
