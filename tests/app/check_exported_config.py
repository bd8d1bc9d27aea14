"""Loads the framework configs that `sightline-cli whatif --export-config` wrote into real frameworks.

Usage: check_exported_config.py DIR

DIR holds what the strategy made (ddp_args.json, sightline_strategy.py, deepspeed_config.json,
horovod.env, byteps.env, checkpoint_layers.json). The DDP arguments go to
torch.nn.parallel.DistributedDataParallel on a one-process gloo group, which must take them and train a
step, and must be the script's DDP_KWARGS; the DeepSpeed configuration must be a JSON object with the
types DeepSpeed reads; the Horovod environment must give integers and a number, BytePS's 32-bit
integers; checkpoint_layers.json must say how its names are to be read. Exits 77 (a skip for ctest)
when torch is not installed.
"""

import os
import sys
import tempfile

from checksupport import arguments, read_env, read_json


def check_ddp(directory):
    import torch
    import torch.distributed as dist

    args = read_json(directory, "ddp_args.json")
    if args is None:
        return
    assert set(args) == {"bucket_cap_mb", "gradient_as_bucket_view", "static_graph"}, args
    script = {}
    with open(os.path.join(directory, "sightline_strategy.py")) as f:
        exec(compile(f.read().split("\nimport contextlib", 1)[0], "sightline_strategy.py", "exec"), script)
    assert script["DDP_KWARGS"] == args, (script["DDP_KWARGS"], args)
    store = os.path.join(tempfile.mkdtemp(prefix="check_exported_config."), "store")
    dist.init_process_group("gloo", init_method="file://" + store, rank=0, world_size=1)
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
    config = read_json(directory, "deepspeed_config.json")
    if config is None:
        return
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
    values = read_env(directory, "horovod.env")
    if values is None:
        return
    int(values["HOROVOD_FUSION_THRESHOLD"])
    float(values["HOROVOD_CYCLE_TIME"])
    print("horovod:", values)


def check_byteps(directory):
    values = read_env(directory, "byteps.env")
    if values is None:
        return
    for key, value in values.items():
        # BytePS reads these with atoi into 32-bit ints.
        assert -2**31 <= int(value) < 2**31, (key, value)
    print("byteps:", values)


def check_checkpoint_layers(directory):
    layers = read_json(directory, "checkpoint_layers.json")
    if layers is None:
        return
    assert layers["names"] in ("profiler_module_hierarchy", "trace_labels"), layers
    assert layers["needs_mapping"] == (layers["names"] == "trace_labels"), layers
    assert layers["checkpoint_layers"] and not any("::" in name for name in layers["checkpoint_layers"]), layers
    print("checkpoint_layers:", layers["names"], len(layers["checkpoint_layers"]))


def main():
    (directory,) = arguments(__doc__, 1)
    check_ddp(directory)
    check_deepspeed(directory)
    check_horovod(directory)
    check_byteps(directory)
    check_checkpoint_layers(directory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
