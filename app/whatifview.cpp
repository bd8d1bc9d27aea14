#include "whatifview.h"

#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/session/jobsession.h"
#include "widgets/timeline/tracklayout.h"

#include <algorithm>

using namespace sightline;

namespace {

// The ops of a replay's critical path that are drawn (items spanning ranks left out), in path order.
void pathOps(const CriticalPath& path, const std::vector<OpId>& opOfItem, std::vector<OpId>& out)
{
    for (ItemId item : path.items) {
        if (opOfItem[item.value()].isValid())
            out.push_back(opOfItem[item.value()]);
    }
}

} // namespace

Expected<std::shared_ptr<const WhatIfView>> WhatIfView::build(
    const ReplayResult& baseline, const ReplayResult& whatIf, Layers layers, const std::string& suffix, const CancellationToken* cancel)
{
    std::vector<ScheduleTrace::Layer> input;
    if (layers == Layers::Both)
        input.push_back({ baseline.graph.get(), &baseline.schedule, "" });
    input.push_back({ whatIf.graph.get(), &whatIf.schedule, layers == Layers::Both ? suffix : std::string() });
    Expected<ScheduleTrace::Result> job = ScheduleTrace::build(input, cancel);
    if (!job)
        return job.status();
    auto view = std::make_shared<WhatIfView>();
    view->m_layers = layers;
    view->m_baselineGraph = baseline.graph;
    view->m_whatIfGraph = whatIf.graph;
    view->m_job = std::move(*job);
    const Trace& t = *view->m_job.trace;
    const std::uint8_t last = static_cast<std::uint8_t>(input.size() - 1);
    view->m_layout = std::make_shared<const TrackLayout>(TrackLayout::build(t, { t.startColumn(), t.endColumn() }));
    view->m_whatIfTracks.resize(t.tracks().size());
    for (std::size_t tr = 0; tr < t.tracks().size(); ++tr)
        view->m_whatIfTracks[tr] = view->m_job.trackLayer[tr] == last;
    view->m_counters = ActivityCounters::compute(t, view->m_whatIfTracks);
    // Slack from each op's own replay; the baseline time of what the what-if's ops stand for.
    const std::vector<ItemId> baselineItem = baseline.graph->itemOfOp();
    view->m_slack.assign(t.opCount(), Schedule::kNotReplayed);
    view->m_baselineTime.assign(t.opCount(), INT64_MIN);
    for (std::uint32_t v = 0; v < t.opCount(); ++v) {
        const bool ofWhatIf = view->m_whatIfTracks[t.track(OpId(v)).value()] != 0;
        const ReplayResult& own = ofWhatIf ? whatIf : baseline;
        const ItemId item = view->m_job.itemOf[v];
        view->m_slack[v] = own.criticalPath.slack.empty() ? Schedule::kNotReplayed : own.criticalPath.slack[item.value()];
        if (!ofWhatIf)
            continue;
        TimeNs sum = 0;
        bool any = false;
        ItemId previous;
        for (OpId op : whatIf.graph->origin(item)) {
            const ItemId b = op.value() < baselineItem.size() ? baselineItem[op.value()] : ItemId();
            if (!b.isValid() || b == previous || !baseline.schedule.replayed(b.value()))
                continue;
            sum += baseline.schedule.end[b.value()] - baseline.schedule.start[b.value()];
            any = true;
            previous = b;
        }
        if (any)
            view->m_baselineTime[v] = sum;
    }
    view->m_pathLength = whatIf.criticalPath.length;
    pathOps(whatIf.criticalPath, view->m_job.opOfItem[last], view->m_criticalOps);
    view->m_whatIfPathOps = view->m_criticalOps.size();
    if (layers == Layers::Both)
        pathOps(baseline.criticalPath, view->m_job.opOfItem[0], view->m_criticalOps);
    view->m_opOfItem = std::make_shared<const std::vector<OpId>>(std::move(view->m_job.opOfItem[last]));
    view->m_syntheticCount = static_cast<std::size_t>(std::count(view->m_job.synthetic.begin(), view->m_job.synthetic.end(), 1));
    return std::shared_ptr<const WhatIfView>(std::move(view));
}

OpId WhatIfView::opStandingFor(OpId measured) const
{
    const Trace& t = *m_job.trace;
    for (std::uint32_t v = 0; v < t.opCount(); ++v) {
        if (!isWhatIf(OpId(v)))
            continue;
        for (OpId op : m_whatIfGraph->origin(m_job.itemOf[v])) {
            if (op == measured)
                return OpId(v);
        }
    }
    return {};
}

bool WhatIfView::isWhatIf(OpId op) const
{
    return m_whatIfTracks[m_job.trace->track(op).value()] != 0;
}

OpId WhatIfView::measuredOp(OpId op) const
{
    const ExecutionGraph& g = isWhatIf(op) ? *m_whatIfGraph : *m_baselineGraph;
    const auto origin = g.origin(m_job.itemOf[op.value()]);
    return origin.empty() ? OpId() : origin.front();
}
