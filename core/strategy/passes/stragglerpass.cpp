#include "core/strategy/passes/stragglerpass.h"

#include "core/base/message.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/trackroles.h"
#include "core/strategy/exportcontext.h"

#include <algorithm>
#include <array>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// The median: the middle value, or the mean of the two middle ones.
TimeNs median(std::vector<TimeNs>& values)
{
    const std::size_t n = values.size();
    const auto upper = values.begin() + static_cast<std::ptrdiff_t>(n / 2);
    std::nth_element(values.begin(), upper, values.end());
    if (n % 2 == 1)
        return *upper;
    const TimeNs lower = *std::max_element(values.begin(), upper);
    return lower + (*upper - lower) / 2;
}

} // namespace

std::string_view StragglerPass::name() const
{
    return "straggler";
}

std::string_view StragglerPass::summary() const
{
    return SL_TEXT("Core", "Gives one rank the median durations of the other ranks.");
}

const ParameterTable<StragglerParameters>& StragglerPass::table() const
{
    using T = ParameterSpec::Type;
    using P = StragglerParameters;
    static const ParameterTable<P> table {
        { &P::rank, { "rank", T::Integer, "", 0, 1e9, "", {}, SL_TEXT("Core", "global rank whose items take the other ranks' median durations") } },
    };
    return table;
}

Status StragglerPass::run(const StragglerParameters& params, WhatIfJob& job) const
{
    const ExecutionGraph& g = *job.graph;
    const std::int64_t wanted = params.rank;
    RankId straggler;
    for (std::uint32_t r = 0; r < g.ranks().size(); ++r) {
        if (g.ranks()[r].rank == wanted)
            straggler = RankId(r);
    }
    if (!straggler.isValid())
        return Status::error(ErrorCode::InvalidArgument, {}, -1, Message(SL_TEXT("Core", "rank %1 is not in the job"), { wanted }));
    if (g.ranks().size() < 2)
        return Status::error(ErrorCode::InvalidArgument, {}, -1, Message(SL_TEXT("Core", "the job has one rank: there is no other to take durations from")));

    // Counterparts: a track of the same role (TrackRoles: the main thread, the backward thread, the
    // n-th compute stream...), the same name, the same position among its namesakes on the track, in
    // item order. Tracks are visited by role, the straggler's first: its items give the slots (per name,
    // the first slot and how many), and every other rank's track of that role adds its durations to the
    // slots its items match. O(items + names) with arrays indexed by name, reset per track by a stamp.
    const std::uint32_t trackCount = static_cast<std::uint32_t>(g.tracks().size());
    const TrackRoles roles(g);
    const std::uint32_t positions = roles.count();
    std::vector<std::uint32_t> trackPosition(trackCount, 0);
    for (std::uint32_t t = 0; t < trackCount; ++t)
        trackPosition[t] = roles.of(TrackId(t));
    // The items that take part, grouped by track in item order (a counting sort).
    auto counted = [&](ItemId item) {
        const OpKind k = g.kind(item);
        return g.track(item).isValid() && g.hasFlag(item, ExecutionGraph::SelfTimed) && !isCommunication(k) && k != OpKind::Sync
            && !g.hasFlag(item, ExecutionGraph::Context);
    };
    std::vector<std::uint32_t> trackStart(trackCount + 1, 0);
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (counted(ItemId(i)))
            ++trackStart[g.track(ItemId(i)).value() + 1];
    }
    for (std::uint32_t t = 0; t < trackCount; ++t)
        trackStart[t + 1] += trackStart[t];
    std::vector<std::uint32_t> byTrack(trackStart.back());
    {
        std::vector<std::uint32_t> next(trackStart.begin(), trackStart.end() - 1);
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            if (counted(ItemId(i)))
                byTrack[next[g.track(ItemId(i)).value()]++] = i;
        }
    }
    std::vector<std::vector<std::uint32_t>> tracksAt(positions);
    for (std::uint32_t t = 0; t < trackCount; ++t) {
        if (g.tracks()[t].rank != straggler)
            tracksAt[trackPosition[t]].push_back(t);
    }
    std::vector<std::uint32_t> seen, seenStamp, firstSlot, slotCount, slotStamp;
    auto grow = [](std::vector<std::uint32_t>& v, std::uint32_t id) {
        if (id >= v.size())
            v.resize(id + 1, kNone);
    };
    // The position of item among the namesakes of its track so far (stamp: the track being read).
    auto ordinal = [&](std::uint32_t name, std::uint32_t stamp) {
        grow(seen, name);
        grow(seenStamp, name);
        if (seenStamp[name] != stamp) {
            seenStamp[name] = stamp;
            seen[name] = 0;
        }
        return seen[name]++;
    };
    std::vector<ItemId> own;
    std::vector<std::vector<TimeNs>> durations, gaps; // per slot: the other ranks' values
    std::uint32_t stamp = 0;
    for (std::uint32_t t = 0; t < trackCount; ++t) {
        if (g.tracks()[t].rank != straggler)
            continue;
        ++stamp;
        const std::uint32_t position = trackPosition[t];
        // The straggler's track at this position: its items in order, slots by name.
        const std::uint32_t first = static_cast<std::uint32_t>(own.size());
        for (std::uint32_t k = trackStart[t]; k < trackStart[t + 1]; ++k)
            own.push_back(ItemId(byTrack[k]));
        std::sort(own.begin() + first, own.end(), [&](ItemId a, ItemId c) {
            return g.nameId(a).value() != g.nameId(c).value() ? g.nameId(a).value() < g.nameId(c).value() : a < c;
        });
        for (std::uint32_t k = first; k < own.size(); ++k) {
            const std::uint32_t name = g.nameId(own[k]).value();
            grow(firstSlot, name);
            grow(slotCount, name);
            grow(slotStamp, name);
            if (slotStamp[name] != stamp) {
                slotStamp[name] = stamp;
                firstSlot[name] = k;
                slotCount[name] = 0;
            }
            ++slotCount[name];
        }
        durations.resize(own.size());
        gaps.resize(own.size());
        const std::uint32_t ownStamp = stamp;
        for (const std::uint32_t other : tracksAt[position]) {
            ++stamp;
            for (std::uint32_t k = trackStart[other]; k < trackStart[other + 1]; ++k) {
                const ItemId item(byTrack[k]);
                const std::uint32_t name = g.nameId(item).value();
                const std::uint32_t n = ordinal(name, stamp);
                if (name >= slotStamp.size() || slotStamp[name] != ownStamp || n >= slotCount[name])
                    continue;
                durations[firstSlot[name] + n].push_back(g.minDuration(item));
                gaps[firstSlot[name] + n].push_back(g.gap(item));
            }
        }
    }
    // The straggler takes the others' median where it was slower, and keeps its own time where it was
    // not: fixing it never makes the job slower. An item whose counterparts come from fewer than half
    // of the other ranks is told about: the median of a few may not be the others' pace.
    ExecutionGraphBuilder b(g);
    const std::size_t others = g.ranks().size() - 1;
    std::size_t without = 0, few = 0;
    for (std::size_t k = 0; k < own.size(); ++k) {
        if (durations[k].empty()) {
            ++without;
            continue;
        }
        few += 2 * durations[k].size() < others;
        b.setMinDuration(own[k], std::min(g.minDuration(own[k]), median(durations[k])));
        b.setGap(own[k], std::min(g.gap(own[k]), median(gaps[k])));
    }
    if (without > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 of rank %2's %3 items have no counterpart on the other ranks and keep their durations"),
            std::vector<Message::Arg> { without, wanted, own.size() });
    if (few > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 of rank %2's items have counterparts on fewer than half of the %3 other ranks (tracks matched by role: "
                                                  "the main thread, the backward thread, the n-th compute stream...); their median may not be the others' pace"),
            std::vector<Message::Arg> { few, wanted, others });
    return job.rebuild(b, AnalysisCache::kAll); // durations and gaps alone change
}

void StragglerPass::exportStep(const StragglerParameters&, ExportContext& out) const
{
    out.cannotAll("a straggler is fixed on its machine (its load, clocks or links), not by a framework setting");
}

} // namespace sightline
