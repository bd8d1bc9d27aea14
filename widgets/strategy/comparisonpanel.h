#pragma once

#include <QWidget>

#include "core/analysis/opchanges.h"
#include "core/base/ids.h"

#include <memory>
#include <vector>

class QCustomPlot;
class QTableWidget;

namespace sightline {
struct ReplayResult;
}

// Baseline against what-if, in numbers and a bar chart: the iteration time with its change in %, the
// critical path and its breakdown (compute, communication, launch, I/O, wait, host), and the peak
// device memory against the budget with out of memory. The chart puts the two breakdowns side by side,
// and a list gives the measured ops whose time changed most (OpChanges); clicking one shows it in the
// Gantt. Cleared (dashes) until a what-if has run.
class ComparisonPanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonPanel(QWidget* parent = nullptr);

    // changes: the ops that changed most (OpChanges::largest, made off the GUI thread: it reads every op).
    void setResult(std::shared_ptr<const sightline::ReplayResult> baseline, std::shared_ptr<const sightline::ReplayResult> whatIf,
        const std::vector<sightline::OpChange>& changes);
    void clear();
    // A cell's text, for tests: row as in the table, column 0 baseline, 1 what-if, 2 change.
    QString text(int row, int column) const;

    // How many ops the list of changed ops holds at most, and how many it holds now.
    static constexpr int kChangedOps = 20;
    int changedOpCount() const;

Q_SIGNALS:
    void opActivated(sightline::OpId op);

public:
    enum Row { IterationRow, PathRow, FirstCategoryRow, PeakMemoryRow = FirstCategoryRow + 6, OutOfMemoryRow, RowCount };

private:
    QTableWidget* m_table;
    QTableWidget* m_changed; // the ops whose time changed most
    QCustomPlot* m_chart;
};
