"""Loads the framework configs that `sightline-cli whatif --export-config` wrote into real frameworks.

Usage: check_exported_config.py DIR

DIR holds ddp_args.json (and, when the strategy had them, deepspeed_config.json, horovod.env,
checkpoint_layers.json). The DDP arguments go to torch.nn.parallel.DistributedDataParallel on a
one-process gloo group, which must take them and train a step; the DeepSpeed configuration must be
a JSON object with the types DeepSpeed reads; the Horovod environment must give integers and a
number. Exits 77 (a skip for ctest) when torch is not installed.
"""

import json
import os
import socket
import sys


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check_ddp(directory):
    import torch
    import torch.distributed as dist

    with open(os.path.join(directory, "ddp_args.json")) as f:
        args = json.load(f)
    assert set(args) <= {"bucket_cap_mb"}, args
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(free_port())
    dist.init_process_group("gloo", rank=0, world_size=1)
    try:
        model = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8))
        ddp = torch.nn.parallel.DistributedDataParallel(model, **args)
        expected = int(args["bucket_cap_mb"] * 1024 * 1024)
        assert ddp.bucket_bytes_cap == expected, (ddp.bucket_bytes_cap, expected)
        loss = ddp(torch.randn(4, 64)).sum()
        loss.backward()
        assert all(p.grad is not None for p in model.parameters())
    finally:
        dist.destroy_process_group()
    print("ddp: DistributedDataParallel took", args, "and trained a step")


def check_deepspeed(directory):
    path = os.path.join(directory, "deepspeed_config.json")
    if not os.path.exists(path):
        return
    with open(path) as f:
        config = json.load(f)
    assert isinstance(config, dict)
    if "gradient_accumulation_steps" in config:
        assert isinstance(config["gradient_accumulation_steps"], int) and config["gradient_accumulation_steps"] >= 1
    for precision in ("fp16", "bf16"):
        if precision in config:
            assert config[precision] == {"enabled": True}, config[precision]
    if "activation_checkpointing" in config:
        assert isinstance(config["activation_checkpointing"]["number_checkpoints"], int)
    if "zero_optimization" in config:
        assert isinstance(config["zero_optimization"]["reduce_bucket_size"], int)
    print("deepspeed:", sorted(config))


def check_horovod(directory):
    path = os.path.join(directory, "horovod.env")
    if not os.path.exists(path):
        return
    values = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                key, value = line.split("=", 1)
                values[key] = value
    int(values["HOROVOD_FUSION_THRESHOLD"])
    float(values["HOROVOD_CYCLE_TIME"])
    print("horovod:", values)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import torch  # noqa: F401
    except ImportError:
        print("torch is not installed: skipped")
        return 77
    directory = sys.argv[1]
    check_ddp(directory)
    check_deepspeed(directory)
    check_horovod(directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
