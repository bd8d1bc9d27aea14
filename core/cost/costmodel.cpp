#include "core/cost/costmodel.h"

#include "core/base/checkedmath.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace sightline {

CostModel::CostModel()
{
    // Per step latency and bandwidth of common hardware: NVLink 2 (V100/A100 class), PCIe 3 x16,
    // 10 Gb Ethernet.
    m_links[static_cast<int>(LinkType::NvLink)] = { 1000.0, 100.0 };
    m_links[static_cast<int>(LinkType::Pcie)] = { 2000.0, 12.0 };
    m_links[static_cast<int>(LinkType::Network)] = { 10000.0, 1.25 };
}

CommAlgorithm CostModel::algorithmOf(std::string_view c) const
{
    if (c == "all_reduce")
        return treeAllReduce ? CommAlgorithm::TreeAllReduce : CommAlgorithm::RingAllReduce;
    if (c == "all_gather" || c == "gather")
        return CommAlgorithm::AllGather;
    if (c == "reduce_scatter" || c == "scatter")
        return CommAlgorithm::ReduceScatter;
    if (c == "all_to_all")
        return CommAlgorithm::AllToAll;
    if (c == "broadcast")
        return CommAlgorithm::Broadcast;
    if (c == "reduce")
        return CommAlgorithm::Reduce;
    if (c == "push")
        return CommAlgorithm::PsPush;
    if (c == "pull")
        return CommAlgorithm::PsPull;
    if (c == "send" || c == "recv" || c == "send_recv")
        return CommAlgorithm::SendRecv;
    // Barriers and unknown collectives: a ring all-reduce of what they carry (barriers carry nothing,
    // which leaves their latency).
    return CommAlgorithm::RingAllReduce;
}

CostModel::Volume CostModel::volume(CommAlgorithm algorithm, std::int64_t bytes, int participants)
{
    const double p = std::max(1, participants);
    const double b = static_cast<double>(std::max<std::int64_t>(0, bytes));
    const double log2p = p > 1 ? std::ceil(std::log2(p)) : 0.0;
    if (p <= 1 && algorithm != CommAlgorithm::PsPush && algorithm != CommAlgorithm::PsPull && algorithm != CommAlgorithm::SendRecv)
        return { 0, 0 };
    switch (algorithm) {
    case CommAlgorithm::RingAllReduce: return { 2 * (p - 1), 2 * (p - 1) / p * b };
    case CommAlgorithm::TreeAllReduce: return { 2 * log2p, 2 * b };
    case CommAlgorithm::AllGather:
    case CommAlgorithm::ReduceScatter:
    case CommAlgorithm::AllToAll: return { p - 1, (p - 1) / p * b };
    case CommAlgorithm::Broadcast:
    case CommAlgorithm::Reduce: return { log2p, b };
    case CommAlgorithm::PsPush:
    case CommAlgorithm::PsPull:
    case CommAlgorithm::SendRecv: return { 1, b };
    }
    return { 0, 0 };
}

TimeNs CostModel::duration(CommAlgorithm algorithm, std::int64_t bytes, int participants, LinkType type) const
{
    const Volume v = volume(algorithm, bytes, participants);
    const LinkParameters& p = parameters(type);
    // Huge messages or a tiny bandwidth give times past any real job: clamped, never overflowing.
    return CheckedMath::saturatingRound(p.alphaNs * v.steps + v.wireBytes / p.bytesPerNs);
}

std::array<LinkFit, kLinkTypeCount> CostModel::fit(std::span<const Sample> samples)
{
    std::array<LinkFit, kLinkTypeCount> fits {};
    for (int type = 0; type < kLinkTypeCount; ++type) {
        // Rows (steps, wire bytes) / measured against 1: least squares on relative error, so small
        // latency-bound transfers weigh as much as large bandwidth-bound ones.
        std::vector<std::pair<double, double>> rows;
        std::vector<const Sample*> used;
        for (const Sample& s : samples) {
            if (static_cast<int>(s.type) != type || s.measured <= 0 || s.bytes <= 0)
                continue;
            const Volume v = volume(s.algorithm, s.bytes, s.participants);
            if (v.wireBytes <= 0)
                continue;
            const double d = static_cast<double>(s.measured);
            rows.emplace_back(v.steps / d, v.wireBytes * std::max(1.0, s.sharing) / d);
            used.push_back(&s);
        }
        LinkFit& f = fits[type];
        f.samples = static_cast<int>(rows.size());
        if (rows.empty())
            continue;
        double skk = 0, skx = 0, sxx = 0, sk = 0, sx = 0;
        for (const auto& [k, x] : rows) {
            skk += k * k;
            skx += k * x;
            sxx += x * x;
            sk += k;
            sx += x;
        }
        LinkParameters& p = m_links[type];
        // Solve [skk skx; skx sxx] [alpha; beta] = [sk; sx], beta = 1 / bandwidth. Sizes within a factor
        // of kSeparableSpread of one another cannot tell a latency from a bandwidth: a few buckets of one size
        // fitted a latency of milliseconds, which then weighed on every smaller bucket a what-if made.
        double smallest = std::numeric_limits<double>::max(), largest = 0;
        for (const Sample* s : used) {
            const double w = volume(s->algorithm, s->bytes, s->participants).wireBytes;
            smallest = std::min(smallest, w);
            largest = std::max(largest, w);
        }
        const bool separable = largest >= kSeparableSpread * smallest;
        const double det = skk * sxx - skx * skx;
        f.latencyFitted = separable && rows.size() >= 2 && det > 1e-12 * skk * sxx;
        f.smallestBytes = std::numeric_limits<std::int64_t>::max();
        for (const Sample* s : used) {
            f.smallestBytes = std::min(f.smallestBytes, s->bytes);
            f.largestBytes = std::max(f.largestBytes, s->bytes);
        }
        double alpha = -1, beta = -1;
        if (separable && rows.size() >= 2 && det > 1e-12 * skk * sxx) {
            alpha = (sk * sxx - sx * skx) / det;
            beta = (skk * sx - skx * sk) / det;
        }
        if (alpha < 0 || beta <= 0) {
            // One parameter only: keep α at zero (or the current value when samples cannot separate
            // them) and fit β.
            auto betaFor = [&](double a) {
                double num = 0;
                for (const auto& [k, x] : rows)
                    num += x * (1 - a * k);
                return num / sxx;
            };
            f.hostCallLatency = !f.latencyFitted && std::all_of(used.begin(), used.end(), [](const Sample* s) { return s->hostSide; });
            alpha = f.latencyFitted ? 0.0 : (f.hostCallLatency ? kHostCallLatencyNs : p.alphaNs);
            beta = betaFor(alpha);
            if (beta <= 0) {
                // The current latency alone explains more than was measured: bandwidth-bound then.
                alpha = 0;
                f.hostCallLatency = false;
                beta = betaFor(0);
            }
            if (beta <= 0)
                continue;
        }
        p.alphaNs = alpha;
        p.bytesPerNs = 1.0 / beta;
        f.fitted = true;
        double err = 0;
        for (const Sample* s : used) {
            // Shared with the transfers beside it: its bytes at its share of the bandwidth, its latency its own.
            const Volume v = volume(s->algorithm, s->bytes, s->participants);
            const double model = p.alphaNs * v.steps + v.wireBytes * std::max(1.0, s->sharing) / p.bytesPerNs;
            err += std::abs(model - static_cast<double>(s->measured)) / static_cast<double>(s->measured);
        }
        f.meanAbsErrorPct = 100.0 * err / static_cast<double>(used.size());
    }
    boundByFaster(fits);
    raiseByCrossing(fits, samples);
    return fits;
}

// Defaults of a slower kind of link faster than a faster kind as measured (a network of 1.25 GB/s beside
// a host's fitted 0.3 GB/s) made a job spread over more hosts faster than on one.
void CostModel::boundByFaster(std::array<LinkFit, kLinkTypeCount>& fits)
{
    for (int type = 1; type < kLinkTypeCount; ++type) {
        if (fits[type].fitted)
            continue;
        LinkParameters& p = m_links[type];
        for (int faster = 0; faster < type; ++faster) {
            const LinkParameters& bound = m_links[faster];
            if (!fits[faster].fitted || (bound.bytesPerNs >= p.bytesPerNs && bound.alphaNs <= p.alphaNs))
                continue;
            p.bytesPerNs = std::min(p.bytesPerNs, bound.bytesPerNs);
            p.alphaNs = std::max(p.alphaNs, bound.alphaNs);
            fits[type].boundedBy = static_cast<LinkType>(faster);
        }
    }
}

// The GPUs' ports at their defaults (NVLink's 100 GB/s) on routes whose network was fitted faster (the
// all-to-all of HTA's trace: 137.7 GB/s) bounded every replayed transfer, though the measured ones ran
// through those ports at the network's speed. The fit counts a transfer's bytes once for each transfer
// in flight with a rank in common, which share its ports as well as its network.
void CostModel::raiseByCrossing(std::array<LinkFit, kLinkTypeCount>& fits, std::span<const Sample> samples)
{
    for (int type = 0; type < kLinkTypeCount; ++type) {
        if (fits[type].fitted)
            continue;
        LinkParameters& p = m_links[type];
        for (int by = 0; by < kLinkTypeCount; ++by) {
            const double bandwidth = m_links[by].bytesPerNs;
            if (!fits[by].fitted || bandwidth <= p.bytesPerNs)
                continue;
            const bool crossed = std::any_of(samples.begin(), samples.end(), [&](const Sample& s) {
                return static_cast<int>(s.type) == by && s.measured > 0 && s.bytes > 0 && (s.crossed >> type & 1) != 0;
            });
            if (!crossed)
                continue;
            p.bytesPerNs = bandwidth;
            fits[type].raisedBy = static_cast<LinkType>(by);
        }
    }
}

} // namespace sightline
