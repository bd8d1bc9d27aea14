#include "widgets/panels/aggregatemodel.h"

#include "core/model/trace.h"
#include "widgets/timeline/timeaxisticker.h"
#include "widgets/timeline/tracklayout.h"

#include <algorithm>
#include <unordered_map>

using namespace sightline;

AggregateModel::AggregateModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

AggregateModel::~AggregateModel() = default;

void AggregateModel::clear()
{
    beginResetModel();
    m_trace.reset();
    m_rows.clear();
    m_ops = 0;
    m_selected.clear();
    endResetModel();
}

void AggregateModel::setSelection(std::shared_ptr<const Trace> trace, std::shared_ptr<const TrackLayout> layout,
    const std::vector<TrackId>& tracks, TimeNs begin, TimeNs end)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_rows.clear();
    m_ops = 0;
    m_selected.clear();
    std::unordered_map<std::uint32_t, std::size_t> rowOf;
    if (m_trace && layout && end > begin) {
        const TrackLayout& l = *layout;
        for (TrackId track : tracks) {
            const int lanes = l.laneCount(track);
            for (int lane = 0; lane < lanes; ++lane) {
                const auto ops = l.lane(track, lane);
                // Ops of a lane do not overlap: those overlapping the range are contiguous.
                auto it = std::partition_point(ops.begin(), ops.end(), [&](std::uint32_t op) { return l.end(op) <= begin; });
                const auto deeper = lane + 1 < lanes && lane + 1 < TrackLayout::kMaxLanes - 1 ? l.lane(track, lane + 1) : std::span<const std::uint32_t>();
                for (; it != ops.end() && l.start(*it) < end; ++it) {
                    const std::uint32_t op = *it;
                    TimeNs self = l.end(op) - l.start(op);
                    // Children: ops one lane deeper inside this one.
                    auto child = std::partition_point(deeper.begin(), deeper.end(), [&](std::uint32_t c) { return l.start(c) < l.start(op); });
                    for (; child != deeper.end() && l.start(*child) < l.end(op); ++child) {
                        if (l.end(*child) <= l.end(op))
                            self -= l.end(*child) - l.start(*child);
                    }
                    const std::uint32_t name = m_trace->name(OpId(op)).value();
                    auto [slot, inserted] = rowOf.emplace(name, m_rows.size());
                    if (inserted)
                        m_rows.push_back({ StringId(name), 0, 0, 0, OpId(op) });
                    Row& row = m_rows[slot->second];
                    ++row.count;
                    row.total += l.end(op) - l.start(op);
                    row.self += std::max<TimeNs>(0, self);
                    ++m_ops;
                    m_selected.push_back(OpId(op));
                }
            }
        }
    }
    std::stable_sort(m_rows.begin(), m_rows.end(), [](const Row& a, const Row& b) { return a.total > b.total; });
    endResetModel();
}

int AggregateModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int AggregateModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AggregateModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == OpRole)
        return QVariant::fromValue<quint32>(r.example.value());
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn: {
        const std::string_view name = m_trace->string(r.name);
        return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    }
    case CountColumn: return static_cast<qulonglong>(r.count);
    case TotalColumn: return role == SortRole ? QVariant(static_cast<qlonglong>(r.total)) : QVariant(TimeAxisTicker::duration(r.total));
    case SelfColumn: return role == SortRole ? QVariant(static_cast<qlonglong>(r.self)) : QVariant(TimeAxisTicker::duration(r.self));
    default: return {};
    }
}

QVariant AggregateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Name");
    case CountColumn: return tr("Count");
    case TotalColumn: return tr("Total");
    case SelfColumn: return tr("Self");
    default: return {};
    }
}
