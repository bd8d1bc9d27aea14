#pragma once

#include "core/search/searchresult.h"

#include <QAbstractTableModel>

#include <vector>

// The opportunities a search found, as a table: the gain (the iteration shorter by this much alone,
// from the strategy the search had then), the step (pass and parameters) and why (which share of the
// critical path got shorter, translated). Largest gain first, as the search ranks them.
class OpportunityModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Gain, Step, Reason, ColumnCount };
    static constexpr int StepRole = Qt::UserRole + 1; // the row's PassStep, as the index into opportunities()

    explicit OpportunityModel(QObject* parent = nullptr);

    void setOpportunities(std::vector<sightline::Opportunity> opportunities);
    const std::vector<sightline::Opportunity>& opportunities() const { return m_opportunities; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<sightline::Opportunity> m_opportunities;
};
