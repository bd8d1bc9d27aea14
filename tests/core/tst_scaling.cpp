// Scaling from one profile: the asynchronous parameter server's simulation (seed 004) against what
// one worker and a saturated server must give, with and without flow control; Shi's DAG model of
// synchronous SGD (seed 002) on a generated job, at its own count and beside worker_count's replays.

#include "core/search/asyncpsscaling.h"
#include "core/search/localexchange.h"
#include "core/search/syncscaling.h"
#include "core/strategy/batchsize.h"

#include "core/import/traceloader.h"

#include "searchjobs.h"
#include "strategyjobs.h"
#include "testsupport.h"

#include <QFileInfo>
#include <QTest>

#include <map>

using namespace sightline;
using namespace sightline::strategyjobs;
using namespace sightline::searchjobs;

namespace {

// The MI300 trace of ../shared/traces: one rank of 8, 3 steps, the first of which records no size for
// its all-reduces.
QString mi300Files()
{
    return QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/rocm-mi300-ckpt");
}

// The first point whose model parts from its replay by 20 % or more at one worker, or by 5 % or more
// at another count, for the test's message; empty where none does.
QString modelOffItsReplays(const ScalingCurve& curve)
{
    for (const ScalingPoint& p : curve.points) {
        const double off
            = p.replayedNs ? static_cast<double>(p.iterationNs) / static_cast<double>(*p.replayedNs) - 1.0 : 1.0;
        if (std::abs(off) >= (p.workers == 1 ? 0.2 : 0.05))
            return QStringLiteral("%1 workers: model %2, replay %3")
                .arg(p.workers)
                .arg(p.iterationNs)
                .arg(p.replayedNs ? QString::number(*p.replayedNs) : QStringLiteral("none"));
    }
    return {};
}

} // namespace

class TestScaling : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // One worker never shares: a step is its pull, its computation, its push and the update, in turn.
    void asyncOneWorkerRunsAlone()
    {
        AsyncPsParameters p;
        p.computeNs = 5'000'000;
        p.bytes = 100'000'000;
        p.bytesPerNs = 10; // 10 GB/s: 10 ms a transfer
        p.latencyNs = 50'000;
        p.updateNs = 1'000'000;
        p.jitter = 0;
        const ScalingPoint one = AsyncPsScaling::simulate(p, 1);
        const double step = 2 * 50'000 + 2 * 10'000'000 + 5'000'000 + 1'000'000;
        QVERIFY2(
            std::abs(static_cast<double>(one.iterationNs) - step) < 1, qPrintable(QString::number(one.iterationNs)));
        QVERIFY(std::abs(one.stepsPerSecond - 1e9 / step) < 1e-6);
        // Flow control changes nothing for a stream alone.
        p.windowBytes = 28'000'000;
        QVERIFY(std::abs(static_cast<double>(AsyncPsScaling::simulate(p, 1).iterationNs) - step) < 1);
    }

    // Many workers load the server's link: each direction carries one transfer a step, so steps per
    // second never pass bandwidth / bytes. Served in turns (flow control), the link stays busy and the
    // throughput reaches that bound; shared equally, transfers that start together end together, the
    // workers fall back into step and leave the links idle by turns, and the throughput peaks below it.
    void asyncSaturatesAtTheLink()
    {
        AsyncPsParameters p;
        p.computeNs = 20'000'000;
        p.bytes = 50'000'000;
        p.bytesPerNs = 10; // 5 ms a transfer: 200 steps/s at most
        std::map<std::int64_t, std::vector<double>> rates;
        for (const std::int64_t window : { std::int64_t(0), std::int64_t(28'000'000) }) {
            p.windowBytes = window;
            for (int w : { 1, 2, 4, 8, 16, 32 }) {
                const double rate = AsyncPsScaling::simulate(p, w).stepsPerSecond;
                QVERIFY2(rate <= 200 * 1.01, qPrintable(QStringLiteral("%1 workers: %2").arg(w).arg(rate)));
                rates[window].push_back(rate);
            }
        }
        const std::vector<double>& shared = rates[0];
        const std::vector<double>& turns = rates[28'000'000];
        for (std::size_t i = 1; i < 4; ++i) {
            QVERIFY(shared[i] > shared[i - 1]); // up to 8 workers, more is faster
            QVERIFY(turns[i] > turns[i - 1]);
        }
        for (std::size_t i = 3; i < turns.size(); ++i)
            QVERIFY2(turns[i] > 200 * 0.97, qPrintable(QString::number(turns[i])));
        QVERIFY(*std::max_element(shared.begin(), shared.end()) < 200 * 0.9);
        // Workers on links a quarter as fast as the server's: a turn alone cannot fill the server's link,
        // so four move at once, and 16 workers still reach its bound (served one at a time, the link
        // carried a worker's 2.5 GB/s: 50 steps/s at most).
        p.windowBytes = 28'000'000;
        p.workerBytesPerNs = 2.5;
        const double slowLinks = AsyncPsScaling::simulate(p, 16).stepsPerSecond;
        QVERIFY2(slowLinks > 200 * 0.9 && slowLinks <= 200 * 1.01, qPrintable(QString::number(slowLinks)));
        p.workerBytesPerNs = 0;
        // The server's update as the bottleneck: 2 ms each, 500 steps/s at most.
        p.windowBytes = 0;
        p.bytes = 1000;
        p.updateNs = 2'000'000;
        const ScalingPoint many = AsyncPsScaling::simulate(p, 64);
        QVERIFY(many.stepsPerSecond <= 500 * 1.001 && many.stepsPerSecond > 500 * 0.97);
    }

    // worker_count's asynchronous mode beside the model: each worker of this job computes one layer
    // (a single bucket, pushed once its gradient is ready), and on a host of its own, so that only the
    // server's interface is shared. The replay keeps the workers in lock-step, and so does the model
    // without jitter: the two are within a twentieth of each other. With jitter the model's workers
    // drift apart and are never slower than the lock-step replay.
    void asyncModelBesideTheReplay()
    {
        const auto session = sessionOf(backwardJob(2, { Layer { 400, { 4'000'000 } } }));
        QVERIFY(session);
        LocalExchange local;
        const Strategy network { { PassStep {
            "network", { { "network_gbps", 5.0 }, { "network_latency_us", 20.0 }, { "ranks_per_host", 1.0 } } } } };
        const auto curve = AsyncPsScaling::of(*session, network, { CommSource::CostModel, true, std::nullopt },
            { 1, 2, 4, 8, 16 }, 0, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        const std::map<std::string, double> parameters(curve->parameters.begin(), curve->parameters.end());
        AsyncPsParameters p;
        p.computeNs = std::llround(parameters.at("compute_ms") * 1e6);
        p.bytes = std::llround(parameters.at("bytes"));
        p.bytesPerNs = parameters.at("network_gbps");
        p.workerBytesPerNs = parameters.at("worker_gbps");
        p.latencyNs = std::llround(parameters.at("latency_us") * 1e3);
        p.jitter = 0;
        // One worker alone: its computation, then its push and its pull of 4 MB at 5 GB/s, 20 us each.
        QCOMPARE(p.bytes, std::int64_t(4'000'000));
        QVERIFY(std::abs(static_cast<double>(*curve->points[0].replayedNs - (p.computeNs + 2 * 820'000))) < 20'000);
        for (const ScalingPoint& point : curve->points) {
            QVERIFY(point.replayedNs);
            const ScalingPoint lockStep = AsyncPsScaling::simulate(p, point.workers);
            const auto replayed = static_cast<double>(*point.replayedNs);
            QVERIFY2(std::abs(static_cast<double>(lockStep.iterationNs) - replayed) < 0.05 * replayed,
                qPrintable(QStringLiteral("%1 workers: %2 against %3")
                               .arg(point.workers)
                               .arg(lockStep.iterationNs)
                               .arg(replayed)));
            QVERIFY(static_cast<double>(point.iterationNs) <= replayed * 1.01);
        }
        // Past the server's interface the replay's step grows with the workers.
        QVERIFY(*curve->points[4].replayedNs > 3 * *curve->points[0].replayedNs);
    }

    // Shi's model at the job's own count is the baseline replay; with one worker nothing is exposed;
    // and beside worker_count's replays it stays within a tenth.
    // B-Caffe's profiles fit their NVLink slower than the network's defaults: spread over two hosts,
    // the job was faster than on one. The network is now no faster than the fitted link, so each
    // count's step is no shorter than the one before it, by the model and by the replays.
    void syncScalingOfLayerwiseProfilesIsMonotone()
    {
        const QString dir = QStringLiteral(SIGHTLINE_TRACES_DIR "/layerwise/b-caffe");
        if (!QFileInfo::exists(dir))
            QSKIP("../shared/traces is not here");
        LocalExchange local;
        for (const char* file : { "tmpcomm.log", "tmp2comm.log", "tmp4comm.log", "tmp8comm.log" }) {
            auto trace = TraceLoader::load({ toStd(dir + QLatin1Char('/') + QLatin1String(file)) });
            QVERIFY(trace);
            const auto session = sessionOf(*trace);
            QVERIFY(session);
            const auto curve = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt },
                { 1, 2, 4, 8, 16, 32 }, false, local, std::uint64_t(4) << 30);
            QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
            for (std::size_t i = 1; i < curve->points.size(); ++i) {
                const ScalingPoint& before = curve->points[i - 1];
                const ScalingPoint& p = curve->points[i];
                QVERIFY2(p.iterationNs >= before.iterationNs && p.replayedNs && before.replayedNs
                        && *p.replayedNs >= *before.replayedNs,
                    qPrintable(QStringLiteral("%1 at %2 workers").arg(QLatin1String(file)).arg(p.workers)));
            }
        }
    }

    // DDP's 1 MB buckets: the trace gives 3 of each step's 18 all-reduces gradients of their own, and
    // the model, which all-reduces the other 15's bytes with them, says so; at 25 MB all 3 have theirs.
    void syncModelSaysWhichBucketsItMerged()
    {
        LocalExchange local;
        for (const auto& [side, says] : { std::pair("bucket1mb", true), std::pair("bucket25mb", false) }) {
            const auto session
                = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth/ddp/" + side);
            QVERIFY(session);
            const auto curve = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt }, { 1, 2 },
                false, local, std::uint64_t(4) << 30);
            QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
            const bool merged = std::any_of(curve->warnings.begin(), curve->warnings.end(), [](const Message& w) {
                return w.english().starts_with(
                    "the model all-reduces 3 gradient buckets a step where the job's step has 18");
            });
            QCOMPARE(merged, says);
        }
    }

    // The model scales the work on the path and on the busiest stream as worker_count's replays scale
    // it: an op's first 5 us keep their time, the rest follows the samples, from the samples the base
    // left a rank with. On the ROCm trace half of the busiest stream's time is ops shorter than 5 us:
    // scaled whole, one worker's model came 56 % above its replay (72.6 ms against 46.5).
    void syncStrongScalingKeepsTheFloor()
    {
        if (!QFileInfo::exists(mi300Files()))
            QSKIP("../shared/traces is not here");
        const auto session = sessionOfFiles(mi300Files().toStdString());
        QVERIFY(session);
        LocalExchange local;
        const auto curve = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt }, { 1, 2, 4, 64 },
            true, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        const std::map<std::string, double> parameters(curve->parameters.begin(), curve->parameters.end());
        QVERIFY(parameters.at("samples_on_path_floor_ms") > 0);
        QVERIFY(parameters.at("samples_on_path_floor_ms") < parameters.at("samples_on_path_own_gpu_ms"));
        const QString off = modelOffItsReplays(*curve);
        QVERIFY2(off.isEmpty(), qPrintable(off));
        // The curve starts from the measured job replayed: its first step's check is said once, as
        // the baseline's, not again as its what-if's.
        const auto finding = std::find_if(curve->warnings.begin(), curve->warnings.end(),
            [](const Message& w) { return w.english().starts_with("baseline: rank 0's first replayed step took"); });
        QVERIFY(finding != curve->warnings.end());
        for (const Message& w : curve->warnings)
            QVERIFY2(
                !WhatIfResult::isWhatIfCheck(w) || WhatIfResult::asBaselineCheck(w) != *finding, w.english().c_str());
    }

    // However short a rank's share of the device work, its step takes its host's own work: the bundled
    // DDP example's two ranks, sharing their batch among four or eight, are bound by their host's
    // 12.1 ms of dispatch and launches a step, which the replays keep (12.148 ms at both). The model
    // gave 9.2 and 6.8 ms (44 % below the replay at eight); it now keeps the busiest host thread's own
    // work as a floor. Weak scaling keeps each rank's samples, and the floor lies below every count.
    void syncModelKeepsTheHostsOwnWork()
    {
        const auto session = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/resources/examples/ddp-2rank");
        QVERIFY(session);
        LocalExchange local;
        for (const bool strong : { true, false }) {
            const auto curve = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt },
                { 1, 2, 4, 8 }, strong, local, std::uint64_t(4) << 30);
            QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
            const std::map<std::string, double> parameters(curve->parameters.begin(), curve->parameters.end());
            const double floorMs = parameters.at("host_floor_ms");
            QVERIFY2(floorMs > 11 && floorMs < parameters.at("iteration_ms"), qPrintable(QString::number(floorMs)));
            for (const ScalingPoint& p : curve->points)
                QVERIFY(static_cast<double>(p.iterationNs) >= floorMs * 1e6 * (1 - 1e-9));
            const QString off = modelOffItsReplays(*curve);
            QVERIFY2(off.isEmpty(), qPrintable(off));
            if (!strong)
                continue;
            for (const std::size_t at : { std::size_t(2), std::size_t(3) }) {
                const ScalingPoint& p = curve->points[at];
                QVERIFY(p.replayedNs);
                QVERIFY2(std::abs(static_cast<double>(p.iterationNs) / static_cast<double>(*p.replayedNs) - 1) < 0.01,
                    qPrintable(
                        QStringLiteral("%1: %2 against %3").arg(p.workers).arg(p.iterationNs).arg(*p.replayedNs)));
            }
        }
    }

    // A collective among one rank moves nothing, whether or not the trace recorded its size: one
    // worker's replay times its all-reduces at nothing, while at the job's own count the one of no
    // recorded size keeps its measured time. The MI300 trace's first step records no size for its
    // all-reduces: they kept their 8-rank times at one worker (24.3 ms), and its weak curve's one
    // worker replayed at 19.1 ms against the model's 10.5.
    void oneWorkerAllReducesNothingWhateverItsSize()
    {
        const auto session = sessionOf(backwardJob(1, { Layer { 10, { 0 } }, Layer { 10, { 1 << 20 } } }, 8));
        QVERIFY(session);
        const BaselineKind model { CommSource::CostModel, true, std::nullopt };
        const auto own = session->whatIf({ {}, {}, model, 0 });
        const auto one
            = session->whatIf({ Strategy { { PassStep { "worker_count", { { "workers", 1.0 } } } } }, {}, model, 0 });
        QVERIFY2(own, own ? "" : own.status().toString().c_str());
        QVERIFY2(one, one ? "" : one.status().toString().c_str());
        const auto collectiveTimes = [](const WhatIfResult& r) {
            std::vector<std::pair<std::int64_t, TimeNs>> times; // bytes, replayed time
            const ExecutionGraph& g = *r.whatIf->graph;
            for (std::uint32_t i = 0; i < g.itemCount(); ++i)
                if (const CommCost* c = g.comm(ItemId(i)); c && isCommunication(g.kind(ItemId(i))))
                    times.emplace_back(c->bytes, r.whatIf->schedule.end[i] - r.whatIf->schedule.start[i]);
            std::sort(times.begin(), times.end());
            return times;
        };
        const auto measured = collectiveTimes(*own);
        QCOMPARE(measured.size(), std::size_t(2));
        QCOMPARE(measured.front(), (std::pair<std::int64_t, TimeNs> { 0, 20 * us }));
        QVERIFY(measured.back().second > 0);
        for (const auto& [bytes, time] : collectiveTimes(*one))
            QVERIFY2(time == 0, qPrintable(QStringLiteral("%1 bytes: %2 ns").arg(bytes).arg(time)));
        QVERIFY(says(own->warnings, "1 of the 2 transfers record no size"));
        QVERIFY(!says(one->warnings, "record no size"));

        if (!QFileInfo::exists(mi300Files()))
            QSKIP("../shared/traces is not here");
        const auto mi300 = sessionOfFiles(mi300Files().toStdString());
        QVERIFY(mi300);
        LocalExchange local;
        const auto curve = SyncScaling::of(*mi300, {}, model, { 1, 2, 8 }, false, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        const QString off = modelOffItsReplays(*curve);
        QVERIFY2(off.isEmpty(), qPrintable(off));
    }

    // Strong scaling of real jobs of several steps: the work the model scales with the samples is one
    // step's of the critical path, which runs through all the replay's steps (it took all of them for
    // one step's, so that the whole step shrank with the samples: on the GPU set's gpt-large, 8 workers
    // sharing the batch came out far faster than their replay). On the CPU DDP pair, a job without
    // GPUs, that work is its host ops' own time (the model scaled nothing there, and fewer workers were
    // no slower). The GPU sets' two ranks took turns on one GPU: the model, as the replays, gives each
    // worker at another count a GPU of its own. gpt-large's model all-reduces 3 merged buckets where
    // the replays run its 20, each paying gloo's per-step latency over more steps as workers are added:
    // it parts from them by 7 % at 4 workers and 15 % at 8 (it says it merged them).
    void syncStrongScalingScalesOneStepOfThePath()
    {
        LocalExchange local;
        struct Case {
            const char* dir;
            double atOne; // the share of the replay the model may part from it by at one worker
            double beyond; // and at more workers than measured
        };
        for (const Case& c : { Case { "/tests/fixtures/groundtruth-gpu2/gpt-large/ddp/bucket25mb", 0.05, 0.2 },
                 Case { "/tests/fixtures/groundtruth/ddp/bucket25mb", 0.1, 0.1 },
                 Case { "/tests/fixtures/groundtruth-cpu/ddp/bucket25mb", 0.2, 0.12 } }) {
            const auto session = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + c.dir);
            QVERIFY(session);
            const auto curve = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt },
                { 1, 2, 4, 8 }, true, local, std::uint64_t(4) << 30);
            QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
            const std::map<std::string, double> parameters(curve->parameters.begin(), curve->parameters.end());
            const double scaled = parameters.at("samples_on_path_ms");
            QVERIFY2(scaled > 0 && scaled <= parameters.at("iteration_ms") - parameters.at("exposed_ms"), c.dir);
            for (const ScalingPoint& p : curve->points) {
                QVERIFY(p.replayedNs);
                const double off
                    = std::abs(static_cast<double>(p.iterationNs - *p.replayedNs)) / static_cast<double>(*p.replayedNs);
                QVERIFY2(off < (p.workers == 1 ? c.atOne : c.beyond),
                    qPrintable(QStringLiteral("%1 at %2 workers: model %3, replay %4")
                                   .arg(c.dir)
                                   .arg(p.workers)
                                   .arg(p.iterationNs)
                                   .arg(*p.replayedNs)));
            }
            // Where the host computes, one worker computes on both measured workers' samples on the
            // cores they shared: by the replay and the model, slower than they. On the GPU sets one worker
            // has the GPU the two took turns on to itself, and all-reduces nothing: gpt-large's takes
            // 221 ms, against 398 for two (its unprofiled run alone on the GPU took 96 ms for half the
            // samples).
            if (std::string_view(c.dir).find("-cpu/") != std::string_view::npos) {
                QVERIFY(*curve->points[0].replayedNs > *curve->points[1].replayedNs);
                QVERIFY(curve->points[0].iterationNs > curve->points[1].iterationNs);
            } else {
                QVERIFY(*curve->points[0].replayedNs < *curve->points[1].replayedNs);
            }
        }
    }

    // Strong scaling past the global batch the trace shows gives each worker less than a sample: the
    // H100 DDP pair's 2 ranks of 64 share 128 samples, so 256 workers hold half a sample each. Such
    // a count is not replayed (it was, and its figures were reported), and the curve says why; up to
    // the global batch every count is replayed. Weak scaling keeps each worker's batch, and says nothing.
    void syncLeavesCountsPastTheGlobalBatchUnreplayed()
    {
        LocalExchange local;
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth/ddp/bucket25mb");
        QVERIFY(session);
        const std::vector<int> counts { 2, 128, 256 };
        const auto strong = SyncScaling::of(
            *session, {}, { CommSource::CostModel, true, std::nullopt }, counts, true, local, std::uint64_t(4) << 30);
        QVERIFY2(strong, strong ? "" : strong.status().toString().c_str());
        QCOMPARE(strong->batch, std::optional<double>(64));
        QCOMPARE(strong->points.size(), std::size_t(3));
        QVERIFY(strong->points[0].replayedNs && strong->points[1].replayedNs);
        QVERIFY(!strong->points[2].replayedNs);
        QVERIFY(strong->points[2].iterationNs > 0); // the model still gives it
        // Each count's share of the global batch: whole down to one sample each, half a sample past it.
        QCOMPARE(strong->samplesPerWorker(2), std::optional<double>(64));
        QCOMPARE(strong->samplesPerWorker(128), std::optional<double>(1));
        QCOMPARE(strong->samplesPerWorker(256), std::optional<double>(0.5));
        QVERIFY(BatchSize::whole(*strong->samplesPerWorker(128)) && !BatchSize::whole(*strong->samplesPerWorker(256)));
        QVERIFY(!BatchSize::whole(*strong->samplesPerWorker(3)));
        const auto says = [](const ScalingCurve& c, std::string_view counts) {
            return std::count_if(c.warnings.begin(), c.warnings.end(), [&](const Message& w) {
                return w.english().find(std::string(counts)
                           + " of the device counts give each worker less than one sample of the global batch of ")
                    != std::string::npos;
            });
        };
        QCOMPARE(says(*strong, "1"), 1);
        QVERIFY(std::any_of(strong->warnings.begin(), strong->warnings.end(),
            [](const Message& w) { return w.english().find("global batch of 128 a step") != std::string::npos; }));
        // A base that halves the batch leaves 64 samples a step: 128 workers are past it too.
        const Strategy halved { { PassStep { "batch_size", { { "factor", 0.5 } } } } };
        const auto smaller = SyncScaling::of(*session, halved, { CommSource::CostModel, true, std::nullopt }, counts,
            true, local, std::uint64_t(4) << 30);
        QVERIFY2(smaller, smaller ? "" : smaller.status().toString().c_str());
        // Its workers each compute on 32 samples a step: what samples per second count.
        QCOMPARE(smaller->batch, std::optional<double>(32));
        QVERIFY(smaller->points[0].replayedNs);
        QVERIFY(!smaller->points[1].replayedNs && !smaller->points[2].replayedNs);
        QCOMPARE(says(*smaller, "2"), 1);
        QVERIFY(std::any_of(smaller->warnings.begin(), smaller->warnings.end(),
            [](const Message& w) { return w.english().find("global batch of 64 a step") != std::string::npos; }));
        QVERIFY(std::none_of(strong->warnings.begin(), strong->warnings.end(),
            [](const Message& w) { return w.english().find("does not show the batch") != std::string::npos; }));
        const auto weak = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt }, { 2, 256 },
            false, local, std::uint64_t(4) << 30);
        QVERIFY2(weak, weak ? "" : weak.status().toString().c_str());
        QVERIFY(weak->points[1].replayedNs);
        QCOMPARE(says(*weak, "1"), 0);
        QCOMPARE(weak->samplesPerWorker(256), std::optional<double>(64));
        QCOMPARE(ScalingCurve {}.samplesPerWorker(4), std::optional<double>()); // no batch the trace shows
    }

    // A base that accumulates: the worker counts share the global batch before its micro-batches split
    // it (after them, worker_count's global batch is refused, and every count but the job's own failed).
    void replaysShareTheBatchBeforeTheBasesAccumulation()
    {
        LocalExchange local;
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth/ddp/bucket25mb");
        QVERIFY(session);
        const Strategy accumulate { { PassStep { "grad_accumulation", { { "micro_batches", 2.0 } } } } };
        const auto curve = SyncScaling::of(*session, accumulate, { CommSource::CostModel, true, std::nullopt },
            { 1, 2, 4 }, true, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        for (const ScalingPoint& p : curve->points)
            QVERIFY2(p.replayedNs, qPrintable(QString::number(p.workers)));
        for (const Message& w : curve->warnings)
            QVERIFY2(w.english().find("failed") == std::string::npos, w.english().c_str());
    }

    void syncModelBesideTheReplay()
    {
        const auto session = sessionOf(backwardJob(2,
            { Layer { 40, { 400'000 } }, Layer { 30, { 800'000 } }, Layer { 60, { 400'000 } },
                Layer { 10, { 1'600'000 } } }));
        QVERIFY(session);
        LocalExchange local;
        const Strategy network { { PassStep { "network",
            { { "nvlink_gbps", 100.0 }, { "nvlink_latency_us", 10.0 }, { "network_gbps", 12.5 },
                { "ranks_per_host", 4.0 } } } } };
        const auto curve = SyncScaling::of(*session, network, { CommSource::CostModel, true, std::nullopt },
            { 1, 2, 4, 8, 16 }, false, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        QCOMPARE(curve->measuredWorkers, 2);
        // Each worker is one rank: no note of replicas.
        for (const Message& w : curve->warnings)
            QVERIFY2(w.english().find("replicas") == std::string::npos, w.english().c_str());
        QCOMPARE(curve->points.size(), std::size_t(5));
        const ScalingPoint& own = curve->points[1];
        QVERIFY(own.replayedNs && own.measuredNs);
        QCOMPARE(own.iterationNs, *own.replayedNs);
        QVERIFY(curve->points[0].iterationNs <= own.iterationNs);
        // The model's point against the replay's, within a share of it.
        const auto nearReplay = [](const ScalingPoint& p, double share) {
            const double off
                = std::abs(static_cast<double>(p.iterationNs - *p.replayedNs)) / static_cast<double>(*p.replayedNs);
            if (off >= share)
                qWarning("%d workers: model %lld, replay %lld", p.workers, static_cast<long long>(p.iterationNs),
                    static_cast<long long>(*p.replayedNs));
            return off < share;
        };
        for (const ScalingPoint& p : curve->points) {
            QVERIFY(p.replayedNs);
            QVERIFY(nearReplay(p, 0.10));
            QVERIFY(p.stepsPerSecond > 0 && p.efficiency > 0 && p.efficiency <= 1.0001);
        }
        // Across hosts (8 and 16 workers on 4 per host) the buckets go over Ethernet: slower steps.
        QVERIFY(curve->points[3].iterationNs > curve->points[2].iterationNs);
        QCOMPARE(curve->points[0].speedup, 1.0);
        // Strong scaling: the workers share the 2 workers' global batch. At the job's own count nothing
        // changes. One worker computes on twice its samples: its kernels come to hold the step, slower
        // than weak scaling's. More workers compute on fewer, but this job's host and its buckets hold
        // their steps, so they are no faster. The model stays within 15 % of the replays beyond one
        // worker, and a step counts as the 2 measured workers' batches. At one worker the kernels, each
        // kept 5 us of its time and the rest 1.94 times as long as the replay scales them, hold the step
        // (252.8 us), and the model leaves out the host's time before the first and after the last of
        // them (the replay: 310.8 us); before the model kept the floor, scaling the 5 us too
        // overstated the kernels by as much as it left out there (271.6 us).
        const auto strong = SyncScaling::of(*session, network, { CommSource::CostModel, true, std::nullopt },
            { 1, 2, 4, 8, 16 }, true, local, std::uint64_t(4) << 30);
        QVERIFY2(strong, strong ? "" : strong.status().toString().c_str());
        QVERIFY(strong->globalBatch && !curve->globalBatch);
        // The job records no input shapes: whether 16 devices' shares hold whole samples cannot be
        // told, which strong scaling says and weak scaling, which keeps each batch, need not.
        const auto unknownBatch = [](const ScalingCurve& c) {
            return std::any_of(c.warnings.begin(), c.warnings.end(),
                [](const Message& w) { return w.english().find("does not show the batch") != std::string::npos; });
        };
        QVERIFY(unknownBatch(*strong));
        QVERIFY(!unknownBatch(*curve));
        QCOMPARE(strong->points[1].iterationNs, own.iterationNs);
        QVERIFY(strong->points[0].iterationNs > curve->points[0].iterationNs);
        QVERIFY(*strong->points[0].replayedNs > *curve->points[0].replayedNs);
        for (std::size_t i = 0; i < strong->points.size(); ++i) {
            const ScalingPoint& p = strong->points[i];
            if (i >= 2) {
                QVERIFY(p.iterationNs <= curve->points[i].iterationNs);
                QVERIFY(*p.replayedNs <= *curve->points[i].replayedNs);
            }
            QCOMPARE(p.stepsPerSecond, 2 * 1e9 / static_cast<double>(p.iterationNs));
            QVERIFY(p.replayedNs && nearReplay(p, p.workers == 1 ? 0.2 : 0.15));
        }
        // The largest count's replay says what it adds to the base's warnings: without the network's
        // parameters, the transfers between hosts that 16 workers make are timed by the cost model's
        // defaults; with them given, nothing is added.
        const auto fromTheReplays = [](const ScalingCurve& c) {
            std::vector<std::string> said;
            for (const Message& w : c.warnings)
                if (std::string_view(w.text()).starts_with("the replay"))
                    said.push_back(w.english());
            return said;
        };
        // Each count's replay says what it adds to the base's warnings: nothing within a host.
        QCOMPARE(fromTheReplays(*curve).size(), std::size_t(0));
        // Without the network's parameters, the transfers between hosts that 8 and 16 workers make are
        // timed by the cost model's defaults: said once for both counts, as the larger says it.
        const Strategy hostOnly { { PassStep {
            "network", { { "nvlink_gbps", 100.0 }, { "nvlink_latency_us", 10.0 }, { "ranks_per_host", 4.0 } } } } };
        const auto across = SyncScaling::of(*session, hostOnly, { CommSource::CostModel, true, std::nullopt },
            { 1, 2, 4, 8, 16 }, false, local, std::uint64_t(4) << 30);
        QVERIFY(across);
        const std::vector<std::string> added = fromTheReplays(*across);
        QCOMPARE(added.size(), std::size_t(1));
        QVERIFY2(added[0].starts_with("the replays at worker counts 8, 16 (as the one at 16 says it): cost model: 4 "
                                      "transfers cross network links"),
            added[0].c_str());
        // A job without gradient all-reduces cannot be scaled, and says so.
        const auto single = sessionOf(trainingJob());
        const auto none = SyncScaling::of(
            *single, {}, { CommSource::CostModel, true, std::nullopt }, { 1, 2 }, false, local, std::uint64_t(4) << 30);
        QVERIFY(!none);
        QVERIFY(QString::fromStdString(none.status().detail())
                    .contains(QStringLiteral("synchronous scaling times the gradients' all-reduces, and cannot here: "
                                             "the job has no gradient all-reduce")));
    }

    // Each count's replay says what it adds to the base's warnings, not only the largest's: on the CPU
    // DDP pair, one worker keeps the times its rank took sharing the host's cores with the other, and
    // 4 and 16 workers would share them with more, which the pass does not model. Said once for the
    // counts that warn alike, as the largest says it.
    void replaysSayWhatEachCountAdds()
    {
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth-cpu/ddp/bucket25mb");
        QVERIFY(session);
        LocalExchange local;
        const auto curve = SyncScaling::of(*session, {}, { CommSource::CostModel, true, std::nullopt }, { 1, 2, 4, 16 },
            false, local, std::uint64_t(4) << 30);
        QVERIFY2(curve, curve ? "" : curve.status().toString().c_str());
        std::vector<std::string> said;
        for (const Message& w : curve->warnings)
            if (std::string_view(w.text()).starts_with("the replay"))
                said.push_back(w.english());
        QCOMPARE(said.size(), std::size_t(2));
        QVERIFY2(said[0].starts_with("the replays at worker counts 4, 16 (as the one at 16 says it): step 1 "
                                     "(worker_count): the job computes on its host: the added ranks would share "
                                     "the host's cores")
                && said[0].find("up to 16/2 as long") != std::string::npos,
            said[0].c_str());
        QVERIFY2(
            said[1].starts_with("the replay at worker count 1: step 1 (worker_count): ranks 0, 1 shared the cores"),
            said[1].c_str());
    }
};

QTEST_GUILESS_MAIN(TestScaling)
#include "tst_scaling.moc"
