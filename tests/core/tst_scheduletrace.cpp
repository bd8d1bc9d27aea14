// Replays made into a job: the what-if alone and beside its baseline, on hand-built jobs with known
// layouts and on a real 8-rank trace.

#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/replay/scheduletrace.h"

#include "strategyjobs.h"
#include "testsupport.h"

#include <QFileInfo>
#include <QTest>

#include <tuple>

using namespace sightline;
using namespace sightline::strategyjobs;

namespace {

std::string nameOf(const Trace& t, TrackId track)
{
    return std::string(t.string(t.trackInfo(track).name));
}

// Every op is its item at its replayed times, and every replayed item on a track is exactly one op.
void checkOpsAreItems(const ScheduleTrace::Result& r, std::span<const ScheduleTrace::Layer> layers)
{
    const Trace& t = *r.trace;
    for (std::uint32_t v = 0; v < t.opCount(); ++v) {
        const OpId op(v);
        const ScheduleTrace::Layer& l = layers[r.layerOf(op)];
        const ItemId item = r.itemOf[v];
        QCOMPARE(t.start(op), l.schedule->start[item.value()]);
        QCOMPARE(t.end(op), l.schedule->end[item.value()]);
        QCOMPARE(t.kind(op), l.graph->kind(item));
        QCOMPARE(t.string(t.name(op)), l.graph->name(item));
        QCOMPARE(r.opOfItem[r.layerOf(op)][item.value()], op);
        QCOMPARE(bool(r.synthetic[v]), l.graph->hasFlag(item, ExecutionGraph::Synthetic)
                || !l.graph->ranks()[l.graph->tracks()[l.graph->track(item).value()].rank.value()].measured.isValid());
        // The arguments of the measured op an item stands for one to one, with the same texts.
        const Trace& base = l.graph->trace();
        const auto origin = l.graph->origin(item);
        const ShapeArgs* shapes = origin.size() == 1 ? base.shapes(origin.front()) : nullptr;
        QCOMPARE(t.shapes(op) != nullptr, shapes != nullptr);
        if (shapes) {
            QCOMPARE(t.string(t.shapes(op)->dims), base.string(shapes->dims));
            QCOMPARE(t.string(t.shapes(op)->types), base.string(shapes->types));
        }
        const CommArgs* comm = origin.size() == 1 ? base.commArgs(origin.front()) : nullptr;
        QCOMPARE(t.commArgs(op) != nullptr, comm != nullptr);
        if (comm) {
            const CommArgs& made = *t.commArgs(op);
            QCOMPARE(t.string(made.collective), base.string(comm->collective));
            QCOMPARE(t.string(made.processGroup), base.string(comm->processGroup));
            QCOMPARE(t.string(made.groupRanks), base.string(comm->groupRanks));
            QCOMPARE(t.string(made.dtype), base.string(comm->dtype));
            QCOMPARE(made.inNelems, comm->inNelems);
            QCOMPARE(made.groupSize, comm->groupSize);
        }
    }
    // Each track's ops by start, longer first on ties, then by item.
    for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
        const TrackInfo& info = t.trackInfo(TrackId(tr));
        for (std::uint32_t v = info.firstOp + 1; v < info.firstOp + info.opCount; ++v) {
            const OpId a(v - 1), b(v);
            QVERIFY(std::tuple(t.start(a), t.end(b), r.itemOf[v - 1]) < std::tuple(t.start(b), t.end(a), r.itemOf[v]));
        }
    }
    for (std::size_t k = 0; k < layers.size(); ++k) {
        const ExecutionGraph& g = *layers[k].graph;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const bool drawn = g.track(ItemId(i)).isValid() && layers[k].schedule->replayed(i);
            QCOMPARE(r.opOfItem[k][i].isValid(), drawn);
        }
    }
}

// Two jobs made of the same layers, column by column and argument by argument.
void compareJobs(const ScheduleTrace::Result& a, const ScheduleTrace::Result& b)
{
    const Trace& x = *a.trace;
    const Trace& y = *b.trace;
    QCOMPARE(x.opCount(), y.opCount());
    const auto text = [](const Trace& t, StringId id) { return std::string(t.string(id)); };
    for (std::uint32_t v = 0; v < x.opCount(); ++v) {
        const OpId op(v);
        QCOMPARE(x.start(op), y.start(op));
        QCOMPARE(x.end(op), y.end(op));
        QCOMPARE(x.track(op), y.track(op));
        QCOMPARE(text(x, x.name(op)), text(y, y.name(op)));
        QCOMPARE(text(x, x.category(op)), text(y, y.category(op)));
        QCOMPARE(x.kind(op), y.kind(op));
        QCOMPARE(x.phase(op), y.phase(op));
        QCOMPARE(x.step(op), y.step(op));
        QCOMPARE(x.bytes(op), y.bytes(op));
        QCOMPARE(a.synthetic[v], b.synthetic[v]);
    }
    QVERIFY(!x.commArgsTable().empty() && !x.shapesTable().empty());
    QCOMPARE(x.commArgsTable().size(), y.commArgsTable().size());
    for (std::size_t e = 0; e < x.commArgsTable().size(); ++e) {
        const auto& [xo, xc] = x.commArgsTable()[e];
        const auto& [yo, yc] = y.commArgsTable()[e];
        QCOMPARE(xo, yo);
        QCOMPARE(text(x, xc.collective), text(y, yc.collective));
        QCOMPARE(text(x, xc.groupRanks), text(y, yc.groupRanks));
        QCOMPARE(xc.inNelems, yc.inNelems);
    }
    QCOMPARE(x.shapesTable().size(), y.shapesTable().size());
    for (std::size_t e = 0; e < x.shapesTable().size(); ++e) {
        QCOMPARE(x.shapesTable()[e].first, y.shapesTable()[e].first);
        QCOMPARE(text(x, x.shapesTable()[e].second.dims), text(y, y.shapesTable()[e].second.dims));
    }
}

} // namespace

class TestScheduleTrace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void addedRanksBecomeRanksOfTheirOwn()
    {
        // Two ranks doubled: the what-if has ranks 0-3; 2 and 3 copy 0 and 1 and are synthetic.
        const auto session = sessionOf(allReduceJob({ 100, 120 }));
        QVERIFY(session);
        const auto r = session->whatIf({ oneStep("worker_count", { { "workers", 4.0 } }), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        const ScheduleTrace::Layer layers[] = { { r->whatIf->graph.get(), &r->whatIf->schedule, "" } };
        const auto made = ScheduleTrace::build(layers);
        QVERIFY2(made, errorOf(made).c_str());
        const Trace& t = *made->trace;
        QCOMPARE(t.format(), std::string("replay"));
        QCOMPARE(t.ranks().size(), std::size_t(4));
        QCOMPARE(t.worldSize(), 4);
        for (std::uint32_t k = 0; k < 4; ++k) {
            const RankInfo& rank = t.rankInfo(RankId(k));
            QCOMPARE(rank.rank, static_cast<std::int32_t>(k));
            QCOMPARE(rank.trackCount, 3u); // the host thread and both streams, named as the measured ones
            QCOMPARE(nameOf(t, TrackId(rank.firstTrack)), nameOf(session->trace(), TrackId(session->trace().rankInfo(RankId(k % 2)).firstTrack)));
            for (std::uint32_t tr = rank.firstTrack; tr < rank.firstTrack + rank.trackCount; ++tr) {
                const TrackInfo& info = t.trackInfo(TrackId(tr));
                for (std::uint32_t v = info.firstOp; v < info.firstOp + info.opCount; ++v)
                    QCOMPARE(bool(made->synthetic[v]), k >= 2);
            }
        }
        QCOMPARE(t.string(t.rankInfo(RankId(3)).processName), std::string_view("rank 3 (added)"));
        QCOMPARE(made->addedRank, (std::vector<std::uint8_t> { 0, 0, 1, 1 }));
        // One step per rank, the replayed ProfilerStep.
        QCOMPARE(t.steps().size(), std::size_t(4));
        for (const StepSpan& s : t.steps())
            QCOMPARE(t.string(t.name(s.marker)), std::string_view("ProfilerStep#1"));
        checkOpsAreItems(*made, layers);
    }

    void itemsNoReplayReachedAreLeftOut()
    {
        // Every third item not replayed, the first of each track among them: those are left out, the
        // tracks of the added ranks still stand for the measured ones, and a preparation made on one
        // thread beforehand gives the job build() makes with its own.
        const auto session = sessionOf(allReduceJob({ 100, 120 }));
        QVERIFY(session);
        const auto r = session->whatIf({ oneStep("worker_count", { { "workers", 4.0 } }), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        const ExecutionGraph& g = *r->whatIf->graph;
        Schedule partial = r->whatIf->schedule;
        std::uint32_t left = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            if (i % 3 == 0) {
                partial.start[i] = partial.end[i] = Schedule::kNotReplayed;
                left += g.track(ItemId(i)).isValid() ? 1 : 0;
            }
        }
        QVERIFY(left > 0);
        const ScheduleTrace::Layer layers[] = { { &g, &partial, "" } };
        const auto made = ScheduleTrace::build(layers);
        QVERIFY2(made, errorOf(made).c_str());
        checkOpsAreItems(*made, layers);
        const Trace& t = *made->trace;
        QCOMPARE(t.ranks().size(), std::size_t(4));
        for (std::uint32_t k = 2; k < 4; ++k)
            QCOMPARE(nameOf(t, TrackId(t.rankInfo(RankId(k)).firstTrack)), nameOf(session->trace(), TrackId(session->trace().rankInfo(RankId(k % 2)).firstTrack)));
        const ScheduleTrace::Layer prepared[] = { { &g, &partial, "", ScheduleTrace::prepare(g, true) } };
        const auto again = ScheduleTrace::build(prepared);
        QVERIFY2(again, errorOf(again).c_str());
        QCOMPARE(again->itemOf, made->itemOf);
        QCOMPARE(again->trackLayer, made->trackLayer);
        QCOMPARE(again->trace->tracks().size(), t.tracks().size());
        for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr)
            QCOMPARE(nameOf(*again->trace, TrackId(tr)), nameOf(t, TrackId(tr)));
    }

    void baselineAndWhatIfInterleave()
    {
        // Both replays in one job: each measured track, then its what-if track, named apart.
        const auto session = sessionOf(allReduceJob({ 100, 120 }));
        QVERIFY(session);
        const auto r = session->whatIf({ oneStep("speedup", { { "percent", 50.0 }, { "match", std::string("gemm") } }), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        const ScheduleTrace::Layer layers[] = { { r->baseline->graph.get(), &r->baseline->schedule, "" },
            { r->whatIf->graph.get(), &r->whatIf->schedule, " (what-if)" } };
        const auto made = ScheduleTrace::build(layers);
        QVERIFY2(made, errorOf(made).c_str());
        const Trace& t = *made->trace;
        const Trace& measured = session->trace();
        QCOMPARE(t.ranks().size(), std::size_t(2));
        QCOMPARE(t.tracks().size(), 2 * measured.tracks().size());
        for (std::uint32_t tr = 0; tr < t.tracks().size(); ++tr) {
            QCOMPARE(made->trackLayer[tr], std::uint8_t(tr % 2));
            const std::string name = nameOf(measured, TrackId(tr / 2)) + (tr % 2 ? " (what-if)" : "");
            QCOMPARE(nameOf(t, TrackId(tr)), name);
        }
        // The GEMM of the what-if is half as long as the baseline's, and nothing is synthetic.
        int gemms = 0;
        for (std::uint32_t v = 0; v < t.opCount(); ++v) {
            QVERIFY(!made->synthetic[v]);
            if (t.string(t.name(OpId(v))) != "gemm" || made->layerOf(OpId(v)) != 1)
                continue;
            const OpId baseline = made->opOfItem[0][layers[0].graph->itemOfOp()[layers[1].graph->origin(made->itemOf[v]).front().value()].value()];
            QCOMPARE(t.duration(OpId(v)) * 2, t.duration(baseline));
            ++gemms;
        }
        QCOMPARE(gemms, 2);
        checkOpsAreItems(*made, layers);
    }

    void badLayersAreRefused()
    {
        QVERIFY(!ScheduleTrace::build({}));
        const auto a = sessionOf(forwardJob());
        const auto b = sessionOf(kernelChainJob());
        const auto ra = a->replay({});
        const auto rb = b->replay({});
        QVERIFY(ra && rb);
        const ScheduleTrace::Layer mixed[] = { { ra->graph.get(), &ra->schedule, "" }, { rb->graph.get(), &rb->schedule, "" } };
        const auto made = ScheduleTrace::build(mixed);
        QVERIFY(!made);
        QCOMPARE(made.status().code(), ErrorCode::InvalidArgument);
    }

    void fusedBucketsOnDlrm()
    {
        // The 8-rank DLRM job with 100 MB buckets, beside its baseline: every replayed item is drawn
        // once, and the buckets are synthetic.
        const QString dir = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/dlrm-8xV100");
        if (!QFileInfo::exists(dir))
            QSKIP("../shared/traces is not here");
        const auto session = sessionOfFiles(toStd(dir));
        QVERIFY(session);
        const auto r = session->whatIf({ oneStep("tensor_fusion", { { "bucket_cap_mb", 100.0 } }), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        const ScheduleTrace::Layer layers[] = { { r->baseline->graph.get(), &r->baseline->schedule, "" },
            { r->whatIf->graph.get(), &r->whatIf->schedule, " (what-if)" } };
        const auto made = ScheduleTrace::build(layers);
        QVERIFY2(made, errorOf(made).c_str());
        QCOMPARE(made->trace->ranks().size(), std::size_t(8));
        std::size_t synthetic = 0;
        for (std::uint32_t v = 0; v < made->trace->opCount(); ++v)
            synthetic += made->synthetic[v];
        QVERIFY(synthetic > 0);
        checkOpsAreItems(*made, layers);
        // Layers prepared before (as the window prepares the what-if while it replays, on one thread,
        // and keeps the baseline's) make the same job; a preparation of another graph is refused.
        const ScheduleTrace::Layer prepared[] = { { r->baseline->graph.get(), &r->baseline->schedule, "", ScheduleTrace::prepare(*r->baseline->graph) },
            { r->whatIf->graph.get(), &r->whatIf->schedule, " (what-if)", ScheduleTrace::prepare(*r->whatIf->graph, true) } };
        const auto same = ScheduleTrace::build(prepared);
        QVERIFY2(same, errorOf(same).c_str());
        compareJobs(*made, *same);
        const ScheduleTrace::Layer swapped[] = { { r->whatIf->graph.get(), &r->whatIf->schedule, "", prepared[0].prepared } };
        const auto refused = ScheduleTrace::build(swapped);
        QVERIFY(!refused);
        QCOMPARE(refused.status().code(), ErrorCode::InvalidArgument);
    }

    void tracksComeOutInStartOrder()
    {
        // The tracks' items come in a few runs in order (the measured items, then the micro-batches'
        // copies), which are merged; mirrored in time, every item is a run of its own. Either way each
        // track's ops come out by start.
        const QString dir = QStringLiteral(SIGHTLINE_TRACES_DIR "/kineto/dlrm-8xV100");
        if (!QFileInfo::exists(dir))
            QSKIP("../shared/traces is not here");
        const auto session = sessionOfFiles(toStd(dir));
        QVERIFY(session);
        const auto r = session->whatIf({ oneStep("grad_accumulation", { { "micro_batches", 2.0 } }), {}, { CommSource::Measured, false } });
        QVERIFY2(r, errorOf(r).c_str());
        const ScheduleTrace::Layer layers[] = { { r->whatIf->graph.get(), &r->whatIf->schedule, "" } };
        const auto made = ScheduleTrace::build(layers);
        QVERIFY2(made, errorOf(made).c_str());
        QVERIFY(made->trace->opCount() > r->baseline->graph->itemCount());
        checkOpsAreItems(*made, layers);
        Schedule mirrored = r->whatIf->schedule;
        for (std::size_t i = 0; i < mirrored.start.size(); ++i) {
            if (mirrored.replayed(static_cast<std::uint32_t>(i)))
                std::tie(mirrored.start[i], mirrored.end[i]) = std::pair(-mirrored.end[i], -mirrored.start[i]);
        }
        const ScheduleTrace::Layer backwards[] = { { r->whatIf->graph.get(), &mirrored, "" } };
        const auto reversed = ScheduleTrace::build(backwards);
        QVERIFY2(reversed, errorOf(reversed).c_str());
        checkOpsAreItems(*reversed, backwards);
    }
};

QTEST_GUILESS_MAIN(TestScheduleTrace)
#include "tst_scheduletrace.moc"
