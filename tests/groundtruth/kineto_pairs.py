#!/usr/bin/env python3
"""Record ground-truth PyTorch profiler (Kineto) traces in pairs on a real NVIDIA GPU.

Sightline's strategy passes predict what a change of training configuration would do to a
job's step time and memory.  This script produces what they can be checked against: for each
change it trains the same model twice, once as the base configuration and once with the one
change, records a Kineto trace of each side and measures both sides' step time and peak memory
without the profiler.

Models (--model; several may be given, comma-separated):

  gpt        the default: a small GPT-like decoder (4 blocks, d_model 512, 8 heads, seq 128,
             vocab 8192, batch 64, about 21 M parameters), AdamW.  Its output and measurements
             are those of the committed fixtures (tests/fixtures/groundtruth/).
  gpt-large  the same decoder, larger: 12 blocks, d_model 1024, 16 heads, seq 256, vocab 8192,
             batch 16 (about 168 M parameters), AdamW.  Its traces keep 2 active steps instead
             of 3, so that the largest (four micro-batches) stays under about 3 MB gzipped.
  convnet    a ResNet-18-like image classifier written here (no torchvision): a 3x3 stem
             convolution with BatchNorm and ReLU, four stages of two residual basic blocks
             (64, 128, 256, 512 channels; each stage after the first halves the resolution),
             global average pooling and a linear head; random 3x64x64 images, 100 classes,
             batch 256 (about 11 M parameters), SGD with momentum.  Its convolutions run with
             PyTorch's default cuDNN setting, which allows TF32 (matrix products do not).
             Checkpointing recomputes each block's BatchNorm in the backward pass, which updates
             its running statistics a second time; that changes no kernel's cost.

The model options (--layers, --d-model, ..., --image-size, --width, --stage-blocks, --classes,
--batch, --optimizer, --sched-active) override the preset of every model they apply to.

Pairs (base -> changed):

  amp           fp32 -> torch.autocast (bf16 where the GPU supports it, else fp16 with GradScaler)
  checkpoint    no activation checkpointing -> checkpoint(..., use_reentrant=False) on every block
  accumulation  one batch of B per optimizer step -> four micro-batches of B/4 per optimizer step
  batch         one batch of B per optimizer step -> one batch of B/2 per optimizer step, nothing
                else changed: a second point for how kernel time scales with the batch
  ddp           two DistributedDataParallel ranks, bucket_cap_mb 25 -> 1 (gloo with both ranks on
                cuda:0 when the machine has one GPU, NCCL with one GPU per rank otherwise)
  compile       eager -> torch.compile(model)

gpt runs all but batch by default (so that its default output stays that of the fixtures);
gpt-large and convnet run all six.  --pairs picks others for every model.

Every side of every pair starts from the same seeds and the same model; only the one thing changes.
The base configuration is fp32 (PyTorch's default matmul precision, so no TF32 in matrix
products; convnet's cuDNN convolutions use TF32, which is PyTorch's default for them), no
checkpointing, no accumulation, eager, one process.  The default gpt model with batch 64 keeps the
base step GPU-bound on an H100 (about 22 ms, of which about 21 ms of kernels); with batch 16 it is
bound by the Python host, and the profiler's own overhead then doubles the traced step times.
gpt-large and convnet are sized to be GPU-bound too, with tens of ms of kernels per base step.

For each side the script
  1. builds the model and its optimizer, runs a few warm-up steps (for torch.compile these
     include the compilation itself, whose time is recorded);
  2. times --iters optimizer steps without the profiler, each closed by torch.cuda.synchronize(),
     after torch.cuda.reset_peak_memory_stats(), and keeps the median/min/max wall time per step
     and torch.cuda.max_memory_allocated();
  3. profiles wait+warmup+active more steps with torch.profiler (CPU and CUDA activities,
     record_shapes, profile_memory, no stacks) and exports the trace with export_chrome_trace.
     Each profiled step is also closed by torch.cuda.synchronize() before prof.step(), so a
     ProfilerStep#N span covers the step's GPU work, as the timed steps do.  The same wall clock
     is kept around each profiled step (profiled_step_ms: the active steps, those in the trace;
     profiled_schedule_ms: every scheduled step with its phase), so that the profiler's own
     overhead can be read off against step_ms.

Each block's forward runs inside record_function("block_<i>") (gpt: the transformer blocks;
convnet: the residual basic blocks, numbered across the stages), and each step's phases inside
record_function("forward"), ("backward") and ("optimizer"), so that layers and phases are visible
in the trace (under torch.compile, Dynamo may drop the annotations inside the compiled region).

Each pair runs in child processes of its own (two for ddp), under a time limit, so that a failure,
a crash or a hang in one pair is recorded in measurements.json and does not lose the others.
measurements.json is rewritten after every pair, and a worker writes its side's result as soon as
the side is done, so a run stopped at a limit keeps what finished.

--time-budget-s is the whole run's: each model gets an equal share of what is left when it
starts (what one does not use goes to the next), a pair runs under min(its own cap, what is left
of its model's share), and a pair with less than 45 s left is skipped and recorded as skipped.
SIGTERM (as from timeout(1)) stops the running pair, records it and writes measurements.json.

Output, under --out (with several models, under --out/<model>/ for each):

  <pair>/<variant>/rank0.json     the Kineto trace of that side (ddp also has rank1.json)
  measurements.json               environment, model (family, sizes, parameter count, optimizer),
                                  method and, per pair and side, the measured step times (with
                                  and without the profiler), peak memory and status

Run it on a machine with a CUDA GPU and PyTorch:

  python3 tests/groundtruth/kineto_pairs.py --out /tmp/gt
  python3 tests/groundtruth/kineto_pairs.py --out /tmp/gt --pairs amp,ddp --iters 30
  python3 tests/groundtruth/kineto_pairs.py --out /tmp/gt2 --model convnet,gpt-large --time-budget-s 500

then compress the traces (gzip -9) before they become fixtures under tests/fixtures/groundtruth/
(tests/groundtruth/run_gpu_set.sh does all of this for the second set).  docs/fidelity.md
describes the recorded set.

--device cpu is a dry run that tests the script's logic without a GPU (PyTorch 1.13 or later):
CPU activities only, no memory measurements (recorded as null), ddp over gloo on the CPU,
torch.compile recorded as unavailable where the PyTorch has none, and a written-out causal
attention where scaled_dot_product_attention is missing.  A PyTorch built without Kineto (as
Debian's python3-torch) writes the profiler's legacy format, a bare JSON list of CPU events without
shapes; environment.kineto_available says which.  Use tiny sizes, e.g.

  /usr/bin/python3 tests/groundtruth/kineto_pairs.py --device cpu --out /tmp/dry \\
      --model gpt,gpt-large,convnet --pairs amp,checkpoint,accumulation,batch,ddp,compile \\
      --layers 1 --d-model 64 --heads 4 --seq 16 --vocab 256 --width 8 --stage-blocks 1,1 \\
      --image-size 16 --batch 8 --iters 3 --warmup-steps 1 --compile-warmup-steps 1
"""

import argparse
import contextlib
import datetime
import gc
import json
import math
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import traceback

# The order pairs run in.  compile comes last: it is the longest and the least predictable, so a
# run short of time loses it rather than the others.
PAIR_ORDER = ["amp", "checkpoint", "accumulation", "batch", "ddp", "compile"]

# Longest a pair may run (seconds) before its processes are killed; the overall --time-budget-s
# caps these further.
PAIR_TIME_CAP_S = {
    "amp": 120,
    "checkpoint": 120,
    "accumulation": 150,
    "batch": 120,
    "ddp": 200,
    "compile": 300,
}

# A pair is not started with less than this much of its model's share of the budget left.
MIN_PAIR_START_S = 45

# Model presets.  Options given on the command line override them.  "pairs" is the default pair
# list: gpt's stays that of the committed fixtures.
PRESETS = {
    "gpt": {"family": "gpt", "layers": 4, "d_model": 512, "heads": 8, "seq": 128, "vocab": 8192,
            "batch": 64, "sched_active": 3,
            "pairs": ["amp", "checkpoint", "accumulation", "ddp", "compile"]},
    "gpt-large": {"family": "gpt", "layers": 12, "d_model": 1024, "heads": 16, "seq": 256,
                  "vocab": 8192, "batch": 16, "sched_active": 2, "pairs": list(PAIR_ORDER)},
    "convnet": {"family": "convnet", "image_size": 64, "width": 64, "stage_blocks": "2,2,2,2",
                "classes": 100, "batch": 256, "sched_active": 3, "pairs": list(PAIR_ORDER)},
}

OPTIMIZERS = {
    "adamw": "AdamW(lr=3e-4, weight_decay=0.1)",
    "sgd": "SGD(lr=0.1, momentum=0.9, weight_decay=5e-4)",
}
FAMILY_OPTIMIZER = {"gpt": "adamw", "convnet": "sgd"}

START = time.perf_counter()
# Wall-clock start of the whole run, shared with the workers so that every log line counts from it.
T0 = float(os.environ.get("KINETO_PAIRS_T0", time.time()))


def log(msg, prefix="main"):
    now = time.time()
    stamp = datetime.datetime.fromtimestamp(now, datetime.timezone.utc).strftime("%H:%M:%S")
    print(f"[{stamp} {now - T0:7.1f}s {prefix}] {msg}", flush=True)


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Record pairs of Kineto traces (base and changed configuration) of a GPT-like "
        "model or a ResNet-like convnet on a CUDA GPU, and measure step time and peak memory of "
        "each side.")
    p.add_argument("--out", required=True,
                   help="output folder (created; existing traces are overwritten); with several "
                   "models, each writes under <out>/<model>/")
    p.add_argument("--model", default="gpt",
                   help="comma-separated models, from: " + ", ".join(PRESETS) + " (default gpt)")
    p.add_argument("--pairs", default=None,
                   help="comma-separated pairs to run, from: " + ", ".join(PAIR_ORDER) +
                   "; 'all' for every pair (default: gpt all but batch, other models all)")
    p.add_argument("--device", choices=["cuda", "cpu"], default="cuda",
                   help="cuda (default), or cpu for a dry run that tests the script without a GPU")
    g = p.add_argument_group("gpt and gpt-large (defaults: the preset)")
    g.add_argument("--layers", type=int, default=None, help="transformer blocks (gpt 4, gpt-large 12)")
    g.add_argument("--d-model", type=int, default=None, help="model width (gpt 512, gpt-large 1024)")
    g.add_argument("--heads", type=int, default=None, help="attention heads (gpt 8, gpt-large 16)")
    g.add_argument("--seq", type=int, default=None, help="sequence length (gpt 128, gpt-large 256)")
    g.add_argument("--vocab", type=int, default=None, help="vocabulary size (8192)")
    c = p.add_argument_group("convnet (defaults: the preset)")
    c.add_argument("--image-size", type=int, default=None, help="square input images, 3 channels (64)")
    c.add_argument("--width", type=int, default=None, help="channels of the stem and first stage; "
                   "each later stage doubles them (64)")
    c.add_argument("--stage-blocks", default=None, help="residual blocks per stage (2,2,2,2)")
    c.add_argument("--classes", type=int, default=None, help="classes of the head (100)")
    p.add_argument("--batch", type=int, default=None,
                   help="batch per optimizer step and rank (gpt 64, gpt-large 16, convnet 256)")
    p.add_argument("--optimizer", choices=sorted(OPTIMIZERS), default=None,
                   help="adamw or sgd (default: adamw for gpt families, sgd for convnet)")
    p.add_argument("--accum", type=int, default=4, help="micro-batches of the accumulation pair's changed side (default 4)")
    p.add_argument("--buckets", default="25,1", help="bucket_cap_mb of the ddp pair's base and changed side (default 25,1)")
    p.add_argument("--iters", type=int, default=30, help="timed optimizer steps without the profiler (default 30)")
    p.add_argument("--warmup-steps", type=int, default=5, help="untimed steps before timing (default 5)")
    p.add_argument("--compile-warmup-steps", type=int, default=6,
                   help="untimed steps before timing under torch.compile, compilation included (default 6)")
    p.add_argument("--sched-wait", type=int, default=1, help="profiler schedule: wait (default 1)")
    p.add_argument("--sched-warmup", type=int, default=2, help="profiler schedule: warmup (default 2)")
    p.add_argument("--sched-active", type=int, default=None,
                   help="profiler schedule: active steps in the trace (gpt and convnet 3, gpt-large 2)")
    p.add_argument("--seed", type=int, default=1234, help="seed of the model and data (default 1234)")
    p.add_argument("--time-budget-s", type=float, default=480.0,
                   help="whole run's budget, shared by the models; a pair that would start too "
                   "late is skipped (default 480)")
    # Internal: the parent starts itself again as a worker for each pair.
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    p.add_argument("--rank", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--world-size", type=int, default=1, help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    names = [s.strip() for s in args.model.split(",") if s.strip()]
    if not names:
        p.error("--model names no model")
    for name in names:
        if name not in PRESETS:
            p.error(f"unknown model {name!r}; known: {', '.join(PRESETS)}")
    if len(set(names)) != len(names):
        p.error("--model names a model twice")
    if args.worker and len(names) != 1:
        p.error("a worker runs one model")
    explicit_pairs = None
    if args.pairs is not None:
        explicit_pairs = (list(PAIR_ORDER) if args.pairs.strip() == "all"
                          else [s.strip() for s in args.pairs.split(",") if s.strip()])
        for name in explicit_pairs:
            if name not in PAIR_ORDER:
                p.error(f"unknown pair {name!r}; known: {', '.join(PAIR_ORDER)}")
    args.bucket_list = [float(s) for s in args.buckets.split(",")]
    if len(args.bucket_list) != 2:
        p.error("--buckets takes two values")
    args.models = [resolve_model(p, args, name, explicit_pairs) for name in names]
    return args


def resolve_model(p, args, name, explicit_pairs):
    """The options of one model: the command line where given, else the model's preset."""
    preset = PRESETS[name]
    r = argparse.Namespace(**vars(args))
    r.model = name
    r.family = preset["family"]
    for key, value in preset.items():
        if key in ("family", "pairs"):
            continue
        if getattr(r, key) is None:
            setattr(r, key, value)
    r.optimizer = r.optimizer or FAMILY_OPTIMIZER[r.family]
    r.pair_list = list(explicit_pairs) if explicit_pairs is not None else list(preset["pairs"])
    if r.batch % r.accum != 0:
        p.error(f"{name}: --batch {r.batch} is not a multiple of --accum {r.accum}")
    if "batch" in r.pair_list and (r.batch < 2 or r.batch % 2 != 0):
        p.error(f"{name}: the batch pair halves the batch; --batch {r.batch} is not even")
    if r.family == "gpt":
        if r.d_model % r.heads != 0:
            p.error(f"{name}: --d-model must be a multiple of --heads")
    else:
        try:
            r.stage_block_list = [int(s) for s in str(r.stage_blocks).split(",") if s.strip()]
        except ValueError:
            p.error(f"{name}: --stage-blocks takes comma-separated integers")
        if not r.stage_block_list or any(n < 1 for n in r.stage_block_list):
            p.error(f"{name}: --stage-blocks needs at least one stage of at least one block")
        if r.image_size < 2 ** (len(r.stage_block_list) - 1):
            p.error(f"{name}: --image-size {r.image_size} is too small for "
                    f"{len(r.stage_block_list)} stages")
    return r


# Options a worker needs, forwarded by the parent with the model's resolved values.
FORWARDED = ["model", "device", "layers", "d_model", "heads", "seq", "vocab", "image_size", "width",
             "stage_blocks", "classes", "batch", "optimizer", "accum", "buckets", "iters",
             "warmup_steps", "compile_warmup_steps", "sched_wait", "sched_warmup", "sched_active",
             "seed"]


def forwarded_argv(margs):
    out = []
    for name in FORWARDED:
        value = getattr(margs, name)
        if value is not None:
            out += ["--" + name.replace("_", "-"), str(value)]
    return out


# --------------------------------------------------------------------------------------------
# Worker: model, training step, measurement, profiling (imports torch)
# --------------------------------------------------------------------------------------------


class Unavailable(Exception):
    """A side this PyTorch cannot run (torch.compile before 2.0); recorded, not a failure."""


def watch_parent(wlog):
    """Exits the worker when its parent goes away, so that a parent killed by timeout(1) does not
    leave workers holding the GPU (they run in sessions of their own, out of the kill's reach)."""
    parent = os.getppid()

    def loop():
        while True:
            time.sleep(2.0)
            if os.getppid() != parent:
                wlog("parent process gone; exiting")
                os._exit(3)

    threading.Thread(target=loop, daemon=True).start()


def summarise_ms(times):
    return {
        "median": round(statistics.median(times), 4),
        "min": round(min(times), 4),
        "max": round(max(times), 4),
        "mean": round(statistics.fmean(times), 4),
        "samples": [round(t, 4) for t in times],
    }


def worker_main(args):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.profiler import ProfilerActivity, profile, record_function, schedule
    from torch.utils.checkpoint import checkpoint as activation_checkpoint

    pair = args.worker
    rank = args.rank
    world = args.world_size
    on_cpu = args.device == "cpu"
    tag = f"{args.model}/{pair}" + (f" r{rank}" if world > 1 else "")

    def wlog(msg):
        log(msg, tag)

    watch_parent(wlog)

    if not on_cpu and not torch.cuda.is_available():
        raise SystemExit("kineto_pairs.py needs a CUDA GPU (torch.cuda.is_available() is False); "
                         "--device cpu is a dry run without one")
    have_sdpa = hasattr(F, "scaled_dot_product_attention")
    if args.family == "gpt" and not have_sdpa and not on_cpu:
        raise SystemExit("kineto_pairs.py needs torch.nn.functional.scaled_dot_product_attention "
                         "(PyTorch 2.0 or later)")

    def causal_attention(q, k, v):
        if have_sdpa:
            return F.scaled_dot_product_attention(q, k, v, is_causal=True)
        # Dry run on a PyTorch without SDPA only: the same causal attention, written out.  It is
        # never used for a measurement (the GPU path refuses to start without SDPA).
        t = q.shape[-2]
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
        future = torch.ones(t, t, dtype=torch.bool, device=q.device).triu(1)
        scores = scores.masked_fill(future, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v

    class Block(nn.Module):
        """Pre-norm transformer block: causal self-attention and a 4x GELU MLP."""

        def __init__(self, index, d_model, heads):
            super().__init__()
            self.label = f"block_{index}"
            self.heads = heads
            self.ln1 = nn.LayerNorm(d_model)
            self.qkv = nn.Linear(d_model, 3 * d_model)
            self.proj = nn.Linear(d_model, d_model)
            self.ln2 = nn.LayerNorm(d_model)
            self.fc1 = nn.Linear(d_model, 4 * d_model)
            self.fc2 = nn.Linear(4 * d_model, d_model)

        def forward(self, x):
            with record_function(self.label):
                b, t, c = x.shape
                q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
                q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
                k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
                v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
                y = causal_attention(q, k, v)
                y = y.transpose(1, 2).contiguous().view(b, t, c)
                x = x + self.proj(y)
                x = x + self.fc2(F.gelu(self.fc1(self.ln2(x))))
            return x

    class TinyGPT(nn.Module):
        """Token and position embeddings, pre-norm blocks, final LayerNorm and an untied head."""

        def __init__(self, vocab, seq, d_model, heads, layers, use_checkpoint):
            super().__init__()
            self.use_checkpoint = use_checkpoint
            self.tok = nn.Embedding(vocab, d_model)
            self.pos = nn.Embedding(seq, d_model)
            self.blocks = nn.ModuleList([Block(i, d_model, heads) for i in range(layers)])
            self.ln_f = nn.LayerNorm(d_model)
            self.head = nn.Linear(d_model, vocab, bias=False)

        def forward(self, idx):
            t = idx.shape[1]
            pos = torch.arange(t, device=idx.device)
            h = self.tok(idx) + self.pos(pos)
            for block in self.blocks:
                if self.use_checkpoint and torch.is_grad_enabled():
                    h = activation_checkpoint(block, h, use_reentrant=False)
                else:
                    h = block(h)
            return self.head(self.ln_f(h))

    class BasicBlock(nn.Module):
        """ResNet basic block: two 3x3 convolutions with BatchNorm, ReLU, and a shortcut that is a
        1x1 convolution with BatchNorm where the block changes resolution or width."""

        def __init__(self, index, c_in, c_out, stride):
            super().__init__()
            self.label = f"block_{index}"
            self.conv1 = nn.Conv2d(c_in, c_out, 3, stride=stride, padding=1, bias=False)
            self.bn1 = nn.BatchNorm2d(c_out)
            self.conv2 = nn.Conv2d(c_out, c_out, 3, stride=1, padding=1, bias=False)
            self.bn2 = nn.BatchNorm2d(c_out)
            self.shortcut = None
            if stride != 1 or c_in != c_out:
                self.shortcut = nn.Sequential(nn.Conv2d(c_in, c_out, 1, stride=stride, bias=False),
                                              nn.BatchNorm2d(c_out))

        def forward(self, x):
            with record_function(self.label):
                y = F.relu(self.bn1(self.conv1(x)))
                y = self.bn2(self.conv2(y))
                s = x if self.shortcut is None else self.shortcut(x)
                y = F.relu(y + s)
            return y

    class ResNetLike(nn.Module):
        """A 3x3 stem (small images: no stride, no max-pool), stages of basic blocks whose width
        doubles and resolution halves from the second stage on, global average pool, linear head."""

        def __init__(self, width, stage_blocks, classes, use_checkpoint):
            super().__init__()
            self.use_checkpoint = use_checkpoint
            self.stem = nn.Sequential(nn.Conv2d(3, width, 3, stride=1, padding=1, bias=False),
                                      nn.BatchNorm2d(width), nn.ReLU())
            blocks = []
            c_in = width
            for s, count in enumerate(stage_blocks):
                c_out = width * 2 ** s
                for j in range(count):
                    stride = 2 if s > 0 and j == 0 else 1
                    blocks.append(BasicBlock(len(blocks), c_in, c_out, stride))
                    c_in = c_out
            self.blocks = nn.ModuleList(blocks)
            self.head = nn.Linear(c_in, classes)

        def forward(self, x):
            h = self.stem(x)
            for block in self.blocks:
                if self.use_checkpoint and torch.is_grad_enabled():
                    h = activation_checkpoint(block, h, use_reentrant=False)
                else:
                    h = block(h)
            h = torch.flatten(F.adaptive_avg_pool2d(h, 1), 1)
            return self.head(h)

    def build_model(use_checkpoint):
        if args.family == "gpt":
            return TinyGPT(args.vocab, args.seq, args.d_model, args.heads, args.layers, use_checkpoint)
        return ResNetLike(args.width, args.stage_block_list, args.classes, use_checkpoint)

    def build_optimizer(params):
        if args.optimizer == "adamw":
            return torch.optim.AdamW(params, lr=3e-4, weight_decay=0.1)
        return torch.optim.SGD(params, lr=0.1, momentum=0.9, weight_decay=5e-4)

    def grad_scaler():
        if hasattr(torch, "amp") and hasattr(torch.amp, "GradScaler"):
            return torch.amp.GradScaler("cuda")
        return torch.cuda.amp.GradScaler()

    # ---- process group (ddp only) ----
    dist = None
    backend = None
    if on_cpu:
        # Two dry-run ranks on one machine should not fight over every core.
        torch.set_num_threads(max(1, (os.cpu_count() or 1) // world))
    if world > 1:
        import torch.distributed as dist_mod
        dist = dist_mod
        if on_cpu:
            backend = "gloo"
            device = torch.device("cpu")
        else:
            backend = "nccl" if torch.cuda.device_count() >= world else "gloo"
            device = torch.device("cuda", rank if backend == "nccl" else 0)
            torch.cuda.set_device(device)
        dist.init_process_group(backend=backend, init_method=f"tcp://127.0.0.1:{args.port}",
                                rank=rank, world_size=world,
                                timeout=datetime.timedelta(seconds=120))
        wlog(f"process group up: backend {backend}, device {device}")
    elif on_cpu:
        device = torch.device("cpu")
    else:
        device = torch.device("cuda", 0)
        torch.cuda.set_device(device)

    if on_cpu:
        amp_dtype = torch.bfloat16  # CPU autocast runs bf16 only
    else:
        amp_dtype = torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16

    def sync():
        if not on_cpu:
            torch.cuda.synchronize(device)

    def environment():
        env = {
            "device": args.device,
            "torch_version": torch.__version__,
            "python_version": platform.python_version(),
        }
        # Without Kineto (Debian's CPU-only build) the profiler writes the legacy format: a bare
        # list of CPU events, no shapes.  Good enough for a dry run; recorded so it is not mistaken.
        if hasattr(torch.autograd, "kineto_available"):
            env["kineto_available"] = bool(torch.autograd.kineto_available())
        if hasattr(torch, "get_float32_matmul_precision"):
            env["float32_matmul_precision"] = torch.get_float32_matmul_precision()
        if on_cpu:
            env["cpu_threads"] = torch.get_num_threads()
            env["platform"] = platform.platform()
            return env
        props = torch.cuda.get_device_properties(device)
        env.update({
            "gpu_name": torch.cuda.get_device_name(device),
            "gpu_memory_bytes": int(props.total_memory),
            "gpu_multiprocessors": int(props.multi_processor_count),
            "gpu_compute_capability": f"{props.major}.{props.minor}",
            "gpu_count": torch.cuda.device_count(),
            "cuda_version": torch.version.cuda,
            "cudnn_version": torch.backends.cudnn.version(),
            "bf16_supported": bool(torch.cuda.is_bf16_supported()),
            # PyTorch's defaults, recorded rather than set: TF32 is off for matrix products and
            # on for cuDNN convolutions (which matters to convnet's fp32 side).
            "matmul_allow_tf32": bool(torch.backends.cuda.matmul.allow_tf32),
            "cudnn_allow_tf32": bool(torch.backends.cudnn.allow_tf32),
            "cudnn_benchmark": bool(torch.backends.cudnn.benchmark),
        })
        return env

    class Trainer:
        def __init__(self, cfg):
            self.cfg = cfg
            torch.manual_seed(args.seed)
            if not on_cpu:
                torch.cuda.manual_seed_all(args.seed)
            raw = build_model(cfg.get("checkpoint", False)).to(device)
            self.parameters = sum(p.numel() for p in raw.parameters())
            model = raw
            self.ddp = world > 1
            if self.ddp:
                from torch.nn.parallel import DistributedDataParallel as DDP
                ids = None if on_cpu else [device.index]
                model = DDP(raw, device_ids=ids, output_device=None if on_cpu else device.index,
                            bucket_cap_mb=cfg["bucket_cap_mb"])
            if cfg.get("compile", False):
                if not hasattr(torch, "compile"):
                    raise Unavailable(f"torch.compile is not in PyTorch {torch.__version__}")
                model = torch.compile(model)
            self.raw = raw
            self.model = model
            self.opt = build_optimizer(raw.parameters())
            self.amp = cfg.get("amp", False)
            self.scaler = grad_scaler() if self.amp and amp_dtype == torch.float16 else None
            self.batch = cfg.get("batch", args.batch)
            self.accum = cfg.get("accum", 1)
            self.micro = self.batch // self.accum
            # The same batch every step: its values do not change the work a step does.
            gen = torch.Generator(device=device)
            gen.manual_seed(args.seed + 1000 + rank)
            if args.family == "gpt":
                tokens = torch.randint(0, args.vocab, (self.batch, args.seq + 1), generator=gen,
                                       device=device)
                self.x = tokens[:, :-1].contiguous()
                self.y = tokens[:, 1:].contiguous()
            else:
                self.x = torch.randn((self.batch, 3, args.image_size, args.image_size),
                                     generator=gen, device=device)
                self.y = torch.randint(0, args.classes, (self.batch,), generator=gen, device=device)

        def step(self):
            self.opt.zero_grad(set_to_none=True)
            loss = None
            for m in range(self.accum):
                xs = self.x[m * self.micro:(m + 1) * self.micro]
                ys = self.y[m * self.micro:(m + 1) * self.micro]
                quiet = (self.model.no_sync() if self.ddp and m < self.accum - 1
                         and hasattr(self.model, "no_sync") else contextlib.nullcontext())
                with quiet:
                    with record_function("forward"):
                        with torch.autocast(device.type, dtype=amp_dtype, enabled=self.amp):
                            logits = self.model(xs)
                            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]).float(),
                                                   ys.reshape(-1)) / self.accum
                    with record_function("backward"):
                        if self.scaler is not None:
                            self.scaler.scale(loss).backward()
                        else:
                            loss.backward()
            with record_function("optimizer"):
                if self.scaler is not None:
                    self.scaler.step(self.opt)
                    self.scaler.update()
                else:
                    self.opt.step()
            return loss.detach()

    def barrier():
        if dist is not None:
            dist.barrier()

    def run_variant(variant, cfg, description):
        entry = {"description": description, "config": dict(cfg), "status": "failed"}
        trainer = None
        try:
            t0 = time.perf_counter()
            trainer = Trainer(cfg)
            entry.update({
                "parameters": trainer.parameters,
                "batch": trainer.batch,
                "micro_batch": trainer.micro,
                "accumulation": trainer.accum,
                "amp_dtype": str(amp_dtype).replace("torch.", "") if trainer.amp else None,
                "grad_scaler": trainer.scaler is not None,
            })
            if args.family == "gpt":
                entry["seq"] = args.seq
            else:
                entry["image_size"] = args.image_size
            if backend is not None:
                entry["backend"] = backend
                entry["world_size"] = world
                entry["rank"] = rank
            barrier()
            n_warm = args.compile_warmup_steps if cfg.get("compile") else args.warmup_steps
            first = None
            for i in range(n_warm):
                ts = time.perf_counter()
                trainer.step()
                sync()
                if i == 0:
                    first = time.perf_counter() - ts
            entry["first_step_s"] = round(first, 3) if first is not None else None
            entry["warmup_s"] = round(time.perf_counter() - t0, 3)
            wlog(f"{variant}: built and warmed up in {entry['warmup_s']:.1f}s "
                 f"(first step {entry['first_step_s']}s)")

            # Timed steps, no profiler.
            barrier()
            sync()
            if not on_cpu:
                torch.cuda.reset_peak_memory_stats(device)
            entry["resident_memory_bytes"] = None if on_cpu else int(torch.cuda.memory_allocated(device))
            times = []
            last = None
            for _ in range(args.iters):
                sync()
                ts = time.perf_counter()
                last = trainer.step()
                sync()
                times.append((time.perf_counter() - ts) * 1e3)
            if on_cpu:
                entry["peak_memory_bytes"] = None
                entry["peak_reserved_bytes"] = None
            else:
                entry["peak_memory_bytes"] = int(torch.cuda.max_memory_allocated(device))
                entry["peak_reserved_bytes"] = int(torch.cuda.max_memory_reserved(device))
            entry["step_ms"] = summarise_ms(times)
            loss_value = float(last) * trainer.accum
            entry["final_loss"] = round(loss_value, 5) if math.isfinite(loss_value) else None
            peak = entry["peak_memory_bytes"]
            wlog(f"{variant}: step median {entry['step_ms']['median']:.3f} ms "
                 f"(min {entry['step_ms']['min']:.3f}, max {entry['step_ms']['max']:.3f}), "
                 f"peak " + (f"{peak / 2**20:.1f} MiB" if peak is not None else "not measured"))

            # Profiled steps.
            folder = os.path.join(args.out, pair, variant)
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, f"rank{rank}.json")
            if os.path.exists(path):
                os.remove(path)
            export = {}

            def on_ready(prof):
                te = time.perf_counter()
                prof.export_chrome_trace(path)
                export["s"] = time.perf_counter() - te

            barrier()
            sync()
            tp = time.perf_counter()
            phases = (["wait"] * args.sched_wait + ["warmup"] * args.sched_warmup +
                      ["active"] * args.sched_active)
            activities = [ProfilerActivity.CPU] if on_cpu else [ProfilerActivity.CPU,
                                                                 ProfilerActivity.CUDA]
            prof_times = []
            with profile(activities=activities,
                         schedule=schedule(wait=args.sched_wait, warmup=args.sched_warmup,
                                           active=args.sched_active, repeat=1),
                         on_trace_ready=on_ready, record_shapes=True, profile_memory=True,
                         with_stack=False) as prof:
                for _ in phases:
                    # Timed as the unprofiled steps are; prof.step() (which closes a
                    # ProfilerStep span and, after the last active step, exports the trace)
                    # stays outside, so the trace's span is this time plus prof.step()'s own.
                    sync()
                    ts = time.perf_counter()
                    trainer.step()
                    sync()
                    prof_times.append((time.perf_counter() - ts) * 1e3)
                    prof.step()
            sync()
            if not os.path.exists(path):
                raise RuntimeError("the profiler exported no trace")
            active = [t for t, ph in zip(prof_times, phases) if ph == "active"]
            entry["profiled_step_ms"] = summarise_ms(active)
            entry["profiled_schedule_ms"] = {"phases": phases,
                                             "samples": [round(t, 4) for t in prof_times]}
            entry["trace"] = os.path.relpath(path, args.out)
            entry["trace_bytes"] = os.path.getsize(path)
            entry["profiled_steps"] = len(phases)
            entry["profile_s"] = round(time.perf_counter() - tp, 3)
            entry["export_s"] = round(export["s"], 3) if "s" in export else None
            entry["status"] = "ok"
            wlog(f"{variant}: profiled step median {entry['profiled_step_ms']['median']:.3f} ms "
                 f"({entry['profiled_step_ms']['median'] / entry['step_ms']['median']:.2f}x "
                 f"unprofiled); trace {entry['trace']} {entry['trace_bytes'] / 2**20:.2f} MiB "
                 f"(profiling {entry['profile_s']:.1f}s, export {entry['export_s']}s)")
        except Unavailable as exc:
            entry["status"] = "unavailable"
            entry["detail"] = str(exc)
            wlog(f"{variant}: unavailable: {exc}")
        except Exception as exc:  # recorded, and the other side still runs
            entry["error"] = f"{type(exc).__name__}: {exc}"
            entry["traceback"] = traceback.format_exc()
            wlog(f"{variant}: FAILED {entry['error']}")
            traceback.print_exc()
        finally:
            trainer = None
            gc.collect()
            if not on_cpu:
                torch.cuda.empty_cache()
            if world > 1:
                try:
                    barrier()
                except Exception as exc:
                    wlog(f"barrier after {variant} failed: {exc}")
        entry["wall_s"] = round(time.perf_counter() - t0, 3)
        return entry

    amp_name = "bf16" if amp_dtype == torch.bfloat16 else "fp16"
    b0, b1 = args.bucket_list
    bname = lambda v: f"bucket{v:g}mb"
    half = args.batch // 2
    sides = {
        "amp": [("fp32", {}, "fp32 weights and math (PyTorch's default TF32 settings)"
                 if args.family == "convnet" else "fp32 weights and math (no TF32)"),
                (amp_name, {"amp": True},
                 f"torch.autocast {amp_name}" + (" with GradScaler" if amp_name == "fp16" else ""))],
        "checkpoint": [("none", {}, "no activation checkpointing"),
                       ("every_block", {"checkpoint": True},
                        "torch.utils.checkpoint.checkpoint(block, use_reentrant=False) on every block")],
        "accumulation": [("accum1", {}, f"one batch of {args.batch} per optimizer step"),
                         (f"accum{args.accum}", {"accum": args.accum},
                          f"{args.accum} micro-batches of {args.batch // args.accum} per optimizer step")],
        "batch": [(f"batch{args.batch}", {}, f"one batch of {args.batch} per optimizer step"),
                  (f"batch{half}", {"batch": half}, f"one batch of {half} per optimizer step")],
        "ddp": [(bname(b0), {"bucket_cap_mb": b0}, f"DistributedDataParallel, bucket_cap_mb={b0:g}"),
                (bname(b1), {"bucket_cap_mb": b1}, f"DistributedDataParallel, bucket_cap_mb={b1:g}")],
        "compile": [("eager", {}, "eager"),
                    ("compiled", {"compile": True}, "torch.compile(model), default mode")],
    }[pair]

    result = {"pair": pair, "rank": rank, "world_size": world, "environment": environment(),
              "base": sides[0][0], "changed": sides[1][0], "variants": {}}
    os.makedirs(os.path.join(args.out, pair), exist_ok=True)
    result_path = os.path.join(args.out, pair, f"_result_rank{rank}.json")

    def write_result():
        # After each side, so that a pair killed at its limit still keeps the side that finished.
        tmp = result_path + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(result, fh, indent=1)
        os.replace(tmp, result_path)

    dynamo_utils = None
    if pair == "compile":
        try:
            import torch._dynamo.utils as dynamo_utils
            dynamo_utils.counters.clear()
        except Exception:
            dynamo_utils = None
    for variant, cfg, description in sides:
        result["variants"][variant] = run_variant(variant, cfg, description)
        write_result()
    if pair == "compile" and dynamo_utils is not None:
        try:
            breaks = dynamo_utils.counters.get("graph_break", {})
            result["variants"]["compiled"]["dynamo_graph_breaks"] = {str(k): int(v) for k, v in breaks.items()}
        except Exception:
            pass
    write_result()
    if dist is not None:
        dist.destroy_process_group()
    wlog("done")


# --------------------------------------------------------------------------------------------
# Parent: runs each pair in child processes under a time limit, gathers measurements.json
# --------------------------------------------------------------------------------------------


class Terminated(BaseException):
    """SIGTERM or SIGINT reached the parent: stop the running pair, record what there is, exit.
    Not an Exception, so that the handlers that record a failed pair do not swallow it."""


def on_terminate(signum, frame):
    raise Terminated(signal.Signals(signum).name)


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nvidia_smi():
    if shutil.which("nvidia-smi") is None:
        return None
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                              "--format=csv,noheader"], capture_output=True, text=True, timeout=30)
        return out.stdout.strip() or None
    except Exception:
        return None


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def run_pair(margs, out, pair, limit_s):
    """Starts the pair's worker process(es), waits up to limit_s, returns (status, detail)."""
    world = 2 if pair == "ddp" else 1
    port = free_port()
    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"
    env["KINETO_PAIRS_T0"] = repr(T0)
    env.setdefault("GLOO_SOCKET_IFNAME", "lo")
    procs = []
    try:
        for rank in range(world):
            cmd = [sys.executable, os.path.abspath(__file__), "--out", out, "--worker", pair,
                   "--rank", str(rank), "--world-size", str(world), "--port", str(port),
                   "--pairs", pair]
            cmd += forwarded_argv(margs)
            procs.append(subprocess.Popen(cmd, env=env, start_new_session=True))
        deadline = time.perf_counter() + limit_s
        codes = []
        timed_out = False
        for proc in procs:
            remaining = deadline - time.perf_counter()
            try:
                codes.append(proc.wait(timeout=max(remaining, 0.1)))
            except subprocess.TimeoutExpired:
                timed_out = True
                break
    finally:
        # On a timeout, and also when SIGTERM interrupts the wait: the workers run in sessions of
        # their own, so nothing else would stop them.
        for proc in procs:
            if proc.poll() is None:
                kill_group(proc)
    if timed_out:
        return "timeout", f"killed after {limit_s:.0f}s"
    if any(c != 0 for c in codes):
        return "failed", f"worker exit codes {codes}"
    return "ok", None


def merge_pair(out, pair, status, detail, wall_s):
    world = 2 if pair == "ddp" else 1
    results = []
    for rank in range(world):
        path = os.path.join(out, pair, f"_result_rank{rank}.json")
        if os.path.exists(path):
            with open(path) as fh:
                results.append(json.load(fh))
            os.remove(path)
        if os.path.exists(path + ".tmp"):
            os.remove(path + ".tmp")
    entry = {"status": status, "wall_s": round(wall_s, 1)}
    if detail:
        entry["detail"] = detail
    if not results:
        entry["status"] = "failed" if status == "ok" else status
        entry.setdefault("detail", "no results written")
        return entry, None
    r0 = results[0]
    entry["base"] = r0["base"]
    entry["changed"] = r0["changed"]
    variants = {}
    for name in (r0["base"], r0["changed"]):
        v = dict(r0["variants"].get(name, {"status": "missing"}))
        if world > 1:
            v["ranks"] = [r["variants"].get(name, {"status": "missing"}) for r in results]
            v["traces"] = [rv.get("trace") for rv in v["ranks"]]
            medians = [rv["step_ms"]["median"] for rv in v["ranks"] if "step_ms" in rv]
            if medians:
                v["step_ms_slowest_rank_median"] = max(medians)
            medians = [rv["profiled_step_ms"]["median"] for rv in v["ranks"] if "profiled_step_ms" in rv]
            if medians:
                v["profiled_step_ms_slowest_rank_median"] = max(medians)
        variants[name] = v
    entry["variants"] = variants
    base, changed = variants[r0["base"]], variants[r0["changed"]]
    states = [v.get("status") for v in variants.values()]
    if world > 1:
        states += [rv.get("status") for v in variants.values() for rv in v["ranks"]]
    if all(s == "ok" for s in states):
        entry["status"] = "ok"
    elif entry["status"] == "ok":
        # A side this PyTorch cannot run (torch.compile in a dry run on 1.13) is not a failure.
        entry["status"] = ("unavailable" if all(s in ("ok", "unavailable") for s in states)
                           else "partial")
    if "step_ms" in base and "step_ms" in changed:
        entry["ratio_step_ms_median"] = round(changed["step_ms"]["median"] / base["step_ms"]["median"], 4)
    if "profiled_step_ms" in base and "profiled_step_ms" in changed:
        entry["ratio_profiled_step_ms_median"] = round(
            changed["profiled_step_ms"]["median"] / base["profiled_step_ms"]["median"], 4)
    if base.get("peak_memory_bytes") and changed.get("peak_memory_bytes"):
        entry["ratio_peak_memory"] = round(changed["peak_memory_bytes"] / base["peak_memory_bytes"], 4)
    return entry, r0.get("environment")


def model_description(margs):
    """measurements.json's "model": the family, its sizes, the optimizer (the parameter count is
    added from the first worker that reports it)."""
    if margs.family == "gpt":
        model = {
            "kind": "GPT-like decoder: token + position embedding, pre-norm blocks "
                    "(causal SDPA attention + 4x GELU MLP), final LayerNorm, untied head",
            "layers": margs.layers, "d_model": margs.d_model, "heads": margs.heads, "seq": margs.seq,
            "vocab": margs.vocab, "batch": margs.batch,
        }
    else:
        model = {
            "kind": "ResNet-like convnet: 3x3 stem conv + BatchNorm + ReLU, stages of residual "
                    "basic blocks (two 3x3 conv + BatchNorm, 1x1 conv shortcut where the shape "
                    "changes), global average pool, linear head",
            "image_size": margs.image_size, "in_channels": 3, "width": margs.width,
            "stage_blocks": margs.stage_block_list,
            "stage_widths": [margs.width * 2 ** s for s in range(len(margs.stage_block_list))],
            "blocks": sum(margs.stage_block_list), "classes": margs.classes, "batch": margs.batch,
            "data": "random normal images and random labels, the same batch every step",
        }
    model.update({
        "optimizer": OPTIMIZERS[margs.optimizer],
        "seed": margs.seed,
        "family": margs.family,
        "preset": margs.model,
        "parameters": None,
    })
    return model


def run_model(margs, out, deadline, rc_state):
    """Runs one model's pairs in turn until `deadline` (seconds since START); writes
    <out>/measurements.json after every pair.  Returns the measurements."""
    os.makedirs(out, exist_ok=True)
    t_model = time.perf_counter()
    measurements = {
        "generated_by": "tests/groundtruth/kineto_pairs.py",
        "created_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "device": margs.device,
        "environment": {"nvidia_smi": nvidia_smi() if margs.device == "cuda" else None,
                        "host_cpus": os.cpu_count()},
        "model": model_description(margs),
        "method": {
            "timed_steps": margs.iters,
            "warmup_steps": margs.warmup_steps,
            "compile_warmup_steps": margs.compile_warmup_steps,
            "step_timing": "wall time of one optimizer step between torch.cuda.synchronize() calls, "
                           "without the profiler",
            "profiled_step_timing": "the same wall clock around each profiled step "
                                    "(profiled_step_ms: the active steps, those in the trace; "
                                    "profiled_schedule_ms: every scheduled step); prof.step() "
                                    "is outside it",
            "peak_memory": "torch.cuda.max_memory_allocated() over the timed steps, after "
                           "torch.cuda.reset_peak_memory_stats()",
            "profiler": {"activities": ["CPU"] if margs.device == "cpu" else ["CPU", "CUDA"],
                         "record_shapes": True, "profile_memory": True,
                         "with_stack": False, "schedule": {"wait": margs.sched_wait,
                                                           "warmup": margs.sched_warmup,
                                                           "active": margs.sched_active},
                         "sync_before_prof_step": True},
        },
        "pairs": {},
    }
    if margs.device == "cpu":
        measurements["method"]["dry_run"] = ("CPU dry run: tests the script's logic only; no "
                                             "memory measurements, step times are the CPU's")
    out_json = os.path.join(out, "measurements.json")

    def save():
        tmp = out_json + ".tmp"
        with open(tmp, "w") as fh:
            json.dump(measurements, fh, indent=1)
        os.replace(tmp, out_json)

    pairs = [p for p in PAIR_ORDER if p in margs.pair_list]
    save()
    log(f"{margs.model}: pairs {pairs}; {deadline - (time.perf_counter() - START):.0f}s of the "
        f"budget for it; out {out}")
    stopped = None
    for pair in pairs:
        remaining = deadline - (time.perf_counter() - START)
        limit = min(PAIR_TIME_CAP_S[pair], remaining)
        if stopped is not None:
            measurements["pairs"][pair] = {"status": "skipped", "detail": f"run stopped ({stopped})"}
            continue
        if limit < MIN_PAIR_START_S:
            log(f"{margs.model}/{pair}: skipped, only {remaining:.0f}s of the budget left")
            measurements["pairs"][pair] = {"status": "skipped",
                                           "detail": f"only {remaining:.0f}s of the time budget left"}
            save()
            continue
        log(f"{margs.model}/{pair}: start (limit {limit:.0f}s)")
        t0 = time.perf_counter()
        try:
            try:
                status, detail = run_pair(margs, out, pair, limit)
            except Terminated as exc:
                stopped = str(exc)
                status, detail = "killed", f"stopped by {exc} after {time.perf_counter() - t0:.0f}s"
            entry, env = merge_pair(out, pair, status, detail, time.perf_counter() - t0)
        except Exception as exc:
            entry, env = {"status": "failed", "detail": f"{type(exc).__name__}: {exc}",
                          "traceback": traceback.format_exc()}, None
        if env:
            measurements["environment"].update(env)
        if measurements["model"]["parameters"] is None:
            for v in entry.get("variants", {}).values():
                if v.get("parameters"):
                    measurements["model"]["parameters"] = v["parameters"]
                    break
        measurements["pairs"][pair] = entry
        save()
        summary = entry["status"]
        if "ratio_step_ms_median" in entry:
            summary += f", step ratio {entry['ratio_step_ms_median']:.3f}"
        if "ratio_peak_memory" in entry:
            summary += f", memory ratio {entry['ratio_peak_memory']:.3f}"
        log(f"{margs.model}/{pair}: {summary}; the pair took {time.perf_counter() - t0:.1f}s")
    measurements["wall_s"] = round(time.perf_counter() - t_model, 1)
    save()
    log(f"{margs.model}: summary (median step ms unprofiled / profiled, peak MiB), "
        f"{measurements['wall_s']:.0f}s:")
    for pair, entry in measurements["pairs"].items():
        parts = []
        for name, v in entry.get("variants", {}).items():
            ms = v.get("step_ms", {}).get("median")
            pms = v.get("profiled_step_ms", {}).get("median")
            mem = v.get("peak_memory_bytes")
            parts.append(f"{name}: {ms if ms is not None else '-'} / {pms if pms is not None else '-'} ms, "
                         f"{mem / 2**20 if mem else float('nan'):.1f} MiB")
        took = f"{entry['wall_s']:5.1f}s" if "wall_s" in entry else "    -"
        log(f"  {pair:12s} {entry['status']:11s} {took} " + "; ".join(parts))
    log(f"{margs.model}: traces:")
    for pair, entry in measurements["pairs"].items():
        for name, v in entry.get("variants", {}).items():
            for rv in v.get("ranks", [v]):
                if rv.get("trace"):
                    log(f"  {rv['trace']:40s} {rv['trace_bytes'] / 2**20:8.2f} MiB")
    log(f"wrote {out_json}")
    allowed = {"ok", "unavailable"} if margs.device == "cpu" else {"ok"}
    if any(e["status"] not in allowed for e in measurements["pairs"].values()):
        rc_state["rc"] = 1
    if stopped is not None:
        raise Terminated(stopped)
    return measurements


def parent_main(args):
    os.makedirs(args.out, exist_ok=True)
    root = os.path.abspath(args.out)
    signal.signal(signal.SIGTERM, on_terminate)
    signal.signal(signal.SIGINT, on_terminate)
    several = len(args.models) > 1
    names = [m.model for m in args.models]
    log(f"models {names}; device {args.device}; budget {args.time_budget_s:.0f}s; out {root}")
    rc_state = {"rc": 0}
    for i, margs in enumerate(args.models):
        out = os.path.join(root, margs.model) if several else root
        margs.out = out
        # An equal share of what is left for each model still to run: what one model does not
        # use goes to the next, and no model can take the time of those after it.
        elapsed = time.perf_counter() - START
        share = (args.time_budget_s - elapsed) / (len(args.models) - i)
        try:
            run_model(margs, out, elapsed + share, rc_state)
        except Terminated as exc:
            log(f"stopped by {exc}; the models after {margs.model} are not run")
            for later in args.models[i + 1:]:
                out_later = os.path.join(root, later.model)
                os.makedirs(out_later, exist_ok=True)
                with open(os.path.join(out_later, "measurements.json"), "w") as fh:
                    json.dump({"generated_by": "tests/groundtruth/kineto_pairs.py",
                               "device": later.device, "model": model_description(later),
                               "status": "skipped", "detail": f"run stopped ({exc})",
                               "pairs": {p: {"status": "skipped"} for p in PAIR_ORDER
                                         if p in later.pair_list}}, fh, indent=1)
            return 124
    log(f"done in {time.perf_counter() - START:.1f}s")
    return rc_state["rc"]


def main():
    args = parse_args()
    if args.worker:
        margs = args.models[0]
        margs.out = os.path.abspath(args.out)
        worker_main(margs)
        return 0
    return parent_main(args)


if __name__ == "__main__":
    sys.exit(main())
