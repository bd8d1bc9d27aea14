#include "widgets/panels/ranksummarymodel.h"

#include "core/analysis/rankactivity.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"
#include "widgets/timeline/timeaxisticker.h"

#include <algorithm>

using namespace sightline;

RankSummaryModel::RankSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

RankSummaryModel::~RankSummaryModel() = default;

void RankSummaryModel::setJob(std::shared_ptr<const Trace> trace, std::shared_ptr<const Schedule> schedule)
{
    setJob(trace, schedule, trace ? RankActivityAnalysis::compute(*trace) : std::vector<RankActivity>());
}

void RankSummaryModel::setJob(const std::shared_ptr<const Trace>& trace, const std::shared_ptr<const Schedule>& schedule,
    const std::vector<RankActivity>& activity)
{
    beginResetModel();
    m_rows.clear();
    if (trace) {
        // Sums of the replayed steps' measured and replayed times, by rank.
        struct Steps {
            double measured = 0, replayed = 0;
            int count = 0;
        };
        std::vector<Steps> steps(trace->ranks().size());
        if (schedule) {
            for (const ReplayedStep& s : schedule->steps) {
                Steps& sum = steps[s.rank.value()];
                sum.measured += static_cast<double>(s.measured);
                sum.replayed += static_cast<double>(s.replayed);
                ++sum.count;
            }
        }
        for (const RankActivity& a : activity) {
            Row row;
            row.rank = trace->rankInfo(a.rank).rank;
            row.compute = a.compute;
            row.communication = a.communication;
            row.exposed = a.exposedCommunication;
            row.idle = a.idle;
            row.overlap = a.overlap();
            if (const Steps& sum = steps[a.rank.value()]; sum.count > 0) {
                row.measured = sum.measured / sum.count;
                row.replayed = sum.replayed / sum.count;
            } else {
                // Without a replay, the measured steps alone.
                const auto spans = trace->steps(a.rank);
                double total = 0;
                for (const StepSpan& s : spans)
                    total += static_cast<double>(s.end - s.start);
                row.measured = spans.empty() ? -1 : total / static_cast<double>(spans.size());
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
