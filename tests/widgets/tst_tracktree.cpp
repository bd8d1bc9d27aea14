// The track tree: hosts, ranks, kinds of track and tracks in order; showing, hiding and moving them
// in the item model (checked by QAbstractItemModelTester, drag and drop included); and what the
// Gantt makes of it: collapsed hosts and ranks fold into their header row, which still draws, hit-
// tests and selects their ops; hidden tracks leave no row; clicking a header's label collapses it.

#include "core/model/trace.h"
#include "widgets/panels/tracktreemodel.h"
#include "widgets/panels/tracktreepanel.h"
#include "widgets/timeline/timelineplottable.h"
#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/tracklayout.h"
#include "widgets/timeline/tracktree.h"

#include "jobbuilder.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace sightline;

namespace {

// Three ranks on two hosts, built host b's rank first: each has a CPU thread with a nested op (two
// lanes), a GPU stream and a communication channel; extraKernels more kernels on rank 0's stream.
TracePtr twoHostJob(int extraKernels = 0)
{
    JobBuilder b;
    const std::pair<int, const char*> ranks[] = { { 2, "b" }, { 0, "a" }, { 1, "a" } };
    for (const auto& [number, host] : ranks) {
        const std::uint32_t r = b.rank(number, host);
        const std::uint32_t cpu = b.track(r, TrackKind::CpuThread, 100 + number);
        const std::uint32_t gpu = b.track(r, TrackKind::GpuStream, 7);
        const std::uint32_t comm = b.track(r, TrackKind::CommChannel, 50);
        const TimeNs shift = number * 1000;
        b.op(cpu, "forward", OpKind::CpuOp, shift, shift + 50000);
        b.op(cpu, "aten::mm", OpKind::CpuOp, shift + 1000, shift + 9000);
        b.op(gpu, "gemm", OpKind::ComputeKernel, shift + 10000, shift + 40000);
        for (int k = 0; k < (number == 0 ? extraKernels : 0); ++k)
            b.op(gpu, "gemm", OpKind::ComputeKernel, shift + 40000 + k * 1000, shift + 40500 + k * 1000);
        b.op(comm, "allreduce", OpKind::Collective, shift + 40000, shift + 60000);
    }
    return b.finish();
}

std::shared_ptr<const TrackLayout> layoutOf(const Trace& t)
{
    return std::make_shared<const TrackLayout>(TrackLayout::build(t, { t.startColumn(), t.endColumn() }));
}

// The rank numbers of a tree's rank nodes in display order.
std::vector<int> rankOrder(const Trace& t, const TrackTree& tree)
{
    std::vector<int> order;
    for (int host : tree.node(TrackTree::root()).children) {
        for (int rank : tree.node(host).children)
            order.push_back(t.rankInfo(RankId(tree.node(rank).id)).rank);
    }
    return order;
}

std::unique_ptr<QMimeData> dragOf(const TrackTreeModel& model, const QModelIndexList& indexes)
{
    return std::unique_ptr<QMimeData>(model.mimeData(indexes));
}

} // namespace

class TestTrackTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void treeFollowsHostsRanksAndKinds()
    {
        const TracePtr t = twoHostJob();
        const TrackTree tree = TrackTree::fromTrace(*t);
        QVERIFY(tree.hasHostRows());
        // Host a holds ranks 0 and 1 and comes first (its lowest rank is lower).
        QCOMPARE(rankOrder(*t, tree), (std::vector<int> { 0, 1, 2 }));
        const auto& hosts = tree.node(TrackTree::root()).children;
        QCOMPARE(hosts.size(), std::size_t(2));
        QCOMPARE(t->string(StringId(tree.node(hosts[0]).id)), std::string_view("a"));
        QCOMPARE(tree.node(hosts[0]).children.size(), std::size_t(2));
        // Each rank: three kinds, one track each, every track reachable from its node.
        for (std::uint32_t r = 0; r < t->ranks().size(); ++r) {
            const int rank = tree.rankNode(RankId(r));
            QCOMPARE(tree.node(rank).children.size(), std::size_t(3));
            for (int group : tree.node(rank).children) {
                QCOMPARE(tree.node(group).level, TrackTree::Level::Group);
                QCOMPARE(tree.node(group).children.size(), std::size_t(1));
            }
        }
        for (std::uint32_t tr = 0; tr < t->tracks().size(); ++tr) {
            const int node = tree.trackNode(TrackId(tr));
            QVERIFY(node > 0);
            QCOMPARE(tree.node(node).id, tr);
            // More than two ranks: CPU threads start collapsed, nothing else does.
            QCOMPARE(tree.isCollapsed(node), t->trackInfo(TrackId(tr)).kind == TrackKind::CpuThread);
        }
        for (std::uint32_t r = 0; r < t->ranks().size(); ++r)
            QVERIFY(!tree.isCollapsed(tree.rankNode(RankId(r))));
    }

    void largeJobsOpenWithRanksCollapsed()
    {
        // 16 ranks open expanded; 17 open with every rank one summary row, the Gantt a row per rank.
        for (const int count : { 16, 17 }) {
            JobBuilder b;
            for (int r = 0; r < count; ++r) {
                const std::uint32_t rank = b.rank(r, "h");
                b.op(b.track(rank, TrackKind::GpuStream, 7), "gemm", OpKind::ComputeKernel, r * 10, r * 10 + 5);
                b.op(b.track(rank, TrackKind::CommChannel, 50), "allreduce", OpKind::Collective, r * 10 + 5, r * 10 + 9);
            }
            const TracePtr t = b.finish();
            const TrackTree tree = TrackTree::fromTrace(*t);
            for (int r = 0; r < count; ++r)
                QCOMPARE(tree.isCollapsed(tree.rankNode(RankId(static_cast<std::uint32_t>(r)))), count > 16);
            TimelineView view;
            view.setJob(t, layoutOf(*t));
            QCOMPARE(static_cast<int>(view.plottable()->rows().size()), count > 16 ? count : count * 3);
        }
    }

    void showingHidingAndMoving()
    {
        const TracePtr t = twoHostJob();
        TrackTree tree = TrackTree::fromTrace(*t);
        const int rank1 = tree.rankNode(RankId(2)); // rank number 1
        const int gpuGroup = tree.node(rank1).children[1];
        tree.setShown(gpuGroup, false);
        QVERIFY(!tree.isShown(gpuGroup));
        QVERIFY(tree.isShown(rank1));
        QVERIFY(tree.isPartlyShown(rank1));
        QVERIFY(tree.isPartlyShown(TrackTree::root()));
        tree.setShown(rank1, false);
        QVERIFY(!tree.isShown(rank1) && !tree.isPartlyShown(rank1));
        tree.setShown(TrackTree::root(), true);
        QVERIFY(tree.isShown(rank1) && !tree.isPartlyShown(TrackTree::root()));

        // Moves among siblings: before a child, to the end, onto itself, and invalid ranges.
        const int hostA = tree.node(TrackTree::root()).children[0];
        QVERIFY(tree.moveChildren(hostA, 1, 1, 0));
        QCOMPARE(rankOrder(*t, tree), (std::vector<int> { 1, 0, 2 }));
        QVERIFY(tree.moveChildren(hostA, 0, 1, 2));
        QCOMPARE(rankOrder(*t, tree), (std::vector<int> { 0, 1, 2 }));
        QVERIFY(tree.moveChildren(hostA, 0, 1, 1)); // onto itself
        QCOMPARE(rankOrder(*t, tree), (std::vector<int> { 0, 1, 2 }));
        QVERIFY(!tree.moveChildren(hostA, 1, 2, 0));
        QVERIFY(!tree.moveChildren(hostA, 0, 1, 3));
        QVERIFY(tree.moveChildren(TrackTree::root(), 1, 1, 0));
        QCOMPARE(rankOrder(*t, tree), (std::vector<int> { 2, 0, 1 }));
    }

    void modelChecksMovesAndDrops()
    {
        const TracePtr t = twoHostJob();
        TrackTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setJob(t, TrackTree::fromTrace(*t));
        QSignalSpy edited(&model, &TrackTreeModel::treeEdited);
        QCOMPARE(model.rowCount(), 2);
        const QModelIndex hostA = model.index(0, 0);
        QCOMPARE(hostA.data().toString(), QStringLiteral("host a"));
        QCOMPARE(model.rowCount(hostA), 2);
        const QModelIndex rank0 = model.index(0, 0, hostA);
        QCOMPARE(rank0.data().toString(), QStringLiteral("rank 0"));
        QCOMPARE(model.index(0, TrackTreeModel::OpsColumn, hostA).data().toString(), QLocale().toString(4));
        QCOMPARE(model.index(0, TrackTreeModel::OpsColumn).data().toString(), QLocale().toString(8));
        const QModelIndex cpu = model.index(0, 0, rank0);
        QCOMPARE(cpu.data().toString(), QStringLiteral("CPU threads"));
        QCOMPARE(model.index(0, 0, cpu).data().toString(), QStringLiteral("thread 100"));

        // Unchecking a kind of track: the rank and host become partly checked.
        QVERIFY(model.setData(cpu, Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(cpu.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QCOMPARE(model.index(0, 0, cpu).data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);
        QCOMPARE(rank0.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::PartiallyChecked);
        QCOMPARE(hostA.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::PartiallyChecked);
        QVERIFY(!model.tree().isShown(model.tree().trackNode(TrackId(3))));
        QVERIFY(model.setData(hostA, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(rank0.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);

        // moveRows among siblings only.
        const QPersistentModelIndex keep(rank0);
        QVERIFY(model.moveRows(hostA, 0, 1, hostA, 2));
        QCOMPARE(model.index(1, 0, hostA).data().toString(), QStringLiteral("rank 0"));
        QCOMPARE(keep.row(), 1);
        QVERIFY(!model.moveRows(hostA, 0, 1, model.index(1, 0), 0));
        QCOMPARE(rankOrder(*t, model.tree()), (std::vector<int> { 1, 0, 2 }));

        // A drag of rank 0 dropped onto rank 1 puts it before it; a drop into another parent is refused.
        auto drag = dragOf(model, { model.index(1, 0, hostA), model.index(1, 1, hostA) });
        QVERIFY(drag);
        QVERIFY(model.canDropMimeData(drag.get(), Qt::MoveAction, -1, 0, model.index(0, 0, hostA)));
        QVERIFY(!model.canDropMimeData(drag.get(), Qt::MoveAction, 0, 0, model.index(1, 0)));
        QVERIFY(!model.canDropMimeData(drag.get(), Qt::MoveAction, -1, 0, model.index(0, 0, model.index(0, 0, hostA))));
        QVERIFY(model.dropMimeData(drag.get(), Qt::MoveAction, -1, 0, model.index(0, 0, hostA)));
        QCOMPARE(rankOrder(*t, model.tree()), (std::vector<int> { 0, 1, 2 }));
        // Between the hosts: host b to the front.
        drag = dragOf(model, { model.index(1, 0) });
        QVERIFY(model.dropMimeData(drag.get(), Qt::MoveAction, 0, 0, QModelIndex()));
        QCOMPARE(rankOrder(*t, model.tree()), (std::vector<int> { 2, 0, 1 }));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("host b"));
        // Data that is not ours, or from another tree, is refused.
        QMimeData foreign;
        foreign.setData(QStringLiteral("application/x-sightline-track-nodes"), QByteArray("garbage"));
        QVERIFY(!model.dropMimeData(&foreign, Qt::MoveAction, 0, 0, QModelIndex()));
        QVERIFY(!model.dropMimeData(nullptr, Qt::MoveAction, 0, 0, QModelIndex()));

        // A tree edited in the Gantt comes back without a treeEdited.
        edited.clear();
        TrackTree other = model.tree();
        other.setCollapsed(other.rankNode(RankId(0)), true);
        other.setShown(other.trackNode(TrackId(0)), false);
        QVERIFY(other.moveChildren(TrackTree::root(), 1, 1, 0));
        model.syncFrom(other);
        QCOMPARE(edited.count(), 0);
        QCOMPARE(rankOrder(*t, model.tree()), (std::vector<int> { 0, 1, 2 }));
        QVERIFY(model.tree().isCollapsed(model.tree().rankNode(RankId(0))));
        model.setJob(nullptr, TrackTree());
        QCOMPARE(model.rowCount(), 0);
    }

    void panelMovesTheCurrentRow()
    {
        const TracePtr t = twoHostJob();
        TrackTreePanel panel;
        QSignalSpy edited(&panel, &TrackTreePanel::treeEdited);
        panel.setJob(t, TrackTree::fromTrace(*t));
        const QModelIndex hostA = panel.model()->index(0, 0);
        panel.view()->setCurrentIndex(panel.model()->index(0, 0, hostA));
        panel.moveCurrent(1);
        QCOMPARE(rankOrder(*t, panel.tree()), (std::vector<int> { 1, 0, 2 }));
        QCOMPARE(panel.view()->currentIndex().data().toString(), QStringLiteral("rank 0"));
        panel.moveCurrent(1); // already last among its siblings
        QCOMPARE(rankOrder(*t, panel.tree()), (std::vector<int> { 1, 0, 2 }));
        panel.moveCurrent(-1);
        QCOMPARE(rankOrder(*t, panel.tree()), (std::vector<int> { 0, 1, 2 }));
        QCOMPARE(edited.count(), 2);
        QVERIFY(panel.model()->setData(hostA, Qt::Unchecked, Qt::CheckStateRole));
        panel.showAll();
        QVERIFY(panel.tree().isShown(TrackTree::root()) && !panel.tree().isPartlyShown(TrackTree::root()));
        panel.view()->setCurrentIndex(panel.model()->index(0, 0, hostA));
        panel.moveCurrent(1);
        panel.reset();
        QCOMPARE(rankOrder(*t, panel.tree()), (std::vector<int> { 0, 1, 2 }));
        // The filter keeps matching rows, their ancestors and what is under them, and survives moves.
        const TrackTree& tree = panel.tree();
        panel.setFilter(QStringLiteral("STREAM"));
        QVERIFY(!panel.isFilteredOut(tree.rankNode(RankId(1))));
        QVERIFY(!panel.isFilteredOut(tree.trackNode(TrackId(4)))); // rank 0's stream
        QVERIFY(panel.isFilteredOut(tree.trackNode(TrackId(3)))); // its CPU thread
        QVERIFY(panel.isFilteredOut(tree.node(tree.rankNode(RankId(1))).children[0])); // its CPU group
        panel.setFilter(QStringLiteral("host b"));
        QVERIFY(panel.isFilteredOut(tree.rankNode(RankId(1))));
        QVERIFY(!panel.isFilteredOut(tree.trackNode(TrackId(0)))); // under host b
        QVERIFY(panel.model()->moveRows(QModelIndex(), 1, 1, QModelIndex(), 0));
        QVERIFY(panel.isFilteredOut(panel.tree().rankNode(RankId(1))));
        QVERIFY(!panel.isFilteredOut(panel.tree().rankNode(RankId(0))));
        panel.setFilter(QString());
        QVERIFY(!panel.isFilteredOut(panel.tree().trackNode(TrackId(3))));
        QCOMPARE(rankOrder(*t, panel.tree()), (std::vector<int> { 2, 0, 1 }));
    }

    // A what-if of the same tracks keeps the rows the user closed, with the new op counts; another
    // job's tree resets the list.
    void panelKeepsItsRowsForTheSameTracks()
    {
        const TracePtr t = twoHostJob();
        TrackTreePanel panel;
        QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        panel.setJob(t, TrackTree::fromTrace(*t));
        const QModelIndex hostA = panel.model()->index(0, 0);
        QVERIFY(panel.view()->isExpanded(hostA));
        panel.view()->collapse(hostA);
        QSignalSpy reset(panel.model(), &QAbstractItemModel::modelReset);
        QSignalSpy changed(panel.model(), &QAbstractItemModel::dataChanged);
        const TracePtr whatIf = twoHostJob(3);
        panel.setJob(whatIf, TrackTree::fromTrace(*whatIf));
        QCOMPARE(reset.count(), 0);
        QVERIFY(changed.count() > 0);
        QVERIFY(!panel.view()->isExpanded(panel.model()->index(0, 0)));
        QCOMPARE(panel.model()->index(0, TrackTreeModel::OpsColumn, panel.model()->index(0, 0)).data().toString(), QLocale().toString(7));
        QCOMPARE(panel.model()->index(0, TrackTreeModel::OpsColumn).data().toString(), QLocale().toString(11));

        // One rank more: a new list, opened as a new job's.
        JobBuilder b;
        for (int number = 0; number < 4; ++number)
            b.op(b.track(b.rank(number, "a"), TrackKind::GpuStream, 7), "gemm", OpKind::ComputeKernel, 0, 1000);
        const TracePtr other = b.finish();
        panel.setJob(other, TrackTree::fromTrace(*other));
        QCOMPARE(reset.count(), 1);
        QVERIFY(panel.view()->isExpanded(panel.model()->index(0, 0)));
        QCOMPARE(panel.model()->rowCount(panel.model()->index(0, 0)), 4);
    }

    void panelFitsTheOpCountColumn()
    {
        // The op count column fits the widest count; for the same tracks with other counts (a what-if
        // and the measured job in turn) it only widens, and a new job fits it again.
        TrackTreePanel panel;
        QHeaderView* header = panel.view()->header();
        const QFontMetrics metrics = panel.view()->fontMetrics();
        const auto fits = [&](std::uint64_t count) {
            return header->sectionSize(TrackTreeModel::OpsColumn) >= metrics.horizontalAdvance(QLocale().toString(static_cast<qulonglong>(count)))
                && header->sectionSize(TrackTreeModel::OpsColumn) >= header->sectionSizeHint(TrackTreeModel::OpsColumn);
        };
        const TracePtr small = twoHostJob();
        panel.setJob(small, TrackTree::fromTrace(*small));
        QCOMPARE(panel.model()->largestCount(), std::uint64_t(8)); // host a: two ranks of four ops
        QVERIFY(fits(8));
        const int narrow = header->sectionSize(TrackTreeModel::OpsColumn);
        const TracePtr large = twoHostJob(1000000);
        panel.setJob(large, TrackTree::fromTrace(*large));
        QCOMPARE(panel.model()->largestCount(), std::uint64_t(1000008));
        QVERIFY(fits(1000008));
        const int wide = header->sectionSize(TrackTreeModel::OpsColumn);
        QVERIFY(wide > narrow);
        panel.setJob(small, TrackTree::fromTrace(*small));
        QCOMPARE(header->sectionSize(TrackTreeModel::OpsColumn), wide);
        JobBuilder b;
        for (int number = 0; number < 4; ++number)
            b.op(b.track(b.rank(number, "a"), TrackKind::GpuStream, 7), "gemm", OpKind::ComputeKernel, 0, 1000);
        const TracePtr other = b.finish();
        panel.setJob(other, TrackTree::fromTrace(*other));
        QCOMPARE(header->sectionSize(TrackTreeModel::OpsColumn), narrow);
    }

    void ganttFollowsTheTree()
    {
        const TracePtr t = twoHostJob();
        const auto layout = layoutOf(*t);
        TimelineView view;
        view.resize(1000, 600);
        view.show();
        view.setJob(t, layout);
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        TimelinePlottable* p = view.plottable();
        auto headerCount = [&] {
            return std::count_if(p->rows().begin(), p->rows().end(), [](const auto& r) { return !r.track.isValid(); });
        };
        // Two hosts and three ranks of headers; per rank, the collapsed CPU thread, the stream and
        // the channel.
        QCOMPARE(headerCount(), 5);
        QCOMPARE(p->rows().size(), std::size_t(5 + 3 * 3));
        QCOMPARE(p->rows()[0].rank, RankId());
        QCOMPARE(p->rows()[1].rank, RankId(1)); // rank number 0 is the second rank built
        const OpId gemm0(6); // rank number 0's kernel
        QCOMPARE(t->string(t->name(gemm0)), std::string_view("gemm"));
        const int gemmRow = p->rowOf(gemm0);
        QVERIFY(gemmRow > 1);

        // Collapsing rank 0 folds its tracks into its header, which draws and selects its ops.
        TrackTree tree = view.trackTree();
        const int rank0 = tree.rankNode(RankId(1));
        tree.setCollapsed(rank0, true);
        view.setTrackTree(tree);
        QCOMPARE(p->rows().size(), std::size_t(5 + 2 * 3));
        QCOMPARE(p->rowOf(gemm0), 1);
        QCOMPARE(p->tracksIn(1, 1).size(), std::size_t(3));
        view.showRange(t->start(gemm0), t->end(gemm0));
        view.replot();
        const QPointF at(view.xAxis->coordToPixel(static_cast<double>((t->start(gemm0) + t->end(gemm0)) / 2 - p->origin())),
            view.yAxis->coordToPixel(1.5));
        const auto hit = p->hitTest(at);
        QVERIFY(hit);
        QCOMPARE(hit->row, 1);
        QCOMPARE(hit->run.op, gemm0.value());
        QSignalSpy selected(&view, &TimelineView::opSelected);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at.toPoint());
        QCOMPARE(selected.count(), 1);
        // The critical path in a collapsed row: a long op that started before the view and outlasts
        // ops that start after it is still highlighted (forward, 0-50 µs, seen from 42 µs on).
        view.selectOp(OpId());
        view.setCriticalPath({ OpId(4), OpId(5), gemm0 });
        view.setCriticalPathShown(true);
        view.showRange(t->start(OpId(4)) + 42000, t->start(OpId(4)) + 48000);
        const QImage picture = view.grab().toImage();
        const int headerY = static_cast<int>(view.yAxis->coordToPixel(1.5));
        const QRgb critical = TimelineTheme::standard().critical.rgb() & 0xFFFFFF;
        QCOMPARE(picture.pixel(view.axisRect()->center().x(), headerY) & 0xFFFFFF, critical);
        // Opened again while shown: the highlight moves to the op's own row.
        tree.setCollapsed(rank0, false);
        view.setTrackTree(tree);
        const int forwardRow = p->rowOf(OpId(4));
        QVERIFY(forwardRow > 1);
        view.replot();
        const QImage opened = view.grab().toImage();
        QCOMPARE(opened.pixel(view.axisRect()->center().x(), static_cast<int>(view.yAxis->coordToPixel(forwardRow + 0.5))) & 0xFFFFFF, critical);
        QVERIFY((opened.pixel(view.axisRect()->center().x(), headerY) & 0xFFFFFF) != critical);
        view.setCriticalPathShown(false);

        // Hiding the other ranks' GPU streams: their rows go, their ops have no row.
        tree.setCollapsed(rank0, false);
        for (std::uint32_t r : { 0u, 2u })
            tree.setShown(tree.node(tree.rankNode(RankId(r))).children[1], false);
        view.setTrackTree(tree);
        QCOMPARE(p->rows().size(), std::size_t(5 + 3 + 2 + 2));
        QCOMPARE(p->rowOf(OpId(2)), -1); // host b's kernel
        QCOMPARE(p->rowOf(gemm0), gemmRow);
        // Moving rank 1 before rank 0 moves its rows up.
        tree.moveChildren(tree.node(TrackTree::root()).children[0], 1, 1, 0);
        view.setTrackTree(tree);
        QCOMPARE(p->rows()[1].rank, RankId(2));
        QVERIFY(p->rowOf(gemm0) > gemmRow);
        // A hidden host takes its header along.
        tree.setShown(tree.node(TrackTree::root()).children[1], false);
        view.setTrackTree(tree);
        QCOMPARE(headerCount(), 3);
        // A tree of another job is ignored, even one of as many nodes.
        view.setTrackTree(TrackTree());
        QCOMPARE(headerCount(), 3);
        JobBuilder b;
        for (const auto& [number, host] : { std::pair<int, const char*> { 0, "a" }, { 1, "a" }, { 2, "b" } }) {
            const std::uint32_t r = b.rank(number, host);
            b.op(b.track(r, TrackKind::GpuStream, 7), "gemm", OpKind::ComputeKernel, 0, 10);
            b.op(b.track(r, TrackKind::CpuThread, 1), "forward", OpKind::CpuOp, 0, 10);
            b.op(b.track(r, TrackKind::CommChannel, 50), "allreduce", OpKind::Collective, 0, 10);
        }
        const TracePtr other = b.finish();
        const TrackTree otherTree = TrackTree::fromTrace(*other);
        QCOMPARE(otherTree.nodeCount(), tree.nodeCount());
        QVERIFY(!otherTree.fits(*t));
        QVERIFY(tree.fits(*t) && otherTree.fits(*other));
        view.setTrackTree(otherTree);
        QCOMPARE(headerCount(), 3);
    }

    void clickingALabelCollapses()
    {
        const TracePtr t = twoHostJob();
        TimelineView view;
        view.resize(1000, 600);
        view.show();
        view.setJob(t, layoutOf(*t));
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.replot();
        TimelinePlottable* p = view.plottable();
        QSignalSpy changed(&view, &TimelineView::trackTreeChanged);
        // Host a's header label (row 0).
        const int rows = static_cast<int>(p->rows().size());
        // In the gutter left of the rows.
        const QPoint label(static_cast<int>(view.axisRect()->outerRect().left() + 8), static_cast<int>(view.yAxis->coordToPixel(0.5)));
        QCOMPARE(p->labelAt(label), 0);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, label);
        QCOMPARE(changed.count(), 1);
        QVERIFY(view.trackTree().isCollapsed(view.trackTree().node(TrackTree::root()).children[0]));
        QCOMPARE(static_cast<int>(p->rows().size()), rows - 2 - 2 * 3);
        // Its ops are now in its header row.
        QCOMPARE(p->rowOf(OpId(6)), 0);
        view.replot();
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, label);
        QCOMPARE(static_cast<int>(p->rows().size()), rows);
        // A CPU thread of two lanes is collapsed at first; its label spreads it.
        const int cpuRow = p->rowOf(OpId(4));
        QVERIFY(p->isFoldable(cpuRow));
        view.replot();
        const QPoint cpuLabel(static_cast<int>(view.axisRect()->outerRect().left() + 30), static_cast<int>(view.yAxis->coordToPixel(cpuRow + 0.5)));
        QCOMPARE(p->labelAt(cpuLabel), cpuRow);
        QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, cpuLabel);
        QCOMPARE(static_cast<int>(p->rows().size()), rows + 1);
        QCOMPARE(p->rowOf(OpId(5)), cpuRow + 1);
        // A double click on a label, as a mouse sends it (press, release, press, double click,
        // release), folds once: the first click does it, the rest of the sequence nothing.
        view.replot();
        auto doubleClick = [&view](QPoint at) {
            QTest::mouseClick(&view, Qt::LeftButton, Qt::NoModifier, at);
            QTest::mouseDClick(&view, Qt::LeftButton, Qt::NoModifier, at);
            QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, at);
        };
        doubleClick(cpuLabel);
        QCOMPARE(static_cast<int>(p->rows().size()), rows);
        QCOMPARE(changed.count(), 4);
        // A double click on a rank's header row, away from its label, collapses it; the release that
        // ends it selects nothing in the summary that now lies under the mouse.
        const int rankRow = p->rowOf(OpId(4)) - 1;
        QVERIFY(!p->rows()[static_cast<std::size_t>(rankRow)].track.isValid());
        QSignalSpy selected(&view, &TimelineView::opSelected);
        const TimeNs forward = (t->start(OpId(4)) + t->end(OpId(4))) / 2 - p->origin();
        doubleClick(QPoint(static_cast<int>(view.xAxis->coordToPixel(static_cast<double>(forward))),
            static_cast<int>(view.yAxis->coordToPixel(rankRow + 0.5))));
        QVERIFY(view.trackTree().isCollapsed(view.trackTree().rankNode(p->rows()[static_cast<std::size_t>(rankRow)].rank)));
        QCOMPARE(changed.count(), 5);
        QCOMPARE(selected.count(), 0);
        // Labels are only hit inside the plot: not through the time axis under it.
        QCOMPARE(p->labelAt(QPointF(view.axisRect()->outerRect().left() + 8, view.axisRect()->bottom() + 8)), -1);
        // revealNode brings a row to the top.
        view.revealNode(view.trackTree().trackNode(TrackId(8)));
        QCOMPARE(static_cast<int>(view.yAxis->range().lower), p->rowOf(OpId(11)));
    }

    void counterValuesUnderTheMouse()
    {
        const TracePtr t = twoHostJob();
        TimelineView view;
        view.setJob(t, layoutOf(*t));
        view.setCounters(std::make_shared<const ActivityCounters>(
            ActivityCounters { CounterSeries({ { 0, 1 }, { 100, 3 }, { 200, 0 } }), CounterSeries({ { 150, 2 } }), 3 }));
        QCOMPARE(view.countersAt(-5), std::make_pair(0, 0));
        QCOMPARE(view.countersAt(0), std::make_pair(1, 0));
        QCOMPARE(view.countersAt(160), std::make_pair(3, 2));
        QCOMPARE(view.countersAt(500), std::make_pair(0, 2));
    }

    void counterStripDrawsEachColumnsHighest_data()
    {
        QTest::addColumn<qint64>("begin");
        QTest::addRow("job at time 0") << qint64(0);
        // A Kineto trace's epoch time: a double near it is no finer than 256 ns.
        QTest::addRow("job at a Kineto time") << qint64(1694128201435377000);
    }

    void counterStripDrawsEachColumnsHighest()
    {
        // Far more changes than pixel columns: each column draws the highest value in effect in it,
        // for the whole job in view and zoomed in, both over many of the series' blocks per column.
        QFETCH(qint64, begin);
        JobBuilder b;
        const std::uint32_t gpu = b.track(b.rank(0, "a"), TrackKind::GpuStream, 7);
        b.op(gpu, "gemm", OpKind::ComputeKernel, begin, begin + 1500000);
        const TracePtr t = b.finish();
        TimelineView view;
        view.resize(900, 500);
        view.setJob(t, layoutOf(*t));
        const TimeNs origin = view.plottable()->origin();
        QCOMPARE(origin, begin);
        CounterSeries::Points points;
        std::uint32_t seed = 7;
        for (TimeNs time = 0; time < 1500000; time += 1 + static_cast<TimeNs>(seed % 2)) {
            seed = seed * 1103515245u + 12345u;
            points.emplace_back(begin + time, static_cast<int>((time / 370) % 97 + (seed >> 16) % 3)); // ramps, highest late in a column
        }
        view.setCounters(std::make_shared<const ActivityCounters>(ActivityCounters { CounterSeries(points), CounterSeries(), 99 }));
        auto key = [&](std::size_t i) { return static_cast<double>(points[i].first - origin); };
        for (const QCPRange range : { QCPRange(0, 1500000), QCPRange(200000.5, 900000.25) }) {
            view.xAxis->setRange(range);
            const int columns = view.axisRect()->width();
            const double perColumn = range.size() / columns;
            std::size_t inView = 0;
            for (std::size_t i = 0; i < points.size(); ++i)
                inView += key(i) >= range.lower && key(i) < range.upper;
            QVERIFY(inView > static_cast<std::size_t>(4 * CounterSeries::kBlock * columns)); // several blocks per column
            const auto data = view.graph(0)->data();
            QCOMPARE(data->size(), columns + 1);
            // Reading every point: the change in effect at the left edge, then each column's.
            std::size_t i = 0;
            while (i + 1 < points.size() && key(i + 1) <= range.lower)
                ++i;
            int current = points[i].second;
            for (int c = 0; c < columns; ++c) {
                const double right = range.lower + (c + 1) * perColumn;
                int high = current;
                for (; i < points.size() && key(i) < right; ++i) {
                    current = points[i].second;
                    high = std::max(high, current);
                }
                QCOMPARE(static_cast<int>(data->at(c)->value), high);
            }
        }
        // The work ends two thirds of the way in: the strip falls to 0 there, in the column after the
        // last change, and stays at 0 to the right edge.
        CounterSeries::Points ending(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(points.size() * 2 / 3));
        ending.emplace_back(ending.back().first + 1, 0);
        view.setCounters(std::make_shared<const ActivityCounters>(ActivityCounters { CounterSeries(ending), CounterSeries(), 99 }));
        view.xAxis->setRange(QCPRange(0, 1500000));
        const auto data = view.graph(0)->data();
        const double end = static_cast<double>(ending.back().first - origin);
        const double perColumn = 1500000.0 / view.axisRect()->width();
        int after = 0;
        for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
            if (it->key > end + perColumn) {
                QCOMPARE(it->value, 0.0);
                ++after;
            }
        }
        QVERIFY(after >= 1);
        // The step down comes within a column of the end, not at the right edge.
        auto firstZero = std::find_if(data->constBegin(), data->constEnd(), [&](const QCPGraphData& d) { return d.key >= end - perColumn && d.value == 0; });
        QVERIFY(firstZero != data->constEnd());
        QVERIFY2(firstZero->key <= end + perColumn, qPrintable(QStringLiteral("%1 after %2").arg(firstZero->key).arg(end)));
    }
};

QTEST_MAIN(TestTrackTree)
#include "tst_tracktree.moc"
