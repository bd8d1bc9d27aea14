#!/usr/bin/env bash
# Installs the Debian 12 packages Sightline needs to build, test (sanitizer and fuzz builds included) and
# run. Idempotent: packages already present are left alone and apt-get is not called at all when nothing
# is missing.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
    libqcustomplot-dev libboost-graph-dev libtbb-dev libsimdjson-dev zlib1g-dev libzstd-dev
    qt6-svg-dev desktop-file-utils appstream
    # Screenshots under a real X server (tst_screenshot), and a font with Chinese glyphs for the zh_CN
    # window.
    python3 xvfb xauth fonts-wqy-microhei
    # The strategy search across processes: sightline-cli optimize under mpirun (and its ctest).
    libopenmpi-dev openmpi-bin
    # The export test loads the DDP arguments Sightline writes into a real DistributedDataParallel.
    python3-torch
    # The fuzz build: clang with libFuzzer and the sanitizer runtimes, and llvm-symbolizer for readable
    # sanitizer stacks (GCC's AddressSanitizer uses it too when it is on the PATH).
    clang libclang-rt-14-dev llvm
    # A linker five times as fast as GNU ld over the test programs (CMake uses it when it is there).
    lld
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages are installed"
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "install-deps: done"
