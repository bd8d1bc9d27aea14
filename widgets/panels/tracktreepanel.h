#pragma once

#include <QWidget>

#include <memory>

class QAction;
class QLineEdit;
class QModelIndex;
class QTreeView;
class TrackTreeModel;

namespace sightline {
class Trace;
class TrackTree;
}

// The track tree beside the Gantt: check boxes show and hide hosts, ranks, kinds of track and
// tracks; rows are reordered among their siblings by drag and drop or Move Up / Move Down
// (Alt+Up / Alt+Down); Show All and Reset undo hiding, or everything. A double click asks to bring
// the node's row into view (nodeActivated). A filter field narrows the list to the rows whose names
// contain its text (case-insensitively), with their ancestors and everything under them; it only
// affects the list, not the Gantt. GUI thread only.
class TrackTreePanel : public QWidget {
    Q_OBJECT
public:
    explicit TrackTreePanel(QWidget* parent = nullptr);
    ~TrackTreePanel() override;

    // Hosts and ranks start opened; a tree of the shape shown (a what-if of the same tracks) keeps what
    // the user opened and closed.
    void setJob(std::shared_ptr<const sightline::Trace> trace, const sightline::TrackTree& tree);
    // Takes a tree edited in the Gantt.
    void syncFrom(const sightline::TrackTree& tree);
    const sightline::TrackTree& tree() const;
    TrackTreeModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    // Moves the current row one place up (-1) or down (+1) among its siblings.
    void moveCurrent(int direction);
    void showAll();
    void reset();
    void setFilter(const QString& text);
    // Whether a node's row is filtered out of the list.
    bool isFilteredOut(int node) const;

Q_SIGNALS:
    void treeEdited();
    void nodeActivated(int node);

private:
    void updateActions();
    // Sizes the op count column to the widest count and its title. widenOnly: for the same tracks with
    // other counts (a what-if and the measured job, in turn), so that the column does not jump.
    void fitOpsColumn(bool widenOnly);
    void applyFilter();
    // Hides the rows under parent that neither match nor hold a match; returns whether any is left.
    bool applyFilter(const QModelIndex& parent, bool ancestorMatches);

    std::shared_ptr<const sightline::Trace> m_trace;
    TrackTreeModel* m_model = nullptr;
    QTreeView* m_view = nullptr;
    QLineEdit* m_filterField = nullptr;
    QString m_filter;
    QAction* m_up = nullptr;
    QAction* m_down = nullptr;
    QAction* m_showAll = nullptr;
    QAction* m_reset = nullptr;
};
