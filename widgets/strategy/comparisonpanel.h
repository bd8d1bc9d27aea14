#pragma once

#include <QWidget>

#include "core/analysis/opchanges.h"
#include "core/analysis/tensorchanges.h"
#include "core/base/ids.h"

#include <memory>
#include <vector>

class QCustomPlot;
class QTableWidget;

namespace sightline {
struct ReplayResult;
}

// Baseline against what-if, in numbers and a bar chart: the iteration time with its change in %, the
// communication no compute hides per iteration, the critical path and its breakdown (compute,
// communication, launch, I/O, wait, host), and the peak device memory against the budget with out of
// memory. A table gives each device's peak before and after against its budget, the highest what-if
// peak first, out of memory in red. The chart sets baseline beside what-if for the iteration time, the
// highest peak (with the budget as a line) and the path's breakdown. Lists give the measured ops whose
// time changed most (OpChanges) and the gradient tensors whose wait to be all-reduced changed most
// (TensorChanges; hidden for a job without them). Clicking an entry shows its op in the Gantt. Cleared
// (dashes) until a what-if has run.
class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);

    // A what-if to show. The ops and tensors that changed most and the exposed communication are
    // made off the GUI thread: they read every item.
    struct Result {
        std::shared_ptr<const sightline::ReplayResult> baseline;
        std::shared_ptr<const sightline::ReplayResult> whatIf;
        std::vector<sightline::OpChange> changes;
        std::vector<sightline::TensorChange> tensors;
        sightline::TimeNs exposedBaseline = 0; // ExposedCommunication::perIteration
        sightline::TimeNs exposedWhatIf = 0;
    };
    void setResult(const Result& result);
    void clear();
    // Marks the result shown as stale (why: what failed since), or not (empty): a line over the
    // numbers says they are of the last strategy that ran, not of the one edited. setResult() and
    // clear() take the mark away.
    void setStale(const QString& why);
    bool isStale() const;
    // A cell's text, for tests: row as in the table, column 0 baseline, 1 what-if, 2 change.
    QString text(int row, int column) const;
    // How wide the rows' names are drawn, for tests.
    int rowNamesWidth() const;

    // How many ops the list of changed ops holds at most, and how many it holds now; the lists show
    // kRowsShown rows at least (the panel scrolls in a small dock rather than squeeze them).
    static constexpr int kChangedOps = 20;
    static constexpr int kRowsShown = 10;
    int changedOpCount() const;
    int changedTensorCount() const;
    // The per-device table, for tests: rows in the order shown; columns device, baseline peak (GB),
    // what-if peak (GB), budget (GB), out of memory.
    enum DeviceColumn { DeviceNameColumn, DeviceBaselineColumn, DeviceWhatIfColumn, DeviceBudgetColumn, DeviceOomColumn, DeviceColumnCount };
    QTableWidget* deviceTable() const { return m_devices; }
    QCustomPlot* chart() const { return m_chart; }

Q_SIGNALS:
    void opActivated(sightline::OpId op);

public:
    enum Row { IterationRow, ExposedRow, PathRow, FirstCategoryRow, PeakMemoryRow = FirstCategoryRow + 6, OutOfMemoryRow, RowCount };

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Figures whole, never elided. Where the table is too narrow for the rows' names, the columns'
    // titles and the figures, the titles give way to their figures' width, then the names to what is
    // left (at least a few letters), both elided with their whole text in a tooltip; below that the
    // table scrolls sideways.
    void fitColumns();
    // A list of changes: an entry (its op in UserRole), baseline, what-if, change; a click emits opActivated.
    QTableWidget* makeChangeTable(const QString& name, const QString& what, const QString& tip);
    // Makes a table at least as tall as its header and that many rows.
    static void setRowsShown(QTableWidget* table, int rows);
    static void setChangeRow(QTableWidget* table, int row, const QString& what, sightline::OpId op, sightline::TimeNs before, sightline::TimeNs after);

    // The chart's three bar groups, each in an axis rect of its own (values in ms, GB, ms); returns the
    // what-if's bars.
    class QCPBars* plotBars(class QCPAxisRect* rect, const QVector<QString>& labels, const QVector<double>& before, const QVector<double>& after);
    void fillDevices(const sightline::ReplayResult& baseline, const sightline::ReplayResult& whatIf);

    class QLabel* m_stale; // shown while the result is stale
    QTableWidget* m_table;
    QStringList m_rowNames; // whole; the table shows them elided when it must
    QStringList m_columnNames;
    QTableWidget* m_devices; // each device's peak against its budget
    QCustomPlot* m_chart;
    class QCPAxisRect* m_iterationRect;
    class QCPAxisRect* m_memoryRect;
    class QCPAxisRect* m_pathRect;
    class QCPItemStraightLine* m_budgetLine;
    QTableWidget* m_changed; // the ops whose time changed most
    QTableWidget* m_tensors; // the tensors whose synchronisation changed most
};
