#pragma once

#include "core/base/ids.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace sightline {
class Trace;
struct RankActivity;
struct Schedule;
}

// One row per rank: GPU compute, communication, exposed communication and idle time over its steps,
// the share of communication that compute overlapped, and its mean measured and replayed step times.
// Read-only; GUI thread only.
class RankSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        RankColumn,
        ComputeColumn,
        CommunicationColumn,
        ExposedColumn,
        IdleColumn,
        OverlapColumn,
        MeasuredColumn,
        ReplayedColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1; // ns, or a fraction for OverlapColumn

    explicit RankSummaryModel(QObject* parent = nullptr);
    ~RankSummaryModel() override;

    // The schedule may be null (no replay). The first form computes the ranks' activity (O(ops log ops));
    // the second takes it computed elsewhere (RankActivityAnalysis::compute of the same trace).
    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::Schedule> schedule);
    void setJob(const std::shared_ptr<const sightline::Trace>& trace, const std::shared_ptr<const sightline::Schedule>& schedule,
        const std::vector<sightline::RankActivity>& activity);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int rank = 0;
        sightline::TimeNs compute = 0, communication = 0, exposed = 0, idle = 0;
        double overlap = 0;
        double measured = -1, replayed = -1; // mean step, ns; -1 when unknown
    };
    std::vector<Row> m_rows;
};
