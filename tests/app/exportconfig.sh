#!/usr/bin/env bash
# Exports strategies with `sightline-cli whatif --export-config` and loads the files into the frameworks:
#  - the bundled two-rank Kineto example: the DDP arguments, DeepSpeed and Horovod files
#    (check_exported_config.py);
#  - the project's CPU DDP job (tests/fixtures/groundtruth-cpu/ddp/bucket25mb), with tensor fusion,
#    recomputation, accumulation, mixed precision and a worker count, and again with a static graph:
#    sightline_strategy.py trains its model on one and two gloo processes and DDP's rebuilt buckets must
#    be the modelled ones (check_strategy_script.py); with bf16 and op fusion, its demo trains;
#  - where TRACES has them, the MI300 ResNet trace (the profiler's module paths must name the model's
#    BasicBlocks, check_module_paths.py), and the Horovod and BytePS jobs' exports.
# The Python checks exit 77 without torch, which skips the test.
# Usage: exportconfig.sh CLI PYTHON SOURCE_DIR WORK_DIR TRACES
set -euo pipefail
cli="$1"
python="$2"
source="$3"
work="$4"
traces="$5"
rm -rf "$work"
mkdir -p "$work"

export_to() { # FOLDER TRACES... -- whatif arguments
    local folder="$work/$1"
    shift
    "$cli" whatif "$@" --export-config "$folder" > "$folder.log" 2>&1 || { cat "$folder.log" >&2; exit 1; }
}
run_check() { # SCRIPT ARGS...
    local rc=0
    "$python" "$source/tests/app/$1" "${@:2}" || rc=$?
    [ "$rc" -eq 0 ] || exit "$rc"
}

export_to kineto "$source/resources/examples/ddp-2rank" --set tensor_fusion.bucket_cap_mb=4 --set mixed_precision.precision=fp16
for f in ddp_args.json sightline_strategy.py deepspeed_config.json horovod.env tensor_groups.json sightline-export.json; do
    [ -s "$work/kineto/$f" ] || { echo "exportconfig.sh: $f was not written" >&2; exit 1; }
done
run_check check_exported_config.py "$work/kineto"

cpu_ddp="$source/tests/fixtures/groundtruth-cpu/ddp/bucket25mb"
export_to combined "$cpu_ddp" --set tensor_fusion.bucket_cap_mb=1 --set 'recompute.layers=block_*' --set grad_accumulation.micro_batches=2 \
    --set mixed_precision.precision=fp16 --set worker_count.workers=2 --set worker_count.ranks_per_host=2
run_check check_exported_config.py "$work/combined"
run_check check_strategy_script.py "$work/combined" 1
run_check check_strategy_script.py "$work/combined" 2
export_to static "$cpu_ddp" --set tensor_fusion.bucket_cap_mb=2 --set 'recompute.layers=block_*' --set recompute.every=2
grep -q '"static_graph": True' "$work/static/sightline_strategy.py" || { echo "exportconfig.sh: static_graph is not set for a static job" >&2; exit 1; }
run_check check_strategy_script.py "$work/static" 2
# bf16 autocast and op fusion: the script's own demo trains with them on the CPU, and says what this
# PyTorch cannot do (torch.compile before 2.0).
export_to compiled "$cpu_ddp" --set mixed_precision.precision=bf16 --set 'op_fusion.match=*'
PYTHONFAULTHANDLER=1 timeout -s ABRT 120 "$python" "$work/compiled/sightline_strategy.py" > "$work/compiled.out" 2>&1 \
    || { cat "$work/compiled.out" >&2; exit 1; }
grep -q "trained two steps" "$work/compiled.out"
if ! "$python" -c 'import sys, torch; sys.exit(int(torch.__version__.split(".")[0]) < 2)'; then
    grep -q "torch.compile needs PyTorch 2.0" "$work/compiled.out"
fi

if [ -d "$traces/kineto/rocm-mi300-ckpt" ]; then
    export_to modules "$traces/kineto/rocm-mi300-ckpt/resnet_act_checkpoint.json.gz" --set 'recompute.layers=nn.Module: BasicBlock_*'
    run_check check_module_paths.py "$work/modules"
    export_to horovod "$traces/horovod/tf-4rank-mpi/horovod_timeline.json" --set tensor_fusion.threshold_bytes=67108864 \
        --set mixed_precision.precision=fp16 --set worker_count.workers=8 --set worker_count.ranks_per_host=4 --batch 32
    run_check check_exported_config.py "$work/horovod"
    export_to byteps "$traces/byteps/2gpu-ps" --set tensor_partition.partition_bytes=2097152 --set worker_count.workers=8 \
        --set worker_count.ranks_per_host=4 --set mixed_precision.precision=fp16 --batch 32
    run_check check_exported_config.py "$work/byteps"
else
    echo "exportconfig.sh: $traces is absent: the MI300, Horovod and BytePS exports are not checked"
fi
