#pragma once

#include <QWidget>

#include <memory>

class QAction;
class QTreeView;
class TrackTreeModel;

namespace sightline {
class Trace;
class TrackTree;
}

// The track tree beside the Gantt: check boxes show and hide hosts, ranks, kinds of track and
// tracks; rows are reordered among their siblings by drag and drop or Move Up / Move Down
// (Alt+Up / Alt+Down); Show All and Reset undo hiding, or everything. A double click asks to bring
// the node's row into view (nodeActivated). GUI thread only.
class TrackTreePanel : public QWidget {
    Q_OBJECT
public:
    explicit TrackTreePanel(QWidget* parent = nullptr);
    ~TrackTreePanel() override;

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

Q_SIGNALS:
    void treeEdited();
    void nodeActivated(int node);

private:
    void updateActions();

    std::shared_ptr<const sightline::Trace> m_trace;
    TrackTreeModel* m_model = nullptr;
    QTreeView* m_view = nullptr;
    QAction* m_up = nullptr;
    QAction* m_down = nullptr;
    QAction* m_showAll = nullptr;
    QAction* m_reset = nullptr;
};
