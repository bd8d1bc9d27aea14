#!/usr/bin/env bash
# Exports a strategy with `sightline-cli whatif --export-config` from the bundled two-rank Kineto example
# and loads the files into the frameworks (check_exported_config.py; a skip when torch is missing).
# Usage: exportconfig.sh CLI PYTHON SOURCE_DIR WORK_DIR
set -euo pipefail
cli="$1"
python="$2"
source="$3"
work="$4"
rm -rf "$work"
"$cli" whatif "$source/resources/examples/ddp-2rank" --set tensor_fusion.bucket_cap_mb=4 \
    --set mixed_precision.precision=fp16 --export-config "$work"
for f in ddp_args.json deepspeed_config.json horovod.env tensor_groups.json; do
    [ -s "$work/$f" ] || { echo "exportconfig.sh: $f was not written" >&2; exit 1; }
done
exec "$python" "$source/tests/app/check_exported_config.py" "$work"
