#pragma once

#include "core/exec/layermodel.h"
#include "core/strategy/pass.h"

#include <vector>

namespace sightline {

struct RecomputeParameters {
    std::string layers;
    std::int64_t every = 1;
    OpSet ops;
};

// Recomputation (activation checkpointing; dPRO §5.3, Proteus' recompute, Chen et al.): the chosen
// layers keep no activations for backward and run their forward work again just before their first
// backward work needs it, as torch.utils.checkpoint does. The recomputed host work runs on the thread
// of that backward work, and its device work on the streams the forward used, launched in the
// backward's place in each stream. Layers come from LayerModel. Not modelled: memory (which the
// recomputation is for), RNG state handling, and recomputation that differs from the forward. Its
// export names the layers it chose, as checkpoint_layers.json and DeepSpeed's activation checkpointing.
class RecomputePass : public PassWith<RecomputeParameters> {
public:
    std::string_view name() const override;
    // Steps over other layers compose; a layer a step recomputes is left alone by the later ones.
    bool repeatable() const override { return true; }
    std::string_view summary() const override;

protected:
    const ParameterTable<RecomputeParameters>& table() const override;
    Status run(const RecomputeParameters& params, WhatIfJob& job) const override;
    void exportStep(const RecomputeParameters& params, ExportContext& out) const override;

private:
    // The layers of the model a step recomputes: those holding one of its ops (all without ops), every
    // k-th of those of each rank's step. Pointers into layers.
    static std::vector<const LayerModel::Layer*> chosenLayers(const ExecutionGraph& g, const LayerModel& layers, const RecomputeParameters& params);
};

} // namespace sightline
