#include "core/analysis/opchanges.h"

#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

namespace sightline {

std::vector<TimeNs> OpChanges::perOp(const ExecutionGraph& g, const Schedule& s)
{
    std::vector<TimeNs> time(g.trace().opCount(), kNone);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const auto origin = g.origin(ItemId(i));
        if (origin.empty() || !s.replayed(i))
            continue;
        const TimeNs share = (s.end[i] - s.start[i]) / static_cast<TimeNs>(origin.size());
        for (const OpId op : origin) {
            if (op.value() < time.size())
                time[op.value()] = (time[op.value()] == kNone ? 0 : time[op.value()]) + share;
        }
    }
    return time;
}

namespace {

// Each kept op's replayed what-if items, counted in one pass over the items.
void countRuns(const ExecutionGraph& g, const Schedule& s, std::vector<OpChange>& kept)
{
    std::unordered_map<std::uint32_t, std::size_t> at;
    for (std::size_t k = 0; k < kept.size(); ++k)
        at.emplace(kept[k].op.value(), k);
    for (std::uint32_t i = 0; i < g.itemCount() && !at.empty(); ++i) {
        if (!s.replayed(i))
            continue;
        for (const OpId op : g.origin(ItemId(i))) {
            if (const auto it = at.find(op.value()); it != at.end())
                ++kept[it->second].runs;
        }
    }
}

} // namespace

std::vector<OpChange> OpChanges::largest(std::span<const TimeNs> was, const ExecutionGraph& whatIf, const Schedule& after, std::size_t count)
{
    if (count == 0) // a search's what-if lists none: its items are not added up per op
        return {};
    const std::vector<TimeNs> now = perOp(whatIf, after);
    auto larger = [](const OpChange& a, const OpChange& b) {
        const TimeNs da = std::abs(a.delta()), db = std::abs(b.delta());
        return da != db ? da > db : a.op.value() < b.op.value();
    };
    // The count largest in a heap whose front is the least of them: a strategy that changes every op
    // of millions keeps count entries, not a list of them all.
    std::vector<OpChange> kept;
    for (std::uint32_t op = 0; op < now.size() && op < was.size() && count > 0; ++op) {
        if (was[op] == kNone && now[op] == kNone)
            continue;
        const OpChange c { OpId(op), was[op] == kNone ? 0 : was[op], now[op] == kNone ? 0 : now[op] };
        if (c.baseline == c.whatIf)
            continue;
        if (kept.size() < count) {
            kept.push_back(c);
            std::push_heap(kept.begin(), kept.end(), larger);
        } else if (larger(c, kept.front())) {
            std::pop_heap(kept.begin(), kept.end(), larger);
            kept.back() = c;
            std::push_heap(kept.begin(), kept.end(), larger);
        }
    }
    std::sort_heap(kept.begin(), kept.end(), larger);
    countRuns(whatIf, after, kept);
    return kept;
}

std::vector<OpChange> OpChanges::largest(
    const ExecutionGraph& baseline, const Schedule& before, const ExecutionGraph& whatIf, const Schedule& after, std::size_t count)
{
    if (count == 0)
        return {};
    return largest(perOp(baseline, before), whatIf, after, count);
}

} // namespace sightline
