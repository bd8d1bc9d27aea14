#include "widgets/panels/ranksummarymodel.h"

#include "core/analysis/rankactivity.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"
#include "widgets/timeline/timeaxisticker.h"

#include <algorithm>
#include <map>

using namespace sightline;

RankSummaryModel::RankSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

RankSummaryModel::~RankSummaryModel() = default;

void RankSummaryModel::setJob(std::shared_ptr<const Trace> trace, std::shared_ptr<const Schedule> schedule)
{
    beginResetModel();
    m_rows.clear();
    if (trace) {
        std::map<std::uint32_t, std::pair<double, double>> measured, replayed;
        std::map<std::uint32_t, int> counts;
        if (schedule) {
            for (const ReplayedStep& s : schedule->steps) {
                measured[s.rank.value()].first += static_cast<double>(s.measured);
                replayed[s.rank.value()].first += static_cast<double>(s.replayed);
                ++counts[s.rank.value()];
            }
        }
        for (const RankActivity& a : RankActivityAnalysis::compute(*trace)) {
            Row row;
            row.rank = trace->rankInfo(a.rank).rank;
            row.window = a.window;
            row.compute = a.compute;
            row.communication = a.communication;
            row.exposed = a.exposedCommunication;
            row.idle = a.idle;
            row.overlap = a.overlap();
            if (const auto c = counts.find(a.rank.value()); c != counts.end()) {
                row.measured = measured[a.rank.value()].first / c->second;
                row.replayed = replayed[a.rank.value()].first / c->second;
            } else {
                // Without a replay, the measured steps alone.
                const auto steps = trace->steps(a.rank);
                double sum = 0;
                for (const StepSpan& s : steps)
                    sum += static_cast<double>(s.end - s.start);
                row.measured = steps.empty() ? -1 : sum / static_cast<double>(steps.size());
            }
            m_rows.push_back(row);
        }
        std::sort(m_rows.begin(), m_rows.end(), [](const Row& a, const Row& b) { return a.rank < b.rank; });
    }
    endResetModel();
}

int RankSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RankSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RankSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    auto time = [role](double ns) -> QVariant {
        if (role == SortRole)
            return ns;
        return ns < 0 ? QString() : TimeAxisTicker::duration(static_cast<TimeNs>(ns));
    };
    switch (index.column()) {
    case RankColumn: return r.rank;
    case ComputeColumn: return time(static_cast<double>(r.compute));
    case CommunicationColumn: return time(static_cast<double>(r.communication));
    case ExposedColumn: return time(static_cast<double>(r.exposed));
    case IdleColumn: return time(static_cast<double>(r.idle));
    case OverlapColumn:
        if (role == SortRole)
            return r.overlap;
        return r.communication > 0 ? QStringLiteral("%1 %").arg(QLocale().toString(100 * r.overlap, 'f', 1)) : QString();
    case MeasuredColumn: return time(r.measured);
    case ReplayedColumn: return time(r.replayed);
    default: return {};
    }
}

QVariant RankSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn: return tr("Rank");
    case ComputeColumn: return tr("Compute");
    case CommunicationColumn: return tr("Communication");
    case ExposedColumn: return tr("Exposed comm.");
    case IdleColumn: return tr("Idle");
    case OverlapColumn: return tr("Overlap");
    case MeasuredColumn: return tr("Measured step");
    case ReplayedColumn: return tr("Replayed step");
    default: return {};
    }
}
