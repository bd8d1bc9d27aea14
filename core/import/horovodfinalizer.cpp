#include "core/import/horovodfinalizer.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/import/periodicsteps.h"
#include "core/import/rankfinalizer.h"
#include "core/import/rankpart.h"
#include "core/model/inputshapes.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = StringId::kInvalid;
// The pid the readiness tracks take, below every process a writer numbers.
constexpr std::int64_t kReadinessPid = -1;
// Ranks a readiness tick may name (RankAssigner's bound on ranks).
constexpr std::int64_t kMaxRank = 1 << 20;

// A readiness tick's rank: its name as a whole number (INT64_MAX past int64, so that it is still seen as
// a tick naming too high a rank), or -1.
std::int64_t rankOfTick(std::string_view name)
{
    if (name.empty() || name.find_first_not_of("0123456789") != std::string_view::npos)
        return -1;
    std::int64_t rank = 0;
    for (const char c : name) {
        if (!CheckedMath::mul(rank, 10, rank) || !CheckedMath::add(rank, c - '0', rank))
            return CheckedMath::kMax;
    }
    return rank;
}

bool isNegotiation(std::string_view name)
{
    return name.starts_with("NEGOTIATE_");
}

// The collective a Horovod operation or its backend call names ("MPI_ALLREDUCE", "BROADCAST"), or
// empty.
std::string_view collectiveOf(std::string_view name)
{
    if (name.ends_with("ALLREDUCE"))
        return "all_reduce";
    if (name.ends_with("BCAST") || name.ends_with("BROADCAST"))
        return "broadcast";
    if (name.ends_with("ALLGATHER") || name.ends_with("ALLGATHERV"))
        return "all_gather";
    if (name.ends_with("REDUCESCATTER"))
        return "reduce_scatter";
    if (name.ends_with("ALLTOALL"))
        return "all_to_all";
    return {};
}

bool isBackendCall(std::string_view name)
{
    return (name.starts_with("MPI_") || name.starts_with("NCCL_") || name.starts_with("GLOO_") || name.starts_with("CCL_")
               || name.starts_with("DDL_"))
        && !collectiveOf(name).empty();
}

OpKind kindOf(std::string_view name)
{
    if (isNegotiation(name) || name == "QUEUE" || name.starts_with("WAIT_FOR_"))
        return OpKind::Sync;
    if (isBackendCall(name))
        return OpKind::Collective;
    if (name.starts_with("MEMCPY_"))
        return OpKind::Memcpy;
    if (!collectiveOf(name).empty() || name == "CYCLE_START")
        return OpKind::Annotation;
    if (name == "INIT_FUSION_BUFFER")
        return OpKind::Runtime;
    return OpKind::CpuOp;
}

class Finalizer {
public:
    explicit Finalizer(RankPart& part)
        : p(part)
    {
    }

    void run()
    {
        cyclesAsCounter();
        nameTracks();
        separateReadiness();
        RankFinalizer::finalize(p, RankFinalizer::Steps::ByDialect);
        classify();
        // Independent: one writes the ops' bytes and communication arguments, the other their steps.
        parallelFor(2, [this](std::size_t half) {
            if (half == 0)
                addTensorArguments();
            else
                findIterations();
        });
        linkProtocol();
        p.pid = -1;
        p.processName = p.strings.intern("Horovod coordinator");
    }

private:
    void cyclesAsCounter();
    void nameTracks();
    void separateReadiness();
    void classify();
    void addTensorArguments();
    void findIterations();
    void linkProtocol();
    using TimedOps = std::vector<std::pair<TimeNs, std::uint32_t>>; // (a time of the op, the op), in order
    static TimedOps byTime(const std::vector<std::uint32_t>& ops, const std::vector<TimeNs>& time);
    std::vector<Link> linkBackgroundLoop(const TimedOps& byStart, const TimedOps& byEnd) const;
    std::vector<Link> linkIterations(const std::vector<std::uint32_t>& transfers) const;
    std::uint32_t readinessTrack(std::int64_t rank);
    // What an op's name says, found once per distinct name (classify() fills it for every op's name).
    void learnNames();
    bool isNegotiationName(std::uint32_t name) const { return m_negotiation[name]; }
    bool namesCollective(std::uint32_t name) const { return m_namesCollective[name]; }
    // The collective an operation's or a call's name says ("" for none), interned where it is first
    // needed, so that the pool's order is the ops'.
    StringId collectiveOfName(std::uint32_t name);

    RankPart& p;
    std::vector<OpKind> m_kind; // by name id
    std::vector<bool> m_negotiation; // by name id
    std::vector<bool> m_namesCollective; // by name id
    std::vector<StringId> m_collective; // by name id, once interned
    std::map<std::int64_t, std::uint32_t> m_readiness; // rank -> its track
    std::int64_t m_highestRank = -1;
};

// Each tensor's track takes its process's name.
void Finalizer::nameTracks()
{
    std::unordered_map<std::int64_t, StringId> processName;
    for (const auto& [key, name] : p.processNames) {
        if (key.pidString == kNone)
            processName[key.pid] = name;
    }
    for (RankPart::Track& t : p.tracks) {
        if (t.key.pidString != kNone || t.name.isValid())
            continue;
        const auto it = processName.find(t.key.pid);
        if (it != processName.end())
            t.name = it->second;
    }
}

// The background loop's CYCLE_START instants become the counter "Horovod cycle (ms)": at each cycle's
// start, how long that cycle ran (until the next one started). They are the loop's clock, not work of
// an iteration: as ops they would pin a replayed iteration to the measured cycles.
void Finalizer::cyclesAsCounter()
{
    const StringId cycle = p.strings.find("CYCLE_START");
    if (!cycle.isValid())
        return;
    std::vector<TimeNs> starts;
    std::vector<bool> keep(p.opCount(), true);
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.name[i] == cycle.value() && p.start[i] == p.end[i]) {
            starts.push_back(p.start[i]);
            keep[i] = false;
        }
    }
    if (starts.empty())
        return;
    std::sort(starts.begin(), starts.end());
    const StringId counter = p.strings.intern("Horovod cycle (ms)");
    for (std::size_t k = 0; k + 1 < starts.size(); ++k)
        p.counters.push_back(CounterSample { RankId(), counter, starts[k], static_cast<double>(starts[k + 1] - starts[k]) / 1e6 });
    p.keepOps(keep);
    if (p.opCount() == 0)
        p.warn(ErrorCode::NoEvents, -1,
            Message(SL_TEXT("Core", "the timeline holds only the background loop's cycles: no tensor was negotiated")));
}

std::uint32_t Finalizer::readinessTrack(std::int64_t rank)
{
    const auto [it, added] = m_readiness.emplace(rank, static_cast<std::uint32_t>(p.tracks.size()));
    if (added) {
        RankPart::Track t;
        t.key.pid = kReadinessPid;
        t.key.tid = rank;
        t.name = p.strings.intern("rank " + std::to_string(rank) + " ready");
        p.tracks.push_back(t);
    }
    return it->second;
}

// Zero-length events named by a rank number on a tensor's track are that rank's readiness: moved to
// the rank's track and named by the tensor.
void Finalizer::separateReadiness()
{
    const std::size_t tensorTracks = p.tracks.size();
    constexpr std::int64_t kUnread = -2;
    std::vector<std::int64_t> rankOfName(p.strings.size(), kUnread); // each name is read once
    std::set<std::int64_t> seen;
    for (std::size_t i = 0; i < p.opCount(); ++i) {
        if (p.start[i] != p.end[i] || p.track[i] >= tensorTracks)
            continue;
        std::int64_t& rank = rankOfName[p.name[i]];
        if (rank == kUnread)
            rank = rankOfTick(p.strings.view(StringId(p.name[i])));
        if (rank < 0)
            continue;
        if (rank >= kMaxRank) {
            p.warn(ErrorCode::ValueOutOfRange, -1,
                Message(SL_TEXT("Core", "readiness events naming a rank of 2^20 or more; kept as plain events")));
            continue;
        }
        seen.insert(rank);
        const StringId tensor = p.tracks[p.track[i]].name;
        p.track[i] = readinessTrack(rank);
        if (tensor.isValid())
            p.name[i] = tensor.value();
        m_highestRank = std::max(m_highestRank, rank);
    }
    if (m_highestRank >= 0) {
        // The world is the highest rank named, plus one; ranks that never report ready are said, as one
        // corrupt tick would otherwise make a world of a million ranks without a word.
        const auto named = static_cast<std::int64_t>(seen.size());
        if (named < m_highestRank + 1)
            p.warn(ErrorCode::ValueOutOfRange, -1,
                Message(SL_TEXT("Core",
                            "readiness events name %1 ranks, the highest %2: the world size is taken as %3, though %4 "
                            "of its ranks never report ready"),
                    { named, m_highestRank, m_highestRank + 1, m_highestRank + 1 - named }));
        p.worldSize = static_cast<std::int32_t>(m_highestRank + 1);
    }
}

void Finalizer::learnNames()
{
    const std::size_t names = p.strings.size();
    std::vector<bool> used(names, false);
    for (std::size_t i = 0; i < p.opCount(); ++i)
        used[p.name[i]] = true;
    m_kind.assign(names, OpKind::Annotation);
    m_negotiation.assign(names, false);
    m_namesCollective.assign(names, false);
    m_collective.assign(names, StringId());
    for (std::uint32_t n = 0; n < names; ++n) {
        if (!used[n])
            continue;
        const std::string_view name = p.strings.view(StringId(n));
        m_kind[n] = kindOf(name);
        m_negotiation[n] = isNegotiation(name);
        m_namesCollective[n] = !collectiveOf(name).empty();
    }
}

StringId Finalizer::collectiveOfName(std::uint32_t name)
{
    StringId& id = m_collective[name];
    if (!id.isValid())
        id = p.strings.intern(collectiveOf(p.strings.view(StringId(name))));
    return id;
}

void Finalizer::classify()
{
    learnNames();
    for (std::size_t i = 0; i < p.opCount(); ++i)
        p.kind[i] = p.tracks[p.track[i]].key.pid == kReadinessPid ? OpKind::Annotation : m_kind[p.name[i]];
    for (RankPart::Track& t : p.tracks) {
        // Tensors' tracks are the coordinator's timelines, not device streams: their phases nest.
        t.kind = TrackKind::Other;
    }
}

// Each collective call gets its communication arguments: the collective its name says, and from the
// dtype and shape on the closing event of the operation around it, the tensor's type, elements and
// bytes (which the operation takes too).
void Finalizer::addTensorArguments()
{
    // Shapes are in op order, and ops are visited in order: a cursor finds each op's.
    auto nextShape = p.shapes.begin();
    const auto shapeOf = [&](std::uint32_t op) -> const ShapeArgs* {
        while (nextShape != p.shapes.end() && nextShape->first < op)
            ++nextShape;
        return nextShape != p.shapes.end() && nextShape->first == op ? &nextShape->second : nullptr;
    };
    // A tensor's shape repeats every iteration: each distinct one is read once.
    struct Tensor {
        std::int64_t bytes = 0;
        std::int64_t elements = -1; // -1: no input
        StringId dtype;
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, Tensor> tensors;
    const auto tensorOf = [&](const ShapeArgs& shape) -> const Tensor& {
        const auto [it, added] = tensors.try_emplace({ shape.dims.value(), shape.types.value() });
        if (added) {
            const InputShapes inputs = InputShapes::parse(p.strings.view(shape.dims), p.strings.view(shape.types));
            if (!inputs.inputs().empty()) {
                it->second.bytes = inputs.bytes(0);
                it->second.elements = inputs.elements(0);
                it->second.dtype = p.strings.intern(inputs.inputs().front().type);
            }
        }
        return it->second;
    };
    std::vector<std::pair<std::uint32_t, CommArgs>> comm;
    bool unknownType = false;
    std::uint32_t operation = kNone; // the operation the ops that follow it on its track lie in
    std::int64_t bytes = 0;
    CommArgs tensor;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (operation != kNone && (p.track[i] != p.track[operation] || p.start[i] >= p.end[operation]))
            operation = kNone;
        if (p.kind[i] == OpKind::Annotation && namesCollective(p.name[i])) {
            operation = i;
            bytes = 0;
            tensor = CommArgs();
            tensor.groupSize = p.worldSize > 0 ? p.worldSize : -1;
            if (const ShapeArgs* shape = shapeOf(i)) {
                const Tensor& t = tensorOf(*shape);
                if (t.elements >= 0) {
                    bytes = t.bytes;
                    unknownType = unknownType || (bytes == 0 && t.elements > 0);
                    tensor.inNelems = tensor.outNelems = t.elements;
                    tensor.dtype = t.dtype;
                }
            }
            p.bytes[i] = bytes;
            continue;
        }
        if (p.kind[i] != OpKind::Collective)
            continue;
        CommArgs args = operation != kNone ? tensor : CommArgs();
        args.collective = collectiveOfName(p.name[i]);
        p.bytes[i] = operation != kNone ? bytes : 0;
        comm.emplace_back(i, args);
    }
    if (unknownType)
        p.warn(ErrorCode::WrongType, -1,
            Message(SL_TEXT("Core", "tensors of a type whose size is not known; their bytes are 0")));
    p.commArgs = std::move(comm);
}

// Each tensor's negotiations are its anchors: a gradient is negotiated once an iteration.
void Finalizer::findIterations()
{
    std::map<std::uint32_t, std::vector<std::uint32_t>> negotiations;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.kind[i] == OpKind::Sync && isNegotiationName(p.name[i]))
            negotiations[p.track[i]].push_back(i);
    }
    PeriodicSteps::assign(p, negotiations);
}

// The protocol as explicit dependencies, so that a replay of a changed job keeps it: the background
// loop runs one response (one fused buffer) at a time, and a synchronous iteration starts once the
// last all-reduce of the one before has ended. Each link joins ops the timeline has in that order.
void Finalizer::linkProtocol()
{
    std::vector<std::uint32_t> operations, transfers;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.kind[i] == OpKind::Annotation && p.tracks[p.track[i]].key.pid != kReadinessPid && namesCollective(p.name[i]))
            operations.push_back(i);
        else if (p.kind[i] == OpKind::Collective)
            transfers.push_back(i);
    }
    // The operations by start and the transfers by end (of transfers that end together, the last op
    // is taken), and the iterations' links, side by side.
    TimedOps byStart, byEnd;
    std::vector<Link> iterations;
    parallelFor(3, [&](std::size_t task) {
        if (task == 0)
            byStart = byTime(operations, p.start);
        else if (task == 1)
            byEnd = byTime(transfers, p.end);
        else
            iterations = linkIterations(transfers);
    });
    const std::vector<Link> loop = linkBackgroundLoop(byStart, byEnd);
    if (loop.empty() && iterations.empty())
        return;
    p.links.insert(p.links.end(), loop.begin(), loop.end());
    p.links.insert(p.links.end(), iterations.begin(), iterations.end());
    RankFinalizer::orderLinks(p);
}

// Each operation waits for the transfer that ended last before it started: the response before it.
// Transfers that overlap are one fused buffer and are not linked to each other's operations.
// One walk along the operations by start and the transfers by end finds, for each operation, the
// transfers ended by then.
std::vector<Link> Finalizer::linkBackgroundLoop(const TimedOps& byStart, const TimedOps& byEnd) const
{
    std::vector<Link> links;
    links.reserve(byStart.size());
    auto ended = byEnd.begin(); // the first transfer that ends after the operation's start
    for (const auto& [start, op] : byStart) {
        while (ended != byEnd.end() && ended->first <= start)
            ++ended;
        // A transfer that takes no time at the operation's start may be its own: no link, no cycle.
        if (ended != byEnd.begin() && p.start[std::prev(ended)->second] < start)
            links.push_back({ OpId(std::prev(ended)->second), OpId(op), LinkKind::Dependency });
    }
    return links;
}

Finalizer::TimedOps Finalizer::byTime(const std::vector<std::uint32_t>& ops, const std::vector<TimeNs>& time)
{
    TimedOps timed;
    timed.reserve(ops.size());
    for (const std::uint32_t op : ops)
        timed.emplace_back(time[op], op);
    std::sort(timed.begin(), timed.end());
    return timed;
}

// The first op of each track in iteration k + 1 (a tensor's negotiation, a rank's readiness, a cycle)
// waits for the transfer that ended last in iteration k.
std::vector<Link> Finalizer::linkIterations(const std::vector<std::uint32_t>& transfers) const
{
    std::vector<Link> links;
    std::vector<std::uint32_t> lastOf(p.steps.size(), kNone); // per iteration, its last transfer
    for (const std::uint32_t t : transfers) {
        const std::int32_t s = p.step[t];
        if (s < 0 || static_cast<std::size_t>(s) >= lastOf.size())
            continue;
        std::uint32_t& last = lastOf[static_cast<std::size_t>(s)];
        if (last == kNone || p.end[t] > p.end[last])
            last = t;
    }
    // Ops are in (track, start) order: the first of a track in an iteration is where the pair changes.
    std::uint32_t track = kNone;
    std::int32_t step = -1;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.track[i] == track && p.step[i] == step)
            continue;
        track = p.track[i];
        step = p.step[i];
        if (step <= 0 || static_cast<std::size_t>(step) > lastOf.size())
            continue;
        const std::uint32_t last = lastOf[static_cast<std::size_t>(step - 1)];
        if (last != kNone && p.end[last] <= p.start[i] && p.start[last] < p.start[i])
            links.push_back({ OpId(last), OpId(i), LinkKind::Dependency });
    }
    return links;
}

} // namespace

void HorovodFinalizer::finalize(RankPart& part)
{
    Finalizer(part).run();
}

} // namespace sightline
