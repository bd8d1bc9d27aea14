#include "whatifview.h"

#include "core/base/parallel.h"
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

// The baseline's time of the measured ops an item stands for (each baseline item once), or INT64_MIN
// when the baseline replayed none of them.
TimeNs baselineTimeOf(std::span<const OpId> origin, const std::vector<ItemId>& baselineItem, const Schedule& baseline)
{
    TimeNs sum = 0;
    bool any = false;
    ItemId previous;
    for (OpId op : origin) {
        const ItemId b = op.value() < baselineItem.size() ? baselineItem[op.value()] : ItemId();
        if (!b.isValid() || b == previous || !baseline.replayed(b.value()))
            continue;
        sum += baseline.end[b.value()] - baseline.start[b.value()];
        any = true;
        previous = b;
    }
    return any ? sum : INT64_MIN;
}

} // namespace

std::vector<TimeNs> WhatIfView::baselineTimes(const ReplayResult& baseline, const ExecutionGraph& whatIf, bool oneThread)
{
    const std::vector<ItemId> baselineItem = baseline.graph->itemOfOp();
    std::vector<TimeNs> times(whatIf.itemCount());
    parallelForBlocks(times.size(), oneThread ? 1 : blockCount(times.size()), [&](std::size_t, std::size_t begin, std::size_t end) {
        for (std::size_t item = begin; item < end; ++item)
            times[item] = baselineTimeOf(whatIf.origin(ItemId(static_cast<std::uint32_t>(item))), baselineItem, baseline.schedule);
    });
    return times;
}

Expected<std::shared_ptr<const WhatIfView>> WhatIfView::build(
    const ReplayResult& baseline, const ReplayResult& whatIf, Layers layers, const std::string& suffix, const CancellationToken* cancel)
{
    Expected<std::shared_ptr<WhatIfView>> view = layOut(baseline, whatIf.graph, whatIf.schedule, layers, suffix, {}, cancel);
    if (!view)
        return view.status();
    (*view)->addPaths(baseline, whatIf);
    return std::shared_ptr<const WhatIfView>(std::move(*view));
}

Expected<std::shared_ptr<WhatIfView>> WhatIfView::layOut(const ReplayResult& baseline, std::shared_ptr<const ExecutionGraph> whatIfGraph,
    const Schedule& whatIfSchedule, Layers layers, const std::string& suffix, const Prepared& prepared, const CancellationToken* cancel)
{
    std::vector<ScheduleTrace::Layer> input;
    if (layers == Layers::Both)
        input.push_back({ baseline.graph.get(), &baseline.schedule, "", prepared.baseline });
    input.push_back({ whatIfGraph.get(), &whatIfSchedule, layers == Layers::Both ? suffix : std::string(), prepared.whatIf });
    Expected<ScheduleTrace::Result> job = ScheduleTrace::build(input, cancel);
    if (!job)
        return job.status();
    auto view = std::make_shared<WhatIfView>();
    view->m_layers = layers;
    view->m_baselineGraph = baseline.graph;
    view->m_whatIfGraph = std::move(whatIfGraph);
    view->m_job = std::move(*job);
    const Trace& t = *view->m_job.trace;
    const std::uint8_t last = static_cast<std::uint8_t>(input.size() - 1);
    view->m_whatIfTracks.resize(t.tracks().size());
    for (std::size_t tr = 0; tr < t.tracks().size(); ++tr)
        view->m_whatIfTracks[tr] = view->m_job.trackLayer[tr] == last;
    // Per what-if item, the baseline's time of what it stands for: prepared, or found here.
    std::vector<TimeNs> found;
    const std::vector<TimeNs>& itemTime = prepared.baselineTime.size() == view->m_whatIfGraph->itemCount()
        ? prepared.baselineTime
        : (found = baselineTimes(baseline, *view->m_whatIfGraph));
    const std::vector<OpId>& opOfItem = view->m_job.opOfItem[last];
    view->m_baselineTime.assign(t.opCount(), INT64_MIN);
    // Per measured op, the lowest what-if op standing for it (invalid, the largest id, for none).
    view->m_opOfMeasured.assign(baseline.graph->trace().opCount(), OpId());
    // The layout, the counters, and per op the baseline time and the ops standing for measured ones,
    // side by side: each reads every op.
    parallelFor(4, [&](std::size_t part) {
        if (part == 0) {
            view->m_layout = std::make_shared<const TrackLayout>(TrackLayout::build(t, { t.startColumn(), t.endColumn() }));
        } else if (part == 1) {
            view->m_counters = ActivityCounters::compute(t, view->m_whatIfTracks);
        } else if (part == 2) {
            for (std::size_t item = 0; item < opOfItem.size(); ++item) {
                if (opOfItem[item].isValid())
                    view->m_baselineTime[opOfItem[item].value()] = itemTime[item];
            }
        } else {
            // By item, in order: the origins are read as they lie.
            const ExecutionGraph& g = *view->m_whatIfGraph;
            for (std::uint32_t item = 0; item < opOfItem.size(); ++item) {
                const std::uint32_t op = opOfItem[item].value();
                if (!opOfItem[item].isValid())
                    continue;
                for (OpId measured : g.origin(ItemId(item))) {
                    OpId& first = view->m_opOfMeasured[measured.value()];
                    if (op < first.value())
                        first = OpId(op);
                }
            }
        }
    });
    view->m_opOfItem = std::make_shared<const std::vector<OpId>>(std::move(view->m_job.opOfItem[last]));
    view->m_syntheticCount = static_cast<std::size_t>(std::count(view->m_job.synthetic.begin(), view->m_job.synthetic.end(), 1));
    return view;
}

void WhatIfView::addPaths(const ReplayResult& baseline, const ReplayResult& whatIf)
{
    m_pathLength = whatIf.criticalPath.length;
    m_criticalOps.clear();
    pathOps(whatIf.criticalPath, *m_opOfItem, m_criticalOps);
    m_whatIfPathOps = m_criticalOps.size();
    if (m_layers == Layers::Both)
        pathOps(baseline.criticalPath, m_job.opOfItem[0], m_criticalOps);
}

std::vector<TimeNs> WhatIfView::slack(const ReplayResult& baseline, const ReplayResult& whatIf) const
{
    const Trace& t = *m_job.trace;
    // Per item, its slack in its own replay; found here for a replay whose path came without it.
    std::vector<TimeNs> found[2];
    const auto slackOf = [&](const ReplayResult& r, std::vector<TimeNs>& own) -> const std::vector<TimeNs>& {
        if (!r.criticalPath.slack.empty() || r.schedule.start.empty())
            return r.criticalPath.slack;
        return own = CriticalPathAnalysis::slack(*r.graph, r.schedule);
    };
    const std::vector<TimeNs>& whatIfSlack = slackOf(whatIf, found[1]);
    const std::vector<TimeNs>& baselineSlack = m_layers == Layers::Both ? slackOf(baseline, found[0]) : baseline.criticalPath.slack;
    std::vector<TimeNs> slack(t.opCount(), Schedule::kNotReplayed);
    parallelFor(t.tracks().size(), [&](std::size_t tr) {
        const std::vector<TimeNs>& of = m_whatIfTracks[tr] ? whatIfSlack : baselineSlack;
        if (of.empty())
            return;
        const TrackInfo& track = t.trackInfo(TrackId(static_cast<std::uint32_t>(tr)));
        for (std::uint32_t v = track.firstOp; v < track.firstOp + track.opCount; ++v)
            slack[v] = of[m_job.itemOf[v].value()];
    });
    return slack;
}

OpId WhatIfView::opStandingFor(OpId measured) const
{
    return measured.value() < m_opOfMeasured.size() ? m_opOfMeasured[measured.value()] : OpId();
}

WhatIfView::Neighbours WhatIfView::neighbours(OpId op) const
{
    Neighbours out;
    if (!op.isValid() || op.value() >= m_job.trace->opCount())
        return out;
    const std::uint32_t layer = m_job.layerOf(op);
    const bool ofWhatIf = layer + 1 == m_job.opOfItem.size();
    const ExecutionGraph& g = ofWhatIf ? *m_whatIfGraph : *m_baselineGraph;
    // The what-if's op per item was moved to m_opOfItem once laid out.
    const std::vector<OpId>& opOf = ofWhatIf ? *m_opOfItem : m_job.opOfItem[layer];
    const std::uint32_t item = itemOf(op).value();
    for (std::uint32_t i = g.inBegin(item); i < g.inBegin(item + 1); ++i) {
        if (const OpId from = opOf[g.inSource(i)]; from.isValid())
            out.waitsFor.emplace_back(from, g.edgeKind(g.inEdge(i)));
    }
    for (std::uint32_t e = g.outBegin(item); e < g.outBegin(item + 1); ++e) {
        if (const OpId to = opOf[g.target(e)]; to.isValid())
            out.releases.emplace_back(to, g.edgeKind(e));
    }
    return out;
}

bool WhatIfView::isWhatIf(OpId op) const
{
    if (!op.isValid() || op.value() >= m_job.trace->opCount())
        return false;
    return m_whatIfTracks[m_job.trace->track(op).value()] != 0;
}

OpId WhatIfView::measuredOp(OpId op) const
{
    const auto origin = measuredOps(op);
    return origin.empty() ? OpId() : origin.front();
}

std::span<const OpId> WhatIfView::measuredOps(OpId op) const
{
    if (!op.isValid() || op.value() >= m_job.trace->opCount())
        return {};
    const ExecutionGraph& g = isWhatIf(op) ? *m_whatIfGraph : *m_baselineGraph;
    return g.origin(m_job.itemOf[op.value()]);
}
