#pragma once

#include "widgets/timeline/tracktree.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace sightline {
class Trace;
}

// The Gantt's TrackTree as an item model: hosts, ranks, kinds of track and tracks, with the number
// of ops under each. The check box shows or hides a node and everything under it (a group is
// partly checked when some of its tracks are hidden). Rows move among their siblings with
// moveRows() or by drag and drop (a drop onto a sibling puts the rows before it); nothing moves to
// another parent. Every edit emits treeEdited; syncFrom() takes a tree edited elsewhere (the Gantt's
// collapse and hide) without emitting it. GUI thread only.
class TrackTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, OpsColumn, ColumnCount };
    // The TrackTree node of an index (int).
    static constexpr int NodeRole = Qt::UserRole + 1;

    explicit TrackTreeModel(QObject* parent = nullptr);
    ~TrackTreeModel() override;

    // A new job and its tree: a reset, or, when the tree has the shape of the one shown (a what-if of
    // the same tracks), new names and op counts in place, so that views keep what they had expanded.
    // Returns whether the rows stayed (no reset).
    bool setJob(std::shared_ptr<const sightline::Trace> trace, const sightline::TrackTree& tree);
    // The same job's tree with other shown and collapsed flags or order (a tree of another job is
    // ignored).
    void syncFrom(const sightline::TrackTree& tree);
    const sightline::TrackTree& tree() const { return m_tree; }
    QModelIndex indexOf(int node, int column = NameColumn) const;
    // The largest op count a row shows (0 without a job).
    std::uint64_t largestCount() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool moveRows(const QModelIndex& sourceParent, int sourceRow, int count, const QModelIndex& destinationParent, int destinationChild) override;

    Qt::DropActions supportedDropActions() const override;
    Qt::DropActions supportedDragActions() const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) const override;
    // Moves the dragged rows itself and returns true; removeRows() stays unsupported, so the view's
    // move-drag removes nothing afterwards.
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) override;

Q_SIGNALS:
    void treeEdited();

private:
    int nodeOf(const QModelIndex& index) const;
    QString nameOf(int node) const;
    // The dragged nodes, and the parent and the child before which they go (-1: at the end), if the
    // drop is a valid move among siblings.
    bool dropTarget(const QMimeData* data, int row, const QModelIndex& parent, std::vector<int>& nodes, int& parentNode, int& before) const;
    // Reports a node and everything under it changed, and its ancestors (their check state).
    void notifyChanged(int node);
    void notifySubtree(int node);
    // m_ops from m_trace and m_tree.
    void countOps();

    std::shared_ptr<const sightline::Trace> m_trace;
    sightline::TrackTree m_tree;
    std::vector<std::uint64_t> m_ops; // per node: ops under it
};
