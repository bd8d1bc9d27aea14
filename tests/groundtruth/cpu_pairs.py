#!/usr/bin/python3
"""Record CPU-only ground-truth pairs of PyTorch profiler traces (the CPU counterpart of kineto_pairs.py).

Sightline's what-if passes take one trace and predict what a change of configuration would do to
the job's step time.  This script records what such a prediction can be checked against on a
machine without a GPU: for each change it trains the same small model twice in the same process(es),
once in the base configuration and once with exactly one thing changed, measures both sides' step
time WITHOUT the profiler, and then records a profiler trace of each side.

These are ground truth for the what-if: a pass applied to the base side's trace must predict the
changed side's UNPROFILED median step time (`step_ms.median` in measurements.json), not the changed
side's traced step times, which carry the profiler's own per-op overhead.

Pairs (base -> changed)
-----------------------

  accumulation  one batch of B per optimizer step -> 4 micro-batches of B/4, forward and backward
                each, one optimizer step (gradient accumulation; the same B samples per step).
  batch         batch B -> B/2, one optimizer step each (what a smaller per-worker batch costs:
                fixed per-op costs stay, the matrix products halve).
  ddp           DistributedDataParallel over gloo, two processes on this machine, bucket_cap_mb
                25 -> 1 (gradient bucketing: one large all-reduce against several small ones that
                overlap the backward pass).  Each process writes its own trace, rank0.json and
                rank1.json.
  ddp_workers   one process (plain training, no DDP) -> two processes of gloo DDP, the same batch B
                per process (the worker-count ground truth: twice the samples per step, plus the
                all-reduce and the contention of two processes on the machine's cores).
  dataloader    a torch.utils.data.DataLoader over a synthetic in-memory Dataset whose __getitem__
                does real CPU work per sample (numpy 2-D FFT filtering, about 1 ms), num_workers 0 ->
                --loader-workers (default 1; on 2 cores 1 and 2 workers gave the same gain): loading
                in the training process against loading in a worker process that overlaps the
                training step.  The batch is fetched inside
                the step; PyTorch wraps each next() of the loader in a record_function
                "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__" (or
                "..._MultiProcessingDataLoaderIter...") span, which is in the trace.
  loader_accumulation
                the dataloader pair's loading in the training process (num_workers 0), fetched inside
                the micro-batch (after zero_grad, before the forward) -> --accum micro-batches, each
                fetched from a loader of B/--accum samples: gradient accumulation where the loader
                gives micro-batches, so that each micro-batch loads its own samples (the same B
                samples per step).

Every side runs with torch.set_num_threads(1) (ddp: in each process), so that both sides of a pair
use the same compute resources and none of the pairs is about intra-op threads.

The model
---------

A residual MLP: Linear(128 -> 256), 4 pre-norm blocks [LayerNorm(256) -> Linear(256 -> 512) ->
GELU -> Linear(512 -> 256), plus the residual], a final LayerNorm and Linear(256 -> 10), trained
with cross-entropy on synthetic data and SGD (lr 0.01, momentum 0.9); 1,089,802 parameters
(4.36 MB in fp32), batch B = 16 by default.  It is the MLP half of kineto_pairs.py's transformer
block.  Why this model:

  * Debian's torch 1.13 uses the reference (netlib) BLAS, about 5 GFLOP/s on one core, so a step
    in the 5-40 ms range leaves room for about 0.1 GFLOP: an MLP spends it in a few large matrix
    products whose cost scales with the batch, next to a few hundred small framework ops whose cost
    does not, which is exactly what the accumulation and batch pairs change the balance of.
  * There is no scaled_dot_product_attention in 1.13; a hand-written attention would add many
    small ops and a larger trace without a new kind of cost.
  * 4.36 MB of gradients is several times DDP's 1 MB buckets, so bucket_cap_mb 1 makes several
    buckets where 25 makes two (DDP always caps its first bucket at 1 MB).
  * AdamW (kineto_pairs.py's optimizer) runs tensor by tensor on the CPU in 1.13 and took as long
    as the forward and backward together (26 ms for these 1.09 M parameters); SGD with momentum
    takes about 1 ms, so the optimizer does not dominate every pair.

Each block's forward runs inside record_function("block_<i>"), and each step's phases inside
record_function("forward"), ("backward") and ("optimizer"), as in kineto_pairs.py.  Seeds are
fixed; both sides of a pair start from the same initial weights and the same data.

Method
------

For each pair, a child process (two for ddp and ddp_workers) builds BOTH sides, then
  1. runs --warmup-steps untimed steps of each side;
  2. times --iters optimizer steps of each side WITHOUT the profiler, as host wall time per step
     (time.perf_counter around one whole step: for the dataloader pair the next() of the loader
     included), in --rounds rounds that alternate the sides: base, changed, base, changed, ...  A
     change of machine load (another process compiling) then hits both sides alike.  The script
     keeps median/min/max/mean/samples over all rounds, each round's median, the process CPU time
     per step (time.process_time: below the wall time when the process waited for a core),
     os.getloadavg() before and after each side's rounds, and the wall time of a short fixed
     pure-Python loop at the start of each round (rounds[].cpu_loop_ms_before: about 2.7 ms when
     the CPU runs at full speed);
  3. profiles --sched-wait + --sched-warmup + --sched-active more steps of each side with
     torch.profiler.profile(activities=[CPU], record_shapes=True, profile_memory=True,
     schedule=...), timing each of them the same way, so that the profiler's own overhead can be
     calibrated: the same loop with and without the profiler.  The traced step times
     (ProfilerStep#N spans) and the number of recorded events per step are in measurements.json.

The vCPUs of a virtual machine need not be equally fast: on the 2-vCPU machine these were recorded
on, one vCPU at times ran the same single-threaded loop 1.7-2x slower than the other, even with the
other idle (contention on the host, which the guest's load average does not show), and at other
times both ran at the same speed.  A process the scheduler moves between them would mix two
speeds, so by default
(--pin auto) the parent times a short pure-Python loop on each CPU before each pair and pins rank r
(a single-process pair: its one process) to the r-th fastest CPU; DataLoader workers may run on any
CPU.  The loop times are in measurements.json (cpu_loop_ms_before per pair, and at start and end).

Torch 1.13 from Debian has no Kineto (torch.autograd.profiler.kineto_available() is False).  Its
torch.profiler.profile still records every op, record_function range and allocation (with shapes
and dtypes), and its schedule still wraps each step in a "ProfilerStep#N" record_function, so the
steps need no markers of the script's own (1.13 numbers them one lower than the schedule's step:
with the default wait=1, warmup=1, active=5 the trace holds ProfilerStep#1 to #5).  But its
export_chrome_trace, without Kineto, falls back to the legacy writer: a bare JSON list with
"pid": "CPU functions", no categories, empty "args" (no shapes, no sequence numbers) and no
allocator events.  So this script writes the trace itself, from the same
profiler's own result (profile.profiler.kineto_results: its event tree and event list), in the
layout Kineto's export_chrome_trace uses: "cpu_op" and "user_annotation" complete events with
"Input Dims", "Input type", "External id", "Sequence number" and "Fwd thread id", "[memory]"
instant events with "Bytes", "Addr", "Total Allocated", "Total Reserved", "Device Type" and
"Device Id", "baseTimeNanoseconds" and, for DDP, "distributedInfo" (what 1.13's profiler itself
would add: backend, rank, world_size).  The "tid" values are the profiler's own thread numbers
(1 = the main thread), not OS thread ids.  Nothing is added that the profiler did not record: no
fwdbwd flows (the sequence numbers are there), no process or thread names.  With --legacy-export
the legacy export_chrome_trace file is written next to it as rank<r>.export_chrome_trace.json.

With record_shapes and profile_memory, torch 1.13's profiler costs about 6-9 us per recorded op
(cpu_op and user_annotation events; a step of this model records about 875 of them and 355
allocation events), 30-35 % of a single-process step here: the changed side's trace is not its
unprofiled step time (profiler_overhead in measurements.json).

Each pair runs in child processes of its own under a time limit (--pair-limit-s, and what is left
of --time-budget-s), so that a hang or crash in one pair is recorded as its status in
measurements.json and does not lose the others.

Output, under --out
-------------------

  <pair>/<variant>/rank0.json   the trace of that side (ddp, ddp_workers' 2proc: also rank1.json)
  measurements.json             environment (device "cpu", CPU model, cores, torch, BLAS), model,
                                method, and per pair: status, base and changed variant names,
                                ratio_step_ms_median (changed/base), the per-round ratios, and per
                                variant config, step_ms, rounds, cpu_ms, load averages, the
                                profiled steps' wall times, the trace's step spans and event counts,
                                and the profiler overhead per recorded op.

How to run
----------

Use Debian's interpreter (the python3 on PATH may be one without torch):

  /usr/bin/python3 tests/groundtruth/cpu_pairs.py --out /tmp/gtcpu                 # all pairs, ~40-60 s
  /usr/bin/python3 tests/groundtruth/cpu_pairs.py --out /tmp/gtcpu --pairs batch,ddp --iters 10

Check that the machine is quiet first (uptime: a load average above about 0.5 means other work is
running, and timings on a 2-core machine are disturbed).  Then compress the traces before they
become fixtures under tests/fixtures/groundtruth-cpu/:

  cd /tmp/gtcpu && find . -name 'rank*.json' -exec gzip -9 {} +
"""

import argparse
import contextlib
import datetime
import gc
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import time
import traceback

PAIRS = ["accumulation", "batch", "ddp", "ddp_workers", "dataloader", "loader_accumulation"]
MULTI_PROCESS = {"ddp": 2, "ddp_workers": 2}

T0 = time.perf_counter()


def log(msg, who="main"):
    print(f"[{time.perf_counter() - T0:7.1f}s {who}] {msg}", flush=True)


def loadavg():
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except OSError:
        return None


def stats(values, digits=4):
    if not values:
        return None
    return {
        "median": round(statistics.median(values), digits),
        "min": round(min(values), digits),
        "max": round(max(values), digits),
        "mean": round(statistics.fmean(values), digits),
        "samples": [round(v, digits) for v in values],
    }


# ------------------------------------------------------------------------------------------------
# Command line
# ------------------------------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Record CPU-only pairs (base and changed configuration) of PyTorch profiler "
        "traces of a small residual MLP, with the unprofiled step time of each side.")
    p.add_argument("--out", required=True, help="output folder (created; traces in it are overwritten)")
    p.add_argument("--pairs", default=",".join(PAIRS), help="comma-separated, from: " + ", ".join(PAIRS))
    p.add_argument("--iters", type=int, default=40, help="timed steps per side without the profiler (default 40)")
    p.add_argument("--rounds", type=int, default=4,
                   help="the timed steps are split into this many rounds, alternating base and changed (default 4)")
    p.add_argument("--warmup-steps", type=int, default=5, help="untimed steps per side first (default 5)")
    p.add_argument("--batch", type=int, default=16, help="batch B per optimizer step and process (default 16)")
    p.add_argument("--accum", type=int, default=4, help="micro-batches of the accumulation pair's changed side (default 4)")
    p.add_argument("--in-features", type=int, default=128, help="input features (default 128)")
    p.add_argument("--d-model", type=int, default=256, help="width of the residual stream (default 256)")
    p.add_argument("--hidden", type=int, default=512, help="hidden width of each block's MLP (default 512)")
    p.add_argument("--blocks", type=int, default=4, help="residual blocks (default 4)")
    p.add_argument("--classes", type=int, default=10, help="output classes (default 10)")
    p.add_argument("--buckets", default="25,1", help="bucket_cap_mb of the ddp pair's base and changed side (default 25,1)")
    p.add_argument("--loader-workers", type=int, default=1,
                   help="num_workers of the dataloader pair's changed side (default 1: on 2 cores 1 and 2 gave the same gain)")
    p.add_argument("--sample-work", type=int, default=12,
                   help="filter passes (rfft2, irfft2) per sample in the dataloader pair's __getitem__ "
                        "(default 12: about 0.6-1.1 ms a sample, 0.05-0.09 ms a pass)")
    p.add_argument("--sched-wait", type=int, default=1, help="profiler schedule: wait (default 1)")
    p.add_argument("--sched-warmup", type=int, default=1, help="profiler schedule: warmup (default 1)")
    p.add_argument("--sched-active", type=int, default=5, help="profiler schedule: active steps in the trace (default 5)")
    p.add_argument("--pin", choices=["auto", "none"], default="auto",
                   help="auto (default): before each pair, time a short loop on each CPU and pin rank r (and a "
                        "single process) to the r-th fastest CPU; none: leave placement to the scheduler")
    p.add_argument("--legacy-export", action="store_true",
                   help="also write torch's own export_chrome_trace output (legacy format without Kineto)")
    p.add_argument("--seed", type=int, default=1234, help="seed of the model and the data (default 1234)")
    p.add_argument("--pair-limit-s", type=float, default=240.0, help="longest a pair may run (default 240)")
    p.add_argument("--time-budget-s", type=float, default=900.0,
                   help="whole run's budget; a pair that would start with under 30 s left is skipped (default 900)")
    # Internal: the parent starts this script again as the worker(s) of each pair.
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    p.add_argument("--rank", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--world-size", type=int, default=1, help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--cpu-order", default="", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.pair_list = [s.strip() for s in args.pairs.split(",") if s.strip()]
    for name in args.pair_list:
        if name not in PAIRS:
            p.error(f"unknown pair {name!r}; known: {', '.join(PAIRS)}")
    if args.batch % args.accum or args.batch % 2:
        p.error(f"--batch {args.batch} must be a multiple of --accum {args.accum} and of 2")
    if args.rounds < 1 or args.iters < args.rounds:
        p.error("--iters must be at least --rounds, and --rounds at least 1")
    args.bucket_list = [float(s) for s in args.buckets.split(",")]
    if len(args.bucket_list) != 2:
        p.error("--buckets takes two values")
    if args.sched_active < 1:
        p.error("--sched-active must be at least 1")
    return args


FORWARDED = ["iters", "rounds", "warmup_steps", "batch", "accum", "in_features", "d_model", "hidden", "blocks",
             "classes", "buckets", "loader_workers", "sample_work", "sched_wait", "sched_warmup", "sched_active",
             "seed"]


def forwarded_argv(args):
    out = []
    for name in FORWARDED:
        out += ["--" + name.replace("_", "-"), str(getattr(args, name))]
    if args.legacy_export:
        out.append("--legacy-export")
    if getattr(args, "cpu_order", ""):
        out += ["--cpu-order", args.cpu_order]
    return out


def spin_ms(n=100000):
    """Wall time (ms) of a fixed pure-Python loop where this process runs: the CPU's present speed."""
    t = time.perf_counter()
    x = 0
    for i in range(n):
        x += i * i
    return (time.perf_counter() - t) * 1e3


def calibrate_cpus(repeats=5, n=300000):
    """Median wall time (ms) of spin_ms(n) pinned to each CPU this process may use, in turn.  On a
    virtual machine the vCPUs need not be equally fast (the host may share a vCPU's core)."""
    try:
        allowed = sorted(os.sched_getaffinity(0))
    except AttributeError:
        return {}
    out = {}
    try:
        for cpu in allowed:
            os.sched_setaffinity(0, {cpu})
            spin_ms(n // 5)
            out[cpu] = round(statistics.median(spin_ms(n) for _ in range(repeats)), 3)
    finally:
        os.sched_setaffinity(0, set(allowed))
    return out


# ------------------------------------------------------------------------------------------------
# Trace: written from the profiler's own result, in Kineto's JSON layout; and read back for counts
# ------------------------------------------------------------------------------------------------


def write_trace(result, path, dist_info, user_scope):
    """Writes the events of a torch 1.13 profiler result (torch._C._autograd._ProfilerResult) as a
    Chrome trace in the layout of Kineto's export_chrome_trace.  Returns the number of events."""
    flat = {}
    for ev in result.events():
        cid = ev.correlation_id()
        if cid:
            flat[cid] = ev
    nodes = []
    stack = list(result.experimental_event_tree())
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(node.children)
    if not nodes:
        raise RuntimeError("the profiler recorded no events")
    nodes.sort(key=lambda n: (n.start_time_ns, -n.duration_time_ns))
    base_ns = (nodes[0].start_time_ns // 1_000_000_000) * 1_000_000_000
    pid = os.getpid()
    skipped = {}

    def us(ns):
        return round((ns - base_ns) / 1000.0, 3)

    events = []
    for node in nodes:
        extra = node.extra_fields
        kind = type(extra).__name__
        if kind == "_ExtraFields_TorchOp":
            args = {"External id": node.correlation_id}
            if extra.sequence_number >= 0:
                args["Sequence number"] = extra.sequence_number
                kev = flat.get(node.correlation_id)
                if kev is not None and kev.fwd_thread_id():
                    args["Fwd thread id"] = kev.fwd_thread_id()
            shapes = extra.inputs.shapes
            if shapes:
                args["Input Dims"] = [list(s) for s in shapes]
                args["Input type"] = list(extra.inputs.dtypes)
            events.append({
                "ph": "X", "cat": "user_annotation" if extra.scope == user_scope else "cpu_op",
                "name": node.name, "pid": pid, "tid": node.start_tid,
                "ts": us(node.start_time_ns), "dur": round(node.duration_time_ns / 1000.0, 3), "args": args,
            })
        elif kind == "_ExtraFields_Allocation":
            dev = extra.device
            events.append({
                "ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "[memory]", "pid": pid,
                "tid": node.start_tid, "ts": us(node.start_time_ns),
                "args": {"Total Reserved": int(extra.total_reserved), "Total Allocated": int(extra.total_allocated),
                         "Bytes": int(extra.alloc_size),
                         "Device Id": -1 if dev.type == "cpu" or dev.index is None else int(dev.index),
                         "Device Type": 0 if dev.type == "cpu" else -1, "Addr": int(extra.ptr)},
            })
        else:
            skipped[kind] = skipped.get(kind, 0) + 1
    doc = {
        "traceWriter": "tests/groundtruth/cpu_pairs.py: torch " + _torch_version()
                       + " without Kineto; events of torch.profiler's own result, in Kineto's layout",
        "displayTimeUnit": "ms",
        "baseTimeNanoseconds": base_ns,
        "record_shapes": 1,
        "profile_memory": 1,
    }
    if dist_info:
        doc["distributedInfo"] = dist_info
    doc["traceEvents"] = events
    with open(path, "w") as fh:
        # One event a line: small, and still readable with grep.
        fh.write("{\n")
        for key, value in doc.items():
            if key != "traceEvents":
                fh.write(f"  {json.dumps(key)}: {json.dumps(value)},\n")
        fh.write('  "traceEvents": [\n')
        for i, ev in enumerate(events):
            fh.write("    " + json.dumps(ev, separators=(",", ":")) + (",\n" if i + 1 < len(events) else "\n"))
        fh.write("  ]\n}\n")
    return len(events), skipped


def _torch_version():
    try:
        import torch
        return torch.__version__
    except Exception:
        return "?"


def summarize_trace(path):
    """Reads a trace back: its ProfilerStep#N spans and, per step, the events inside it by kind."""
    with open(path) as fh:
        doc = json.load(fh)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    steps = sorted((e for e in events if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#")),
                   key=lambda e: e["ts"])
    out = []
    for s in steps:
        t0, t1 = s["ts"], s["ts"] + s["dur"]
        counts = {"cpu_op": 0, "user_annotation": 0, "memory": 0}
        threads = set()
        names = {}
        shaped = 0
        for e in events:
            if e is s or not (t0 <= e["ts"] <= t1):
                continue
            if e.get("ph") == "X":
                cat = e.get("cat", "cpu_op")
                counts[cat] = counts.get(cat, 0) + 1
                threads.add(e.get("tid"))
                if cat == "cpu_op" and e.get("args", {}).get("Input Dims"):
                    shaped += 1
                n = e["name"]
                if n.startswith("block_"):
                    n = "block_*"
                if n.startswith("enumerate(DataLoader)") or n.startswith("gloo:") or n.startswith("c10d::") \
                        or n in ("forward", "backward", "optimizer", "block_*"):
                    names[n] = names.get(n, 0) + 1
            elif e.get("name") == "[memory]":
                counts["memory"] += 1
        out.append({"name": s["name"], "ts_us": s["ts"], "dur_ms": round(s["dur"] / 1e3, 4),
                    "cpu_op": counts.get("cpu_op", 0), "user_annotation": counts.get("user_annotation", 0),
                    "memory": counts["memory"], "cpu_op_with_shapes": shaped, "threads": len(threads),
                    "marked": dict(sorted(names.items()))})
    return {"events": len(events), "steps": out}


# ------------------------------------------------------------------------------------------------
# Worker: model, the two sides of a pair, timing, profiling (imports torch)
# ------------------------------------------------------------------------------------------------


def worker_main(args):
    import numpy as np
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.profiler import ProfilerActivity, profile, record_function, schedule

    pair, rank, world = args.worker, args.rank, args.world_size
    who = f"{pair} r{rank}" if world > 1 else pair
    all_cpus = sorted(os.sched_getaffinity(0))
    pinned = None
    if args.cpu_order:
        order = [int(c) for c in args.cpu_order.split(",")]
        pinned = order[rank % len(order)]
        os.sched_setaffinity(0, {pinned})
    torch.set_num_threads(1)
    user_scope = torch._C._profiler.RecordScope.USER_SCOPE

    class Block(nn.Module):
        """Pre-norm residual MLP block."""

        def __init__(self, index):
            super().__init__()
            self.label = f"block_{index}"
            self.ln = nn.LayerNorm(args.d_model)
            self.fc1 = nn.Linear(args.d_model, args.hidden)
            self.fc2 = nn.Linear(args.hidden, args.d_model)

        def forward(self, x):
            with record_function(self.label):
                return x + self.fc2(F.gelu(self.fc1(self.ln(x))))

    class ResidualMLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.inp = nn.Linear(args.in_features, args.d_model)
            self.blocks = nn.ModuleList([Block(i) for i in range(args.blocks)])
            self.ln_f = nn.LayerNorm(args.d_model)
            self.head = nn.Linear(args.d_model, args.classes)

        def forward(self, x):
            h = self.inp(x)
            for block in self.blocks:
                h = block(h)
            return self.head(self.ln_f(h))

    class SyntheticSignals(torch.utils.data.Dataset):
        """256 in-memory 64x64 signals.  Each sample is shifted (by its index), normalised, smoothed by
        --sample-work passes of a Gaussian low-pass filter in the frequency domain (rfft2, multiply,
        irfft2), and turned into 128 features (log power spectrum, pooled): all in numpy, so the
        profiler sees only the loader's span, not the transform's ops."""

        def __init__(self, length, seed):
            rng = np.random.default_rng(seed)
            self.raw = rng.standard_normal((256, 64, 64)).astype(np.float32)
            self.labels = rng.integers(0, args.classes, size=length)
            self.length = length
            fy = np.fft.fftfreq(64)[:, None]
            fx = np.fft.rfftfreq(64)[None, :]
            self.lowpass = np.exp(-(fx ** 2 + fy ** 2) / (2 * 0.15 ** 2)).astype(np.float32)

        def __len__(self):
            return self.length

        def __getitem__(self, i):
            img = np.roll(self.raw[i % len(self.raw)], (i % 7, i % 5), axis=(0, 1))
            img = (img - img.mean()) / (img.std() + 1e-5)
            for _ in range(args.sample_work):
                img = np.fft.irfft2(np.fft.rfft2(img) * self.lowpass, s=img.shape) + 0.1 * img
            spec = np.abs(np.fft.rfft2(img))
            feats = np.log1p(spec[:, :32]).reshape(8, 8, 16, 2).mean(axis=(1, 3)).reshape(-1)
            feats = feats[:args.in_features] if feats.size >= args.in_features else np.resize(feats, args.in_features)
            return torch.from_numpy(feats.astype(np.float32)), int(self.labels[i])

    dist = None
    if world > 1:
        import torch.distributed as dist_mod
        dist = dist_mod
        dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{args.port}", rank=rank,
                                world_size=world, timeout=datetime.timedelta(seconds=300))
        log("process group up (gloo)", who)

    def barrier():
        if dist is not None:
            dist.barrier()

    class Side:
        """One side of a pair: a model, its optimizer and its data, and one optimizer step."""

        def __init__(self, variant, description, batch=None, accum=1, ddp_bucket=None, loader_workers=None,
                     active_ranks=None, load_per_micro=False):
            self.variant = variant
            self.description = description
            self.batch = batch or args.batch
            self.accum = accum
            self.micro = self.batch // accum
            self.ddp_bucket = ddp_bucket
            self.loader_workers = loader_workers
            # Whether each micro-batch fetches its own samples from a loader of micro-batch size, after
            # zero_grad (else the step fetches its batch first, and the micro-batches slice it).
            self.load_per_micro = load_per_micro
            # Ranks that run this side; the others wait (ddp_workers' single-process side).
            self.active_ranks = active_ranks if active_ranks is not None else list(range(world))
            self.world = len(self.active_ranks)
            self.runs_here = rank in self.active_ranks
            self.model = None
            self.loader = None
            self.it = None
            if not self.runs_here:
                return
            torch.manual_seed(args.seed)
            raw = ResidualMLP()
            self.parameters = sum(p.numel() for p in raw.parameters())
            self.model = raw
            if ddp_bucket is not None:
                from torch.nn.parallel import DistributedDataParallel as DDP
                self.model = DDP(raw, bucket_cap_mb=ddp_bucket)
            self.opt = torch.optim.SGD(raw.parameters(), lr=0.01, momentum=0.9)
            gen = torch.Generator().manual_seed(args.seed + 1000 + rank)
            self.x = torch.randn(self.batch, args.in_features, generator=gen)
            self.y = torch.randint(0, args.classes, (self.batch,), generator=gen)
            if loader_workers is not None:
                steps = args.warmup_steps + args.iters + args.sched_wait + args.sched_warmup + args.sched_active
                ds = SyntheticSignals((steps + 16) * self.batch, args.seed + 2000 + rank)
                # A loader worker may run on any CPU (it inherits the training process's pinning).
                self.loader = torch.utils.data.DataLoader(
                    ds, batch_size=self.micro if load_per_micro else self.batch, shuffle=False,
                    num_workers=loader_workers,
                    worker_init_fn=(lambda _: os.sched_setaffinity(0, set(all_cpus))) if loader_workers else None)
                self.it = iter(self.loader)

        def config(self):
            cfg = {"batch": self.batch, "micro_batch": self.micro, "accumulation": self.accum,
                   "world_size": self.world, "threads_per_process": torch.get_num_threads()}
            if self.ddp_bucket is not None:
                cfg["ddp"] = True
                cfg["bucket_cap_mb"] = self.ddp_bucket
                cfg["backend"] = "gloo"
            if self.loader_workers is not None:
                cfg["dataloader_num_workers"] = self.loader_workers
                cfg["sample_work"] = args.sample_work
                cfg["loader_batch"] = self.micro if self.load_per_micro else self.batch
            return cfg

        def step(self):
            if self.load_per_micro:
                x = y = None
            elif self.it is not None:
                x, y = next(self.it)
            else:
                x, y = self.x, self.y
            self.opt.zero_grad(set_to_none=True)
            loss = None
            for m in range(self.accum):
                if self.load_per_micro:
                    xs, ys = next(self.it)
                else:
                    xs = x[m * self.micro:(m + 1) * self.micro]
                    ys = y[m * self.micro:(m + 1) * self.micro]
                quiet = (self.model.no_sync() if self.ddp_bucket is not None and m < self.accum - 1
                         else contextlib.nullcontext())
                with quiet:
                    with record_function("forward"):
                        loss = F.cross_entropy(self.model(xs), ys) / self.accum
                    with record_function("backward"):
                        loss.backward()
            with record_function("optimizer"):
                self.opt.step()
            return loss

    b0, b1 = args.bucket_list
    half = args.batch // 2
    if pair == "accumulation":
        sides = [Side("accum1", f"one batch of {args.batch} per optimizer step"),
                 Side(f"accum{args.accum}", f"{args.accum} micro-batches of {args.batch // args.accum}, "
                      "forward and backward each, one optimizer step", accum=args.accum)]
    elif pair == "batch":
        sides = [Side(f"batch{args.batch}", f"batch {args.batch}, one optimizer step"),
                 Side(f"batch{half}", f"batch {half}, one optimizer step", batch=half)]
    elif pair == "ddp":
        sides = [Side(f"bucket{b0:g}mb", f"DistributedDataParallel (gloo, {world} processes), bucket_cap_mb={b0:g}",
                      ddp_bucket=b0),
                 Side(f"bucket{b1:g}mb", f"DistributedDataParallel (gloo, {world} processes), bucket_cap_mb={b1:g}",
                      ddp_bucket=b1)]
    elif pair == "ddp_workers":
        sides = [Side("1proc", f"one process, no DDP, batch {args.batch}", active_ranks=[0]),
                 Side(f"{world}proc", f"DistributedDataParallel (gloo, {world} processes, bucket_cap_mb={b0:g}), "
                      f"batch {args.batch} per process", ddp_bucket=b0)]
    elif pair == "dataloader":
        sides = [Side("workers0", "DataLoader num_workers=0: loading in the training process", loader_workers=0),
                 Side(f"workers{args.loader_workers}",
                      f"DataLoader num_workers={args.loader_workers}: loading in worker processes",
                      loader_workers=args.loader_workers)]
    elif pair == "loader_accumulation":
        sides = [Side("loader_accum1", f"DataLoader num_workers=0 of {args.batch} samples, fetched after zero_grad, "
                      "one batch per optimizer step", loader_workers=0, load_per_micro=True),
                 Side(f"loader_accum{args.accum}", f"{args.accum} micro-batches of {args.batch // args.accum}, each "
                      f"fetched from a DataLoader num_workers=0 of {args.batch // args.accum} samples, one optimizer "
                      "step", accum=args.accum, loader_workers=0, load_per_micro=True)]
    else:
        raise SystemExit(f"unknown pair {pair}")

    entries = {}
    for s in sides:
        e = {"description": s.description, "config": s.config(), "status": "failed", "rank": rank,
             "runs_on_this_rank": s.runs_here}
        if s.runs_here:
            e["parameters"] = s.parameters
        entries[s.variant] = e

    def run_side_steps(side, n, record):
        """n steps of a side on the ranks that run it; the others wait at a barrier (and their CPU time
        while waiting is kept, to show that waiting costs nothing)."""
        wall, cpu = [], []
        if side.runs_here:
            for _ in range(n):
                t = time.perf_counter()
                c = time.process_time()
                side.last_loss = side.step()
                cpu.append((time.process_time() - c) * 1e3)
                wall.append((time.perf_counter() - t) * 1e3)
        else:
            c = time.process_time()
            t = time.perf_counter()
            barrier()
            record.setdefault("idle_wait", []).append(
                {"wall_ms": round((time.perf_counter() - t) * 1e3, 3),
                 "cpu_ms": round((time.process_time() - c) * 1e3, 3)})
            return wall, cpu
        if not all(r in side.active_ranks for r in range(world)):
            barrier()  # release the waiting ranks
        return wall, cpu

    try:
        # 1. Warm-up, each side in turn.
        for s in sides:
            barrier()
            t = time.perf_counter()
            wall, _ = run_side_steps(s, args.warmup_steps, entries[s.variant])
            entries[s.variant]["warmup_s"] = round(time.perf_counter() - t, 3)
            if wall:
                entries[s.variant]["first_step_ms"] = round(wall[0], 3)
        log("warmed up", who)

        # 2. Timed steps without the profiler, in rounds alternating the sides.
        per_round = [args.iters // args.rounds + (1 if r < args.iters % args.rounds else 0) for r in range(args.rounds)]
        rounds = {s.variant: [] for s in sides}
        for r, n in enumerate(per_round):
            for s in sides:
                gc.collect()
                barrier()
                time.sleep(0.05)  # let a DataLoader worker finish refilling its queue
                la0 = loadavg()
                spin = spin_ms()  # every rank at once, on its own CPU
                wall, cpu = run_side_steps(s, n, entries[s.variant])
                rounds[s.variant].append({"round": r, "steps": n, "loadavg_before": la0, "loadavg_after": loadavg(),
                                          "cpu_loop_ms": spin, "wall_ms": wall, "cpu_ms": cpu})
        for s in sides:
            e = entries[s.variant]
            rs = rounds[s.variant]
            e["loadavg_before"] = rs[0]["loadavg_before"]
            e["loadavg_after"] = rs[-1]["loadavg_after"]
            if not s.runs_here:
                continue
            wall = [v for rd in rs for v in rd["wall_ms"]]
            cpu = [v for rd in rs for v in rd["cpu_ms"]]
            e["step_ms"] = stats(wall)
            e["cpu_ms"] = stats(cpu)
            e["cpu_ms"].pop("samples")
            e["rounds"] = [{"round": rd["round"], "steps": rd["steps"],
                            "step_ms_median": round(statistics.median(rd["wall_ms"]), 4),
                            "cpu_ms_median": round(statistics.median(rd["cpu_ms"]), 4),
                            "cpu_loop_ms_before": round(rd["cpu_loop_ms"], 3),
                            "loadavg_before": rd["loadavg_before"], "loadavg_after": rd["loadavg_after"]}
                           for rd in rs]
            e["final_loss"] = round(float(s.last_loss) * s.accum, 5)
            log(f"{s.variant}: median {e['step_ms']['median']:.3f} ms (min {e['step_ms']['min']:.3f}, "
                f"max {e['step_ms']['max']:.3f}); rounds "
                + ", ".join(f"{rd['step_ms_median']:.2f}" for rd in e["rounds"]), who)

        # 3. Profiled steps, each side in turn.
        n_prof = args.sched_wait + args.sched_warmup + args.sched_active
        for s in sides:
            e = entries[s.variant]
            gc.collect()
            barrier()
            if not s.runs_here:
                run_side_steps(s, n_prof, e)
                e["status"] = "ok"
                continue
            folder = os.path.join(args.out, pair, s.variant)
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, f"rank{rank}.json")
            for old in (path, path + ".gz"):
                if os.path.exists(old):
                    os.remove(old)
            done = {}
            dist_info = None
            if dist is not None and s.ddp_bucket is not None:
                dist_info = {"backend": dist.get_backend(), "rank": dist.get_rank(), "world_size": dist.get_world_size()}

            def on_ready(prof):
                t = time.perf_counter()
                n, skipped = write_trace(prof.profiler.kineto_results, path, dist_info, user_scope)
                done["events"] = n
                done["skipped"] = skipped
                done["write_s"] = time.perf_counter() - t
                if args.legacy_export:
                    prof.export_chrome_trace(os.path.join(folder, f"rank{rank}.export_chrome_trace.json"))

            la0 = loadavg()
            wall, cpu, call = [], [], []
            with profile(activities=[ProfilerActivity.CPU], record_shapes=True, profile_memory=True,
                         with_stack=False, on_trace_ready=on_ready,
                         schedule=schedule(wait=args.sched_wait, warmup=args.sched_warmup,
                                           active=args.sched_active, repeat=1)) as prof:
                for _ in range(n_prof):
                    t = time.perf_counter()
                    c = time.process_time()
                    s.step()
                    cpu.append((time.process_time() - c) * 1e3)
                    wall.append((time.perf_counter() - t) * 1e3)
                    t = time.perf_counter()
                    prof.step()
                    call.append((time.perf_counter() - t) * 1e3)
            if not all(r in s.active_ranks for r in range(world)):
                barrier()
            if not os.path.exists(path):
                raise RuntimeError("no trace was written")
            active = list(range(args.sched_wait + args.sched_warmup, n_prof))
            e["profiled"] = {
                "loadavg_before": la0, "loadavg_after": loadavg(),
                "schedule": {"wait": args.sched_wait, "warmup": args.sched_warmup, "active": args.sched_active},
                "step_wall_ms": [round(v, 4) for v in wall],
                "step_cpu_ms": [round(v, 4) for v in cpu],
                "prof_step_call_ms": [round(v, 4) for v in call],
                "active_steps": active,
                "active_step_wall_ms_median": round(statistics.median(wall[i] for i in active), 4),
                "active_step_wall_ms_mean": round(statistics.fmean(wall[i] for i in active), 4),
                "trace_write_s": round(done.get("write_s", float("nan")), 3),
            }
            if done.get("skipped"):
                e["profiled"]["events_not_written"] = done["skipped"]
            e["trace"] = os.path.relpath(path, args.out)
            e["trace_bytes"] = os.path.getsize(path)
            summary = summarize_trace(path)
            e["trace_events"] = summary["events"]
            e["trace_steps"] = summary["steps"]
            if summary["steps"]:
                spans = [st["dur_ms"] for st in summary["steps"]]
                ops = statistics.fmean(st["cpu_op"] + st["user_annotation"] for st in summary["steps"])
                mem = statistics.fmean(st["memory"] for st in summary["steps"])
                e["trace_step_ms_mean"] = round(statistics.fmean(spans), 4)
                extra = e["profiled"]["active_step_wall_ms_median"] - e["step_ms"]["median"]
                e["profiler_overhead"] = {
                    "profiled_minus_unprofiled_ms": round(extra, 4),
                    "ops_per_step": round(ops, 1),
                    "memory_events_per_step": round(mem, 1),
                    "us_per_op": round(extra * 1e3 / ops, 3) if ops else None,
                    "us_per_op_or_memory_event": round(extra * 1e3 / (ops + mem), 3) if ops + mem else None,
                    "ratio_profiled_to_unprofiled": round(e["profiled"]["active_step_wall_ms_median"]
                                                          / e["step_ms"]["median"], 4),
                }
            e["status"] = "ok"
            log(f"{s.variant}: traced {e['trace']} ({e['trace_bytes'] / 1e6:.2f} MB, {e['trace_events']} events); "
                f"profiled steps {', '.join(f'{v:.2f}' for v in wall)} ms; spans "
                f"{', '.join(str(st['dur_ms']) for st in summary['steps'])} ms", who)
    except Exception as exc:
        for e in entries.values():
            if e["status"] != "ok":
                e["error"] = f"{type(exc).__name__}: {exc}"
                e["traceback"] = traceback.format_exc()
        log(f"FAILED {type(exc).__name__}: {exc}", who)
        traceback.print_exc()

    result = {"pair": pair, "rank": rank, "world_size": world, "pinned_cpu": pinned, "base": sides[0].variant,
              "changed": sides[1].variant, "variants": entries, "environment": environment_torch()}
    os.makedirs(os.path.join(args.out, pair), exist_ok=True)
    with open(os.path.join(args.out, pair, f"_result_rank{rank}.json"), "w") as fh:
        json.dump(result, fh, indent=1)
    for s in sides:
        s.it = None  # shuts a DataLoader's worker processes down
    if dist is not None:
        try:
            barrier()
            dist.destroy_process_group()
        except Exception as exc:
            log(f"shutting the process group down failed: {exc}", who)
    log("done", who)
    return 0 if all(e["status"] == "ok" for e in entries.values()) else 1


def environment_torch():
    import numpy as np
    import torch
    env = {
        "torch_version": torch.__version__,
        "kineto_available": bool(torch.autograd.profiler.kineto_available()),
        "numpy_version": np.__version__,
        "torch_threads": torch.get_num_threads(),
        "torch_interop_threads": torch.get_num_interop_threads(),
    }
    cfg = torch.__config__.show()
    for line in cfg.splitlines():
        if "Build settings" in line:
            for part in line.split(":", 1)[1].split(","):
                part = part.strip()
                for key in ("BLAS_INFO", "LAPACK_INFO", "USE_MKLDNN", "USE_OPENMP", "USE_CUDA"):
                    if part.startswith(key + "="):
                        env[key.lower()] = part.split("=", 1)[1]
    return env


def environment_host():
    env = {"device": "cpu", "python_version": platform.python_version(), "python": sys.executable,
           "platform": platform.platform(), "cpu_count": os.cpu_count()}
    try:
        env["cpu_affinity"] = len(os.sched_getaffinity(0))
    except AttributeError:
        pass
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    env["cpu_model"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/meminfo") as fh:
            env["memory_kb"] = int(fh.readline().split()[1])
    except (OSError, ValueError, IndexError):
        pass
    for link in ("/etc/alternatives/libblas.so.3-x86_64-linux-gnu", "/etc/alternatives/libblas.so.3"):
        if os.path.exists(link):
            env["libblas"] = os.path.realpath(link)
            break
    return env


# ------------------------------------------------------------------------------------------------
# Parent: each pair in child processes under a time limit; measurements.json
# ------------------------------------------------------------------------------------------------


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_pair(args, pair, limit_s):
    world = MULTI_PROCESS.get(pair, 1)
    port = free_port()
    env = dict(os.environ)
    env.update({"PYTHONUNBUFFERED": "1", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"})
    env.setdefault("GLOO_SOCKET_IFNAME", "lo")
    procs = []
    for rank in range(world):
        cmd = [sys.executable, os.path.abspath(__file__), "--out", args.out, "--worker", pair,
               "--rank", str(rank), "--world-size", str(world), "--port", str(port)] + forwarded_argv(args)
        procs.append(subprocess.Popen(cmd, env=env, start_new_session=True))
    deadline = time.perf_counter() + limit_s
    codes = []
    for proc in procs:
        try:
            codes.append(proc.wait(timeout=max(deadline - time.perf_counter(), 0.1)))
        except subprocess.TimeoutExpired:
            for q in procs:
                if q.poll() is None:
                    try:
                        os.killpg(q.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    q.wait()
            return "timeout", f"killed after {limit_s:.0f} s"
    if any(codes):
        return "failed", f"worker exit codes {codes}"
    return "ok", None


def merge_pair(args, pair, status, detail, wall_s):
    world = MULTI_PROCESS.get(pair, 1)
    results = []
    for rank in range(world):
        path = os.path.join(args.out, pair, f"_result_rank{rank}.json")
        if os.path.exists(path):
            with open(path) as fh:
                results.append(json.load(fh))
            os.remove(path)
    entry = {"status": status, "wall_s": round(wall_s, 1)}
    if detail:
        entry["detail"] = detail
    if not results:
        entry["status"] = "failed" if status == "ok" else status
        entry.setdefault("detail", "no results written")
        return entry, None
    r0 = results[0]
    entry["base"], entry["changed"] = r0["base"], r0["changed"]
    variants = {}
    for name in (r0["base"], r0["changed"]):
        v = dict(r0["variants"].get(name, {"status": "missing"}))
        v.pop("runs_on_this_rank", None)
        if world > 1:
            ranks = [r["variants"].get(name, {"status": "missing"}) for r in results]
            v["ranks"] = [dict(rv) for rv in ranks]
            v["traces"] = [rv.get("trace") for rv in ranks if rv.get("trace")]
            medians = [rv["step_ms"]["median"] for rv in ranks if "step_ms" in rv]
            if medians:
                v["step_ms_slowest_rank_median"] = max(medians)
            means = [rv["trace_step_ms_mean"] for rv in ranks if "trace_step_ms_mean" in rv]
            if means:
                v["trace_step_ms_mean_slowest_rank"] = max(means)
            if any(rv.get("status") != "ok" for rv in ranks):
                v["status"] = "failed"
        variants[name] = v
    entry["variants"] = variants
    base, changed = variants[r0["base"]], variants[r0["changed"]]
    if all(v.get("status") == "ok" for v in variants.values()):
        entry["status"] = "ok" if status == "ok" else status
    elif entry["status"] == "ok":
        entry["status"] = "partial"
    if "step_ms" in base and "step_ms" in changed:
        entry["ratio_step_ms_median"] = round(changed["step_ms"]["median"] / base["step_ms"]["median"], 4)
        entry["ratio_per_round"] = [round(c["step_ms_median"] / b["step_ms_median"], 4)
                                    for b, c in zip(base.get("rounds", []), changed.get("rounds", []))]
        if world > 1 and "step_ms_slowest_rank_median" in changed:
            entry["ratio_step_ms_median_slowest_rank"] = round(
                changed["step_ms_slowest_rank_median"] / base.get("step_ms_slowest_rank_median",
                                                                  base["step_ms"]["median"]), 4)
    if "trace_step_ms_mean" in base and "trace_step_ms_mean" in changed:
        entry["ratio_trace_step_ms_mean"] = round(changed["trace_step_ms_mean"] / base["trace_step_ms_mean"], 4)
    return entry, r0.get("environment")


def parent_main(args):
    args.out = os.path.abspath(args.out)
    os.makedirs(args.out, exist_ok=True)
    m = {
        "generated_by": "tests/groundtruth/cpu_pairs.py",
        "created_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "environment": environment_host(),
        "loadavg_at_start": loadavg(),
        "cpu_loop_ms_at_start": {str(k): v for k, v in calibrate_cpus().items()},
        "model": {
            "kind": "residual MLP: Linear(in, d), pre-norm blocks [LayerNorm, Linear(d, hidden), GELU, "
                    "Linear(hidden, d), + residual], LayerNorm, Linear(d, classes); cross-entropy",
            "in_features": args.in_features, "d_model": args.d_model, "hidden": args.hidden,
            "blocks": args.blocks, "classes": args.classes, "batch": args.batch,
            "optimizer": "SGD(lr=0.01, momentum=0.9)", "seed": args.seed,
            "dataloader_sample_work": args.sample_work,
        },
        "method": {
            "timed_steps": args.iters, "rounds": args.rounds, "warmup_steps": args.warmup_steps,
            "round_order": "base, changed, base, changed, ...: each round times iters/rounds steps of one side",
            "step_timing": "host wall time (time.perf_counter) of one optimizer step without the profiler; "
                           "cpu_ms: the process's CPU time (time.process_time) over the same step",
            "threads": "torch.set_num_threads(1) in every process; OMP/OPENBLAS/MKL_NUM_THREADS=1",
            "pinning": ("before each pair, a pure-Python loop is timed on each CPU (cpu_loop_ms_before); rank r "
                        "(a single process: rank 0) is pinned to the r-th fastest CPU; DataLoader workers may "
                        "run on any CPU") if args.pin == "auto" else "none: the scheduler places the processes",
            "cpu_loop": "median ms of a fixed pure-Python loop (300,000 iterations) pinned to each CPU in turn",
            "profiler": {"activities": ["CPU"], "record_shapes": True, "profile_memory": True, "with_stack": False,
                         "schedule": {"wait": args.sched_wait, "warmup": args.sched_warmup,
                                      "active": args.sched_active},
                         "trace_writer": "the script's own, from torch.profiler's result, in Kineto's layout "
                                         "(export_chrome_trace without Kineto drops shapes and allocations)"},
            "profiler_overhead": "(median wall time of the active profiled steps - unprofiled median) / "
                                 "(cpu_op + user_annotation events per ProfilerStep in the trace)",
        },
        "pairs": {},
    }
    out_json = os.path.join(args.out, "measurements.json")

    def save():
        with open(out_json, "w") as fh:
            json.dump(m, fh, indent=1)

    log(f"pairs {args.pair_list}; budget {args.time_budget_s:.0f} s; load {loadavg()}; out {args.out}")
    for pair in [p for p in PAIRS if p in args.pair_list]:
        left = args.time_budget_s - (time.perf_counter() - T0)
        if left < 30:
            log(f"{pair}: skipped, {left:.0f} s of the budget left")
            m["pairs"][pair] = {"status": "skipped", "detail": f"{left:.0f} s of the time budget left"}
            save()
            continue
        limit = min(args.pair_limit_s, left)
        calibration = calibrate_cpus()
        args.cpu_order = ""
        if args.pin == "auto" and len(calibration) > 1:
            args.cpu_order = ",".join(str(c) for c in sorted(calibration, key=calibration.get))
        log(f"{pair}: start (limit {limit:.0f} s, load {loadavg()}, CPU loop ms {calibration}, "
            f"CPU order {args.cpu_order or 'unpinned'})")
        t = time.perf_counter()
        try:
            status, detail = run_pair(args, pair, limit)
            entry, env = merge_pair(args, pair, status, detail, time.perf_counter() - t)
        except Exception as exc:
            entry, env = {"status": "failed", "detail": f"{type(exc).__name__}: {exc}",
                          "traceback": traceback.format_exc()}, None
        if env:
            m["environment"].update(env)
        entry["cpu_loop_ms_before"] = {str(k): v for k, v in calibration.items()}
        entry["pinned_cpus"] = [int(c) for c in args.cpu_order.split(",")][:MULTI_PROCESS.get(pair, 1)] \
            if args.cpu_order else None
        m["pairs"][pair] = entry
        save()
        log(f"{pair}: {entry['status']}" + (f", ratio {entry['ratio_step_ms_median']:.3f}"
                                            if "ratio_step_ms_median" in entry else "")
            + f" in {time.perf_counter() - t:.1f} s")
    m["loadavg_at_end"] = loadavg()
    m["cpu_loop_ms_at_end"] = {str(k): v for k, v in calibrate_cpus().items()}
    m["wall_s"] = round(time.perf_counter() - T0, 1)
    save()
    log("summary: unprofiled median ms (per-round medians) | traced ProfilerStep mean ms")
    for pair, entry in m["pairs"].items():
        parts = []
        for name, v in entry.get("variants", {}).items():
            med = v.get("step_ms", {}).get("median")
            rounds = ", ".join(f"{r['step_ms_median']:.2f}" for r in v.get("rounds", []))
            parts.append(f"{name} {med if med is not None else '-'} ({rounds}) | {v.get('trace_step_ms_mean', '-')}")
        ratio = entry.get("ratio_step_ms_median")
        log(f"  {pair:12s} {entry['status']:8s} ratio {ratio if ratio is not None else '-'}: " + "; ".join(parts))
    log(f"wrote {out_json}")
    return 0 if all(e["status"] == "ok" for e in m["pairs"].values()) else 1


def main():
    args = parse_args()
    if args.worker:
        args.out = os.path.abspath(args.out)
        return worker_main(args)
    return parent_main(args)


if __name__ == "__main__":
    sys.exit(main())
