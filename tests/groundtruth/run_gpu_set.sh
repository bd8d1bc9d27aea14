#!/usr/bin/env bash
# Records the second ground-truth set (convnet and gpt-large, every pair) on a machine with one
# NVIDIA GPU, in one go, under a hard wall-clock limit.
#
# Run it once from the repository root on the GPU machine:
#
#   bash tests/groundtruth/run_gpu_set.sh
#
# $OUT must name a folder (the device machine sets it; its contents come back).  The set goes to
# $OUT/gt2/<model>/<pair>/<variant>/rank*.json.gz with $OUT/gt2/<model>/measurements.json, and the
# whole console output to $OUT/gt2/run.log.  $PYTHON picks the interpreter (default python3).
# $EXTRA_ARGS (split on spaces) is added to kineto_pairs.py's options: for testing this script
# without a GPU (--device cpu and tiny sizes), not for the recording.
#
# The whole run stays under WALL_LIMIT_S (555 s): kineto_pairs.py gets what is left after the
# version checks, less GZIP_RESERVE_S for compressing the traces, as a timeout(1) limit, and a
# --time-budget-s a little under that, so that it normally ends by itself (skipping, and
# recording as skipped, the pairs that no longer fit) and the timeout is only a safety net.

set -u

WALL_LIMIT_S=${WALL_LIMIT_S:-555}
GZIP_RESERVE_S=25
PY=${PYTHON:-python3}
T_START=$(date +%s)

: "${OUT:?set OUT to the folder the results go to}"
cd "$(dirname "$0")/../.." || exit 2
DEST="$OUT/gt2"
mkdir -p "$DEST"
LOG="$DEST/run.log"

elapsed() { echo $(( $(date +%s) - T_START )); }

{
    echo "== $(date -u +%Y-%m-%dT%H:%M:%SZ) run_gpu_set.sh in $(pwd), results in $DEST"
    echo "== nvidia-smi"
    timeout 30 nvidia-smi || echo "nvidia-smi failed or is missing"
    echo "== python and torch"
    timeout 90 "$PY" -c '
import platform, torch
print("python", platform.python_version())
print("torch", torch.__version__, "cuda", torch.version.cuda,
      "cudnn", torch.backends.cudnn.version() if torch.cuda.is_available() else None)
print("cuda available", torch.cuda.is_available(), "devices", torch.cuda.device_count())
if torch.cuda.is_available():
    print("device 0", torch.cuda.get_device_name(0), "bf16", torch.cuda.is_bf16_supported())
' || echo "torch check failed"
    echo "== host: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB memory"
} 2>&1 | tee "$LOG"

# What is left for the recording: the python process is stopped (SIGTERM, then SIGKILL 5 s later)
# at PY_LIMIT; its own budget ends 15 s earlier, which leaves it time to stop a pair, write
# measurements.json and exit.
PY_LIMIT=$(( WALL_LIMIT_S - GZIP_RESERVE_S - $(elapsed) - 5 ))
BUDGET=$(( PY_LIMIT - 15 ))
echo "== $(elapsed)s: kineto_pairs.py --model convnet,gpt-large ${EXTRA_ARGS:-}, budget ${BUDGET}s, timeout ${PY_LIMIT}s" | tee -a "$LOG"

# EXTRA_ARGS is split into words on purpose.
# shellcheck disable=SC2086
PYTHONUNBUFFERED=1 timeout --signal=TERM --kill-after=5 "$PY_LIMIT" \
    "$PY" tests/groundtruth/kineto_pairs.py --model convnet,gpt-large --out "$DEST" \
    --time-budget-s "$BUDGET" ${EXTRA_ARGS:-} 2>&1 | tee -a "$LOG"
RC=${PIPESTATUS[0]}
echo "== $(elapsed)s: kineto_pairs.py exit status $RC (124: stopped by the timeout; 1: a pair not ok)" | tee -a "$LOG"

# Compress the traces (measurements.json keeps the uncompressed names, as the fixtures do).
# Whatever is not done within the reserve stays uncompressed.
LEFT=$(( WALL_LIMIT_S - $(elapsed) - 3 ))
if [ "$LEFT" -gt 1 ]; then
    find "$DEST" -name 'rank*.json' -print0 | timeout "$LEFT" xargs -0 -r -P 8 -n 1 gzip -9
fi

{
    echo "== $(elapsed)s: traces (bytes, gzip -9; the aim is under 3 MB each)"
    find "$DEST" -name 'rank*.json*' -printf '%s %P\n' | sort -k2 | awk '
        { flag = ($1 > 3000000) ? "  OVER 3 MB" : ""; printf "%10d  %s%s\n", $1, $2, flag; total += $1 }
        END { printf "%10d  total in %d files\n", total, NR }'
    for m in "$DEST"/*/measurements.json; do
        [ -f "$m" ] && echo "$(stat -c %s "$m")  ${m#"$DEST"/}"
    done
    echo "== $(date -u +%Y-%m-%dT%H:%M:%SZ) done in $(elapsed)s"
} 2>&1 | tee -a "$LOG"
exit "$RC"
