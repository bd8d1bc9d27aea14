#include "core/strategy/pytorchscript.h"

#include "core/strategy/exporttext.h"
#include "core/strategy/frameworkconfig.h"

#include <algorithm>
#include <cmath>

namespace sightline {

namespace {

// The part of the script that is the same for every strategy: it reads the values of the head.
constexpr const char* kLibrary = R"PY(
import contextlib
import re
import sys
import warnings

import torch
import torch.utils.checkpoint

_warned = set()


def _warn(message):
    if message not in _warned:
        _warned.add(message)
        warnings.warn("sightline_strategy: " + message, stacklevel=3)


def _distributed():
    return torch.distributed.is_available() and torch.distributed.is_initialized()


def profiler_modules(model, example_inputs):
    """The model's modules by their path in the profiler's module hierarchy: each module is named by its
    class and its number among the modules of that class in the order they are first called, under the
    modules that call it ("ResNet_0/Sequential_1/BasicBlock_2"), as torch.profiler names them
    (with_stack=True). Runs one forward pass of example_inputs (a tuple) without gradients, in the
    model's own mode (so that it calls what training calls), and puts its buffers back afterwards (so
    that batch norm's running statistics do not count it)."""
    numbers, stack, found, handles = {}, [], {}, []
    buffers = [(b, b.detach().clone()) for b in model.buffers()]

    def enter(module, _inputs):
        per_class = numbers.setdefault(type(module).__name__, {})
        number = per_class.setdefault(id(module), len(per_class))
        stack.append(type(module).__name__ + "_" + str(number))
        found.setdefault("/".join(stack), module)

    def leave(_module, _inputs, _output):
        stack.pop()

    for module in model.modules():
        handles.append(module.register_forward_pre_hook(enter))
        handles.append(module.register_forward_hook(leave))
    try:
        with torch.no_grad():
            model(*example_inputs)
    finally:
        for handle in handles:
            handle.remove()
        with torch.no_grad():
            for buffer, saved in buffers:
                buffer.copy_(saved)
    return found


def _module_at(found, path):
    # The whole path, or the one module whose path ends with it (a model called inside a wrapper).
    if path in found:
        return found[path]
    matches = {id(m): m for p, m in found.items() if p.endswith("/" + path)}
    return next(iter(matches.values())) if len(matches) == 1 else None


def checkpoint_targets(model, example_inputs=None, checkpoint_mapping=None):
    """The modules to checkpoint: those of CHECKPOINT_MODULES, found by one forward pass of example_inputs,
    and those checkpoint_mapping gives for CHECKPOINT_LABELS ({label: module path as model.get_submodule
    takes it}). Raises LookupError naming what it cannot find."""
    targets = []
    if CHECKPOINT_MODULES:
        if example_inputs is None:
            raise LookupError("the trace names the modules to checkpoint by the profiler's module hierarchy; "
                              "give example_inputs (a tuple) so that one forward pass finds them in the model")
        found = profiler_modules(model, example_inputs)
        missing = [p for p in CHECKPOINT_MODULES if _module_at(found, p) is None]
        if missing:
            raise LookupError("the model has no module at " + ", ".join(missing) + " of the profiler's module hierarchy "
                              "(its paths are " + ", ".join(sorted(found)[:8]) + (", ..." if len(found) > 8 else "") + ")")
        targets += [_module_at(found, p) for p in CHECKPOINT_MODULES]
    if CHECKPOINT_LABELS:
        mapping = checkpoint_mapping or {}
        unmapped = [label for label in CHECKPOINT_LABELS if label not in mapping]
        if unmapped:
            raise LookupError("the trace names the layers to checkpoint by labels (" + ", ".join(unmapped) + "), which it does "
                              "not tie to modules: give checkpoint_mapping={label: module path}, e.g. {" + repr(unmapped[0]) + ": 'blocks.0'}")
        targets += [model.get_submodule(mapping[label]) for label in CHECKPOINT_LABELS]
    return targets


def _checkpoint(module):
    forward = module.forward

    def checkpointed(*args, **kwargs):
        if not torch.is_grad_enabled():
            return forward(*args, **kwargs)
        return torch.utils.checkpoint.checkpoint(forward, *args, use_reentrant=False, **kwargs)

    module.forward = checkpointed


def prepare(model, example_inputs=None, checkpoint_mapping=None):
    """Checkpoints the modules the strategy recomputes (see checkpoint_targets). Call it before wrap().
    Returns the model and the modules checkpointed."""
    targets = checkpoint_targets(model, example_inputs, checkpoint_mapping)
    for module in targets:
        _checkpoint(module)
    return model, targets


def _compress(ddp):
    from torch.distributed.algorithms.ddp_comm_hooks import default_hooks
    hook = default_hooks.fp16_compress_hook if GRADIENT_COMPRESSION == "fp16" else default_hooks.bf16_compress_hook
    try:
        ddp.register_comm_hook(None, hook)
    except (TypeError, RuntimeError) as error:
        _warn("gradients are all-reduced in their own type, not " + GRADIENT_COMPRESSION + " as the what-if modelled: " + str(error))


def wrap(model, device_ids=None):
    """The model as the strategy runs it: DistributedDataParallel with DDP_KWARGS, the first bucket's cap
    and the gradient compression (when a process group is up), then torch.compile where the strategy fuses
    operators (after DDP, so that it splits its graphs at DDP's buckets)."""
    if _distributed():
        # DDP reads its first bucket's cap from this module attribute while it is built.
        saved = getattr(torch.distributed, "_DEFAULT_FIRST_BUCKET_BYTES", None)
        if FIRST_BUCKET_BYTES is not None and saved is None:
            _warn("this PyTorch sets no first bucket cap (_DEFAULT_FIRST_BUCKET_BYTES): DDP's first bucket keeps its own")
        elif FIRST_BUCKET_BYTES is not None:
            torch.distributed._DEFAULT_FIRST_BUCKET_BYTES = FIRST_BUCKET_BYTES
        try:
            model = torch.nn.parallel.DistributedDataParallel(model, device_ids=device_ids, **DDP_KWARGS)
        finally:
            if saved is not None:
                torch.distributed._DEFAULT_FIRST_BUCKET_BYTES = saved
        if GRADIENT_COMPRESSION:
            _compress(model)
    elif "bucket_cap_mb" in DDP_KWARGS or GRADIENT_COMPRESSION:
        _warn("no process group is up: the model runs without DistributedDataParallel, so the strategy's buckets do not apply")
    if COMPILE:
        if hasattr(torch, "compile"):
            model = torch.compile(model)
        else:
            _warn("torch.compile needs PyTorch 2.0 or newer (this is " + torch.__version__ + "): operators are not fused")
    return model


def bucket_sizes(ddp):
    """DDP's bucket sizes in bytes after it rebuilt them in the order gradients became ready (after its
    first step, or its third with static_graph), in the order they are all-reduced; None before."""
    logging_data = getattr(getattr(ddp, "_orig_mod", ddp), "_get_ddp_logging_data", None)
    data = logging_data() if logging_data is not None else {}
    if not data.get("has_rebuilt_buckets") or "rebuilt_bucket_sizes" not in data:
        return None
    return [int(v) for v in re.findall(r"\d+", str(data["rebuilt_bucket_sizes"]))]


def grad_scaler():
    """A GradScaler where the strategy autocasts to float16 on CUDA (float16 gradients underflow
    without one); None otherwise."""
    if AUTOCAST_DTYPE == "float16" and torch.cuda.is_available():
        return torch.cuda.amp.GradScaler()
    return None


def _autocast(device_type):
    if AUTOCAST_DTYPE is None:
        return contextlib.nullcontext()
    if device_type == "cpu" and AUTOCAST_DTYPE == "float16":
        _warn("autocast to float16 runs on CUDA only: on the CPU the step runs in float32")
        return contextlib.nullcontext()
    return torch.autocast(device_type, dtype=getattr(torch, AUTOCAST_DTYPE))


def micro_batches(batch):
    """The micro-batches of one optimizer step. batch is (inputs, targets); where the micro-batches
    split the batch, they are its ACCUMULATION_STEPS equal parts, else batch is a list of
    ACCUMULATION_STEPS such pairs, each a whole batch."""
    if ACCUMULATION_STEPS == 1:
        return [batch]
    if not ACCUMULATION_SPLITS_BATCH:
        if len(batch) != ACCUMULATION_STEPS:
            raise ValueError("give a list of " + str(ACCUMULATION_STEPS) + " (inputs, targets) batches, one a micro-batch")
        return list(batch)
    inputs, targets = batch
    if inputs.shape[0] % ACCUMULATION_STEPS:
        raise ValueError("a batch of " + str(inputs.shape[0]) + " does not split into " + str(ACCUMULATION_STEPS) + " micro-batches")
    return list(zip(inputs.chunk(ACCUMULATION_STEPS), targets.chunk(ACCUMULATION_STEPS)))


def train_step(model, optimizer, loss_fn, batch, scaler=None):
    """One optimizer step as the strategy runs it: each micro-batch's forward under autocast and its
    backward, without DDP's all-reduce (no_sync) on all but the last, then the optimizer. Returns the
    step's loss as a tensor on the model's device (reading it waits for the device; the step does not)."""
    micro = micro_batches(batch)
    total = 0
    for k, (inputs, targets) in enumerate(micro):
        last = k + 1 == len(micro)
        sync = model.no_sync() if not last and hasattr(model, "no_sync") else contextlib.nullcontext()
        with sync:
            with _autocast(inputs.device.type):
                loss = loss_fn(model(inputs), targets) / len(micro)
            (scaler.scale(loss) if scaler is not None else loss).backward()
        total = total + loss.detach()
    if scaler is not None:
        scaler.step(optimizer)
        scaler.update()
    else:
        optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return total


def _demo():
    """Trains two steps of a small model on the CPU with the strategy: in one process, or, launched by
    torchrun (TORCHRUN_ARGS), in a gloo group of its processes with DistributedDataParallel. The
    strategy's checkpointing names the traced model's modules, which this model does not have."""
    import os
    distributed = "WORLD_SIZE" in os.environ
    if distributed:
        torch.distributed.init_process_group("gloo")
    try:
        torch.manual_seed(0)
        model = wrap(torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)))
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        samples = 2 * ACCUMULATION_STEPS
        for _ in range(2):
            if ACCUMULATION_SPLITS_BATCH:
                batch = (torch.randn(samples, 32), torch.randint(0, 8, (samples,)))
            else:
                batch = [(torch.randn(2, 32), torch.randint(0, 8, (2,))) for _ in range(ACCUMULATION_STEPS)]
            loss = train_step(model, optimizer, torch.nn.functional.cross_entropy, batch, grad_scaler())
        processes = torch.distributed.get_world_size() if distributed else 1
        print("sightline_strategy: trained two steps of a small model on the CPU in", processes, "process(es), loss", round(float(loss), 4))
    finally:
        if distributed:
            torch.distributed.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(_demo())
)PY";

std::string pythonBool(bool b)
{
    return b ? "True" : "False";
}

std::string pythonString(const std::optional<std::string>& s)
{
    return s ? ExportText::quoted(*s) : "None";
}

std::string pythonList(const std::vector<std::string>& items)
{
    std::string s = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        s += (i ? ", " : "") + ExportText::quoted(items[i]);
    return s + "]";
}

// One comment line, whatever the text holds.
std::string comment(std::string text)
{
    std::replace(text.begin(), text.end(), '\n', ' ');
    return "#   " + text + "\n";
}

// torchrun's arguments for the worker count's hosts; none without one.
std::vector<std::string> torchrunArgs(const FrameworkConfig& c)
{
    if (!c.processes)
        return {};
    return { "--nnodes=" + std::to_string(*c.processes / *c.ranksPerHost), "--nproc_per_node=" + std::to_string(*c.ranksPerHost) };
}

std::string usage(const FrameworkConfig& c)
{
    std::string launch = "python3 train.py";
    if (c.processes) {
        launch = "torchrun";
        for (const std::string& a : torchrunArgs(c))
            launch += " " + a;
        launch += std::string(*c.processes > *c.ranksPerHost ? " --rdzv_backend=c10d --rdzv_endpoint=HOST_1:29400" : "") + " train.py";
    }
    return "\"\"\"Sightline's strategy for a PyTorch training script.\n\n"
           "Apply it to the model and the training step:\n\n"
           "    import sightline_strategy as strategy\n\n"
           "    model, _ = strategy.prepare(model, example_inputs=(inputs,))  # activation checkpointing\n"
           "    model = strategy.wrap(model, device_ids=[local_rank])  # DDP, gradient compression, torch.compile\n"
           "    scaler = strategy.grad_scaler()\n"
           "    for batch in loader:  # (inputs, targets)\n"
           "        strategy.train_step(model, optimizer, loss_fn, batch, scaler)\n\n"
           "Launch: " + launch + "\n"
           "Run this file (python3 sightline_strategy.py, or under torchrun) to train two steps of a small model on the CPU with it.\n\"\"\"\n";
}

std::string steps(const FrameworkConfig& c)
{
    std::string text = "\n# What each step of the strategy becomes in PyTorch:\n";
    for (const FrameworkConfig::Translation& t : c.translations) {
        if (t.framework == Framework::PyTorch)
            text += comment(t.step + (t.expressed ? ": " : ": nothing here: ") + t.text);
    }
    return text;
}

// DDP's keyword arguments and first bucket, the buckets to compare with DDP's, and the gradients' compression.
std::string ddpValues(const FrameworkConfig& c)
{
    std::string text = "\n# DistributedDataParallel's keyword arguments. static_graph: " + (c.staticGraph ? std::string("the measured steps all made the same gradients in the same order") : c.staticGraphWhy)
        + ".\n# gradient_as_bucket_view: the gradients live in DDP's buckets instead of beside them, which only lowers the peak memory.\n";
    text += "DDP_KWARGS = {";
    if (c.bucketCapMb)
        text += "\"bucket_cap_mb\": " + ExportText::number(*c.bucketCapMb) + ", ";
    text += "\"gradient_as_bucket_view\": True, \"static_graph\": " + pythonBool(c.staticGraph) + "}\n";
    // A Horovod-style threshold has no first bucket of its own: DDP's first is capped like the others.
    std::string firstBucket = "None";
    if (c.bucketCapMb && c.firstBucketMb)
        firstBucket = std::to_string(std::llround(*c.firstBucketMb * 1048576.0));
    else if (c.fusionThresholdBytes)
        firstBucket = std::to_string(*c.fusionThresholdBytes);
    text += "# The cap of DDP's first bucket in bytes (None: DDP's own, 1 MiB).\nFIRST_BUCKET_BYTES = " + firstBucket + "\n";
    const bool ddpStyle = c.bucketCapMb && c.firstBucketMb;
    text += ddpStyle ? "# DDP's buckets as the what-if modelled them, in bytes, in the order they are all-reduced (bucket_sizes() reads DDP's).\n"
                     : c.bucketCapMb ? "# None here: the what-if cut buckets Horovod's way (by threshold and cycle time), which DDP does not.\n" : "";
    text += "MODELLED_BUCKET_BYTES = [";
    if (ddpStyle) {
        for (std::size_t g = 0; g < c.tensorGroups.size(); ++g)
            text += (g ? ", " : "") + std::to_string(c.tensorGroups[g].bytes);
    }
    text += "]\n";
    text += "# Gradients all-reduced in 16 bits (DDP's compress hook), as the what-if halved their bytes.\nGRADIENT_COMPRESSION = " + pythonString(c.gradientCompression) + "\n";
    return text;
}

// What train_step(), prepare() and wrap() apply besides DDP, and the launcher's arguments.
std::string stepValues(const FrameworkConfig& c)
{
    std::optional<std::string> dtype;
    if (c.precision)
        dtype = *c.precision == "bf16" ? "bfloat16" : "float16";
    std::string text = "AUTOCAST_DTYPE = " + pythonString(dtype) + "\n";
    text += "ACCUMULATION_STEPS = " + std::to_string(c.accumulationSteps.value_or(1)) + "\n";
    text += "# True: the micro-batches are equal parts of one batch; False: each is a whole batch.\nACCUMULATION_SPLITS_BATCH = " + pythonBool(c.accumulationSplitsBatch) + "\n";
    const std::vector<std::string> none;
    text += "# Modules to checkpoint by the profiler's module hierarchy (found by one forward pass), and by the trace's labels\n"
            "# (record_function ranges or layer names), which need checkpoint_mapping={label: module path}.\n";
    text += "CHECKPOINT_MODULES = " + pythonList(c.checkpointByModulePath ? c.checkpointLayers : none) + "\n";
    text += "CHECKPOINT_LABELS = " + pythonList(c.checkpointByModulePath ? none : c.checkpointLayers) + "\n";
    text += "COMPILE = " + pythonBool(c.compile) + "\n";
    text += "TORCHRUN_ARGS = " + (c.processes ? pythonList(torchrunArgs(c)) : std::string("None")) + "\n";
    return text;
}

} // namespace

bool PyTorchScript::applies(const FrameworkConfig& config)
{
    return std::any_of(config.translations.begin(), config.translations.end(),
        [](const FrameworkConfig::Translation& t) { return t.framework == Framework::PyTorch && t.expressed; });
}

std::string PyTorchScript::text(const FrameworkConfig& config)
{
    return usage(config) + steps(config) + ddpValues(config) + stepValues(config) + kLibrary;
}

} // namespace sightline
