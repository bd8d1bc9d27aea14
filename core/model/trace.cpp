#include "core/model/trace.h"

#include "core/base/parallel.h"
#include "core/model/tracevalidator.h"

#include <algorithm>
#include <numeric>

namespace sightline {

namespace {

template <class T>
std::size_t capacityBytes(const std::vector<T>& v)
{
    return v.capacity() * sizeof(T);
}

} // namespace

Expected<std::shared_ptr<const Trace>> Trace::build(TraceData data)
{
    if (Status s = TraceValidator::validate(data); !s.ok())
        return s;
    return std::shared_ptr<const Trace>(new Trace(std::move(data)));
}

Trace::Trace(TraceData data)
    : m_data(std::move(data))
{
    const std::size_t n = m_data.start.size();
    // Three independent jobs over large columns, run on all cores: the sparse bytes, the interval
    // indexes of the tracks, and the link orders with the time bounds.
    std::size_t indexSize = 0;
    m_indexFirst.reserve(m_data.tracks.size());
    for (const TrackInfo& t : m_data.tracks) {
        m_indexFirst.push_back(indexSize);
        indexSize += IntervalIndex::storageSize(t.opCount);
    }
    parallelFor(3, [&](std::size_t job) {
        if (job == 0) {
            for (std::size_t i = 0; i < m_data.bytes.size(); ++i) {
                if (m_data.bytes[i] != 0) {
                    m_bytesOps.push_back(static_cast<std::uint32_t>(i));
                    m_bytesValues.push_back(m_data.bytes[i]);
                }
            }
            m_bytesOps.shrink_to_fit();
            m_bytesValues.shrink_to_fit();
            // Freed, not just emptied: assigning {} to a vector picks the initializer-list overload,
            // which keeps the capacity (a whole column of 8 bytes per op, counted nowhere).
            std::vector<std::int64_t>().swap(m_data.bytes);
        } else if (job == 1) {
            m_maxEnd.resize(indexSize);
            parallelFor(m_data.tracks.size(), [&](std::size_t k) {
                TrackInfo& t = m_data.tracks[k];
                t.indexLevel = IntervalIndex::build(m_data.start.data() + t.firstOp, m_data.end.data() + t.firstOp,
                    m_maxEnd.data() + m_indexFirst[k], t.opCount);
            });
        } else {
            // The importer hands links over sorted already (by rank, then from and to): check before sorting.
            auto byFrom = [](const Link& a, const Link& b) { return a.from != b.from ? a.from < b.from : a.to < b.to; };
            if (!std::is_sorted(m_data.links.begin(), m_data.links.end(), byFrom))
                std::sort(m_data.links.begin(), m_data.links.end(), byFrom);
            // Links by target, in link order among equal targets: a counting sort, as targets are op ids.
            m_linksToOrder.resize(m_data.links.size());
            std::size_t targets = 0;
            for (const Link& l : m_data.links)
                targets = std::max<std::size_t>(targets, l.to.value() + 1);
            std::vector<std::uint32_t> firstOfTarget(targets + 1, 0);
            for (const Link& l : m_data.links)
                ++firstOfTarget[l.to.value() + 1];
            for (std::size_t i = 0; i < targets; ++i)
                firstOfTarget[i + 1] += firstOfTarget[i];
            for (std::uint32_t k = 0; k < m_data.links.size(); ++k)
                m_linksToOrder[firstOfTarget[m_data.links[k].to.value()]++] = k;
            if (n > 0) {
                m_begin = *std::min_element(m_data.start.begin(), m_data.start.end());
                m_end = *std::max_element(m_data.end.begin(), m_data.end.end());
            }
        }
    });
    std::stable_sort(m_data.devices.begin(), m_data.devices.end(),
        [](const DeviceInfo& a, const DeviceInfo& b) { return a.rank != b.rank ? a.rank < b.rank : a.index < b.index; });
    std::stable_sort(m_data.steps.begin(), m_data.steps.end(), [](const StepSpan& a, const StepSpan& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.start < b.start;
    });
    for (RankInfo& r : m_data.ranks) {
        r.firstStep = 0;
        r.stepCount = 0;
    }
    for (std::size_t i = 0; i < m_data.steps.size(); ++i) {
        RankInfo& r = m_data.ranks[m_data.steps[i].rank.value()];
        if (r.stepCount == 0)
            r.firstStep = static_cast<std::uint32_t>(i);
        ++r.stepCount;
    }
}

std::int64_t Trace::bytes(OpId op) const
{
    const auto it = std::lower_bound(m_bytesOps.begin(), m_bytesOps.end(), op.value());
    return it != m_bytesOps.end() && *it == op.value() ? m_bytesValues[static_cast<std::size_t>(it - m_bytesOps.begin())] : 0;
}

std::span<const StepSpan> Trace::steps(RankId rank) const
{
    const RankInfo& r = m_data.ranks[rank.value()];
    return std::span<const StepSpan>(m_data.steps).subspan(r.firstStep, r.stepCount);
}

const CommArgs* Trace::commArgs(OpId op) const
{
    auto it = std::lower_bound(m_data.commArgs.begin(), m_data.commArgs.end(), op,
        [](const std::pair<OpId, CommArgs>& e, OpId id) { return e.first < id; });
    return it != m_data.commArgs.end() && it->first == op ? &it->second : nullptr;
}

const ShapeArgs* Trace::shapes(OpId op) const
{
    auto it = std::lower_bound(m_data.shapes.begin(), m_data.shapes.end(), op,
        [](const std::pair<OpId, ShapeArgs>& e, OpId id) { return e.first < id; });
    return it != m_data.shapes.end() && it->first == op ? &it->second : nullptr;
}

const MemoryArgs* Trace::memory(OpId op) const
{
    auto it = std::lower_bound(m_data.memory.begin(), m_data.memory.end(), op,
        [](const std::pair<OpId, MemoryArgs>& e, OpId id) { return e.first < id; });
    return it != m_data.memory.end() && it->first == op ? &it->second : nullptr;
}

std::span<const Link> Trace::linksFrom(OpId op) const
{
    auto lo = std::lower_bound(
        m_data.links.begin(), m_data.links.end(), op, [](const Link& l, OpId id) { return l.from < id; });
    auto hi = std::upper_bound(lo, m_data.links.end(), op, [](OpId id, const Link& l) { return id < l.from; });
    return { lo, hi };
}

std::vector<Link> Trace::linksTo(OpId op) const
{
    auto lo = std::lower_bound(m_linksToOrder.begin(), m_linksToOrder.end(), op,
        [this](std::uint32_t i, OpId id) { return m_data.links[i].to < id; });
    std::vector<Link> out;
    for (auto it = lo; it != m_linksToOrder.end() && m_data.links[*it].to == op; ++it)
        out.push_back(m_data.links[*it]);
    return out;
}

std::vector<OpId> Trace::opsOverlapping(TrackId trackId, TimeNs t0, TimeNs t1) const
{
    std::vector<OpId> out;
    forEachOverlapping(trackId, t0, t1, [&out](OpId op) { out.push_back(op); });
    return out;
}

std::size_t Trace::memoryBytes() const
{
    const TraceData& d = m_data;
    std::size_t bytes = capacityBytes(d.start) + capacityBytes(d.end) + capacityBytes(d.track)
        + capacityBytes(d.name) + capacityBytes(d.category) + capacityBytes(d.kind) + capacityBytes(d.phase)
        + capacityBytes(d.step) + capacityBytes(m_bytesOps) + capacityBytes(m_bytesValues) + capacityBytes(d.commArgs) + capacityBytes(d.shapes) + capacityBytes(d.memory) + capacityBytes(d.devices)
        + capacityBytes(d.links) + capacityBytes(d.counters) + capacityBytes(d.ranks) + capacityBytes(d.tracks)
        + capacityBytes(d.steps) + capacityBytes(m_maxEnd) + capacityBytes(m_indexFirst) + capacityBytes(m_linksToOrder);
    for (const ProcessGroup& g : d.processGroups)
        bytes += sizeof(ProcessGroup) + capacityBytes(g.ranks);
    return bytes;
}

} // namespace sightline
