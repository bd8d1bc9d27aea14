#include "core/import/rankfinalizer.h"

#include "core/base/checkedmath.h"
#include "core/base/hugepages.h"
#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/import/rankpart.h"
#include "core/import/stepcursor.h"
#include "core/model/intervalindex.h"
#include "core/model/opclassifier.h"
#include "core/model/stepdetector.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <unordered_map>


namespace sightline {

namespace {

constexpr std::uint32_t kNone = StringId::kInvalid;

template <class T>
void permute(std::vector<T>& column, const std::vector<std::uint32_t>& order)
{
    // A column that holds one value throughout (no op of the file had bytes, say) is its own
    // permutation: a read in order is cheaper than a gather.
    if (std::adjacent_find(column.begin(), column.end(), std::not_equal_to<T>()) == column.end())
        return;
    std::vector<T> out = hugeVector<T>(order.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        out[i] = column[order[i]];
    column = std::move(out);
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.substr(0, prefix.size()) == prefix;
}

// The order of a part's finished links: by source, target, kind. A closure rather than a function, so
// that the sorts of millions of links inline it.
constexpr auto linkBefore = [](const Link& a, const Link& b) {
    if (a.from != b.from)
        return a.from < b.from;
    if (a.to != b.to)
        return a.to < b.to;
    return a.kind < b.kind;
};

// Sorts [first, last) stably, with the result of std::stable_sort, in about linear time when all but a
// few elements are in order already: the usual case here (a writer emits a step marker after the ops
// it encloses, a second stream's launches follow the first's, flow ends follow their starts). The
// elements that break the order are taken out greedily, sorted on their own and merged back. An
// element taken out is less than some kept element before it, so all kept elements equal to it came
// before it too, and a stable merge keeps equal elements in their original order. Too many out of
// place and it sorts the whole range instead.
template <class It, class Less>
void sortMostlySorted(It first, It last, Less less)
{
    using T = typename std::iterator_traits<It>::value_type;
    const auto n = static_cast<std::size_t>(last - first);
    if (n < 2)
        return;
    std::vector<T> rest;
    It kept = first;
    for (It it = first + 1; it != last; ++it) {
        if (less(*it, *kept)) {
            if (rest.size() >= n / 4) {
                std::stable_sort(first, last, less);
                return;
            }
            rest.push_back(*it);
        } else {
            kept = it;
        }
    }
    if (rest.empty())
        return;
    // Same greedy walk again, now compacting the kept elements to the front.
    It out = first + 1;
    for (It it = first + 1; it != last; ++it) {
        if (!less(*it, *(out - 1)))
            *out++ = std::move(*it);
    }
    std::stable_sort(rest.begin(), rest.end(), less);
    std::move(rest.begin(), rest.end(), out);
    std::inplace_merge(first, out, last, less);
}

// The first index in [0, n) whose element is not `before`, for a predicate that holds on a prefix:
// std::partition_point, searched outwards from hint in doubling steps, so that the cost grows with the
// distance from the hint rather than with n. Flow points come in time order per track, so the last
// answer on a track is a close hint for the next.
template <class Before>
std::size_t partitionFrom(const TimeNs* a, std::size_t n, std::size_t hint, Before before)
{
    hint = std::min(hint, n);
    std::size_t lo = 0;
    std::size_t hi = 0;
    std::size_t step = 1;
    if (hint < n && before(a[hint])) {
        // The answer is past hint: probe forwards until an element is not before.
        lo = hint + 1;
        for (;;) {
            hi = lo + step - 1;
            if (hi >= n) {
                hi = n;
                break;
            }
            if (!before(a[hi]))
                break;
            lo = hi + 1;
            step *= 2;
        }
    } else {
        // The answer is at hint or before it: probe backwards until an element is before.
        hi = hint;
        for (;;) {
            if (hi < step) {
                lo = 0;
                break;
            }
            lo = hi - step;
            if (before(a[lo])) {
                ++lo;
                break;
            }
            hi = lo;
            step *= 2;
        }
    }
    return static_cast<std::size_t>(std::partition_point(a + lo, a + hi, before) - a);
}

class Finalizer {
public:
    Finalizer(RankPart& part, RankFinalizer::Steps steps)
        : p(part)
        , m_steps(steps)
    {
    }

    void run()
    {
        applyBaseTime();
        markGpuTracks();
        classify();
        orderTracksAndOps();
        // Two independent chains on the ordered ops, side by side: the interval indexes and the flow
        // points bound with them, and the parents and correlation links.
        parallelFor(2, [this](std::size_t chain) {
            if (chain == 0) {
                buildIndexes();
                bindFlows();
            } else {
                computeParents();
                linkCorrelations();
            }
        });
        linkFlows();
        dedupeLinks();
        propagateCommArgs();
        findSteps();
        linkSequenceNumbers();
        assignPhases();
        p.correlation.clear();
        p.correlation.shrink_to_fit();
        p.track.shrink_to_fit();
    }

private:
    struct Range {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
        int level = -1;
        std::size_t indexFirst = 0; // where the range's interval index starts in m_maxEnd
    };

    void applyBaseTime();
    void markGpuTracks();
    void classify();
    void orderTracksAndOps();
    void dropImpossibleShapes();
    void buildIndexes();
    void computeParents();
    void linkCorrelations();
    void bindFlows();
    void linkFlows();
    void dedupeLinks();
    void propagateCommArgs();
    void findSteps();
    void linkSequenceNumbers();
    void assignPhases();
    std::uint32_t bindFlowPoint(const RankPart::FlowPoint& point, std::size_t& hint) const;
    bool isGpu(std::uint32_t op) const { return p.tracks[p.track[op]].gpu; }

    RankPart& p;
    const RankFinalizer::Steps m_steps;
    std::vector<Range> m_ranges;
    std::vector<TimeNs> m_maxEnd;
    std::vector<std::uint32_t> m_parent;
    std::vector<std::uint32_t> m_launcher; // GPU op -> runtime op that launched it
    std::size_t m_flowLinksFirst = 0; // where the links made from flow events begin
    bool m_hasForwardBackwardFlows = false;
};

void Finalizer::applyBaseTime()
{
    if (!p.hasBaseTime || p.baseTimeNs == 0)
        return;
    // The base applies to every time of the file or to none: first make sure that every shifted time
    // stays within the range of a trace, so that no time is left relative while others are absolute.
    const TimeNs base = p.baseTimeNs;
    TimeNs lo = 0, hi = 0;
    bool any = false;
    auto extend = [&](TimeNs t) {
        lo = any ? std::min(lo, t) : t;
        hi = any ? std::max(hi, t) : t;
        any = true;
    };
    for (std::size_t i = 0; i < p.start.size(); ++i) {
        extend(p.start[i]);
        extend(p.end[i]);
    }
    for (const auto& f : p.flows)
        extend(f.time);
    for (const auto& c : p.counters)
        extend(c.time);
    TimeNs shiftedLo = 0, shiftedHi = 0;
    if (any && (!CheckedMath::add(lo, base, shiftedLo) || !CheckedMath::add(hi, base, shiftedHi)
                   || !CheckedMath::isTimeInRange(shiftedLo) || !CheckedMath::isTimeInRange(shiftedHi))) {
        p.warn(ErrorCode::ValueOutOfRange, -1,
            Message(SL_TEXT("Core",
                "baseTimeNanoseconds would move times more than 2^62 ns (146 years) from zero; times are kept relative "
                "to it")));
        return;
    }
    // The columns are independent: shift them on all cores.
    parallelFor(3, [&](std::size_t column) {
        if (column == 0) {
            for (TimeNs& t : p.start)
                t += base;
        } else if (column == 1) {
            for (TimeNs& t : p.end)
                t += base;
        } else {
            for (auto& f : p.flows)
                f.time += base;
            for (auto& c : p.counters)
                c.time += base;
        }
    });
}

void Finalizer::markGpuTracks()
{
    // A process labelled "GPU N" holds the streams of device N.
    std::set<std::pair<std::int64_t, std::uint32_t>> gpuProcesses;
    for (const auto& [key, label] : p.processLabels) {
        if (startsWith(p.strings.view(label), "GPU"))
            gpuProcesses.emplace(key.pid, key.pidString);
    }
    for (auto& t : p.tracks) {
        if (!gpuProcesses.empty() && gpuProcesses.count({ t.key.pid, t.key.pidString }))
            t.gpu = true;
        if (t.gpu && t.key.pidString == kNone && t.key.pid >= 0 && t.key.pid < 1024)
            t.device = static_cast<std::int32_t>(t.key.pid);
    }
}

void Finalizer::classify()
{
    const std::size_t n = p.opCount();
    p.kind.resize(n);
    // Category and name repeat heavily; cache the decision per (category, name, gpu), with a small
    // direct-mapped table in front of the map that answers most ops without hashing into it.
    std::unordered_map<std::uint64_t, OpKind> cache;
    struct Recent {
        std::uint64_t key = 0;
        bool valid = false;
        OpKind kind {};
    };
    std::vector<Recent> recent(1024);
    for (std::size_t i = 0; i < n; ++i) {
        const bool gpu = isGpu(static_cast<std::uint32_t>(i));
        const std::uint64_t key = (static_cast<std::uint64_t>(p.category[i]) << 33) | (static_cast<std::uint64_t>(p.name[i]) << 1) | gpu;
        Recent& r = recent[(key * 0x9E3779B97F4A7C15ull) >> 54];
        if (!r.valid || r.key != key) {
            auto it = cache.find(key);
            if (it == cache.end())
                it = cache.emplace(key, OpClassifier::classify(p.strings.view(StringId(p.category[i])), p.strings.view(StringId(p.name[i])), gpu)).first;
            r = Recent { key, true, it->second };
        }
        p.kind[i] = r.kind;
    }
    // Track kinds: GPU streams that carry only communication are communication channels.
    std::vector<std::uint32_t> ops(p.tracks.size(), 0), comm(p.tracks.size(), 0);
    for (std::size_t i = 0; i < n; ++i) {
        ++ops[p.track[i]];
        comm[p.track[i]] += isCommunication(p.kind[i]);
    }
    for (std::size_t t = 0; t < p.tracks.size(); ++t) {
        auto& track = p.tracks[t];
        if (track.gpu)
            track.kind = ops[t] > 0 && comm[t] * 2 > ops[t] ? TrackKind::CommChannel : TrackKind::GpuStream;
        else if (track.key.pidString == kNone && track.key.tidString == kNone)
            track.kind = TrackKind::CpuThread;
        else
            track.kind = TrackKind::Other;
    }
}

void Finalizer::orderTracksAndOps()
{
    const std::size_t n = p.opCount();
    std::vector<std::uint32_t> perTrack(p.tracks.size(), 0);
    for (std::size_t i = 0; i < n; ++i)
        ++perTrack[p.track[i]];
    // Keep tracks with ops; CPU threads first, then GPU streams by device, then the rest.
    std::vector<std::uint32_t> trackOrder;
    for (std::uint32_t t = 0; t < p.tracks.size(); ++t) {
        if (perTrack[t] > 0)
            trackOrder.push_back(t);
    }
    auto group = [](TrackKind k) { return k == TrackKind::CpuThread ? 0 : (k == TrackKind::Other ? 2 : 1); };
    std::stable_sort(trackOrder.begin(), trackOrder.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto& ta = p.tracks[a];
        const auto& tb = p.tracks[b];
        if (group(ta.kind) != group(tb.kind))
            return group(ta.kind) < group(tb.kind);
        if (ta.key.pid != tb.key.pid)
            return ta.key.pid < tb.key.pid;
        const std::int64_t sa = ta.sortIndexSet ? ta.sortIndex : ta.key.tid;
        const std::int64_t sb = tb.sortIndexSet ? tb.sortIndex : tb.key.tid;
        if (sa != sb)
            return sa < sb;
        return ta.key.tid < tb.key.tid;
    });
    std::vector<std::uint32_t> newTrack(p.tracks.size(), kNone);
    std::vector<RankPart::Track> tracks;
    for (std::uint32_t i = 0; i < trackOrder.size(); ++i) {
        newTrack[trackOrder[i]] = i;
        tracks.push_back(p.tracks[trackOrder[i]]);
    }
    // Counting sort by track, then sort each track by (start, longer first, file order).
    std::vector<std::uint32_t> offsets(tracks.size() + 1, 0);
    for (std::size_t t = 0; t < tracks.size(); ++t)
        offsets[t + 1] = offsets[t] + perTrack[trackOrder[t]];
    m_ranges.resize(tracks.size());
    for (std::size_t t = 0; t < tracks.size(); ++t)
        m_ranges[t] = Range { offsets[t], offsets[t + 1] - offsets[t], -1 };
    std::vector<std::uint32_t> order = hugeVector<std::uint32_t>(n);
    {
        std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
        for (std::uint32_t i = 0; i < n; ++i)
            order[cursor[newTrack[p.track[i]]]++] = i;
    }
    auto before = [this](std::uint32_t a, std::uint32_t b) {
        if (p.start[a] != p.start[b])
            return p.start[a] < p.start[b];
        if (p.end[a] != p.end[b])
            return p.end[a] > p.end[b];
        return a < b;
    };
    parallelFor(m_ranges.size(), [&](std::size_t t) {
        auto first = order.begin() + m_ranges[t].first;
        sortMostlySorted(first, first + m_ranges[t].count, before);
    });
    parallelFor(7, [&](std::size_t column) {
        switch (column) {
        case 0: permute(p.start, order); break;
        case 1: permute(p.end, order); break;
        case 2: permute(p.name, order); break;
        case 3: permute(p.category, order); break;
        case 4: permute(p.bytes, order); break;
        case 5: permute(p.correlation, order); break;
        default: permute(p.kind, order); break;
        }
    });
    std::vector<std::uint32_t> inverse = hugeVector<std::uint32_t>(n);
    parallelFor(2, [&](std::size_t half) {
        if (half == 0) {
            for (std::uint32_t i = 0; i < n; ++i)
                inverse[order[i]] = i;
        } else {
            for (std::size_t t = 0; t < m_ranges.size(); ++t)
                std::fill_n(p.track.begin() + m_ranges[t].first, m_ranges[t].count, static_cast<std::uint32_t>(t));
        }
    });
    auto remapSparse = [&](auto& table) {
        for (auto& e : table)
            e.first = inverse[e.first];
        sortMostlySorted(table.begin(), table.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        table.erase(std::unique(table.begin(), table.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
            table.end());
    };
    remapSparse(p.commArgs);
    remapSparse(p.shapes);
    remapSparse(p.memory);
    remapSparse(p.streamWaits);
    remapSparse(p.declaredSteps);
    remapSparse(p.argNames);
    // Grouped by number later, so neither sorted nor deduplicated here (one entry per op already).
    for (auto& e : p.sequences)
        e.first = inverse[e.first];
    dropImpossibleShapes();
    // Flow points on tracks without ops cannot bind to anything.
    std::int64_t unbound = 0;
    std::int64_t firstOffset = -1;
    // Filtered in place: flow points are many, and a second array of them costs its pages.
    std::size_t kept = 0;
    for (std::size_t k = 0; k < p.flows.size(); ++k) {
        RankPart::FlowPoint& f = p.flows[k];
        if (newTrack[f.track] == kNone) {
            if (unbound++ == 0)
                firstOffset = f.byteOffset;
            continue;
        }
        f.track = newTrack[f.track];
        p.flows[kept++] = f;
    }
    p.flows.resize(kept);
    if (unbound > 0)
        p.warn(ErrorCode::UnmatchedEvent, firstOffset,
            Message(SL_TEXT("Core", "flow events on a track without slices; ignored")), unbound);
    p.tracks = std::move(tracks);
}

namespace {

// Whether every tensor of a shape list ("[[64,1024],[],[3]]", or with tensor lists nested one level
// deeper: "[[[64,1024],[64,1024]],[]]") has whole, non-negative dimensions whose product, in bytes of
// the widest type, stays below 2^62: what a real tensor has, and what sums of tensor sizes need to stay
// representable. Each innermost list is one tensor. Text that is not such a list is left alone.
bool isPossibleShape(std::string_view dims)
{
    constexpr std::int64_t kLimit = std::int64_t(1) << 59; // elements; times 8 bytes stays below 2^62
    std::int64_t elements = 1;
    std::int64_t value = 0;
    bool inNumber = false;
    for (const char c : dims) {
        if (c >= '0' && c <= '9') {
            if (value > kLimit / 10)
                return false;
            value = value * 10 + (c - '0');
            inNumber = true;
            continue;
        }
        if (inNumber) {
            if (value > 0 && elements > kLimit / value)
                return false;
            elements *= value;
            value = 0;
            inNumber = false;
        }
        if (c == '-' || c == '.' || c == 'e' || c == 'E')
            return false;
        if (c == '[')
            elements = 1;
    }
    return true;
}

} // namespace

void Finalizer::dropImpossibleShapes()
{
    // Shapes repeat from op to op: each distinct text is judged once.
    std::unordered_map<std::uint32_t, bool> possible;
    std::int64_t dropped = 0;
    std::size_t kept = 0;
    for (std::size_t k = 0; k < p.shapes.size(); ++k) {
        const StringId dims = p.shapes[k].second.dims;
        auto [it, fresh] = possible.try_emplace(dims.value(), true);
        if (fresh)
            it->second = isPossibleShape(p.strings.view(dims));
        if (it->second)
            p.shapes[kept++] = p.shapes[k];
        else
            ++dropped;
    }
    p.shapes.resize(kept);
    if (dropped > 0)
        p.warn(ErrorCode::ValueOutOfRange, -1,
            Message(SL_TEXT("Core",
                "input shapes with a negative, fractional or too large dimension (a tensor of 2^62 bytes or more); "
                "ignored")),
            dropped);
}

void Finalizer::buildIndexes()
{
    std::size_t size = 0;
    for (Range& r : m_ranges) {
        r.indexFirst = size;
        size += IntervalIndex::storageSize(r.count);
    }
    m_maxEnd = hugeVector<TimeNs>(size);
    for (Range& r : m_ranges)
        r.level = IntervalIndex::build(p.start.data() + r.first, p.end.data() + r.first, m_maxEnd.data() + r.indexFirst, r.count);
}

void Finalizer::computeParents()
{
    // Ops are sorted by start with longer ops first on ties, so a stack sweep finds each op's
    // innermost enclosing op on the same track.
    m_parent = hugeVector<std::uint32_t>(p.opCount(), kNone);
    std::vector<std::uint32_t> stack;
    for (const Range& r : m_ranges) {
        stack.clear();
        for (std::uint32_t i = r.first; i < r.first + r.count; ++i) {
            while (!stack.empty() && p.end[stack.back()] <= p.start[i])
                stack.pop_back();
            if (!stack.empty() && p.end[i] <= p.end[stack.back()])
                m_parent[i] = stack.back();
            stack.push_back(i);
        }
    }
}

void Finalizer::linkCorrelations()
{
    const std::size_t n = p.opCount();
    // The first CPU op of each correlation id launched the GPU ops that carry it. Writers count the ids
    // up from small numbers: index them directly when they are that dense, else hash them.
    std::int64_t maxCorrelation = -1;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (p.correlation[i] > maxCorrelation && !isGpu(i))
            maxCorrelation = p.correlation[i];
    }
    std::vector<std::uint32_t> byId;
    std::unordered_map<std::int64_t, std::uint32_t> byHash;
    const bool dense = maxCorrelation < static_cast<std::int64_t>(2 * n + 1024);
    if (dense)
        byId.assign(static_cast<std::size_t>(maxCorrelation + 1), kNone);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::int64_t c = p.correlation[i];
        if (c < 0 || isGpu(i))
            continue;
        if (!dense)
            byHash.emplace(c, i);
        else if (byId[static_cast<std::size_t>(c)] == kNone)
            byId[static_cast<std::size_t>(c)] = i;
    }
    auto launcherOf = [&](std::int64_t c) {
        if (dense)
            return c <= maxCorrelation ? byId[static_cast<std::size_t>(c)] : kNone;
        auto it = byHash.find(c);
        return it == byHash.end() ? kNone : it->second;
    };
    m_launcher = hugeVector<std::uint32_t>(n, kNone);
    for (std::uint32_t i = 0; i < n; ++i) {
        if (p.correlation[i] < 0 || !isGpu(i))
            continue;
        const std::uint32_t launcher = launcherOf(p.correlation[i]);
        if (launcher == kNone)
            continue;
        m_launcher[i] = launcher;
        p.links.push_back(Link { OpId(launcher), OpId(i), LinkKind::Launch });
    }
    // A wait for an event waits for the last op issued to the recording stream before the
    // cudaEventRecord call; correlation ids count up in issue order.
    std::unordered_map<std::uint32_t, std::vector<std::pair<std::int64_t, std::uint32_t>>> issued; // track -> (correlation, op)
    std::vector<bool> isWait(p.streamWaits.empty() ? 0 : n, false);
    for (const auto& w : p.streamWaits)
        isWait[w.first] = true;
    std::int64_t backwardWaits = 0;
    // The GPU track of each (process, stream): a wait names the stream it waits on by its number.
    std::map<std::tuple<std::int64_t, std::uint32_t, std::int64_t>, std::uint32_t> gpuTrackOf;
    if (!p.streamWaits.empty()) {
        for (std::uint32_t t = 0; t < m_ranges.size(); ++t) {
            const RankPart::Track& track = p.tracks[t];
            if (track.gpu && track.key.tidString == kNone)
                gpuTrackOf.emplace(std::make_tuple(track.key.pid, track.key.pidString, track.key.tid), t);
        }
    }
    for (const auto& [op, wait] : p.streamWaits) {
        if (!isGpu(op))
            continue;
        const RankPart::TrackKey& key = p.tracks[p.track[op]].key;
        const auto found = gpuTrackOf.find(std::make_tuple(key.pid, key.pidString, wait.stream));
        if (found != gpuTrackOf.end()) {
            const std::uint32_t t = found->second;
            auto [it, fresh] = issued.try_emplace(t);
            if (fresh) {
                for (std::uint32_t i = m_ranges[t].first; i < m_ranges[t].first + m_ranges[t].count; ++i) {
                    if (p.correlation[i] >= 0 && !isWait[i])
                        it->second.emplace_back(p.correlation[i], i);
                }
                std::sort(it->second.begin(), it->second.end());
            }
            const auto& list = it->second;
            const auto after = std::lower_bound(list.begin(), list.end(), std::make_pair(wait.recordCorrelation, std::uint32_t(0)));
            if (after == list.begin() || std::prev(after)->second == op)
                continue;
            // The op awaited must have started before the wait (a record the trace does not hold, or one
            // made later, names another op): else the two would wait for each other.
            const std::uint32_t awaited = std::prev(after)->second;
            if (p.start[awaited] < p.start[op] || (p.start[awaited] == p.start[op] && awaited < op))
                p.links.push_back(Link { OpId(awaited), OpId(op), LinkKind::StreamWait });
            else
                ++backwardWaits;
        }
    }
    if (backwardWaits > 0)
        p.warn(ErrorCode::UnmatchedEvent, -1,
            Message(SL_TEXT("Core",
                "stream waits whose recorded op starts after the wait (a record the trace does not hold, or a later "
                "one); ignored")),
            backwardWaits);
    p.streamWaits.clear();
    p.streamWaits.shrink_to_fit();
}

std::uint32_t Finalizer::bindFlowPoint(const RankPart::FlowPoint& point, std::size_t& hint) const
{
    const Range& r = m_ranges[point.track];
    const TimeNs* start = p.start.data() + r.first;
    const TimeNs* end = p.end.data() + r.first;
    if (point.bindEnclosing) {
        // Innermost slice containing the point: the latest start among those overlapping [t, t+1).
        // The last op starting at or before t is that slice whenever it contains t (ties on start
        // sort longer first, so the last is the innermost): the usual case, one search.
        hint = partitionFrom(start, r.count, hint, [&point](TimeNs s) { return s <= point.time; });
        const TimeNs* after = start + hint;
        if (after != start) {
            const std::size_t i = static_cast<std::size_t>(after - start) - 1;
            if (IntervalIndex::effectiveEnd(start[i], end[i]) > point.time)
                return r.first + static_cast<std::uint32_t>(i);
        }
        std::uint32_t best = kNone;
        IntervalIndex::query(start, end, m_maxEnd.data() + r.indexFirst, r.count, r.level, point.time, point.time + 1,
            [&](std::size_t i) {
                const auto op = static_cast<std::uint32_t>(r.first + i);
                if (best == kNone || p.start[op] > p.start[best]
                    || (p.start[op] == p.start[best] && p.end[op] < p.end[best]))
                    best = op;
            });
        return best;
    }
    // Next slice that begins at or after the point.
    hint = partitionFrom(start, r.count, hint, [&point](TimeNs s) { return s < point.time; });
    const TimeNs* it = start + hint;
    if (it == start + r.count)
        return kNone;
    return r.first + static_cast<std::uint32_t>(it - start);
}

void Finalizer::bindFlows()
{
    // Binding is a search per point on immutable columns: do it on all cores.
    constexpr std::size_t kBlock = 1u << 14;
    parallelFor((p.flows.size() + kBlock - 1) / kBlock, [&](std::size_t b) {
        const std::size_t last = std::min(p.flows.size(), (b + 1) * kBlock);
        std::vector<std::size_t> hints(m_ranges.size(), 0); // per track: where the last search ended
        for (std::size_t k = b * kBlock; k < last; ++k)
            p.flows[k].boundOp = bindFlowPoint(p.flows[k], hints[p.flows[k].track]);
    });
}

void Finalizer::linkFlows()
{
    m_flowLinksFirst = p.links.size();
    auto phaseOrder = [](char ph) { return ph == 's' ? 0 : (ph == 't' ? 1 : 2); };
    sortMostlySorted(p.flows.begin(), p.flows.end(), [&](const RankPart::FlowPoint& a, const RankPart::FlowPoint& b) {
        if (a.category != b.category)
            return a.category < b.category;
        if (a.id != b.id)
            return a.id < b.id;
        if (phaseOrder(a.phase) != phaseOrder(b.phase))
            return phaseOrder(a.phase) < phaseOrder(b.phase);
        return a.time < b.time;
    });
    std::int64_t unbound = 0;
    std::int64_t firstUnbound = -1;
    std::int64_t dangling = 0;
    std::int64_t firstDangling = -1;
    std::int64_t misdirected = 0;
    std::int64_t firstMisdirected = -1;
    std::int64_t backwards = 0;
    std::int64_t firstBackwards = -1;
    std::int64_t selfLoops = 0;
    std::int64_t firstSelfLoop = -1;
    StringId kindCategory;
    LinkKind kind = LinkKind::Flow;
    for (std::size_t i = 0; i < p.flows.size();) {
        std::size_t j = i;
        while (j < p.flows.size() && p.flows[j].category == p.flows[i].category && p.flows[j].id == p.flows[i].id)
            ++j;
        // Flows come grouped by category, so the kind is worked out again only when it changes.
        if (p.flows[i].category != kindCategory) {
            kindCategory = p.flows[i].category;
            const std::string_view cat = p.strings.view(kindCategory);
            kind = cat == "fwdbwd" ? LinkKind::ForwardBackward
                : (cat == "ac2g" || cat == "async") ? LinkKind::Launch
                                                    : LinkKind::Flow;
            m_hasForwardBackwardFlows = m_hasForwardBackwardFlows || kind == LinkKind::ForwardBackward;
        }
        std::uint32_t previous = kNone;
        std::size_t bound = 0;
        for (std::size_t k = i; k < j; ++k) {
            const std::uint32_t op = p.flows[k].boundOp;
            if (op == kNone) {
                if (unbound++ == 0)
                    firstUnbound = p.flows[k].byteOffset;
                continue;
            }
            ++bound;
            if (previous == op) {
                if (selfLoops++ == 0)
                    firstSelfLoop = p.flows[k].byteOffset;
            } else if (previous != kNone) {
                // A recorded dependency that cannot be one would make the ops wait for each other in a
                // cycle: a launch flow must lead from a host call to a device op, and no flow may lead to
                // an op that starts before its source (ops starting together: in op order).
                if (kind == LinkKind::Launch && (isGpu(previous) || !isGpu(op))) {
                    if (misdirected++ == 0)
                        firstMisdirected = p.flows[k].byteOffset;
                } else if (p.start[op] < p.start[previous] || (p.start[op] == p.start[previous] && op < previous)) {
                    if (backwards++ == 0)
                        firstBackwards = p.flows[k].byteOffset;
                } else {
                    p.links.push_back(Link { OpId(previous), OpId(op), kind });
                }
            }
            previous = op;
        }
        if (bound == 1) {
            if (dangling++ == 0)
                firstDangling = p.flows[i].byteOffset;
        }
        i = j;
    }
    if (unbound > 0)
        p.warn(ErrorCode::UnmatchedEvent, firstUnbound,
            Message(SL_TEXT("Core", "flow events with no slice to bind to; ignored")), unbound);
    if (dangling > 0)
        p.warn(ErrorCode::UnmatchedEvent, firstDangling,
            Message(SL_TEXT("Core", "flows with only one end in the trace; ignored")), dangling);
    if (misdirected > 0)
        p.warn(ErrorCode::UnmatchedEvent, firstMisdirected,
            Message(SL_TEXT("Core", "launch flows (ac2g) that do not lead from a host call to a device op; ignored")),
            misdirected);
    if (backwards > 0)
        p.warn(ErrorCode::UnmatchedEvent, firstBackwards,
            Message(SL_TEXT("Core", "flows that lead to an op starting before their source; ignored")), backwards);
    if (selfLoops > 0)
        p.warn(ErrorCode::UnmatchedEvent, firstSelfLoop,
            Message(SL_TEXT("Core", "flows that lead from an op to itself; ignored")), selfLoops);
    p.flows.clear();
    p.flows.shrink_to_fit();
}

void Finalizer::dedupeLinks()
{
    // ac2g flows repeat what correlation ids already say: keep one link per (from, to, kind).
    // Links arrive in two runs, each nearly sorted: launches and waits in op order, then flows in id
    // order. Sorting each stably and merging them stably gives what one stable sort would.
    const auto before = linkBefore;
    const auto flowLinks = p.links.begin() + static_cast<std::ptrdiff_t>(m_flowLinksFirst);
    sortMostlySorted(p.links.begin(), flowLinks, before);
    sortMostlySorted(flowLinks, p.links.end(), before);
    std::inplace_merge(p.links.begin(), flowLinks, p.links.end(), before);
    p.links.erase(std::unique(p.links.begin(), p.links.end(),
                      [](const Link& a, const Link& b) { return a.from == b.from && a.to == b.to && a.kind == b.kind; }),
        p.links.end());
    p.links.shrink_to_fit();
}

void Finalizer::propagateCommArgs()
{
    const std::size_t n = p.opCount();
    // Both tables are sorted by op with one entry per op (orderTracksAndOps): look ops up by bisection.
    auto find = [](const auto& table, std::uint32_t op) {
        auto it = std::lower_bound(table.begin(), table.end(), op, [](const auto& e, std::uint32_t o) { return e.first < o; });
        return it != table.end() && it->first == op ? &it->second : nullptr;
    };

    auto merge = [](CommArgs& into, const CommArgs& from) {
        if (from.collective.value() != 0 && from.collective.isValid() && (!into.collective.isValid() || into.collective.value() == 0))
            into.collective = from.collective;
        if (from.processGroup.isValid() && from.processGroup.value() != 0 && (!into.processGroup.isValid() || into.processGroup.value() == 0))
            into.processGroup = from.processGroup;
        if (from.groupRanks.isValid() && from.groupRanks.value() != 0 && (!into.groupRanks.isValid() || into.groupRanks.value() == 0))
            into.groupRanks = from.groupRanks;
        if (from.dtype.isValid() && from.dtype.value() != 0 && (!into.dtype.isValid() || into.dtype.value() == 0))
            into.dtype = from.dtype;
        if (into.inNelems < 0)
            into.inNelems = from.inNelems;
        if (into.outNelems < 0)
            into.outNelems = from.outNelems;
        if (into.groupSize < 0)
            into.groupSize = from.groupSize;
    };
    // Collective names found in args are normalised once.
    auto normalised = [this](StringId raw) {
        if (!raw.isValid() || raw.value() == 0)
            return StringId(0);
        return p.strings.intern(OpClassifier::normalizeCollective(p.strings.view(raw)));
    };
    // Message and tensor sizes that do not fit an int64 of bytes.
    std::int64_t oversized = 0;
    // Bytes of the first tensor with known dims, from recorded shapes.
    auto shapeBytes = [this, &find, &oversized](std::uint32_t op) -> std::int64_t {
        const ShapeArgs* shape = find(p.shapes, op);
        if (!shape)
            return -1;
        std::string_view dims = p.strings.view(shape->dims);
        std::string_view types = p.strings.view(shape->types);
        // dims looks like [[a,b],[],[c]]; types like ["float","",...]. Walk both in step.
        std::size_t tensor = 0;
        std::size_t pos = 1;
        while (pos < dims.size() && dims[pos] == '[') {
            const std::size_t close = dims.find(']', pos);
            if (close == std::string_view::npos)
                return -1;
            std::string_view inner = dims.substr(pos + 1, close - pos - 1);
            if (!inner.empty()) {
                // Sizes beyond int64 (30-digit dimensions) are not sizes of a real tensor: unknown.
                bool overflow = false;
                std::int64_t elements = 1;
                std::size_t q = 0;
                while (q <= inner.size()) {
                    const std::size_t comma = std::min(inner.find(',', q), inner.size());
                    std::int64_t v = 0;
                    for (char c : inner.substr(q, comma - q)) {
                        if (c >= '0' && c <= '9')
                            v = CheckedMath::saturatingAdd(CheckedMath::saturatingMul(v, 10, &overflow), c - '0', &overflow);
                    }
                    elements = CheckedMath::saturatingMul(elements, v, &overflow);
                    q = comma + 1;
                }
                // The tensor's dtype is the tensor-th quoted string of types.
                std::size_t tq = 0;
                std::string_view dtype;
                for (std::size_t k = 0; k <= tensor; ++k) {
                    const std::size_t a = types.find('"', tq);
                    const std::size_t b = a == std::string_view::npos ? a : types.find('"', a + 1);
                    if (b == std::string_view::npos)
                        break;
                    dtype = types.substr(a + 1, b - a - 1);
                    tq = b + 1;
                }
                const int size = OpClassifier::dtypeBytes(dtype);
                const std::int64_t bytes = CheckedMath::saturatingMul(elements, size > 0 ? size : 4, &overflow);
                if (overflow) {
                    ++oversized;
                    return -1;
                }
                return bytes;
            }
            ++tensor;
            pos = close + 2;
        }
        return -1;
    };

    // Group CPU-side communication ops by their outermost communication ancestor.
    std::vector<std::uint32_t> root(n, kNone);
    std::unordered_map<std::uint32_t, CommArgs> groupArgs;
    std::unordered_map<std::uint32_t, std::int64_t> groupBytes;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (isGpu(i) || !isCommunication(p.kind[i]))
            continue;
        const std::uint32_t parent = m_parent[i];
        root[i] = parent != kNone && root[parent] != kNone ? root[parent] : i;
        CommArgs& g = groupArgs[root[i]];
        if (const CommArgs* given = find(p.commArgs, i)) {
            CommArgs own = *given;
            own.collective = normalised(own.collective);
            merge(g, own);
        }
        const std::string name = OpClassifier::collectiveOfCpuOp(p.strings.view(StringId(p.name[i])));
        if (!name.empty() && (!g.collective.isValid() || g.collective.value() == 0))
            g.collective = p.strings.intern(name);
        const std::int64_t b = shapeBytes(i);
        if (b > 0 && groupBytes.find(root[i]) == groupBytes.end())
            groupBytes.emplace(root[i], b);
    }
    auto bytesOf = [&oversized](const CommArgs& a, std::string_view dtype) -> std::int64_t {
        const std::int64_t elems = std::max(a.inNelems, a.outNelems);
        if (elems < 0)
            return -1;
        const int size = OpClassifier::dtypeBytes(dtype);
        bool overflow = false;
        const std::int64_t bytes = CheckedMath::saturatingMul(elems, size > 0 ? size : 4, &overflow);
        if (overflow) {
            ++oversized;
            return -1;
        }
        return bytes;
    };

    std::vector<std::pair<std::uint32_t, CommArgs>> out;
    for (std::uint32_t i = 0; i < n; ++i) {
        if (!isCommunication(p.kind[i]))
            continue;
        CommArgs args;
        std::int64_t fallbackBytes = -1;
        if (isGpu(i)) {
            if (const CommArgs* given = find(p.commArgs, i)) {
                args = *given;
                args.collective = normalised(args.collective);
            }
            // The CPU call that launched the kernel knows what the kernel alone may not.
            for (std::uint32_t a = m_launcher[i]; a != kNone; a = m_parent[a]) {
                if (root[a] != kNone) {
                    merge(args, groupArgs[root[a]]);
                    auto gb = groupBytes.find(root[a]);
                    if (gb != groupBytes.end())
                        fallbackBytes = gb->second;
                    break;
                }
            }
            if (!args.collective.isValid() || args.collective.value() == 0) {
                const std::string k = OpClassifier::collectiveOfKernel(p.strings.view(StringId(p.name[i])));
                if (!k.empty())
                    args.collective = p.strings.intern(k);
            }
        } else {
            args = groupArgs[root[i]];
            if (!args.collective.isValid() || args.collective.value() == 0) {
                // A bare record_param_comms with no collective anywhere in its nest is bookkeeping
                // around communication, not a communication op we could match across ranks.
                p.kind[i] = OpKind::CpuOp;
                continue;
            }
            auto gb = groupBytes.find(root[i]);
            if (gb != groupBytes.end())
                fallbackBytes = gb->second;
        }
        if (!args.collective.isValid())
            args.collective = StringId(0);
        if (!args.processGroup.isValid())
            args.processGroup = StringId(0);
        if (!args.groupRanks.isValid())
            args.groupRanks = StringId(0);
        if (!args.dtype.isValid())
            args.dtype = StringId(0);
        if (args.collective.value() != 0)
            p.kind[i] = OpClassifier::commKind(p.strings.view(args.collective));
        const std::int64_t b = bytesOf(args, p.strings.view(args.dtype));
        if (b > 0)
            p.bytes[i] = b;
        else if (fallbackBytes > 0 && p.bytes[i] == 0)
            p.bytes[i] = fallbackBytes;
        out.emplace_back(i, args);
    }
    p.commArgs = std::move(out);
    if (oversized > 0)
        p.warn(ErrorCode::ValueOutOfRange, -1,
            Message(SL_TEXT("Core", "message or tensor sizes beyond 2^63 bytes; taken as unknown")), oversized);
}

void Finalizer::findSteps()
{
    const std::size_t n = p.opCount();
    if (m_steps == RankFinalizer::Steps::ByDialect) {
        p.steps.clear();
        p.stepMethod = StepMethod::None;
        p.step = hugeVector<std::int32_t>(n, -1);
        return;
    }
    struct Marker {
        std::int64_t number;
        std::uint32_t op;
    };
    std::vector<Marker> markers;
    const StringId gpuAnnotation = p.strings.find("gpu_user_annotation");
    // Names repeat and few are step markers: read each name once. Tracks are whole ranges of ops, so
    // GPU tracks are skipped as a whole.
    constexpr std::int64_t kNotRead = -2;
    std::vector<std::int64_t> numberOf(p.strings.size(), kNotRead);
    for (std::size_t t = 0; t < m_ranges.size(); ++t) {
        if (p.tracks[t].gpu)
            continue;
        for (std::uint32_t i = m_ranges[t].first; i < m_ranges[t].first + m_ranges[t].count; ++i) {
            if (gpuAnnotation.isValid() && p.category[i] == gpuAnnotation.value())
                continue;
            std::int64_t& number = numberOf[p.name[i]];
            if (number == kNotRead)
                number = OpClassifier::profilerStepNumber(p.strings.view(StringId(p.name[i])));
            if (number >= 0)
                markers.push_back(Marker { number, i });
        }
    }
    // One span per step number: keep the longest if a writer repeated it.
    std::sort(markers.begin(), markers.end(), [this](const Marker& a, const Marker& b) {
        if (a.number != b.number)
            return a.number < b.number;
        return p.end[a.op] - p.start[a.op] > p.end[b.op] - p.start[b.op];
    });
    // Said, not merged quietly: the ops of a dropped span fall in no step or in a neighbour's.
    std::size_t dropped = 0;
    std::int64_t firstRepeated = -1;
    for (std::size_t k = 1; k < markers.size(); ++k) {
        if (markers[k].number == markers[k - 1].number) {
            ++dropped;
            if (firstRepeated < 0)
                firstRepeated = markers[k].number;
        }
    }
    if (dropped > 0)
        p.warn(ErrorCode::UnsupportedEvent, -1,
            Message(SL_TEXT("Core",
                        "%1 step marker span(s) repeat the number of another (the first: ProfilerStep#%2); each number "
                        "keeps its longest span as the step, and the ops of the others count to no step or a "
                        "neighbouring one"),
                { dropped, firstRepeated }),
            static_cast<std::int64_t>(dropped));
    markers.erase(std::unique(markers.begin(), markers.end(), [](const Marker& a, const Marker& b) { return a.number == b.number; }),
        markers.end());
    if (!markers.empty()) {
        p.stepMethod = StepMethod::ProfilerStepMarkers;
        for (const Marker& m : markers)
            p.steps.push_back(StepSpan { RankId(), m.number, p.start[m.op], p.end[m.op], OpId(m.op) });
    } else {
        // No markers: the busiest GPU stream's kernel sequence, else the busiest thread's top-level ops.
        std::uint32_t bestTrack = kNone;
        std::uint32_t bestCount = 0;
        bool bestGpu = false;
        for (std::uint32_t t = 0; t < m_ranges.size(); ++t) {
            const bool gpu = p.tracks[t].gpu;
            if (!gpu && p.tracks[t].kind != TrackKind::CpuThread)
                continue;
            if ((gpu && !bestGpu) || ((gpu == bestGpu) && m_ranges[t].count > bestCount)) {
                bestTrack = t;
                bestCount = m_ranges[t].count;
                bestGpu = gpu;
            }
        }
        if (bestTrack != kNone) {
            std::vector<std::uint32_t> names;
            std::vector<TimeNs> starts, ends;
            const Range& r = m_ranges[bestTrack];
            for (std::uint32_t i = r.first; i < r.first + r.count; ++i) {
                if (m_parent[i] != kNone)
                    continue;
                names.push_back(p.name[i]);
                starts.push_back(p.start[i]);
                ends.push_back(p.end[i]);
            }
            const StepDetector::Result detected = StepDetector::detect(names, starts, ends);
            if (!detected.steps.empty()) {
                p.stepMethod = StepMethod::RepeatingStructure;
                std::int64_t number = 0;
                for (const auto& s : detected.steps)
                    p.steps.push_back(StepSpan { RankId(), number++, s.start, s.end, OpId() });
            }
        }
    }
    std::sort(p.steps.begin(), p.steps.end(), [](const StepSpan& a, const StepSpan& b) { return a.start < b.start; });

    p.step = hugeVector<std::int32_t>(n, -1);
    if (p.steps.empty())
        return;
    // Ops of a track come in start order. CPU ops first: GPU ops take the step of the op that launched
    // them.
    StepCursor cursor(p.steps);
    for (const bool gpu : { false, true }) {
        for (std::size_t t = 0; t < m_ranges.size(); ++t) {
            if (p.tracks[t].gpu != gpu)
                continue;
            cursor.restart();
            for (std::uint32_t i = m_ranges[t].first; i < m_ranges[t].first + m_ranges[t].count; ++i)
                p.step[i] = gpu && m_launcher[i] != kNone ? p.step[m_launcher[i]] : cursor.stepAt(p.start[i]);
        }
    }
}

void Finalizer::linkSequenceNumbers()
{
    std::vector<std::pair<std::uint32_t, RankPart::Sequence>> sequences;
    sequences.swap(p.sequences);
    // Flows say the pairs themselves; numbers stand in only where a trace has none (PyTorch before
    // 1.10 wrote no fwdbwd flows, but the numbers its profiler later drew them from).
    if (m_hasForwardBackwardFlows || sequences.empty())
        return;
    struct Mark {
        std::int32_t step;
        std::uint32_t number;
        std::uint32_t op;
        bool backward;
    };
    std::vector<Mark> marks;
    marks.reserve(sequences.size());
    for (const auto& [op, s] : sequences) {
        if (!isGpu(op))
            marks.push_back(Mark { p.step[op], s.number, op, s.forwardThread != 0 });
    }
    sequences = {};
    std::sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) {
        return a.step != b.step ? a.step < b.step : a.number < b.number;
    });
    // The op that starts last, the inner one of two that start together. PyTorch pairs the same way:
    // an op reads the number the next autograd node will take, so ops that create none (and the ops
    // enclosing the one that does) share it with that op, which starts after them. On the backward
    // side the node's own span nests in an evaluate_function span of the same number.
    auto later = [this](std::uint32_t a, std::uint32_t b) {
        if (p.start[a] != p.start[b])
            return p.start[a] > p.start[b];
        if (p.end[a] != p.end[b])
            return p.end[a] < p.end[b];
        return a > b;
    };
    const std::size_t linksBefore = p.links.size();
    for (std::size_t i = 0; i < marks.size();) {
        std::size_t j = i;
        std::uint32_t forward = kNone;
        std::uint32_t backward = kNone;
        bool oneThread = true;
        for (; j < marks.size() && marks[j].step == marks[i].step && marks[j].number == marks[i].number; ++j) {
            const std::uint32_t op = marks[j].op;
            if (marks[j].backward) {
                if (backward == kNone || later(op, backward))
                    backward = op;
                continue;
            }
            // Numbers count per forward thread: two threads with the same number in a step cannot be
            // told apart, as the node names its thread by an id the trace does not map to a track.
            oneThread = oneThread && (forward == kNone || p.track[op] == p.track[forward]);
            if (forward == kNone || later(op, forward))
                forward = op;
        }
        // As for flows: a backward that starts before its forward (starting together: in op order)
        // would make the two wait for each other.
        const bool ordered = forward != kNone && backward != kNone
            && (p.start[backward] > p.start[forward] || (p.start[backward] == p.start[forward] && backward > forward));
        if (oneThread && ordered)
            p.links.push_back(Link { OpId(forward), OpId(backward), LinkKind::ForwardBackward });
        i = j;
    }
    // The part's links are in order already; the new ones, in step order, are sorted and merged in.
    const auto added = p.links.begin() + static_cast<std::ptrdiff_t>(linksBefore);
    std::sort(added, p.links.end(), linkBefore);
    std::inplace_merge(p.links.begin(), added, p.links.end(), linkBefore);
    p.links.shrink_to_fit();
}

// An autograd node as traces without the engine's evaluate_function spans name it: CamelCase ending in
// "Backward" and an optional version number (CudnnConvolutionBackward, AddBackward0), or the gradient
// accumulation node.
bool isAutogradNode(std::string_view name)
{
    if (OpClassifier::isAccumulateGrad(name))
        return true;
    std::size_t end = name.size();
    while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9')
        --end;
    constexpr std::string_view suffix = "Backward";
    if (end <= suffix.size() || name.substr(end - suffix.size(), suffix.size()) != suffix || !(name[0] >= 'A' && name[0] <= 'Z'))
        return false;
    for (std::size_t i = 0; i < end; ++i) {
        const char c = name[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

void Finalizer::assignPhases()
{
    const std::size_t n = p.opCount();
    p.phase.assign(n, Phase::Unknown);
    std::unordered_map<std::uint32_t, Phase> own;
    auto ownPhase = [&](std::uint32_t nameId) {
        auto it = own.find(nameId);
        if (it != own.end())
            return it->second;
        std::string_view name = p.strings.view(StringId(nameId));
        Phase ph = Phase::Unknown;
        if (startsWith(name, "autograd::engine::evaluate_function") || isAutogradNode(name))
            ph = Phase::Backward;
        else if (startsWith(name, "Optimizer.") || startsWith(name, "Optimizer#"))
            ph = Phase::Optimizer;
        else if (startsWith(name, "nn.Module: ") || startsWith(name, "## forward"))
            ph = Phase::Forward;
        own.emplace(nameId, ph);
        return ph;
    };
    // fwdbwd flows mark their ends before inheritance, so that what nests inside them inherits too.
    std::vector<Phase> linked(n, Phase::Unknown);
    for (const Link& l : p.links) {
        if (l.kind != LinkKind::ForwardBackward)
            continue;
        if (linked[l.from.value()] == Phase::Unknown)
            linked[l.from.value()] = Phase::Forward;
        linked[l.to.value()] = Phase::Backward;
    }
    // Parents precede children in track order, so one pass inherits the enclosing phase.
    for (std::uint32_t i = 0; i < n; ++i) {
        if (isGpu(i))
            continue;
        Phase ph = ownPhase(p.name[i]);
        if (linked[i] == Phase::Backward || (ph == Phase::Unknown && linked[i] != Phase::Unknown))
            ph = linked[i];
        p.phase[i] = ph != Phase::Unknown ? ph : (m_parent[i] != kNone ? p.phase[m_parent[i]] : Phase::Unknown);
    }
    // Within a step, CPU work before the first backward op is forward work.
    bool anyBackward = false;
    for (std::uint32_t i = 0; i < n; ++i)
        anyBackward |= p.phase[i] == Phase::Backward;
    if (anyBackward && !p.steps.empty()) {
        std::unordered_map<std::int32_t, TimeNs> firstBackward;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (p.phase[i] != Phase::Backward || p.step[i] < 0)
                continue;
            auto [it, inserted] = firstBackward.emplace(p.step[i], p.start[i]);
            if (!inserted)
                it->second = std::min(it->second, p.start[i]);
        }
        for (std::uint32_t i = 0; i < n; ++i) {
            if (isGpu(i) || p.phase[i] != Phase::Unknown || p.step[i] < 0 || p.kind[i] == OpKind::Annotation)
                continue;
            auto it = firstBackward.find(p.step[i]);
            if (it != firstBackward.end())
                p.phase[i] = p.start[i] < it->second ? Phase::Forward : Phase::Other;
        }
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        if (isGpu(i) && m_launcher[i] != kNone)
            p.phase[i] = p.phase[m_launcher[i]];
    }
}

} // namespace

void RankFinalizer::orderLinks(RankPart& part)
{
    // Counted into place by source (sources are op indexes, and a dialect adds a link per op or more),
    // then each source's few links sorted by target and kind: linear in links and sources.
    std::vector<Link>& links = part.links;
    std::uint32_t sources = 0;
    for (const Link& l : links) {
        if (l.from.isValid())
            sources = std::max(sources, l.from.value() + 1);
    }
    // A link without a source (none should have one) goes last, where comparing would put it.
    const auto bucket = [sources](const Link& l) { return l.from.isValid() ? l.from.value() : sources; };
    std::vector<std::uint32_t> next(static_cast<std::size_t>(sources) + 2, 0); // first slot of each bucket
    for (const Link& l : links)
        ++next[bucket(l) + 1];
    std::partial_sum(next.begin(), next.end(), next.begin());
    std::vector<Link> sorted(links.size());
    for (const Link& l : links)
        sorted[next[bucket(l)]++] = l; // next[b] ends as the first slot after bucket b
    std::uint32_t begin = 0;
    for (std::uint32_t s = 0; s <= sources; ++s) {
        if (next[s] - begin > 1)
            std::sort(sorted.begin() + begin, sorted.begin() + next[s], linkBefore);
        begin = next[s];
    }
    sorted.erase(std::unique(sorted.begin(), sorted.end(),
                     [](const Link& a, const Link& b) { return a.from == b.from && a.to == b.to && a.kind == b.kind; }),
        sorted.end());
    links = std::move(sorted);
}

void RankFinalizer::finalize(RankPart& part, Steps steps)
{
    // Object events mean something only to the TF dialect, which reads them before this.
    part.dropObjects();
    Finalizer(part, steps).run();
    // Process identity: the most common numeric pid among CPU threads.
    std::unordered_map<std::int64_t, std::size_t> pids;
    for (const auto& t : part.tracks) {
        if (t.kind == TrackKind::CpuThread)
            ++pids[t.key.pid];
    }
    std::size_t best = 0;
    for (const auto& [pid, count] : pids) {
        if (count > best || (count == best && pid < part.pid)) {
            best = count;
            part.pid = pid;
        }
    }
    for (const auto& [key, name] : part.processNames) {
        if (key.pidString == StringId::kInvalid && key.pid == part.pid)
            part.processName = name;
    }
}

} // namespace sightline
