#include "core/strategy/passes/workercountpass.h"

#include "core/base/message.h"
#include "core/cost/linktopology.h"
#include "core/exec/collectiveroles.h"
#include "core/exec/executiongraphbuilder.h"
#include "core/exec/partitionmodel.h"
#include "core/exec/subgraphcopy.h"
#include "core/memory/allocatedblocks.h"
#include "core/memory/memoryrewrite.h"
#include "core/model/trace.h"
#include "core/strategy/batchsize.h"
#include "core/strategy/exportcontext.h"
#include "core/strategy/passes/asyncparameterserver.h"
#include "core/strategy/passes/psrepartition.h"
#include "core/strategy/samplescaling.h"
#include "core/strategy/shareddevices.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <numeric>
#include <set>

namespace sightline {

namespace {

// The measured ranks per host: how many share the first rank's host name (0 when names are missing).
int measuredRanksPerHost(const ExecutionGraph& g)
{
    if (g.ranks().empty() || g.ranks().front().host.empty())
        return 0;
    int n = 0;
    for (const ExecRank& r : g.ranks())
        n += r.host == g.ranks().front().host;
    return n;
}

// Ranks that shared a device as measured: a GPU job whose count of ranks changes runs each rank on a
// GPU of its own, its kernels taking their share of the shared GPU's time (SharedDevices); a job
// computing on its host keeps the times it took sharing the cores, warned of when ranks go (added ranks
// have a warning of their own). A warning saying which.
void warnSharedDevice(const SharedDevices& shared, const TopologyOptions& options, bool fewer, WhatIfJob& job)
{
    if (shared.devices().empty() || (!shared.sharesGpus() && !fewer))
        return;
    const SharedDevices::Device& first = shared.devices().front();
    std::string ranks;
    constexpr std::size_t kNamed = 8;
    for (std::size_t k = 0; k < std::min(kNamed, first.ranks.size()); ++k)
        ranks += (k > 0 ? ", " : "") + std::to_string(first.ranks[k]);
    if (first.ranks.size() > kNamed)
        ranks += ", ...";
    const Message host = !first.host.empty()
        ? Message(SL_TEXT("Core", "host %1"), { first.host })
        : Message(SL_TEXT("Core", "one host, as the trace names no hosts and %1 ranks to a host are taken"),
            { options.ranksPerHost > 0 ? options.ranksPerHost : TopologyOptions::kDefaultRanksPerHost });
    const auto ms = [](TimeNs t) {
        char text[32];
        std::snprintf(text, sizeof text, "%.3f", static_cast<double>(t) / 1e6);
        return std::string(text);
    };
    if (shared.sharesGpus())
        job.warnings.emplace_back(SL_TEXT("Core",
                                      "ranks %1 took turns on one GPU (index %2) of %3: each one's measured kernel "
                                      "times hold the others' turns. Each rank now has a GPU of its own, and its "
                                      "kernels take their share of the shared GPU's time, 1/k of it where k ranks' "
                                      "kernels ran at once (%4 ms of kernels as measured, %5 ms so shared; shared "
                                      "GPUs: %6). The GPU's switches between the ranks stay in that share: on the "
                                      "H100 sets it came 13 to 18 % above the kernels of a rank alone on the GPU. "
                                      "Their collectives run on host threads, which the trace cannot tell from "
                                      "processes that each saw a GPU of their own as that index: the network pass's "
                                      "ranks_per_host 1 takes them so"),
            std::vector<Message::Arg> { ranks, first.gpu, host, ms(shared.measuredKernelTime()),
                ms(shared.ownKernelTime()), shared.devices().size() });
    else
        job.warnings.emplace_back(SL_TEXT("Core",
                                      "ranks %1 shared the cores of %2: each one's measured times hold the others' "
                                      "load, and the ranks left keep those times, as if they still shared the cores "
                                      "(shared hosts: %3)"),
            std::vector<Message::Arg> { ranks, host, shared.devices().size() });
}

// A new rank's copies of its source rank's items.
struct Clone {
    std::vector<ItemId> members; // the source's items, by id
    std::vector<ItemId> copies; // their copies, in the same order

    ItemId copyOf(ItemId item) const
    {
        const auto it = std::lower_bound(members.begin(), members.end(), item);
        return it != members.end() && *it == item ? copies[static_cast<std::size_t>(it - members.begin())] : ItemId();
    }
};

// Adds rank `global` as a copy of source's work: tracks, steps and items of its own.
// blocks: the measured blocks members allocate (AllocatedBlocks::of).
Clone cloneRank(const ExecutionGraph& g, ExecutionGraphBuilder& b, SubgraphCopy& copier,
    const std::vector<ItemId>& members, RankId source, std::int32_t global, const std::string& host,
    const std::vector<std::size_t>& blocks)
{
    const RankId rank = b.addRank({ RankId(), global, host, g.ranks()[source.value()].device });
    std::vector<TrackId> track(g.tracks().size()); // the source's tracks' copies
    for (std::uint32_t t = 0; t < g.tracks().size(); ++t) {
        if (g.tracks()[t].rank == source)
            track[t] = b.addTrack({ rank, g.tracks()[t].kind, TrackId(), {} });
    }
    std::vector<std::int32_t> step(g.steps().size(), -1); // the source's steps' copies
    std::vector<std::pair<std::int32_t, ItemId>> markers;
    for (std::uint32_t s = 0; s < g.steps().size(); ++s) {
        const ExecStep& m = g.steps()[s];
        if (m.rank != source)
            continue;
        step[s] = b.addStep({ rank, m.number, m.measured, ItemId() });
        if (m.marker.isValid())
            markers.emplace_back(step[s], m.marker);
    }
    copier.select(members);
    Clone clone { members, copier.copy(b, "", false) };
    auto stepOf = [&](std::int32_t s) { return s < 0 ? -1 : step[static_cast<std::size_t>(s)]; };
    for (std::size_t k = 0; k < members.size(); ++k) {
        b.setTrack(clone.copies[k], track[g.track(members[k]).value()]);
        b.setSteps(clone.copies[k], stepOf(g.stepOfStart(members[k])), stepOf(g.stepOfEnd(members[k])));
    }
    for (const auto& [s, marker] : markers)
        b.setStepMarker(s, clone.copyOf(marker));
    // The new rank's device holds what the source's held: its resident model state, and a copy of each
    // block the source's work allocated.
    std::vector<MemoryDevice> devices;
    for (const MemoryDevice& d : b.memoryDevices()) {
        if (d.rank == source)
            devices.push_back(d);
    }
    if (devices.size() == 1) {
        MemoryDevice d = devices.front();
        d.rank = rank;
        const std::uint32_t device = b.addMemoryDevice(d);
        MemoryRewrite::copyBlocks(b, members, clone.copies, MemoryRewrite::kAllCategories, device, &blocks);
    }
    return clone;
}

// How the window's start releases a member of a rank's work (CostExtractor's window start): at once
// (wait invalid), or after a wait of its own that the start releases; neither has a rank.
struct WindowRelease {
    std::size_t member = 0; // its position among the rank's items
    ItemId start;
    ItemId wait;
    EdgeRef startRef = EdgeRef::StartToStart; // of the edge from start (to the wait, or to the member)
    EdgeRef ref = EdgeRef::StartToStart; // of the edge into the member
};

// Those of a rank's items (members), in order: a Window edge into one from an item without a rank
// comes from the start itself, or from a wait when a Window edge comes into that item too.
std::vector<WindowRelease> windowReleasesOf(const ExecutionGraph& g, const std::vector<ItemId>& members)
{
    std::vector<WindowRelease> out;
    for (std::size_t k = 0; k < members.size(); ++k) {
        const std::uint32_t member = members[k].value();
        for (std::uint32_t s = g.inBegin(member); s < g.inBegin(member + 1); ++s) {
            const ItemId from(g.inSource(s));
            if (g.edgeKind(g.inEdge(s)) != EdgeKind::Window || g.rank(from).isValid())
                continue;
            WindowRelease release { k, from, ItemId(), g.ref(g.inEdge(s)), g.ref(g.inEdge(s)) };
            for (std::uint32_t t = g.inBegin(from.value()); t < g.inBegin(from.value() + 1); ++t) {
                if (g.edgeKind(g.inEdge(t)) == EdgeKind::Window) {
                    release.start = ItemId(g.inSource(t));
                    release.wait = from;
                    release.startRef = g.ref(g.inEdge(t));
                    break;
                }
            }
            out.push_back(release);
        }
    }
    return out;
}

// The window's start releases a clone's work as it releases the source's: at once, or after a copy of
// the source's wait. Without that, the clone's first work would start at its anchor on no path from
// the window's start, and the critical path through it would leave out the wait.
void releaseFromWindowStart(
    const ExecutionGraph& g, ExecutionGraphBuilder& b, const Clone& clone, const std::vector<WindowRelease>& releases)
{
    for (const WindowRelease& r : releases) {
        const ItemId copy = clone.copies[r.member];
        if (!r.wait.isValid()) {
            b.addEdge(r.start, copy, EdgeKind::Window, r.ref);
            continue;
        }
        const ItemId wait = b.addItem(ExecutionGraphBuilder::columnsOf(g, r.wait), g.origin(r.wait));
        b.addEdge(r.start, wait, EdgeKind::Window, r.startRef);
        b.addEdge(wait, copy, EdgeKind::Window, r.ref);
    }
}

// A BytePS job: the measured worker's GPUs stand for every worker's; more workers load the servers.
// Each server takes the pushes and pulls of workers / servers workers at once, so those stages'
// service grows by that load against the measured one (PsRepartition, at the measured partitions).
Status scaleServers(const ExecutionGraph& g, const WorkerCountParameters& params, WhatIfJob& job)
{
    // The GPUs of a worker share its host; without host names, the job is one worker.
    const int perHost = measuredRanksPerHost(g);
    const auto ranks = static_cast<std::int64_t>(g.ranks().size());
    const std::int64_t gpus = perHost > 0 ? perHost : ranks;
    const std::int64_t measuredWorkers = std::max<std::int64_t>(1, ranks / gpus);
    const std::int64_t workers = std::max<std::int64_t>(1, (params.workers + gpus - 1) / gpus);
    if (workers * gpus != params.workers)
        job.warnings.emplace_back(SL_TEXT("Core",
                                      "%1 GPUs are not whole BytePS workers of %2 GPUs (the measured worker's): the "
                                      "what-if runs %3 workers, %4 GPUs"),
            std::vector<Message::Arg> { params.workers, gpus, workers, workers * gpus });
    const bool fixed = params.servers.has_value();
    const double servers = fixed ? static_cast<double>(*params.servers) : 0.0;
    const auto loadOf = [&](std::int64_t w) { return fixed ? std::max(1.0, static_cast<double>(w) / servers) : 1.0; };
    const double load = loadOf(workers) / loadOf(measuredWorkers);
    // The servers' load as measured: nothing to re-cut, the job stays as it is.
    if (load == 1.0 && !job.psPlan) {
        job.warnings.emplace_back(SL_TEXT("Core", "BytePS workers of %1 GPUs, %2 measured, %3 now: each server's load is as measured, so the job runs as measured"),
            std::vector<Message::Arg> { gpus, measuredWorkers, workers });
        return {};
    }
    const Expected<PsRepartition::Counts> replanned = PsRepartition::replan(job, [&](PsPlan& plan) { plan.serverLoad = load; });
    if (!replanned)
        return replanned.status();
    const PsRepartition::Counts& counts = *replanned;
    char factor[32];
    std::snprintf(factor, sizeof factor, "%.2f", load);
    if (fixed)
        job.warnings.emplace_back(SL_TEXT("Core", "BytePS workers of %1 GPUs, %2 measured, %3 now, sharing %4 servers: pushes and pulls take %5x their measured service"),
            std::vector<Message::Arg> { gpus, measuredWorkers, workers, *params.servers, factor });
    else
        job.warnings.emplace_back(SL_TEXT("Core", "BytePS workers of %1 GPUs, %2 measured, %3 now, with a server per worker (as BytePS deploys them): pushes and pulls take %4x their measured service"),
            std::vector<Message::Arg> { gpus, measuredWorkers, workers, factor });
    for (Message& warning : counts.warnings())
        job.warnings.push_back(std::move(warning));
    return {};
}

} // namespace

std::string_view WorkerCountPass::name() const
{
    return "worker_count";
}

std::string_view WorkerCountPass::summary() const
{
    return SL_TEXT("Core", "Scales data parallelism to another number of ranks, with collectives re-timed for the new group.");
}

const ParameterTable<WorkerCountParameters>& WorkerCountPass::table() const
{
    using T = ParameterSpec::Type;
    using P = WorkerCountParameters;
    static const ParameterTable<P> table {
        { &P::workers,
            { "workers", T::Integer, "", 1, 65536, "", {}, SL_TEXT("Core", "the number of data-parallel ranks") } },
        { &P::ranksPerHost,
            { "ranks_per_host", T::Integer, "", 1, 1e6, "", {},
                SL_TEXT("Core", "ranks per host for the new ranks; left out: as measured"), true } },
        { &P::servers,
            { "servers", T::Integer, "", 1, 65536, "", {},
                SL_TEXT("Core",
                    "the servers the workers share: of a BytePS job (left out: one per worker), or of mode async_ps "
                    "(left out: one)"),
                true } },
        { &P::mode,
            { "mode", T::Choice, "", 0, 0, "sync", { "sync", "async_ps" },
                SL_TEXT("Core",
                    "sync: the workers all-reduce their gradients and wait for one another; async_ps: each pushes its "
                    "gradients to parameter servers and pulls the parameters back, waiting for no other worker") } },
        { &P::batch,
            { "batch", T::Choice, "", 0, 0, "per_rank", { "per_rank", "global" },
                SL_TEXT("Core",
                    "per_rank: each rank keeps its measured batch (weak scaling); global: the measured global batch is "
                    "shared among the workers (strong scaling)") } },
    };
    return table;
}

namespace {

// Edges of a collective other than its participants' arrival and release, each to or from an item of
// rank `source`: copied for a clone of that rank, between `to` and the clone's copies.
void copyCollectiveEdges(const ExecutionGraph& g, ExecutionGraphBuilder& b, ItemId collective, ItemId to, RankId source, const Clone& clone)
{
    for (std::uint32_t e = g.outBegin(collective.value()); e < g.outBegin(collective.value() + 1); ++e) {
        const ItemId target(g.target(e));
        if (g.edgeKind(e) != EdgeKind::Release && g.rank(target) == source && clone.copyOf(target).isValid())
            b.addEdge(to, clone.copyOf(target), g.edgeKind(e), g.ref(e));
    }
    for (std::uint32_t s = g.inBegin(collective.value()); s < g.inBegin(collective.value() + 1); ++s) {
        const ItemId from(g.inSource(s));
        if (g.edgeKind(g.inEdge(s)) != EdgeKind::Arrive && g.rank(from) == source && clone.copyOf(from).isValid())
            b.addEdge(clone.copyOf(from), to, g.edgeKind(g.inEdge(s)), g.ref(g.inEdge(s)));
    }
}

// The job's ranks once the data-parallel group is `workers` ranks: every other group keeps its size, so
// the job spans the measured ranks times workers over the measured data-parallel group.
struct WorldSize {
    std::int32_t measuredData = 1; // the measured data-parallel group
    std::int32_t ranks = 1; // every rank of the new job
};

// The measured data-parallel group's size (WorkerCountPass::measuredWorkers), and the job's world.
std::pair<std::int32_t, std::int32_t> measuredDataAndWorld(const CollectiveRoles& roles)
{
    return { std::max(1, roles.dataGroupSize() > 0 ? roles.dataGroupSize() : roles.jobRanks()), roles.jobRanks() };
}

Expected<WorldSize> worldSizeFor(const CollectiveRoles& roles, const WorkerCountParameters& params)
{
    const auto [measuredData, world] = measuredDataAndWorld(roles);
    const auto workers = static_cast<std::int32_t>(params.workers);
    if ((static_cast<std::int64_t>(world) * workers) % measuredData != 0)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core", "the data-parallel group spans %1 of the job's %2 ranks: 'workers' must make whole copies of the other groups (a multiple of %3)"),
                { measuredData, world, measuredData / std::gcd(measuredData, world) }));
    // Checked in 64 bits: a world of many ranks times many workers is past any job, and past an int32.
    const std::int64_t ranks = static_cast<std::int64_t>(world) * workers / measuredData;
    constexpr std::int64_t kMaxRanks = std::int64_t(1) << 20;
    if (ranks > kMaxRanks)
        return Status::error(ErrorCode::ValueOutOfRange, {}, -1,
            Message(SL_TEXT("Core", "%1 workers of a data-parallel group of %2 in a world of %3 ranks make %4 ranks; at most %5 are modelled"),
                { workers, measuredData, world, ranks, kMaxRanks }));
    return WorldSize { measuredData, static_cast<std::int32_t>(ranks) };
}

// Where the trace shows the batch, after the global batch (the measured one, as earlier steps changed
// it) is shared among the workers (job.samplesFactor includes the share): a share that is not a whole
// number of samples is warned of, and one of less than a sample, apart (the job notes it: searches
// leave it out). Where it does not, a share that may not be whole samples is said to be untold.
void sayTheShare(const Trace& trace, std::int32_t measuredData, std::int32_t workers, WhatIfJob& job)
{
    const std::optional<BatchSize::Found> batch = BatchSize::of(trace);
    if (!batch) {
        if (std::optional<Message> unknown = BatchSize::unknownShare(job.samplesFactor))
            job.warnings.push_back(std::move(*unknown));
        return;
    }
    const double perRank = static_cast<double>(batch->size) * job.samplesFactor;
    const double global = perRank * workers;
    job.noteSamples(perRank);
    if (BatchSize::whole(perRank))
        return;
    const std::string before = BatchSize::text(global / measuredData);
    if (perRank < 1)
        job.warnings.emplace_back(SL_TEXT("Core",
                                      "a global batch of %1 samples (%2 per rank, %3) gives each of %4 workers %5 "
                                      "samples, less than one: no data loader gives that, and the figures are of "
                                      "those fractions"),
            std::vector<Message::Arg> {
                BatchSize::text(global), before, batch->source, workers, BatchSize::text(perRank) });
    else
        job.warnings.emplace_back(
            SL_TEXT("Core", "a global batch of %1 samples (%2 per rank, %3) does not split evenly among %4 workers"),
            std::vector<Message::Arg> { BatchSize::text(global), before, batch->source, workers });
}

// Strong scaling: each of the workers takes measuredData / workers of its measured samples.
Status shareGlobalBatch(std::int32_t measuredData, std::int32_t workers, WhatIfJob& job)
{
    if (workers == measuredData)
        return {};
    if (Status s = job.checkSamplesBeforeMicroBatches(); !s.ok())
        return s;
    const double factor = static_cast<double>(measuredData) / workers;
    const ExecutionGraph& g = *job.graph;
    ExecutionGraphBuilder b(g);
    SampleScaling(g, SampleScaling::kFloorUs, SampleScaling::kFixedShare, factor, job.samplesFactor).applyAll(b);
    job.samplesFactor *= factor;
    char share[32];
    std::snprintf(share, sizeof share, "%.3g", job.samplesFactor);
    job.warnings.emplace_back(SL_TEXT("Core",
                                  "the measured global batch of %1 data-parallel ranks is shared among %2: each rank "
                                  "computes on %3 times its measured "
                                  "samples, its device work taking a fixed 6 % of its time above 5 us and the rest in "
                                  "proportion, and its activations in proportion"),
        std::vector<Message::Arg> { measuredData, workers, std::string(share) });
    sayTheShare(g.trace(), measuredData, workers, job);
    return job.rebuild(b);
}

// What a BytePS job's servers, re-cut from the measured stages, cannot model; nothing when it can.
Status refusedForBytePs(const WorkerCountParameters& params)
{
    if (params.mode == WorkerCountParameters::Mode::AsyncPs)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "mode 'async_ps' is not modelled for BytePS jobs: their servers are measured, and synchronous")));
    if (params.batch == WorkerCountParameters::Batch::Global)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "batch 'global' is not modelled for BytePS jobs: their pushes and pulls are re-cut from the "
                "measured stages, which keep the measured batch")));
    return {};
}

} // namespace

// The pass's rewrite (run() keeps the count of workers beside it).
static Status scaleWorkers(const WorkerCountParameters& params, WhatIfJob& job)
{
    // A BytePS job already re-cut (by tensor_partition) is re-cut again from where that began.
    if (job.psPlan) {
        if (Status refused = refusedForBytePs(params); !refused.ok())
            return refused;
        const std::shared_ptr<const ExecutionGraph> base = job.psPlan->base;
        return scaleServers(*base, params, job);
    }
    const ExecutionGraph& g = *job.graph;
    if (g.asynchronous())
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                "the workers already push to parameter servers (an earlier worker_count step in mode async_ps): one "
                "worker_count step sets them")));
    const Expected<PartitionModel>& partitions = job.analyses().partitions();
    if (!partitions)
        return partitions.status();
    const bool async = params.mode == WorkerCountParameters::Mode::AsyncPs;
    if (!partitions->empty()) {
        if (Status refused = refusedForBytePs(params); !refused.ok())
            return refused;
        return scaleServers(g, params, job);
    }
    const CollectiveRoles& roles = job.analyses().collectiveRoles();
    const std::int32_t world = roles.jobRanks();
    const auto n = static_cast<std::int32_t>(g.ranks().size());
    const auto isData = [&](ItemId item) { return roles.takenAsData(g, item); };
    const Expected<WorldSize> sizes = worldSizeFor(roles, params);
    if (!sizes)
        return sizes.status();
    const std::int32_t measuredData = sizes->measuredData;
    const auto workers = static_cast<std::int32_t>(params.workers);
    const std::int32_t m = sizes->ranks;
    // Read from the measured ranks before any goes.
    std::optional<SharedDevices> shared;
    if (workers != measuredData) {
        shared.emplace(g, job.options.topology);
        warnSharedDevice(*shared, job.options.topology, workers < measuredData, job);
    }
    int perHost = params.ranksPerHost ? static_cast<int>(*params.ranksPerHost) : measuredRanksPerHost(g);
    if (params.ranksPerHost)
        job.options.topology.ranksPerHost = perHost;
    std::size_t untold = 0, kept = 0, gradients = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        const ItemId item(i);
        if (!g.comm(item) || !isCommunication(g.kind(item)))
            continue;
        untold += roles.of(item) == ParallelRole::Unknown && isData(item);
        kept += !isData(item);
        gradients += isData(item);
    }
    if (async && n < world)
        return Status::error(ErrorCode::InvalidArgument, {}, -1,
            Message(SL_TEXT("Core",
                        "mode 'async_ps' needs every rank of the job: the trace holds %1 of %2, whose transfers have "
                        "peers outside it"),
                { n, world }));
    // Ranks are added past the job's world, not past the ranks the trace holds of it.
    if (m > world && gradients == 0 && !async)
        job.warnings.emplace_back(SL_TEXT("Core", "the job has no data-parallel collective: the added ranks run alongside it and synchronise nothing "
                                                  "(the gradient all-reduce that data parallelism adds is not in the trace to be scaled)"));
    if (m > world
        && std::none_of(g.tracks().begin(), g.tracks().end(), [](const ExecTrack& t) { return isGpuTrack(t.kind); }))
        job.warnings.emplace_back(
            SL_TEXT("Core",
                "the job computes on its host: the added ranks would share the host's cores with the measured ones, "
                "which the pass does not model (one rank per core or more makes each step up to %1/%2 as long)"),
            std::vector<Message::Arg> { m, world });
    if (untold > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 collectives whose role the trace does not tell span every rank and are taken as data-parallel"),
            std::vector<Message::Arg> { untold });
    if (kept > 0)
        job.warnings.emplace_back(SL_TEXT("Core", "%1 collectives of other parallelism (%2 in all) keep their groups' sizes"),
            std::vector<Message::Arg> { kept, roles.summary() });
    ExecutionGraphBuilder b(g);
    if (n < world) {
        // Some ranks of a larger job: the data-parallel transfers whose peers are not in the trace span
        // the new data-parallel group.
        std::size_t resized = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            const CommCost* c = g.comm(item);
            if (c && c->route == RouteKind::Partial && isCommunication(g.kind(item)) && isData(item)) {
                CommCost nc = *c;
                nc.groupSize = static_cast<std::int32_t>(static_cast<std::int64_t>(c->groupSize) * workers / measuredData);
                b.setComm(item, nc, g.commRanks(*c));
                ++resized;
            }
        }
        job.warnings.emplace_back(SL_TEXT("Core", "the job holds %1 of %2 ranks; %3 data-parallel transfers with peers outside the trace now span a group of %4"),
            std::vector<Message::Arg> { n, world, resized, workers });
    } else {
        // Ranks in global order; those past m go, new ones copy rank (j mod n).
        std::vector<RankId> order;
        for (std::uint32_t r = 0; r < g.ranks().size(); ++r)
            order.push_back(RankId(r));
        std::stable_sort(order.begin(), order.end(), [&](RankId a, RankId c) { return g.ranks()[a.value()].rank < g.ranks()[c.value()].rank; });
        std::vector<std::uint8_t> dropped(g.ranks().size(), 0);
        for (std::int32_t k = m; k < n; ++k) {
            b.removeRank(order[static_cast<std::size_t>(k)]);
            dropped[order[static_cast<std::size_t>(k)].value()] = 1;
        }
        std::vector<Clone> clones;
        std::vector<RankId> cloneSource;
        SubgraphCopy copier(g);
        std::vector<std::vector<ItemId>> itemsOf(g.ranks().size());
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            if (g.rank(ItemId(i)).isValid())
                itemsOf[g.rank(ItemId(i)).value()].push_back(ItemId(i));
        }
        // A dropped rank's waits from the window's start go with it (they have no rank to go by).
        for (std::uint32_t r = 0; r < g.ranks().size(); ++r) {
            if (!dropped[r])
                continue;
            for (const WindowRelease& release : windowReleasesOf(g, itemsOf[r])) {
                if (release.wait.isValid())
                    b.removeItem(release.wait);
            }
        }
        // Room for every clone's items and origins at once, not by doubling: each rank's counted once.
        std::vector<std::size_t> originsOf(g.ranks().size(), 0), edgesOf(g.ranks().size(), 0);
        for (std::size_t r = 0; r < itemsOf.size(); ++r) {
            for (ItemId i : itemsOf[r]) {
                originsOf[r] += g.origin(i).size();
                edgesOf[r] += g.outBegin(i.value() + 1) - g.outBegin(i.value());
            }
        }
        std::size_t cloned = 0, clonedOrigins = 0, clonedEdges = 0;
        for (std::int32_t j = n; j < m; ++j) {
            const std::uint32_t r = order[static_cast<std::size_t>(j % n)].value();
            cloned += itemsOf[r].size();
            clonedOrigins += originsOf[r];
            clonedEdges += edgesOf[r];
        }
        if (Status s = job.checkGrowth(cloned, Message(SL_TEXT("Core", "choose fewer workers"))); !s.ok())
            return s;
        b.reserve(cloned, clonedOrigins, clonedEdges);
        const AllocatedBlocks measuredBlocks(b.memoryBlocks());
        std::vector<std::optional<std::vector<std::size_t>>> blocksOf(g.ranks().size()); // per source, once
        std::vector<std::optional<std::vector<WindowRelease>>> releasesOf(g.ranks().size()); // likewise
        for (std::int32_t j = n; j < m; ++j) {
            const RankId source = order[static_cast<std::size_t>(j % n)];
            std::string host;
            if (perHost > 0) {
                const std::int32_t block = j / perHost;
                for (const ExecRank& r : g.ranks()) {
                    if (r.rank / perHost == block && !r.host.empty())
                        host = r.host;
                }
                if (host.empty())
                    host = "added host " + std::to_string(block);
            }
            std::optional<std::vector<std::size_t>>& blocks = blocksOf[source.value()];
            if (!blocks)
                blocks = measuredBlocks.of(itemsOf[source.value()]);
            clones.push_back(cloneRank(g, b, copier, itemsOf[source.value()], source, j, host, *blocks));
            std::optional<std::vector<WindowRelease>>& releases = releasesOf[source.value()];
            if (!releases)
                releases = windowReleasesOf(g, itemsOf[source.value()]);
            releaseFromWindowStart(g, b, clones.back(), *releases);
            cloneSource.push_back(source);
            // The added rank's layers are recomputed where its source's are.
            const std::int32_t from = g.ranks()[source.value()].rank;
            for (auto it = job.recomputedLayers.lower_bound({ from, 0 });
                 it != job.recomputedLayers.end() && it->first == from; ++it)
                job.recomputedLayers.emplace_hint(job.recomputedLayers.end(), j, it->second);
        }
        // Data-parallel collectives take in the copies of their ranks (and lose the dropped ones); every
        // other collective is made again among each copy of the measured job, its group as measured.
        const auto firstNew = static_cast<std::uint32_t>(g.ranks().size());
        std::size_t partialCopies = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            const CommCost* c = g.comm(item);
            if (!c || g.track(item).isValid())
                continue;
            const std::span<const RankId> members = g.commRanks(*c);
            const auto participates = [&](RankId r) { return std::find(members.begin(), members.end(), r) != members.end(); };
            const auto participantOn = [&](RankId r) {
                for (std::uint32_t s = g.inBegin(i); s < g.inBegin(i + 1); ++s) {
                    if (g.edgeKind(g.inEdge(s)) == EdgeKind::Arrive && g.rank(ItemId(g.inSource(s))) == r)
                        return ItemId(g.inSource(s));
                }
                return ItemId();
            };
            if (isData(item)) {
                std::vector<RankId> ranks;
                for (const RankId r : members) {
                    if (!dropped[r.value()])
                        ranks.push_back(r);
                }
                for (std::size_t k = 0; k < clones.size(); ++k) {
                    if (!participates(cloneSource[k]))
                        continue;
                    const ItemId copy = clones[k].copyOf(participantOn(cloneSource[k]));
                    if (!copy.isValid())
                        continue;
                    ranks.push_back(RankId(firstNew + static_cast<std::uint32_t>(k)));
                    b.addParticipant(item, copy);
                    copyCollectiveEdges(g, b, item, item, cloneSource[k], clones[k]);
                }
                CommCost nc = *c;
                nc.groupSize = static_cast<std::int32_t>(ranks.size());
                b.setComm(item, nc, ranks);
                continue;
            }
            // Per copy of the measured job (the clones of one round of j mod n), the collective among
            // the copies of its ranks.
            const std::size_t rounds = (clones.size() + static_cast<std::size_t>(n) - 1) / static_cast<std::size_t>(n);
            for (std::size_t round = 0; round < rounds; ++round) {
                ExecutionGraphBuilder::Item columns = ExecutionGraphBuilder::columnsOf(g, item);
                std::vector<std::pair<std::size_t, ItemId>> parts; // clone, its copy of the participant
                for (std::size_t k = round * static_cast<std::size_t>(n); k < std::min(clones.size(), (round + 1) * static_cast<std::size_t>(n)); ++k) {
                    if (participates(cloneSource[k]))
                        parts.emplace_back(k, clones[k].copyOf(participantOn(cloneSource[k])));
                }
                if (parts.size() != members.size()) {
                    partialCopies += !parts.empty();
                    continue;
                }
                const ItemId copy = b.addItem(columns, g.origin(item));
                std::vector<RankId> ranks;
                for (const auto& [k, participant] : parts) {
                    ranks.push_back(RankId(firstNew + static_cast<std::uint32_t>(k)));
                    if (participant.isValid())
                        b.addParticipant(copy, participant);
                    copyCollectiveEdges(g, b, item, copy, cloneSource[k], clones[k]);
                }
                b.setComm(copy, *c, ranks);
            }
        }
        if (partialCopies > 0)
            job.warnings.emplace_back(SL_TEXT("Core", "%1 collectives of other parallelism have only some of their ranks copied (the workers make a partial copy of the job); "
                                                      "those parts keep their measured times"),
                std::vector<Message::Arg> { partialCopies });
    }
    if (Status s = job.rebuild(b); !s.ok())
        return s;
    if (shared && shared->sharesGpus()) {
        ExecutionGraphBuilder own(*job.graph);
        shared->apply(*job.graph, own);
        if (Status s = job.rebuild(own); !s.ok())
            return s;
    }
    if (async) {
        const ExecutionGraph& grown = *job.graph;
        const CollectiveRoles& served = job.analyses().collectiveRoles();
        const int servers = params.servers ? static_cast<int>(*params.servers) : 1;
        if (Status s = AsyncParameterServer::apply(
                job, servers, [&](ItemId item) { return served.takenAsData(grown, item, m); });
            !s.ok())
            return s;
    }
    if (params.batch == WorkerCountParameters::Batch::PerRank)
        return {};
    return shareGlobalBatch(measuredData, workers, job);
}

Status WorkerCountPass::run(const WorkerCountParameters& params, WhatIfJob& job) const
{
    const int measured = measuredWorkers(job.analyses());
    if (Status s = scaleWorkers(params, job); !s.ok())
        return s;
    if (measured > 0)
        job.workersFactor *= static_cast<double>(params.workers) / measured;
    return {};
}

namespace {

// Strong scaling's batch per rank: the measured global batch over the workers, which DeepSpeed's
// micro-batch then follows; the words the launchers' answers end with.
std::string shareBatch(FrameworkConfig& c, std::int32_t measuredData, std::int64_t workers)
{
    if (!c.batch)
        return "; each rank's data loader takes " + std::to_string(measuredData) + "/" + std::to_string(workers)
            + " of its measured batch, which the trace's shapes do not show (--batch gives it)";
    const std::int64_t global = *c.batch * measuredData;
    if (global % workers != 0)
        return "; the global batch of " + std::to_string(global) + " samples does not split evenly among "
            + std::to_string(workers) + " workers: each rank's data loader takes about "
            + std::to_string(global / workers);
    c.batch = global / workers;
    c.batchSource
        += ", shared among " + std::to_string(workers) + " workers from a global batch of " + std::to_string(global);
    return "; each rank's data loader takes " + std::to_string(*c.batch) + " samples, the global batch of "
        + std::to_string(global) + " shared";
}

// An asynchronous job: only BytePS trains so, and only with a worker per host pushes from each rank as
// the what-if's do (BytePS sums a host's GPUs before it pushes).
void exportAsync(const WorkerCountParameters& params, const Expected<WorldSize>& sizes, int perHost,
    const std::string& why, ExportContext& out)
{
    out.cannot({ Framework::PyTorch, Framework::DeepSpeed, Framework::Horovod },
        "its data parallelism all-reduces: an asynchronous parameter server is not among its ways of training");
    if (!why.empty()) {
        out.cannot(Framework::BytePS, why);
        return;
    }
    if (perHost != 1) {
        out.cannot(Framework::BytePS,
            "BytePS sums the GPUs of a host before it pushes, where the async_ps what-if pushes from every rank: give "
            "worker_count.ranks_per_host 1, a worker per host");
        return;
    }
    FrameworkConfig& c = out.config();
    const std::string shared = params.batch == WorkerCountParameters::Batch::Global
        ? shareBatch(c, sizes->measuredData, params.workers)
        : std::string();
    c.bytePsWorkers = sizes->ranks;
    c.bytePsServers = params.servers.value_or(1);
    c.bytePsAsync = true;
    out.becomes(Framework::BytePS, { "byteps.env" },
        "BYTEPS_ENABLE_ASYNC=1 with DMLC_NUM_WORKER=" + std::to_string(*c.bytePsWorkers) + " and DMLC_NUM_SERVER="
            + std::to_string(*c.bytePsServers) + ", for every worker and server (byteps.env)" + shared);
}

} // namespace

int WorkerCountPass::measuredWorkers(const AnalysisCache& analyses)
{
    if (const Expected<PartitionModel>& partitions = analyses.partitions(); partitions && !partitions->empty())
        return static_cast<int>(analyses.graph().ranks().size());
    return measuredDataAndWorld(analyses.collectiveRoles()).first;
}

std::optional<Message> WorkerCountPass::replicaNote(const AnalysisCache& analyses)
{
    // A BytePS job's workers are its ranks, each a host's GPUs, as measuredWorkers counts them.
    if (const Expected<PartitionModel>& partitions = analyses.partitions(); partitions && !partitions->empty())
        return std::nullopt;
    const int workers = measuredWorkers(analyses);
    const std::int32_t ranks = analyses.collectiveRoles().jobRanks();
    if (workers <= 0 || workers >= ranks || ranks % workers != 0)
        return std::nullopt;
    return Message(SL_TEXT("Core",
                       "the job's %1 ranks are %2 data-parallel replicas of %3 ranks each (the other parallelism "
                       "within a replica): a count of workers or devices here counts replicas, each %3 devices"),
        { ranks, workers, ranks / workers });
}

// The launchers' process counts for the new job: hosts of ranks_per_host ranks (as measured where the
// step does not say), and for BytePS, workers of one host's GPUs and the servers the step chose (one
// per worker when it chose none).
void WorkerCountPass::exportStep(const WorkerCountParameters& params, ExportContext& out) const
{
    const ExecutionGraph& g = out.measured().graph();
    out.cannot(Framework::Xla, "XLA compiles one rank's program; the processes are the launcher's");
    const Expected<WorldSize> sizes = worldSizeFor(out.measured().collectiveRoles(), params);
    const int perHost = params.ranksPerHost ? static_cast<int>(*params.ranksPerHost) : measuredRanksPerHost(g);
    std::string why;
    if (!sizes)
        why = sizes.status().detail();
    else if (perHost <= 0)
        why = "the trace names no hosts, so how many ranks share one is unknown: give worker_count.ranks_per_host";
    else if (sizes->ranks % perHost != 0)
        why = std::to_string(sizes->ranks) + " ranks do not fill hosts of " + std::to_string(perHost) + " alike";
    if (params.mode == WorkerCountParameters::Mode::AsyncPs) {
        exportAsync(params, sizes, perHost, why, out);
        return;
    }
    if (!why.empty()) {
        out.cannot({ Framework::PyTorch, Framework::DeepSpeed, Framework::Horovod, Framework::BytePS }, why);
        return;
    }
    FrameworkConfig& c = out.config();
    c.processes = sizes->ranks;
    c.ranksPerHost = perHost;
    const std::string shared = params.batch == WorkerCountParameters::Batch::Global
        ? shareBatch(c, sizes->measuredData, params.workers)
        : std::string();
    const std::string hosts = std::to_string(sizes->ranks / perHost) + (sizes->ranks / perHost == 1 ? " host" : " hosts");
    out.becomes(Framework::PyTorch, { "sightline_strategy.py", "torchrun_args.txt" },
        "torchrun's --nnodes and --nproc_per_node for " + hosts + " of " + std::to_string(perHost)
            + " ranks (sightline_strategy.py's launch line, torchrun_args.txt)" + shared);
    out.becomes(Framework::DeepSpeed, { "deepspeed_args.txt" },
        "the deepspeed launcher's --num_nodes and --num_gpus (deepspeed_args.txt)" + shared);
    out.becomes(Framework::Horovod, { "horovodrun_args.txt" },
        "horovodrun's -np and -H, with each host's name to fill in (horovodrun_args.txt)" + shared);
    // A BytePS worker is one host's GPUs; without a server count, one server per worker, as BytePS deploys them.
    c.bytePsWorkers = sizes->ranks / perHost;
    c.bytePsServers = params.servers ? *params.servers : *c.bytePsWorkers;
    out.becomes(Framework::BytePS, { "byteps.env" }, "DMLC_NUM_WORKER=" + std::to_string(*c.bytePsWorkers) + " and DMLC_NUM_SERVER=" + std::to_string(*c.bytePsServers) + " (byteps.env)");
}

} // namespace sightline
