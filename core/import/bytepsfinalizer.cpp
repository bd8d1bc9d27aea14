#include "core/import/bytepsfinalizer.h"

#include "core/import/periodicsteps.h"
#include "core/import/rankfinalizer.h"
#include "core/import/rankpart.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <string>
#include <unordered_map>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = StringId::kInvalid;

// A partition's number, or -1 for the tensor's "total" thread (and -2 for a thread BytePS does not
// write).
std::int64_t partitionOf(std::string_view tid)
{
    if (tid == "total")
        return -1;
    std::int64_t n = -2;
    const auto [end, error] = std::from_chars(tid.data(), tid.data() + tid.size(), n);
    return error == std::errc() && end == tid.data() + tid.size() && n >= 0 ? n : -2;
}

// The stage an op's name ends with ("Comm.byteps.Whole.Gradient.PUSH" -> "PUSH").
std::string_view stageOf(std::string_view name)
{
    const std::size_t dot = name.rfind('.');
    return dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
}

OpKind kindOf(std::string_view stage)
{
    if (stage.starts_with("COORDINATE_"))
        return OpKind::Sync;
    if (stage == "REDUCE" || stage == "BROADCAST" || stage == "PUSH" || stage == "PULL")
        return OpKind::Collective;
    if (stage == "COPYD2H" || stage == "COPYH2D")
        return OpKind::Memcpy;
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
        nameTracks();
        RankFinalizer::finalize(p, RankFinalizer::Steps::ByDialect);
        classify();
        encloseStages();
        findIterations();
        p.pid = -1;
    }

private:
    void nameTracks();
    void classify();
    void encloseStages();
    void findIterations();
    std::string_view tensorOf(const RankPart::Track& t) const
    {
        return t.key.pidString == kNone ? std::string_view() : p.strings.view(StringId(t.key.pidString));
    }
    // A partition's number (written as a string, which the tokenizer reads as a number when it is
    // one), -1 for the total, -2 for a thread BytePS does not write.
    std::int64_t partitionOfTrack(const RankPart::Track& t) const
    {
        if (t.key.tidString != kNone)
            return partitionOf(p.strings.view(StringId(t.key.tidString)));
        return t.key.tid >= 0 ? t.key.tid : -2;
    }

    RankPart& p;
};

// "<tensor> total" first, then "<tensor> partition N" in partition order.
void Finalizer::nameTracks()
{
    for (RankPart::Track& t : p.tracks) {
        const std::string_view tensor = tensorOf(t);
        const std::int64_t partition = partitionOfTrack(t);
        if (tensor.empty() || partition == -2 || t.name.isValid())
            continue;
        t.name = p.strings.intern(std::string(tensor) + (partition < 0 ? " total" : " partition " + std::to_string(partition)));
        t.sortIndex = static_cast<std::int32_t>(std::min<std::int64_t>(partition, INT32_MAX));
        t.sortIndexSet = true;
    }
}

void Finalizer::classify()
{
    std::unordered_map<std::uint32_t, OpKind> byName;
    std::vector<std::pair<std::uint32_t, CommArgs>> comm;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        const RankPart::Track& track = p.tracks[p.track[i]];
        const std::int64_t partition = partitionOfTrack(track);
        if (partition == -1) {
            p.kind[i] = OpKind::Annotation;
            continue;
        }
        const std::string_view stage = stageOf(p.strings.view(StringId(p.name[i])));
        auto it = byName.find(p.name[i]);
        if (it == byName.end())
            it = byName.emplace(p.name[i], kindOf(stage)).first;
        p.kind[i] = it->second;
        // A GPU that is not its worker's local root signals the root (COORDINATE_PUSH) and then waits
        // until the root has pushed and pulled the partition before it copies the result back: it
        // joins the root's pull as a waiter.
        if (stage == "COORDINATE_PUSH") {
            CommArgs args;
            args.collective = p.strings.intern("pull");
            args.processGroup
                = p.strings.intern(std::string(tensorOf(track)) + "/" + std::to_string(partition) + "/PULL");
            comm.emplace_back(i, args);
            continue;
        }
        if (!isCommunication(p.kind[i]))
            continue;
        CommArgs args;
        std::string collective(stage);
        std::transform(collective.begin(), collective.end(), collective.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        args.collective = p.strings.intern(collective);
        args.processGroup = p.strings.intern(std::string(tensorOf(track)) + "/" + std::to_string(partition) + "/" + std::string(stage));
        comm.emplace_back(i, args);
    }
    for (RankPart::Track& t : p.tracks)
        t.kind = TrackKind::Other;
    p.commArgs = std::move(comm);
}

// Each total encloses the stages of its tensor's partitions that lie within it, so that a replay
// stretches or shrinks it with the communication it stands for, as nesting does on one thread. A total
// that overlaps the one before it on its track (no writer does that) encloses nothing, which keeps the
// links linear in the ops.
void Finalizer::encloseStages()
{
    std::map<std::string_view, std::vector<std::uint32_t>> stages; // a tensor's partition ops, by start
    std::vector<std::uint32_t> totals; // by track, then start
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        const RankPart::Track& track = p.tracks[p.track[i]];
        const std::int64_t partition = partitionOfTrack(track);
        if (tensorOf(track).empty() || partition == -2)
            continue;
        if (partition == -1)
            totals.push_back(i);
        else
            stages[tensorOf(track)].push_back(i);
    }
    const auto byStart = [this](std::uint32_t a, std::uint32_t b) { return p.start[a] < p.start[b]; };
    for (auto& [tensor, ops] : stages)
        std::stable_sort(ops.begin(), ops.end(), byStart);
    std::uint32_t lastTrack = UINT32_MAX;
    TimeNs coveredTo = INT64_MIN;
    for (const std::uint32_t total : totals) {
        if (p.track[total] != lastTrack)
            coveredTo = INT64_MIN;
        lastTrack = p.track[total];
        const auto found = stages.find(tensorOf(p.tracks[p.track[total]]));
        if (p.start[total] < coveredTo || found == stages.end())
            continue;
        coveredTo = p.end[total];
        const std::vector<std::uint32_t>& ops = found->second;
        auto it = std::lower_bound(
            ops.begin(), ops.end(), p.start[total], [this](std::uint32_t op, TimeNs t) { return p.start[op] < t; });
        for (; it != ops.end() && p.start[*it] <= p.end[total]; ++it) {
            if (p.end[*it] <= p.end[total])
                p.links.push_back({ OpId(total), OpId(*it), LinkKind::Encloses });
        }
    }
    RankFinalizer::orderLinks(p);
}

// Each tensor's totals are its anchors: one span of its whole communication an iteration.
void Finalizer::findIterations()
{
    std::map<std::uint32_t, std::vector<std::uint32_t>> totals;
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.kind[i] == OpKind::Annotation && partitionOfTrack(p.tracks[p.track[i]]) == -1)
            totals[p.track[i]].push_back(i);
    }
    PeriodicSteps::assign(p, totals);
}

} // namespace

void BytePSFinalizer::finalize(RankPart& part)
{
    Finalizer(part).run();
}

} // namespace sightline
