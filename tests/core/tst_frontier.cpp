// The time–memory frontier: TensorOpt's reduce, product and union, FT-LDP over a chain against brute
// force, FrontierTracker on Table 4's BERT-base (a monotone frontier whose every point replays alone
// to its figures, and the three questions asked of it), and the gradients' buckets as a global choice
// (tensor fusion's caps, and a BytePS job's partition sizes).

#include "core/base/progress.h"
#include "core/search/candidate.h"
#include "core/search/costfrontier.h"
#include "core/search/evaluator.h"
#include "core/search/frontiertracker.h"
#include "core/search/localexchange.h"
#include "core/search/wholemicrobatches.h"

#include "bytepsjobs.h"
#include "dialectsupport.h"
#include "searchjobs.h"
#include "strategyjobs.h"

#include <QDir>
#include <QFileInfo>
#include <QTest>

#include <atomic>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>

using namespace sightline;
using namespace sightline::strategyjobs;
using searchjobs::says;

namespace {

using Tuple = CostFrontier::Tuple;

bool hasStep(const Strategy& s, const std::string& pass)
{
    return std::any_of(s.steps.begin(), s.steps.end(), [&](const PassStep& step) { return step.pass == pass; });
}

// The MI300 trace of ../shared/traces (activation checkpointing, a batch of 10 samples).
QString mi300Trace()
{
    return QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/rocm-mi300-ckpt/resnet_act_checkpoint.json.gz");
}

// The bucket caps a frontier tried beside the job's own buckets.
std::vector<double> capsOf(const Frontier& f)
{
    std::vector<double> caps;
    for (const PassStep& step : f.bucketChoices) {
        if (step.pass == "tensor_fusion")
            caps.push_back(std::get<double>(step.params.at("bucket_cap_mb")));
    }
    return caps;
}

// The partition sizes, in MiB, a frontier tried beside a BytePS job's own partitions.
std::vector<double> partitionSizesOf(const Frontier& f)
{
    std::vector<double> sizes;
    for (const PassStep& step : f.bucketChoices) {
        if (step.pass == "tensor_partition")
            sizes.push_back(std::get<double>(step.params.at("partition_bytes")) / (1024 * 1024));
    }
    return sizes;
}

bool dominatedOrEqual(const Tuple& t, const std::vector<Tuple>& frontier)
{
    return std::any_of(frontier.begin(), frontier.end(),
        [&](const Tuple& f) { return f.timeNs <= t.timeNs && f.memoryBytes <= t.memoryBytes; });
}

} // namespace

class TestFrontier : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reduceKeepsTheFrontier()
    {
        const std::vector<Tuple> tuples { { 10, 5, { 1 } }, { 8, 7, { 2 } }, { 12, 4, { 3 } }, { 9, 7, { 4 } },
            { 8, 9, { 5 } }, { 12, 4, { 0 } }, { 20, 1, { 6 } } };
        const std::vector<Tuple> f = CostFrontier::reduce(tuples);
        QVERIFY(CostFrontier::monotone(f));
        QCOMPARE(f.size(), std::size_t(4));
        QCOMPARE(f[0].choices, std::vector<std::uint32_t> { 6 });
        QCOMPARE(f[1].choices, std::vector<std::uint32_t> { 0 }); // of two equal tuples, the lower choices
        QCOMPARE(f[2].choices, std::vector<std::uint32_t> { 1 });
        QCOMPARE(f[3].choices, std::vector<std::uint32_t> { 2 });
        for (const Tuple& t : tuples)
            QVERIFY(dominatedOrEqual(t, f));
        QVERIFY(CostFrontier::reduce({}).empty());
        QVERIFY(!CostFrontier::monotone(tuples));
        const std::vector<Tuple> united = CostFrontier::unite(std::vector<Tuple> { { 5, 5, { 7 } } }, f);
        QCOMPARE(united.size(), std::size_t(3)); // (5, 5) dominates (10, 5) and (8, 7)
        const std::vector<Tuple> product = CostFrontier::product(
            std::vector<Tuple> { { 1, 2, { 1 } } }, std::vector<Tuple> { { 10, 20, { 0 } }, { 20, 10, { 3 } } });
        QCOMPARE(product.size(), std::size_t(2));
        QCOMPARE(product[0].timeNs, TimeNs(21));
        QCOMPARE(product[0].memoryBytes, std::int64_t(12));
        QCOMPARE(product[0].choices, (std::vector<std::uint32_t> { 1, 3 }));
        QCOMPARE(product[1].choices, (std::vector<std::uint32_t> { 0, 1 })); // merged in order
    }

    // LDP over a chain of keep-or-change decisions gives the frontier brute force over every subset does.
    void chainProductEqualsBruteForce()
    {
        std::mt19937 random(36);
        for (int trial = 0; trial < 20; ++trial) {
            const int layers = 1 + static_cast<int>(random() % 10);
            std::vector<std::pair<TimeNs, std::int64_t>> change;
            for (int i = 0; i < layers; ++i)
                change.emplace_back(static_cast<TimeNs>(random() % 100), -static_cast<std::int64_t>(random() % 100));
            std::vector<Tuple> chain { { 1000, 1000, {} } };
            for (int i = 0; i < layers; ++i) {
                const std::vector<Tuple> choices { { 0, 0, {} },
                    { change[i].first, change[i].second, { static_cast<std::uint32_t>(i) } } };
                chain = CostFrontier::product(chain, choices);
            }
            std::vector<Tuple> all;
            for (std::uint32_t subset = 0; subset < (1u << layers); ++subset) {
                Tuple t { 1000, 1000, {} };
                for (int i = 0; i < layers; ++i) {
                    if (subset & (1u << i)) {
                        t.timeNs += change[i].first;
                        t.memoryBytes += change[i].second;
                        t.choices.push_back(static_cast<std::uint32_t>(i));
                    }
                }
                all.push_back(t);
            }
            const std::vector<Tuple> brute = CostFrontier::reduce(all);
            QCOMPARE(chain.size(), brute.size());
            for (std::size_t k = 0; k < brute.size(); ++k) {
                QCOMPARE(chain[k].timeNs, brute[k].timeNs);
                QCOMPARE(chain[k].memoryBytes, brute[k].memoryBytes);
            }
            QVERIFY(CostFrontier::monotone(chain));
        }
    }

    // Table 4's BERT-base on 16 GB devices: a monotone frontier from recomputing its layers and
    // accumulating, each point as replayed alone, the fastest within the budget, and the device counts.
    void tracksBertBase()
    {
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/layerwise/bert-base-b64-16xv100.csv");
        QVERIFY(session);
        FrontierOptions options;
        options.baseline = { CommSource::CostModel, true, std::nullopt };
        options.memory = MemoryOptions { std::int64_t(16) * 1'000'000'000 };
        options.workers = { 8, 16 };
        options.accumulation = { 1, 2 };
        LocalExchange local;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(8) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        QCOMPARE(f->measuredWorkers, 16);
        QVERIFY(f->layers >= 12);
        QCOMPARE(f->byWorkers.size(), std::size_t(2));
        QVERIFY(f->points.size() >= 3);
        for (const auto& [workers, points] : f->byWorkers) {
            QVERIFY(!points.empty());
            for (std::size_t i = 1; i < points.size(); ++i) {
                QVERIFY(points[i].peakBytes > points[i - 1].peakBytes);
                QVERIFY(points[i].iterationNs < points[i - 1].iterationNs);
            }
            for (const FrontierPoint& p : points) {
                QCOMPARE(p.workers, workers);
                const auto alone = session->whatIf({ p.strategy, options.memory, options.baseline, 0 });
                QVERIFY(alone);
                QCOMPARE(Evaluator::outcomeOf(*alone).iterationNs, p.iterationNs);
                QCOMPARE(alone->whatIf->memory.peakBytes(), p.peakBytes);
            }
        }
        // The measured job does not fit; the frontier's lowest-memory points do, by recomputing layers
        // or accumulating, and no point keeps the job as it is (it is out of memory and slower than
        // bf16 alone, which dominates it).
        const auto measured = session->whatIf({ {}, options.memory, options.baseline, 0 });
        QVERIFY(measured && measured->whatIf->memory.outOfMemory);
        QVERIFY(!f->points.front().outOfMemory);
        // The job as it is stands beside the frontier: replayed alone, on its own 16 devices.
        QVERIFY(f->base);
        QCOMPARE(f->base->iterationNs, Evaluator::outcomeOf(*measured).iterationNs);
        QCOMPARE(f->base->peakBytes, measured->whatIf->memory.peakBytes());
        QVERIFY(f->base->outOfMemory);
        QCOMPARE(f->base->workers, 16);
        QVERIFY(f->base->strategy.steps.empty());
        for (const FrontierPoint& p : f->points)
            QVERIFY(!p.strategy.steps.empty());
        QVERIFY(f->miniTime && !f->miniTime->outOfMemory);
        for (const FrontierPoint& p : f->points) {
            if (!p.outOfMemory)
                QVERIFY(p.iterationNs >= f->miniTime->iterationNs);
        }
        QVERIFY(f->miniParallelism);
        QCOMPARE(f->miniParallelism->workers, 8);
        QCOMPARE(f->profiling.size(), std::size_t(2));
        // Strong scaling: the 8 devices share the measured global batch of 16, each computing on twice
        // its samples, so their fastest point within the budget is slower than 16 devices' fastest.
        QVERIFY(f->profiling[0].second && f->profiling[1].second);
        QCOMPARE(f->profiling[0].first, 8);
        QVERIFY(f->profiling[0].second->iterationNs > f->profiling[1].second->iterationNs);
        const PassStep& count = f->profiling[0].second->strategy.steps.front();
        QCOMPARE(count.pass, std::string("worker_count"));
        QCOMPARE(std::get<std::string>(count.params.at("batch")), std::string("global"));
        QVERIFY(!says(f->warnings, "scales weakly"));
        // The profile records no input shapes: whether 2 micro-batches of a device's share hold whole
        // samples cannot be told, and the frontier says so.
        QVERIFY(says(f->warnings, "the trace does not show the batch"));
        // The what-ifs' warnings go first: the measured job's (how its transfers are timed) as they are,
        // then what the fastest point's adds, as that point's, each once; self-checks are not repeated
        // (each point has its flag).
        const auto indexOf = [&](const Message& m) {
            return static_cast<std::size_t>(std::find(f->warnings.begin(), f->warnings.end(), m) - f->warnings.begin());
        };
        std::size_t next = 0;
        for (const Message& w : measured->warnings) {
            if (WhatIfResult::isWhatIfCheck(w)) {
                QCOMPARE(indexOf(w), f->warnings.size());
                continue;
            }
            QCOMPARE(indexOf(w), next++);
        }
        QVERIFY(next > 0);
        const auto answer = session->whatIf({ f->miniTime->strategy, options.memory, options.baseline, 0 });
        QVERIFY(answer);
        std::size_t own = 0;
        for (const Message& w : answer->warnings) {
            if (WhatIfResult::isWhatIfCheck(w)
                || std::find(measured->warnings.begin(), measured->warnings.end(), w) != measured->warnings.end())
                continue;
            QVERIFY2(indexOf(Message(SL_TEXT("Core", "the fastest point within the budget: %1"), { w })) == next++,
                w.english().c_str());
            ++own;
        }
        QVERIFY(own > 0); // its mixed_precision step's note at least
        // Weak scaling: each device keeps its batch, which a warning says.
        options.globalBatch = false;
        options.accumulation = { 1 };
        const auto weak = FrontierTracker::track(*session, options, local, std::uint64_t(8) << 30);
        QVERIFY(weak);
        QVERIFY(says(weak->warnings, "scales weakly"));
        // Its steps make samples in proportion to the devices: the fastest point is the count whose
        // fastest takes the least time for the measured global batch (16 devices' batches), not the
        // least iteration, which 8 devices' half as many samples made.
        QVERIFY(weak->miniTime);
        const auto perGlobalBatch
            = [](const FrontierPoint& p) { return static_cast<double>(p.iterationNs) * 16 / p.workers; };
        for (const auto& [workers, best] : weak->profiling) {
            QVERIFY(best);
            QVERIFY(perGlobalBatch(*weak->miniTime) <= perGlobalBatch(*best));
        }
        QCOMPARE(weak->miniTime->workers, 16);
        QVERIFY(weak->profiling.front().second->iterationNs < weak->miniTime->iterationNs);
        // The fastest point within the budget is one of the frontier's points, strong or weak.
        for (const Frontier* frontier : { &*f, &*weak }) {
            QVERIFY(std::any_of(frontier->points.begin(), frontier->points.end(), [&](const FrontierPoint& p) {
                return Candidate::keyOf(p.strategy) == Candidate::keyOf(frontier->miniTime->strategy)
                    && p.iterationNs == frontier->miniTime->iterationNs;
            }));
        }
        // The fewest devices, scaled weakly: 8 devices that each keep their batch make half the samples
        // of the job's 16 a step, so the speedup compares the time per sample, and a warning says so.
        // The answer's warnings are its own what-if's and the frontier's own; of the measured job's
        // what-if, what the answer's does not say goes as the baseline's, but for its steps' notes
        // (numbered as its strategy has them) and its checks. The count of candidates is of those
        // replayed, as the frontier's what-ifs.
        const auto fewest = FrontierTracker::fewestDevices(*session, options, local, std::uint64_t(8) << 30);
        QVERIFY2(fewest, fewest ? "" : fewest.status().toString().c_str());
        QVERIFY(fewest->bestResult);
        QCOMPARE(fewest->best.steps.front().pass, std::string("worker_count"));
        QCOMPARE(std::get<double>(fewest->best.steps.front().params.at("workers")), 8.0);
        QCOMPARE(fewest->bestSamplesShare, 0.5);
        QCOMPARE(
            fewest->speedup(), static_cast<double>(fewest->baselineNs) * 0.5 / static_cast<double>(fewest->bestNs));
        QVERIFY(fewest->speedup() < static_cast<double>(fewest->baselineNs) / static_cast<double>(fewest->bestNs));
        QVERIFY(says(fewest->warnings, "computes on 0.5 times the samples a step of the job's 16 does"));
        for (const Message& w : measured->warnings) {
            if (std::find(fewest->bestResult->warnings.begin(), fewest->bestResult->warnings.end(), w)
                != fewest->bestResult->warnings.end())
                continue;
            QVERIFY2(std::find(fewest->warnings.begin(), fewest->warnings.end(), w) == fewest->warnings.end(),
                w.english().c_str());
            const bool passed = std::find(fewest->warnings.begin(), fewest->warnings.end(),
                                    Message(SL_TEXT("Core", "the baseline the search compares with: %1"), { w }))
                != fewest->warnings.end();
            const bool own = !WhatIfResult::isWhatIfCheck(w) && !w.english().starts_with("step ");
            QVERIFY2(passed == own, w.english().c_str());
        }
        QCOMPARE(fewest->candidates, weak->candidates - weak->unreplayed);
    }

    // The estimate replays every choice's base at every device count: those replays are points too, so
    // that a recomputation the estimate took for cheaper cannot hide them. On the MI300 trace (whose
    // memory is its model state alone) at 16 devices the estimate had taken recomputation and two
    // micro-batches for leaner than worker_count alone; replayed, they held the same peak at 40.0 ms
    // against 39.7, and the frontier held them in its place. No point is now beaten by the base.
    void keepsTheChoicesTheEstimateReplayed()
    {
        if (!QFileInfo::exists(mi300Trace()))
            QSKIP("../shared/traces is absent");
        const auto session = sessionOfFiles(mi300Trace().toStdString());
        QVERIFY(session);
        FrontierOptions options;
        options.workers = { 16 };
        options.communication = false;
        LocalExchange local;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        const Strategy alone { { PassStep {
            "worker_count", { { "workers", 16.0 }, { "batch", std::string("global") } } } } };
        const auto base = session->whatIf({ alone, options.memory, options.baseline, 0 });
        QVERIFY(base);
        const Tuple replayed { Evaluator::outcomeOf(*base).iterationNs, base->whatIf->memory.peakBytes(), {} };
        QCOMPARE(f->byWorkers.size(), std::size_t(1));
        for (const FrontierPoint& p : f->byWorkers.front().second) {
            const bool beaten = replayed.timeNs <= p.iterationNs && replayed.memoryBytes <= p.peakBytes
                && (replayed.timeNs < p.iterationNs || replayed.memoryBytes < p.peakBytes);
            QVERIFY2(!beaten,
                qPrintable(QStringLiteral("%1 ns, %2 B against the base's %3 ns, %4 B")
                               .arg(p.iterationNs)
                               .arg(p.peakBytes)
                               .arg(replayed.timeNs)
                               .arg(replayed.memoryBytes)));
        }
    }

    // The gradients' buckets are a global choice: 32 tiny gradients, each all-reduced alone at 20 us of
    // latency, take far less time in one bucket of 5 MiB (which holds them all), and nothing else
    // changes, so the frontier's one point fuses them. With the choice off, or the base deciding the
    // buckets, the frontier keeps the base's.
    void choosesTheGradientsBuckets()
    {
        const auto session = sessionOf(searchjobs::tinyGradientsJob(32, 4096));
        QVERIFY(session);
        FrontierOptions options;
        options.prefix = searchjobs::nvlink(20);
        options.accumulation = { 1 };
        options.mixedPrecision = false;
        LocalExchange local;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        const auto plain = session->whatIf({ options.prefix, options.memory, options.baseline, 0 });
        QVERIFY(plain);
        QVERIFY(f->miniTime);
        QVERIFY(hasStep(f->miniTime->strategy, "tensor_fusion"));
        QVERIFY2(f->miniTime->iterationNs < Evaluator::outcomeOf(*plain).iterationNs / 2,
            qPrintable(QStringLiteral("%1 against %2")
                           .arg(f->miniTime->iterationNs)
                           .arg(Evaluator::outcomeOf(*plain).iterationNs)));
        // 128 KiB of gradients: a cap of 5 MiB and one of 100 both make one bucket, so only the smaller is
        // tried.
        QCOMPARE(capsOf(*f), std::vector<double> { 5 });
        for (const FrontierPoint& p : f->points) {
            const auto alone = session->whatIf({ p.strategy, options.memory, options.baseline, 0 });
            QVERIFY(alone);
            QCOMPARE(Evaluator::outcomeOf(*alone).iterationNs, p.iterationNs);
        }
        options.communication = false;
        const auto kept = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY(kept && kept->miniTime);
        QCOMPARE(kept->miniTime->iterationNs, Evaluator::outcomeOf(*plain).iterationNs);
        QVERIFY(kept->candidates < f->candidates);
        // With the other global choices and device counts beside the buckets (a block of configs per
        // bucket choice): at each count the fastest point fuses, and every point replays as reported.
        options.communication = true;
        options.accumulation = { 1, 2 };
        options.mixedPrecision = true;
        options.workers = { 2, 4 };
        const auto crossed = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(crossed, crossed ? "" : crossed.status().toString().c_str());
        QCOMPARE(crossed->profiling.size(), std::size_t(2));
        for (const auto& [workers, fastest] : crossed->profiling) {
            QVERIFY(fastest);
            QVERIFY2(hasStep(fastest->strategy, "tensor_fusion"), qPrintable(QString::number(workers)));
        }
        for (const FrontierPoint& p : crossed->points) {
            const auto alone = session->whatIf({ p.strategy, options.memory, options.baseline, 0 });
            QVERIFY(alone);
            QCOMPARE(Evaluator::outcomeOf(*alone).iterationNs, p.iterationNs);
            QCOMPARE(alone->whatIf->memory.peakBytes(), p.peakBytes);
        }
        options.accumulation = { 1 };
        options.mixedPrecision = false;
        options.workers = {};
        options.prefix.steps.push_back({ "tensor_fusion", { { "bucket_cap_mb", 0.01 } } });
        const auto based = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY(based && based->miniTime);
        QCOMPARE(based->candidates, kept->candidates);
        QVERIFY(based->bucketChoices.empty());
        QVERIFY(
            says(based->warnings, "(tensor_fusion) decides the buckets: the frontier's bucket choices are left out"));
        // The job as it is keeps the base's steps, and only them.
        QVERIFY(based->base);
        QCOMPARE(based->base->strategy.steps.size(), options.prefix.steps.size());
        for (std::size_t k = 0; k < options.prefix.steps.size(); ++k)
            QCOMPARE(based->base->strategy.steps[k].pass, options.prefix.steps[k].pass);
        QCOMPARE(based->base->strategy.steps.back().pass, std::string("tensor_fusion"));
        const auto alone = session->whatIf({ options.prefix, options.memory, options.baseline, 0 });
        QVERIFY(alone);
        QCOMPARE(based->base->iterationNs, Evaluator::outcomeOf(*alone).iterationNs);
        for (const FrontierPoint& p : based->points)
            QCOMPARE(std::count_if(p.strategy.steps.begin(), p.strategy.steps.end(),
                         [](const PassStep& s) { return s.pass == "tensor_fusion"; }),
                std::ptrdiff_t(1));
    }

    // A bucket cap is tried only where it groups the gradients unlike the job's own buckets and unlike
    // a smaller cap: the same grouping would replay those buckets again under another name.
    void triesOnlyCapsThatRegroup()
    {
        FrontierOptions options;
        options.prefix = searchjobs::nvlink(20);
        options.accumulation = { 1 };
        options.mixedPrecision = false;
        LocalExchange local;
        const auto capsFor = [&](const TracePtr& job) {
            const auto session = sessionOf(job);
            if (!session)
                return std::vector<double> { -1 };
            const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
            return f ? capsOf(*f) : std::vector<double> { -2 };
        };
        // 32 gradients of 4 MiB: a cap of 5 MiB pairs them after the first, one of 100 MiB makes three
        // buckets, and the job's own, as the tensor model finds them, are five of other sizes.
        QCOMPARE(capsFor(searchjobs::tinyGradientsJob(32, 4 << 20)), (std::vector<double> { 5, 100 }));
        // 8 gradients of 8 MiB: each alone under a cap of 5 MiB; the first alone and the seven others
        // together under one of 100 MiB, as the job's own buckets hold them (each all-reduce takes longer
        // than the host needs to make the next seven gradients ready).
        QCOMPARE(capsFor(searchjobs::tinyGradientsJob(8, 8 << 20)), std::vector<double> { 5 });
    }

    // Likewise a partition size is tried only where it cuts a BytePS job's tensors unlike the measured
    // partitions (taken to hold BytePS's default of 4 096 000 bytes) and unlike a smaller size. A
    // tensor of one partition stays one piece of 4 096 000 bytes under 16 MiB, as measured; one of two
    // partitions becomes one piece of both. 1 MiB cuts either into pieces of 1 MiB.
    void triesOnlyPartitionSizesThatRecut()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FrontierOptions options;
        options.accumulation = { 1 };
        options.mixedPrecision = false;
        LocalExchange local;
        const auto tried = [&](const std::string& path) {
            const auto session = sessionOfFiles(path);
            if (!session)
                return std::pair<std::vector<double>, std::size_t> { { -1 }, 0 };
            const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
            if (!f)
                return std::pair<std::vector<double>, std::size_t> { { -2 }, 0 };
            for (const FrontierPoint& p : f->points) {
                const auto alone = session->whatIf({ p.strategy, options.memory, options.baseline, 0 });
                if (!alone || Evaluator::outcomeOf(*alone).iterationNs != p.iterationNs)
                    return std::pair<std::vector<double>, std::size_t> { { -3 }, 0 };
            }
            return std::pair { partitionSizesOf(*f), f->candidates };
        };
        const auto handMadeWith = [&](int partitions) {
            const QString name = QStringLiteral("p%1").arg(partitions);
            if (!QDir(dir.path()).mkdir(name))
                return std::string();
            return writeTrace(dir, name + QStringLiteral("/comm.json"), bytepsjobs::handMade(true, false, partitions));
        };
        const auto [one, oneCandidates] = tried(handMadeWith(1));
        QCOMPARE(one, std::vector<double> { 1 });
        const auto [two, twoCandidates] = tried(handMadeWith(2));
        QCOMPARE(two, (std::vector<double> { 1, 16 }));
        QVERIFY2(oneCandidates < twoCandidates,
            qPrintable(QStringLiteral("%1 against %2").arg(oneCandidates).arg(twoCandidates)));
        // The real job's tensor runs in 60 partitions: both sizes cut it anew.
        const QString real = QStringLiteral(SIGHTLINE_TRACES_DIR "/byteps/2gpu-ps");
        if (QFileInfo::exists(real))
            QCOMPARE(tried(QFile::encodeName(real).toStdString()).first, (std::vector<double> { 1, 16 }));
    }

    // Accumulation repeats the forward and backward work a trace marks: on a job that marks none (a
    // BytePS communication timeline), every what-if of a choice of accumulation failed. The frontier
    // leaves accumulation out and says why, with as many what-ifs as without it asked.
    void leavesOutAccumulationWithoutPhases()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("job")));
        const auto session
            = sessionOfFiles(writeTrace(dir, QStringLiteral("job/comm.json"), bytepsjobs::handMade(true, false, 2)));
        QVERIFY(session);
        FrontierOptions options;
        options.mixedPrecision = false;
        options.accumulation = { 1 };
        LocalExchange local;
        const auto single = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(single, single ? "" : single.status().toString().c_str());
        options.accumulation = { 1, 2, 4 };
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        QVERIFY(!f->failures);
        QCOMPARE(f->candidates, single->candidates);
        QVERIFY(!f->points.empty());
        for (const FrontierPoint& p : f->points)
            QVERIFY(!hasStep(p.strategy, "grad_accumulation"));
        QVERIFY(says(f->warnings, "no point of the frontier accumulates"));
        QVERIFY(!says(single->warnings, "accumulates"));
    }

    // Devices share the global batch, and micro-batches split each device's share: on the calibration
    // job (one device, a batch of 64 its shapes show), 16, 32 and 64 devices hold 4, 2 and 1 samples
    // each. 8 micro-batches split none of those into whole samples: 4 are tried instead, and said.
    // Points whose micro-batches would hold less than one sample (4 at 32 devices; 2 and 4 at 64) were
    // reported though no data loader can feed them; they are now left out, counted and said. With the
    // batch whole at every count, none is.
    void leavesOutMicroBatchesOfLessThanASample()
    {
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth/accumulation/accum1");
        QVERIFY(session);
        FrontierOptions options;
        options.workers = { 16, 32, 64 };
        options.communication = false;
        options.mixedPrecision = false;
        LocalExchange local;
        // Each what-if replayed reports its progress once; those left out are not replayed, as every
        // one of them shares the global batch among more devices than the job ran on.
        struct Replays : ProgressSink {
            std::atomic<std::size_t> count { 0 };
            void setProgress(std::int64_t done, std::int64_t) override { count += done > 0; }
        } replays;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30, nullptr, &replays);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        QVERIFY(!f->failures);
        QCOMPARE(f->unfed, std::size_t(3));
        // Each of them was left out before its what-if: the what-ifs the frontier ran are the others.
        QCOMPARE(f->unreplayed, std::size_t(3));
        QCOMPARE(replays.count.load(), f->candidates - f->unreplayed);
        QVERIFY(says(f->warnings,
            "8 micro-batches split none of a rank's batches at the device counts tried (4, 2 and 1 samples; "));
        QVERIFY(says(f->warnings, "the frontier tries 4 micro-batches instead"));
        QVERIFY(std::any_of(f->warnings.begin(), f->warnings.end(), [](const Message& w) {
            return w.english().find("3 of the") != std::string::npos
                && w.english().find("less than one sample") != std::string::npos;
        }));
        std::size_t points = 0;
        for (const auto& [workers, list] : f->byWorkers) {
            for (const FrontierPoint& p : list) {
                double k = 1;
                for (const PassStep& step : p.strategy.steps) {
                    if (step.pass == "grad_accumulation")
                        k = std::get<double>(step.params.at("micro_batches"));
                }
                QVERIFY2(64.0 / workers / k >= 1,
                    qPrintable(QStringLiteral("%1 micro-batches at %2 devices").arg(k).arg(workers)));
                ++points;
            }
        }
        QVERIFY(points > 0);
        QVERIFY(!says(f->warnings, "does not show the batch"));
        options.workers = { 8, 16 };
        options.accumulation = { 1, 2, 4 };
        const auto whole = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(whole, whole ? "" : whole.status().toString().c_str());
        QCOMPARE(whole->unfed, std::size_t(0));
        QVERIFY(!says(whole->warnings, "less than one sample"));
        QVERIFY(!says(whole->warnings, "into whole samples"));
    }

    // Micro-batch counts split a rank's batch into whole samples where the trace shows it: the MI300
    // trace's batch of 10 splits into 2 and 5, so 4 micro-batches (2.5 samples each, which DeepSpeed
    // refuses) are tried as 5 and 8 as 10; of two counts as near, the smaller; a batch of 12 samples
    // (a base that scales it by 1.2) takes 8 as 6 and 5 as 4. Where the devices share the global batch,
    // a count that splits the batch at any count tried stays. A batch of one sample, or not whole, or
    // unknown, leaves every count as it is. The frontier on that trace holds only whole micro-batches.
    void microBatchesSplitTheBatchWhole()
    {
        if (!QFileInfo::exists(mi300Trace()))
            QSKIP("../shared/traces is absent");
        const auto session = sessionOfFiles(mi300Trace().toStdString());
        QVERIFY(session);
        const std::optional<BatchSize::Found> batch = BatchSize::of(session->trace());
        QVERIFY(batch);
        QCOMPARE(batch->size, 10);
        const WholeMicroBatches ten(batch, 1.0);
        QCOMPARE(ten.of({ 1, 2, 4, 8 }), (std::vector<int> { 1, 2, 5, 10 }));
        QCOMPARE(ten.nearest(16), 10);
        QCOMPARE(ten.nearest(3), 2);
        const WholeMicroBatches twelve(batch, 1.2);
        QCOMPARE(twelve.nearest(8), 6);
        QCOMPARE(twelve.nearest(5), 4);
        QCOMPARE(twelve.nearest(4), 4);
        // At 8 devices and at 2 of a global batch of 80: 10 and 40 samples, which 8 splits.
        QCOMPARE(WholeMicroBatches(batch, 1.0, { 1.0, 4.0 }).nearest(8), 8);
        QCOMPARE(WholeMicroBatches(batch, 0.1).nearest(4), 4);
        QCOMPARE(WholeMicroBatches(batch, 0.25).nearest(4), 4);
        QCOMPARE(WholeMicroBatches().nearest(4), 4);
        QCOMPARE(WholeMicroBatches(BatchSize::Found { 1, "one sample" }, 1.0).nearest(4), 4);
        const std::optional<Message> note = ten.note({ 1, 2, 4, 8 }, Message(SL_TEXT("Core", "the frontier")));
        QVERIFY(note);
        QVERIFY2(note->english().starts_with("4 and 8 micro-batches split none of a rank's batches at the device "
                                             "counts tried (10 samples; "),
            note->english().c_str());
        QVERIFY2(
            note->english().ends_with("the frontier tries 5 and 10 micro-batches instead"), note->english().c_str());
        QVERIFY(!ten.note({ 1, 2, 5 }, Message(SL_TEXT("Core", "the frontier"))));

        FrontierOptions options;
        options.communication = false;
        LocalExchange local;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        QVERIFY(says(f->warnings, "the frontier tries 5 and 10 micro-batches instead"));
        bool accumulates = false;
        for (const FrontierPoint& p : f->points) {
            for (const PassStep& step : p.strategy.steps) {
                if (step.pass != "grad_accumulation")
                    continue;
                const double k = std::get<double>(step.params.at("micro_batches"));
                QVERIFY2(std::fmod(10.0, k) == 0, qPrintable(QStringLiteral("%1 micro-batches").arg(k)));
                accumulates = true;
            }
        }
        QVERIFY(accumulates);
    }

    // A count kept as it splits the batch at one device count may split another's unevenly: on the
    // MI300 trace at 1, 2, 4 and 8 devices sharing a global batch of 80, 4 and 8 micro-batches split
    // 80, 40 and 20 samples, but not the 10 of 8 devices, nor 8 the 20 of 4. The frontier holds no point
    // of them there, and says so (its fastest point was 4 micro-batches of 2.5 samples at 8 devices).
    void microBatchesSplitEachCountsBatchWhole()
    {
        if (!QFileInfo::exists(mi300Trace()))
            QSKIP("../shared/traces is absent");
        const auto session = sessionOfFiles(mi300Trace().toStdString());
        QVERIFY(session);
        const WholeMicroBatches whole(BatchSize::of(session->trace()), 1.0, { 8.0, 4.0, 2.0, 1.0 });
        QVERIFY(whole.splitsAt(8, 8.0));
        QVERIFY(!whole.splitsAt(8, 2.0));
        QVERIFY(!whole.splitsAt(4, 1.0));
        QVERIFY(whole.splitsAt(5, 1.0));
        QVERIFY(!whole.splitsAt(16, 1.0)); // past the batch
        QVERIFY(whole.splitsAt(4, 0.25)); // 2.5 samples: not whole, so not told
        QVERIFY(WholeMicroBatches().splitsAt(3, 1.0));

        FrontierOptions options;
        options.communication = false;
        options.workers = { 1, 2, 4, 8 };
        LocalExchange local;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        QVERIFY(says(f->warnings, "4 and 8 micro-batches do not split a rank's batch at 8 devices (10 samples; "));
        QVERIFY(says(f->warnings, "8 micro-batches do not split a rank's batch at 4 devices (20 samples; "));
        QVERIFY(!says(f->warnings, "at 2 devices"));
        std::set<int> kept;
        for (const auto& [workers, points] : f->byWorkers) {
            for (const FrontierPoint& p : points) {
                for (const PassStep& step : p.strategy.steps) {
                    if (step.pass != "grad_accumulation")
                        continue;
                    const double k = std::get<double>(step.params.at("micro_batches"));
                    QVERIFY2(std::fmod(80.0 / workers, k) == 0,
                        qPrintable(QStringLiteral("%1 micro-batches at %2 devices").arg(k).arg(workers)));
                    kept.insert(workers);
                }
            }
        }
        QVERIFY(kept.contains(8));
        QVERIFY(f->miniTime);
    }

    // A base that holds a pass a strategy holds once (grad_accumulation, mixed_precision) leaves the
    // frontier's own choices of it out, saying so, and the points' own steps go before the base's
    // accumulation: 14 of the 16 candidates failed otherwise.
    void baseThatAccumulatesKeepsItsMicroBatches()
    {
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth/accumulation/accum1");
        QVERIFY(session);
        const PassStep accumulate { "grad_accumulation", { { "micro_batches", 2.0 } } };
        const PassStep bf16 { "mixed_precision", { { "precision", std::string("bf16") } } };
        LocalExchange local;
        for (const PassStep& held : { accumulate, bf16 }) {
            FrontierOptions options;
            options.prefix = { { held } };
            options.communication = false;
            const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
            QVERIFY2(f, f ? "" : f.status().toString().c_str());
            QVERIFY(!f->failures);
            QVERIFY(says(f->warnings, "the base's step 1 (" + held.pass + ") is one already"));
            QVERIFY(f->points.size() > 1);
            for (const FrontierPoint& p : f->points) {
                QCOMPARE(std::count_if(p.strategy.steps.begin(), p.strategy.steps.end(),
                             [&](const PassStep& s) { return s.pass == held.pass; }),
                    1);
                if (held.pass == "grad_accumulation")
                    QCOMPARE(Candidate::keyOf(p.strategy.steps.back()), Candidate::keyOf(accumulate));
            }
        }
    }

    // Accumulation that the job's own count cannot feed is still a choice at fewer devices, recomputed
    // layers and all: the DDP pair's 2 ranks, their batch cut to 4 samples each, share a global batch
    // of 8, so 8 micro-batches hold half a sample at 2 devices and one sample at 1. The layers' changes
    // under 8 micro-batches are measured at 2 devices, where they are not fed.
    void feedsAccumulationAtFewerDevices()
    {
        const auto session
            = sessionOfFiles(std::string(SIGHTLINE_SOURCE_DIR) + "/tests/fixtures/groundtruth/ddp/bucket25mb");
        QVERIFY(session);
        FrontierOptions options;
        options.prefix = { { PassStep { "batch_size", { { "factor", 0.0625 } } } } };
        options.workers = { 1, 2 };
        options.accumulation = { 1, 8 };
        options.communication = false;
        options.mixedPrecision = false;
        LocalExchange local;
        const auto f = FrontierTracker::track(*session, options, local, std::uint64_t(4) << 30);
        QVERIFY2(f, f ? "" : f.status().toString().c_str());
        QVERIFY(!f->failures);
        QVERIFY(f->unfed > 0);
        const auto accumulates = [](const FrontierPoint& p) { return hasStep(p.strategy, "grad_accumulation"); };
        QCOMPARE(f->byWorkers.size(), std::size_t(2));
        QCOMPARE(f->byWorkers[0].first, 1);
        QVERIFY(std::any_of(f->byWorkers[0].second.begin(), f->byWorkers[0].second.end(),
            [&](const FrontierPoint& p) { return accumulates(p) && hasStep(p.strategy, "recompute"); }));
        QCOMPARE(f->byWorkers[1].first, 2);
        QVERIFY(!f->byWorkers[1].second.empty());
        QVERIFY(std::none_of(f->byWorkers[1].second.begin(), f->byWorkers[1].second.end(), accumulates));
    }
};

QTEST_GUILESS_MAIN(TestFrontier)
#include "tst_frontier.moc"
