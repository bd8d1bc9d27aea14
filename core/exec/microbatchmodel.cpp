#include "core/exec/microbatchmodel.h"

#include "core/base/parallel.h"
#include "core/exec/instantorder.h"
#include "core/exec/subgraphcopy.h"

#include <algorithm>
#include <limits>
#include <map>

namespace sightline {

namespace {

// Whether the item takes part in gradient synchronisation: communication, the copies that stage it,
// a host call launching either or waiting for such a copy, work nested in a collective's host op
// (the calls gloo's all-reduce makes to stage its bucket), or device work such a call launches (the
// copy of a gloo broadcast's result back to the device): repeated without its launch, a micro-batch's
// copy of it would wait for nothing and start at its measured time.
bool isSynchronisation(const ExecutionGraph& g, ItemId i)
{
    const auto communicates = [&](ItemId item) { return isCommunication(g.kind(item)) || g.stagesCollective(item); };
    if (communicates(i))
        return true;
    for (std::uint32_t e = g.outBegin(i.value()); e < g.outBegin(i.value() + 1); ++e) {
        if (g.edgeKind(e) == EdgeKind::Launch && communicates(ItemId(g.target(e))))
            return true;
    }
    const auto nestedInCollective = [&](ItemId item) {
        for (ItemId outer = g.firstSource(item, EdgeKind::Nest); outer.isValid();
             outer = g.firstSource(outer, EdgeKind::Nest)) {
            if (isCommunication(g.kind(outer)))
                return true;
        }
        return false;
    };
    for (std::uint32_t slot = g.inBegin(i.value()); slot < g.inBegin(i.value() + 1); ++slot) {
        const EdgeKind kind = g.edgeKind(g.inEdge(slot));
        const ItemId source(g.inSource(slot));
        if (kind == EdgeKind::Sync && g.stagesCollective(source))
            return true;
        if (kind == EdgeKind::Launch && nestedInCollective(source))
            return true;
    }
    return nestedInCollective(i);
}

MicroBatchModel::TrackEnds endsOf(const ExecutionGraph& g, const std::vector<ItemId>& items)
{
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> first(g.tracks().size(), kNone), last(g.tracks().size(), kNone);
    std::vector<TimeNs> lastEnd(g.tracks().size());
    for (std::size_t k = 0; k < items.size(); ++k) {
        const std::uint32_t t = g.track(items[k]).value();
        if (first[t] == kNone || g.anchor(items[k]) < g.anchor(items[first[t]]))
            first[t] = k;
        const TimeNs end = SubgraphCopy::measuredEnd(g, items[k]);
        if (last[t] == kNone || end >= lastEnd[t]) {
            last[t] = k;
            lastEnd[t] = end;
        }
    }
    MicroBatchModel::TrackEnds e;
    for (std::uint32_t t = 0; t < first.size(); ++t) {
        if (first[t] != kNone) {
            e.first.emplace_back(t, first[t]);
            e.last.emplace_back(t, last[t]);
        }
    }
    return e;
}

std::size_t lastHostOf(const ExecutionGraph& g, const std::vector<ItemId>& repeated)
{
    std::size_t lastHost = 0;
    TimeNs lastHostEnd = repeated.empty() ? 0 : SubgraphCopy::measuredEnd(g, repeated.front());
    for (std::size_t m = 0; m < repeated.size(); ++m) {
        if (g.onDevice(repeated[m]))
            continue;
        if (const TimeNs end = SubgraphCopy::measuredEnd(g, repeated[m]); end >= lastHostEnd) {
            lastHost = m;
            lastHostEnd = end;
        }
    }
    return lastHost;
}

// Per item, whether it belongs to its step's prologue rather than to its micro-batch: forward work on a
// host thread that comes before optimizer work which itself comes before the step's backward (a
// synchronisation, then zero_grad, then the forward), and the device work it launches; but only where
// most of the thread's forward work comes after that optimizer work (a job that runs zero_grad between
// its forward and its backward has no prologue). Accumulation runs the prologue once, before the first
// micro-batch, as the job does.
std::vector<std::uint8_t> prologueOf(const ExecutionGraph& g)
{
    using Key = std::pair<std::uint32_t, std::int32_t>; // rank, step
    const auto keyOf = [&](ItemId i) { return Key { g.rank(i).value(), g.stepOfStart(i) }; };
    const auto counts = [&](ItemId i) { return g.rank(i).isValid() && g.stepOfStart(i) >= 0 && !g.onDevice(i); };
    std::map<Key, TimeNs> firstBackward;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.phase(item) == Phase::Backward && counts(item)) {
            const auto [it, added] = firstBackward.emplace(keyOf(item), g.anchor(item));
            it->second = std::min(it->second, g.anchor(item));
        }
    }
    // Per rank, step and host track: where the optimizer work before the backward ends.
    std::map<std::pair<Key, std::uint32_t>, TimeNs> optimizerEnd;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.phase(item) != Phase::Optimizer || !counts(item))
            continue;
        const auto backward = firstBackward.find(keyOf(item));
        if (backward == firstBackward.end() || g.anchor(item) >= backward->second)
            continue;
        const auto [it, added] = optimizerEnd.emplace(std::pair(keyOf(item), g.track(item).value()), SubgraphCopy::measuredEnd(g, item));
        it->second = std::max(it->second, SubgraphCopy::measuredEnd(g, item));
    }
    std::vector<std::uint8_t> prologue(g.itemCount(), 0);
    if (optimizerEnd.empty())
        return prologue;
    // Per rank, step and host track: the forward items before the optimizer work, and after it.
    std::map<std::pair<Key, std::uint32_t>, std::pair<std::size_t, std::size_t>> split;
    const auto before = [&](ItemId item) {
        const auto end = optimizerEnd.find(std::pair(keyOf(item), g.track(item).value()));
        return end != optimizerEnd.end() && g.anchor(item) < end->second;
    };
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.phase(item) != Phase::Forward || !counts(item))
            continue;
        prologue[i] = before(item);
        auto& [ahead, behind] = split[std::pair(keyOf(item), g.track(item).value())];
        ++(prologue[i] ? ahead : behind);
    }
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (prologue[i]) {
            const auto& [ahead, behind] = split[std::pair(keyOf(ItemId(i)), g.track(ItemId(i)).value())];
            prologue[i] = ahead < behind;
        }
    }
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (!prologue[i])
            continue;
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
            if (g.edgeKind(e) == EdgeKind::Launch)
                prologue[g.target(e)] = 1;
        }
    }
    return prologue;
}

// Per item, its phase, where work a pass added for an op (the weight cast mixed precision puts before a
// matrix op, which stands for no measured op and so has no phase of its own) takes that of the op it
// runs before on its track.
std::vector<Phase> phasesOf(const ExecutionGraph& g)
{
    std::vector<Phase> phase(g.itemCount());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        phase[i] = g.phase(item);
        if (phase[i] != Phase::Unknown || !g.origin(item).empty() || isCommunication(g.kind(item)))
            continue;
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e) {
            const Phase next = g.phase(ItemId(g.target(e)));
            if (g.edgeKind(e) == EdgeKind::Program && g.ref(e) == EdgeRef::EndToStart
                && (next == Phase::Forward || next == Phase::Backward)) {
                phase[i] = next;
                break;
            }
        }
    }
    return phase;
}

// Gives each span of no phase on a host thread (a user annotation, record_function's block_N) that
// encloses forward or backward work and nothing else, directly or through such spans, the phase of the
// first work it encloses: it is part of that work. A micro-batch repeats it, so that its copies nest
// their ops as the measured one does, and memory a pass frees at its end (a recomputed layer's
// activations) is freed in each copy.
void givePhaseToSpans(const ExecutionGraph& g, std::vector<Phase>& phase)
{
    // Nested ops come after the op that encloses them: from the last item back, each span's nested
    // spans have their phase before it.
    for (std::uint32_t i = g.itemCount(); i-- > 0;) {
        const ItemId item(i);
        if (phase[i] != Phase::Unknown || g.onDevice(item))
            continue;
        Phase first = Phase::Unknown;
        bool onlyWork = true;
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1) && onlyWork; ++e) {
            if (g.edgeKind(e) != EdgeKind::Nest)
                continue;
            const ItemId inner(g.target(e));
            const Phase p = phase[inner.value()];
            onlyWork = (p == Phase::Forward || p == Phase::Backward) && g.rank(inner) == g.rank(item)
                && g.stepOfStart(inner) == g.stepOfStart(item);
            if (first == Phase::Unknown)
                first = p;
        }
        if (onlyWork)
            phase[i] = first;
    }
}

// The micro-batch's waits; batchOf gives per item the micro-batch whose repeated items hold it.
std::vector<MicroBatchModel::Wait> waitsOf(const ExecutionGraph& g, const InstantOrder& order, const std::vector<ItemId>& repeated,
    const std::vector<std::uint32_t>& batchOf, std::uint32_t batch)
{
    std::uint32_t firstInstant = InstantOrder::kUnordered;
    for (ItemId m : repeated)
        firstInstant = std::min(firstInstant, order.start(m));
    std::vector<MicroBatchModel::Wait> waits;
    for (std::size_t m = 0; m < repeated.size(); ++m) {
        const std::uint32_t i = repeated[m].value();
        for (std::uint32_t s = g.inBegin(i); s < g.inBegin(i + 1); ++s) {
            const std::uint32_t src = g.inSource(s);
            const EdgeRef ref = g.ref(g.inEdge(s));
            if (batchOf[src] != batch && order.sourceInstant(ItemId(src), ref) < firstInstant)
                waits.push_back({ ItemId(src), static_cast<std::uint32_t>(m), g.edgeKind(g.inEdge(s)), ref });
        }
    }
    return waits;
}

} // namespace

MicroBatchModel MicroBatchModel::of(const ExecutionGraph& g, const InstantOrder& order)
{
    std::map<std::pair<std::uint32_t, std::int32_t>, MicroBatch> batches;
    auto current = batches.end(); // the last item's: items of one rank-step mostly follow each other
    // A step's marker (ProfilerStep, a CPU op in older traces, so of the forward phase) spans the step.
    std::vector<std::uint8_t> marker(g.itemCount(), 0);
    for (const ExecStep& s : g.steps()) {
        if (s.marker.isValid())
            marker[s.marker.value()] = 1;
    }
    const std::vector<std::uint8_t> prologue = prologueOf(g);
    std::vector<Phase> phase = phasesOf(g);
    givePhaseToSpans(g, phase);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const Phase p = phase[i];
        if ((p != Phase::Forward && p != Phase::Backward) || g.stepOfStart(item) < 0 || !g.rank(item).isValid()
            || marker[i] || prologue[i])
            continue;
        const std::pair<std::uint32_t, std::int32_t> key { g.rank(item).value(), g.stepOfStart(item) };
        if (current == batches.end() || current->first != key) {
            current = batches.try_emplace(key).first;
            current->second.rank = g.rank(item);
            current->second.step = key.second;
        }
        MicroBatch& mb = current->second;
        mb.all.push_back(item);
        if (!isSynchronisation(g, item))
            mb.repeated.push_back(item);
    }
    MicroBatchModel model;
    model.m_batches.reserve(batches.size());
    for (auto& [key, mb] : batches)
        model.m_batches.push_back(std::move(mb));
    // Each item is repeated by one micro-batch at most (one rank, one step).
    constexpr std::uint32_t kNoBatch = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> batchOf(g.itemCount(), kNoBatch);
    for (std::uint32_t b = 0; b < model.m_batches.size(); ++b) {
        for (ItemId m : model.m_batches[b].repeated)
            batchOf[m.value()] = b;
    }
    parallelFor(model.m_batches.size(), [&](std::size_t b) {
        MicroBatch& mb = model.m_batches[b];
        mb.repeatedEnds = endsOf(g, mb.repeated);
        mb.allEnds = endsOf(g, mb.all);
        mb.lastHost = lastHostOf(g, mb.repeated);
        mb.waits = waitsOf(g, order, mb.repeated, batchOf, static_cast<std::uint32_t>(b));
    });
    return model;
}

} // namespace sightline
