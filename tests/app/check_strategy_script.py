"""Runs the sightline_strategy.py that `sightline-cli whatif --export-config` wrote, as a user would.

Usage: check_strategy_script.py DIR PROCESSES

DIR was exported from tests/fixtures/groundtruth-cpu/ddp/bucket25mb, whose job trained the residual MLP
of tests/groundtruth/cpu_pairs.py (4 blocks labelled block_0..block_3) on two gloo processes. This
builds that model again, applies the script to it in PROCESSES gloo processes (prepare, wrap and
train_step for four optimizer steps), and checks what the script promises: every labelled block is
recomputed in the backward, the micro-batches and autocast run, the loss is finite and the weights
change, and DistributedDataParallel's buckets after its rebuild are the buckets the what-if modelled,
byte for byte. With one process, it then runs the file itself (its CPU demo). Exits 77 (a skip for ctest) without torch.
"""

import faulthandler
import os
import signal
import subprocess
import sys
import tempfile

from checksupport import arguments, load_strategy


def traced_model(torch):
    """The model of the traced job: Linear(128, 256), 4 pre-norm residual MLP blocks of 256 -> 512 -> 256,
    LayerNorm and Linear(256, 10), its parameters in the traced job's order."""
    nn = torch.nn

    class Block(nn.Module):
        calls = 0

        def __init__(self):
            super().__init__()
            self.ln = nn.LayerNorm(256)
            self.fc1 = nn.Linear(256, 512)
            self.fc2 = nn.Linear(512, 256)

        def forward(self, x):
            Block.calls += 1
            return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln(x))))

    class ResidualMLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.inp = nn.Linear(128, 256)
            self.blocks = nn.ModuleList([Block() for _ in range(4)])
            self.ln_f = nn.LayerNorm(256)
            self.head = nn.Linear(256, 10)

        def forward(self, x):
            h = self.inp(x)
            for block in self.blocks:
                h = block(h)
            return self.head(self.ln_f(h))

    return ResidualMLP(), Block


def worker(rank, world, store, directory, results):
    import torch
    import torch.distributed as dist

    # A hang shows the worker's stack and ends it, instead of waiting for ctest's timeout.
    faulthandler.dump_traceback_later(150, exit=True)
    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method="file://" + store, rank=rank, world_size=world)
    try:
        strategy = load_strategy(directory)
        torch.manual_seed(0)
        model, block = traced_model(torch)
        mapping = {label: "blocks." + label.split("_")[1] for label in strategy.CHECKPOINT_LABELS}
        model, checkpointed = strategy.prepare(model, checkpoint_mapping=mapping)
        assert len(checkpointed) == len(strategy.CHECKPOINT_LABELS), checkpointed
        ddp = strategy.wrap(model)
        assert isinstance(ddp, torch.nn.parallel.DistributedDataParallel), type(ddp)
        expected_cap = int(strategy.DDP_KWARGS.get("bucket_cap_mb", 25) * 1024 * 1024)
        assert ddp.bucket_bytes_cap == expected_cap, (ddp.bucket_bytes_cap, expected_cap)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        before = model.head.weight.detach().clone()
        generator = torch.Generator().manual_seed(rank)
        for _ in range(4):
            block.calls = 0
            inputs = torch.randn(16, 128, generator=generator)
            targets = torch.randint(0, 10, (16,), generator=generator)
            loss = strategy.train_step(ddp, optimizer, torch.nn.functional.cross_entropy, (inputs, targets), strategy.grad_scaler())
            assert torch.isfinite(loss), loss
            # Each micro-batch runs each block's forward once, and once more in the backward where it is checkpointed.
            expected_calls = strategy.ACCUMULATION_STEPS * (4 + len(checkpointed))
            assert block.calls == expected_calls, (block.calls, expected_calls)
        assert not torch.equal(before, model.head.weight), "the optimizer did not change the weights"
        results[rank] = strategy.bucket_sizes(ddp)
    finally:
        dist.destroy_process_group()
        faulthandler.cancel_dump_traceback_later()


def main():
    directory, world = arguments(__doc__, 2)
    world = int(world)
    import torch.multiprocessing as mp

    strategy = load_strategy(directory)
    results = mp.Manager().dict()
    # A file store: no port to race other tests for.
    store = os.path.join(tempfile.mkdtemp(prefix="check_strategy_script."), "store")
    mp.spawn(worker, args=(world, store, directory, results), nprocs=world)
    for rank in range(world):
        assert results[rank] == strategy.MODELLED_BUCKET_BYTES, (rank, results[rank], strategy.MODELLED_BUCKET_BYTES)
    print(f"sightline_strategy.py: {world} process(es) trained 4 steps; DDP's buckets {results[0]} are the modelled ones")
    if world == 1:
        # A hang shows its Python stacks (faulthandler on SIGABRT) instead of only a timeout.
        env = dict(os.environ, PYTHONFAULTHANDLER="1")
        demo = subprocess.Popen([sys.executable, os.path.join(directory, "sightline_strategy.py")], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, env=env)
        try:
            out, _ = demo.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            demo.send_signal(signal.SIGABRT)
            out, _ = demo.communicate()
        assert demo.returncode == 0, out
        print(out.strip().splitlines()[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
