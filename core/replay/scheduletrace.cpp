#include "core/replay/scheduletrace.h"

#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/model/tracedata.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <tuple>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// One track of one layer, and where it goes in the job made.
struct LayerTrack {
    std::uint32_t layer = 0;
    std::uint32_t track = 0; // of the layer's graph
    std::int32_t rank = -1; // global rank
    std::uint32_t measured = kNone; // the measured track it stands for (or was copied from)
    std::vector<std::uint32_t> items; // replayed, by start (longer first on ties)
};

// Strings of the new trace: the measured trace's and the graphs' own, interned once each as used.
class StringMap {
public:
    StringMap(const Trace& base, std::span<const ScheduleTrace::Layer> layers, StringPool& pool)
        : m_base(base)
        , m_pool(pool)
        , m_baseIds(base.strings().size(), kNone)
    {
        for (const ScheduleTrace::Layer& l : layers)
            m_graphIds.emplace_back(l.graph->nameCount() - std::min(l.graph->nameCount(), base.strings().size()), kNone);
    }
    StringId base(StringId id)
    {
        if (!id.isValid() || id.value() >= m_baseIds.size())
            return StringId(0);
        std::uint32_t& to = m_baseIds[id.value()];
        if (to == kNone)
            to = m_pool.intern(m_base.string(id)).value();
        return StringId(to);
    }
    StringId name(std::uint32_t layer, const ExecutionGraph& g, StringId id)
    {
        if (id.value() < m_baseIds.size())
            return base(id);
        std::uint32_t& to = m_graphIds[layer][id.value() - m_baseIds.size()];
        if (to == kNone)
            to = m_pool.intern(g.string(id)).value();
        return StringId(to);
    }
    StringId text(std::string_view s) { return m_pool.intern(s); }

private:
    const Trace& m_base;
    StringPool& m_pool;
    std::vector<std::uint32_t> m_baseIds;
    std::vector<std::vector<std::uint32_t>> m_graphIds;
};

// One track's items by start, longer first on ties, then by item. They come in a few runs already in
// that order (the measured items, then each pass's copies of them), which are merged; items in many
// runs are sorted whole.
void orderByStart(std::vector<std::uint32_t>& items, const Schedule& s)
{
    const auto before = [&](std::uint32_t a, std::uint32_t b) { return std::tie(s.start[a], s.end[b], a) < std::tie(s.start[b], s.end[a], b); };
    constexpr std::size_t kMostRuns = 16;
    std::vector<std::size_t> bounds { 0 };
    for (std::size_t i = 1; i < items.size() && bounds.size() <= kMostRuns; ++i) {
        if (before(items[i], items[i - 1]))
            bounds.push_back(i);
    }
    if (bounds.size() > kMostRuns) {
        std::sort(items.begin(), items.end(), before);
        return;
    }
    bounds.push_back(items.size());
    while (bounds.size() > 2) {
        std::vector<std::size_t> merged { 0 };
        for (std::size_t r = 0; r + 1 < bounds.size(); r += 2) {
            if (r + 2 < bounds.size()) {
                std::inplace_merge(items.begin() + static_cast<std::ptrdiff_t>(bounds[r]), items.begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]),
                    items.begin() + static_cast<std::ptrdiff_t>(bounds[r + 2]), before);
                merged.push_back(bounds[r + 2]);
            } else {
                merged.push_back(bounds[r + 1]);
            }
        }
        bounds = std::move(merged);
    }
}

// Every layer's tracks with the items each draws, in the order the job lists them.
std::vector<LayerTrack> layerTracks(std::span<const ScheduleTrace::Layer> layers)
{
    std::vector<LayerTrack> out;
    for (std::uint32_t l = 0; l < layers.size(); ++l) {
        const ExecutionGraph& g = *layers[l].graph;
        const Schedule& s = *layers[l].schedule;
        const std::size_t first = out.size();
        for (std::uint32_t t = 0; t < g.tracks().size(); ++t) {
            const ExecTrack& info = g.tracks()[t];
            LayerTrack lt;
            lt.layer = l;
            lt.track = t;
            lt.rank = g.ranks()[info.rank.value()].rank;
            lt.measured = info.measured.isValid() ? info.measured.value() : kNone;
            out.push_back(std::move(lt));
        }
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const TrackId t = g.track(ItemId(i));
            if (!t.isValid() || !s.replayed(i))
                continue;
            LayerTrack& lt = out[first + t.value()];
            lt.items.push_back(i);
            // A track of an added rank stands for the track its copies came from.
            if (lt.measured == kNone && !g.origin(ItemId(i)).empty())
                lt.measured = g.trace().track(g.origin(ItemId(i)).front()).value();
        }
    }
    parallelFor(out.size(), [&](std::size_t k) { orderByStart(out[k].items, *layers[out[k].layer].schedule); });
    std::stable_sort(out.begin(), out.end(), [](const LayerTrack& a, const LayerTrack& b) {
        return std::tie(a.rank, a.measured, a.layer, a.track) < std::tie(b.rank, b.measured, b.layer, b.track);
    });
    return out;
}

// The ranks, tracks and devices of the job made: entry k of tracks becomes track k.
void describeRanks(std::span<const ScheduleTrace::Layer> layers, const std::vector<LayerTrack>& tracks, StringMap& strings,
    TraceData& data, ScheduleTrace::Result& result)
{
    const Trace& base = layers.front().graph->trace();
    // The measured rank of each global rank that has one.
    std::map<std::int32_t, RankId> measured;
    std::map<std::int32_t, std::string> host;
    for (const ScheduleTrace::Layer& l : layers) {
        for (const ExecRank& r : l.graph->ranks()) {
            if (r.measured.isValid())
                measured.emplace(r.rank, r.measured);
            host.emplace(r.rank, r.host);
        }
    }
    data.worldSize = base.worldSize();
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        const LayerTrack& lt = tracks[k];
        if (data.ranks.empty() || data.ranks.back().rank != lt.rank) {
            RankInfo r;
            const auto m = measured.find(lt.rank);
            if (m != measured.end()) {
                const RankInfo& was = base.rankInfo(m->second);
                r.host = strings.base(was.host);
                r.sourceFile = strings.base(was.sourceFile);
                r.processName = strings.base(was.processName);
                r.pid = was.pid;
                r.rankSource = strings.base(was.rankSource);
                r.stepMethod = was.stepMethod;
                r.parameterBytes = was.parameterBytes;
                r.optimizerStates = was.optimizerStates;
                for (const DeviceInfo& d : base.devices()) {
                    if (d.rank == m->second)
                        data.devices.push_back({ RankId(static_cast<std::uint32_t>(data.ranks.size())), d.index, d.memoryBytes, strings.base(d.name) });
                }
            } else {
                r.host = strings.text(host[lt.rank]);
                r.processName = strings.text("rank " + std::to_string(lt.rank) + " (added)");
            }
            r.rank = lt.rank;
            r.firstTrack = static_cast<std::uint32_t>(k);
            data.ranks.push_back(r);
            data.worldSize = std::max(data.worldSize, lt.rank + 1);
        }
        ++data.ranks.back().trackCount;
        const ExecTrack& info = layers[lt.layer].graph->tracks()[lt.track];
        TrackInfo t;
        t.rank = RankId(static_cast<std::uint32_t>(data.ranks.size() - 1));
        t.kind = info.kind;
        std::string name = "track " + std::to_string(lt.track);
        if (lt.measured != kNone) {
            const TrackInfo& was = base.trackInfo(TrackId(lt.measured));
            name = std::string(base.string(was.name));
            t.pid = was.pid;
            t.tid = was.tid;
            t.device = was.device;
            t.sortIndex = was.sortIndex;
        }
        t.name = strings.text(name + layers[lt.layer].trackSuffix);
        data.tracks.push_back(t);
        result.trackLayer.push_back(static_cast<std::uint8_t>(lt.layer));
    }
}

// The op columns, track by track, and the arguments of the measured ops that items stand for one to one.
void fillOps(std::span<const ScheduleTrace::Layer> layers, const std::vector<LayerTrack>& tracks, StringMap& strings, TraceData& data,
    ScheduleTrace::Result& result)
{
    const Trace& base = layers.front().graph->trace();
    std::vector<std::uint32_t> firstOp(tracks.size() + 1, 0);
    for (std::size_t k = 0; k < tracks.size(); ++k)
        firstOp[k + 1] = firstOp[k] + static_cast<std::uint32_t>(tracks[k].items.size());
    const std::size_t n = firstOp.back();
    data.start.resize(n);
    data.end.resize(n);
    data.track.resize(n);
    data.name.resize(n);
    data.category.resize(n);
    data.kind.resize(n);
    data.phase.resize(n);
    data.step.resize(n);
    data.bytes.resize(n);
    result.synthetic.resize(n);
    result.itemOf.resize(n);
    result.opOfItem.resize(layers.size());
    for (std::size_t l = 0; l < layers.size(); ++l)
        result.opOfItem[l].assign(layers[l].graph->itemCount(), OpId());
    std::vector<std::uint8_t> hasBytes(base.opCount(), 0);
    for (std::uint32_t op : base.opsWithBytes())
        hasBytes[op] = 1;
    // Most measured ops have no arguments: a mark per measured op spares them the searches of the
    // sparse tables, and the fill below notes the ops that take a measured op's arguments.
    std::vector<std::uint8_t> hasArgs(base.opCount(), 0);
    for (const auto& [op, args] : base.commArgsTable())
        hasArgs[op.value()] = 1;
    for (const auto& [op, args] : base.shapesTable())
        hasArgs[op.value()] = 1;
    std::vector<std::uint32_t> argsFrom(n, kNone); // per op: the measured op whose arguments it takes
    // The names and categories used are marked in parallel over tracks and interned on one thread;
    // the columns are then filled in parallel over tracks.
    std::vector<std::vector<std::atomic<std::uint8_t>>> nameUsed(layers.size());
    for (std::size_t l = 0; l < layers.size(); ++l)
        nameUsed[l] = std::vector<std::atomic<std::uint8_t>>(layers[l].graph->nameCount());
    std::vector<std::atomic<std::uint8_t>> categoryUsed(base.strings().size());
    parallelFor(tracks.size(), [&](std::size_t k) {
        const LayerTrack& lt = tracks[k];
        const ExecutionGraph& g = *layers[lt.layer].graph;
        for (std::uint32_t i : lt.items) {
            nameUsed[lt.layer][g.nameId(ItemId(i)).value()].store(1, std::memory_order_relaxed);
            const auto origin = g.origin(ItemId(i));
            if (origin.size() == 1)
                categoryUsed[base.category(origin.front()).value()].store(1, std::memory_order_relaxed);
        }
    });
    std::vector<std::vector<std::uint32_t>> nameOf(layers.size());
    for (std::uint32_t l = 0; l < layers.size(); ++l) {
        nameOf[l].assign(nameUsed[l].size(), kNone);
        for (std::uint32_t id = 0; id < nameUsed[l].size(); ++id) {
            if (nameUsed[l][id].load(std::memory_order_relaxed))
                nameOf[l][id] = strings.name(l, *layers[l].graph, StringId(id)).value();
        }
    }
    std::vector<std::uint32_t> categoryOf(categoryUsed.size(), kNone);
    for (std::uint32_t id = 0; id < categoryUsed.size(); ++id) {
        if (categoryUsed[id].load(std::memory_order_relaxed))
            categoryOf[id] = strings.base(StringId(id)).value();
    }
    parallelFor(tracks.size(), [&](std::size_t k) {
        const LayerTrack& lt = tracks[k];
        const ExecutionGraph& g = *layers[lt.layer].graph;
        const Schedule& s = *layers[lt.layer].schedule;
        const bool addedRank = !g.ranks()[g.tracks()[lt.track].rank.value()].measured.isValid();
        data.tracks[k].firstOp = firstOp[k];
        data.tracks[k].opCount = static_cast<std::uint32_t>(lt.items.size());
        for (std::size_t j = 0; j < lt.items.size(); ++j) {
            const std::uint32_t i = lt.items[j];
            const ItemId item(i);
            const std::uint32_t op = firstOp[k] + static_cast<std::uint32_t>(j);
            const auto origin = g.origin(item);
            data.start[op] = s.start[i];
            data.end[op] = s.end[i];
            data.track[op] = static_cast<std::uint32_t>(k);
            data.name[op] = nameOf[lt.layer][g.nameId(item).value()];
            data.category[op] = origin.size() == 1 ? categoryOf[base.category(origin.front()).value()] : 0;
            data.kind[op] = g.kind(item);
            data.phase[op] = origin.empty() ? Phase::Unknown : base.phase(origin.front());
            const std::int32_t step = g.stepOfStart(item);
            data.step[op] = step < 0 ? -1 : static_cast<std::int32_t>(g.steps()[static_cast<std::size_t>(step)].number);
            const CommCost* comm = g.comm(item);
            data.bytes[op] = comm                                                ? std::max<std::int64_t>(comm->bytes, 0)
                : origin.size() == 1 && hasBytes[origin.front().value()] ? base.bytes(origin.front())
                                                                         : 0;
            result.synthetic[op] = g.hasFlag(item, ExecutionGraph::Synthetic) || addedRank;
            result.itemOf[op] = item;
            result.opOfItem[lt.layer][i] = OpId(op);
            if (origin.size() == 1 && hasArgs[origin.front().value()])
                argsFrom[op] = origin.front().value();
        }
    });
    // Arguments, by op: ops are in order, so the tables come out sorted.
    for (std::uint32_t op = 0; op < n; ++op) {
        if (argsFrom[op] == kNone)
            continue;
        const OpId from(argsFrom[op]);
        if (const CommArgs* c = base.commArgs(from)) {
            CommArgs copy = *c;
            copy.collective = strings.base(c->collective);
            copy.processGroup = strings.base(c->processGroup);
            copy.groupRanks = strings.base(c->groupRanks);
            copy.dtype = strings.base(c->dtype);
            data.commArgs.emplace_back(OpId(op), copy);
        }
        if (const ShapeArgs* sh = base.shapes(from))
            data.shapes.emplace_back(OpId(op), ShapeArgs { strings.base(sh->dims), strings.base(sh->types) });
    }
}

// The steps of the last layer: each replayed ProfilerStep marker's span.
void addSteps(std::span<const ScheduleTrace::Layer> layers, TraceData& data, const ScheduleTrace::Result& result)
{
    const std::uint32_t last = static_cast<std::uint32_t>(layers.size() - 1);
    const ExecutionGraph& g = *layers[last].graph;
    const Schedule& s = *layers[last].schedule;
    for (const ExecStep& step : g.steps()) {
        if (!step.marker.isValid() || !s.replayed(step.marker.value()))
            continue;
        const OpId op = result.opOfItem[last][step.marker.value()];
        if (!op.isValid())
            continue;
        data.steps.push_back({ data.tracks[data.track[op.value()]].rank, step.number, s.start[step.marker.value()],
            s.end[step.marker.value()], op });
    }
}

} // namespace

std::uint32_t ScheduleTrace::Result::layerOf(OpId op) const
{
    return trackLayer[trace->track(op).value()];
}

Expected<ScheduleTrace::Result> ScheduleTrace::build(std::span<const Layer> layers, const CancellationToken* cancel)
{
    if (layers.empty() || layers.size() > 255)
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "a replayed job needs between 1 and 255 replays");
    for (const Layer& l : layers) {
        if (!l.graph || !l.schedule || &l.graph->trace() != &layers.front().graph->trace()
            || l.schedule->start.size() != l.graph->itemCount())
            return Status::error(ErrorCode::InvalidArgument, {}, -1, "the replays are not of one measured job");
    }
    const Trace& base = layers.front().graph->trace();
    Result result;
    TraceData data;
    data.format = "replay";
    StringMap strings(base, layers, data.strings);
    strings.text(""); // id 0: the empty string
    const std::vector<LayerTrack> tracks = layerTracks(layers);
    if (cancel && cancel->isCancelled())
        return Status::error(ErrorCode::Cancelled, {}, -1, "cancelled");
    describeRanks(layers, tracks, strings, data, result);
    fillOps(layers, tracks, strings, data, result);
    addSteps(layers, data, result);
    if (cancel && cancel->isCancelled())
        return Status::error(ErrorCode::Cancelled, {}, -1, "cancelled");
    Expected<std::shared_ptr<const Trace>> trace = Trace::build(std::move(data));
    if (!trace)
        return trace.status();
    result.trace = std::move(*trace);
    return result;
}

} // namespace sightline
