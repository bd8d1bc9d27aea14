// TimelineRunCache on the two-rank DDP example: the runs it gives are TrackGeometry's for the row's
// sources, built once per view and kept until the view changes, built in parallel over rows alike, and
// runs built elsewhere are adopted only for rows not built yet.

#include "core/import/traceloader.h"
#include "core/model/trace.h"
#include "widgets/timeline/timelineruncache.h"
#include "widgets/timeline/tracklayout.h"
#include "widgets/timeline/tracktree.h"

#include <QTest>

#include <algorithm>

using namespace sightline;

namespace {

bool same(const std::vector<TrackGeometry::Run>& a, const std::vector<TrackGeometry::Run>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].op != b[i].op || a[i].x0 != b[i].x0 || a[i].x1 != b[i].x1 || a[i].count != b[i].count)
            return false;
    }
    return true;
}

} // namespace

class TestTimelineRunCache : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        auto loaded = TraceLoader::load({ SIGHTLINE_SOURCE_DIR "/resources/examples/ddp-2rank" });
        QVERIFY(loaded);
        m_trace = *loaded;
        m_layout = std::make_shared<const TrackLayout>(TrackLayout::build(*m_trace, { m_trace->startColumn(), m_trace->endColumn() }));
        m_rows.build(m_trace.get(), TrackTree::fromTrace(*m_trace), m_layout.get(), nullptr, TimelineRows::Times::Measured);
        QVERIFY(m_rows.count() > 4);
        const auto starts = m_trace->startColumn();
        const auto ends = m_trace->endColumn();
        const TimeNs first = *std::min_element(starts.begin(), starts.end());
        const TimeNs last = *std::max_element(ends.begin(), ends.end());
        m_whole.begin = first;
        m_whole.width = 1200;
        m_whole.nsPerPixel = static_cast<double>(last - first) / m_whole.width;
    }

    void runsAreTheGeometrysOfTheRowsSources()
    {
        TimelineRunCache cache;
        int drawn = 0;
        for (int row = 0; row < m_rows.count(); ++row) {
            for (int s = 0; s < m_rows.sourceCount(row); ++s) {
                std::vector<TrackGeometry::Run> direct;
                const TimelineRows::Source& source = m_rows.source(row, s);
                TrackGeometry::build(*m_layout, TrackId(source.track), source.lane, m_whole, direct);
                QVERIFY(same(cache.runs(m_rows, row, s, m_whole), direct));
                drawn += !direct.empty();
            }
        }
        QVERIFY(drawn > 2);
    }

    void keptForTheViewAndRebuiltForAnother()
    {
        TimelineRunCache cache;
        const int row = firstTrackRow();
        const std::vector<TrackGeometry::Run>* kept = &cache.runs(m_rows, row, 0, m_whole);
        const std::vector<TrackGeometry::Run> whole = *kept;
        QCOMPARE(&cache.runs(m_rows, row, 0, m_whole), kept);
        TrackGeometry::View zoomed = m_whole;
        zoomed.nsPerPixel /= 8;
        const std::vector<TrackGeometry::Run> closer = cache.runs(m_rows, row, 0, zoomed);
        QVERIFY(!same(closer, whole));
        QVERIFY(same(cache.runs(m_rows, row, 0, m_whole), whole));
    }

    void builtInParallelAlike()
    {
        TimelineRunCache serial;
        TimelineRunCache parallel;
        parallel.build(m_rows, 0, m_rows.count() - 1, m_whole);
        for (int row = 0; row < m_rows.count(); ++row) {
            for (int s = 0; s < m_rows.sourceCount(row); ++s)
                QVERIFY(same(parallel.runs(m_rows, row, s, m_whole), serial.runs(m_rows, row, s, m_whole)));
        }
    }

    void adoptsOnlyRowsNotBuilt()
    {
        const int row = firstTrackRow();
        TimelineRunCache cache;
        const std::vector<TrackGeometry::Run> own = cache.runs(m_rows, row, 0, m_whole);
        // Runs from elsewhere for this row and the next: the row built already keeps its own.
        std::vector<std::vector<std::vector<TrackGeometry::Run>>> built(2);
        for (std::size_t k = 0; k < built.size(); ++k)
            TimelineRunCache::buildSources(*m_layout, m_rows.sources(row + static_cast<int>(k)), m_whole, built[k]);
        const std::vector<std::vector<std::vector<TrackGeometry::Run>>> copy = built;
        built[0].assign(m_rows.sourceCount(row), {}); // what the cache must not take
        QCOMPARE(cache.adopt(m_rows, row, built, m_whole), std::size_t(1));
        QVERIFY(same(cache.runs(m_rows, row, 0, m_whole), own));
        for (int s = 0; s < m_rows.sourceCount(row + 1); ++s)
            QVERIFY(same(cache.runs(m_rows, row + 1, s, m_whole), copy[1][static_cast<std::size_t>(s)]));
        // Cleared, it builds again.
        cache.clear();
        QVERIFY(same(cache.runs(m_rows, row, 0, m_whole), own));
    }

private:
    int firstTrackRow() const
    {
        for (int row = 0; row + 1 < m_rows.count(); ++row) {
            const TimelineRows::Row& r = m_rows.rows()[static_cast<std::size_t>(row)];
            if (r.track.isValid() && m_rows.sourceCount(row) == 1 && m_rows.sourceCount(row + 1) > 0)
                return row;
        }
        return -1;
    }

    std::shared_ptr<const Trace> m_trace;
    std::shared_ptr<const TrackLayout> m_layout;
    TimelineRows m_rows;
    TrackGeometry::View m_whole;
};

QTEST_APPLESS_MAIN(TestTimelineRunCache)
#include "tst_timelineruncache.moc"
