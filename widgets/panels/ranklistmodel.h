#pragma once

#include <QAbstractTableModel>

#include <memory>

namespace sightline {
class Trace;
class TraceSummary;
}

// One row per rank of the loaded job: rank, file, host, tracks, ops, collectives, steps and the mean
// measured step time. Read-only; the summary is computed once per setTrace() (O(ops)). GUI thread only.
class RankListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, FileColumn, HostColumn, TracksColumn, OpsColumn, CollectivesColumn, StepsColumn, MeanStepColumn, ColumnCount };
    // Raw numeric value of a cell, for sorting and tests.
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit RankListModel(QObject* parent = nullptr);
    ~RankListModel() override;

    void setTrace(std::shared_ptr<const sightline::Trace> trace);
    const std::shared_ptr<const sightline::Trace>& trace() const { return m_trace; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const sightline::Trace> m_trace;
    // Held by pointer: moc cannot parse the C++20 headers the summary pulls in.
    std::unique_ptr<sightline::TraceSummary> m_summary;
};
