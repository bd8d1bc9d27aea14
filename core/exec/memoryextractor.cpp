#include "core/exec/memoryextractor.h"

#include "core/base/checkedmath.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/model/inputshapes.h"
#include "core/model/opclassifier.h"
#include "core/model/trace.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

namespace sightline {

namespace {

// What a name tells about the work under it.
enum NameFlag : std::uint8_t {
    AccumulateGrad = 1,
    ZeroGrad = 2,
    OptimizerStep = 4,
    InPlaceMultiply = 8, // SGD's momentum update
};

// Where an allocator event happened: NameFlags of its enclosing ops, and backward work.
enum ContextFlag : std::uint8_t {
    InAccumulateGrad = AccumulateGrad,
    InZeroGrad = ZeroGrad,
    InOptimizerStep = OptimizerStep,
    InBackward = 16,
};

std::uint8_t flagsOfName(std::string_view name)
{
    if (OpClassifier::isAccumulateGrad(name))
        return AccumulateGrad;
    if (name.starts_with("Optimizer.zero_grad"))
        return ZeroGrad;
    if (name.starts_with("Optimizer.step"))
        return OptimizerStep;
    if (name == "aten::mul_" || name == "aten::_foreach_mul_")
        return InPlaceMultiply;
    return 0;
}

// The optimizer's class in "Optimizer.step#AdamW.step".
std::string_view optimizerClass(std::string_view stepName)
{
    const std::size_t hash = stepName.find('#');
    if (hash == std::string_view::npos)
        return {};
    std::string_view rest = stepName.substr(hash + 1);
    return rest.substr(0, rest.find('.'));
}

// States torch.optim and the common fused optimizers keep per parameter, by class; -1 when unknown.
// SGD keeps one (its momentum buffer) only with momentum, which the caller decides.
int statesPerParameter(std::string_view optimizer)
{
    static constexpr std::pair<std::string_view, int> kStates[]
        = { { "Adam", 2 }, { "AdamW", 2 }, { "Adamax", 2 }, { "NAdam", 2 }, { "RAdam", 2 }, { "SparseAdam", 2 },
              { "FusedAdam", 2 }, { "LAMB", 2 }, { "Lamb", 2 }, { "FusedLAMB", 2 }, { "Adadelta", 2 }, { "Rprop", 2 },
              { "Adagrad", 1 }, { "RMSprop", 1 }, { "ASGD", 1 }, { "Adafactor", 1 } };
    for (const auto& [name, states] : kStates) {
        if (name == optimizer)
            return states;
    }
    return -1;
}

// The bytes of one parameter's gradient: the recorded first input of its AccumulateGrad op.
std::int64_t gradientBytes(const Trace& t, OpId op)
{
    const ShapeArgs* shapes = t.shapes(op);
    return shapes ? InputShapes::parse(t.string(shapes->dims), t.string(shapes->types)).bytes(0) : 0;
}

// The bytes of one pass over the parameters, from the gradients of one step in the order they were
// accumulated: with gradient accumulation the sequence repeats once per backward pass, so its
// shortest period is one per parameter.
std::int64_t onePass(const std::vector<std::int64_t>& grads)
{
    const std::size_t n = grads.size();
    for (std::size_t period = 1; period <= n; ++period) {
        if (n % period != 0)
            continue;
        bool repeats = true;
        for (std::size_t i = period; i < n && repeats; ++i)
            repeats = grads[i] == grads[i - period];
        if (repeats) {
            std::int64_t sum = 0;
            for (std::size_t i = 0; i < period; ++i)
                sum = CheckedMath::saturatingAdd(sum, grads[i]);
            return sum;
        }
    }
    return 0;
}

struct Event {
    TimeNs time = 0;
    OpId op;
    ItemId item;
    const MemoryArgs* args = nullptr;
};

// An allocation not yet paired with its free.
struct Open {
    std::int64_t bytes = 0;
    ItemId alloc; // invalid: allocated before the window
    OpId op;
    std::uint8_t context = 0;
    bool closed = false;
};

class RankExtraction {
public:
    RankExtraction(const Trace& t, RankId rank, std::span<const ItemId> itemOf,
        const std::vector<std::uint8_t>& nameFlags, ExecutionGraphBuilder& b)
        : t(t)
        , rank(rank)
        , itemOf(itemOf)
        , nameFlags(nameFlags)
        , b(b)
    {
    }

    void run()
    {
        const RankInfo& info = t.rankInfo(rank);
        if (info.trackCount == 0)
            return;
        firstOp = t.trackInfo(TrackId(info.firstTrack)).firstOp;
        const TrackInfo& lastTrack = t.trackInfo(TrackId(info.firstTrack + info.trackCount - 1));
        endOp = lastTrack.firstOp + lastTrack.opCount;
        modelState();
        std::map<std::int32_t, std::vector<Event>> byDevice = deviceEvents(false);
        hostOnly = byDevice.empty() && !hasGpuTrack();
        if (hostOnly)
            byDevice = deviceEvents(true);
        // Only blocks need to know where backward work lies.
        if (!byDevice.empty())
            findBackwardWork();
        const std::optional<std::int32_t> primary = primaryDevice(byDevice);
        if (!primary)
            return;
        byDevice.try_emplace(*primary);
        for (auto& [index, events] : byDevice)
            addDevice(index, events, index == *primary);
    }

private:
    bool inScope(OpId op) const { return itemOf[op.value()].isValid(); }

    // Backward work: ops the trace marks Backward, and every op of the CPU threads that run
    // AccumulateGrad other than the one holding the steps (the autograd engine's device threads).
    void findBackwardWork()
    {
        const RankInfo& info = t.rankInfo(rank);
        TrackId stepTrack;
        if (const auto steps = t.steps(rank); !steps.empty() && steps.front().marker.isValid())
            stepTrack = t.track(steps.front().marker);
        backwardTrack.assign(info.trackCount, 0);
        for (std::uint32_t k = 0; k < info.trackCount; ++k) {
            const TrackId tr(info.firstTrack + k);
            const TrackInfo& ti = t.trackInfo(tr);
            if (ti.kind != TrackKind::CpuThread || tr == stepTrack)
                continue;
            for (std::uint32_t i = ti.firstOp; i < ti.firstOp + ti.opCount && !backwardTrack[k]; ++i)
                backwardTrack[k] = (nameFlags[t.name(OpId(i)).value()] & AccumulateGrad) != 0;
        }
        for (std::uint32_t i = firstOp; i < endOp; ++i) {
            const OpId op(i);
            if (inScope(op) && isBackward(op) && t.step(op) >= 0)
                backwardStarts.emplace_back(t.start(op), t.step(op));
        }
        // A job without host work of its own (a layer-wise job) marks its device work.
        if (backwardStarts.empty()) {
            for (std::uint32_t i = firstOp; i < endOp; ++i) {
                const OpId op(i);
                if (inScope(op) && t.phase(op) == Phase::Backward && t.step(op) >= 0)
                    backwardStarts.emplace_back(t.start(op), t.step(op));
            }
        }
        std::sort(backwardStarts.begin(), backwardStarts.end());
    }

    bool isBackward(OpId op) const
    {
        const TrackInfo& ti = t.trackInfo(t.track(op));
        if (ti.kind != TrackKind::CpuThread)
            return false;
        return t.phase(op) == Phase::Backward || backwardTrack[t.track(op).value() - t.rankInfo(rank).firstTrack];
    }

    // Parameters from the AccumulateGrad gradients of the first step that has them, and the optimizer;
    // or what the importer says of them.
    void modelState()
    {
        const RankInfo& info = t.rankInfo(rank);
        if (info.parameterBytes >= 0) {
            parameterBytes = info.parameterBytes;
            states = info.optimizerStates;
            return;
        }
        std::map<std::int32_t, std::vector<std::pair<TimeNs, std::int64_t>>> grads;
        for (std::uint32_t i = firstOp; i < endOp; ++i) {
            const OpId op(i);
            const std::uint8_t flags = nameFlags[t.name(op).value()];
            if (!inScope(op) || flags == 0)
                continue;
            if ((flags & AccumulateGrad) && t.step(op) >= 0) {
                if (const std::int64_t bytes = gradientBytes(t, op); bytes > 0)
                    grads[t.step(op)].emplace_back(t.start(op), bytes);
            } else if ((flags & OptimizerStep) && !optimizerStep.isValid()) {
                optimizerStep = op;
            }
        }
        if (!grads.empty()) {
            std::vector<std::pair<TimeNs, std::int64_t>>& first = grads.begin()->second;
            std::stable_sort(
                first.begin(), first.end(), [](const auto& a, const auto& c) { return a.first < c.first; });
            std::vector<std::int64_t> bytes;
            for (const auto& g : first)
                bytes.push_back(g.second);
            parameterBytes = onePass(bytes);
        }
        if (!optimizerStep.isValid())
            return;
        const std::string_view cls = optimizerClass(t.string(t.name(optimizerStep)));
        optimizer = b.intern(cls);
        states = statesPerParameter(cls);
        if (cls == "SGD") {
            // Momentum shows as an in-place multiply of the buffers inside the step.
            bool momentum = false;
            t.forEachOverlapping(t.track(optimizerStep), t.start(optimizerStep), t.end(optimizerStep), [&](OpId op) {
                momentum = momentum
                    || ((nameFlags[t.name(op).value()] & InPlaceMultiply) && t.start(op) >= t.start(optimizerStep));
            });
            states = momentum ? 1 : 0;
        }
    }

    bool hasGpuTrack() const
    {
        const RankInfo& info = t.rankInfo(rank);
        for (std::uint32_t k = 0; k < info.trackCount; ++k) {
            if (isGpuTrack(t.trackInfo(TrackId(info.firstTrack + k)).kind))
                return true;
        }
        return false;
    }

    // The rank's allocator events on devices, per device, in time order (ties in op order). With host,
    // those of the host's memory instead, as one device (MemoryDevice::kHost): a rank without GPUs,
    // whose host holds the model, as against host memory beside GPUs (pinned buffers, the data
    // loader's batches), which is no device's.
    std::map<std::int32_t, std::vector<Event>> deviceEvents(bool host) const
    {
        std::map<std::int32_t, std::vector<Event>> out;
        const auto all = t.memoryEvents();
        auto it = std::lower_bound(
            all.begin(), all.end(), OpId(firstOp), [](const auto& e, OpId id) { return e.first < id; });
        for (; it != all.end() && it->first.value() < endOp; ++it) {
            // An event is an instant of its own (Kineto), or an op that allocates as it starts and
            // frees as it ends (a layer-wise job's forward and backward).
            const MemoryArgs& m = it->second;
            const bool taken = host ? m.deviceType == MemoryArgs::kCpuDeviceType : m.onDevice();
            if (taken && m.bytes != 0)
                out[host ? MemoryDevice::kHost : m.device].push_back(
                    { m.bytes < 0 ? t.end(it->first) : t.start(it->first), it->first, itemOf[it->first.value()], &m });
        }
        for (auto& [index, events] : out) {
            std::sort(events.begin(), events.end(),
                [](const Event& a, const Event& c) { return a.time != c.time ? a.time < c.time : a.op < c.op; });
        }
        return out;
    }

    // The device the model state lives on: the one with the most allocator events, else, when the
    // trace records gradients, the host on a rank without GPUs, or the first GPU the rank's streams
    // name (device 0 when none names one); none otherwise.
    std::optional<std::int32_t> primaryDevice(const std::map<std::int32_t, std::vector<Event>>& byDevice) const
    {
        std::optional<std::int32_t> best;
        std::size_t most = 0;
        for (const auto& [index, events] : byDevice) {
            if (events.size() > most) {
                most = events.size();
                best = index;
            }
        }
        if (best || parameterBytes <= 0)
            return best;
        if (hostOnly)
            return MemoryDevice::kHost;
        const RankInfo& info = t.rankInfo(rank);
        for (std::uint32_t k = 0; k < info.trackCount; ++k) {
            const TrackInfo& ti = t.trackInfo(TrackId(info.firstTrack + k));
            if (isGpuTrack(ti.kind) && ti.device >= 0)
                return ti.device;
        }
        return 0;
    }

    // Context flags of every allocator event's op, from its enclosing ops on its thread.
    std::unordered_map<std::uint32_t, std::uint8_t> contexts(const std::vector<Event>& events) const
    {
        std::unordered_map<std::uint32_t, std::uint8_t> out;
        std::vector<TrackId> tracks;
        for (const Event& e : events) {
            if (tracks.empty() || tracks.back() != t.track(e.op))
                tracks.push_back(t.track(e.op));
        }
        std::sort(tracks.begin(), tracks.end());
        tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
        for (const Event& e : events)
            out.emplace(e.op.value(), 0);
        for (TrackId tr : tracks) {
            const TrackInfo& ti = t.trackInfo(tr);
            // Ops of a track come by start, enclosing ones first: a stack of the open ones gives each
            // op its ancestors. An instant at its parent's end is still inside it.
            std::vector<std::pair<TimeNs, std::uint8_t>> open;
            for (std::uint32_t i = ti.firstOp; i < ti.firstOp + ti.opCount; ++i) {
                const OpId op(i);
                const TimeNs start = t.start(op);
                const bool instant = t.end(op) == start;
                while (!open.empty() && (open.back().first < start || (open.back().first == start && !instant)))
                    open.pop_back();
                std::uint8_t flags = static_cast<std::uint8_t>((open.empty() ? 0 : open.back().second)
                    | (nameFlags[t.name(op).value()] & (AccumulateGrad | ZeroGrad | OptimizerStep)));
                if (isBackward(op))
                    flags |= InBackward;
                if (auto it = out.find(i); it != out.end())
                    it->second = flags;
                if (!instant)
                    open.emplace_back(t.end(op), flags);
            }
        }
        return out;
    }

    // The start of the first backward work of the step after time, or none.
    std::optional<TimeNs> nextBackward(TimeNs time, std::int32_t step) const
    {
        auto it = std::upper_bound(backwardStarts.begin(), backwardStarts.end(), std::pair(time, INT32_MAX));
        for (; it != backwardStarts.end(); ++it) {
            if (it->second == step)
                return it->first;
            if (it->second > step)
                break;
        }
        return std::nullopt;
    }

    MemoryCategory categoryOf(const Open& a, const Event* release) const
    {
        const std::uint8_t freed = release ? contextOf(release->op) : 0;
        if (!a.alloc.isValid())
            return (freed & InZeroGrad) ? MemoryCategory::Gradients : MemoryCategory::Other;
        if ((a.context & InAccumulateGrad) || (freed & InZeroGrad))
            return MemoryCategory::Gradients;
        if (a.context & InOptimizerStep)
            return release ? MemoryCategory::Temporaries : MemoryCategory::OptimizerState;
        if (a.context & InBackward)
            return release ? MemoryCategory::Temporaries : MemoryCategory::Gradients;
        if (a.context & InZeroGrad)
            return MemoryCategory::Temporaries;
        const std::optional<TimeNs> backward = nextBackward(t.start(a.op), t.step(a.op));
        // Freed after the backward began, or by backward work as it began (a layer-wise job's first
        // backward op that takes no time).
        if (backward
            && (!release || release->time > *backward
                || (release->time == *backward && t.phase(release->op) == Phase::Backward)))
            return MemoryCategory::Activations;
        return MemoryCategory::Temporaries;
    }

    std::uint8_t contextOf(OpId op) const
    {
        auto it = eventContexts.find(op.value());
        return it == eventContexts.end() ? 0 : it->second;
    }

    void addDevice(std::int32_t index, const std::vector<Event>& events, bool primary)
    {
        eventContexts = contexts(events);
        MemoryDevice d;
        d.rank = rank;
        d.index = index;
        for (const DeviceInfo& dev : t.devices()) {
            if (dev.rank == rank && dev.index == index)
                d.capacityBytes = dev.memoryBytes;
        }
        const std::uint32_t device = b.addMemoryDevice(d);

        std::vector<Open> opens;
        std::unordered_map<std::uint64_t, std::size_t> byAddress;
        std::unordered_map<std::int64_t, std::vector<std::size_t>> bySize;
        bool started = false;
        std::int64_t rise = 0;
        std::int64_t risePeak = 0;
        std::int64_t totalPeak = -1;
        std::int64_t start = -1;
        std::int64_t heldBefore = 0; // blocks freed in the window that the window did not allocate
        bool gradientBlocks = false;
        auto emit = [&](const Open& a, const Event* release) {
            const MemoryCategory c = categoryOf(a, release);
            gradientBlocks = gradientBlocks || c == MemoryCategory::Gradients;
            if (!a.alloc.isValid())
                heldBefore = CheckedMath::saturatingAdd(heldBefore, a.bytes);
            b.addMemoryBlock({ a.bytes, a.alloc, release ? release->item : ItemId(), device, c });
        };
        // The open allocation a free releases: by address when the trace gives one, else the latest of
        // its size.
        auto take = [&](const MemoryArgs& m) -> Open* {
            if (m.address != 0) {
                if (auto it = byAddress.find(m.address); it != byAddress.end()) {
                    Open& o = opens[it->second];
                    if (!o.closed && o.bytes == -m.bytes) {
                        byAddress.erase(it);
                        o.closed = true;
                        return &o;
                    }
                }
            }
            auto it = bySize.find(-m.bytes);
            if (it == bySize.end())
                return nullptr;
            while (!it->second.empty() && opens[it->second.back()].closed)
                it->second.pop_back();
            if (it->second.empty())
                return nullptr;
            Open& o = opens[it->second.back()];
            it->second.pop_back();
            o.closed = true;
            return &o;
        };
        // The host's total counts only what was allocated since the profiler started (the model's
        // parameters and the optimizer's state, allocated before, are not in it): it is not the
        // allocator's total, and the model state stands in for what the window began with.
        const bool totals = index != MemoryDevice::kHost;
        for (const Event& e : events) {
            // Events outside the window's ops once it has begun (between or after the replayed steps)
            // are not part of it.
            const bool inWindow = e.item.isValid();
            if (!inWindow && started)
                continue;
            const MemoryArgs& m = *e.args;
            if (inWindow && !started) {
                started = true;
                if (totals && m.totalAllocated >= 0)
                    start = std::max<std::int64_t>(0, m.totalAllocated - m.bytes);
            }
            if (inWindow) {
                rise = CheckedMath::saturatingAdd(rise, m.bytes);
                risePeak = std::max(risePeak, rise);
                if (totals)
                    totalPeak = std::max(totalPeak, m.totalAllocated);
            }
            if (m.bytes > 0) {
                opens.push_back({ m.bytes, e.item, e.op, contextOf(e.op), false });
                if (m.address != 0)
                    byAddress[m.address] = opens.size() - 1;
                bySize[m.bytes].push_back(opens.size() - 1);
                continue;
            }
            Open* a = take(m);
            if (!inWindow)
                continue;
            if (a)
                emit(*a, &e);
            else
                emit(Open { -m.bytes, ItemId(), e.op, 0, true }, &e);
        }
        std::int64_t unreleasedBefore = 0; // allocated before the window, held through it
        for (const Open& o : opens) {
            if (o.closed)
                continue;
            if (o.alloc.isValid())
                emit(o, nullptr);
            else
                unreleasedBefore = CheckedMath::saturatingAdd(unreleasedBefore, o.bytes);
        }

        MemoryDevice& out = b.memoryDevices()[device];
        out.eventsRecorded = started;
        if (started) {
            out.measuredRiseBytes = risePeak;
            out.measuredPeakBytes = totalPeak;
            out.measuredStartBytes = start;
        }
        if (!primary) {
            out.resident[static_cast<int>(MemoryCategory::Other)]
                = start >= 0 ? std::max<std::int64_t>(0, start - heldBefore) : unreleasedBefore;
            out.residentMeasured = start >= 0;
            return;
        }
        out.parameterBytes = parameterBytes;
        out.optimizer = optimizer;
        out.optimizerStates = states;
        const std::int64_t optimizerBytes = CheckedMath::saturatingMul(parameterBytes, std::max(states, 0));
        // Gradients that no block holds were allocated before the window and kept (zeroed in place).
        const std::int64_t gradients = gradientBlocks ? 0 : parameterBytes;
        MemoryBreakdown& r = out.resident;
        if (start >= 0) {
            // The allocator's total is the truth: the model state is attributed within it, and what it
            // does not explain is other.
            std::int64_t left = std::max<std::int64_t>(0, start - heldBefore);
            auto take = [&left](std::int64_t want) {
                const std::int64_t got = std::clamp<std::int64_t>(want, 0, left);
                left -= got;
                return got;
            };
            r[static_cast<int>(MemoryCategory::Parameters)] = take(parameterBytes);
            r[static_cast<int>(MemoryCategory::OptimizerState)] = take(optimizerBytes);
            r[static_cast<int>(MemoryCategory::Gradients)] = take(gradients);
            r[static_cast<int>(MemoryCategory::Other)] = left;
            out.residentMeasured = true;
        } else {
            r[static_cast<int>(MemoryCategory::Parameters)] = parameterBytes;
            r[static_cast<int>(MemoryCategory::OptimizerState)] = optimizerBytes;
            r[static_cast<int>(MemoryCategory::Gradients)] = gradients;
            r[static_cast<int>(MemoryCategory::Other)] = unreleasedBefore;
        }
    }

    const Trace& t;
    const RankId rank;
    std::span<const ItemId> itemOf;
    const std::vector<std::uint8_t>& nameFlags;
    ExecutionGraphBuilder& b;
    std::uint32_t firstOp = 0;
    std::uint32_t endOp = 0;
    std::vector<std::uint8_t> backwardTrack; // per track of the rank
    std::vector<std::pair<TimeNs, std::int32_t>> backwardStarts; // (start, step) of backward work, sorted
    bool hostOnly = false; // no GPU track and no device's allocator events: the rank's memory is the host's
    std::int64_t parameterBytes = 0;
    OpId optimizerStep;
    StringId optimizer { 0 };
    std::int32_t states = -1;
    std::unordered_map<std::uint32_t, std::uint8_t> eventContexts;
};

} // namespace

void MemoryExtractor::extract(const Trace& trace, std::span<const ItemId> itemOfOp, ExecutionGraphBuilder& builder)
{
    std::vector<std::uint8_t> nameFlags(trace.strings().size());
    for (std::uint32_t s = 0; s < nameFlags.size(); ++s)
        nameFlags[s] = flagsOfName(trace.string(StringId(s)));
    for (std::uint32_t r = 0; r < trace.ranks().size(); ++r)
        RankExtraction(trace, RankId(r), itemOfOp, nameFlags, builder).run();
}

} // namespace sightline
