#pragma once

#include <qcustomplot.h>

class RankSummaryModel;

// Bar charts of the rank summary: per rank, a stacked bar of GPU time (compute alone, compute
// overlapping communication, exposed communication, idle) over the mean measured and replayed step
// times side by side, and their legend in a row of its own under both. Follows the model's rows.
class RankSummaryChart : public QCustomPlot {
    Q_OBJECT
public:
    explicit RankSummaryChart(RankSummaryModel* model, QWidget* parent = nullptr);

    void rebuild();

private:
    RankSummaryModel* m_model;
    QCPAxisRect* m_stepRect = nullptr;
};
