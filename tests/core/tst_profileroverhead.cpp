#include "core/exec/profileroverhead.h"
#include "core/import/traceloader.h"
#include "core/session/jobsession.h"

#include "strategyjobs.h"
#include "testsupport.h"

#include <QFileInfo>
#include <QTest>

#include <algorithm>

using namespace sightline;
using namespace sightline::strategyjobs;

// ProfilerOverhead: which jobs carry the profiler's cost, what the estimate counts, and what removal
// takes out of a host-bound step.
class TestProfilerOverhead : public QObject {
    Q_OBJECT

    // A host-bound step of one rank, as the given format records it. Host (us): ProfilerStep#1
    // [0, 70]; aten::add [5, 15], aten::mul [20, 30] (its launch [22, 26]), aten::relu [35, 45],
    // aten::sum [50, 60]; a wait for the device [61, 66]. With gpu, the launch starts a 30 us kernel
    // [26, 56] on a stream.
    // allocations: the profiler recorded the allocator's events (profile_memory), as the calibration did.
    static TracePtr hostBoundJob(const std::string& format, bool gpu, bool allocations = true)
    {
        JobBuilder b;
        b.format = format;
        b.currentStep = 1;
        const std::uint32_t rank = b.rank(0, "node");
        const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
        const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 70 * us);
        const OpId add = b.op(cpu, "aten::add", OpKind::CpuOp, 5 * us, 15 * us);
        const OpId mul = b.op(cpu, "aten::mul", OpKind::CpuOp, 20 * us, 30 * us);
        if (allocations) {
            b.memory(add, 4096);
            b.memory(mul, -4096);
        }
        const OpId launch = b.op(cpu, gpu ? "cudaLaunchKernel" : "aten::empty", gpu ? OpKind::Runtime : OpKind::CpuOp, 22 * us, 26 * us);
        b.op(cpu, "aten::relu", OpKind::CpuOp, 35 * us, 45 * us);
        b.op(cpu, "aten::sum", OpKind::CpuOp, 50 * us, 60 * us);
        b.op(cpu, gpu ? "cudaDeviceSynchronize" : "aten::item", gpu ? OpKind::Sync : OpKind::CpuOp, 61 * us, 66 * us);
        if (gpu) {
            const std::uint32_t stream = b.track(rank, TrackKind::GpuStream, 7);
            const OpId kernel = b.op(stream, "elementwise_kernel", OpKind::ComputeKernel, 26 * us, 56 * us);
            b.link(launch, kernel, LinkKind::Launch);
        }
        b.step(rank, 1, marker);
        return b.finish();
    }

    static bool says(const WhatIfResult& r)
    {
        for (const std::string& w : Message::englishAll(r.warnings)) {
            if (w.find("bound by its host") != std::string::npos)
                return true;
        }
        return false;
    }

    static TimeNs stepOf(const Expected<ReplayResult>& r) { return r->schedule.steps.front().replayed; }

private Q_SLOTS:
    void onlyProfilerTracesCarryIt()
    {
        // A job of another format (a layer-wise profile, a Horovod timeline, a hand-built job) carries
        // no profiler cost; nor does a Chrome trace that is not PyTorch's.
        for (const char* format : { "test", "horovod", "layerwise" }) {
            const auto session = sessionOf(hostBoundJob(format, true));
            const ProfilerOverhead::Estimate e = ProfilerOverhead::estimate(*session->measured());
            QCOMPARE(e.perEventNs, 0.0);
            QCOMPARE(e.hostEvents, std::size_t(0));
            QVERIFY(!e.source.empty());
            const auto same = ProfilerOverhead::remove(session->measured(), e.perEventNs);
            QVERIFY(same && *same == session->measured());
        }
        JobBuilder other;
        other.format = "chrome";
        other.currentStep = 1;
        const std::uint32_t rank = other.rank(0);
        const std::uint32_t cpu = other.track(rank, TrackKind::CpuThread, 1);
        const OpId marker = other.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 20 * us);
        other.op(cpu, "render_frame", OpKind::CpuOp, 5 * us, 15 * us);
        other.step(rank, 1, marker);
        QCOMPARE(ProfilerOverhead::estimate(*sessionOf(other.finish())->measured()).perEventNs, 0.0);
    }

    void estimateByKindOfJob()
    {
        // Kineto with a GPU: the PyTorch profiler's calibrated cost, no warning; the host events are
        // the step marker, the four ops, the launch and the wait (the kernel is not one).
        const ProfilerOverhead::Estimate kineto = ProfilerOverhead::estimate(*sessionOf(hostBoundJob("kineto", true))->measured());
        QCOMPARE(kineto.perEventNs, ProfilerOverhead::kKinetoNs);
        QCOMPARE(kineto.hostEvents, std::size_t(7));
        QCOMPARE(kineto.steps, std::size_t(1));
        QVERIFY(kineto.warning.empty());
        // A CPU-only trace of PyTorch's ops: the CPU profiler's cost, and a warning that the profiler's
        // slowing of the ops' own compute stays in.
        const ProfilerOverhead::Estimate cpu = ProfilerOverhead::estimate(*sessionOf(hostBoundJob("chrome", false))->measured());
        QCOMPARE(cpu.perEventNs, ProfilerOverhead::kCpuProfilerNs);
        QCOMPARE(cpu.hostEvents, std::size_t(7));
        QVERIFY(!cpu.warning.empty());
        // Kineto without allocator events: the profiler likely ran without profile_memory, cheaper than
        // calibrated, and the warning says the estimate may take out too much.
        const ProfilerOverhead::Estimate noMemory
            = ProfilerOverhead::estimate(*sessionOf(hostBoundJob("kineto", true, false))->measured());
        QCOMPARE(noMemory.perEventNs, ProfilerOverhead::kKinetoNs);
        QVERIFY(noMemory.warning.english().find("without profile_memory") != std::string::npos);
        // A cost given replaces the calibrated one, for any job.
        const ProfilerOverhead::Estimate given = ProfilerOverhead::estimate(*sessionOf(hostBoundJob("test", true))->measured(), 1500.0);
        QCOMPARE(given.perEventNs, 1500.0);
        QCOMPARE(given.hostEvents, std::size_t(7));
    }

    void removalShortensTheHostBoundStep()
    {
        // 2 us per event: each op's 5 us gap loses 2 us (the marker its 4 us tail), the wait keeps
        // what it waits for. The kernel ends at 56 - 2 * 2 (the launch comes 4 us sooner) and the
        // step, bound by the host, loses about 2 us per event.
        const auto session = sessionOf(hostBoundJob("kineto", true));
        const auto measured = session->replay({});
        QVERIFY(measured);
        QCOMPARE(stepOf(measured), 70 * us);
        const auto lighter = ProfilerOverhead::remove(session->measured(), 2000.0);
        QVERIFY(lighter && *lighter != session->measured());
        const auto replayed = JobSession::replay(*lighter, {});
        QVERIFY2(replayed, errorOf(replayed).c_str());
        const TimeNs step = stepOf(replayed);
        QVERIFY2(step < 70 * us - 8 * us && step >= 70 * us - 7 * 2 * us, qPrintable(QString::number(step)));
        // Through the session: the baseline takes the estimate out, and 0 leaves the job as measured.
        const auto auto_ = session->baseline({ CommSource::Measured, false, 2000.0 });
        QVERIFY(auto_ && stepOf(Expected<ReplayResult>(*auto_->replay)) == step);
        const auto none = session->baseline({ CommSource::Measured, false, 0.0 });
        QVERIFY(none && none->graph == session->measured() && stepOf(Expected<ReplayResult>(*none->replay)) == 70 * us);
    }

    // HTA's A100 trace is bound by its host. Its NCCL spans on the communication stream used to keep
    // their measured gaps after the stream's previous op (how late the host launched them): with the
    // profiler's cost taken out they held the path, 93 % of it waiting. They now follow their launch.
    void removalKeepsAHostBoundTraceOnItsHost()
    {
        const QString file = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/hta-nccl-a100/nccl_data.json.gz");
        if (!QFileInfo::exists(file))
            QSKIP("../shared/traces is not here");
        auto trace = TraceLoader::load({ toStd(file) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        QVERIFY(session);
        const auto base = session->baseline({ CommSource::Measured, false, std::nullopt });
        QVERIFY2(base, errorOf(base).c_str());
        const CriticalPath& path = base->replay->criticalPath;
        const auto share = [&](PathCategory c) {
            return static_cast<double>(path.total[static_cast<int>(c)]) / static_cast<double>(path.length);
        };
        QVERIFY2(share(PathCategory::Host) > 0.8 && share(PathCategory::Wait) < 0.05,
            qPrintable(
                QStringLiteral("host %1, wait %2").arg(share(PathCategory::Host)).arg(share(PathCategory::Wait))));
    }

    void removalNeverGoesBelowZero()
    {
        // A cost far above every event's time: gaps, tails and durations reach 0 at the least, and the
        // replay still runs every item.
        const auto session = sessionOf(hostBoundJob("kineto", true));
        const ExecutionGraph& g = *session->measured();
        const auto lighter = ProfilerOverhead::remove(session->measured(), 1e6);
        QVERIFY(lighter);
        const ExecutionGraph& h = **lighter;
        QCOMPARE(h.itemCount(), g.itemCount());
        for (std::uint32_t i = 0; i < h.itemCount(); ++i) {
            const ItemId item(i);
            QVERIFY(h.gap(item) >= 0 && h.tail(item) >= 0 && h.minDuration(item) >= 0);
            QVERIFY(h.gap(item) <= g.gap(item) && h.tail(item) <= g.tail(item) && h.minDuration(item) <= g.minDuration(item));
            if (g.onDevice(item) || g.kind(item) == OpKind::Sync)
                QCOMPARE(h.minDuration(item), g.minDuration(item));
        }
        const auto replayed = JobSession::replay(*lighter, {});
        QVERIFY2(replayed, errorOf(replayed).c_str());
        // The kernel still takes its 30 us.
        QVERIFY(stepOf(replayed) >= 30 * us);
    }

    void hostBoundWhatIfsSaySo()
    {
        // The check set's gpt-large: four micro-batches leave it bound by its host, which makes its
        // prediction rest on the profiler's estimated cost; a speed-up of its kernels does not.
        const auto trace = TraceLoader::load({ toStd(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth-gpu2/gpt-large/amp/fp32")) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        const auto micro = session->whatIf({ oneStep("grad_accumulation", { { "micro_batches", 4.0 } }) });
        QVERIFY2(micro, errorOf(micro).c_str());
        QVERIFY(says(*micro));
        // Its two steps' host work differs by a third (35.6 and 46.9 ms without the profiler's cost),
        // and the what-if copies each step's own: the note names them.
        QVERIFY(std::any_of(micro->warnings.begin(), micro->warnings.end(), [](const Message& w) {
            return w.english().find("steps' host work differs by 32 % (rank 0: step 3 35.6 ms, step 4 46.9 ms)") != std::string::npos;
        }));
        const auto faster = session->whatIf({ oneStep("speedup", { { "percent", 10.0 }, { "kind", std::string("compute") } }) });
        QVERIFY2(faster, errorOf(faster).c_str());
        QVERIFY(!says(*faster));
        // Without the profiler's cost taken out there is no estimate to rest on.
        const auto kept = session->whatIf({ oneStep("grad_accumulation", { { "micro_batches", 4.0 } }), {}, { CommSource::Measured, true, 0.0 } });
        QVERIFY(kept && !says(*kept));
    }

    void whatIfsTheRemovalLeftToTheDeviceSaySo()
    {
        // The H200 check set's gpt-large: bf16 shrinks its kernels to about a quarter of the step, so with
        // the profiler's cost per event taken out the device sets the pace; put back, the host work of a
        // step (41.0 ms) outlasts the predicted 25.9 ms. The job without the profiler took 36.1 ms: its
        // host held the step. A speed-up of a tenth leaves the device in charge, and without the cost
        // taken out there is no estimate to rest on.
        const auto trace = TraceLoader::load(
            { toStd(QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/groundtruth-gpu3/gpt-large/amp/fp32")) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        const auto putBack = [](const WhatIfResult& r) {
            return std::any_of(r.warnings.begin(), r.warnings.end(), [](const Message& w) {
                return w.english().find("with the profiler's estimated cost put back, the host work of a step (41.0 "
                                        "ms) outlasts the what-if's "
                                        "iteration (25.9 ms)")
                    != std::string::npos;
            });
        };
        const auto bf16 = session->whatIf({ oneStep("mixed_precision", { { "precision", std::string("bf16") } }) });
        QVERIFY2(bf16, errorOf(bf16).c_str());
        QVERIFY(putBack(*bf16) && says(*bf16));
        const auto faster
            = session->whatIf({ oneStep("speedup", { { "percent", 10.0 }, { "kind", std::string("compute") } }) });
        QVERIFY2(faster, errorOf(faster).c_str());
        QVERIFY(!says(*faster));
        const auto kept = session->whatIf({ oneStep("mixed_precision", { { "precision", std::string("bf16") } }), {},
            { CommSource::Measured, true, 0.0 } });
        QVERIFY(kept && !says(*kept));
    }
};

QTEST_GUILESS_MAIN(TestProfilerOverhead)
#include "tst_profileroverhead.moc"
