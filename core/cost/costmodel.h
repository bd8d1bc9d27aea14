#pragma once

#include "core/base/ids.h"
#include "core/cost/linktopology.h"

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace sightline {

// How a communication op moves its data.
enum class CommAlgorithm : std::uint8_t {
    RingAllReduce,
    TreeAllReduce,
    AllGather,
    ReduceScatter,
    AllToAll,
    Broadcast,
    Reduce,
    PsPush,
    PsPull,
    SendRecv,
};

// α–β parameters of one link type: a latency per algorithm step and a bandwidth.
struct LinkParameters {
    double alphaNs = 0; // per step
    double bytesPerNs = 1; // bandwidth; 1 byte/ns = 1 GB/s
};

// How well the fitted parameters of one link type reproduce the trace's own collectives.
struct LinkFit {
    int samples = 0;
    bool fitted = false; // false: the defaults (or the user's values) were kept
    // Not fitted, and taken no faster than this faster kind of link, which was: its defaults were.
    std::optional<LinkType> boundedBy {};
    // Not fitted, and taken no slower than this kind of link, which was, and whose measured transfers
    // crossed it (the GPUs' ports on a route across hosts): its defaults were slower than they ran.
    std::optional<LinkType> raisedBy {};
    // The latency was fitted too: the samples' sizes spread enough to tell it from the bandwidth. When
    // they do not, the latency kept is not the trace's, and transfers of other sizes extrapolate.
    bool latencyFitted = false;
    // Without a fitted latency, the samples were all host threads' transfers (gloo's), and the latency
    // kept is CostModel::kHostCallLatencyNs rather than the link's.
    bool hostCallLatency = false;
    std::int64_t smallestBytes = 0, largestBytes = 0; // the samples' message sizes
    double meanAbsErrorPct = 0; // of the modelled vs measured transfer times, over the samples
};

// The α–β communication cost model (seed 001 §VI, seed 000 §4.3): a transfer of an algorithm with p
// participants takes α·steps + wire bytes / bandwidth on its bottleneck link type, where steps and
// wire bytes per participant are the textbook ones (a ring all-reduce of B bytes: 2(p−1) steps and
// 2(p−1)/p·B bytes; a tree all-reduce: 2⌈log2 p⌉ steps and 2B; all-gather, reduce-scatter and
// all-to-all of B bytes in total: p−1 steps and (p−1)/p·B; broadcast and reduce: ⌈log2 p⌉ steps and
// B; push, pull and send/recv: one step and B). Message sizes are those the trace records per rank:
// the larger of the input and output. Parameters per link type start from common hardware (NVLink
// 100 GB/s, PCIe 12 GB/s, 10 Gb Ethernet) and can be fitted by least squares on relative error from
// measured transfers. A value type.
class CostModel {
public:
    CostModel();

    const LinkParameters& parameters(LinkType type) const { return m_links[static_cast<int>(type)]; }
    void setParameters(LinkType type, const LinkParameters& p) { m_links[static_cast<int>(type)] = p; }
    // All-reduces run as trees instead of rings.
    bool treeAllReduce = false;
    // Samples whose sizes lie within this factor of one another cannot tell a latency from a bandwidth.
    static constexpr double kSeparableSpread = 4.0;
    // The per-step latency of a collective that host threads run (gloo's: a hand-over to a worker
    // thread, socket round trips, the reduction on the CPU), kept where the trace's own transfers
    // cannot tell one. Fitted on the calibration set's bucket1mb pair (tests/fixtures/groundtruth:
    // two ranks over gloo, buckets of 1 to 17 MB, 554.5 us per step and 2.97 GB/s); a link's default
    // (10 us on a network) made each added bucket of a what-if about a millisecond too cheap.
    static constexpr double kHostCallLatencyNs = 555'000.0;

    // The algorithm of a normalised collective name ("all_reduce", "all_gather", ...).
    CommAlgorithm algorithmOf(std::string_view collective) const;

    struct Volume {
        double steps = 0;
        double wireBytes = 0; // bytes each participant moves over its bottleneck link
    };
    static Volume volume(CommAlgorithm algorithm, std::int64_t bytes, int participants);
    // The transfer time alone on its link type.
    TimeNs duration(CommAlgorithm algorithm, std::int64_t bytes, int participants, LinkType type) const;

    struct Sample {
        LinkType type;
        CommAlgorithm algorithm;
        std::int64_t bytes;
        int participants;
        TimeNs measured;
        // The mean number of transfers in flight on its links over its measured span, itself included:
        // the replay shares a link's bandwidth among them, so the fit counts its bytes that many times.
        double sharing = 1.0;
        // Host threads ran it over sockets (gloo's), not the devices' fabric or their collective kernels.
        bool hostSide = false;
        // A bit per LinkType its route crosses, its own included.
        std::uint8_t crossed = 0;
    };
    // Fits α and bandwidth of each link type that has samples with bytes; keeps the current values of
    // the others. Where the samples cannot separate α from bandwidth (their sizes within 4x of one
    // another), α keeps its value (kHostCallLatencyNs where every sample is host-side) and bandwidth is
    // fitted, or, when that α alone exceeds the measurements, α becomes 0. A type left unfitted takes
    // no more bandwidth, and no less latency, than a faster type that was fitted (LinkType's order:
    // PCIe is no faster than NVLink, the network than either), and says so (LinkFit::boundedBy). A type
    // left unfitted that a fitted type's samples crossed takes no less bandwidth than that type's: those
    // transfers ran through it at that speed (LinkFit::raisedBy).
    std::array<LinkFit, kLinkTypeCount> fit(std::span<const Sample> samples);

private:
    void boundByFaster(std::array<LinkFit, kLinkTypeCount>& fits);
    void raiseByCrossing(std::array<LinkFit, kLinkTypeCount>& fits, std::span<const Sample> samples);

    std::array<LinkParameters, kLinkTypeCount> m_links;
};

} // namespace sightline
