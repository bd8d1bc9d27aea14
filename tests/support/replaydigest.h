#pragma once

#include "core/exec/executiongraph.h"
#include "core/replay/schedule.h"

#include <cinttypes>
#include <cstdio>
#include <string>

// FNV-1a over 64-bit words: a digest that any difference of one value changes. Golden replay dumps
// and the replay benchmark record digests of whole schedules with it.
class Digest {
public:
    void add(std::int64_t value)
    {
        auto bits = static_cast<std::uint64_t>(value);
        for (int i = 0; i < 8; ++i) {
            m_hash ^= bits & 0xFF;
            m_hash *= 0x100000001B3ull;
            bits >>= 8;
        }
        ++m_count;
    }
    std::string text() const
    {
        char out[64];
        std::snprintf(out, sizeof out, "%016" PRIx64 " over %zu values", m_hash, m_count);
        return out;
    }

private:
    std::uint64_t m_hash = 0xCBF29CE484222325ull;
    std::size_t m_count = 0;
};

// The op an item stands for (a logical collective: its first participant), for keying replays by the
// trace rather than by item ids; -1 for a synthetic item.
inline std::int64_t opOf(const sightline::ExecutionGraph& g, sightline::ItemId i)
{
    return g.origin(i).empty() ? -1 : static_cast<std::int64_t>(g.origin(i).front().value());
}

// 1 for an item spanning ranks (a logical collective), 0 for one on a track.
inline std::int64_t acrossRanks(const sightline::ExecutionGraph& g, sightline::ItemId i)
{
    return g.rank(i).isValid() ? 0 : 1;
}

// Every replayed item's op, kind of item, start and end, in item order.
inline Digest scheduleDigest(const sightline::ExecutionGraph& g, const sightline::Schedule& s, std::size_t* replayed = nullptr)
{
    Digest times;
    std::size_t count = 0;
    for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
        if (!s.replayed(i))
            continue;
        ++count;
        times.add(opOf(g, sightline::ItemId(i)));
        times.add(acrossRanks(g, sightline::ItemId(i)));
        times.add(s.start[i]);
        times.add(s.end[i]);
    }
    if (replayed)
        *replayed = count;
    return times;
}
