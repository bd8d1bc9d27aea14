#include "widgets/panels/ranklistmodel.h"

#include "core/analysis/tracesummary.h"
#include "core/model/trace.h"
#include "widgets/panels/durationtext.h"

#include <QFileInfo>
#include <QLocale>

RankListModel::RankListModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_summary(std::make_unique<sightline::TraceSummary>())
{
}

RankListModel::~RankListModel() = default;

void RankListModel::setTrace(std::shared_ptr<const sightline::Trace> trace)
{
    beginResetModel();
    m_trace = std::move(trace);
    *m_summary = m_trace ? sightline::TraceSummary::compute(*m_trace) : sightline::TraceSummary();
    endResetModel();
}

int RankListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_summary->ranks.size());
}

int RankListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

namespace {

double meanStepMs(const sightline::TraceSummary::Rank& r)
{
    if (r.steps.empty())
        return 0;
    double total = 0;
    for (const auto& s : r.steps)
        total += static_cast<double>(s.durationNs);
    return total / static_cast<double>(r.steps.size()) / 1e6;
}

} // namespace

QVariant RankListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& r = m_summary->ranks[static_cast<std::size_t>(index.row())];
    const QLocale locale;
    if (role == SortRole) {
        switch (index.column()) {
        case RankColumn: return r.rank;
        case FileColumn: return QString::fromStdString(r.file);
        case HostColumn: return QString::fromStdString(r.host);
        case TracksColumn: return r.tracks;
        case OpsColumn: return static_cast<qlonglong>(r.ops);
        case CollectivesColumn: return static_cast<qlonglong>(r.collectives);
        case StepsColumn: return static_cast<int>(r.steps.size());
        case MeanStepColumn: return meanStepMs(r);
        default: return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case RankColumn: return r.rank;
        case FileColumn: return QFileInfo(QString::fromStdString(r.file)).fileName();
        case HostColumn: return QString::fromStdString(r.host);
        case TracksColumn: return locale.toString(r.tracks);
        case OpsColumn: return locale.toString(static_cast<qlonglong>(r.ops));
        case CollectivesColumn: return locale.toString(static_cast<qlonglong>(r.collectives));
        case StepsColumn: return locale.toString(static_cast<int>(r.steps.size()));
        case MeanStepColumn:
            return r.steps.empty() ? QString() : tr("%1 ms").arg(DurationText::milliseconds(meanStepMs(r)));
        default: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == FileColumn)
        return QString::fromStdString(r.file);
    if (role == Qt::TextAlignmentRole && index.column() != FileColumn && index.column() != HostColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant RankListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn: return tr("Rank");
    case FileColumn: return tr("File");
    case HostColumn: return tr("Host");
    case TracksColumn: return tr("Tracks");
    case OpsColumn: return tr("Ops");
    case CollectivesColumn: return tr("Collectives");
    case StepsColumn: return tr("Steps");
    case MeanStepColumn: return tr("Mean step");
    default: return {};
    }
}
