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
#include <utility>

namespace sightline {

// Per item of a graph, as prepare() finds it; kNone where there is none.
class ScheduleTrace::Prepared {
public:
    const ExecutionGraph* graph = nullptr; // what it was prepared from
    std::vector<std::uint32_t> category; // of the measured op the item stands for one to one (its string id)
    std::vector<Phase> phase; // of its first measured op
    std::vector<std::int32_t> step; // the number of the step it starts in, or -1
    std::vector<std::int64_t> bytes;
    std::vector<std::uint32_t> commAt, shapeAt; // its measured op's entries in the measured tables
    // The items on each track of the graph, in item order: track t's are trackItems[trackStart[t],
    // trackStart[t + 1]). Items of no track are in none.
    std::vector<std::uint32_t> trackStart;
    std::vector<std::uint32_t> trackItems;
};

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
    // A string of the measured trace that base() has interned already; safe from several threads, as
    // it changes nothing.
    StringId interned(StringId id) const
    {
        return id.isValid() && id.value() < m_baseIds.size() ? StringId(m_baseIds[id.value()]) : StringId(0);
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

// One track's replayed items by start, longer first on ties, then by item, from its items in item
// order. They come in runs already in that order (the measured items, then each pass's copies of them,
// a run per copied layer and step), which are merged pairwise, bottom up: n log(runs) steps on keys
// copied out of the schedule, so that every pass reads and writes memory in order.
std::vector<std::uint32_t> orderByStart(std::span<const std::uint32_t> items, const Schedule& s)
{
    struct Key {
        TimeNs start;
        TimeNs end;
        std::uint32_t item;
    };
    const auto before = [](const Key& a, const Key& b) { return std::tie(a.start, b.end, a.item) < std::tie(b.start, a.end, b.item); };
    std::vector<Key> keys;
    keys.reserve(items.size());
    for (std::uint32_t i : items) {
        if (s.replayed(i))
            keys.push_back({ s.start[i], s.end[i], i });
    }
    std::vector<std::size_t> bounds { 0 };
    for (std::size_t k = 1; k < keys.size(); ++k) {
        if (before(keys[k], keys[k - 1]))
            bounds.push_back(k);
    }
    bounds.push_back(keys.size());
    std::vector<Key> other(bounds.size() > 2 ? keys.size() : 0);
    while (bounds.size() > 2) {
        std::vector<std::size_t> merged { 0 };
        for (std::size_t r = 0; r + 1 < bounds.size(); r += 2) {
            const auto from = keys.begin() + static_cast<std::ptrdiff_t>(bounds[r]);
            const auto middle = keys.begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]);
            const auto to = other.begin() + static_cast<std::ptrdiff_t>(bounds[r]);
            if (r + 2 < bounds.size()) {
                std::merge(from, middle, middle, keys.begin() + static_cast<std::ptrdiff_t>(bounds[r + 2]), to, before);
                merged.push_back(bounds[r + 2]);
            } else {
                std::copy(from, middle, to);
                merged.push_back(bounds[r + 1]);
            }
        }
        keys.swap(other);
        bounds = std::move(merged);
    }
    std::vector<std::uint32_t> ordered(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k)
        ordered[k] = keys[k].item;
    return ordered;
}

// The items of each track of a graph, in item order (Prepared::trackStart and trackItems): counted per
// block of items, then placed per block at the offsets the counts give, the blocks side by side.
void groupByTrack(const ExecutionGraph& g, std::size_t blocks, std::vector<std::uint32_t>& trackStart, std::vector<std::uint32_t>& trackItems)
{
    const std::size_t trackCount = g.tracks().size();
    const std::uint32_t* track = g.trackIds().data();
    std::vector<std::vector<std::uint32_t>> counts(blocks, std::vector<std::uint32_t>(trackCount, 0));
    parallelForBlocks(g.itemCount(), blocks, [&](std::size_t b, std::size_t begin, std::size_t end) {
        std::uint32_t* count = counts[b].data();
        for (std::size_t i = begin; i < end; ++i) {
            if (track[i] != TrackId::kInvalid)
                ++count[track[i]];
        }
    });
    // Offsets: block b's items of a track go after the earlier blocks' items of that track.
    trackStart.assign(trackCount + 1, 0);
    std::uint32_t total = 0;
    for (std::size_t t = 0; t < trackCount; ++t) {
        trackStart[t] = total;
        for (std::size_t b = 0; b < blocks; ++b)
            total += std::exchange(counts[b][t], total);
    }
    trackStart[trackCount] = total;
    trackItems.resize(total);
    parallelForBlocks(g.itemCount(), blocks, [&](std::size_t b, std::size_t begin, std::size_t end) {
        std::uint32_t* next = counts[b].data();
        std::uint32_t* to = trackItems.data();
        for (std::size_t i = begin; i < end; ++i) {
            if (track[i] != TrackId::kInvalid)
                to[next[track[i]]++] = static_cast<std::uint32_t>(i);
        }
    });
}

// Every layer's tracks with the replayed items each draws, in the order the job lists them. A track of
// an added rank stands for the measured track of the first of its replayed items that has an origin.
std::vector<LayerTrack> layerTracks(std::span<const ScheduleTrace::Layer> layers, std::span<const std::shared_ptr<const ScheduleTrace::Prepared>> prepared)
{
    std::vector<LayerTrack> out;
    for (std::uint32_t l = 0; l < layers.size(); ++l) {
        const ExecutionGraph& g = *layers[l].graph;
        for (std::uint32_t t = 0; t < g.tracks().size(); ++t) {
            const ExecTrack& info = g.tracks()[t];
            LayerTrack lt;
            lt.layer = l;
            lt.track = t;
            lt.rank = g.ranks()[info.rank.value()].rank;
            lt.measured = info.measured.isValid() ? info.measured.value() : kNone;
            out.push_back(std::move(lt));
        }
    }
    parallelFor(out.size(), [&](std::size_t k) {
        LayerTrack& lt = out[k];
        const ExecutionGraph& g = *layers[lt.layer].graph;
        const Schedule& s = *layers[lt.layer].schedule;
        const ScheduleTrace::Prepared& p = *prepared[lt.layer];
        const std::span<const std::uint32_t> items(p.trackItems.data() + p.trackStart[lt.track], p.trackStart[lt.track + 1] - p.trackStart[lt.track]);
        for (std::size_t j = 0; j < items.size() && lt.measured == kNone; ++j) {
            const ItemId item(items[j]);
            if (s.replayed(item.value()) && !g.origin(item).empty())
                lt.measured = g.trace().track(g.origin(item).front()).value();
        }
        lt.items = orderByStart(items, s);
    });
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
            result.addedRank.push_back(m == measured.end() ? 1 : 0);
            data.ranks.push_back(r);
            data.worldSize = std::max(data.worldSize, lt.rank + 1);
        }
        ++data.ranks.back().trackCount;
        const ExecTrack& info = layers[lt.layer].graph->tracks()[lt.track];
        TrackInfo t;
        t.rank = RankId(static_cast<std::uint32_t>(data.ranks.size() - 1));
        t.kind = info.kind;
        std::string name = info.name.empty() ? "track " + std::to_string(lt.track) : info.name;
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

// Where each measured op's arguments are in the measured trace's tables (kNone: none there): found
// once, as searching tables of millions of entries per op took most of the copy's time.
struct ArgumentIndex {
    std::vector<std::uint32_t> commAt;
    std::vector<std::uint32_t> shapeAt;

    explicit ArgumentIndex(const Trace& base)
        : commAt(base.opCount(), kNone)
        , shapeAt(base.opCount(), kNone)
    {
        const auto comm = base.commArgsTable();
        const auto shapes = base.shapesTable();
        for (std::uint32_t e = 0; e < comm.size(); ++e)
            commAt[comm[e].first.value()] = e;
        for (std::uint32_t e = 0; e < shapes.size(); ++e)
            shapeAt[shapes[e].first.value()] = e;
    }
};

// The ops of one track of the job made that take arguments from a measured op: (op, entry of the
// measured table), by op. Most ops take none.
struct TrackArguments {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> comm;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> shapes;
};

// The arguments the tracks' ops take from measured ops, with their strings mapped: tracks in parallel,
// joined in track order, so that the tables come out sorted by op. The strings are interned before, on
// one thread (the map interns as it goes), and only read in parallel.
void copyArguments(const Trace& base, const std::vector<TrackArguments>& tracks, StringMap& strings, TraceData& data)
{
    const std::span<const std::pair<OpId, CommArgs>> commTable = base.commArgsTable();
    const std::span<const std::pair<OpId, ShapeArgs>> shapeTable = base.shapesTable();
    for (const auto& [op, c] : commTable) {
        for (StringId id : { c.collective, c.processGroup, c.groupRanks, c.dtype })
            strings.base(id);
    }
    for (const auto& [op, sh] : shapeTable) {
        strings.base(sh.dims);
        strings.base(sh.types);
    }
    const auto mapped = [&strings](StringId id) { return strings.interned(id); };
    std::vector<std::size_t> commAt(tracks.size() + 1, 0), shapesAt(tracks.size() + 1, 0);
    for (std::size_t k = 0; k < tracks.size(); ++k) {
        commAt[k + 1] = commAt[k] + tracks[k].comm.size();
        shapesAt[k + 1] = shapesAt[k] + tracks[k].shapes.size();
    }
    data.commArgs.resize(commAt.back());
    data.shapes.resize(shapesAt.back());
    parallelFor(tracks.size(), [&](std::size_t k) {
        std::size_t c = commAt[k];
        for (const auto& [op, e] : tracks[k].comm) {
            CommArgs copy = commTable[e].second;
            copy.collective = mapped(copy.collective);
            copy.processGroup = mapped(copy.processGroup);
            copy.groupRanks = mapped(copy.groupRanks);
            copy.dtype = mapped(copy.dtype);
            data.commArgs[c++] = { OpId(op), copy };
        }
        std::size_t sh = shapesAt[k];
        for (const auto& [op, e] : tracks[k].shapes)
            data.shapes[sh++] = { OpId(op), ShapeArgs { mapped(shapeTable[e].second.dims), mapped(shapeTable[e].second.types) } };
    });
}

// What filling a track's ops reads: its layer, and per item of the layer its times, graph columns and
// preparation; the op strings its names and categories map to; and whether it is a track of an added
// rank.
struct TrackSource {
    std::uint32_t layer = 0;
    const Schedule& schedule;
    const ExecutionGraph& graph;
    const ScheduleTrace::Prepared& prepared;
    const std::vector<std::uint32_t>& nameOf; // per name id of the graph
    const std::vector<std::uint32_t>& categoryOf; // per string id of the measured trace
    bool addedRank = false;
};

// The ops of one track, its items in order, from op first on: every column, the op drawing each item,
// and the ops that take arguments. Every column is read and written through a pointer held in a local:
// a byte column written could alias any pointer read from memory, which would then be read again at
// every op (a third of the fill's time on a job of millions of ops).
void fillTrack(const TrackSource& from, std::span<const std::uint32_t> items, std::uint32_t track, std::uint32_t first, TraceData& data,
    ScheduleTrace::Result& result, TrackArguments& arguments)
{
    const TimeNs* start = from.schedule.start.data();
    const TimeNs* end = from.schedule.end.data();
    const OpKind* kind = from.graph.kinds().data();
    const std::uint8_t* flags = from.graph.flags().data();
    const std::uint32_t* name = from.graph.nameIds().data();
    const std::uint32_t* nameOf = from.nameOf.data();
    const std::uint32_t* categoryOf = from.categoryOf.data();
    const ScheduleTrace::Prepared& p = from.prepared;
    const std::uint32_t* category = p.category.data();
    const Phase* phase = p.phase.data();
    const std::int32_t* step = p.step.data();
    const std::int64_t* bytes = p.bytes.data();
    const std::uint32_t* commAt = p.commAt.data();
    const std::uint32_t* shapeAt = p.shapeAt.data();
    TimeNs* toStart = data.start.data() + first;
    TimeNs* toEnd = data.end.data() + first;
    std::uint32_t* toTrack = data.track.data() + first;
    std::uint32_t* toName = data.name.data() + first;
    std::uint32_t* toCategory = data.category.data() + first;
    OpKind* toKind = data.kind.data() + first;
    Phase* toPhase = data.phase.data() + first;
    std::int32_t* toStep = data.step.data() + first;
    std::int64_t* toBytes = data.bytes.data() + first;
    std::uint8_t* toSynthetic = result.synthetic.data() + first;
    ItemId* toItem = result.itemOf.data() + first;
    OpId* opOf = result.opOfItem[from.layer].data();
    const std::uint8_t added = from.addedRank ? 1 : 0;
    for (std::uint32_t j = 0; j < items.size(); ++j) {
        const std::uint32_t i = items[j];
        toStart[j] = start[i];
        toEnd[j] = end[i];
        toTrack[j] = track;
        toName[j] = nameOf[name[i]];
        toCategory[j] = category[i] == kNone ? 0 : categoryOf[category[i]];
        toKind[j] = kind[i];
        toPhase[j] = phase[i];
        toStep[j] = step[i];
        toBytes[j] = bytes[i];
        toSynthetic[j] = (flags[i] & ExecutionGraph::Synthetic) != 0 ? 1 : added;
        toItem[j] = ItemId(i);
        opOf[i] = OpId(first + j);
        if (commAt[i] != kNone)
            arguments.comm.emplace_back(first + j, commAt[i]);
        if (shapeAt[i] != kNone)
            arguments.shapes.emplace_back(first + j, shapeAt[i]);
    }
}

// The op columns, track by track, from the layers' schedules and preparations, and the arguments of
// the measured ops that items stand for one to one.
void fillOps(std::span<const ScheduleTrace::Layer> layers, std::span<const std::shared_ptr<const ScheduleTrace::Prepared>> prepared,
    const std::vector<LayerTrack>& tracks, StringMap& strings, TraceData& data, ScheduleTrace::Result& result)
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
    std::vector<TrackArguments> arguments(tracks.size());
    // The names and categories used are marked in parallel over tracks and interned on one thread;
    // the columns are then filled in parallel over tracks.
    std::vector<std::vector<std::atomic<std::uint8_t>>> nameUsed(layers.size());
    for (std::size_t l = 0; l < layers.size(); ++l)
        nameUsed[l] = std::vector<std::atomic<std::uint8_t>>(layers[l].graph->nameCount());
    std::vector<std::atomic<std::uint8_t>> categoryUsed(base.strings().size());
    parallelFor(tracks.size(), [&](std::size_t k) {
        const LayerTrack& lt = tracks[k];
        const ExecutionGraph& g = *layers[lt.layer].graph;
        const ScheduleTrace::Prepared& p = *prepared[lt.layer];
        // A mark is read before it is set: the few names every track repeats then stay in every core's
        // cache instead of moving between cores at each store.
        const auto mark = [](std::atomic<std::uint8_t>& used) {
            if (!used.load(std::memory_order_relaxed))
                used.store(1, std::memory_order_relaxed);
        };
        for (std::uint32_t i : lt.items) {
            mark(nameUsed[lt.layer][g.nameId(ItemId(i)).value()]);
            if (p.category[i] != kNone)
                mark(categoryUsed[p.category[i]]);
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
        data.tracks[k].firstOp = firstOp[k];
        data.tracks[k].opCount = static_cast<std::uint32_t>(lt.items.size());
        const TrackSource from { lt.layer, *layers[lt.layer].schedule, g, *prepared[lt.layer], nameOf[lt.layer], categoryOf,
            !g.ranks()[g.tracks()[lt.track].rank.value()].measured.isValid() };
        fillTrack(from, lt.items, static_cast<std::uint32_t>(k), firstOp[k], data, result, arguments[k]);
    });
    copyArguments(base, arguments, strings, data);
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

std::shared_ptr<const ScheduleTrace::Prepared> ScheduleTrace::prepare(const ExecutionGraph& g, bool oneThread)
{
    const Trace& base = g.trace();
    const std::uint32_t n = g.itemCount();
    auto p = std::make_shared<Prepared>();
    p->graph = &g;
    p->category.resize(n);
    p->phase.resize(n);
    p->step.resize(n);
    p->bytes.resize(n);
    p->commAt.resize(n);
    p->shapeAt.resize(n);
    // Most measured ops have neither bytes nor arguments: marks and an index spare them any search.
    std::vector<std::uint8_t> hasBytes(base.opCount(), 0);
    for (std::uint32_t op : base.opsWithBytes())
        hasBytes[op] = 1;
    const ArgumentIndex arguments(base);
    const auto fill = [&](std::size_t, std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const ItemId item(static_cast<std::uint32_t>(i));
            const auto origin = g.origin(item);
            const bool one = origin.size() == 1;
            p->category[i] = one ? base.category(origin.front()).value() : kNone;
            p->phase[i] = origin.empty() ? Phase::Unknown : base.phase(origin.front());
            const std::int32_t step = g.stepOfStart(item);
            p->step[i] = step < 0 ? -1 : static_cast<std::int32_t>(g.steps()[static_cast<std::size_t>(step)].number);
            const CommCost* comm = g.comm(item);
            p->bytes[i] = comm ? std::max<std::int64_t>(comm->bytes, 0) : one && hasBytes[origin.front().value()] ? base.bytes(origin.front()) : 0;
            p->commAt[i] = one ? arguments.commAt[origin.front().value()] : kNone;
            p->shapeAt[i] = one ? arguments.shapeAt[origin.front().value()] : kNone;
        }
    };
    const std::size_t blocks = oneThread ? 1 : blockCount(n);
    parallelForBlocks(n, blocks, fill);
    groupByTrack(g, blocks, p->trackStart, p->trackItems);
    return p;
}

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
    std::vector<std::shared_ptr<const Prepared>> prepared;
    for (const Layer& l : layers) {
        if (l.prepared && l.prepared->graph != l.graph)
            return Status::error(ErrorCode::InvalidArgument, {}, -1, "a replay comes with the preparation of another");
        prepared.push_back(l.prepared ? l.prepared : prepare(*l.graph));
    }
    Result result;
    TraceData data;
    data.format = "replay";
    StringMap strings(base, layers, data.strings);
    strings.text(""); // id 0: the empty string
    const std::vector<LayerTrack> tracks = layerTracks(layers, prepared);
    if (cancel && cancel->isCancelled())
        return Status::error(ErrorCode::Cancelled, {}, -1, "cancelled");
    describeRanks(layers, tracks, strings, data, result);
    fillOps(layers, prepared, tracks, strings, data, result);
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
