#include "core/import/dprofinalizer.h"

#include "core/base/message.h"
#include "core/import/gmlgraph.h"
#include "core/import/rankfinalizer.h"
#include "core/import/rankpart.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = StringId::kInvalid;

bool contains(std::string_view s, std::string_view part)
{
    return s.find(part) != std::string_view::npos;
}

// The sub-op of a Comm name: what follows its tensor ids.
std::string_view subOpOf(std::string_view name)
{
    const std::size_t first = name.find('.');
    const std::size_t second = first == std::string_view::npos ? first : name.find('.', first + 1);
    return second == std::string_view::npos ? std::string_view() : name.substr(second + 1);
}

// The tensor ids of a Comm name ("Comm.3+4.NCCL_ALLREDUCE" -> "3+4").
std::string_view idsOf(std::string_view name)
{
    const std::size_t first = name.find('.');
    if (first == std::string_view::npos)
        return {};
    const std::size_t second = name.find('.', first + 1);
    return name.substr(first + 1, second == std::string_view::npos ? std::string_view::npos : second - first - 1);
}

OpKind commKind(std::string_view sub)
{
    if (contains(sub, "MEMCPY"))
        return OpKind::Memcpy;
    if (contains(sub, "QUEUE") || contains(sub, "Sync") || contains(sub, "SYNC") || contains(sub, "NEGOTIATE") || contains(sub, "WAIT"))
        return OpKind::Sync;
    return OpKind::Collective;
}

std::string_view collectiveOf(std::string_view sub)
{
    if (contains(sub, "BCAST") || contains(sub, "BROADCAST"))
        return "broadcast";
    if (contains(sub, "ALLGATHER"))
        return "all_gather";
    return "all_reduce";
}

class Finalizer {
public:
    Finalizer(RankPart& part, const std::vector<std::string>& gradientNames, const GmlGraph* graph)
        : p(part)
        , m_gradients(gradientNames)
        , m_graph(graph)
    {
    }

    void run()
    {
        RankFinalizer::finalize(p);
        classify();
        declaredSteps();
        dependencies();
    }

private:
    void classify();
    void declaredSteps();
    void dependencies();
    std::string tensorsOf(std::string_view ids) const;

    RankPart& p;
    const std::vector<std::string>& m_gradients;
    const GmlGraph* m_graph;
};

std::string Finalizer::tensorsOf(std::string_view ids) const
{
    std::string out;
    while (!ids.empty()) {
        const std::size_t plus = ids.find('+');
        const std::string_view id = ids.substr(0, plus);
        std::size_t index = 0;
        const auto [end, error] = std::from_chars(id.data(), id.data() + id.size(), index);
        if (!out.empty())
            out += '+';
        out += error == std::errc() && end == id.data() + id.size() && index < m_gradients.size() ? m_gradients[index] : std::string(id);
        ids = plus == std::string_view::npos ? std::string_view() : ids.substr(plus + 1);
    }
    return out;
}

void Finalizer::classify()
{
    std::vector<std::pair<std::uint32_t, CommArgs>> comm;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        const std::string_view name = p.strings.view(StringId(p.name[i]));
        if (name.starts_with("FW.")) {
            p.kind[i] = OpKind::ComputeKernel;
            p.phase[i] = Phase::Forward;
        } else if (name.starts_with("BW.")) {
            p.kind[i] = OpKind::ComputeKernel;
            p.phase[i] = Phase::Backward;
        } else if (name.starts_with("UPDATE_")) {
            p.kind[i] = OpKind::ComputeKernel;
            p.phase[i] = Phase::Optimizer;
        } else if (name.starts_with("I/O_")) {
            p.kind[i] = OpKind::Io;
            p.phase[i] = Phase::Other;
        } else if (name.starts_with("Comm.")) {
            const std::string_view sub = subOpOf(name);
            p.kind[i] = commKind(sub);
            p.phase[i] = Phase::Backward;
            if (p.kind[i] != OpKind::Collective)
                continue;
            CommArgs args;
            args.collective = p.strings.intern(collectiveOf(sub));
            args.processGroup = p.strings.intern(tensorsOf(idsOf(name)) + "/" + std::string(sub));
            comm.emplace_back(i, args);
        }
    }
    p.commArgs = std::move(comm);
    // The traces are the GPU's own work: its compute and communication run on device streams.
    std::vector<std::uint8_t> holds(p.tracks.size(), 0); // bit 0: compute, bit 1: communication
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.kind[i] == OpKind::ComputeKernel)
            holds[p.track[i]] |= 1;
        else if (isCommunication(p.kind[i]) || (p.kind[i] == OpKind::Memcpy && p.strings.view(StringId(p.name[i])).starts_with("Comm.")))
            holds[p.track[i]] |= 2;
    }
    for (std::size_t t = 0; t < p.tracks.size(); ++t) {
        if (holds[t] == 0)
            continue;
        p.tracks[t].gpu = true;
        p.tracks[t].kind = holds[t] == 2 ? TrackKind::CommChannel : TrackKind::GpuStream;
    }
}

void Finalizer::declaredSteps()
{
    if (p.declaredSteps.empty())
        return;
    std::map<std::int64_t, std::pair<TimeNs, TimeNs>> spans;
    p.step.assign(p.opCount(), -1);
    for (const auto& [op, step] : p.declaredSteps) {
        auto [it, added] = spans.emplace(step, std::make_pair(p.start[op], p.end[op]));
        if (!added) {
            it->second.first = std::min(it->second.first, p.start[op]);
            it->second.second = std::max(it->second.second, p.end[op]);
        }
        p.step[op] = static_cast<std::int32_t>(std::min<std::int64_t>(step, std::numeric_limits<std::int32_t>::max()));
    }
    p.steps.clear();
    for (const auto& [step, span] : spans)
        p.steps.push_back(StepSpan { RankId(), step, span.first, span.second, OpId() });
    std::sort(p.steps.begin(), p.steps.end(), [](const StepSpan& a, const StepSpan& b) { return a.start < b.start; });
    // An iteration lasts until the next begins: the time between two steps' work (loading the next
    // batch) is part of the iteration, as a replay measures it.
    for (std::size_t k = 0; k + 1 < p.steps.size(); ++k)
        p.steps[k].end = std::max(p.steps[k + 1].start, p.steps[k].start);
    p.stepMethod = StepMethod::DeclaredSteps;
}

void Finalizer::dependencies()
{
    if (!m_graph || m_graph->edges.empty())
        return;
    // Per op name and step, the first and the last op of that name (in start order).
    std::unordered_map<std::string_view, std::uint32_t> nameId;
    for (std::uint32_t i = 0; i < p.opCount(); ++i)
        nameId.emplace(p.strings.view(StringId(p.name[i])), p.name[i]);
    std::map<std::pair<std::uint32_t, std::int32_t>, std::pair<std::uint32_t, std::uint32_t>> ends; // (name, step) -> first, last
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        const std::int32_t step = p.step.empty() ? -1 : p.step[i];
        auto [it, added] = ends.emplace(std::make_pair(p.name[i], step), std::make_pair(i, i));
        if (added)
            continue;
        if (p.start[i] < p.start[it->second.first])
            it->second.first = i;
        if (p.start[i] >= p.start[it->second.second])
            it->second.second = i;
    }
    const auto opName = [&](const std::string& label) -> std::uint32_t {
        std::string_view name = label;
        if (const std::size_t arrow = name.find("->"); arrow != std::string_view::npos)
            name = name.substr(arrow + 2);
        const auto it = nameId.find(name);
        return it == nameId.end() ? kNone : it->second;
    };
    std::size_t unknown = 0;
    for (const auto& [from, to] : m_graph->edges) {
        const std::uint32_t a = opName(m_graph->nodes[from]);
        const std::uint32_t b = opName(m_graph->nodes[to]);
        if (a == kNone || b == kNone) {
            ++unknown;
            continue;
        }
        for (auto it = ends.lower_bound({ a, std::numeric_limits<std::int32_t>::min() }); it != ends.end() && it->first.first == a; ++it) {
            const auto target = ends.find({ b, it->first.second });
            if (target != ends.end() && it->second.second != target->second.first)
                p.links.push_back(Link { OpId(it->second.second), OpId(target->second.first), LinkKind::Dependency });
        }
    }
    if (unknown > 0)
        p.warn(ErrorCode::UnmatchedEvent, -1,
            Message(SL_TEXT("Core", "dependencies naming ops the trace does not have; ignored")),
            static_cast<std::int64_t>(unknown));
    RankFinalizer::orderLinks(p);
}

} // namespace

void DproFinalizer::finalize(RankPart& part, const std::vector<std::string>& gradientNames, const GmlGraph* graph)
{
    Finalizer(part, gradientNames, graph).run();
}

} // namespace sightline
