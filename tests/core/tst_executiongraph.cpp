// The execution graph and its builder, the cost extractor's scope and layout, and replays of rewritten
// graphs: a synthetic item replays, shows on the critical path and carries its own name; a graph that
// waits in a cycle is refused.

#include "core/analysis/criticalpath.h"
#include "core/exec/costextractor.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/subgraphcopy.h"
#include "core/graph/dependencygraph.h"
#include "core/replay/replayer.h"

#include "jobbuilder.h"
#include "testsupport.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace sightline;

namespace {

constexpr TimeNs us = 1000;

// One rank with a step around a host op that launches two kernels; a second step follows.
struct SmallJob {
    TracePtr trace;
    OpId step1, step2, host, launchA, launchB, kernelA, kernelB, later;
};

SmallJob smallJob()
{
    JobBuilder b;
    SmallJob j;
    const std::uint32_t rank = b.rank(0, "node");
    const std::uint32_t cpu = b.track(rank, TrackKind::CpuThread, 1);
    const std::uint32_t gpu = b.track(rank, TrackKind::GpuStream, 7);
    b.currentStep = 1;
    j.step1 = b.op(cpu, "ProfilerStep#1", OpKind::Annotation, 0, 100 * us);
    j.host = b.op(cpu, "aten::linear", OpKind::CpuOp, 2 * us, 40 * us);
    j.launchA = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 5 * us, 8 * us);
    j.launchB = b.op(cpu, "cudaLaunchKernel", OpKind::Runtime, 20 * us, 23 * us);
    b.currentStep = 2;
    j.step2 = b.op(cpu, "ProfilerStep#2", OpKind::Annotation, 100 * us, 200 * us);
    j.later = b.op(cpu, "aten::relu", OpKind::CpuOp, 110 * us, 120 * us);
    b.currentStep = 1;
    j.kernelA = b.op(gpu, "gemm_a", OpKind::ComputeKernel, 10 * us, 30 * us);
    j.kernelB = b.op(gpu, "gemm_b", OpKind::ComputeKernel, 30 * us, 60 * us);
    b.link(j.launchA, j.kernelA, LinkKind::Launch);
    b.link(j.launchB, j.kernelB, LinkKind::Launch);
    b.step(rank, 1, j.step1);
    b.step(rank, 2, j.step2);
    j.trace = b.finish();
    return j;
}

std::shared_ptr<const ExecutionGraph> extracted(const SmallJob& j, const ExtractOptions& o = {})
{
    const auto g = DependencyGraph::build(j.trace);
    if (!g)
        return nullptr;
    auto x = CostExtractor::extract(**g, o);
    return x ? *x : nullptr;
}

bool hasEdge(const ExecutionGraph& g, ItemId from, ItemId to)
{
    for (std::uint32_t e = g.outBegin(from.value()); e < g.outBegin(from.value() + 1); ++e) {
        if (g.target(e) == to.value())
            return true;
    }
    return false;
}

// Whether the in rows are the out rows turned around: each item's in row lists its in-edges by source,
// and per source in out-row order. "" when they are, else what differs.
std::string rowsMismatch(const ExecutionGraph& g)
{
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> expected(g.itemCount());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        for (std::uint32_t e = g.outBegin(i); e < g.outBegin(i + 1); ++e)
            expected[g.target(e)].emplace_back(i, e);
    }
    for (std::uint32_t t = 0; t < g.itemCount(); ++t) {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> got;
        for (std::uint32_t s = g.inBegin(t); s < g.inBegin(t + 1); ++s)
            got.emplace_back(g.inSource(s), g.inEdge(s));
        if (got != expected[t])
            return "the in row of item " + std::to_string(t) + " differs";
    }
    return {};
}

// Every item of a graph, in order: a set to copy.
std::vector<ItemId> allItems(const ExecutionGraph& g)
{
    std::vector<ItemId> items;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i)
        items.push_back(ItemId(i));
    return items;
}

// Whether two graphs hold the same items (names and their ids, durations, tracks, origins) and the
// same out rows: "" when they do, else the first item that differs.
std::string copiesMismatch(const ExecutionGraph& p, const ExecutionGraph& a)
{
    if (p.itemCount() != a.itemCount() || p.edgeCount() != a.edgeCount())
        return "the graphs differ in size";
    for (std::uint32_t i = 0; i < p.itemCount(); ++i) {
        const ItemId item(i);
        bool same = p.nameId(item) == a.nameId(item) && p.name(item) == a.name(item) && p.minDuration(item) == a.minDuration(item)
            && p.track(item) == a.track(item) && std::ranges::equal(p.origin(item), a.origin(item))
            && p.outBegin(i + 1) - p.outBegin(i) == a.outBegin(i + 1) - a.outBegin(i);
        for (std::uint32_t e = p.outBegin(i); same && e < p.outBegin(i + 1); ++e) {
            const std::uint32_t f = a.outBegin(i) + (e - p.outBegin(i));
            same = p.target(e) == a.target(f) && p.edgeKind(e) == a.edgeKind(f) && p.ref(e) == a.ref(f);
        }
        if (!same)
            return "item " + std::to_string(i) + " differs";
    }
    return {};
}

} // namespace

class TestExecutionGraph : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void extractorKeepsTheSelectedSteps()
    {
        const SmallJob j = smallJob();
        ExtractOptions o;
        o.firstStep = o.lastStep = 1;
        const auto x = extracted(j, o);
        QVERIFY(x);
        const std::vector<ItemId> itemOf = x->itemOfOp();
        // Step 2's ops are out of scope; everything of step 1 is in, in op order, each with its op, and
        // then the window's start, which the step's marker (waiting for nothing in the window) waits for.
        QVERIFY(!itemOf[j.step2.value()].isValid());
        QVERIFY(!itemOf[j.later.value()].isValid());
        QCOMPARE(x->itemCount(), std::uint32_t(7));
        const ItemId window(6);
        QCOMPARE(x->name(window), std::string_view("replayed window start"));
        QVERIFY(x->origin(window).empty() && !x->track(window).isValid());
        QCOMPARE(x->anchor(window), j.trace->start(j.step1));
        QVERIFY(hasEdge(*x, window, itemOf[j.step1.value()]));
        QCOMPARE(x->firstSource(itemOf[j.step1.value()], EdgeKind::Window), window);
        ItemId previous;
        for (OpId op : { j.step1, j.host, j.launchA, j.launchB, j.kernelA, j.kernelB }) {
            const ItemId item = itemOf[op.value()];
            QVERIFY(item.isValid());
            QVERIFY(!previous.isValid() || previous < item);
            previous = item;
            QCOMPARE(x->origin(item).size(), std::size_t(1));
            QCOMPARE(x->origin(item).front(), op);
            QCOMPARE(x->name(item), j.trace->string(j.trace->name(op)));
            QCOMPARE(x->kind(item), j.trace->kind(op));
            QCOMPARE(x->track(item), j.trace->track(op));
            QCOMPARE(x->anchor(item), j.trace->start(op));
        }
        // Kernels on the device; their launches are edges; the step is the marker's.
        QVERIFY(x->onDevice(itemOf[j.kernelA.value()]));
        QVERIFY(!x->onDevice(itemOf[j.host.value()]));
        QVERIFY(hasEdge(*x, itemOf[j.launchA.value()], itemOf[j.kernelA.value()]));
        QCOMPARE(x->steps().size(), std::size_t(1));
        QCOMPARE(x->steps()[0].number, std::int64_t(1));
        QCOMPARE(x->steps()[0].marker, itemOf[j.step1.value()]);
        QCOMPARE(x->stepOfStart(itemOf[j.kernelB.value()]), 0);
        // The kernel's gap after its launch began (a launch ties start to start) and its own duration.
        QCOMPARE(x->gap(itemOf[j.kernelA.value()]), 5 * us);
        QCOMPARE(x->minDuration(itemOf[j.kernelA.value()]), 20 * us);
        QVERIFY(x->hasFlag(itemOf[j.kernelA.value()], ExecutionGraph::SelfTimed));
        // In-edges mirror out-edges.
        for (std::uint32_t i = 0; i < x->itemCount(); ++i) {
            for (std::uint32_t slot = x->inBegin(i); slot < x->inBegin(i + 1); ++slot)
                QCOMPARE(x->target(x->inEdge(slot)), i);
        }
        // A step no rank has is an error naming the rank.
        o.firstStep = o.lastStep = 7;
        const auto g = DependencyGraph::build(j.trace);
        const auto none = CostExtractor::extract(**g, o);
        QVERIFY(!none);
        QCOMPARE(none.status().code(), ErrorCode::InvalidArgument);
    }

    void copiedGraphIsTheSame()
    {
        const auto x = extracted(smallJob());
        QVERIFY(x);
        ExecutionGraphBuilder b(*x);
        const auto copy = b.build();
        QVERIFY2(copy, errorOf(copy).c_str());
        const ExecutionGraph& c = **copy;
        QCOMPARE(c.itemCount(), x->itemCount());
        QCOMPARE(c.edgeCount(), x->edgeCount());
        for (std::uint32_t i = 0; i < x->itemCount(); ++i) {
            const ItemId item(i);
            QCOMPARE(c.name(item), x->name(item));
            QCOMPARE(c.gap(item), x->gap(item));
            QCOMPARE(c.minDuration(item), x->minDuration(item));
            QCOMPARE(c.tail(item), x->tail(item));
            QCOMPARE(c.anchor(item), x->anchor(item));
            QCOMPARE(c.outBegin(i + 1) - c.outBegin(i), x->outBegin(i + 1) - x->outBegin(i));
            for (std::uint32_t e = x->outBegin(i); e < x->outBegin(i + 1); ++e) {
                QCOMPARE(c.target(e), x->target(e));
                QCOMPARE(c.edgeKind(e), x->edgeKind(e));
                QCOMPARE(c.ref(e), x->ref(e));
            }
        }
        const auto a = Replayer::replay(*x);
        const auto bReplay = Replayer::replay(c);
        QVERIFY(a && bReplay);
        QCOMPARE(bReplay->start, a->start);
        QCOMPARE(bReplay->end, a->end);
    }

    void copiesKeepTheirColumnsAndRows()
    {
        // Copies of every item, made column by column: each keeps its source's columns and origin, is
        // marked Synthetic and takes the given name. Edges among the copies, from the measured items to
        // them and the removal of one measured item lay out rows whose in rows mirror the out rows (both
        // halves of the items are laid out at once).
        const auto x = extracted(smallJob());
        QVERIFY(x);
        const std::uint32_t n = x->itemCount();
        const std::vector<ItemId> members = allItems(*x);
        ExecutionGraphBuilder b(*x);
        const StringId copyName = b.intern("microbatch 1/2: copy");
        const ItemId first = b.addCopies(*x, members, std::vector<StringId>(n, copyName));
        QCOMPARE(first.value(), n);
        for (std::uint32_t i = 0; i < n; ++i) {
            for (std::uint32_t e = x->outBegin(i); e < x->outBegin(i + 1); ++e)
                b.addEdge(ItemId(n + i), ItemId(n + x->target(e)), x->edgeKind(e), x->ref(e));
            b.addEdge(ItemId(i), ItemId(n + i), EdgeKind::Program, EdgeRef::EndToStart);
        }
        const std::uint32_t victim = n / 3;
        b.removeItem(ItemId(victim));
        const auto built = b.build();
        QVERIFY2(built, errorOf(built).c_str());
        const ExecutionGraph& w = **built;
        QCOMPARE(w.itemCount(), 2 * n - 1);
        for (std::uint32_t i = 0; i < n; ++i) {
            const ItemId source(i), copy(2 * n - 1 - n + i); // the copies moved down by the removed item
            QCOMPARE(w.name(copy), std::string_view("microbatch 1/2: copy"));
            QVERIFY(w.hasFlag(copy, ExecutionGraph::Synthetic));
            QCOMPARE(w.hasFlag(copy, ExecutionGraph::SelfTimed), x->hasFlag(source, ExecutionGraph::SelfTimed));
            QCOMPARE(w.kind(copy), x->kind(source));
            QCOMPARE(w.track(copy), x->track(source));
            QCOMPARE(w.anchor(copy), x->anchor(source));
            QCOMPARE(w.gap(copy), x->gap(source));
            QCOMPARE(w.minDuration(copy), x->minDuration(source));
            QCOMPARE(w.tail(copy), x->tail(source));
            QCOMPARE(w.stepOfStart(copy), x->stepOfStart(source));
            QCOMPARE(w.comm(copy) != nullptr, x->comm(source) != nullptr);
            QVERIFY(std::equal(w.origin(copy).begin(), w.origin(copy).end(), x->origin(source).begin(), x->origin(source).end()));
            QCOMPARE(w.outBegin(copy.value() + 1) - w.outBegin(copy.value()), x->outBegin(i + 1) - x->outBegin(i));
        }
        const std::string mismatch = rowsMismatch(w);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
        QVERIFY(Replayer::replay(w));
    }

    void subgraphPartsCopyAsIfOnTheirOwn()
    {
        // Two parts of one set, copied at once, make the graph that copying each on its own makes:
        // the same copies, the edges within each part, the chains of each part's tracks, and no edge
        // between the parts (the job has edges across the halves, which one set of both copies).
        const auto x = extracted(smallJob());
        QVERIFY(x);
        const std::uint32_t n = x->itemCount(), half = n / 2;
        const std::vector<ItemId> members = allItems(*x);
        const std::span<const ItemId> all(members);
        struct Selection {
            std::uint32_t begin, end;
            std::vector<std::uint32_t> partEnds; // within [begin, end)
        };
        const auto copied = [&](const std::vector<Selection>& selections) {
            SubgraphCopy copier(*x);
            ExecutionGraphBuilder b(*x);
            for (const Selection& s : selections) {
                copier.select(all.subspan(s.begin, s.end - s.begin), s.partEnds);
                copier.copy(b, "copy: ", true);
            }
            return b.build();
        };
        const auto parts = copied({ { 0, n, { half, n } } });
        const auto apart = copied({ { 0, half, {} }, { half, n, {} } });
        const auto whole = copied({ { 0, n, {} } });
        QVERIFY(parts && apart && whole);
        const ExecutionGraph& p = **parts;
        QCOMPARE(p.itemCount(), 2 * n);
        QVERIFY(p.edgeCount() < (*whole)->edgeCount());
        const std::string differs = copiesMismatch(p, **apart);
        QVERIFY2(differs.empty(), differs.c_str());
        const std::string mismatch = rowsMismatch(p);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
    }

    void subgraphCopiedOncePerPrefix()
    {
        // A set of two parts copied twice in one go makes the graph that copying each part twice in turn
        // makes: each part's copies together, first the copies named with the first prefix, the same
        // edges and the same names (interned in the same order). partOf finds each member's part.
        const auto x = extracted(smallJob());
        QVERIFY(x);
        const std::uint32_t n = x->itemCount(), half = n / 2;
        const std::vector<ItemId> members = allItems(*x);
        const std::span<const ItemId> all(members);
        const std::vector<std::string> prefixes { "first: ", "second: " };
        SubgraphCopy together(*x);
        ExecutionGraphBuilder b(*x);
        const std::vector<std::uint32_t> partEnds { half, n };
        together.select(all, partEnds);
        QCOMPARE(together.partOf(ItemId(0)), 0u);
        QCOMPARE(together.partOf(ItemId(half - 1)), 0u);
        QCOMPARE(together.partOf(ItemId(half)), 1u);
        const std::vector<ItemId> copies = together.copy(b, prefixes, true);
        QCOMPARE(copies.size(), std::size_t(2 * n));
        QCOMPARE(copies.front(), ItemId(n));
        QCOMPARE(copies.back(), ItemId(3 * n - 1));
        const auto one = b.build();
        SubgraphCopy apart(*x);
        ExecutionGraphBuilder c(*x);
        for (const auto& [begin, end] : { std::pair(0u, half), std::pair(half, n) }) {
            apart.select(all.subspan(begin, end - begin));
            for (const std::string& prefix : prefixes)
                apart.copy(c, prefix, true);
        }
        const auto each = c.build();
        QVERIFY(one && each);
        const ExecutionGraph& p = **one;
        QCOMPARE(p.itemCount(), 3 * n);
        QCOMPARE(p.name(ItemId(n + half)), "second: " + std::string(x->name(ItemId(0)))); // part 0's second copy of item 0
        const std::string differs = copiesMismatch(p, **each);
        QVERIFY2(differs.empty(), differs.c_str());
        const std::string mismatch = rowsMismatch(p);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
    }

    void syntheticItemReplaysLikeAnyOther()
    {
        // A rewritten graph: a synthetic item after kernel A, named as a pass would name it, with a
        // duration of its own, which the step waits for. It replays, takes the critical path, and the
        // step ends its measured tail (60 us after its last nested op) after it.
        const SmallJob j = smallJob();
        ExtractOptions o;
        o.firstStep = o.lastStep = 1;
        const auto x = extracted(j, o);
        QVERIFY(x);
        const std::vector<ItemId> itemOf = x->itemOfOp();
        ExecutionGraphBuilder b(*x);
        ExecutionGraphBuilder::Item item;
        item.kind = OpKind::ComputeKernel;
        item.flags = ExecutionGraph::Synthetic | ExecutionGraph::SelfTimed;
        item.track = x->track(itemOf[j.kernelA.value()]);
        item.name = b.intern("fused: 2 ops");
        item.stepOfStart = item.stepOfEnd = 0;
        item.minDuration = 150 * us;
        const ItemId fused = b.addItem(item, {});
        b.addEdge(itemOf[j.kernelA.value()], fused, EdgeKind::Program, EdgeRef::EndToStart);
        b.addEdge(fused, itemOf[j.step1.value()], EdgeKind::NestEnd, EdgeRef::EndToEnd);
        const auto rewritten = b.build();
        QVERIFY2(rewritten, errorOf(rewritten).c_str());
        const ExecutionGraph& w = **rewritten;
        QCOMPARE(w.name(fused), std::string_view("fused: 2 ops"));
        QVERIFY(w.origin(fused).empty());
        QVERIFY(w.hasFlag(fused, ExecutionGraph::Synthetic));
        const auto s = Replayer::replay(w);
        QVERIFY2(s, errorOf(s).c_str());
        QCOMPARE(s->start[fused.value()], 30 * us);
        QCOMPARE(s->end[fused.value()], 180 * us);
        QCOMPARE(s->steps.size(), std::size_t(1));
        QCOMPARE(x->tail(itemOf[j.step1.value()]), 60 * us);
        QCOMPARE(s->steps[0].replayed, 240 * us);
        const CriticalPath path = CriticalPathAnalysis::compute(w, *s);
        QVERIFY(std::find(path.items.begin(), path.items.end(), fused) != path.items.end());
        QCOMPARE(path.length, 240 * us);
        // The measured graph is unchanged by the rewrite.
        QCOMPARE(Replayer::replay(*x)->steps[0].replayed, 100 * us);
    }

    void removedItemsLeaveWithTheirEdges()
    {
        // Dropping an item drops every edge that touches it and renumbers the rest in order; the items
        // keep their names, costs and origins, and the others' edges their targets.
        const auto x = extracted(smallJob());
        QVERIFY(x);
        const std::uint32_t victim = x->itemCount() / 2;
        ExecutionGraphBuilder b(*x);
        b.removeItem(ItemId(victim));
        const auto built = b.build();
        QVERIFY2(built, errorOf(built).c_str());
        const ExecutionGraph& w = **built;
        QCOMPARE(w.itemCount(), x->itemCount() - 1);
        std::size_t touching = 0;
        for (std::uint32_t i = 0; i < x->itemCount(); ++i) {
            for (std::uint32_t e = x->outBegin(i); e < x->outBegin(i + 1); ++e)
                touching += i == victim || x->target(e) == victim;
        }
        QCOMPARE(w.edgeCount(), x->edgeCount() - touching);
        auto renumbered = [&](std::uint32_t i) { return i < victim ? i : i - 1; };
        for (std::uint32_t i = 0; i < x->itemCount(); ++i) {
            if (i == victim)
                continue;
            const ItemId from(i), to(renumbered(i));
            QCOMPARE(w.name(to), x->name(from));
            QCOMPARE(w.minDuration(to), x->minDuration(from));
            QVERIFY(std::equal(w.origin(to).begin(), w.origin(to).end(), x->origin(from).begin(), x->origin(from).end()));
            std::vector<std::uint32_t> expected, got;
            for (std::uint32_t e = x->outBegin(i); e < x->outBegin(i + 1); ++e) {
                if (x->target(e) != victim)
                    expected.push_back(renumbered(x->target(e)));
            }
            for (std::uint32_t e = w.outBegin(to.value()); e < w.outBegin(to.value() + 1); ++e)
                got.push_back(w.target(e));
            QCOMPARE(got, expected);
        }
        for (std::size_t k = 0; k < w.steps().size(); ++k) {
            const ItemId before = x->steps()[k].marker;
            QCOMPARE(w.steps()[k].marker.isValid(), before.isValid() && before.value() != victim);
        }
        QVERIFY(Replayer::replay(w));
    }

    void cyclesAndBadIdsAreRefused()
    {
        const SmallJob j = smallJob();
        const auto x = extracted(j);
        QVERIFY(x);
        const std::vector<ItemId> itemOf = x->itemOfOp();
        {
            // The host op's end now waits for the kernel B it launched, whose start waits for it.
            ExecutionGraphBuilder b(*x);
            b.addEdge(itemOf[j.kernelB.value()], itemOf[j.launchB.value()], EdgeKind::Explicit, EdgeRef::EndToStart);
            const auto cyclic = b.build();
            QVERIFY(cyclic);
            const auto s = Replayer::replay(**cyclic);
            QVERIFY(!s);
            QCOMPARE(s.status().code(), ErrorCode::DependencyCycle);
            QVERIFY(s.status().file() == "rank0.json");
        }
        {
            ExecutionGraphBuilder b(*x);
            b.addEdge(ItemId(0), ItemId(x->itemCount() + 5), EdgeKind::Explicit, EdgeRef::EndToStart);
            const auto bad = b.build();
            QVERIFY(!bad);
            QCOMPARE(bad.status().code(), ErrorCode::InvalidArgument);
        }
        {
            // Checked in blocks side by side: the error names the item.
            ExecutionGraphBuilder b(*x);
            ExecutionGraphBuilder::Item item;
            item.track = TrackId(99);
            const ItemId added = b.addItem(item, {});
            const auto bad = b.build();
            QVERIFY(!bad);
            QVERIFY(bad.status().detail().find("item " + std::to_string(added.value()) + " ") != std::string::npos);
        }
        {
            ExecutionGraphBuilder b(*x);
            const OpId beyond(j.trace->opCount() + 3);
            b.addItem(ExecutionGraphBuilder::columnsOf(*x, ItemId(0)), std::span<const OpId>(&beyond, 1));
            const auto bad = b.build();
            QVERIFY(!bad);
            QVERIFY(bad.status().detail().find("op " + std::to_string(beyond.value())) != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestExecutionGraph)
#include "tst_executiongraph.moc"
