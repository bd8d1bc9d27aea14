#include "core/search/computesegments.h"

#include "core/analysis/criticalpath.h"
#include "core/exec/trackroles.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <limits>
#include <map>
#include <span>
#include <utility>

namespace sightline {

namespace {

bool isKernel(const ExecutionGraph& g, ItemId item)
{
    return g.kind(item) == OpKind::ComputeKernel && g.onDevice(item) && g.track(item).isValid();
}

// Whether kernel continues the segment that ends with last: the same stream, step and phase, and the
// next kernel in that stream's order.
bool continues(const ExecutionGraph& g, ItemId last, ItemId kernel)
{
    return g.track(last) == g.track(kernel) && g.stepOfStart(last) == g.stepOfStart(kernel)
        && g.phase(last) == g.phase(kernel) && g.firstSource(kernel, EdgeKind::Program) == last;
}

// The kernel a hold is for: the kernel itself, or the kernel a launch call launched; else invalid.
ItemId kernelOf(const ExecutionGraph& g, ItemId item)
{
    if (isKernel(g, item))
        return item;
    for (std::uint32_t e = g.outBegin(item.value()); e < g.outBegin(item.value() + 1); ++e) {
        if (g.edgeKind(e) == EdgeKind::Launch && isKernel(g, ItemId(g.target(e))))
            return ItemId(g.target(e));
    }
    return {};
}

// A run of kernels along the path and the time the launches of all but its first hold the path (the
// calls and the latency to their kernels), which fusing the run saves.
struct Run {
    std::vector<ItemId> kernels;
    TimeNs launchNs = 0;
};

// Stage 1: the runs of kernels along the path, found from the holds of the kernels and of their
// launches. Host work may come between two kernels of a run; communication, or a kernel that does not
// continue it, ends it.
std::vector<Run> runsOnPath(const ExecutionGraph& g, const CriticalPath& path)
{
    std::vector<Run> runs;
    Run run;
    const auto close = [&] {
        if (run.kernels.size() >= 2)
            runs.push_back(run);
        run = {};
    };
    for (const CriticalPath::Hold& hold : path.holds) {
        if (hold.category == PathCategory::Communication) {
            close();
            continue;
        }
        const ItemId kernel = kernelOf(g, hold.item);
        if (!kernel.isValid())
            continue;
        if (run.kernels.empty() || run.kernels.back() != kernel) {
            if (!run.kernels.empty() && !continues(g, run.kernels.back(), kernel))
                close();
            run.kernels.push_back(kernel);
        }
        if (run.kernels.size() >= 2 && hold.category == PathCategory::Launch)
            run.launchNs += hold.held;
    }
    close();
    return runs;
}

// Stage 2: the kernels on the device tracks, a place's (a track's in one step) in their order, and
// the places by track role: a segment's counterparts are in the places of its track's role.
struct Places {
    std::vector<std::vector<ItemId>> kernels; // by place
    std::map<std::uint32_t, std::vector<std::size_t>> ofRole; // places by track role, in track and step order
    std::map<std::pair<std::uint32_t, std::int32_t>, std::size_t> at; // place by (track, step)
};

Places placesOf(const ExecutionGraph& g, const TrackRoles& roles)
{
    std::vector<ItemId> kernels;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (isKernel(g, ItemId(i)))
            kernels.push_back(ItemId(i));
    }
    std::stable_sort(kernels.begin(), kernels.end(), [&](ItemId a, ItemId b) {
        return g.track(a) != g.track(b) ? g.track(a).value() < g.track(b).value() : g.anchor(a) < g.anchor(b);
    });
    Places places;
    for (ItemId kernel : kernels) {
        const auto where = std::make_pair(g.track(kernel).value(), g.stepOfStart(kernel));
        auto [it, added] = places.at.emplace(where, places.kernels.size());
        if (added) {
            places.kernels.emplace_back();
            places.ofRole[roles.of(g.track(kernel))].push_back(it->second);
        }
        places.kernels[it->second].push_back(kernel);
    }
    return places;
}

// The runs of a place that repeat the segment: its kernels' names in its order, each next to the one
// before on the stream; the first index of each in the place, not overlapping, the earliest first.
std::vector<std::size_t> repeatsIn(const ExecutionGraph& g, std::span<const ItemId> place, std::span<const ItemId> own)
{
    std::vector<std::size_t> starts;
    for (std::size_t at = 0; at + own.size() <= place.size();) {
        bool same = true;
        for (std::size_t j = 0; j < own.size() && same; ++j)
            same = g.nameId(place[at + j]) == g.nameId(own[j])
                && (j == 0 || continues(g, place[at + j - 1], place[at + j]));
        if (!same) {
            ++at;
            continue;
        }
        starts.push_back(at);
        at += own.size();
    }
    return starts;
}

// Stage 3: a segment's counterparts and blocks. In its own place the runs that repeat it are its
// identical blocks, the segment's own at some ordinal among them. A place of its role (another rank's
// stream, another step) that holds as many such runs holds its counterpart at that ordinal; one that
// holds another number is not alike, and gives no counterpart (the segment covers the places alike).
// Every run that repeats it, in every place of the role, is a block.
void placeSegment(
    const ExecutionGraph& g, const TrackRoles& roles, const Places& places, ComputeSegments::Segment& segment)
{
    const std::vector<ItemId>& own = segment.kernels;
    const std::size_t home = places.at.at({ g.track(own.front()).value(), g.stepOfStart(own.front()) });
    const std::vector<ItemId>& homeKernels = places.kernels[home];
    const std::size_t first = static_cast<std::size_t>(
        std::find(homeKernels.begin(), homeKernels.end(), own.front()) - homeKernels.begin());
    const std::vector<std::size_t> homeRuns = repeatsIn(g, homeKernels, own);
    const auto ordinal
        = static_cast<std::size_t>(std::find(homeRuns.begin(), homeRuns.end(), first) - homeRuns.begin());
    std::vector<OpId> ops, blocks, unlike;
    const auto addRun = [&](const std::vector<ItemId>& place, std::size_t start, std::vector<OpId>& into) {
        for (std::size_t j = 0; j < own.size(); ++j) {
            const auto origin = g.origin(place[start + j]);
            into.insert(into.end(), origin.begin(), origin.end());
        }
    };
    if (ordinal == homeRuns.size()) { // the segment overlaps a repeat found before it: itself alone
        for (ItemId kernel : own) {
            const auto origin = g.origin(kernel);
            ops.insert(ops.end(), origin.begin(), origin.end());
        }
        segment.placesAlike = 1;
    }
    for (const std::size_t p : places.ofRole.at(roles.of(g.track(own.front())))) {
        const std::vector<ItemId>& place = places.kernels[p];
        const std::vector<std::size_t> runs = p == home ? homeRuns : repeatsIn(g, place, own);
        ++segment.places;
        if (ordinal < homeRuns.size() && runs.size() == homeRuns.size()) {
            addRun(place, runs[ordinal], ops);
            ++segment.placesAlike;
        } else if (p != home) {
            for (const std::size_t start : runs)
                addRun(place, start, unlike);
        }
        for (const std::size_t start : runs)
            addRun(place, start, blocks);
        if (p == home)
            segment.blocks = runs.size();
    }
    segment.ops = OpSet::of(std::move(ops));
    segment.blockOps = OpSet::of(std::move(blocks));
    segment.unlike = OpSet::of(std::move(unlike));
}

} // namespace

std::vector<ComputeSegments::Segment> ComputeSegments::of(
    const ExecutionGraph& g, const Schedule& s, const CriticalPath& path, std::size_t most)
{
    std::vector<Segment> segments;
    for (Run& run : runsOnPath(g, path)) {
        TimeNs saved = run.launchNs;
        for (std::size_t k = 1; k < run.kernels.size(); ++k) {
            const std::uint32_t a = run.kernels[k - 1].value(), b = run.kernels[k].value();
            if (s.replayed(a) && s.replayed(b))
                saved += std::max<TimeNs>(0, s.start[b] - s.end[a]);
        }
        if (saved > 0)
            segments.push_back({ std::move(run.kernels), saved, {}, 0, {}, 0, 0, {} });
    }
    std::stable_sort(segments.begin(), segments.end(), [](const Segment& a, const Segment& b) {
        return a.savedNs != b.savedNs ? a.savedNs > b.savedNs : a.kernels.front() < b.kernels.front();
    });
    if (segments.size() > most)
        segments.resize(most);
    if (segments.empty())
        return segments;

    const TrackRoles roles(g);
    const Places places = placesOf(g, roles);
    for (Segment& segment : segments)
        placeSegment(g, roles, places, segment);
    return segments;
}

} // namespace sightline
