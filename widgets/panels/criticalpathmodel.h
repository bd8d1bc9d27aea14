#pragma once

#include "core/analysis/criticalpath.h"
#include "core/base/ids.h"

#include <QAbstractTableModel>

#include <memory>
#include <span>
#include <vector>

// The critical path in order, one row per item of the replayed execution graph (an op, a logical
// collective, or a synthetic item) with the time it holds the path, what that time counts as, and its
// share of the path. OpRole gives the op of the job shown to jump to: the measured op (a collective's
// first participant; invalid for a synthetic item), or for a what-if drawn as a job, the op drawing
// the item. Read-only; GUI thread only.
class CriticalPathModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IndexColumn, NameColumn, RankColumn, CategoryColumn, TimeColumn, ShareColumn, ColumnCount };
    static constexpr int OpRole = Qt::UserRole + 1; // quint32 op id
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit CriticalPathModel(QObject* parent = nullptr);
    ~CriticalPathModel() override;

    // opOfItem: per item, the op drawing it in the job shown (null: the measured op it stands for).
    void setPath(std::shared_ptr<const sightline::ExecutionGraph> graph, std::shared_ptr<const sightline::CriticalPath> path,
        std::shared_ptr<const std::vector<sightline::OpId>> opOfItem = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const sightline::ExecutionGraph> m_graph;
    std::shared_ptr<const sightline::CriticalPath> m_path;
    std::shared_ptr<const std::vector<sightline::OpId>> m_opOfItem;
    // The path's holds, or none without a graph.
    std::span<const sightline::CriticalPath::Hold> m_entries;
};
