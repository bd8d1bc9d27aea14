#include "core/session/jobsession.h"

#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/graph/dependencygraph.h"
#include "core/model/trace.h"
#include "core/strategy/strategyrunner.h"

#include <thread>

namespace sightline {

Expected<std::shared_ptr<const JobSession>> JobSession::open(std::shared_ptr<const Trace> trace,
    const SessionOptions& options, const ResourceLimits& limits, const CancellationToken* cancel)
{
    if (Status s = Replayer::checkMemory(*trace, limits); !s.ok())
        return s;
    Expected<std::shared_ptr<const DependencyGraph>> graph = DependencyGraph::build(std::move(trace), {}, cancel);
    if (!graph)
        return graph.status();
    std::shared_ptr<JobSession> session(new JobSession);
    session->m_maxWhatIfItems = WhatIfJob::maxItemsFor(limits.maxMemoryBytes);
    session->m_graph = std::move(*graph);
    const std::size_t ranks = session->m_graph->trace().ranks().size();
    if (options.align) {
        session->m_alignment = ClockAligner::align(*session->m_graph, options.alignment);
    } else {
        session->m_alignment.offsets.assign(ranks, 0);
        for (const auto& [r, value] : options.alignment.overrides) {
            if (r < ranks)
                session->m_alignment.offsets[r] = value;
        }
    }
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    ExtractOptions extract = options.extract;
    extract.rankOffsets = session->m_alignment.offsets;
    Expected<std::shared_ptr<const ExecutionGraph>> measured = CostExtractor::extract(*session->m_graph, extract, cancel);
    if (!measured)
        return measured.status();
    session->m_measured = std::move(*measured);
    session->m_memory = options.memory;
    return std::shared_ptr<const JobSession>(std::move(session));
}

const Trace& JobSession::trace() const
{
    return m_graph->trace();
}

std::array<LinkFit, kLinkTypeCount> JobSession::fitCostModel(const TopologyOptions& topology, CostModel& model) const
{
    return CostExtractor::fitCostModel(*m_graph, m_alignment.offsets, topology, model);
}

Expected<ReplayResult> JobSession::replay(const ReplayOptions& options, const CancellationToken* cancel) const
{
    return replay(m_measured, options, cancel, m_memory);
}

Expected<WhatIfResult> JobSession::whatIf(const Strategy& strategy, ReplayOptions options, bool fit, const CancellationToken* cancel) const
{
    if (StrategyRunner::needsCostModel(strategy))
        options.communication = CommSource::CostModel;
    if (options.communication == CommSource::CostModel && fit)
        fitCostModel(options.topology, options.costModel);
    Expected<WhatIfJob> job = StrategyRunner::apply(strategy, { m_measured, options, {}, m_maxWhatIfItems }, cancel);
    if (!job)
        return job.status();
    Expected<ReplayResult> baseline = replay(m_measured, options, cancel, m_memory);
    if (!baseline)
        return baseline.status();
    Expected<ReplayResult> changed = replay(job->graph, job->options, cancel, m_memory);
    if (!changed)
        return changed.status();
    return WhatIfResult { std::move(*baseline), std::move(*changed), options, job->options, std::move(job->warnings) };
}

Expected<ReplayResult> JobSession::replay(std::shared_ptr<const ExecutionGraph> graph, const ReplayOptions& options,
    const CancellationToken* cancel, const MemoryOptions& memory, const Meanwhile& meanwhile, bool slack)
{
    CriticalPath path;
    MemoryEstimate peak;
    Expected<Schedule> schedule = Replayer::replay(*graph, options, cancel, [&](const Schedule& s) {
        const auto analyse = [&] {
            path = CriticalPathAnalysis::compute(*graph, s, slack);
            peak = MemoryEstimator::estimate(*graph, s, memory);
        };
        if (!meanwhile) {
            analyse();
            return;
        }
        const std::jthread analyses(analyse); // joined when meanwhile is done
        meanwhile(s);
    });
    if (!schedule)
        return schedule.status();
    ReplayResult result { std::move(graph), std::move(*schedule), std::move(path), std::move(peak) };
    return result;
}

} // namespace sightline
