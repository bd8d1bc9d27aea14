#include "core/exec/layermodel.h"

#include "core/base/globpattern.h"
#include "core/base/message.h"
#include "core/exec/subgraphcopy.h"
#include "core/model/trace.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace sightline {

namespace {

constexpr std::string_view kForward = " forward";
constexpr std::string_view kBackward = " backward";

// "block_12" -> "block_"; "" when the name does not end in a number.
std::string_view stemOf(std::string_view name)
{
    std::size_t end = name.size();
    while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9')
        --end;
    return end == name.size() || end == 0 ? std::string_view() : name.substr(0, end);
}

// A host op of the forward phase, or an annotation outside backward and optimizer (annotations take no
// phase of their own from their place in the step).
bool isHostSpan(const ExecutionGraph& g, ItemId i)
{
    if (!g.track(i).isValid() || g.onDevice(i) || g.stepOfStart(i) < 0)
        return false;
    const Phase p = g.phase(i);
    return (g.kind(i) == OpKind::CpuOp && p == Phase::Forward)
        || (g.kind(i) == OpKind::Annotation && p != Phase::Backward && p != Phase::Optimizer);
}

// The stem whose numbered names are the most distinct, among forward host spans.
std::string autoStem(const ExecutionGraph& g)
{
    // Each distinct name once: the spans of a job repeat a few hundred names millions of times.
    std::vector<std::uint8_t> seen(g.nameCount(), 0);
    std::map<std::string_view, std::set<std::string_view>> numbered;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (seen[g.nameId(item).value()] || !isHostSpan(g, item))
            continue;
        seen[g.nameId(item).value()] = 1;
        const std::string_view stem = stemOf(g.name(item));
        if (!stem.empty() && !stem.starts_with("ProfilerStep#"))
            numbered[stem].insert(g.name(item));
    }
    std::string best;
    std::size_t most = 1;
    for (const auto& [stem, names] : numbered) {
        if (names.size() > most) {
            most = names.size();
            best = std::string(stem);
        }
    }
    return best;
}

} // namespace

LayerModel LayerModel::of(const ExecutionGraph& g, std::string_view pattern)
{
    LayerModel model;
    // A layer-wise job names its layers' forward and backward ops: the backward of a layer, by its
    // name, rank and step (the last such op).
    std::map<std::tuple<std::string, std::uint32_t, std::int32_t>, ItemId, std::less<>> backwardOf;
    const bool layerwise = g.trace().format() == "layerwise";
    for (std::uint32_t i = 0; layerwise && i < g.itemCount(); ++i) {
        const ItemId item(i);
        const std::string_view name = g.name(item);
        if (g.phase(item) == Phase::Backward && name.ends_with(kBackward) && g.rank(item).isValid())
            backwardOf[{ std::string(name.substr(0, name.size() - kBackward.size())), g.rank(item).value(),
                g.stepOfStart(item) }]
                = item;
    }
    const std::string stem = pattern == "auto" ? autoStem(g) : std::string();
    const GlobPattern glob(pattern);
    // Host items per track by start, to find what a span nests.
    std::vector<std::vector<ItemId>> byTrack(g.tracks().size());
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (g.track(item).isValid() && !g.onDevice(item))
            byTrack[g.track(item).value()].push_back(item);
    }
    auto byStart = [&](ItemId a, ItemId b) { return g.anchor(a) < g.anchor(b); };
    for (auto& v : byTrack) {
        if (!std::is_sorted(v.begin(), v.end(), byStart))
            std::stable_sort(v.begin(), v.end(), byStart);
    }
    // Whether a name makes a span a layer, per name (unknown until its first span).
    std::vector<std::int8_t> wantedName(g.nameCount(), -1);

    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        const std::string_view name = g.name(item);
        if (!g.track(item).isValid() || (g.phase(item) != Phase::Forward && !isHostSpan(g, item)))
            continue;
        Layer layer;
        layer.span = item;
        if (layerwise) {
            // A layer-wise job: the op is the layer; its backward is the same layer's on the same rank and step.
            if (!name.ends_with(kForward) || !g.onDevice(item))
                continue;
            layer.name = std::string(name.substr(0, name.size() - kForward.size()));
            if (pattern != "auto" && !glob.matches(layer.name))
                continue;
            layer.forward.push_back(item);
            if (const auto b = backwardOf.find(std::tuple(layer.name, g.rank(item).value(), g.stepOfStart(item)));
                b != backwardOf.end())
                layer.firstBackward = b->second;
        } else {
            std::int8_t& wanted = wantedName[g.nameId(item).value()];
            if (wanted < 0)
                wanted = pattern == "auto" ? !stem.empty() && stemOf(name) == stem : glob.matches(name);
            if (!wanted || !isHostSpan(g, item))
                continue;
            layer.name = std::string(name);
            const auto& track = byTrack[g.track(item).value()];
            const TimeNs end = SubgraphCopy::measuredEnd(g, item);
            auto it = std::lower_bound(track.begin(), track.end(), g.anchor(item), [&](ItemId a, TimeNs t) { return g.anchor(a) < t; });
            std::vector<ItemId> host;
            for (; it != track.end() && g.anchor(*it) <= end; ++it) {
                if (SubgraphCopy::measuredEnd(g, *it) <= end)
                    host.push_back(*it);
            }
            if (std::find(host.begin(), host.end(), item) == host.end())
                host.push_back(item);
            TimeNs first = std::numeric_limits<TimeNs>::max();
            for (ItemId h : host) {
                layer.forward.push_back(h);
                for (std::uint32_t e = g.outBegin(h.value()); e < g.outBegin(h.value() + 1); ++e) {
                    const ItemId target(g.target(e));
                    if (g.edgeKind(e) == EdgeKind::Launch)
                        layer.forward.push_back(target);
                    else if (g.edgeKind(e) == EdgeKind::ForwardBackward && g.anchor(target) < first) {
                        first = g.anchor(target);
                        layer.firstBackward = target;
                    }
                }
            }
            std::sort(layer.forward.begin(), layer.forward.end());
            layer.forward.erase(std::unique(layer.forward.begin(), layer.forward.end()), layer.forward.end());
        }
        if (layer.firstBackward.isValid())
            model.m_layers.push_back(std::move(layer));
    }
    std::stable_sort(model.m_layers.begin(), model.m_layers.end(), [&](const Layer& a, const Layer& b) {
        const auto ka = std::make_tuple(g.rank(a.span).value(), g.stepOfStart(a.span), g.anchor(a.span));
        const auto kb = std::make_tuple(g.rank(b.span).value(), g.stepOfStart(b.span), g.anchor(b.span));
        return ka < kb;
    });
    if (layerwise && pattern == "auto")
        model.m_source = Message(SL_TEXT("Core", "the layer-wise profile's layers"));
    else if (layerwise)
        model.m_source = Message(SL_TEXT("Core", "the layer-wise profile's layers matching '%1'"), { std::string(pattern) });
    else if (pattern == "auto" && stem.empty())
        model.m_source = Message(SL_TEXT("Core", "no repeated numbered annotation to take as layers"));
    else if (pattern == "auto")
        model.m_source = Message(SL_TEXT("Core", "the forward spans named %1N"), { stem });
    else
        model.m_source = Message(SL_TEXT("Core", "the forward spans matching '%1'"), { std::string(pattern) });
    return model;
}

} // namespace sightline
