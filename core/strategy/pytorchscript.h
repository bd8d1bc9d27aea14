#pragma once

#include <string>

namespace sightline {

class FrameworkConfig;

// sightline_strategy.py: a Python module that applies a strategy to a user's PyTorch model and training
// step. Its head holds the strategy's values (DDP's keyword arguments and first bucket, the buckets
// the what-if modelled, gradient compression, the autocast dtype, the accumulation steps, the modules
// to checkpoint, torch.compile, the torchrun line) and says what each step became; its body is the
// same for every strategy: prepare() checkpoints modules, wrap() makes the DDP model, train_step()
// runs the micro-batches under autocast with no_sync() on all but the last, and running the file
// trains a small model on the CPU with it. Pure.
class PyTorchScript {
public:
    // Whether the strategy changes anything the script applies.
    static bool applies(const FrameworkConfig& config);
    static std::string text(const FrameworkConfig& config);
};

} // namespace sightline
