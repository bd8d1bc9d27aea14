#include "core/model/tracevalidator.h"

#include "core/base/checkedmath.h"
#include "core/base/parallel.h"
#include "core/model/tracedata.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <set>

namespace sightline {

namespace {

class Checker {
public:
    explicit Checker(const TraceData& data)
        : d(data)
        , m_ops(data.start.size())
        , m_strings(data.strings.size())
    {
    }

    Status run()
    {
        // Stages in order: each relies on what the ones before it established.
        if (!columns() || !ranks() || !tracks() || !ops() || !tables() || !links() || !steps() || !groupsAndCounters())
            return m_error;
        return {};
    }

private:
    const TraceData& d;
    const std::size_t m_ops;
    const std::size_t m_strings;
    Status m_error;

    // The file the error is reported against: the first rank's, or none when there is no rank.
    std::string job() const
    {
        if (!d.ranks.empty() && d.ranks.front().sourceFile.value() < m_strings)
            return std::string(d.strings.view(d.ranks.front().sourceFile));
        return {};
    }
    bool fail(const std::string& detail)
    {
        m_error = Status::error(ErrorCode::ValueOutOfRange, job(), -1, "invalid trace model: " + detail);
        return false;
    }
    bool validString(StringId id) const { return id.value() < m_strings; }
    bool validTime(TimeNs t) const { return CheckedMath::isTimeInRange(t); }

    bool columns()
    {
        if (m_ops >= OpId::kInvalid)
            return fail("more than 4 billion ops");
        const auto sized = [this](std::size_t n) { return n == m_ops; };
        if (!sized(d.end.size()) || !sized(d.track.size()) || !sized(d.name.size()) || !sized(d.category.size())
            || !sized(d.kind.size()) || !sized(d.phase.size()) || !sized(d.step.size()) || !(d.bytes.empty() || sized(d.bytes.size())))
            return fail("the op columns differ in length");
        if (d.tracks.size() >= TrackId::kInvalid || d.ranks.size() >= RankId::kInvalid || m_strings >= StringId::kInvalid)
            return fail("too many tracks, ranks or strings");
        return true;
    }

    bool ranks()
    {
        if (d.worldSize < static_cast<std::int64_t>(d.ranks.size()))
            return fail("world size " + std::to_string(d.worldSize) + " is below the " + std::to_string(d.ranks.size()) + " ranks loaded");
        std::set<std::int32_t> numbers;
        std::uint64_t nextTrack = 0;
        for (std::size_t r = 0; r < d.ranks.size(); ++r) {
            const RankInfo& info = d.ranks[r];
            if (info.rank < 0 || info.rank >= d.worldSize)
                return fail("rank " + std::to_string(info.rank) + " is outside the world size " + std::to_string(d.worldSize));
            if (!numbers.insert(info.rank).second)
                return fail("rank " + std::to_string(info.rank) + " appears twice");
            if (!validString(info.host) || !validString(info.sourceFile) || !validString(info.processName) || !validString(info.rankSource))
                return fail("rank " + std::to_string(info.rank) + " refers to a string that does not exist");
            if (info.firstTrack != nextTrack || std::uint64_t(info.firstTrack) + info.trackCount > d.tracks.size())
                return fail("the tracks of rank " + std::to_string(info.rank) + " are not the next ones in order");
            nextTrack = std::uint64_t(info.firstTrack) + info.trackCount;
        }
        if (nextTrack != d.tracks.size())
            return fail("some tracks belong to no rank");
        return true;
    }

    bool tracks()
    {
        std::uint64_t nextOp = 0;
        for (std::size_t t = 0; t < d.tracks.size(); ++t) {
            const TrackInfo& info = d.tracks[t];
            const std::size_t r = info.rank.value();
            if (r >= d.ranks.size() || t < d.ranks[r].firstTrack || t >= std::size_t(d.ranks[r].firstTrack) + d.ranks[r].trackCount)
                return fail("track " + std::to_string(t) + " names a rank that does not hold it");
            if (!validString(info.name))
                return fail("track " + std::to_string(t) + " refers to a string that does not exist");
            if (std::uint64_t(info.firstOp) + info.opCount > m_ops || (info.opCount > 0 && info.firstOp != nextOp))
                return fail("the ops of track " + std::to_string(t) + " are not the next ones in order");
            nextOp += info.opCount;
        }
        if (nextOp != m_ops)
            return fail("some ops belong to no track");
        return true;
    }

    // Per op: its track, strings, enums and times; per track: start order. Tracks are checked in
    // parallel; the first failure found is reported.
    bool ops()
    {
        std::mutex mutex;
        std::atomic<bool> failed { false };
        std::string first;
        parallelFor(d.tracks.size(), [&](std::size_t t) {
            if (failed.load(std::memory_order_relaxed))
                return;
            const TrackInfo& info = d.tracks[t];
            std::string problem;
            for (std::uint32_t i = info.firstOp; i < info.firstOp + info.opCount && problem.empty(); ++i) {
                if (d.track[i] != t)
                    problem = "op " + std::to_string(i) + " lies in the range of track " + std::to_string(t) + " but names another";
                else if (d.name[i] >= m_strings || d.category[i] >= m_strings)
                    problem = "op " + std::to_string(i) + " refers to a string that does not exist";
                else if (static_cast<int>(d.kind[i]) >= kOpKindCount || d.phase[i] > Phase::Other)
                    problem = "op " + std::to_string(i) + " has an unknown kind or phase";
                else if (!validTime(d.start[i]) || !validTime(d.end[i]))
                    problem = "op " + std::to_string(i) + " has a time beyond ±2^62 ns";
                else if (d.end[i] < d.start[i])
                    problem = "op " + std::to_string(i) + " ends before it starts";
                else if (i > info.firstOp && d.start[i] < d.start[i - 1])
                    problem = "the ops of track " + std::to_string(t) + " are not sorted by start";
                else if (!d.bytes.empty() && d.bytes[i] < 0)
                    problem = "op " + std::to_string(i) + " moves a negative number of bytes";
            }
            if (!problem.empty()) {
                std::lock_guard lock(mutex);
                if (!failed.exchange(true))
                    first = std::move(problem);
            }
        });
        return failed ? fail(first) : true;
    }

    template <class Entry, class Check>
    bool table(const std::vector<std::pair<OpId, Entry>>& entries, const char* what, Check check)
    {
        for (std::size_t k = 0; k < entries.size(); ++k) {
            const OpId op = entries[k].first;
            if (op.value() >= m_ops || (k > 0 && !(entries[k - 1].first < op)))
                return fail(std::string(what) + " are not sorted by op, one per op, within range");
            if (!check(entries[k].second))
                return fail(std::string(what) + " of op " + std::to_string(op.value()) + " refer to a string that does not exist");
        }
        return true;
    }

    bool tables()
    {
        return table(d.commArgs, "communication arguments", [this](const CommArgs& c) {
            return validString(c.collective) && validString(c.processGroup) && validString(c.groupRanks) && validString(c.dtype);
        }) && table(d.shapes, "input shapes", [this](const ShapeArgs& s) { return validString(s.dims) && validString(s.types); })
            && memory();
    }

    // Allocator events: a size and totals that sums of a job's events cannot overflow.
    bool memory()
    {
        for (std::size_t k = 0; k < d.memory.size(); ++k) {
            const OpId op = d.memory[k].first;
            const MemoryArgs& m = d.memory[k].second;
            if (op.value() >= m_ops || (k > 0 && !(d.memory[k - 1].first < op)))
                return fail("allocator events are not sorted by op, one per op, within range");
            const bool inRange = m.bytes > -MemoryArgs::kLimit && m.bytes < MemoryArgs::kLimit && m.totalAllocated >= -1
                && m.totalAllocated < MemoryArgs::kLimit && m.totalReserved >= -1 && m.totalReserved < MemoryArgs::kLimit
                && m.device >= -1;
            if (!inRange)
                return fail("the allocator event of op " + std::to_string(op.value()) + " has a size or total out of range");
        }
        for (const DeviceInfo& dev : d.devices) {
            if (dev.rank.value() >= d.ranks.size() || !validString(dev.name) || dev.index < 0 || dev.memoryBytes < -1)
                return fail("a device names a rank or string that does not exist, or has a negative index or memory");
        }
        return true;
    }

    bool links()
    {
        for (const Link& l : d.links) {
            if (l.from.value() >= m_ops || l.to.value() >= m_ops || l.kind > LinkKind::Encloses)
                return fail("a link refers to an op that does not exist");
        }
        return true;
    }

    bool steps()
    {
        for (const StepSpan& s : d.steps) {
            if (s.rank.value() >= d.ranks.size())
                return fail("a step names a rank that does not exist");
            if (!validTime(s.start) || !validTime(s.end) || s.end < s.start)
                return fail("step " + std::to_string(s.number) + " has times out of range or ends before it starts");
            if (s.marker.isValid() && s.marker.value() >= m_ops)
                return fail("step " + std::to_string(s.number) + " has a marker op that does not exist");
        }
        return true;
    }

    bool groupsAndCounters()
    {
        for (const ProcessGroup& g : d.processGroups) {
            if (!validString(g.name) || !validString(g.description) || !validString(g.backend))
                return fail("a process group refers to a string that does not exist");
        }
        for (const CounterSample& c : d.counters) {
            if (c.rank.value() >= d.ranks.size() || !validString(c.name))
                return fail("a counter sample names a rank or string that does not exist");
            if (!validTime(c.time) || !std::isfinite(c.value))
                return fail("a counter sample has a time beyond ±2^62 ns or a value that is not finite");
        }
        return true;
    }
};

} // namespace

Status TraceValidator::validate(const TraceData& data)
{
    return Checker(data).run();
}

} // namespace sightline
