#include "core/search/wholemicrobatches.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace sightline {

namespace {

// Batches past this many samples are taken as they are: nearest's walk stays short.
constexpr double kLargestBatch = 1 << 24;

// Items as the user reads a list of them: "4", "4 and 8", "2, 4 and 8".
std::string listText(const std::vector<std::string>& items)
{
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            text += i + 1 == items.size() ? " and " : ", ";
        text += items[i];
    }
    return text;
}

std::string listText(const std::vector<int>& counts)
{
    std::vector<std::string> items;
    for (int count : counts)
        items.push_back(std::to_string(count));
    return listText(items);
}

} // namespace

WholeMicroBatches::WholeMicroBatches(
    const std::optional<BatchSize::Found>& batch, double samplesFactor, const std::vector<double>& shares)
{
    if (!batch)
        return;
    m_source = batch->source;
    m_batch = static_cast<double>(batch->size) * samplesFactor;
    for (double share : shares) {
        const double samples = *m_batch * share;
        if (std::find(m_samples.begin(), m_samples.end(), samples) != m_samples.end())
            continue;
        m_samples.push_back(samples);
        const double whole = std::round(samples);
        if (whole >= 2 && whole <= kLargestBatch && std::abs(samples - whole) <= 1e-9)
            m_batches.push_back(static_cast<long long>(whole));
    }
}

bool WholeMicroBatches::splits(long long count) const
{
    return std::any_of(m_batches.begin(), m_batches.end(), [&](long long b) { return b % count == 0; });
}

int WholeMicroBatches::nearest(int count) const
{
    if (count <= 1 || m_batches.empty() || splits(count))
        return count;
    // Outward from count, the smaller first: the largest batch splits into itself, so the walk ends.
    const long long largest = *std::max_element(m_batches.begin(), m_batches.end());
    for (long long delta = 1;; ++delta) {
        const long long below = count - delta;
        if (below >= 2 && splits(below))
            return static_cast<int>(below);
        const long long above = count + delta;
        if (above <= largest && splits(above))
            return static_cast<int>(above);
    }
}

bool WholeMicroBatches::splitsAt(int count, double share) const
{
    if (count <= 1 || !m_batch)
        return true;
    const double samples = *m_batch * share;
    const double whole = std::round(samples);
    if (whole < 1 || whole > kLargestBatch || std::abs(samples - whole) > 1e-9)
        return true;
    return static_cast<long long>(whole) % count == 0;
}

Message WholeMicroBatches::unevenNote(const std::vector<int>& counts, int devices, double share, Message searcher) const
{
    return Message(SL_TEXT("Core",
                       "%1 micro-batches do not split a rank's batch at %2 devices (%3 samples; %4) into whole "
                       "samples, which DeepSpeed refuses and no data loader gives: %5 holds no point of them there"),
        { listText(counts), devices, BatchSize::text(m_batch.value_or(0) * share), m_source, std::move(searcher) });
}

std::vector<int> WholeMicroBatches::of(const std::vector<int>& counts) const
{
    std::vector<int> whole;
    for (int count : counts) {
        const int made = nearest(count);
        if (std::find(whole.begin(), whole.end(), made) == whole.end())
            whole.push_back(made);
    }
    return whole;
}

std::optional<Message> WholeMicroBatches::note(const std::vector<int>& counts, Message searcher) const
{
    std::vector<int> given;
    std::vector<int> tried;
    for (int count : counts) {
        const int made = nearest(count);
        if (made == count || std::find(given.begin(), given.end(), count) != given.end())
            continue;
        given.push_back(count);
        if (std::find(tried.begin(), tried.end(), made) == tried.end())
            tried.push_back(made);
    }
    if (given.empty())
        return std::nullopt;
    std::vector<std::string> batches;
    for (double samples : m_samples)
        batches.push_back(BatchSize::text(samples));
    return Message(SL_TEXT("Core",
                       "%1 micro-batches split none of a rank's batches at the device counts tried (%2 samples; %3) "
                       "into whole samples, which DeepSpeed refuses and no data loader gives: %4 tries %5 "
                       "micro-batches instead"),
        { listText(given), listText(batches), m_source, std::move(searcher), listText(tried) });
}

} // namespace sightline
