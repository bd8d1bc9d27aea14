#pragma once

#include <cstddef>
#include <cstdint>

// Deterministic pseudo-random numbers (xorshift64*), so that mutations are the same on every run.
class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed)
        : m_state(seed * 0x9E3779B97F4A7C15ull + 1)
    {
    }
    std::uint64_t next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        return m_state * 0x2545F4914F6CDD1Dull;
    }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

private:
    std::uint64_t m_state;
};
