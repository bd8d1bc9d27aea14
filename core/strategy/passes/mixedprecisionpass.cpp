#include "core/strategy/passes/mixedprecisionpass.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/cost/devicecatalog.h"
#include "core/exec/analysiscache.h"
#include "core/exec/collectiveroles.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/kernelclasses.h"
#include "core/memory/memoryrewrite.h"
#include "core/model/inputshapes.h"
#include "core/model/trace.h"
#include "core/strategy/exportcontext.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sightline {

namespace {

bool isConvolution(std::string_view op)
{
    return op.starts_with("aten::conv") || op == "aten::_convolution" || op == "aten::cudnn_convolution";
}

// The input holding the weight of a matrix op, by its name; -1 for an op that is not one.
int weightInput(std::string_view op)
{
    if (op == "aten::linear" || op == "aten::mm" || op == "aten::bmm" || op == "aten::matmul")
        return 1;
    if (op == "aten::addmm" || op == "aten::baddbmm" || op == "aten::addbmm")
        return 2;
    if (isConvolution(op))
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

// Whether autocast runs the op in fp32 whatever its inputs (PyTorch's CUDA autocast fp32 list: the
// normalisations, softmax, losses, reductions and the numerically touchy pointwise ops), so that what
// it saves for backward keeps its bytes.
bool autocastKeepsFp32(std::string_view op)
{
    if (!op.starts_with("aten::"))
        return false;
    op.remove_prefix(6);
    static constexpr std::array<std::string_view, 8> families { "norm", "softmax", "loss", "cross_entropy", "upsample", "logsumexp", "cumsum",
        "cumprod" };
    // Batch and instance norm run in the 16-bit type of their input.
    if (op.find("batch_norm") != std::string_view::npos || op == "instance_norm")
        return false;
    for (std::string_view f : families) {
        if (op.find(f) != std::string_view::npos)
            return true;
    }
    static constexpr std::array<std::string_view, 22> ops { "acos", "asin", "cosh", "erfinv", "exp", "expm1", "log", "log10", "log2", "log1p",
        "reciprocal", "rsqrt", "sinh", "tan", "pow", "softplus", "sum", "prod", "dist", "cdist", "pdist", "kl_div" };
    return std::find(ops.begin(), ops.end(), op) != ops.end();
}

// The outermost aten op the item sits in (itself included), or invalid: the op autocast dispatched.
ItemId outermostAtenOp(const ExecutionGraph& g, ItemId item)
{
    ItemId found;
    for (int depth = 0; item.isValid() && depth < 64; ++depth) {
        if (g.name(item).starts_with("aten::"))
            found = item;
        item = g.firstSource(item, EdgeKind::Nest);
    }
    return found;
}

// The copies a host-side collective (gloo's) sends from, scaled as its bytes are: a bucket compressed
// to 16 bits is copied to the host in 16 bits.
void scaleStagingCopies(const ExecutionGraph& g, ExecutionGraphBuilder& b, ItemId transfer, double factor,
    std::vector<std::uint8_t>& staged)
{
    for (std::uint32_t slot = g.inBegin(transfer.value()); slot < g.inBegin(transfer.value() + 1); ++slot) {
        if (g.edgeKind(g.inEdge(slot)) != EdgeKind::Staging)
            continue;
        const std::uint32_t copy = g.inSource(slot);
        if (std::exchange(staged[copy], std::uint8_t(1)) == 0)
            b.setMinDuration(
                ItemId(copy), CheckedMath::saturatingRound(static_cast<double>(g.minDuration(ItemId(copy))) * factor));
    }
}

// The items whose activation blocks a 16-bit run halves: those saved by ops autocast does not keep in
// fp32 (and blocks allocated outside any aten op).
std::vector<ItemId> halvedActivationAllocators(const ExecutionGraph& g)
{
    std::vector<ItemId> out;
    for (const MemoryBlock& block : g.memoryBlocks()) {
        if (block.category != MemoryCategory::Activations || !block.alloc.isValid())
            continue;
        const ItemId op = outermostAtenOp(g, block.alloc);
        if (!op.isValid() || !autocastKeepsFp32(g.name(op)))
            out.push_back(block.alloc);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
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

// Whether the matrix op's weight input is, by convention, a parameter (a linear or convolution layer's
// weight): autocast caches the 16-bit copies of parameters only.
bool castsAParameter(std::string_view op)
{
    return op == "aten::linear" || op == "aten::addmm" || isConvolution(op);
}

// Where autocast's 16-bit copy of a matrix op's weight is freed: the op's backward (the latest autograd
// node its subtree links to by fwdbwd: the node that saved the copy runs there), or else the first
// backward work of its rank's step, which follows the end of the forward; invalid (held) when neither
// is known.
class CastReleases {
public:
    explicit CastReleases(const ExecutionGraph& g)
        : m_g(g)
    {
    }

    ItemId of(ItemId matrixOp)
    {
        if (const ItemId backward = latestBackward(matrixOp); backward.isValid())
            return backward;
        return firstBackwardOfStep(matrixOp);
    }

private:
    ItemId latestBackward(ItemId op) const
    {
        ItemId found;
        std::vector<ItemId> stack { op };
        for (std::size_t visited = 0; !stack.empty() && visited < 4096; ++visited) {
            const ItemId item = stack.back();
            stack.pop_back();
            for (std::uint32_t e = m_g.outBegin(item.value()); e < m_g.outBegin(item.value() + 1); ++e) {
                const ItemId target(m_g.target(e));
                if (m_g.edgeKind(e) == EdgeKind::Nest)
                    stack.push_back(target);
                else if (m_g.edgeKind(e) == EdgeKind::ForwardBackward && (!found.isValid() || m_g.anchor(target) > m_g.anchor(found)))
                    found = target;
            }
        }
        return found;
    }

    ItemId firstBackwardOfStep(ItemId op)
    {
        if (!m_indexed) {
            for (std::uint32_t i = 0; i < m_g.itemCount(); ++i) {
                const ItemId item(i);
                if (m_g.phase(item) != Phase::Backward || m_g.onDevice(item))
                    continue;
                auto [it, added] = m_first.try_emplace(key(item), item);
                if (!added && m_g.anchor(item) < m_g.anchor(it->second))
                    it->second = item;
            }
            m_indexed = true;
        }
        const auto it = m_first.find(key(op));
        return it == m_first.end() ? ItemId() : it->second;
    }

    std::uint64_t key(ItemId item) const
    {
        return (static_cast<std::uint64_t>(m_g.rank(item).value()) << 32) | static_cast<std::uint32_t>(m_g.stepOfStart(item));
    }

    const ExecutionGraph& m_g;
    std::unordered_map<std::uint64_t, ItemId> m_first;
    bool m_indexed = false;
};

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

// Set 1's gpt-small (tests/fixtures/groundtruth, H100, an fp32 base without TF32) ran its bf16 matrix
// kernels in 0.090 of their FP32 time where the datasheet's peaks give 0.068: 16-bit kernels reach a
// smaller share of their peak than FP32's, by this much. Fitted on the calibration set only.
constexpr double kHalfPeakShortfall = 1.33;
// The share of the matrix kernels' time whose precision may be assumed without a warning.
constexpr double kUnknownPrecisionShare = 0.05;
// The matrix factor where the catalog does not know the job's device: a stated default, warned about.
constexpr double kUnknownDeviceMatmulFactor = 0.5;

// The matrix kernels' time factor by the precision the base ran them at: given, or from the device's
// datasheet (the 16-bit peak against the base's, times the shortfall, never above 1).
class MatrixFactors {
public:
    MatrixFactors(const ExecutionGraph& g, const MixedPrecisionParameters& params)
        : m_given(params.matmulFactor)
    {
        for (const ExecRank& r : g.ranks()) {
            if (r.device.empty())
                continue;
            if (m_deviceName.empty())
                m_deviceName = r.device;
            if ((m_spec = DeviceCatalog::find(r.device)))
                break;
        }
        if (m_spec)
            m_half = params.precision == MixedPrecisionParameters::Precision::Bf16 ? m_spec->bf16Tflops : m_spec->fp16Tflops;
    }

    const std::optional<DeviceSpec>& device() const { return m_spec; }
    // The first device the trace names (empty when it names none), known to the catalog or not.
    const std::string& deviceName() const { return m_deviceName; }
    bool given() const { return m_given.has_value(); }
    bool fromDatasheet() const { return !m_given && m_spec; }
    bool noFasterUnits() const { return fromDatasheet() && m_half <= 0; }

    double of(KernelClassifier::Precision p) const
    {
        if (m_given)
            return *m_given;
        if (!m_spec)
            return kUnknownDeviceMatmulFactor;
        if (p == KernelClassifier::Precision::Half || m_half <= 0)
            return 1.0;
        const double base = p == KernelClassifier::Precision::Tf32 && m_spec->tf32Tflops > 0 ? m_spec->tf32Tflops : m_spec->fp32Tflops;
        return base > 0 ? std::min(1.0, kHalfPeakShortfall * base / m_half) : 1.0;
    }

private:
    std::optional<double> m_given;
    std::optional<DeviceSpec> m_spec;
    std::string m_deviceName;
    double m_half = 0;
};

struct Factors {
    MatrixFactors matmul;
    double normalization, elementwise, optimizer;
    // The factor of a kernel of class c outside the optimizer; precision() is asked of matrix kernels only.
    template <class Precision> double ofClass(KernelClassifier::Class c, Precision precision) const
    {
        switch (c) {
        case KernelClassifier::Class::Matmul:
            return matmul.of(precision());
        case KernelClassifier::Class::Normalization:
            return normalization;
        case KernelClassifier::Class::Elementwise:
            return elementwise;
        }
        return elementwise;
    }
    double factorOf(const ExecutionGraph& g, ItemId i, KernelClasses& classes) const
    {
        if (g.phase(i) == Phase::Optimizer)
            return optimizer;
        return ofClass(classes.of(i), [&] { return classes.precisionOf(i); });
    }
    // A kernel that stands for several measured ones (op_fusion's, and copies of it): their factors,
    // each weighted by its measured time; none where its origin holds no timed compute kernel alone.
    std::optional<double> fusedFactorOf(const ExecutionGraph& g, ItemId i, KernelClasses& classes) const
    {
        if (g.origin(i).empty())
            return std::nullopt;
        if (g.phase(i) == Phase::Optimizer)
            return optimizer;
        const Trace& t = g.trace();
        double time = 0, scaled = 0;
        for (const OpId op : g.origin(i)) {
            if (t.kind(op) != OpKind::ComputeKernel)
                return std::nullopt;
            const StringId name = t.name(op);
            const double factor = ofClass(classes.ofName(name), [&] { return classes.precisionOfName(name); });
            time += static_cast<double>(t.duration(op));
            scaled += static_cast<double>(t.duration(op)) * factor;
        }
        if (time <= 0)
            return std::nullopt;
        return scaled / time;
    }
};

} // namespace

std::string_view MixedPrecisionPass::name() const
{
    return "mixed_precision";
}

std::string_view MixedPrecisionPass::summary() const
{
    return SL_TEXT("Core", "Runs compute in 16-bit precision: kernels scaled by what bounds them, gradients halved, weight casts added.");
}

const ParameterTable<MixedPrecisionParameters>& MixedPrecisionPass::table() const
{
    using T = ParameterSpec::Type;
    using P = MixedPrecisionParameters;
    static const ParameterTable<P> table {
        { &P::precision, { "precision", T::Choice, "", 0, 0, "bf16", { "bf16", "fp16" }, SL_TEXT("Core", "the 16-bit type compute runs in") } },
        { &P::matmulFactor, { "matmul_factor", T::Number, "", 0.01, 4, "", {},
            SL_TEXT("Core", "time factor of matrix, convolution and attention kernels (left out: from the device's datasheet and each kernel's precision)"), true } },
        { &P::normalizationFactor, { "normalization_factor", T::Number, "", 0.01, 4, "0.87", {}, SL_TEXT("Core", "time factor of normalisation, softmax and reduction kernels") } },
        { &P::elementwiseFactor, { "elementwise_factor", T::Number, "", 0.01, 4, "0.86", {}, SL_TEXT("Core", "time factor of elementwise and other memory-bound kernels") } },
        { &P::optimizerFactor, { "optimizer_factor", T::Number, "", 0.01, 4, "1", {}, SL_TEXT("Core", "time factor of the optimizer's kernels (fp32 master weights)") } },
        { &P::gradientBytesFactor, { "gradient_bytes_factor", T::Number, "", 0.01, 4, "0.5", {}, SL_TEXT("Core", "factor of the bytes of gradient transfers (backward-phase communication)") } },
        { &P::castGBps, { "cast_gbps", T::Number, "GB/s", 1, 100000, "900", {}, SL_TEXT("Core", "device memory bandwidth a weight cast runs at (6 bytes per element)") } },
        { &P::castHostUs, { "cast_host_us", T::Number, "us", 0, 10000, "10", {}, SL_TEXT("Core", "host time of each weight cast (the op and its launch)") } },
        { &P::activationBytesFactor, { "activation_bytes_factor", T::Number, "", 0.01, 4, "", {},
            SL_TEXT("Core", "share of the activation bytes kept for backward that remains (left out: half, but where autocast runs the saving op in fp32)"),
            true } },
    };
    return table;
}

namespace {

// What the result should say of its matrix factors: where they are a default rather than the
// device's, and where a kernel's precision had to be assumed.
void matrixFactorWarnings(const MatrixFactors& matmul, const std::string& precision, double unknownPrecisionShare, std::vector<Message>& warnings)
{
    if (matmul.noFasterUnits()) {
        warnings.emplace_back(SL_TEXT("Core", "the %1 has no %2 units faster than FP32 (its datasheet): matrix kernels keep their time"),
            std::vector<Message::Arg> { std::string(matmul.device()->name), precision });
    } else if (!matmul.given() && !matmul.device()) {
        char factor[16];
        std::snprintf(factor, sizeof factor, "%g", kUnknownDeviceMatmulFactor);
        if (matmul.deviceName().empty())
            warnings.emplace_back(SL_TEXT("Core", "the trace names no device, so matrix kernels take a stated default of %1 of their time, not its datasheet's rates; set matmul_factor"),
                std::vector<Message::Arg> { factor });
        else
            warnings.emplace_back(SL_TEXT("Core", "the device catalog does not know '%1', so matrix kernels take a stated default of %2 of their time, not its datasheet's rates; "
                                                  "set matmul_factor"),
                std::vector<Message::Arg> { matmul.deviceName(), factor });
    }
    // Workspace initialisers and the like spell no type but take no time to speak of.
    if (matmul.fromDatasheet() && unknownPrecisionShare > kUnknownPrecisionShare)
        warnings.emplace_back(SL_TEXT("Core", "matrix kernels holding %1 % of the matrix time spell no precision in their names; they were taken as FP32 (PyTorch's default)"),
            std::vector<Message::Arg> { static_cast<int>(std::lround(unknownPrecisionShare * 100)) });
}

} // namespace

Status MixedPrecisionPass::run(const MixedPrecisionParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const Factors factors { MatrixFactors(g, params), params.normalizationFactor, params.elementwiseFactor, params.optimizerFactor };
    const double bytesFactor = params.gradientBytesFactor;
    const double castGBps = params.castGBps;
    const TimeNs castHost = CheckedMath::saturatingRound(params.castHostUs * 1000.0);
    const std::string precision = params.precision == MixedPrecisionParameters::Precision::Bf16 ? "bf16" : "fp16";
    const bool measuredTransfers = job.options.communication == CommSource::Measured;

    ExecutionGraphBuilder b(g);
    KernelClasses classes(g);
    std::unordered_map<std::uint32_t, ItemId> castOf; // matrix host op -> its cast's host item
    CastReleases releases(g);
    std::size_t kernels = 0, transfers = 0, unknownShapes = 0, untold = 0;
    TimeNs matrixTime = 0, unknownPrecisionTime = 0; // of matrix kernels outside the optimizer
    const CollectiveRoles& roles = job.analyses().collectiveRoles();
    std::vector<std::uint8_t> staged(g.itemCount(), 0); // copies already scaled
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const OpKind k = g.kind(item);
        if (const CommCost* c = g.comm(item)) {
            // Gradients: backward-phase transfers, and the data-parallel ones outside the forward that
            // host threads run (gloo's, Horovod's), whose phase nothing on their thread tells.
            const Phase phase = g.phase(item);
            if (phase != Phase::Backward && (phase == Phase::Forward || roles.of(item) != ParallelRole::Data)) {
                untold += phase != Phase::Forward && roles.of(item) == ParallelRole::Unknown;
                continue;
            }
            ++transfers;
            b.setCommBytes(item, CheckedMath::saturatingRound(static_cast<double>(c->bytes) * bytesFactor));
            if (measuredTransfers)
                b.setMinDuration(item, CheckedMath::saturatingRound(static_cast<double>(g.minDuration(item)) * bytesFactor));
            scaleStagingCopies(g, b, item, bytesFactor, staged);
            continue;
        }
        if (k != OpKind::ComputeKernel || g.hasFlag(item, ExecutionGraph::Context))
            continue;
        if (g.madeByPass(item) || g.origin(item).size() > 1) {
            // op_fusion's kernels scale as the measured ones they stand for would have; the casts this
            // and other passes add, which stand for none, keep their time.
            if (const std::optional<double> factor = factors.fusedFactorOf(g, item, classes)) {
                ++kernels;
                b.setMinDuration(
                    item, CheckedMath::saturatingRound(static_cast<double>(g.minDuration(item)) * *factor));
            }
            continue;
        }
        ++kernels;
        if (classes.of(item) == KernelClassifier::Class::Matmul && g.phase(item) != Phase::Optimizer) {
            matrixTime = CheckedMath::saturatingAdd(matrixTime, g.minDuration(item));
            if (classes.precisionOf(item) == KernelClassifier::Precision::Unknown)
                unknownPrecisionTime = CheckedMath::saturatingAdd(unknownPrecisionTime, g.minDuration(item));
        }
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
        if (castsAParameter(g.name(matrixOp))) {
            const std::uint32_t device = MemoryRewrite::deviceOf(b, g.rank(item));
            if (device != MemoryRewrite::kSameDevice)
                b.addMemoryBlock({ CheckedMath::saturatingMul(elements, 2), deviceCast, releases.of(matrixOp), device, MemoryCategory::Other });
        }
    }
    // Parameters, gradients and optimizer state stay fp32 (master weights); activations shrink.
    const std::uint32_t activations = MemoryRewrite::categories(MemoryCategory::Activations);
    if (params.activationBytesFactor)
        MemoryRewrite::scale(b, activations, *params.activationBytesFactor);
    else if (const std::vector<ItemId> halved = halvedActivationAllocators(g); !halved.empty())
        MemoryRewrite::scale(b, activations, 0.5, halved);
    if (kernels == 0)
        job.warnings.emplace_back(SL_TEXT("Core", "the job has no compute kernels to scale"));
    else
        matrixFactorWarnings(factors.matmul, precision, matrixTime > 0 ? static_cast<double>(unknownPrecisionTime) / static_cast<double>(matrixTime) : 0.0,
            job.warnings);
    if (unknownShapes > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 forward matrix ops have no recorded weight shape (record_shapes off?); their casts are left out"),
            std::vector<Message::Arg> { unknownShapes });
    if (untold > 0 && bytesFactor != 1.0)
        job.warnings.emplace_back(SL_TEXT("Core",
                                      "%1 transfers outside the forward pass are of no parallelism the trace tells, so "
                                      "they are not taken for gradients and keep their bytes"),
            std::vector<Message::Arg> { untold });
    if (transfers > 0 && measuredTransfers && bytesFactor != 1.0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 gradient transfers are measured, so their times were scaled by the bytes factor; --comm model times them by the cost model"),
            std::vector<Message::Arg> { transfers });
    job.gradientBytesFactor *= bytesFactor;
    return job.rebuild(b);
}

void MixedPrecisionPass::exportStep(const MixedPrecisionParameters& params, ExportContext& out) const
{
    const std::string precision = params.precision == MixedPrecisionParameters::Precision::Bf16 ? "bf16" : "fp16";
    out.config().precision = precision;
    out.becomes(Framework::DeepSpeed, { "deepspeed_config.json" }, precision + ".enabled (deepspeed_config.json)");
    const std::string dtype = precision == "bf16" ? "torch.bfloat16" : "torch.float16";
    std::string pytorch = "torch.autocast with " + dtype + (precision == "fp16" ? " and a GradScaler" : "") + " in train_step()";
    // The pass halves the bytes of gradient transfers by default: what DDP's compress hooks and
    // Horovod's fp16 compression send.
    const bool halved = params.gradientBytesFactor == 0.5;
    if (halved) {
        out.config().gradientCompression = precision;
        pytorch += ", and DDP's " + precision + "_compress_hook, as the what-if halved the gradients' bytes";
    }
    out.becomes(Framework::PyTorch, { "sightline_strategy.py" }, pytorch + " (sightline_strategy.py)");
    if (halved) {
        out.becomes(Framework::Horovod, { "horovod_optimizer.json" }, "compression fp16 (horovod_optimizer.json), a keyword argument of hvd.DistributedOptimizer: gradients sent "
                                        "in 16 bits, as the what-if halved their bytes; the compute's autocast is the script's");
    } else {
        out.cannot(Framework::Horovod, "the what-if kept gradient transfers at a share of their bytes that no Horovod compression sends");
    }
    out.cannot({ Framework::BytePS, Framework::Xla }, "the compute's precision is chosen in the training script, not by a setting of this framework");
}

} // namespace sightline
