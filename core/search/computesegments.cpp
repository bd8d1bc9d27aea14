#include "core/search/computesegments.h"

#include "core/analysis/criticalpath.h"
#include "core/exec/trackroles.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>

namespace sightline {

namespace {

using Key = std::array<std::uint32_t, 3>; // track role, name, place among its step's namesakes on the track

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

// Stage 2: each kernel's key, for the kernels on the device tracks (a track's kernels in their order):
// a kernel's counterparts are those of the same key on every rank and in every step.
std::vector<Key> keysOf(const ExecutionGraph& g, const TrackRoles& roles, std::vector<ItemId>& kernels)
{
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (isKernel(g, ItemId(i)))
            kernels.push_back(ItemId(i));
    }
    std::stable_sort(kernels.begin(), kernels.end(), [&](ItemId a, ItemId b) {
        return g.track(a) != g.track(b) ? g.track(a).value() < g.track(b).value() : g.anchor(a) < g.anchor(b);
    });
    std::vector<Key> keys(kernels.size());
    std::map<std::uint32_t, std::uint32_t> seen; // per name in the current step of the current track
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (k == 0 || g.track(kernels[k]) != g.track(kernels[k - 1])
            || g.stepOfStart(kernels[k]) != g.stepOfStart(kernels[k - 1]))
            seen.clear();
        const std::uint32_t name = g.nameId(kernels[k]).value();
        keys[k] = { roles.of(g.track(kernels[k])), name, seen[name]++ };
    }
    return keys;
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
            segments.push_back({ std::move(run.kernels), saved, {}, 0, {} });
    }
    std::stable_sort(segments.begin(), segments.end(), [](const Segment& a, const Segment& b) {
        return a.savedNs != b.savedNs ? a.savedNs > b.savedNs : a.kernels.front() < b.kernels.front();
    });
    if (segments.size() > most)
        segments.resize(most);
    if (segments.empty())
        return segments;

    // Stage 3: where else each segment's kernels run: the same names in the same order, one after the
    // other on its stream in its step (identical blocks), and every such kernel's counterparts on every
    // rank and in every step.
    const TrackRoles roles(g);
    std::vector<ItemId> kernels;
    const std::vector<Key> keys = keysOf(g, roles, kernels);
    std::vector<std::uint32_t> indexOf(g.itemCount(), std::numeric_limits<std::uint32_t>::max());
    for (std::size_t k = 0; k < kernels.size(); ++k)
        indexOf[kernels[k].value()] = static_cast<std::uint32_t>(k);
    std::vector<std::vector<std::size_t>> blocksOf(segments.size()); // each block's first index in kernels
    std::map<Key, std::vector<OpId>> opsOf;
    for (std::size_t n = 0; n < segments.size(); ++n) {
        const std::vector<ItemId>& own = segments[n].kernels;
        const std::size_t first = indexOf[own.front().value()];
        // The blocks of the segment's own step on its stream: those of the other steps are theirs.
        const auto sameStep = [&](std::size_t k) {
            return g.track(kernels[k]) == g.track(own.front())
                && g.stepOfStart(kernels[k]) == g.stepOfStart(own.front());
        };
        std::size_t begin = first, end = first;
        while (begin > 0 && sameStep(begin - 1))
            --begin;
        while (end < kernels.size() && sameStep(end))
            ++end;
        for (std::size_t at = begin; at + own.size() <= end;) {
            bool same = true;
            for (std::size_t j = 0; j < own.size() && same; ++j)
                same = g.nameId(kernels[at + j]) == g.nameId(own[j])
                    && (j == 0 || continues(g, kernels[at + j - 1], kernels[at + j]));
            if (!same) {
                ++at;
                continue;
            }
            blocksOf[n].push_back(at);
            for (std::size_t j = 0; j < own.size(); ++j)
                opsOf[keys[at + j]];
            at += own.size();
        }
    }
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (const auto it = opsOf.find(keys[k]); it != opsOf.end()) {
            const auto origin = g.origin(kernels[k]);
            it->second.insert(it->second.end(), origin.begin(), origin.end());
        }
    }
    for (std::size_t n = 0; n < segments.size(); ++n) {
        Segment& segment = segments[n];
        std::vector<OpId> ops, everywhere;
        for (ItemId kernel : segment.kernels) {
            const std::vector<OpId>& own = opsOf[keys[indexOf[kernel.value()]]];
            ops.insert(ops.end(), own.begin(), own.end());
        }
        for (std::size_t at : blocksOf[n]) {
            for (std::size_t j = 0; j < segment.kernels.size(); ++j) {
                const std::vector<OpId>& own = opsOf[keys[at + j]];
                everywhere.insert(everywhere.end(), own.begin(), own.end());
            }
        }
        segment.ops = OpSet::of(std::move(ops));
        segment.blocks = blocksOf[n].size();
        segment.blockOps = OpSet::of(std::move(everywhere));
    }
    return segments;
}

} // namespace sightline
