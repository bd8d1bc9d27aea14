#include "core/analysis/tensorchanges.h"

#include "core/exec/executiongraph.h"
#include "core/exec/tensormodel.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

namespace sightline {

namespace {

// The what-if items standing for the ops asked about, found in one pass over its items.
std::unordered_map<std::uint32_t, ItemId> itemsFor(const ExecutionGraph& g, const std::vector<OpId>& ops)
{
    std::unordered_map<std::uint32_t, ItemId> out;
    // A mark per measured op spares the hash lookups of the ops not asked about, nearly all of them.
    std::vector<std::uint8_t> asked(g.trace().opCount(), 0);
    for (OpId op : ops) {
        out.emplace(op.value(), ItemId());
        asked[op.value()] = 1;
    }
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (!g.track(ItemId(i)).isValid())
            continue;
        for (OpId op : g.origin(ItemId(i))) {
            if (op.value() >= asked.size() || !asked[op.value()])
                continue;
            const auto it = out.find(op.value());
            if (it != out.end() && !it->second.isValid())
                it->second = ItemId(i);
        }
    }
    return out;
}

OpId firstOrigin(const ExecutionGraph& g, ItemId item)
{
    if (!item.isValid())
        return {};
    const auto origin = g.origin(item);
    return origin.empty() ? OpId() : origin.front();
}

// The item after whose end a tensor is ready on the first rank: its producer, or for a bucket of its
// own, what releases the bucket besides its track's order (its launch), which a pass's new bucket
// waits on as well.
ItemId readyAfter(const ExecutionGraph& g, const TensorModel::Tensor& t, ItemId part)
{
    if (!t.producers.empty() && t.producers.front().isValid())
        return t.producers.front();
    for (std::uint32_t s = g.inBegin(part.value()); s < g.inBegin(part.value() + 1); ++s) {
        const std::uint32_t e = g.inEdge(s);
        if (g.edgeKind(e) != EdgeKind::Program && g.ref(e) != EdgeRef::EndToEnd)
            return ItemId(g.inSource(s));
    }
    return {};
}

} // namespace

std::vector<TensorChange> TensorChanges::largest(const TensorModel& model, const ExecutionGraph& baseline, const Schedule& before,
    const ExecutionGraph& whatIf, const Schedule& after, std::size_t count)
{
    if (count == 0) // a search's what-if lists none: its tensors are not looked at
        return {};
    std::vector<TensorChange> changes;
    std::vector<OpId> asked;
    for (const TensorModel::Step& step : model.steps()) {
        for (std::uint32_t k = 0; k < step.tensors.size(); ++k) {
            const TensorModel::Tensor& t = step.tensors[k];
            TensorChange c;
            c.step = step.number;
            c.index = k;
            c.bytes = t.bytes;
            const ItemId part = step.buckets[t.bucket].participants.front();
            const ItemId producer = readyAfter(baseline, t, part);
            c.producer = firstOrigin(baseline, producer);
            c.bucket = firstOrigin(baseline, part);
            if (!c.bucket.isValid() || !before.replayed(part.value()) || (producer.isValid() && !before.replayed(producer.value())))
                continue;
            // Baseline: from ready to the end of the measured bucket.
            const TimeNs ready = producer.isValid() ? before.end[producer.value()] : before.start[part.value()];
            c.baseline = before.end[part.value()] - ready;
            changes.push_back(c);
            asked.push_back(c.bucket);
            if (c.producer.isValid())
                asked.push_back(c.producer);
        }
    }
    const std::unordered_map<std::uint32_t, ItemId> items = itemsFor(whatIf, asked);
    std::vector<TensorChange> kept;
    for (TensorChange& c : changes) {
        const ItemId bucket = items.at(c.bucket.value());
        const ItemId producer = c.producer.isValid() ? items.at(c.producer.value()) : ItemId();
        TimeNs end = Schedule::kNotReplayed;
        TimeNs ready = Schedule::kNotReplayed;
        if (producer.isValid() && after.replayed(producer.value())) {
            ready = after.end[producer.value()];
            // The buckets a pass made wait for the producer: the last of them to end.
            for (std::uint32_t e = whatIf.outBegin(producer.value()); e < whatIf.outBegin(producer.value() + 1); ++e) {
                const std::uint32_t to = whatIf.target(e);
                if (isCommunication(whatIf.kind(ItemId(to))) && whatIf.track(ItemId(to)).isValid() && after.replayed(to))
                    end = std::max(end, after.end[to]);
            }
        }
        if (end == Schedule::kNotReplayed && bucket.isValid() && after.replayed(bucket.value())) {
            end = after.end[bucket.value()];
            if (!c.producer.isValid())
                ready = after.start[bucket.value()];
        }
        if (end == Schedule::kNotReplayed || ready == Schedule::kNotReplayed)
            continue;
        c.whatIf = end - ready;
        if (c.whatIf != c.baseline)
            kept.push_back(c);
    }
    auto larger = [](const TensorChange& a, const TensorChange& b) {
        const TimeNs da = std::abs(a.delta()), db = std::abs(b.delta());
        if (da != db)
            return da > db;
        return a.step != b.step ? a.step < b.step : a.index < b.index;
    };
    const std::size_t keep = std::min(count, kept.size());
    std::partial_sort(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(keep), kept.end(), larger);
    kept.resize(keep);
    return kept;
}

} // namespace sightline
