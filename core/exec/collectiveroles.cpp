#include "core/exec/collectiveroles.h"

#include "core/base/message.h"
#include "core/model/opclassifier.h"
#include "core/model/trace.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace sightline {

const char* parallelRoleName(ParallelRole role)
{
    switch (role) {
    case ParallelRole::Data: return "data-parallel";
    case ParallelRole::Tensor: return "tensor-parallel";
    case ParallelRole::Pipeline: return "pipeline";
    case ParallelRole::Expert: return "expert";
    case ParallelRole::Unknown: return "unknown";
    }
    return "unknown";
}

namespace {

// The reasons an item can have, by index.
enum Reason : std::uint8_t {
    None,
    PointToPoint,
    AllToAll,
    ForwardReduction,
    TensorGroup,
    FedByBackward,
    AfterAccumulateGrad,
    FrameworkName,
    DdpBroadcast,
    OptimizerReduction,
    Untied,
    OtherCollective,
    ForwardGather,
    ShardedGather,
    ReasonCount
};

const char* const kReasons[ReasonCount] = {
    "",
    "a send or receive between pipeline stages",
    "an all-to-all exchange",
    "a reduction in the forward pass",
    "its process group reduces in the forward pass",
    "backward work feeds it",
    "its rank's AccumulateGrad ops come before it",
    "the framework names it a gradient's (DistributedDataParallel, the reducer, a gradient tensor)",
    "DistributedDataParallel's broadcast of buffers",
    "a reduction in the optimizer (a gradient norm, a sharded update)",
    "an all-reduce outside the forward that nothing in the trace ties to gradients",
    "a collective the trace does not say the purpose of",
    "an all-gather: sharded data parallelism's parameters or sequence-parallel activations, the trace does not say which",
    "sharded data parallelism (FSDP) gathers its parameters",
};

bool isReduction(std::string_view c)
{
    return c == "all_reduce" || c == "reduce_scatter" || c == "all_gather" || c == "reduce" || c == "gather" || c == "scatter";
}

bool namesAny(std::string_view name, std::initializer_list<const char*> words)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return std::any_of(words.begin(), words.end(), [&](const char* w) { return lower.find(w) != std::string::npos; });
}

bool namesGradient(std::string_view name)
{
    return namesAny(name, { "distributeddataparallel", "reducer", "gradient", "grad_bucket", "allreduce.grad", "c10d::allreduce" });
}

bool namesSharded(std::string_view name)
{
    return namesAny(name, { "fullyshard", "fsdp" });
}

// The process group of a collective, as its first measured op records it ("" when none does).
StringId groupOf(const ExecutionGraph& g, ItemId item)
{
    for (const OpId op : g.origin(item)) {
        if (const CommArgs* a = g.trace().commArgs(op); a && a->processGroup.isValid())
            return a->processGroup;
    }
    return StringId(0);
}

// The items a collective's work stands for on its ranks: its participants (a logical collective's) or
// itself (a transfer of one rank), and the host ops that launched and enclose them.
std::vector<ItemId> issuersOf(const ExecutionGraph& g, ItemId item)
{
    std::vector<ItemId> items;
    if (g.track(item).isValid()) {
        items.push_back(item);
    } else {
        for (std::uint32_t s = g.inBegin(item.value()); s < g.inBegin(item.value() + 1); ++s) {
            if (g.edgeKind(g.inEdge(s)) == EdgeKind::Arrive)
                items.push_back(ItemId(g.inSource(s)));
        }
    }
    const std::size_t direct = items.size();
    for (std::size_t k = 0; k < direct; ++k) {
        ItemId op = g.firstSource(items[k], EdgeKind::Launch);
        for (int depth = 0; op.isValid() && depth < 8; ++depth) {
            items.push_back(op);
            op = g.firstSource(op, EdgeKind::Nest);
        }
    }
    return items;
}

} // namespace

const std::string& CollectiveRoles::reason(ItemId item) const
{
    return m_reasons[item.value() < m_reason.size() ? m_reason[item.value()] : 0];
}

Message CollectiveRoles::summary() const
{
    // One template per role, so that each language places the count; each entry nests the list
    // before it.
    static constexpr const char* kCounted[kParallelRoleCount] = { SL_TEXT("Core", "%1 data-parallel"),
        SL_TEXT("Core", "%1 tensor-parallel"), SL_TEXT("Core", "%1 pipeline"), SL_TEXT("Core", "%1 expert"),
        SL_TEXT("Core", "%1 unknown") };
    Message out;
    for (int r = 0; r < kParallelRoleCount; ++r) {
        const std::size_t count = m_counts[static_cast<std::size_t>(r)];
        if (count == 0)
            continue;
        Message entry(kCounted[r], { count });
        out = out.empty() ? std::move(entry) : Message(SL_TEXT("Core", "%1, %2"), { std::move(out), std::move(entry) });
    }
    return out.empty() ? Message(SL_TEXT("Core", "no collectives")) : out;
}

CollectiveRoles CollectiveRoles::of(const ExecutionGraph& g)
{
    CollectiveRoles roles;
    const std::uint32_t n = g.itemCount();
    roles.m_role.assign(n, ParallelRole::Unknown);
    roles.m_reason.assign(n, None);
    roles.m_reasons.assign(kReasons, kReasons + ReasonCount);
    roles.m_jobRanks = std::max<std::int32_t>(g.trace().worldSize(), static_cast<std::int32_t>(g.ranks().size()));
    const auto collective = [&](ItemId i) {
        const CommCost* c = g.comm(i);
        return c && isCommunication(g.kind(i)) ? c : nullptr;
    };
    // The process groups that reduce in the forward pass (all-reduce, reduce-scatter): tensor (or
    // sequence) parallel. An all-gather there may be FSDP's, and says nothing of its group.
    std::map<std::uint32_t, bool> tensorGroup;
    for (std::uint32_t i = 0; i < n; ++i) {
        const ItemId item(i);
        const CommCost* c = collective(item);
        const std::string_view name = c ? g.string(c->collective) : std::string_view();
        if (c && isReduction(name) && name != "all_gather" && name != "gather" && g.phase(item) == Phase::Forward)
            tensorGroup[groupOf(g, item).value()] = true;
    }
    // A trace that names no process group says nothing of which collectives share one.
    tensorGroup.erase(0);
    // Per rank and step: the earliest AccumulateGrad, the backward's own mark of gradients being ready.
    std::map<std::pair<std::uint32_t, std::int32_t>, TimeNs> firstAccumulate;
    for (std::uint32_t i = 0; i < n; ++i) {
        const ItemId item(i);
        if (g.rank(item).isValid() && OpClassifier::isAccumulateGrad(g.name(item))) {
            auto [it, added] = firstAccumulate.try_emplace({ g.rank(item).value(), g.stepOfStart(item) }, g.anchor(item));
            it->second = std::min(it->second, g.anchor(item));
        }
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        const ItemId item(i);
        const CommCost* c = collective(item);
        if (!c)
            continue;
        const std::string_view name = g.string(c->collective);
        const Phase phase = g.phase(item);
        ParallelRole role = ParallelRole::Unknown;
        Reason why = OtherCollective;
        if (name == "send" || name == "recv" || name == "send_recv" || g.kind(item) == OpKind::Send || g.kind(item) == OpKind::Recv) {
            role = ParallelRole::Pipeline, why = PointToPoint;
        } else if (name == "all_to_all") {
            role = ParallelRole::Expert, why = AllToAll;
        } else if (isReduction(name) && name != "all_gather" && name != "gather" && phase == Phase::Forward) {
            role = ParallelRole::Tensor, why = ForwardReduction;
        } else if (isReduction(name) && tensorGroup.count(groupOf(g, item).value())) {
            role = ParallelRole::Tensor, why = TensorGroup;
        } else if (isReduction(name) && phase == Phase::Optimizer) {
            role = ParallelRole::Unknown, why = OptimizerReduction;
        } else {
            const std::vector<ItemId> issuers = issuersOf(g, item);
            // The names on it: its own, the ops that issue it, and its tracks' (a Horovod or BytePS
            // timeline names a track after its tensor).
            const auto anyNamed = [&](bool (*test)(std::string_view)) {
                if (test(g.name(item)))
                    return true;
                return std::any_of(issuers.begin(), issuers.end(), [&](ItemId x) {
                    return test(g.name(x)) || (g.track(x).isValid() && g.tracks()[g.track(x).value()].measured.isValid()
                                                   && test(g.trace().string(g.trace().trackInfo(g.tracks()[g.track(x).value()].measured).name)));
                });
            };
            const bool named = anyNamed(namesGradient);
            if (name == "all_gather" || name == "gather") {
                // Sharded data parallelism gathers parameters, sequence parallelism activations.
                if (anyNamed(namesSharded))
                    role = ParallelRole::Data, why = ShardedGather;
                else
                    why = ForwardGather;
            } else if (name == "push" || name == "pull") {
                // A parameter server's: a gradient's when the framework names it one.
                if (named)
                    role = ParallelRole::Data, why = FrameworkName;
            } else if (name == "broadcast") {
                if (named)
                    role = ParallelRole::Data, why = anyNamed([](std::string_view s) { return namesAny(s, { "distributeddataparallel" }); }) ? DdpBroadcast : FrameworkName;
            } else if (isReduction(name)) {
                bool backward = phase == Phase::Backward;
                bool accumulated = false;
                for (const ItemId x : issuers) {
                    backward = backward || g.phase(x) == Phase::Backward;
                    if (!g.rank(x).isValid())
                        continue;
                    const auto it = firstAccumulate.find({ g.rank(x).value(), g.stepOfStart(x) });
                    accumulated = accumulated || (it != firstAccumulate.end() && it->second <= g.anchor(x));
                }
                if (named)
                    role = ParallelRole::Data, why = FrameworkName;
                else if (accumulated)
                    role = ParallelRole::Data, why = AfterAccumulateGrad;
                else if (backward)
                    role = ParallelRole::Data, why = FedByBackward;
                else
                    why = Untied;
            }
        }
        roles.m_role[i] = role;
        roles.m_reason[i] = why;
        ++roles.m_counts[static_cast<std::size_t>(role)];
        if (roles.takenAsData(g, item))
            roles.m_dataGroup = std::max(roles.m_dataGroup, spanOf(g, item));
    }
    return roles;
}

std::int32_t CollectiveRoles::spanOf(const ExecutionGraph& g, ItemId item)
{
    const CommCost* c = g.comm(item);
    return c->route == RouteKind::Partial ? c->groupSize : static_cast<std::int32_t>(c->rankCount);
}

bool CollectiveRoles::takenAsData(const ExecutionGraph& g, ItemId item, std::int32_t jobRanks) const
{
    const ParallelRole r = of(item);
    return r == ParallelRole::Data || (r == ParallelRole::Unknown && g.comm(item) && spanOf(g, item) == jobRanks);
}

} // namespace sightline
