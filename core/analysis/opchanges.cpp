#include "core/analysis/opchanges.h"

#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <cstdlib>

namespace sightline {

std::vector<OpChange> OpChanges::largest(
    const ExecutionGraph& baseline, const Schedule& before, const ExecutionGraph& whatIf, const Schedule& after, std::size_t count)
{
    const std::size_t ops = baseline.trace().opCount();
    std::vector<TimeNs> was(ops, 0), now(ops, 0);
    std::vector<std::uint8_t> seen(ops, 0);
    auto add = [&](const ExecutionGraph& g, const Schedule& s, std::vector<TimeNs>& into) {
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const auto origin = g.origin(ItemId(i));
            if (origin.empty() || !s.replayed(i))
                continue;
            const TimeNs share = (s.end[i] - s.start[i]) / static_cast<TimeNs>(origin.size());
            for (const OpId op : origin) {
                if (op.value() < ops) {
                    into[op.value()] += share;
                    seen[op.value()] = 1;
                }
            }
        }
    };
    add(baseline, before, was);
    add(whatIf, after, now);
    std::vector<OpChange> changes;
    for (std::uint32_t op = 0; op < ops; ++op) {
        if (seen[op] && was[op] != now[op])
            changes.push_back({ OpId(op), was[op], now[op] });
    }
    auto larger = [](const OpChange& a, const OpChange& b) {
        const TimeNs da = std::abs(a.delta()), db = std::abs(b.delta());
        return da != db ? da > db : a.op.value() < b.op.value();
    };
    const std::size_t keep = std::min(count, changes.size());
    std::partial_sort(changes.begin(), changes.begin() + static_cast<std::ptrdiff_t>(keep), changes.end(), larger);
    changes.resize(keep);
    return changes;
}

} // namespace sightline
