#!/usr/bin/env python3
"""Record ground-truth PyTorch profiler (Kineto) traces in pairs on a real NVIDIA GPU.

Sightline's strategy passes predict what a change of training configuration would do to a
job's step time and memory.  This script produces what they can be checked against: for each
change it trains the same small GPT-like transformer twice, once as the base configuration and
once with the one change, records a Kineto trace of each side and measures both sides' step time
and peak memory without the profiler.

Pairs (base -> changed):

  amp           fp32 -> torch.autocast (bf16 where the GPU supports it, else fp16 with GradScaler)
  checkpoint    no activation checkpointing -> checkpoint(..., use_reentrant=False) on every block
  accumulation  one batch of B per optimizer step -> four micro-batches of B/4 per optimizer step
  ddp           two DistributedDataParallel ranks, bucket_cap_mb 25 -> 1 (gloo with both ranks on
                cuda:0 when the machine has one GPU, NCCL with one GPU per rank otherwise)
  compile       eager -> torch.compile(model)

Every side of every pair starts from the same seeds and the same model; only the one thing changes.
The base configuration is fp32 (PyTorch's default matmul precision, so no TF32), no
checkpointing, no accumulation, eager, one process.  The default model (4 blocks, d_model 512,
8 heads, seq 128, vocab 8192, about 21 M parameters) with batch 64 keeps the base step GPU-bound on
an H100 (about 22 ms, of which about 21 ms of kernels); with batch 16 it is bound by the Python
host, and the profiler's own overhead then doubles the traced step times.

For each side the script
  1. builds the model and AdamW, runs a few warm-up steps (for torch.compile these include the
     compilation itself, whose time is recorded);
  2. times --iters optimizer steps without the profiler, each closed by torch.cuda.synchronize(),
     after torch.cuda.reset_peak_memory_stats(), and keeps the median/min/max wall time per step
     and torch.cuda.max_memory_allocated();
  3. profiles wait+warmup+active more steps with torch.profiler (CPU and CUDA activities,
     record_shapes, profile_memory, no stacks) and exports the trace with export_chrome_trace.
     Each profiled step is also closed by torch.cuda.synchronize() before prof.step(), so a
     ProfilerStep#N span covers the step's GPU work, as the timed steps do.

Each block's forward runs inside record_function("block_<i>"), and each step's phases inside
record_function("forward"), ("backward") and ("optimizer"), so that layers and phases are
visible in the trace (under torch.compile, Dynamo may drop the annotations inside the compiled
region).

Each pair runs in child processes of its own (two for ddp), under a time limit, so that a failure,
a crash or a hang in one pair is recorded in measurements.json and does not lose the others.

Output, under --out:

  <pair>/<variant>/rank0.json     the Kineto trace of that side (ddp also has rank1.json)
  measurements.json               environment, model, method and, per pair and side, the
                                  measured step times, peak memory and status

Run it on a machine with a CUDA GPU and PyTorch:

  python3 tests/groundtruth/kineto_pairs.py --out /tmp/gt
  python3 tests/groundtruth/kineto_pairs.py --out /tmp/gt --pairs amp,ddp --iters 30

then compress the traces (gzip -9) before they become fixtures under tests/fixtures/groundtruth/.
docs/fidelity.md describes the recorded set.
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
import time
import traceback

PAIR_ORDER = ["amp", "checkpoint", "accumulation", "ddp", "compile"]

# Longest a pair may run (seconds) before its processes are killed; the overall --time-budget-s
# caps these further.
PAIR_TIME_CAP_S = {
    "amp": 120,
    "checkpoint": 120,
    "accumulation": 150,
    "ddp": 200,
    "compile": 300,
}

START = time.perf_counter()


def log(msg, prefix="main"):
    print(f"[{time.perf_counter() - START:7.1f}s {prefix}] {msg}", flush=True)


# --------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description="Record pairs of Kineto traces (base and changed configuration) of a small "
        "GPT-like model on a CUDA GPU, and measure step time and peak memory of each side.")
    p.add_argument("--out", required=True, help="output folder (created; existing traces are overwritten)")
    p.add_argument("--pairs", default=",".join(PAIR_ORDER),
                   help="comma-separated pairs to run, from: " + ", ".join(PAIR_ORDER))
    p.add_argument("--layers", type=int, default=4, help="transformer blocks (default 4)")
    p.add_argument("--d-model", type=int, default=512, help="model width (default 512)")
    p.add_argument("--heads", type=int, default=8, help="attention heads (default 8)")
    p.add_argument("--seq", type=int, default=128, help="sequence length (default 128)")
    p.add_argument("--batch", type=int, default=64, help="batch per optimizer step and rank (default 64)")
    p.add_argument("--vocab", type=int, default=8192, help="vocabulary size (default 8192)")
    p.add_argument("--accum", type=int, default=4, help="micro-batches of the accumulation pair's changed side (default 4)")
    p.add_argument("--buckets", default="25,1", help="bucket_cap_mb of the ddp pair's base and changed side (default 25,1)")
    p.add_argument("--iters", type=int, default=30, help="timed optimizer steps without the profiler (default 30)")
    p.add_argument("--warmup-steps", type=int, default=5, help="untimed steps before timing (default 5)")
    p.add_argument("--compile-warmup-steps", type=int, default=6,
                   help="untimed steps before timing under torch.compile, compilation included (default 6)")
    p.add_argument("--sched-wait", type=int, default=1, help="profiler schedule: wait (default 1)")
    p.add_argument("--sched-warmup", type=int, default=2, help="profiler schedule: warmup (default 2)")
    p.add_argument("--sched-active", type=int, default=3, help="profiler schedule: active steps in the trace (default 3)")
    p.add_argument("--seed", type=int, default=1234, help="seed of the model and data (default 1234)")
    p.add_argument("--time-budget-s", type=float, default=480.0,
                   help="whole run's budget; a pair that would start too late is skipped (default 480)")
    # Internal: the parent starts itself again as a worker for each pair.
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    p.add_argument("--rank", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--world-size", type=int, default=1, help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.pair_list = [s.strip() for s in args.pairs.split(",") if s.strip()]
    for name in args.pair_list:
        if name not in PAIR_ORDER:
            p.error(f"unknown pair {name!r}; known: {', '.join(PAIR_ORDER)}")
    if args.batch % args.accum != 0:
        p.error(f"--batch {args.batch} is not a multiple of --accum {args.accum}")
    if args.d_model % args.heads != 0:
        p.error("--d-model must be a multiple of --heads")
    args.bucket_list = [float(s) for s in args.buckets.split(",")]
    if len(args.bucket_list) != 2:
        p.error("--buckets takes two values")
    return args


# Options a worker needs, forwarded by the parent.
FORWARDED = ["layers", "d_model", "heads", "seq", "batch", "vocab", "accum", "buckets", "iters",
             "warmup_steps", "compile_warmup_steps", "sched_wait", "sched_warmup", "sched_active", "seed"]


def forwarded_argv(args):
    out = []
    for name in FORWARDED:
        out += ["--" + name.replace("_", "-"), str(getattr(args, name))]
    return out


# --------------------------------------------------------------------------------------------
# Worker: model, training step, measurement, profiling (imports torch)
# --------------------------------------------------------------------------------------------


def worker_main(args):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
    from torch.profiler import ProfilerActivity, profile, record_function, schedule
    from torch.utils.checkpoint import checkpoint as activation_checkpoint

    pair = args.worker
    rank = args.rank
    world = args.world_size
    tag = f"{pair} r{rank}" if world > 1 else pair

    def wlog(msg):
        log(msg, tag)

    if not torch.cuda.is_available():
        raise SystemExit("kineto_pairs.py needs a CUDA GPU (torch.cuda.is_available() is False)")

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
                y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
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

    # ---- process group (ddp only) ----
    dist = None
    backend = None
    if world > 1:
        import torch.distributed as dist_mod
        dist = dist_mod
        backend = "nccl" if torch.cuda.device_count() >= world else "gloo"
        device = torch.device("cuda", rank if backend == "nccl" else 0)
        torch.cuda.set_device(device)
        dist.init_process_group(backend=backend, init_method=f"tcp://127.0.0.1:{args.port}",
                                rank=rank, world_size=world,
                                timeout=datetime.timedelta(seconds=120))
        wlog(f"process group up: backend {backend}, device {device}")
    else:
        device = torch.device("cuda", 0)
        torch.cuda.set_device(device)

    amp_dtype = torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16

    def sync():
        torch.cuda.synchronize(device)

    def environment():
        props = torch.cuda.get_device_properties(device)
        return {
            "gpu_name": torch.cuda.get_device_name(device),
            "gpu_memory_bytes": int(props.total_memory),
            "gpu_multiprocessors": int(props.multi_processor_count),
            "gpu_compute_capability": f"{props.major}.{props.minor}",
            "gpu_count": torch.cuda.device_count(),
            "torch_version": torch.__version__,
            "cuda_version": torch.version.cuda,
            "cudnn_version": torch.backends.cudnn.version(),
            "python_version": platform.python_version(),
            "bf16_supported": bool(torch.cuda.is_bf16_supported()),
            "float32_matmul_precision": torch.get_float32_matmul_precision(),
        }

    class Trainer:
        def __init__(self, cfg):
            self.cfg = cfg
            torch.manual_seed(args.seed)
            torch.cuda.manual_seed_all(args.seed)
            raw = TinyGPT(args.vocab, args.seq, args.d_model, args.heads, args.layers,
                          cfg.get("checkpoint", False)).to(device)
            self.parameters = sum(p.numel() for p in raw.parameters())
            model = raw
            self.ddp = world > 1
            if self.ddp:
                from torch.nn.parallel import DistributedDataParallel as DDP
                model = DDP(raw, device_ids=[device.index], output_device=device.index,
                            bucket_cap_mb=cfg["bucket_cap_mb"])
            if cfg.get("compile", False):
                model = torch.compile(model)
            self.raw = raw
            self.model = model
            self.opt = torch.optim.AdamW(raw.parameters(), lr=3e-4, weight_decay=0.1)
            self.amp = cfg.get("amp", False)
            self.scaler = (torch.amp.GradScaler("cuda")
                           if self.amp and amp_dtype == torch.float16 else None)
            self.accum = cfg.get("accum", 1)
            self.micro = args.batch // self.accum
            # The same batch every step: its values do not change the work a step does.
            gen = torch.Generator(device=device)
            gen.manual_seed(args.seed + 1000 + rank)
            tokens = torch.randint(0, args.vocab, (args.batch, args.seq + 1), generator=gen,
                                   device=device)
            self.x = tokens[:, :-1].contiguous()
            self.y = tokens[:, 1:].contiguous()

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
                        with torch.autocast("cuda", dtype=amp_dtype, enabled=self.amp):
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
                "batch": args.batch,
                "micro_batch": trainer.micro,
                "accumulation": trainer.accum,
                "seq": args.seq,
                "amp_dtype": str(amp_dtype).replace("torch.", "") if trainer.amp else None,
                "grad_scaler": trainer.scaler is not None,
            })
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
            torch.cuda.reset_peak_memory_stats(device)
            entry["resident_memory_bytes"] = int(torch.cuda.memory_allocated(device))
            times = []
            last = None
            for _ in range(args.iters):
                sync()
                ts = time.perf_counter()
                last = trainer.step()
                sync()
                times.append((time.perf_counter() - ts) * 1e3)
            entry["peak_memory_bytes"] = int(torch.cuda.max_memory_allocated(device))
            entry["peak_reserved_bytes"] = int(torch.cuda.max_memory_reserved(device))
            entry["step_ms"] = {
                "median": round(statistics.median(times), 4),
                "min": round(min(times), 4),
                "max": round(max(times), 4),
                "mean": round(statistics.fmean(times), 4),
                "samples": [round(t, 4) for t in times],
            }
            loss_value = float(last) * trainer.accum
            entry["final_loss"] = round(loss_value, 5) if math.isfinite(loss_value) else None
            wlog(f"{variant}: step median {entry['step_ms']['median']:.3f} ms "
                 f"(min {entry['step_ms']['min']:.3f}, max {entry['step_ms']['max']:.3f}), "
                 f"peak {entry['peak_memory_bytes'] / 2**20:.1f} MiB")

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
            n_prof = args.sched_wait + args.sched_warmup + args.sched_active
            with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
                         schedule=schedule(wait=args.sched_wait, warmup=args.sched_warmup,
                                           active=args.sched_active, repeat=1),
                         on_trace_ready=on_ready, record_shapes=True, profile_memory=True,
                         with_stack=False) as prof:
                for _ in range(n_prof):
                    trainer.step()
                    sync()
                    prof.step()
            sync()
            if not os.path.exists(path):
                raise RuntimeError("the profiler exported no trace")
            entry["trace"] = os.path.relpath(path, args.out)
            entry["trace_bytes"] = os.path.getsize(path)
            entry["profiled_steps"] = n_prof
            entry["profile_s"] = round(time.perf_counter() - tp, 3)
            entry["export_s"] = round(export["s"], 3) if "s" in export else None
            entry["status"] = "ok"
            wlog(f"{variant}: trace {entry['trace']} {entry['trace_bytes'] / 2**20:.2f} MiB "
                 f"(profiling {entry['profile_s']:.1f}s, export {entry['export_s']}s)")
        except Exception as exc:  # recorded, and the other side still runs
            entry["error"] = f"{type(exc).__name__}: {exc}"
            entry["traceback"] = traceback.format_exc()
            wlog(f"{variant}: FAILED {entry['error']}")
            traceback.print_exc()
        finally:
            trainer = None
            gc.collect()
            torch.cuda.empty_cache()
            if world > 1:
                try:
                    barrier()
                except Exception as exc:
                    wlog(f"barrier after {variant} failed: {exc}")
        return entry

    amp_name = "bf16" if amp_dtype == torch.bfloat16 else "fp16"
    b0, b1 = args.bucket_list
    bname = lambda v: f"bucket{v:g}mb"
    sides = {
        "amp": [("fp32", {}, "fp32 weights and math (no TF32)"),
                (amp_name, {"amp": True},
                 f"torch.autocast {amp_name}" + (" with GradScaler" if amp_name == "fp16" else ""))],
        "checkpoint": [("none", {}, "no activation checkpointing"),
                       ("every_block", {"checkpoint": True},
                        "torch.utils.checkpoint.checkpoint(block, use_reentrant=False) on every block")],
        "accumulation": [("accum1", {}, f"one batch of {args.batch} per optimizer step"),
                         (f"accum{args.accum}", {"accum": args.accum},
                          f"{args.accum} micro-batches of {args.batch // args.accum} per optimizer step")],
        "ddp": [(bname(b0), {"bucket_cap_mb": b0}, f"DistributedDataParallel, bucket_cap_mb={b0:g}"),
                (bname(b1), {"bucket_cap_mb": b1}, f"DistributedDataParallel, bucket_cap_mb={b1:g}")],
        "compile": [("eager", {}, "eager"),
                    ("compiled", {"compile": True}, "torch.compile(model), default mode")],
    }[pair]

    result = {"pair": pair, "rank": rank, "world_size": world, "environment": environment(),
              "base": sides[0][0], "changed": sides[1][0], "variants": {}}
    if pair == "compile":
        try:
            import torch._dynamo.utils as dynamo_utils
            dynamo_utils.counters.clear()
        except Exception:
            dynamo_utils = None
    for variant, cfg, description in sides:
        result["variants"][variant] = run_variant(variant, cfg, description)
    if pair == "compile" and dynamo_utils is not None:
        try:
            breaks = dynamo_utils.counters.get("graph_break", {})
            result["variants"]["compiled"]["dynamo_graph_breaks"] = {str(k): int(v) for k, v in breaks.items()}
        except Exception:
            pass
    os.makedirs(os.path.join(args.out, pair), exist_ok=True)
    with open(os.path.join(args.out, pair, f"_result_rank{rank}.json"), "w") as fh:
        json.dump(result, fh, indent=1)
    if dist is not None:
        dist.destroy_process_group()
    wlog("done")


# --------------------------------------------------------------------------------------------
# Parent: runs each pair in child processes under a time limit, gathers measurements.json
# --------------------------------------------------------------------------------------------


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


def run_pair(args, pair, limit_s):
    """Starts the pair's worker process(es), waits up to limit_s, returns (status, detail)."""
    world = 2 if pair == "ddp" else 1
    port = free_port()
    env = dict(os.environ)
    env["PYTHONUNBUFFERED"] = "1"
    env.setdefault("GLOO_SOCKET_IFNAME", "lo")
    procs = []
    for rank in range(world):
        cmd = [sys.executable, os.path.abspath(__file__), "--out", args.out, "--worker", pair,
               "--rank", str(rank), "--world-size", str(world), "--port", str(port)]
        cmd += forwarded_argv(args)
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
    if timed_out:
        for proc in procs:
            if proc.poll() is None:
                kill_group(proc)
        return "timeout", f"killed after {limit_s:.0f}s"
    if any(c != 0 for c in codes):
        return "failed", f"worker exit codes {codes}"
    return "ok", None


def merge_pair(args, pair, status, detail, wall_s):
    world = 2 if pair == "ddp" else 1
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
        variants[name] = v
    entry["variants"] = variants
    base, changed = variants[r0["base"]], variants[r0["changed"]]
    if all(v.get("status") == "ok" for v in variants.values()) and not (
            world > 1 and any(rv.get("status") != "ok" for v in variants.values() for rv in v["ranks"])):
        entry["status"] = "ok"
    elif entry["status"] == "ok":
        entry["status"] = "partial"
    if "step_ms" in base and "step_ms" in changed:
        entry["ratio_step_ms_median"] = round(changed["step_ms"]["median"] / base["step_ms"]["median"], 4)
    if base.get("peak_memory_bytes") and changed.get("peak_memory_bytes"):
        entry["ratio_peak_memory"] = round(changed["peak_memory_bytes"] / base["peak_memory_bytes"], 4)
    return entry, r0.get("environment")


def parent_main(args):
    os.makedirs(args.out, exist_ok=True)
    args.out = os.path.abspath(args.out)
    measurements = {
        "generated_by": "tests/groundtruth/kineto_pairs.py",
        "created_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "environment": {"nvidia_smi": nvidia_smi(), "host_cpus": os.cpu_count()},
        "model": {
            "kind": "GPT-like decoder: token + position embedding, pre-norm blocks "
                    "(causal SDPA attention + 4x GELU MLP), final LayerNorm, untied head",
            "layers": args.layers, "d_model": args.d_model, "heads": args.heads, "seq": args.seq,
            "vocab": args.vocab, "batch": args.batch, "optimizer": "AdamW(lr=3e-4, weight_decay=0.1)",
            "seed": args.seed,
        },
        "method": {
            "timed_steps": args.iters,
            "warmup_steps": args.warmup_steps,
            "compile_warmup_steps": args.compile_warmup_steps,
            "step_timing": "wall time of one optimizer step between torch.cuda.synchronize() calls, "
                           "without the profiler",
            "peak_memory": "torch.cuda.max_memory_allocated() over the timed steps, after "
                           "torch.cuda.reset_peak_memory_stats()",
            "profiler": {"activities": ["CPU", "CUDA"], "record_shapes": True, "profile_memory": True,
                         "with_stack": False, "schedule": {"wait": args.sched_wait,
                                                           "warmup": args.sched_warmup,
                                                           "active": args.sched_active},
                         "sync_before_prof_step": True},
        },
        "pairs": {},
    }
    out_json = os.path.join(args.out, "measurements.json")

    def save():
        with open(out_json, "w") as fh:
            json.dump(measurements, fh, indent=1)

    log(f"pairs {args.pair_list}; budget {args.time_budget_s:.0f}s; out {args.out}")
    for pair in [p for p in PAIR_ORDER if p in args.pair_list]:
        remaining = args.time_budget_s - (time.perf_counter() - START)
        limit = min(PAIR_TIME_CAP_S[pair], remaining)
        if limit < 45:
            log(f"{pair}: skipped, only {remaining:.0f}s of the budget left")
            measurements["pairs"][pair] = {"status": "skipped",
                                           "detail": f"only {remaining:.0f}s of the time budget left"}
            save()
            continue
        log(f"{pair}: start (limit {limit:.0f}s)")
        t0 = time.perf_counter()
        try:
            status, detail = run_pair(args, pair, limit)
            entry, env = merge_pair(args, pair, status, detail, time.perf_counter() - t0)
        except Exception as exc:
            entry, env = {"status": "failed", "detail": f"{type(exc).__name__}: {exc}",
                          "traceback": traceback.format_exc()}, None
        if env:
            measurements["environment"].update(env)
        measurements["pairs"][pair] = entry
        save()
        summary = entry["status"]
        if "ratio_step_ms_median" in entry:
            summary += f", step ratio {entry['ratio_step_ms_median']:.3f}"
        if "ratio_peak_memory" in entry:
            summary += f", memory ratio {entry['ratio_peak_memory']:.3f}"
        log(f"{pair}: {summary} in {time.perf_counter() - t0:.1f}s")
    save()
    log("summary (median step ms, peak MiB):")
    for pair, entry in measurements["pairs"].items():
        parts = []
        for name, v in entry.get("variants", {}).items():
            ms = v.get("step_ms", {}).get("median")
            mem = v.get("peak_memory_bytes")
            parts.append(f"{name}: {ms if ms is not None else '-'} ms, "
                         f"{mem / 2**20 if mem else float('nan'):.1f} MiB")
        log(f"  {pair:12s} {entry['status']:8s} " + "; ".join(parts))
    log(f"wrote {out_json}")
    bad = [p for p, e in measurements["pairs"].items() if e["status"] != "ok"]
    return 1 if bad else 0


def main():
    args = parse_args()
    if args.worker:
        args.out = os.path.abspath(args.out)
        worker_main(args)
        return 0
    return parent_main(args)


if __name__ == "__main__":
    sys.exit(main())
