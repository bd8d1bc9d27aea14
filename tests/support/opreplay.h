#pragma once

#include "core/exec/costextractor.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/graph/dependencygraph.h"
#include "core/replay/replayer.h"

#include <memory>
#include <utility>
#include <vector>

// Tests read a replay of a measured job by trace op: OpReplay extracts the job's execution graph,
// optionally gives some ops other durations (a what-if on the execution graph, as a pass makes one),
// replays it, and maps each op and logical collective to its item.
struct OpReplay {
    std::shared_ptr<const sightline::ExecutionGraph> graph;
    sightline::Schedule schedule;
    std::vector<sightline::ItemId> itemOf; // per op; invalid where the op was not in scope

    sightline::ItemId item(sightline::OpId op) const { return itemOf[op.value()]; }
    bool replayed(sightline::OpId op) const { return item(op).isValid(); }
    sightline::TimeNs start(sightline::OpId op) const { return schedule.start[item(op).value()]; }
    sightline::TimeNs end(sightline::OpId op) const { return schedule.end[item(op).value()]; }

    // The item of the logical collective an op joins (invalid when it joins none in scope).
    sightline::ItemId collectiveOf(sightline::OpId participant) const
    {
        for (std::uint32_t i = 0; i < graph->itemCount(); ++i) {
            const sightline::ItemId item(i);
            if (graph->rank(item).isValid())
                continue;
            for (sightline::OpId op : graph->origin(item)) {
                if (op == participant)
                    return item;
            }
        }
        return {};
    }

    // Extracts, changes the durations given, and replays.
    static sightline::Expected<OpReplay> run(const sightline::DependencyGraph& g, const sightline::ExtractOptions& extract = {},
        const sightline::ReplayOptions& options = {}, const std::vector<std::pair<sightline::OpId, sightline::TimeNs>>& durations = {})
    {
        using namespace sightline;
        Expected<std::shared_ptr<const ExecutionGraph>> measured = CostExtractor::extract(g, extract);
        if (!measured)
            return measured.status();
        OpReplay r;
        r.itemOf = (*measured)->itemOfOp();
        r.graph = *measured;
        if (!durations.empty()) {
            ExecutionGraphBuilder b(*r.graph);
            for (const auto& [op, duration] : durations) {
                if (r.replayed(op))
                    b.setMinDuration(r.item(op), duration);
            }
            Expected<std::shared_ptr<const ExecutionGraph>> changed = b.build();
            if (!changed)
                return changed.status();
            r.graph = *changed;
        }
        Expected<Schedule> s = Replayer::replay(*r.graph, options);
        if (!s)
            return s.status();
        r.schedule = std::move(*s);
        return r;
    }
};
