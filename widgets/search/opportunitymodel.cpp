#include "opportunitymodel.h"

#include "widgets/panels/coretext.h"
#include "widgets/strategy/strategymodel.h"

#include <QLocale>

using namespace sightline;

OpportunityModel::OpportunityModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void OpportunityModel::setOpportunities(std::vector<Opportunity> opportunities)
{
    beginResetModel();
    m_opportunities = std::move(opportunities);
    endResetModel();
}

int OpportunityModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_opportunities.size());
}

int OpportunityModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OpportunityModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Opportunity& o = m_opportunities[static_cast<std::size_t>(index.row())];
    if (role == StepRole)
        return index.row();
    if (role == Qt::TextAlignmentRole && index.column() == Gain)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case Gain:
        return tr("%1 %").arg(QLocale().toString(o.gainPct, 'f', 2));
    case Step: {
        QStringList labels;
        for (const PassStep& step : o.steps)
            labels.append(StrategyModel::label({ step, true }));
        return labels.join(tr(" with "));
    }
    case Reason:
        // A gain whose replay's checks of its own figures warned is in doubt, and says so.
        return o.selfChecked
            ? tr("⚠ %1 (the replay's self-checks warned: the gain may be wrong)").arg(CoreText::of(o.reason))
            : CoreText::of(o.reason);
    default:
        return {};
    }
}

QVariant OpportunityModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Gain:
        return tr("Gain");
    case Step:
        return tr("Change");
    case Reason:
        return tr("Why");
    default:
        return {};
    }
}
