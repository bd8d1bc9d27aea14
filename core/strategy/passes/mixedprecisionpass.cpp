#include "core/strategy/passes/mixedprecisionpass.h"

#include "core/base/checkedmath.h"
#include "core/cost/devicecatalog.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/kernelclasses.h"
#include "core/model/inputshapes.h"
#include "core/memory/memoryrewrite.h"
#include "core/model/trace.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_map>

namespace sightline {

namespace {

// The input holding the weight of a matrix op, by its name; -1 for an op that is not one.
int weightInput(std::string_view op)
{
    if (op == "aten::linear" || op == "aten::mm" || op == "aten::bmm" || op == "aten::matmul")
        return 1;
    if (op == "aten::addmm" || op == "aten::baddbmm" || op == "aten::addbmm")
        return 2;
    if (op.starts_with("aten::conv") || op == "aten::_convolution" || op == "aten::cudnn_convolution")
        return 1;
    return -1;
}

// The outermost matrix op the host op sits in (itself included), or invalid.
ItemId outermostMatrixOp(const ExecutionGraph& g, ItemId op)
{
    ItemId found;
    for (int depth = 0; op.isValid() && depth < 64; ++depth) {
        if (weightInput(g.name(op)) >= 0)
            found = op;
        op = g.firstSource(op, EdgeKind::Nest);
    }
    return found;
}

std::int64_t weightElements(const ExecutionGraph& g, ItemId matrixOp)
{
    const std::span<const OpId> origin = g.origin(matrixOp);
    if (origin.empty())
        return 0;
    const Trace& t = g.trace();
    const ShapeArgs* shapes = t.shapes(origin.front());
    if (!shapes)
        return 0;
    const InputShapes in = InputShapes::parse(t.string(shapes->dims), t.string(shapes->types));
    return in.elements(static_cast<std::size_t>(weightInput(g.name(matrixOp))));
}

std::string castName(const std::string& precision, std::int64_t elements, bool onDevice)
{
    return std::string(onDevice ? "cast kernel to " : "cast to ") + precision + ": " + std::to_string(elements) + " weight elements";
}

// Makes a synthetic item wait for everything that releases before's start, and before wait for it.
void insertBefore(const ExecutionGraph& g, ExecutionGraphBuilder& b, ItemId item, ItemId before, EdgeKind only)
{
    for (std::uint32_t s = g.inBegin(before.value()); s < g.inBegin(before.value() + 1); ++s) {
        const std::uint32_t e = g.inEdge(s);
        if (g.ref(e) != EdgeRef::EndToEnd && (only == EdgeKind::Count || g.edgeKind(e) == only))
            b.addEdge(ItemId(g.inSource(s)), item, g.edgeKind(e), g.ref(e));
    }
    b.addEdge(item, before, EdgeKind::Program, EdgeRef::EndToStart);
}

struct Factors {
    double matmul, normalization, elementwise, optimizer;
    double factorOf(const ExecutionGraph& g, ItemId i, KernelClasses& classes) const
    {
        if (g.phase(i) == Phase::Optimizer)
            return optimizer;
        switch (classes.of(i)) {
        case KernelClassifier::Class::Matmul:
            return matmul;
        case KernelClassifier::Class::Normalization:
            return normalization;
        case KernelClassifier::Class::Elementwise:
            return elementwise;
        }
        return elementwise;
    }
};

} // namespace

std::string_view MixedPrecisionPass::name() const
{
    return "mixed_precision";
}

std::string_view MixedPrecisionPass::summary() const
{
    return "Runs compute in 16-bit precision: kernels scaled by what bounds them, gradients halved, weight casts added.";
}

const ParameterTable<MixedPrecisionParameters>& MixedPrecisionPass::table() const
{
    using T = ParameterSpec::Type;
    using P = MixedPrecisionParameters;
    static const ParameterTable<P> table {
        { &P::precision, { "precision", T::Choice, "", 0, 0, "bf16", { "bf16", "fp16" }, "the 16-bit type compute runs in" } },
        { &P::matmulFactor, { "matmul_factor", T::Number, "", 0.01, 4, "0.5", {}, "time factor of matrix, convolution and attention kernels" } },
        { &P::normalizationFactor, { "normalization_factor", T::Number, "", 0.01, 4, "0.8", {}, "time factor of normalisation, softmax and reduction kernels" } },
        { &P::elementwiseFactor, { "elementwise_factor", T::Number, "", 0.01, 4, "0.6", {}, "time factor of elementwise and other memory-bound kernels" } },
        { &P::optimizerFactor, { "optimizer_factor", T::Number, "", 0.01, 4, "1", {}, "time factor of the optimizer's kernels (fp32 master weights)" } },
        { &P::gradientBytesFactor, { "gradient_bytes_factor", T::Number, "", 0.01, 4, "0.5", {}, "factor of the bytes of gradient transfers (backward-phase communication)" } },
        { &P::castGBps, { "cast_gbps", T::Number, "GB/s", 1, 100000, "900", {}, "device memory bandwidth a weight cast runs at (6 bytes per element)" } },
        { &P::castHostUs, { "cast_host_us", T::Number, "us", 0, 10000, "10", {}, "host time of each weight cast (the op and its launch)" } },
        { &P::activationBytesFactor, { "activation_bytes_factor", T::Number, "", 0.01, 4, "0.65", {},
            "share of the activation bytes kept for backward that remains (normalisation and loss inputs stay fp32)" } },
    };
    return table;
}

namespace {

// What the device's datasheet says of the matrix factor: the 16-bit tensor cores' peak against FP32's
// and TF32's, where the catalog knows the job's GPU. The factor cannot be told from the trace alone:
// the base's matrix kernels ran at FP32 or at TF32, and achieve their peaks to different degrees.
std::optional<std::string> matrixFactorNote(const ExecutionGraph& g, const MixedPrecisionParameters& params, const std::string& precision)
{
    std::optional<DeviceSpec> spec;
    for (const ExecRank& r : g.ranks()) {
        if (!r.device.empty() && (spec = DeviceCatalog::find(r.device)))
            break;
    }
    if (!spec || spec->fp32Tflops <= 0)
        return std::nullopt;
    const double half = params.precision == MixedPrecisionParameters::Precision::Bf16 ? spec->bf16Tflops : spec->fp16Tflops;
    const auto number = [](double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2g", v);
        return std::string(text);
    };
    const std::string factor = number(params.matmulFactor);
    if (half <= 0)
        return "the " + std::string(spec->name) + " has no " + precision + " units faster than FP32 (its datasheet): matrix kernels "
            + "taking " + factor + " of their time may gain nothing there";
    const double fromFp32 = spec->fp32Tflops / half;
    if (params.matmulFactor < 2 * fromFp32)
        return std::nullopt;
    std::string note = "the " + std::string(spec->name) + "'s datasheet gives " + precision + " matrix products " + number(1 / fromFp32)
        + "x the FP32 rate";
    if (spec->tf32Tflops > 0)
        note += " and " + number(half / spec->tf32Tflops) + "x the TF32 rate";
    return note + "; matrix kernels take matmul_factor " + factor + " of their time, which may be far from what this job gains: "
        + "less time where its fp32 base ran without TF32, about half where it ran at TF32 (docs/fidelity.md: +41 % and -13 % on the "
        + "check set); set matmul_factor for the base's precision";
}

} // namespace

Status MixedPrecisionPass::run(const MixedPrecisionParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const Factors factors { params.matmulFactor, params.normalizationFactor, params.elementwiseFactor, params.optimizerFactor };
    const double bytesFactor = params.gradientBytesFactor;
    const double castGBps = params.castGBps;
    const TimeNs castHost = CheckedMath::saturatingRound(params.castHostUs * 1000.0);
    const std::string precision = params.precision == MixedPrecisionParameters::Precision::Bf16 ? "bf16" : "fp16";
    const bool measuredTransfers = job.options.communication == CommSource::Measured;

    ExecutionGraphBuilder b(g);
    KernelClasses classes(g);
    std::unordered_map<std::uint32_t, ItemId> castOf; // matrix host op -> its cast's host item
    std::size_t kernels = 0, transfers = 0, unknownShapes = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const OpKind k = g.kind(item);
        if (const CommCost* c = g.comm(item); c && g.phase(item) == Phase::Backward) {
            ++transfers;
            b.setCommBytes(item, CheckedMath::saturatingRound(static_cast<double>(c->bytes) * bytesFactor));
            if (measuredTransfers)
                b.setMinDuration(item, CheckedMath::saturatingRound(static_cast<double>(g.minDuration(item)) * bytesFactor));
            continue;
        }
        if (k != OpKind::ComputeKernel || g.hasFlag(item, ExecutionGraph::Synthetic) || g.hasFlag(item, ExecutionGraph::Context))
            continue;
        ++kernels;
        b.setMinDuration(item, CheckedMath::saturatingRound(static_cast<double>(g.minDuration(item)) * factors.factorOf(g, item, classes)));
        if (g.phase(item) != Phase::Forward || classes.of(item) != KernelClassifier::Class::Matmul)
            continue;
        const ItemId launcher = g.firstSource(item, EdgeKind::Launch);
        const ItemId matrixOp = launcher.isValid() ? outermostMatrixOp(g, launcher) : ItemId();
        if (!matrixOp.isValid() || castOf.count(matrixOp.value()) != 0)
            continue;
        const std::int64_t elements = weightElements(g, matrixOp);
        if (elements <= 0) {
            ++unknownShapes;
            castOf.emplace(matrixOp.value(), ItemId());
            continue;
        }
        ExecutionGraphBuilder::Item host;
        host.kind = OpKind::CpuOp;
        host.flags = ExecutionGraph::SelfTimed | ExecutionGraph::Synthetic;
        host.track = g.track(matrixOp);
        host.name = b.intern(castName(precision, elements, false));
        host.stepOfStart = g.stepOfStart(matrixOp);
        host.stepOfEnd = g.stepOfStart(matrixOp);
        host.anchor = g.anchor(matrixOp);
        host.minDuration = castHost;
        const ItemId hostCast = b.addItem(host, {});
        insertBefore(g, b, hostCast, matrixOp, EdgeKind::Count);

        ExecutionGraphBuilder::Item kernel = host;
        kernel.kind = OpKind::ComputeKernel;
        kernel.track = g.track(item);
        kernel.name = b.intern(castName(precision, elements, true));
        kernel.stepOfStart = g.stepOfStart(item);
        kernel.stepOfEnd = g.stepOfStart(item);
        kernel.anchor = g.anchor(item);
        kernel.minDuration = CheckedMath::saturatingRound(static_cast<double>(elements) * 6.0 / castGBps);
        const ItemId deviceCast = b.addItem(kernel, {});
        b.addEdge(hostCast, deviceCast, EdgeKind::Launch, EdgeRef::EndToStart);
        insertBefore(g, b, deviceCast, item, EdgeKind::Program);
        castOf.emplace(matrixOp.value(), hostCast);
    }
    // Parameters, gradients and optimizer state stay fp32 (master weights); activations shrink.
    MemoryRewrite::scale(b, MemoryRewrite::categories(MemoryCategory::Activations), params.activationBytesFactor);
    if (kernels == 0)
        job.warnings.push_back("the job has no compute kernels to scale");
    else if (std::optional<std::string> note = matrixFactorNote(g, params, precision))
        job.warnings.push_back(*note);
    if (unknownShapes > 0)
        job.warnings.push_back(std::to_string(unknownShapes)
            + " forward matrix ops have no recorded weight shape (record_shapes off?); their casts are left out");
    if (transfers > 0 && measuredTransfers && bytesFactor != 1.0)
        job.warnings.push_back(std::to_string(transfers)
            + " gradient transfers are measured, so their times were scaled by the bytes factor; --comm model times them by the cost model");
    return job.rebuild(b);
}

} // namespace sightline
