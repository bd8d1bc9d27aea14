// What-ifs that were once wrong without a word on real traces, each on a job shaped like the trace
// that showed it: the answer must now be right, or carry a warning that says why it may not be.

#include "core/analysis/criticalpath.h"
#include "core/analysis/replaychecks.h"
#include "core/analysis/steptimes.h"
#include "core/exec/analysiscache.h"
#include "core/exec/collectiveroles.h"
#include "core/exec/executiongraph.h"
#include "core/replay/replayer.h"
#include "core/search/frontiertracker.h"
#include "core/search/localexchange.h"
#include "core/search/syncscaling.h"
#include "core/session/jobsession.h"
#include "core/strategy/passes/workercountpass.h"
#include "core/strategy/strategyrunner.h"

#include "testsupport.h"
#include "trustjobs.h"

#include <QFileInfo>
#include <QTest>

#include <map>

using namespace sightline;
using namespace sightline::strategyjobs;
using namespace sightline::trustjobs;

namespace {

bool anyContains(const std::vector<std::string>& lines, const char* text)
{
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

std::string joined(const std::vector<std::string>& lines)
{
    std::string text;
    for (const std::string& l : lines)
        text += l + "\n";
    return text;
}

bool anyContains(const std::vector<Message>& lines, const char* text)
{
    return anyContains(Message::englishAll(lines), text);
}

std::string joined(const std::vector<Message>& lines)
{
    return joined(Message::englishAll(lines));
}

double iterationOf(const ReplayResult& r)
{
    return StepTimes::iteration(r.schedule).replayed;
}

} // namespace

class TestTrust : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stepsEndWhenTheirWorkEnds()
    {
        // The host's step marker ends after 20 us, its device work 40 us later: a step is the whole 60 us,
        // measured and replayed, with one step or several.
        for (int steps : { 1, 3 }) {
            const auto session = sessionOf(deviceTailJob(2, steps));
            QVERIFY(session);
            const auto base = session->baseline({});
            QVERIFY2(base, errorOf(base).c_str());
            const Schedule& s = base->replay->schedule;
            QCOMPARE(s.steps.size(), std::size_t(2 * steps));
            for (const ReplayedStep& st : s.steps) {
                QCOMPARE(st.measured, 60 * us);
                QCOMPARE(st.replayed, 60 * us);
            }
            QCOMPARE(iterationOf(*base->replay), 60.0 * us);
            // Its figures agree: the critical path spans the replay, and the steps span it too.
            QCOMPARE(base->replay->criticalPath.length, s.finish - s.begin);
            const std::vector<std::string> checks = Message::englishAll(ReplayChecks::of(*base->replay->graph, s, base->replay->criticalPath));
            QVERIFY2(checks.empty(), joined(checks).c_str());
            // A slower network lengthens the all-reduces, which end the steps: the iteration grows with
            // the critical path (it stayed at the host's 20 us before).
            const auto slow = session->whatIf({ oneStep("network", { { "bandwidth_scale", 0.01 } }) });
            QVERIFY2(slow, errorOf(slow).c_str());
            QVERIFY(iterationOf(*slow->whatIf) > 2 * iterationOf(*slow->baseline));
            QVERIFY(slow->whatIf->criticalPath.length > 2 * slow->baseline->criticalPath.length);
            QVERIFY2(!anyContains(slow->warnings, "what-if: "), joined(slow->warnings).c_str());
        }
    }

    void speedingUpAnEnclosingOpSpeedsUpWhatItEncloses()
    {
        // Data loading 99 % faster: the span and everything in it (its nested ops and the host time
        // between them) take 1 % of their time, so the step loses nearly all of the loader's 60 us.
        const auto session = sessionOf(dataLoaderJob(3));
        QVERIFY(session);
        const auto faster = session->whatIf({ oneStep("speedup", { { "percent", 99.0 }, { "match", std::string("enumerate(DataLoader)*") } }) });
        QVERIFY2(faster, errorOf(faster).c_str());
        const double before = iterationOf(*faster->baseline);
        const double after = iterationOf(*faster->whatIf);
        QCOMPARE(before, 100.0 * us);
        QVERIFY2(after < before - 50 * us, qPrintable(QString::number(after)));
        QVERIFY(anyContains(faster->warnings, "matched ops enclose other work"));
        // Only host work asked for: the loader is host work, so the same; a kernel-only speed-up of a host
        // op's name matches nothing and says so.
        const auto cpu = session->whatIf({ oneStep("speedup",
            { { "percent", 99.0 }, { "match", std::string("enumerate(DataLoader)*") }, { "kind", std::string("cpu") } }) });
        QVERIFY(cpu);
        QCOMPARE(iterationOf(*cpu->whatIf), after);
        const auto none = session->whatIf({ oneStep("speedup",
            { { "percent", 99.0 }, { "match", std::string("enumerate(DataLoader)*") }, { "kind", std::string("compute") } }) });
        QVERIFY(none);
        QCOMPARE(iterationOf(*none->whatIf), before);
        QVERIFY(anyContains(none->warnings, "no item matched"));
        // A nested op alone speeds up itself, not its siblings.
        const auto stack = session->whatIf({ oneStep("speedup", { { "percent", 99.0 }, { "match", std::string("aten::stack") } }) });
        QVERIFY(stack);
        const double stackOnly = iterationOf(*stack->whatIf);
        QVERIFY(stackOnly < before && stackOnly > after);
    }

    void stragglerCounterpartsByRole()
    {
        // Rank 2 copies its batch in 50 us and runs its kernel in 300 where the others take 2 and 100;
        // ranks 1 and 3 run a pin-memory thread before their main one, whose copies take 45 us. Fixed by
        // role, rank 2 takes the other main threads' 2 us copy and the other compute streams' 100 us
        // kernel: its step is 248 us shorter. (Matched by position, its main thread would take ranks 1
        // and 3's pin-memory copies, 45 us.)
        const auto session = sessionOf(extraThreadJob({ 2, 2, 50, 2 }, { 100, 100, 300, 100 }, { 1, 3 }));
        QVERIFY(session);
        const auto fixed = session->whatIf({ oneStep("straggler", { { "rank", 2.0 } }) });
        QVERIFY2(fixed, errorOf(fixed).c_str());
        const double before = iterationOf(*fixed->baseline);
        QCOMPARE(before, (350.0 + 200) * us);
        QCOMPARE(iterationOf(*fixed->whatIf), before - 248 * us);
        QVERIFY2(!anyContains(fixed->warnings, "fewer than half"), joined(fixed->warnings).c_str());
        // Fixing a rank that is not slow changes nothing: it keeps its own time where it was faster.
        const auto fast = session->whatIf({ oneStep("straggler", { { "rank", 1.0 } }) });
        QVERIFY(fast);
        QCOMPARE(iterationOf(*fast->whatIf), before);
        // With two ranks, the one other rank is the median; a thread only one rank has has no
        // counterpart, and the pass says so.
        const auto pair = sessionOf(extraThreadJob({ 2, 2 }, { 100, 300 }, { 1 }));
        const auto two = pair->whatIf({ oneStep("straggler", { { "rank", 1.0 } }) });
        QVERIFY(two);
        QCOMPARE(iterationOf(*two->whatIf), iterationOf(*two->baseline) - 200 * us);
        QVERIFY(anyContains(two->warnings, "have no counterpart"));
    }

    void collectivesHaveParallelismRoles()
    {
        // The tensor-parallel all-reduces (the forward's, and its group's in the backward) are told from
        // the gradients' all-reduce, which the AccumulateGrad before it ties to gradients.
        const auto session = sessionOf(tensorParallelJob());
        QVERIFY(session);
        const ExecutionGraph& g = *session->measured();
        const CollectiveRoles& roles = session->analyses().collectiveRoles();
        QCOMPARE(roles.counts()[static_cast<int>(ParallelRole::Tensor)], std::size_t(4)); // two per tensor-parallel group
        QCOMPARE(roles.counts()[static_cast<int>(ParallelRole::Data)], std::size_t(2));
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            const CommCost* c = g.comm(item);
            if (!c || g.track(item).isValid())
                continue;
            QCOMPARE(roles.of(item), c->bytes == 64'000'000 ? ParallelRole::Data : ParallelRole::Tensor);
            QCOMPARE(roles.takenAsData(g, item), c->bytes == 64'000'000);
            QVERIFY(!roles.reason(item).empty());
        }
        // The data-parallel group, which worker_count's workers count, is 2 of the job's 4 ranks.
        QCOMPARE(roles.jobRanks(), 4);
        QCOMPARE(roles.dataGroupSize(), 2);
        QCOMPARE(WorkerCountPass::measuredWorkers(session->analyses()), 2);
        // The curves and the frontier say that their workers are replicas of two ranks.
        const std::optional<Message> replicas = WorkerCountPass::replicaNote(session->analyses());
        QVERIFY(replicas);
        QVERIFY2(replicas->english().find("4 ranks are 2 data-parallel replicas of 2 ranks each") != std::string::npos,
            replicas->english().c_str());
        const auto once = [&](const std::vector<Message>& warnings) {
            return std::count(warnings.begin(), warnings.end(), *replicas) == 1;
        };
        LocalExchange local;
        const auto curve = SyncScaling::of(*session, {}, {}, { 2, 4 }, false, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        QCOMPARE(curve->measuredWorkers, 2);
        QVERIFY2(once(curve->warnings), joined(curve->warnings).c_str());
        FrontierOptions frontierOptions;
        frontierOptions.workers = { 2 };
        const auto frontier = FrontierTracker::track(*session, frontierOptions, local, std::uint64_t(4) << 30);
        QVERIFY2(frontier, frontier ? "" : frontier.status().toString().c_str());
        QVERIFY2(once(frontier->warnings), joined(frontier->warnings).c_str());
        // Tensor fusion re-buckets the gradients' all-reduces only: the tensor-parallel ones stay.
        const auto fused = session->whatIf({ oneStep("tensor_fusion", { { "bucket_cap_mb", 25.0 }, { "first_bucket_mb", 25.0 } }) });
        QVERIFY2(fused, errorOf(fused).c_str());
        std::size_t buckets = 0, tensorParallel = 0;
        const ExecutionGraph& w = *fused->whatIf->graph;
        for (std::uint32_t i = 0; i < w.itemCount(); ++i) {
            const ItemId item(i);
            if (!w.comm(item) || w.track(item).isValid())
                continue;
            buckets += w.name(item).starts_with("allreduce bucket");
            tensorParallel += w.comm(item)->bytes == 8'000'000;
        }
        QCOMPARE(tensorParallel, std::size_t(4));
        QCOMPARE(buckets, std::size_t(2 * 2)); // four 16 MiB gradients in buckets of 25 MiB, per data-parallel group
        QVERIFY(anyContains(fused->warnings, "of other parallelism"));
        // Twice the data parallelism: the gradients' groups grow to 4 ranks, the tensor-parallel groups
        // stay at 2 (in two copies of the job), and the job spans 8 ranks.
        const auto wider = session->whatIf({ oneStep("worker_count", { { "workers", 4.0 } }) });
        QVERIFY2(wider, errorOf(wider).c_str());
        const ExecutionGraph& x = *wider->whatIf->graph;
        QCOMPARE(x.ranks().size(), std::size_t(8));
        std::map<std::int64_t, std::vector<std::int32_t>> groups;
        for (std::uint32_t i = 0; i < x.itemCount(); ++i) {
            const ItemId item(i);
            if (const CommCost* c = x.comm(item); c && !x.track(item).isValid())
                groups[c->bytes].push_back(c->groupSize);
        }
        QCOMPARE(groups[64'000'000], (std::vector<std::int32_t> { 4, 4 }));
        QCOMPARE(groups[8'000'000], (std::vector<std::int32_t>(8, 2)));
        QVERIFY(anyContains(wider->warnings, "keep their groups' sizes"));
        // Three data-parallel ranks: ranks 4 and 5 copy 0 and 1, one whole tensor-parallel group.
        const auto odd = session->whatIf({ oneStep("worker_count", { { "workers", 3.0 } }) });
        QVERIFY2(odd, errorOf(odd).c_str());
        QCOMPARE(odd->whatIf->graph->ranks().size(), std::size_t(6));
        groups.clear();
        for (std::uint32_t i = 0; i < odd->whatIf->graph->itemCount(); ++i) {
            const ItemId item(i);
            if (const CommCost* c = odd->whatIf->graph->comm(item); c && !odd->whatIf->graph->track(item).isValid())
                groups[c->bytes].push_back(c->groupSize);
        }
        QCOMPARE(groups[64'000'000], (std::vector<std::int32_t> { 3, 3 }));
        QCOMPARE(groups[8'000'000], (std::vector<std::int32_t>(6, 2)));
    }

    void linksTheTraceNeverMeasuredAreNamed()
    {
        // The link between two ranks' GPUs comes from the devices the trace names: a K80 has no NVLink.
        const auto k80 = sessionOf(deviceTailJob(2, 1, "node", "Tesla K80"));
        const auto v100 = sessionOf(deviceTailJob(2, 1, "node", "Tesla V100-SXM2-16GB"));
        QVERIFY(k80 && v100);
        QCOMPARE(Replayer::transfersByLink(*k80->measured(), {})[static_cast<int>(LinkType::Pcie)].count, std::size_t(1));
        QCOMPARE(Replayer::transfersByLink(*v100->measured(), {})[static_cast<int>(LinkType::NvLink)].count, std::size_t(1));
        // Sixteen workers, eight to a host: the all-reduce now crosses the network, which the trace
        // measured no transfer over, and says which defaults time it. The NVLink the trace measured is
        // fitted, and devices that do not say how they connect are named as an assumption.
        const auto wide = v100->whatIf({ oneStep("worker_count", { { "workers", 16.0 }, { "ranks_per_host", 8.0 } }) });
        QVERIFY2(wide, errorOf(wide).c_str());
        QVERIFY2(anyContains(wide->warnings, "cross network links, which the trace measured no transfer over"), joined(wide->warnings).c_str());
        QVERIFY(anyContains(wide->warnings, "cost model's defaults"));
        QVERIFY(!anyContains(wide->warnings, "nvlink links"));
        QVERIFY(!anyContains(wide->warnings, "connect"));
        // A transfer is counted under the link of least bandwidth it crosses: the network across
        // hosts, unless the GPUs' ports are slower (a network faster than the ports' defaults).
        const ExecutionGraph& spread = *wide->whatIf->graph;
        ReplayOptions ports = wide->whatIfOptions;
        const auto crossing
            = [&](LinkType type) { return Replayer::transfersByLink(spread, ports)[static_cast<int>(type)].count; };
        QVERIFY(crossing(LinkType::Network) > 0);
        QCOMPARE(crossing(LinkType::NvLink), std::size_t(0));
        const std::size_t acrossHosts = crossing(LinkType::Network);
        LinkParameters fast = ports.costModel.parameters(LinkType::NvLink);
        fast.bytesPerNs *= 2;
        ports.costModel.setParameters(LinkType::Network, fast);
        QCOMPARE(crossing(LinkType::Network), std::size_t(0));
        QCOMPARE(crossing(LinkType::NvLink), acrossHosts);
        // Values the network pass gives are the user's, not defaults.
        Strategy given = oneStep("network", { { "network_gbps", 12.5 }, { "network_latency_us", 5.0 } });
        given.steps.push_back({ "worker_count", { { "workers", 16.0 }, { "ranks_per_host", 8.0 } } });
        const auto told = v100->whatIf({ given });
        QVERIFY2(told, errorOf(told).c_str());
        QVERIFY2(!anyContains(told->warnings, "cross network links"), joined(told->warnings).c_str());
        // Ranks of no named host, on GPUs of no known kind: both are assumptions, and said to be.
        const auto bare = sessionOf(deviceTailJob(2, 1, ""));
        const auto modelled = bare->whatIf({ oneStep("network", { { "bandwidth_scale", 1.0 } }) });
        QVERIFY(modelled);
        QVERIFY(anyContains(modelled->warnings, "names no hosts"));
        QVERIFY(anyContains(modelled->warnings, "do not say how the GPUs of a host connect"));
    }

    void theWindowStartsAtOneInstant()
    {
        // Steps 3 and 4 of a device that runs behind its host: step 3's kernel waits for step 2's,
        // which is not replayed but reaches into the window; it is replayed from the window's start, so
        // that step 3's kernel keeps its own launch gap and moves with what the window replays.
        SessionOptions o;
        o.align = false;
        o.extract.firstStep = 3;
        o.extract.lastStep = 4;
        const auto opened = JobSession::open(queuedDeviceJob(), o, {});
        QVERIFY2(opened, errorOf(opened).c_str());
        const auto session = *opened;
        const ExecutionGraph& g = *session->measured();
        std::size_t before = 0, context = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            before += g.name(ItemId(i)).starts_with("before the window: ");
            context += g.hasFlag(ItemId(i), ExecutionGraph::Context);
        }
        QCOMPARE(before, std::size_t(2)); // step 2's kernel, and its "profiler.step" around step 3's first op
        QVERIFY(context >= 2); // with the window's start
        const auto base = session->baseline({});
        QVERIFY(base);
        // The critical path runs from the window's start, through the queued kernel, to the last.
        QCOMPARE(base->replay->criticalPath.length, base->replay->schedule.finish - base->replay->schedule.begin);
        // Each step ends when its kernel does: 80 us apart, and the first counted from when the queued
        // kernel ends (not from its marker, 40 us earlier).
        for (const ReplayedStep& st : base->replay->schedule.steps)
            QCOMPARE(st.replayed, 80 * us);
        // Kernels 50 % faster: step 4's kernel no longer waits for step 3's, and the iteration falls
        // (it stayed with the measured clock times before).
        const auto faster = session->whatIf({ oneStep("speedup", { { "percent", 50.0 }, { "kind", std::string("compute") } }) });
        QVERIFY2(faster, errorOf(faster).c_str());
        QVERIFY(iterationOf(*faster->whatIf) < 0.75 * iterationOf(*faster->baseline));
        QVERIFY(faster->whatIf->criticalPath.length < faster->baseline->criticalPath.length);
        // The "profiler.step" span of step 4 encloses work of step 5, past the window: it ends with the
        // work it encloses in the window, not at its measured end.
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            if (g.name(item) == "profiler.step" && g.stepOfStart(item) == 1)
                QCOMPARE(g.minDuration(item) + g.tail(item), TimeNs(0));
        }
    }

    void checksNameFiguresThatDisagree()
    {
        // A replay whose figures disagree: a critical path short of the span, work after the steps, a step
        // that took no time, and a first step far from the iteration. Each gets a sentence that names it.
        const auto session = sessionOf(deviceTailJob(1, 3));
        QVERIFY(session);
        const auto base = session->baseline({});
        QVERIFY(base);
        const ExecutionGraph& g = *base->replay->graph;
        Schedule s = base->replay->schedule;
        CriticalPath path = base->replay->criticalPath;
        QVERIFY(ReplayChecks::of(g, s, path).empty());
        path.length -= 50 * us;
        QVERIFY(anyContains(ReplayChecks::of(g, s, path), "does not span the replay"));
        path.length += 50 * us;
        s.finish += 70 * us;
        QVERIFY(anyContains(ReplayChecks::of(g, s, path), "past the end of every rank's steps"));
        s.finish -= 70 * us;
        s.steps[2].replayed = 0;
        QVERIFY(anyContains(ReplayChecks::of(g, s, path), "took no time"));
        s.steps[2].replayed = 60 * us;
        s.steps[0].replayed = 200 * us;
        QVERIFY(anyContains(ReplayChecks::of(g, s, path), "first replayed step took 0.200 ms"));
        s.timesOutOfRange = true;
        QVERIFY(anyContains(ReplayChecks::of(g, s, path), "beyond"));
    }

    void ranksWhoseStepsNeverMeetSaySo()
    {
        // Two files of one process exported twice read as two ranks, one clock counting from the epoch
        // and the other from the start: nothing aligns them, and the replay spans the years between.
        // Its critical path is as long; the check says why, naming both ranks.
        JobBuilder b;
        b.currentStep = 1;
        for (int r = 0; r < 2; ++r) {
            const TimeNs at = r == 0 ? 0 : TimeNs(1'700'000'000) * 1'000'000'000;
            const std::uint32_t rank = b.rank(r);
            const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
            const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, at, at + 100 * us);
            b.op(cpu, "aten::mm", OpKind::CpuOp, at + 10 * us, at + 90 * us);
            b.step(rank, 1, marker);
        }
        const auto session = sessionOf(b.finish());
        QVERIFY(session);
        const auto base = session->baseline({});
        QVERIFY(base);
        const std::vector<std::string> checks = Message::englishAll(ReplayChecks::of(*base->replay->graph, base->replay->schedule, base->replay->criticalPath));
        QVERIFY(anyContains(checks, "rank 1's steps begin"));
        QVERIFY(anyContains(checks, "no collective ties them"));
        // Ranks whose steps overlap, tied by nothing, are not flagged.
        const auto together = sessionOf(deviceTailJob(2, 3));
        QVERIFY(together);
        const auto tied = together->baseline({});
        QVERIFY(tied && !anyContains(ReplayChecks::of(*tied->replay->graph, tied->replay->schedule, tied->replay->criticalPath), "steps begin"));
    }

    // B-Caffe's logs time each layer's backward and none of its forwards: recomputing every layer
    // costs nothing there, and the what-if says why (it printed +0.00 % and nothing else). A profile
    // that times its forwards says nothing of the kind.
    void forwardsTheTraceNeverTimedAreSaid()
    {
        const std::string caffe = SIGHTLINE_TRACES_DIR "/layerwise/b-caffe/tmp4comm.log";
        if (!QFileInfo::exists(QString::fromStdString(caffe)))
            QSKIP("trace corpus not beside the checkout");
        const Strategy recompute = oneStep("recompute", { { "layers", std::string("auto") } });
        const auto untimed = sessionOfFiles(caffe);
        QVERIFY(untimed);
        const auto free = untimed->whatIf({ recompute });
        QVERIFY2(free, errorOf(free).c_str());
        const auto iterations = [](const ReplayResult& r) {
            double sum = 0;
            for (const ReplayedStep& step : r.schedule.steps)
                sum += static_cast<double>(step.replayed);
            return sum;
        };
        QVERIFY(std::abs(iterations(*free->whatIf) / iterations(*free->baseline) - 1.0) < 1e-4);
        QVERIFY2(
            anyContains(free->warnings, "records no time for its 768 forward ops"), joined(free->warnings).c_str());
        const auto timed = sessionOfFiles(SIGHTLINE_SOURCE_DIR "/tests/fixtures/layerwise/bert-base-b64-16xv100.csv");
        QVERIFY(timed);
        const auto costly = timed->whatIf({ recompute });
        QVERIFY2(costly, errorOf(costly).c_str());
        QVERIFY(stepTime(*costly->whatIf) > stepTime(*costly->baseline));
        QVERIFY(!anyContains(costly->warnings, "forward ops"));
    }
};

QTEST_GUILESS_MAIN(TestTrust)
#include "tst_trust.moc"
