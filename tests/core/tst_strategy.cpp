// Strategies: the pass registry's checks of steps and parameters, and the speedup, straggler and
// network passes on hand-built jobs with hand-computed results, through the session's what-if.

#include "core/base/resourcelimits.h"
#include "core/exec/costextractor.h"
#include "core/graph/dependencygraph.h"
#include "core/session/jobsession.h"
#include "core/strategy/passregistry.h"
#include "core/strategy/strategyrunner.h"

#include "jobbuilder.h"
#include "testsupport.h"

#include <QFile>
#include <QTest>

using namespace sightline;

namespace {

constexpr TimeNs us = 1000;

// Ranks, each a step on a host thread that launches a kernel and an all-reduce of 1 MB, then waits for
// the device. Rank r's kernel takes kernelUs[r]; its part of the all-reduce starts when the kernel is
// done, and all end 100 us after the slowest kernel.
TracePtr allReduceJob(const std::vector<TimeNs>& kernelUs)
{
    JobBuilder b;
    b.currentStep = 1;
    std::vector<OpId> colls;
    const TimeNs slowest = *std::max_element(kernelUs.begin(), kernelUs.end());
    for (std::size_t r = 0; r < kernelUs.size(); ++r) {
        const std::uint32_t rank = b.rank(static_cast<int>(r), "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
        const std::uint32_t nccl = b.track(rank, TrackKind::GpuStream, 20);
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, (slowest + 200) * us);
        const OpId launchK = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 1 * us, 2 * us);
        const OpId launchC = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 3 * us, 4 * us);
        b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, 5 * us, (slowest + 106) * us);
        const OpId kernel = b.op(gpu, "gemm", OpKind::ComputeKernel, 5 * us, (5 + kernelUs[r]) * us);
        const OpId coll = b.op(nccl, "ncclDevKernel_AllReduce", OpKind::Collective, (5 + kernelUs[r]) * us, (slowest + 105) * us);
        b.link(launchK, kernel, LinkKind::Launch);
        b.link(launchC, coll, LinkKind::Launch);
        b.step(rank, 1, marker);
        colls.push_back(coll);
    }
    for (OpId c : colls)
        b.comm(c, "all_reduce", "0", 1'000'000, static_cast<int>(kernelUs.size()));
    return b.finish();
}

std::shared_ptr<const JobSession> sessionOf(const TracePtr& trace)
{
    SessionOptions o;
    o.align = false;
    auto s = JobSession::open(trace, o, {});
    return s ? *s : nullptr;
}

Strategy oneStep(const std::string& pass, std::map<std::string, ParameterValue> params)
{
    return Strategy { { PassStep { pass, std::move(params) } } };
}

TimeNs stepTime(const ReplayResult& r)
{
    return r.schedule.steps.empty() ? -1 : r.schedule.steps.front().replayed;
}

} // namespace

class TestStrategy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stepsAreChecked()
    {
        QVERIFY(StrategyRunner::validate(oneStep("speedup", { { "percent", 20.0 } })).ok());
        // Numbers may come as text (from --set).
        QVERIFY(StrategyRunner::validate(oneStep("speedup", { { "percent", std::string("20") } })).ok());
        auto detail = [](const Strategy& s) { return StrategyRunner::validate(s).detail(); };
        QVERIFY(QString::fromStdString(detail(oneStep("fusion", {}))).contains(QStringLiteral("unknown pass 'fusion'")));
        QVERIFY(QString::fromStdString(detail(oneStep("speedup", { { "percent", 5.0 }, { "pct", 5.0 } })))
                    .contains(QStringLiteral("unknown parameter 'pct'")));
        QVERIFY(QString::fromStdString(detail(oneStep("speedup", {}))).contains(QStringLiteral("'percent' is required")));
        QVERIFY(QString::fromStdString(detail(oneStep("speedup", { { "percent", 100.0 } }))).contains(QStringLiteral("must lie in")));
        QVERIFY(QString::fromStdString(detail(oneStep("speedup", { { "percent", std::string("fast") } }))).contains(QStringLiteral("wants a number")));
        QVERIFY(QString::fromStdString(detail(oneStep("straggler", { { "rank", 1.5 } }))).contains(QStringLiteral("whole number")));
        QVERIFY(QString::fromStdString(detail(oneStep("network", { { "intra_host", std::string("infiniband") } })))
                    .contains(QStringLiteral("one of nvlink, pcie")));
        // The second step is named when it is the bad one.
        Strategy two = oneStep("speedup", { { "percent", 10.0 } });
        two.steps.push_back({ "straggler", {} });
        QVERIFY(QString::fromStdString(detail(two)).startsWith(QStringLiteral("step 2:")));
        // Every pass documents its parameters.
        for (const Pass* p : PassRegistry::all()) {
            QVERIFY(!p->summary().empty());
            for (const ParameterSpec& spec : p->parameters())
                QVERIFY2(!spec.help.empty(), spec.name.c_str());
        }
    }

    void documentationListsEveryParameter()
    {
        // docs/strategy.md has a section per pass and a table row per parameter.
        QFile doc(QStringLiteral(SIGHTLINE_SOURCE_DIR "/docs/strategy.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        for (const Pass* p : PassRegistry::all()) {
            const QString pass = QString::fromUtf8(p->name().data(), static_cast<qsizetype>(p->name().size()));
            const qsizetype section = text.indexOf(QStringLiteral("### `%1`").arg(pass));
            QVERIFY2(section >= 0, qPrintable(pass));
            const qsizetype next = text.indexOf(QStringLiteral("\n### "), section + 1);
            const QString body = text.mid(section, next < 0 ? -1 : next - section);
            for (const ParameterSpec& spec : p->parameters())
                QVERIFY2(body.contains(QStringLiteral("| `%1` |").arg(QString::fromStdString(spec.name))), qPrintable(pass + QLatin1Char('.') + QString::fromStdString(spec.name)));
        }
    }

    void speedupShortensTheMatchedItems()
    {
        // One rank: its 100 us kernel made 20% faster ends 20 us earlier, and so does the step.
        const auto session = sessionOf(allReduceJob({ 100 }));
        QVERIFY(session);
        const auto r = session->whatIf(oneStep("speedup", { { "percent", 20.0 }, { "match", std::string("gemm") } }), {}, false);
        QVERIFY2(r, errorOf(r).c_str());
        QCOMPARE(stepTime(r->baseline), 300 * us);
        QCOMPARE(stepTime(r->whatIf) - stepTime(r->baseline), -20 * us);
        QVERIFY(r->warnings.empty());
        // Nothing matched: a warning, and the same job.
        const auto none = session->whatIf(oneStep("speedup", { { "percent", 20.0 }, { "match", std::string("conv*") } }), {}, false);
        QVERIFY(none);
        QCOMPARE(stepTime(none->whatIf), stepTime(none->baseline));
        QCOMPARE(none->warnings.size(), std::size_t(1));
        // The measured session is untouched by either.
        QCOMPARE(stepTime(*session->replay({})), 300 * us);
    }

    void stragglerTakesTheOthersMedian()
    {
        // Three ranks compute for 100, 120 and 400 us; the all-reduce waits for the last. Giving rank 2
        // the median of the others (110 us: the upper middle of two is 120) ends the wait 280 us sooner.
        const auto session = sessionOf(allReduceJob({ 100, 120, 400 }));
        QVERIFY(session);
        const auto r = session->whatIf(oneStep("straggler", { { "rank", 2.0 } }), {}, false);
        QVERIFY2(r, errorOf(r).c_str());
        for (std::size_t k = 0; k < r->whatIf.schedule.steps.size(); ++k)
            QCOMPARE(r->whatIf.schedule.steps[k].replayed - r->baseline.schedule.steps[k].replayed, -280 * us);
        const auto missing = session->whatIf(oneStep("straggler", { { "rank", 9.0 } }), {}, false);
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.status().detail()).contains(QStringLiteral("rank 9 is not in the job")));
    }

    void networkBandwidthScalesTransfers()
    {
        // Two ranks on one host: a ring all-reduce of 1 MB moves 1 MB over NVLink. At 100 GB/s with no
        // latency that is 10 us; twice the bandwidth, 5 us. Both replays use the cost model.
        const auto session = sessionOf(allReduceJob({ 100, 100 }));
        QVERIFY(session);
        Strategy s = oneStep("network", { { "nvlink_gbps", 100.0 }, { "nvlink_latency_us", 0.0 } });
        const auto base = session->whatIf(s, {}, false);
        QVERIFY2(base, errorOf(base).c_str());
        QCOMPARE(base->whatIfOptions.communication, CommSource::CostModel);
        QCOMPARE(base->baselineOptions.communication, CommSource::CostModel);
        s.steps.front().params["bandwidth_scale"] = 2.0;
        const auto faster = session->whatIf(s, {}, false);
        QVERIFY2(faster, errorOf(faster).c_str());
        QCOMPARE(stepTime(base->whatIf) - stepTime(faster->whatIf), 5 * us);
        QVERIFY(stepTime(faster->whatIf) <= stepTime(faster->baseline));
    }
};

QTEST_GUILESS_MAIN(TestStrategy)
#include "tst_strategy.moc"
