// KernelBytes and KernelTraffic: the bytes memory-bound kernels move, by their ops' recorded shapes; the bandwidth the
// job's own elementwise kernels reach; and op_fusion's fused kernels priced by it, with cuDNN's layout
// conversions around convolutions removed.

#include "core/analysis/steptimes.h"
#include "core/cost/devicecatalog.h"
#include "core/exec/analysiscache.h"
#include "core/exec/executiongraph.h"
#include "core/exec/kernelbytes.h"
#include "core/exec/kerneltraffic.h"
#include "core/import/traceloader.h"
#include "core/session/jobsession.h"
#include "core/strategy/strategyrunner.h"

#include "measuredpairs.h"
#include "strategyjobs.h"
#include "testsupport.h"

#include <QTest>

#include <algorithm>

using namespace sightline;
using namespace sightline::strategyjobs;

namespace {

constexpr const char* kTensor = "[[1000000]]"; // 4 MB of floats
constexpr const char* kTwoTensors = "[[1000000],[1000000]]";
constexpr const char* kFloat = "[\"float\"]";
constexpr const char* kTwoFloats = "[\"float\",\"float\"]";
constexpr const char* kConvolutionLayout
    = "void cudnn::engines_precompiled::nchwToNhwcKernel<float, float, float, false, true>";

struct Kernels {
    OpId layout, gemm, add, mul, relu, norm, normCopy, neg, copyLayout, unshaped;
};

// One rank, one step. Each host op launches its kernels (one stream, back to back from 100 us; in us):
// aten::cudnn_convolution a layout conversion (3) and a GEMM (20); aten::add (two 4 MB inputs: 12 MB
// moved) 4; aten::mul (the same) 6; aten::relu (one 12 MB input: 24 MB) 6; aten::native_batch_norm
// (4 MB and four 4 kB inputs) a normalisation kernel 15 and an elementwise one 5; aten::neg (4 MB) 1;
// aten::copy_ a layout conversion outside any convolution 3; aten::foo, without shapes, 5.
TracePtr trafficJob(bool withShapes, Kernels* out = nullptr, const char* device = nullptr)
{
    JobBuilder b;
    b.currentStep = 1;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    if (device) {
        b.device(rank, 0, 16'000'000'000);
        b.d.devices.back().name = b.d.strings.intern(device);
    }
    const OpId marker = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 1000 * us);
    struct Host {
        const char* name;
        const char* dims;
        const char* types;
        std::vector<std::pair<const char*, TimeNs>> kernels;
    };
    const std::vector<Host> hosts {
        { "aten::cudnn_convolution", "[[1000000],[1000]]", kTwoFloats,
            { { kConvolutionLayout, 3 }, { "sm90_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc", 20 } } },
        { "aten::add", kTwoTensors, kTwoFloats, { { "void at::native::vectorized_elementwise_kernel<4, add>", 4 } } },
        { "aten::mul", kTwoTensors, kTwoFloats, { { "void at::native::vectorized_elementwise_kernel<4, mul>", 6 } } },
        { "aten::relu", "[[3000000]]", kFloat, { { "void at::native::vectorized_elementwise_kernel<4, relu>", 6 } } },
        { "aten::native_batch_norm", "[[1000000],[1000],[1000],[1000],[1000]]",
            "[\"float\",\"float\",\"float\",\"float\",\"float\"]",
            { { "void cudnn::bn_fw_tr_1C11_kernel_NCHW<float>", 15 },
                { "void at::native::vectorized_elementwise_kernel<4, copy>", 5 } } },
        { "aten::neg", kTensor, kFloat, { { "void at::native::vectorized_elementwise_kernel<4, neg>", 1 } } },
        { "aten::copy_", kTensor, kFloat, { { "void cudnn::engines_precompiled::nhwcToNchwKernel<float>", 3 } } },
        { "aten::foo", nullptr, nullptr, { { "void at::native::vectorized_elementwise_kernel<4, foo>", 5 } } },
    };
    std::vector<std::pair<OpId, OpId>> launches;
    std::vector<std::pair<const char*, TimeNs>> deviceWork;
    TimeNs at = 10 * us;
    for (const Host& h : hosts) {
        const OpId op = b.op(cpu, h.name, OpKind::CpuOp, at, at + 10 * us * static_cast<TimeNs>(h.kernels.size()));
        if (withShapes && h.dims)
            b.shapes(op, h.dims, h.types);
        for (std::size_t k = 0; k < h.kernels.size(); ++k) {
            const TimeNs launch = at + 2 * us + 10 * us * static_cast<TimeNs>(k);
            launches.emplace_back(b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, launch, launch + 2 * us), OpId());
            deviceWork.push_back(h.kernels[k]);
        }
        at += 10 * us * static_cast<TimeNs>(h.kernels.size()) + 5 * us;
    }
    b.op(cpu, "cudaDeviceSynchronize", OpKind::Sync, at, 990 * us);
    TimeNs t = 200 * us;
    std::vector<OpId> kernels;
    for (std::size_t k = 0; k < deviceWork.size(); ++k) {
        kernels.push_back(b.op(gpu, deviceWork[k].first, OpKind::ComputeKernel, t, t + deviceWork[k].second * us));
        b.link(launches[k].first, kernels.back(), LinkKind::Launch);
        t += deviceWork[k].second * us;
    }
    b.step(rank, 1, marker);
    if (out)
        *out = { kernels[0], kernels[1], kernels[2], kernels[3], kernels[4], kernels[5], kernels[6], kernels[7],
            kernels[8], kernels[9] };
    return b.finish();
}

ItemId itemOf(const ExecutionGraph& g, OpId op)
{
    return g.itemOfOp()[op.value()];
}

const ExecutionGraph& measuredOf(const JobSession& s)
{
    return *s.measured();
}

// The time of the graph's first item of that name; -1 for none.
TimeNs durationNamed(const ExecutionGraph& g, std::string_view name)
{
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (g.name(ItemId(i)) == name)
            return g.minDuration(ItemId(i));
    }
    return -1;
}

// The what-if's iteration over the baseline's.
double ratioOf(const WhatIfResult& r)
{
    return static_cast<double>(StepTimes::iteration(r.whatIf->schedule).replayed)
        / static_cast<double>(StepTimes::iteration(r.baseline->schedule).replayed);
}

bool warns(const WhatIfResult& r, const std::string& text)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(),
        [&](const Message& w) { return w.english().find(text) != std::string::npos; });
}

} // namespace

class TestKernelTraffic : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pricesMemoryBoundKernelsByTheirBytes()
    {
        Kernels k;
        const auto session = sessionOf(trafficJob(true, &k));
        QVERIFY(session);
        const ExecutionGraph& g = measuredOf(*session);
        const KernelBytes bytes(g);
        const KernelTraffic traffic(g, bytes);
        // The single-kernel elementwise ops: add 12 MB in 4 us (3 TB/s), mul 12 MB in 6 (2 TB/s), relu
        // 24 MB in 6 (4 TB/s), neg 8 MB in 1 (8 TB/s), copy_'s layout conversion left out. Weighted by
        // time (4, 6, 6, 1 of 17), the median is add's.
        QCOMPARE(traffic.bandwidth(), 3e12);
        // Batch norm reads its 4.016 MB twice and writes 4 MB: 12.032 MB, of which its normalisation
        // kernel has 15 of the op's 20 us: 3.008 us at 3 TB/s. Its elementwise kernel reads once: 8.016
        // MB, a quarter of it 0.668 us.
        QCOMPARE(traffic.floorOf(itemOf(g, k.norm)), std::optional<TimeNs>(3008));
        QCOMPARE(traffic.floorOf(itemOf(g, k.normCopy)), std::optional<TimeNs>(668));
        QCOMPARE(traffic.floorOf(itemOf(g, k.mul)), std::optional<TimeNs>(4000));
        // Never more than measured: add at its own rate, neg faster than the bandwidth.
        QCOMPARE(traffic.floorOf(itemOf(g, k.add)), std::optional<TimeNs>(4000));
        QCOMPARE(traffic.floorOf(itemOf(g, k.neg)), std::optional<TimeNs>(1000));
        // Matrix kernels and kernels of ops without shapes are not priced.
        QCOMPARE(traffic.floorOf(itemOf(g, k.gemm)), std::nullopt);
        QCOMPARE(traffic.floorOf(itemOf(g, k.unshaped)), std::nullopt);
        // The normalisation kernel's 4 MB output, written and read back, three quarters of it: 2 us.
        QCOMPARE(traffic.outputRoundTrip(itemOf(g, k.norm)), std::optional<TimeNs>(2000));
        // Only a convolution's layout conversions are named.
        QVERIFY(bytes.convolutionLayout(itemOf(g, k.layout)));
        QVERIFY(!bytes.convolutionLayout(itemOf(g, k.copyLayout)));
        QVERIFY(!bytes.convolutionLayout(itemOf(g, k.add)));
    }

    void withoutShapesNothingIsPriced()
    {
        Kernels k;
        const auto session = sessionOf(trafficJob(false, &k));
        QVERIFY(session);
        const ExecutionGraph& g = measuredOf(*session);
        const KernelBytes bytes(g);
        const KernelTraffic traffic(g, bytes);
        QCOMPARE(traffic.bandwidth(), 0.0);
        QCOMPARE(traffic.floorOf(itemOf(g, k.norm)), std::nullopt);
        QVERIFY(bytes.convolutionLayout(itemOf(g, k.layout)));
    }

    void bytesAreKeptWhereCostsAloneChange()
    {
        // The op behind each kernel and its bytes depend on the graph's items and edges alone: found once,
        // a speed-up that re-costs items hands them on. The traffic follows the new times: kernels a fifth
        // faster measure a bandwidth a quarter higher (3.75 TB/s), and each price is a fifth shorter.
        Kernels k;
        const auto session = sessionOf(trafficJob(true, &k));
        QVERIFY(session);
        auto cache = std::make_shared<AnalysisCache>(session->measured());
        const KernelBytes& bytes = cache->kernelBytes();
        QVERIFY((cache->found() & AnalysisCache::Bytes) != 0);
        WhatIfJob job { session->measured(), {}, {}, session->maxWhatIfItems(), cache };
        const auto faster = StrategyRunner::apply(oneStep("speedup", { { "percent", 20.0 } }), job);
        QVERIFY2(faster, errorOf(faster).c_str());
        QCOMPARE(&faster->analysisCache->kernelBytes(), &bytes);
        const ExecutionGraph& g = *faster->graph;
        const KernelTraffic traffic(g, bytes);
        QCOMPARE(traffic.bandwidth(), 3.75e12);
        QCOMPARE(traffic.floorOf(itemOf(g, k.norm)), std::optional<TimeNs>(2406));
        // A rewrite of the graph's items (a fusion) finds them again.
        const auto fused = StrategyRunner::apply(oneStep("op_fusion", {}), job);
        QVERIFY2(fused, errorOf(fused).c_str());
        QCOMPARE(fused->analysisCache->found() & AnalysisCache::Bytes, AnalysisCache::Set(0));
        QVERIFY(&fused->analysisCache->kernelBytes() != &bytes);
    }

    void layoutConversionsNamedByTheirKernel()
    {
        QVERIFY(
            KernelBytes::isLayoutConversion("void cudnn::engines_precompiled::nchwToNhwcKernel<float, float>(int)"));
        QVERIFY(KernelBytes::isLayoutConversion("void cudnn::engines_precompiled::nhwcToNchwKernel<float>"));
        // A template argument that names a layout does not make the kernel one.
        QVERIFY(!KernelBytes::isLayoutConversion("void at::native::elementwise_kernel<nchwToNhwc>"));
        QVERIFY(!KernelBytes::isLayoutConversion("sm90_xmma_fprop_implicit_gemm_nhwckrsc_nhwc"));
    }

    void fusionTakesTheTrafficsTime()
    {
        // The layout conversion between the host's first launch and the GEMM is in no run: it goes. The
        // rest fuse into one kernel: add 4, mul 4, relu 6 (its 8 us at the bandwidth is more than it
        // measured), norm 3.008 + 0.668, neg 1, copy_'s layout conversion (not a convolution's: 8 MB)
        // 2.667, foo unpriced at its 5: 26.343 us.
        const auto session = sessionOf(trafficJob(true));
        QVERIFY(session);
        const auto r = session->whatIf({ oneStep("op_fusion", {}), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        const ExecutionGraph& g = *r->whatIf->graph;
        QCOMPARE(durationNamed(g, "fused: 8 ops"), TimeNs(26343));
        QCOMPARE(durationNamed(g, kConvolutionLayout), TimeNs(0));
        QVERIFY(warns(*r, "8 kernels fused into 1"));
        QVERIFY(warns(*r, "1 layout conversions around convolutions removed"));
        // The outputs passed on inside the run (all but foo's) make a round trip of 2 x 4 MB each, and
        // relu's of 12 MB, at 3 TB/s and by their ops' shares: 21.3 us, up to 31 % of the 68 us of kernel time.
        QVERIFY(warns(*r, "may take up to 31 % less of the device's kernel time"));
        // cost ratio and layouts keep: the measured sum, 45 us, and the conversion's 3 us.
        const auto kept = session->whatIf(
            { oneStep("op_fusion", { { "cost", std::string("ratio") }, { "layouts", std::string("keep") } }), {},
                { CommSource::Measured, false } });
        QVERIFY2(kept, errorOf(kept).c_str());
        QCOMPARE(durationNamed(*kept->whatIf->graph, "fused: 8 ops"), 45 * us);
        QCOMPARE(durationNamed(*kept->whatIf->graph, kConvolutionLayout), 3 * us);
        QVERIFY(!warns(*kept, "layout conversions"));
        QVERIFY(!warns(*kept, "keeps them on chip"));
        // Unpriced, the memory-bound kernels take 48 of the 68 us: the compiler may do better.
        QVERIFY(warns(*kept, "take 71 % of the device's kernel time"));
    }

    void bandwidthAboveTheDatasheetSaysSo()
    {
        // The job's kernels move 3 TB/s; a V100's memory moves 0.9: caches served them, and the result
        // says the prices may be too short. On an H100 (3.35 TB/s) it says nothing.
        const auto onV100 = sessionOf(trafficJob(true, nullptr, "Tesla V100-SXM2-16GB"));
        QVERIFY(onV100);
        const auto r = onV100->whatIf({ oneStep("op_fusion", {}), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        QVERIFY(warns(*r,
            "moved their bytes at 3.00 TB/s, more than the 0.90 TB/s of memory bandwidth its device's datasheet gives "
            "(V100 SXM2)"));
        const auto onH100 = sessionOf(trafficJob(true, nullptr, "NVIDIA H100 80GB HBM3"));
        QVERIFY(onH100);
        const auto quiet = onH100->whatIf({ oneStep("op_fusion", {}), {}, { CommSource::Measured, false } });
        QVERIFY2(quiet, errorOf(quiet).c_str());
        QVERIFY(!warns(*quiet, "caches served them"));
    }

    // The GPU check sets' convnet: its bandwidth lies below the datasheet's and above half of it, and
    // torch.compile's ratio (op_fusion of the elementwise kernels, as the fidelity benchmark runs it) is
    // within 10 % of the unprofiled runs'.
    void compiledConvnetAsMeasured_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("device");
        QTest::newRow("h100") << QStringLiteral("groundtruth-gpu2/convnet") << QStringLiteral("NVIDIA H100 80GB HBM3");
        QTest::newRow("h200") << QStringLiteral("groundtruth-gpu3/convnet") << QStringLiteral("NVIDIA H200");
    }

    void compiledConvnetAsMeasured()
    {
        QFETCH(QString, dir);
        QFETCH(QString, device);
        const QString root = QStringLiteral(SIGHTLINE_SOURCE_DIR "/tests/fixtures/") + dir;
        const auto trace = TraceLoader::load({ toStd(root + QStringLiteral("/amp/fp32")) });
        QVERIFY(trace);
        const auto session = sessionOf(*trace);
        QVERIFY(session);
        const KernelBytes bytes(measuredOf(*session));
        const double bandwidth = KernelTraffic(measuredOf(*session), bytes).bandwidth();
        const auto spec = DeviceCatalog::find(toStd(device));
        QVERIFY(spec);
        qInfo("%s: %.2f TB/s of the datasheet's %.2f", qPrintable(dir), bandwidth / 1e12, spec->memoryGBps / 1e3);
        QVERIFY(bandwidth <= spec->memoryGBps * 1e9);
        QVERIFY(bandwidth >= spec->memoryGBps * 1e9 / 2);

        const double measured = measuredpairs::ratio(
            measuredpairs::read(root + QStringLiteral("/measurements.json")), QStringLiteral("compile"));
        QVERIFY(measured > 0);
        const auto r = session->whatIf({ oneStep("op_fusion", { { "kernels", std::string("elementwise") } }) });
        QVERIFY2(r, errorOf(r).c_str());
        const double predicted = ratioOf(*r);
        qInfo("compiled: measured %.3f, predicted %.3f", measured, predicted);
        QVERIFY(std::abs(predicted / measured - 1) <= 0.10);
        // cuDNN's layout conversions go, and the rest is said: intermediates kept on chip.
        QVERIFY(warns(*r, "layout conversions around convolutions removed"));
        QVERIFY(warns(*r, "keeps them on chip"));
        QVERIFY(!warns(*r, "caches served them"));
        // Priced by the measured sum instead, the ratio is far off and says so.
        const auto sum = session->whatIf({ oneStep("op_fusion",
            { { "kernels", std::string("elementwise") }, { "cost", std::string("ratio") },
                { "layouts", std::string("keep") } }) });
        QVERIFY2(sum, errorOf(sum).c_str());
        QVERIFY(ratioOf(*sum) > 1.5 * measured);
        QVERIFY(warns(*sum, "memory traffic"));
    }
};

QTEST_GUILESS_MAIN(TestKernelTraffic)
#include "tst_kerneltraffic.moc"
