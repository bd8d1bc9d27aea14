#include "core/exec/partitionmodel.h"

#include "core/exec/subgraphcopy.h"
#include "core/model/trace.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace sightline {

namespace {

constexpr std::string_view kTotal = " total";
constexpr std::string_view kPartition = " partition ";

// A track's tensor and partition from its name: partition -1 for the total, -2 for neither.
struct TrackRole {
    std::string tensor;
    std::int64_t partition = -2;
};

TrackRole roleOf(std::string_view name)
{
    if (name.ends_with(kTotal))
        return { std::string(name.substr(0, name.size() - kTotal.size())), -1 };
    const std::size_t at = name.rfind(kPartition);
    if (at == std::string_view::npos)
        return {};
    const std::string_view digits = name.substr(at + kPartition.size());
    std::int64_t n = -1;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (error != std::errc() || end != digits.data() + digits.size() || n < 0 || n >= (1 << 20))
        return {};
    return { std::string(name.substr(0, at)), n };
}

TimeNs median(std::vector<TimeNs> values)
{
    if (values.empty())
        return 0;
    const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    return *mid;
}

// An item's measured span: its anchor, and the measured duration of the op it stands for.
struct Span {
    TimeNs start = 0;
    TimeNs end = 0;
};

Span spanOf(const ExecutionGraph& g, ItemId i)
{
    return { g.anchor(i), SubgraphCopy::measuredEnd(g, i) };
}

// The tensors' tracks, keyed by rank and tensor.
using TensorKey = std::pair<std::uint32_t, std::string>;

class Builder {
public:
    explicit Builder(const ExecutionGraph& g)
        : g(g)
    {
    }

    Expected<PartitionModel::Tensor> tensor(const TensorKey& key, const std::map<std::int64_t, TrackId>& partitions, TrackId total)
    {
        PartitionModel::Tensor t;
        t.name = key.second;
        t.rank = RankId(key.first);
        for (std::int64_t n = 0; n < static_cast<std::int64_t>(partitions.size()); ++n) {
            const auto it = partitions.find(n);
            if (it == partitions.end())
                return fail(t, "partition " + std::to_string(n) + " has no track, though a later partition has one");
            t.tracks.push_back(it->second);
        }
        if (Status s = collect(t, total); !s.ok())
            return s;
        if (Status s = time(t); !s.ok())
            return s;
        return t;
    }

private:
    Status fail(const PartitionModel::Tensor& t, const std::string& what) const
    {
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            "tensor '" + t.name + "' of rank " + std::to_string(g.ranks()[t.rank.value()].rank) + ": " + what);
    }

    // Each iteration's total and its partitions' stages, in start order.
    Status collect(PartitionModel::Tensor& t, TrackId total)
    {
        std::map<std::uint32_t, std::size_t> partitionOf; // track -> partition
        for (std::size_t p = 0; p < t.tracks.size(); ++p)
            partitionOf[t.tracks[p].value()] = p;
        std::map<std::int32_t, PartitionModel::Iteration> byStep;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            const std::int32_t step = g.stepOfStart(item);
            if (!g.track(item).isValid() || step < 0)
                continue;
            if (g.track(item) == total) {
                PartitionModel::Iteration& it = byStep[step];
                if (it.total.isValid())
                    return fail(t, "two totals in step " + std::to_string(g.steps()[static_cast<std::size_t>(step)].number));
                it.total = item;
            } else if (const auto p = partitionOf.find(g.track(item).value()); p != partitionOf.end()) {
                PartitionModel::Iteration& it = byStep[step];
                it.partitions.resize(t.tracks.size());
                it.partitions[p->second].push_back(item);
            }
        }
        // The chain of stages is the first partition's in the iteration that holds the most items; an
        // iteration whose partitions do not all run it (one the trace cut) stays as measured.
        const PartitionModel::Iteration* fullest = nullptr;
        std::size_t most = 0;
        for (auto& [step, it] : byStep) {
            std::size_t items = 0;
            for (std::vector<ItemId>& stages : it.partitions) {
                std::stable_sort(stages.begin(), stages.end(), [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); });
                items += stages.size();
            }
            if (it.total.isValid() && items > most) {
                most = items;
                fullest = &it;
            }
        }
        if (!fullest)
            return fail(t, "no iteration with a total and stages");
        for (ItemId s : fullest->partitions.front())
            t.stages.push_back({ g.nameId(s), g.kind(s), 0, 0, 0 });
        for (auto& [step, it] : byStep) {
            bool same = it.total.isValid() && !it.partitions.empty();
            for (std::size_t p = 0; same && p < it.partitions.size(); ++p) {
                const std::vector<ItemId>& stages = it.partitions[p];
                same = stages.size() == t.stages.size();
                for (std::size_t j = 0; same && j < stages.size(); ++j)
                    same = g.nameId(stages[j]) == t.stages[j].name;
            }
            if (same)
                t.iterations.push_back(std::move(it));
            else
                ++t.incomplete;
        }
        if (t.iterations.empty() || t.stages.empty())
            return fail(t, "no iteration with stages");
        return {};
    }

    // The stages' queue timings, from every iteration.
    Status time(PartitionModel::Tensor& t) const
    {
        for (std::size_t j = 0; j < t.stages.size(); ++j) {
            std::vector<TimeNs> first, interval, gap;
            for (const PartitionModel::Iteration& it : t.iterations) {
                const Span head = spanOf(g, it.partitions.front()[j]);
                first.push_back(head.end - head.start);
                const TimeNs before = j == 0 ? spanOf(g, it.total).start : spanOf(g, it.partitions.front()[j - 1]).end;
                gap.push_back(std::max<TimeNs>(0, head.start - before));
                // The mean over the iteration: partitions may finish in bursts.
                const std::size_t last = it.partitions.size() - 1;
                if (last > 0) {
                    const TimeNs spread = spanOf(g, it.partitions[last][j]).end - head.end;
                    interval.push_back(std::max<TimeNs>(0, spread / static_cast<TimeNs>(last)));
                }
            }
            PartitionModel::Stage& s = t.stages[j];
            s.first = median(std::move(first));
            s.service = interval.empty() ? s.first : std::min(s.first, median(std::move(interval)));
            s.gap = median(std::move(gap));
        }
        return {};
    }

    const ExecutionGraph& g;
};

} // namespace

Expected<PartitionModel> PartitionModel::of(const ExecutionGraph& g)
{
    PartitionModel model;
    if (g.trace().format() != "byteps")
        return model;
    std::map<TensorKey, std::map<std::int64_t, TrackId>> partitions;
    std::map<TensorKey, TrackId> totals;
    for (std::uint32_t tr = 0; tr < g.tracks().size(); ++tr) {
        const ExecTrack& track = g.tracks()[tr];
        if (!track.measured.isValid())
            continue;
        const TrackRole role = roleOf(g.trace().string(g.trace().trackInfo(track.measured).name));
        const TensorKey key { track.rank.value(), role.tensor };
        if (role.partition == -1)
            totals[key] = TrackId(tr);
        else if (role.partition >= 0)
            partitions[key][role.partition] = TrackId(tr);
    }
    Builder builder(g);
    for (const auto& [key, tracks] : partitions) {
        const auto total = totals.find(key);
        if (total == totals.end())
            continue; // partitions without a total span: not a tensor the importer made whole
        Expected<Tensor> t = builder.tensor(key, tracks, total->second);
        if (!t)
            return t.status();
        model.m_tensors.push_back(std::move(*t));
    }
    return model;
}

} // namespace sightline
