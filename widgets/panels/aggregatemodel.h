#pragma once

#include "core/base/ids.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace sightline {
class Trace;
class TrackLayout;
}

// Aggregates of an area of the Gantt: for the ops of the chosen tracks that overlap [begin, end), one
// row per op name with the count, the total time and the self time (minus the time of the ops nested
// directly inside, one lane deeper), largest total first. Times are whole durations of the ops that
// overlap the range. OpRole gives one op of the row (the first met), for actions on the name; ops()
// every op of the selection, for actions on all of them.
// Read-only; GUI thread only.
class AggregateModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, TotalColumn, SelfColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int OpRole = Qt::UserRole + 2; // quint32 op id

    explicit AggregateModel(QObject* parent = nullptr);
    ~AggregateModel() override;

    void setSelection(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::TrackLayout> layout,
        const std::vector<sightline::TrackId>& tracks, sightline::TimeNs begin, sightline::TimeNs end);
    void clear();
    // Ops in the selection, for the panel's title.
    std::size_t opCount() const { return m_ops; }
    // The ops in the selection, by track and lane.
    const std::vector<sightline::OpId>& ops() const { return m_selected; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        sightline::StringId name;
        std::uint64_t count = 0;
        sightline::TimeNs total = 0;
        sightline::TimeNs self = 0;
        sightline::OpId example;
    };
    std::shared_ptr<const sightline::Trace> m_trace;
    std::vector<Row> m_rows;
    std::size_t m_ops = 0;
    std::vector<sightline::OpId> m_selected;
};
