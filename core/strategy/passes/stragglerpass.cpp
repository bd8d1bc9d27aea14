#include "core/strategy/passes/stragglerpass.h"

#include "core/exec/executiongraphbuilder.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

namespace sightline {

namespace {

TimeNs median(std::vector<TimeNs>& values)
{
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

} // namespace

std::string_view StragglerPass::name() const
{
    return "straggler";
}

std::string_view StragglerPass::summary() const
{
    return "Gives one rank the median durations of the other ranks.";
}

std::span<const ParameterSpec> StragglerPass::parameters() const
{
    using T = ParameterSpec::Type;
    static const std::array<ParameterSpec, 1> specs { {
        { "rank", T::Integer, "", 0, 1e9, "", {}, "global rank whose items take the other ranks' median durations" },
    } };
    return specs;
}

Status StragglerPass::apply(const PassArguments& args, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const std::int64_t wanted = args.integer("rank");
    RankId straggler;
    for (std::uint32_t r = 0; r < g.ranks().size(); ++r) {
        if (g.ranks()[r].rank == wanted)
            straggler = RankId(r);
    }
    if (!straggler.isValid())
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "rank " + std::to_string(wanted) + " is not in the job");
    if (g.ranks().size() < 2)
        return Status::error(ErrorCode::InvalidArgument, {}, -1, "the job has one rank: there is no other to take durations from");

    // Counterparts: the same track position in the rank, the same name, the same position among its
    // namesakes on the track, in item order.
    std::vector<std::uint32_t> trackPosition(g.tracks().size(), 0);
    {
        std::vector<std::uint32_t> perRank(g.ranks().size(), 0);
        for (std::uint32_t t = 0; t < g.tracks().size(); ++t)
            trackPosition[t] = perRank[g.tracks()[t].rank.value()]++;
    }
    using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>; // track position, name, ordinal
    std::map<std::tuple<std::uint32_t, std::uint32_t>, std::uint32_t> seen; // (track, name) -> count so far
    std::map<Key, std::vector<TimeNs>> others, otherGaps;
    std::vector<std::pair<ItemId, Key>> own;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const TrackId track = g.track(item);
        const OpKind k = g.kind(item);
        if (!track.isValid() || !g.hasFlag(item, ExecutionGraph::SelfTimed) || isCommunication(k) || k == OpKind::Sync)
            continue;
        const Key key { trackPosition[track.value()], g.nameId(item).value(), seen[{ track.value(), g.nameId(item).value() }]++ };
        if (g.rank(item) == straggler)
            own.emplace_back(item, key);
        else {
            others[key].push_back(g.minDuration(item));
            otherGaps[key].push_back(g.gap(item));
        }
    }
    ExecutionGraphBuilder b(g);
    std::size_t without = 0;
    for (const auto& [item, key] : own) {
        auto it = others.find(key);
        if (it == others.end()) {
            ++without;
            continue;
        }
        b.setMinDuration(item, median(it->second));
        b.setGap(item, median(otherGaps[key]));
    }
    if (without > 0)
        job.warnings.push_back("straggler: " + std::to_string(without) + " of rank " + std::to_string(wanted) + "'s " + std::to_string(own.size())
            + " items have no counterpart on the other ranks and keep their durations");
    return job.rebuild(b);
}

} // namespace sightline
