#include "core/search/asyncpsscaling.h"

#include "core/exec/analysiscache.h"
#include "core/exec/partitionmodel.h"
#include "core/exec/tensormodel.h"
#include "core/search/evaluator.h"
#include "core/search/scalingreplays.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/passes/workercountpass.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>
#include <random>
#include <vector>

namespace sightline {

namespace {

// One direction of the server's link: the transfers on it, shared equally or served in turns (HTTP/2
// flow control: a stream's first window, then the rest of it at the back of the queue; the turns at the
// head move together, enough of them to fill the link where one worker's link cannot).
class ServerLink {
public:
    // cap: the most one transfer moves per ns, its worker's own link (0: none).
    ServerLink(double bytesPerNs, std::int64_t window, double cap)
        : m_rate(bytesPerNs)
        , m_window(static_cast<double>(window))
        , m_cap(cap > 0 ? cap : bytesPerNs)
    {
    }

    void start(int worker, double bytes)
    {
        if (m_window > 0)
            m_turns.push_back({ worker, std::min(bytes, m_window), bytes - std::min(bytes, m_window) });
        else
            m_turns.push_back({ worker, bytes, 0 });
    }
    bool idle() const { return m_turns.empty(); }
    // When the next transfer (or turn) ends, from now.
    double nextIn() const
    {
        if (m_turns.empty())
            return std::numeric_limits<double>::infinity();
        // At least a nanosecond: a remainder floating point leaves would otherwise take less time than
        // the clock can add to itself.
        const std::size_t moving = m_window > 0 ? serving() : m_turns.size();
        double least = std::numeric_limits<double>::infinity();
        for (std::size_t k = 0; k < moving; ++k)
            least = std::min(least, m_turns[k].turn);
        return std::max(1.0, least / each());
    }
    // Moves elapsed ns forward; returns the workers whose transfer ended.
    std::vector<int> advance(double elapsed)
    {
        std::vector<int> done;
        if (m_turns.empty())
            return done;
        constexpr double kEpsilon = 0.5; // bytes: what floating point leaves of a finished turn
        const double moved = elapsed * each();
        const std::size_t moving = m_window > 0 ? serving() : m_turns.size();
        std::vector<Turn> later; // the rest of a stream whose turn ended, whole, in a later turn
        auto it = m_turns.begin();
        for (std::size_t k = 0; k < moving; ++k) {
            it->turn -= moved;
            if (it->turn > kEpsilon) {
                ++it;
                continue;
            }
            if (it->rest > 0)
                later.push_back({ it->worker, it->rest, 0 });
            else
                done.push_back(it->worker);
            it = m_turns.erase(it);
        }
        m_turns.insert(m_turns.end(), later.begin(), later.end());
        return done;
    }

private:
    struct Turn {
        int worker;
        double turn; // bytes left of this turn
        double rest; // bytes after it
    };
    // Served in turns, the turns at the head that move at once: as many as it takes for their workers'
    // links together to fill the server's (one, where a worker's link is as fast as the server's).
    std::size_t serving() const
    {
        const double fill = std::ceil(m_rate / m_cap - 1e-9);
        return std::min(m_turns.size(), static_cast<std::size_t>(std::clamp(fill, 1.0, 1e6)));
    }
    // What each moving transfer moves per ns: the link shared equally among them, each at most its
    // worker's link.
    double each() const
    {
        const std::size_t moving = m_window > 0 ? serving() : m_turns.size();
        return std::min(m_cap, m_rate / static_cast<double>(std::max<std::size_t>(1, moving)));
    }

    double m_rate;
    double m_window;
    double m_cap;
    std::deque<Turn> m_turns;
};

} // namespace

ScalingPoint AsyncPsScaling::simulate(const AsyncPsParameters& p, int workers)
{
    workers = std::max(1, workers);
    // What each worker waits for: a time (latency, computation) or its transfer or update.
    std::vector<double> until(static_cast<std::size_t>(workers), 0.0);
    std::vector<int> stage(static_cast<std::size_t>(workers),
        0); // 0 pull latency, 1 pulling, 2 computing, 3 push latency, 4 pushing, 5 update
    ServerLink down(p.bytesPerNs, p.windowBytes, p.workerBytesPerNs),
        up(p.bytesPerNs, p.windowBytes, p.workerBytesPerNs);
    std::deque<int> updates; // the server's queue
    double serverFree = 0;
    const double bytes = static_cast<double>(std::max<std::int64_t>(0, p.bytes));
    const auto latency = static_cast<double>(std::max<TimeNs>(0, p.latencyNs));
    for (int w = 0; w < workers; ++w)
        until[static_cast<std::size_t>(w)] = latency;
    std::mt19937_64 random(4); // seed 004
    std::uniform_real_distribution<double> factor(
        1 - std::clamp(p.jitter, 0.0, 1.0), 1 + std::clamp(p.jitter, 0.0, 1.0));
    const auto computeTime = [&] { return static_cast<double>(p.computeNs) * (p.jitter > 0 ? factor(random) : 1.0); };
    const int warmUp = std::max(workers, p.steps / 10);
    const int total = warmUp + std::max(p.steps, 10 * workers);
    int completed = 0;
    double now = 0, firstCounted = -1, lastCounted = 0;
    int counted = 0;
    const auto finishStep = [&] {
        ++completed;
        if (completed == warmUp)
            firstCounted = now;
        else if (completed > warmUp) {
            ++counted;
            lastCounted = now;
        }
    };
    while (completed < total) {
        // The next event: a worker's timer, a transfer, or the server's update.
        double next = std::numeric_limits<double>::infinity();
        for (int w = 0; w < workers; ++w) {
            const int s = stage[static_cast<std::size_t>(w)];
            if (s == 0 || s == 2 || s == 3)
                next = std::min(next, until[static_cast<std::size_t>(w)]);
        }
        next = std::min({ next, now + down.nextIn(), now + up.nextIn() });
        if (!updates.empty())
            next = std::min(next, serverFree);
        if (!std::isfinite(next))
            break; // nothing left to happen: a job without time
        const double elapsed = next - now;
        now = next;
        for (int w : down.advance(elapsed)) {
            stage[static_cast<std::size_t>(w)] = 2;
            until[static_cast<std::size_t>(w)] = now + computeTime();
        }
        for (int w : up.advance(elapsed)) {
            stage[static_cast<std::size_t>(w)] = 5;
            if (updates.empty())
                serverFree = now + static_cast<double>(p.updateNs);
            updates.push_back(w);
        }
        while (!updates.empty() && serverFree <= now) {
            const int w = updates.front();
            updates.pop_front();
            finishStep();
            stage[static_cast<std::size_t>(w)] = 0;
            until[static_cast<std::size_t>(w)] = now + latency;
            if (!updates.empty())
                serverFree = now + static_cast<double>(p.updateNs);
        }
        for (int w = 0; w < workers; ++w) {
            const auto i = static_cast<std::size_t>(w);
            if (until[i] > now)
                continue;
            if (stage[i] == 0) {
                stage[i] = 1;
                down.start(w, bytes);
            } else if (stage[i] == 2) {
                stage[i] = 3;
                until[i] = now + latency;
            } else if (stage[i] == 3) {
                stage[i] = 4;
                up.start(w, bytes);
            }
        }
        // A transfer of no bytes ends at once.
        if (bytes <= 0) {
            for (int w : down.advance(0)) {
                stage[static_cast<std::size_t>(w)] = 2;
                until[static_cast<std::size_t>(w)] = now + computeTime();
            }
        }
    }
    ScalingPoint point;
    point.workers = workers;
    const double window = lastCounted - firstCounted;
    point.stepsPerSecond = counted > 0 && window > 0 ? counted * 1e9 / window : 0;
    point.iterationNs = point.stepsPerSecond > 0 ? std::llround(workers * 1e9 / point.stepsPerSecond) : 0;
    return point;
}

Expected<ScalingCurve> AsyncPsScaling::of(const JobSession& session, const Strategy& prefix,
    const BaselineKind& baseline, const std::vector<int>& workers, std::int64_t windowBytes,
    CandidateExchange& exchange, std::uint64_t memoryLimitBytes, const CancellationToken* cancel,
    ProgressSink* progress)
{
    if (Status s = Evaluator::leavesDeviceCount(prefix); !s.ok())
        return s;
    Evaluator evaluator(
        session, WhatIfRequest { {}, std::nullopt, baseline, 0 }, exchange, memoryLimitBytes, cancel, progress);
    Expected<WhatIfResult> base = evaluator.run(prefix);
    if (!base)
        return base.status();
    const AnalysisCache analyses(base->whatIf->graph);
    if (const Expected<PartitionModel>& partitions = analyses.partitions(); partitions && !partitions->empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "a BytePS trace gives each partition's pushes and pulls but not the partitions' sizes, which the "
                "asynchronous model starts from; whatif with worker_count and its servers replays more BytePS workers "
                "as the synchronous job they are")));
    const Expected<TensorModel>& tensors = analyses.tensors();
    if (!tensors || tensors->steps().empty())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "the job has no gradients a parameter server would receive: %1"),
                { tensors ? Message() : tensors.status().detailMessage() }));
    AsyncPsParameters p;
    for (const TensorModel::Tensor& t : tensors->steps().front().tensors)
        p.bytes += t.bytes;
    const TimeNs iteration = Evaluator::outcomeOf(*base).iterationNs;
    p.computeNs = std::max<TimeNs>(0, iteration - base->exposedWhatIf);
    const LinkParameters& network = base->whatIfOptions.costModel.parameters(LinkType::Network);
    p.bytesPerNs = network.bytesPerNs;
    p.workerBytesPerNs
        = std::min(network.bytesPerNs, base->whatIfOptions.costModel.parameters(LinkType::Pcie).bytesPerNs);
    p.latencyNs = std::llround(network.alphaNs);
    p.windowBytes = windowBytes;
    ScalingCurve curve;
    curve.mode = ScalingCurve::Mode::AsyncPs;
    curve.measuredWorkers = WorkerCountPass::measuredWorkers(analyses);
    if (std::optional<Message> replicas = WorkerCountPass::replicaNote(analyses))
        curve.warnings.push_back(std::move(*replicas));
    if (const std::optional<BatchSize::Found> batch = BatchSize::of(session.trace()))
        curve.batch = static_cast<double>(batch->size) * base->stepSamplesFactor;
    curve.parameters = { { "compute_ms", static_cast<double>(p.computeNs) / 1e6 },
        { "bytes", static_cast<double>(p.bytes) }, { "network_gbps", p.bytesPerNs },
        { "worker_gbps", p.workerBytesPerNs }, { "latency_us", static_cast<double>(p.latencyNs) / 1e3 },
        { "update_ms", 0.0 }, { "window_bytes", static_cast<double>(windowBytes) } };
    for (int n : workers)
        curve.points.push_back(simulate(p, n));
    const auto async = [](int n) {
        return std::optional<PassStep>(
            { "worker_count", { { "workers", static_cast<double>(n) }, { "mode", std::string("async_ps") } } });
    };
    if (Status s = ScalingReplays::fill(session, prefix, *base, evaluator, async, curve); !s.ok())
        return s;
    curve.markMeasured(base->whatIf->schedule);
    curve.relate(simulate(p, 1).stepsPerSecond);
    // The servers sit on hosts of their own: every push crosses the network, whatever the trace measured.
    const auto networkLink = static_cast<std::size_t>(LinkType::Network);
    if (!base->whatIfOptions.fits[networkLink].fitted && !base->whatIfOptions.given(LinkType::Network)) {
        char gbps[32];
        std::snprintf(gbps, sizeof gbps, "%.2f", p.bytesPerNs);
        curve.warnings.emplace_back(SL_TEXT("Core",
                                        "the trace measured no transfer between hosts, and every push and pull crosses "
                                        "the network to a server's host: they take the cost model's default network of "
                                        "%1 GB/s (the network pass, in the base strategy, sets it)"),
            std::vector<Message::Arg> { gbps });
    }
    curve.warnings.emplace_back(SL_TEXT("Core",
        "the asynchronous parameter server is a model of the job (its compute, its gradient bytes and the network's "
        "bandwidth) whose workers drift apart, set beside worker_count's asynchronous replays, whose workers stay in "
        "lock-step; both take the server's update to cost nothing"));
    const std::vector<Message> baseWarnings = WhatIfResult::saidOf(prefix.steps, base->warnings);
    curve.warnings.insert(curve.warnings.end(), baseWarnings.begin(), baseWarnings.end());
    return curve;
}

} // namespace sightline
