#include "core/strategy/passes/batchsizepass.h"

#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/model/trace.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/exportcontext.h"
#include "core/strategy/frameworkconfig.h"
#include "core/strategy/samplescaling.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace sightline {

namespace {

std::string number(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

// The samples the step asks for over the measured ones, and the measured batch where the trace shows
// it; the error names what is missing or given twice.
struct Samples {
    double factor = 1;
    std::optional<BatchSize::Found> measured;
};

// prior: the samples over the measured ones before this step (WhatIfJob::samplesFactor).
Expected<Samples> samplesOf(const BatchSizeParameters& params, const Trace& trace, double prior)
{
    if (params.samples.has_value() == params.factor.has_value())
        return Status::error(
            ErrorCode::InvalidArgument, {}, -1, Message(SL_TEXT("Core", "give one of 'samples' and 'factor'")));
    Samples s { 1, BatchSize::of(trace) };
    if (params.factor) {
        s.factor = *params.factor;
        return s;
    }
    if (!s.measured)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "the trace's input shapes do not show the measured batch (record them with record_shapes), so "
                "'samples' has nothing to compare with: give 'factor', the samples over the measured ones")));
    s.factor = static_cast<double>(*params.samples) / (static_cast<double>(s.measured->size) * prior);
    return s;
}

// What the user must know of the new samples: the factor over the measured batch, and that
// throughput compares; a factor that makes no whole batch, or, where the trace does not show the batch,
// one that may not. before: the samples factor before the step.
void sayTheSamples(const Samples& samples, const BatchSizeParameters& params, double before, WhatIfJob& job)
{
    if (samples.measured)
        job.warnings.emplace_back(
            SL_TEXT("Core",
                "each rank computes on %1 times its measured batch of %2 samples (%3) a step: compare "
                "throughput, samples per second, not the iteration"),
            std::vector<Message::Arg> { number(job.samplesFactor), samples.measured->size, samples.measured->source });
    else
        job.warnings.emplace_back(
            SL_TEXT("Core",
                "each rank computes on %1 times its measured samples a step: compare throughput, samples per "
                "second, not the iteration"),
            std::vector<Message::Arg> { number(job.samplesFactor) });
    if (!samples.measured) {
        if (std::optional<Message> unknown = BatchSize::unknownShare(job.samplesFactor))
            job.warnings.push_back(std::move(*unknown));
    } else if (params.factor) {
        const double from = static_cast<double>(samples.measured->size) * before;
        const double batch = from * *params.factor;
        job.noteSamples(batch);
        if (std::abs(batch - std::round(batch)) > 1e-9)
            job.warnings.emplace_back(
                SL_TEXT("Core", "a factor of %1 of a batch of %2 samples is not a whole number of samples (%3)"),
                std::vector<Message::Arg> { number(*params.factor), number(from), number(batch) });
    }
}

} // namespace

std::string_view BatchSizePass::name() const
{
    return "batch_size";
}

std::string_view BatchSizePass::summary() const
{
    return SL_TEXT(
        "Core", "Changes the samples each rank computes on per step; its compute and activations follow them.");
}

const ParameterTable<BatchSizeParameters>& BatchSizePass::table() const
{
    using T = ParameterSpec::Type;
    using P = BatchSizeParameters;
    static const ParameterTable<P> table {
        { &P::samples,
            { "samples", T::Integer, "", 1, 1 << 20, "", {},
                SL_TEXT("Core",
                    "the batch per rank and step (left out: factor gives it; against the batch the trace's input "
                    "shapes show)"),
                true } },
        { &P::factor,
            { "factor", T::Number, "", 0.01, 64, "", {},
                SL_TEXT("Core",
                    "the samples over those each rank computed on before this step, the measured ones unless a step "
                    "changed them (left out: samples gives them)"),
                true } },
        { &P::kernelFloorUs,
            { "kernel_floor_us", T::Number, "us", 0, 1e6, "5", {},
                SL_TEXT("Core", "the part of a device op's time that does not change with the samples") } },
        { &P::fixedShare,
            { "fixed_share", T::Number, "", 0, 1, "0.06", {},
                SL_TEXT("Core",
                    "the share of a device op's time above the floor that does not change either (weights read once, "
                    "partly filled waves)") } },
    };
    return table;
}

Status BatchSizePass::run(const BatchSizeParameters& params, WhatIfJob& job) const
{
    if (Status s = job.checkSamplesBeforeMicroBatches(); !s.ok())
        return s;
    const ExecutionGraph& g = *job.graph;
    const Expected<Samples> samples = samplesOf(params, g.trace(), job.samplesFactor);
    if (!samples)
        return samples.status();
    if (samples->factor == 1.0) {
        job.warnings.emplace_back(SL_TEXT("Core", "the same samples leave the job as it is"));
        return {};
    }
    ExecutionGraphBuilder b(g);
    SampleScaling(g, params.kernelFloorUs, params.fixedShare, samples->factor, job.samplesFactor).applyAll(b);
    const double before = job.samplesFactor;
    job.samplesFactor *= samples->factor;
    sayTheSamples(*samples, params, before, job);
    return job.rebuild(b);
}

void BatchSizePass::exportStep(const BatchSizeParameters& params, ExportContext& out) const
{
    FrameworkConfig& c = out.config();
    if (params.samples.has_value() == params.factor.has_value()) {
        out.cannotAll(
            "the step gives " + std::string(params.samples ? "both" : "neither") + " of 'samples' and 'factor'");
        return;
    }
    const std::string script = "the batch is the training script's (its data loader's batch_size)";
    std::optional<std::int64_t> batch = params.samples;
    if (!batch && c.batch) {
        const double scaled = static_cast<double>(*c.batch) * *params.factor;
        if (std::abs(scaled - std::round(scaled)) <= 1e-9 && scaled >= 1)
            batch = static_cast<std::int64_t>(std::llround(scaled));
    }
    if (!batch) {
        out.cannotAll(script + ", and a factor of " + number(*params.factor)
            + (c.batch ? " of a batch of " + std::to_string(*c.batch) + " is not a whole number of samples"
                       : " names no batch, as the trace's input shapes do not show the measured one (--batch gives it)")
            + ": give 'samples'");
        return;
    }
    c.batch = batch;
    c.batchSource = FrameworkConfig::kStepBatch;
    out.becomes(Framework::DeepSpeed, { "deepspeed_config.json" },
        "train_micro_batch_size_per_gpu from a batch of " + std::to_string(*batch)
            + " samples per rank and step (deepspeed_config.json)");
    out.cannot({ Framework::PyTorch, Framework::Horovod, Framework::BytePS, Framework::Xla },
        script + ": set it to " + std::to_string(*batch));
}

} // namespace sightline
