// TimelineRows on the two-rank DDP example: the rows of every times shown (measured, replayed, both
// with ghost rows), collapsed ranks and tracks, hidden tracks, and that every op is found in the row of
// its track and lane, in the layout the rows read.

#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "widgets/timeline/timelinerows.h"
#include "widgets/timeline/tracklayout.h"
#include "widgets/timeline/tracktree.h"

#include <QTest>

#include <set>

using namespace sightline;

class TestTimelineRows : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        auto loaded = TraceLoader::load({ SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank" });
        QVERIFY(loaded);
        m_trace = *loaded;
        m_layout = std::make_shared<const TrackLayout>(TrackLayout::build(*m_trace, { m_trace->startColumn(), m_trace->endColumn() }));
        // Another layout for the replayed times: the measured ones, which are enough for the rows.
        m_replayed = std::make_shared<const TrackLayout>(TrackLayout::build(*m_trace, { m_trace->startColumn(), m_trace->endColumn() }));
        QVERIFY(m_trace->ranks().size() == 2);
    }

    void measuredRowsFollowTheTree()
    {
        const TrackTree tree = TrackTree::fromTrace(*m_trace);
        TimelineRows rows;
        rows.build(m_trace.get(), tree, m_layout.get(), nullptr, TimelineRows::Times::Both);
        QCOMPARE(rows.times(), TimelineRows::Times::Measured); // no replayed layout: measured alone
        int expected = static_cast<int>(m_trace->ranks().size()) + (tree.hasHostRows() ? 1 : 0);
        for (std::uint32_t t = 0; t < m_trace->tracks().size(); ++t)
            expected += m_layout->laneCount(TrackId(t));
        QCOMPARE(rows.count(), expected);
        checkEveryOpInItsRow(rows, *m_layout, false);
        // Each track once, in row order; each lane of a spread track a row of its own.
        const std::vector<TrackId> tracks = rows.tracksIn(0, rows.count() - 1);
        QCOMPARE(tracks.size(), std::set<TrackId>(tracks.begin(), tracks.end()).size());
        int sources = 0;
        for (int row = 0; row < rows.count(); ++row) {
            const TimelineRows::Row& r = rows.rows()[static_cast<std::size_t>(row)];
            sources += rows.sourceCount(row);
            QCOMPARE(rows.sourceCount(row), r.track.isValid() ? 1 : 0);
            QVERIFY(!r.replayed && !rows.isGhost(r));
            if (!r.track.isValid())
                QVERIFY(rows.isFoldable(row));
            else
                QCOMPARE(rows.isFoldable(row), r.lane == 0 && m_layout->laneCount(r.track) > 1);
        }
        QCOMPARE(sources, expected - static_cast<int>(m_trace->ranks().size()) - (tree.hasHostRows() ? 1 : 0));
    }

    void bothTimesAddAGhostRowUnderEachTrack()
    {
        const TrackTree tree = TrackTree::fromTrace(*m_trace);
        TimelineRows measured;
        measured.build(m_trace.get(), tree, m_layout.get(), nullptr, TimelineRows::Times::Measured);
        TimelineRows both;
        both.build(m_trace.get(), tree, m_layout.get(), m_replayed.get(), TimelineRows::Times::Both);
        int withLanes = 0;
        for (std::uint32_t t = 0; t < m_trace->tracks().size(); ++t)
            withLanes += m_layout->laneCount(TrackId(t)) > 0;
        QCOMPARE(both.count(), measured.count() + withLanes);
        for (int row = 0; row < both.count(); ++row) {
            const TimelineRows::Row& r = both.rows()[static_cast<std::size_t>(row)];
            if (!both.isGhost(r))
                continue;
            // Under the last lane of its own track, all the track's replayed lanes in one row.
            const TimelineRows::Row& above = both.rows()[static_cast<std::size_t>(row - 1)];
            QCOMPARE(above.track, r.track);
            QVERIFY(r.collapsed && !both.isFoldable(row));
            QCOMPARE(both.sourceCount(row), m_replayed->laneCount(r.track));
            QVERIFY(&both.layoutOf(r) == m_replayed.get());
        }
        // Ops are found in the measured rows.
        checkEveryOpInItsRow(both, *m_layout, false);
    }

    void replayedTimesReadTheReplayedLayout()
    {
        TimelineRows rows;
        rows.build(m_trace.get(), TrackTree::fromTrace(*m_trace), m_layout.get(), m_replayed.get(), TimelineRows::Times::Replayed);
        QVERIFY(&rows.primary() == m_replayed.get());
        checkEveryOpInItsRow(rows, *m_replayed, true);
    }

    void collapsedAndHiddenTracks()
    {
        TrackTree tree = TrackTree::fromTrace(*m_trace);
        const RankId first(0);
        tree.setCollapsed(tree.rankNode(first), true);
        // A track of the other rank hidden.
        TrackId hidden;
        for (std::uint32_t t = 0; t < m_trace->tracks().size() && !hidden.isValid(); ++t) {
            if (m_trace->trackInfo(TrackId(t)).rank != first && m_layout->laneCount(TrackId(t)) > 0)
                hidden = TrackId(t);
        }
        QVERIFY(hidden.isValid());
        tree.setShown(tree.trackNode(hidden), false);
        TimelineRows rows;
        rows.build(m_trace.get(), tree, m_layout.get(), nullptr, TimelineRows::Times::Measured);
        int header = -1;
        for (int row = 0; row < rows.count(); ++row) {
            const TimelineRows::Row& r = rows.rows()[static_cast<std::size_t>(row)];
            if (r.rank == first) {
                QCOMPARE(header, -1); // the collapsed rank is one row
                header = row;
                QVERIFY(r.collapsed && !r.track.isValid());
            }
            QVERIFY(r.track != hidden);
        }
        QVERIFY(header >= 0);
        for (std::uint32_t op = 0; op < m_trace->opCount(); ++op) {
            const TrackId track = m_trace->track(OpId(op));
            const int row = rows.rowOf(OpId(op));
            if (track == hidden)
                QCOMPARE(row, -1);
            else if (m_trace->trackInfo(track).rank == first && m_layout->start(op) != INT64_MIN)
                QCOMPARE(row, header);
        }
        // The collapsed rank's row draws the top lane of each of its tracks.
        QVERIFY(rows.sourceCount(header) > 1);
        for (const TimelineRows::Source& s : rows.sources(header))
            QCOMPARE(s.lane, 0);
    }

    void noTraceNoRows()
    {
        TimelineRows rows;
        rows.build(nullptr, TrackTree(), nullptr, nullptr, TimelineRows::Times::Measured);
        QCOMPARE(rows.count(), 0);
        QCOMPARE(rows.rowOf(OpId(0)), -1);
        QVERIFY(rows.tracksIn(0, 10).empty());
    }

private:
    void checkEveryOpInItsRow(const TimelineRows& rows, const TrackLayout& layout, bool replayed)
    {
        int found = 0;
        for (std::uint32_t op = 0; op < m_trace->opCount(); ++op) {
            const int row = rows.rowOf(OpId(op));
            if (layout.start(op) == INT64_MIN) {
                QCOMPARE(row, -1);
                continue;
            }
            QVERIFY(row >= 0 && row < rows.count());
            const TimelineRows::Row& r = rows.rows()[static_cast<std::size_t>(row)];
            QCOMPARE(r.track, m_trace->track(OpId(op)));
            QCOMPARE(r.lane, layout.laneOf(op));
            QCOMPARE(r.replayed, replayed);
            ++found;
        }
        QVERIFY(found > 1000);
    }

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const TrackLayout> m_layout;
    std::shared_ptr<const TrackLayout> m_replayed;
};

QTEST_APPLESS_MAIN(TestTimelineRows)
#include "tst_timelinerows.moc"
