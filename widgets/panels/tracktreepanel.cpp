#include "widgets/panels/tracktreepanel.h"

#include "widgets/panels/tracktreemodel.h"
#include "widgets/timeline/tracktree.h"

#include <QAction>
#include <QHeaderView>
#include <QLineEdit>
#include <QLocale>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

using namespace sightline;

TrackTreePanel::TrackTreePanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new TrackTreeModel(this))
    , m_view(new QTreeView(this))
{
    setObjectName(QStringLiteral("trackTree"));
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setDragDropMode(QAbstractItemView::InternalMove);
    m_view->setDefaultDropAction(Qt::MoveAction);
    m_view->setDropIndicatorShown(true);
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(TrackTreeModel::NameColumn, QHeaderView::Stretch);
    // Names that do not fit keep both ends ("thread 5…(python3)"): where tracks of a rank differ.
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->setIndentation(12); // hosts, ranks, tracks and lanes: four levels in a narrow dock
    // Fitted to the largest count at each job (fitOpsColumn), not ResizeToContents: that measures every
    // row shown at each change of the counts, and its delayed resize paints the list a second time
    // after each what-if.
    m_view->header()->setSectionResizeMode(TrackTreeModel::OpsColumn, QHeaderView::Fixed);

    auto* bar = new QToolBar(this);
    bar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    bar->setIconSize(QSize(14, 14));
    m_up = bar->addAction(style()->standardIcon(QStyle::SP_ArrowUp), tr("Move Up"), this, [this] { moveCurrent(-1); });
    m_up->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    m_up->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_up->setToolTip(tr("Move the selected row up among its siblings (Alt+Up)"));
    m_down = bar->addAction(style()->standardIcon(QStyle::SP_ArrowDown), tr("Move Down"), this, [this] { moveCurrent(1); });
    m_down->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    m_down->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_down->setToolTip(tr("Move the selected row down among its siblings (Alt+Down)"));
    // Show All and Reset are words: there are no standard icons that say them.
    m_showAll = bar->addAction(tr("Show All"), this, &TrackTreePanel::showAll);
    m_showAll->setToolTip(tr("Show every hidden track"));
    m_reset = bar->addAction(tr("Reset"), this, &TrackTreePanel::reset);
    m_reset->setToolTip(tr("Restore the job's own order, show every track and undo collapsing"));
    for (QAction* words : { m_showAll, m_reset }) {
        if (auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(words)))
            button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }

    m_filterField = new QLineEdit(this);
    m_filterField->setPlaceholderText(tr("Filter tracks"));
    m_filterField->setClearButtonEnabled(true);
    connect(m_filterField, &QLineEdit::textChanged, this, &TrackTreePanel::setFilter);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(m_filterField);
    layout->addWidget(m_view);

    connect(m_model, &TrackTreeModel::treeEdited, this, &TrackTreePanel::treeEdited);
    connect(m_model, &TrackTreeModel::treeEdited, this, &TrackTreePanel::updateActions);
    connect(m_model, &QAbstractItemModel::modelReset, this, &TrackTreePanel::updateActions);
    // Hidden rows are kept by position: moves and resets must filter again.
    connect(m_model, &QAbstractItemModel::rowsMoved, this, qOverload<>(&TrackTreePanel::applyFilter));
    connect(m_model, &QAbstractItemModel::layoutChanged, this, qOverload<>(&TrackTreePanel::applyFilter));
    connect(m_model, &QAbstractItemModel::modelReset, this, qOverload<>(&TrackTreePanel::applyFilter));
    connect(m_view, &QTreeView::doubleClicked, this, [this](const QModelIndex& index) {
        Q_EMIT nodeActivated(index.data(TrackTreeModel::NodeRole).toInt());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &TrackTreePanel::updateActions);
    updateActions();
}

TrackTreePanel::~TrackTreePanel() = default;

void TrackTreePanel::setJob(std::shared_ptr<const Trace> trace, const TrackTree& tree)
{
    m_trace = trace;
    // A tree of the shape shown keeps what the user opened and closed in it.
    const bool kept = m_model->setJob(std::move(trace), tree);
    fitOpsColumn(kept);
    if (kept)
        return;
    // Hosts and ranks open, their kinds of track closed: a job of many ranks stays readable.
    for (int n = 0; n < tree.nodeCount(); ++n) {
        const auto level = tree.node(n).level;
        if (level == TrackTree::Level::Host || (level == TrackTree::Level::Rank && tree.nodeCount() < 256))
            m_view->expand(m_model->indexOf(n));
    }
}

void TrackTreePanel::fitOpsColumn(bool widenOnly)
{
    // As the delegate sizes a cell: the text and a focus frame's margin on either side.
    const int margin = 2 * (m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1);
    const QString widest = QLocale().toString(static_cast<qulonglong>(m_model->largestCount()));
    QHeaderView* header = m_view->header();
    int width = std::max(header->sectionSizeHint(TrackTreeModel::OpsColumn), m_view->fontMetrics().horizontalAdvance(widest) + margin);
    if (widenOnly)
        width = std::max(width, header->sectionSize(TrackTreeModel::OpsColumn));
    if (header->sectionSize(TrackTreeModel::OpsColumn) != width)
        header->resizeSection(TrackTreeModel::OpsColumn, width);
}

void TrackTreePanel::syncFrom(const TrackTree& tree)
{
    m_model->syncFrom(tree);
    updateActions();
}

const TrackTree& TrackTreePanel::tree() const
{
    return m_model->tree();
}

void TrackTreePanel::moveCurrent(int direction)
{
    const QModelIndex current = m_view->currentIndex().siblingAtColumn(TrackTreeModel::NameColumn);
    if (!current.isValid())
        return;
    const int row = current.row();
    const int rows = m_model->rowCount(current.parent());
    if ((direction < 0 && row == 0) || (direction > 0 && row + 1 >= rows))
        return;
    // moveRows() takes the destination before which the row goes.
    const int destination = direction < 0 ? row - 1 : row + 2;
    if (m_model->moveRows(current.parent(), row, 1, current.parent(), destination))
        m_view->setCurrentIndex(m_model->index(row + direction, 0, current.parent()));
}

void TrackTreePanel::showAll()
{
    TrackTree tree = m_model->tree();
    tree.setShown(TrackTree::root(), true);
    m_model->syncFrom(tree);
    Q_EMIT treeEdited();
    updateActions();
}

void TrackTreePanel::reset()
{
    if (!m_trace)
        return;
    setJob(m_trace, TrackTree::fromTrace(*m_trace));
    Q_EMIT treeEdited();
}

void TrackTreePanel::setFilter(const QString& text)
{
    m_filter = text.trimmed();
    if (m_filterField->text() != text)
        m_filterField->setText(text);
    applyFilter();
}

void TrackTreePanel::applyFilter()
{
    applyFilter(QModelIndex(), false);
}

bool TrackTreePanel::applyFilter(const QModelIndex& parent, bool ancestorMatches)
{
    bool any = false;
    for (int row = 0; row < m_model->rowCount(parent); ++row) {
        const QModelIndex index = m_model->index(row, 0, parent);
        const bool matches = m_filter.isEmpty() || index.data().toString().contains(m_filter, Qt::CaseInsensitive);
        const bool holdsMatch = applyFilter(index, ancestorMatches || matches);
        const bool visible = ancestorMatches || matches || holdsMatch;
        m_view->setRowHidden(row, parent, !visible);
        // Open the way to what matched below.
        if (!m_filter.isEmpty() && holdsMatch && !matches)
            m_view->expand(index);
        any = any || visible;
    }
    return any;
}

bool TrackTreePanel::isFilteredOut(int node) const
{
    const QModelIndex index = m_model->indexOf(node);
    return index.isValid() && m_view->isRowHidden(index.row(), index.parent());
}

void TrackTreePanel::updateActions()
{
    const QModelIndex current = m_view->currentIndex();
    m_up->setEnabled(current.isValid() && current.row() > 0);
    m_down->setEnabled(current.isValid() && current.row() + 1 < m_model->rowCount(current.parent()));
    const TrackTree& tree = m_model->tree();
    m_showAll->setEnabled(!tree.isEmpty() && tree.hasHidden(TrackTree::root()));
    m_reset->setEnabled(m_trace != nullptr);
}
