#include "core/memory/memoryestimator.h"

#include "core/base/checkedmath.h"
#include "core/base/resourcelimits.h"
#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/replay/schedule.h"

#include <algorithm>
#include <optional>
#include <span>

namespace sightline {

namespace {

using CheckedMath::saturatingAdd;

// One change of a device's memory at a replayed instant. Changes at one instant follow the order the
// replay resolved their instants in (causal: an item's end before the start it releases), and a
// block's release never precedes its allocation.
struct Change {
    TimeNs time;
    std::uint32_t rank; // of the instant in the replay's resolution order
    bool release;
    MemoryCategory category;
    std::int64_t bytes; // signed
};

// Where each item's start and end came in the replay's resolution order. A schedule without that order
// (one built by hand) ranks instants by item, each start before its end.
class ReplayedOrder {
public:
    // Costs two words per item: only made when there are blocks.
    ReplayedOrder(const Schedule& s, bool needed)
    {
        if (!needed || s.order.empty())
            return;
        m_start.assign(s.start.size(), 0);
        m_end.assign(s.start.size(), 0);
        for (std::uint32_t k = 0; k < s.order.size(); ++k) {
            const std::uint32_t instant = s.order[k];
            const std::uint32_t item = instant & ~Schedule::kEndBit;
            if (item < m_start.size())
                ((instant & Schedule::kEndBit) ? m_end : m_start)[item] = k;
        }
    }
    std::uint32_t start(std::uint32_t item) const { return m_start.empty() ? 2 * item : m_start[item]; }
    std::uint32_t end(std::uint32_t item) const { return m_end.empty() ? 2 * item + 1 : m_end[item]; }

private:
    std::vector<std::uint32_t> m_start;
    std::vector<std::uint32_t> m_end;
};

std::string deviceName(const ExecutionGraph& g, const MemoryDevice& d)
{
    const std::string rank = "rank " + std::to_string(g.ranks()[d.rank.value()].rank);
    return d.index == MemoryDevice::kHost ? rank + " host" : rank + " device " + std::to_string(d.index);
}

// blocks: the device's blocks, by index into the graph's.
DeviceMemoryEstimate estimateDevice(const ExecutionGraph& g, const Schedule& s, const ReplayedOrder& order,
    std::uint32_t device, std::span<const std::uint32_t> blocks, std::int64_t budget)
{
    const MemoryDevice& d = g.memoryDevices()[device];
    DeviceMemoryEstimate e;
    e.rank = d.rank;
    e.device = d.index;
    e.budgetBytes = budget;
    e.complete = d.eventsRecorded;
    MemoryBreakdown held = d.resident;
    std::vector<Change> changes;
    const auto items = static_cast<std::uint32_t>(s.start.size());
    auto replayed = [&](ItemId i) { return i.isValid() && i.value() < items && s.replayed(i.value()); };
    for (const std::uint32_t k : blocks) {
        const MemoryBlock& b = g.memoryBlocks()[k];
        if (b.bytes <= 0)
            continue;
        const auto c = static_cast<std::size_t>(b.category);
        TimeNs from = 0;
        if (!b.alloc.isValid()) {
            held[c] = saturatingAdd(held[c], b.bytes);
        } else if (replayed(b.alloc)) {
            from = s.start[b.alloc.value()];
            changes.push_back({ from, order.start(b.alloc.value()), false, b.category, b.bytes });
        } else {
            continue; // the work that allocates it never ran
        }
        if (replayed(b.release)) {
            // A release the replay put before the allocation frees the block right after it.
            const TimeNs end = s.end[b.release.value()];
            if (b.alloc.isValid() && end < from)
                changes.push_back({ from, order.start(b.alloc.value()), true, b.category, -b.bytes });
            else
                changes.push_back({ end, order.end(b.release.value()), true, b.category, -b.bytes });
        }
    }
    std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
        if (a.time != b.time)
            return a.time < b.time;
        if (a.rank != b.rank)
            return a.rank < b.rank;
        return a.release < b.release;
    });
    std::int64_t total = 0;
    for (std::int64_t h : held)
        total = saturatingAdd(total, h);
    e.startBytes = total;
    e.peakBytes = total;
    e.peakTime = s.begin;
    e.atPeak = held;
    for (const Change& c : changes) {
        held[static_cast<std::size_t>(c.category)] = saturatingAdd(held[static_cast<std::size_t>(c.category)], c.bytes);
        total = saturatingAdd(total, c.bytes);
        if (total > e.peakBytes) {
            e.peakBytes = total;
            e.peakTime = c.time;
            e.atPeak = held;
        }
    }
    e.outOfMemory = budget > 0 && e.peakBytes > budget;
    return e;
}

} // namespace

MemoryEstimate MemoryEstimator::estimate(const ExecutionGraph& g, const Schedule& s, const MemoryOptions& options)
{
    MemoryEstimate out;
    const std::span<const MemoryDevice> devices = g.memoryDevices();
    if (devices.empty()) {
        out.notes.push_back("the job records neither allocator events nor gradient shapes: no memory estimate");
        return out;
    }
    bool anyBudget = false;
    const ReplayedOrder order(s, !g.memoryBlocks().empty());
    // Notes name the devices they hold for; the same note for many devices (every rank of a job) is one.
    std::vector<std::pair<std::string, std::vector<std::string>>> noted;
    auto note = [&noted](std::string text, std::string device) {
        auto it = std::find_if(noted.begin(), noted.end(), [&text](const auto& n) { return n.first == text; });
        if (it == noted.end())
            noted.emplace_back(std::move(text), std::vector<std::string> { std::move(device) });
        else
            it->second.push_back(std::move(device));
    };
    // Allocations of host memory (a CPU-only job's, or pinned buffers) are not a device's: the note on
    // a device without events says they are there. The trace's events are looked through only for such
    // a device, and once: a what-if on a job whose devices all record events never scans them.
    std::optional<bool> hostEvents;
    auto recordsHostEvents = [&g, &hostEvents] {
        if (!hostEvents) {
            const auto& events = g.trace().memoryEvents();
            hostEvents = std::any_of(events.begin(), events.end(), [](const auto& e) { return !e.second.onDevice(); });
        }
        return *hostEvents;
    };
    // Each device's blocks, found once: a job of many devices holds many blocks.
    std::vector<std::vector<std::uint32_t>> blocksOf(devices.size());
    for (std::size_t k = 0; k < g.memoryBlocks().size(); ++k) {
        if (g.memoryBlocks()[k].device < devices.size())
            blocksOf[g.memoryBlocks()[k].device].push_back(static_cast<std::uint32_t>(k));
    }
    for (std::uint32_t i = 0; i < devices.size(); ++i) {
        const MemoryDevice& d = devices[i];
        const std::int64_t budget = options.budgetBytes > 0 ? options.budgetBytes : d.capacityBytes > 0 ? d.capacityBytes : -1;
        anyBudget = anyBudget || budget > 0;
        out.devices.push_back(estimateDevice(g, s, order, i, blocksOf[i], budget));
        const DeviceMemoryEstimate& e = out.devices.back();
        out.outOfMemory = out.outOfMemory || e.outOfMemory;
        if (out.highest < 0 || e.peakBytes > out.devices[static_cast<std::size_t>(out.highest)].peakBytes)
            out.highest = static_cast<std::int32_t>(i);
        if (!d.eventsRecorded)
            note(recordsHostEvents()
                    ? "the trace records allocator events of host memory only, none of this device's; the "
                      "estimate is the model state alone"
                    : "the trace records no allocator events (profile_memory=True records them); the estimate "
                      "is the model state alone",
                deviceName(g, d));
        else if (!d.residentMeasured && d.parameterBytes > 0)
            note(std::string(d.index == MemoryDevice::kHost
                         ? "the host's allocator total counts only what was allocated since the profiler started"
                         : "the trace does not record the allocator's total")
                    + "; memory held before the window is the model state the recorded shapes give",
                deviceName(g, d) + " ("
                    + ResourceLimits::gigabytes(static_cast<std::uint64_t>(std::max<std::int64_t>(0, e.startBytes)))
                    + ")");
        if (d.parameterBytes > 0 && d.optimizerStates < 0)
            note("the optimizer" + (g.string(d.optimizer).empty() ? std::string() : " " + std::string(g.string(d.optimizer)))
                    + " keeps state the estimate does not know; none is counted",
                deviceName(g, d));
    }
    for (const auto& [text, names] : noted) {
        const std::string who = names.size() == 1 ? names.front()
                                                  : names.front() + " and " + std::to_string(names.size() - 1) + " other devices";
        out.notes.push_back(who + ": " + text);
    }
    if (!anyBudget)
        out.notes.push_back(
            "no memory budget: the trace does not give the device's memory; out of memory is not judged");
    return out;
}

} // namespace sightline
