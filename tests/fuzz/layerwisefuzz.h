#pragma once

// What the layer-wise harnesses do with an input once a parser is chosen: parse it as text (any bytes,
// no terminator), read the profile's totals, and when it parsed, replay it as a small synchronous-SGD
// job (2 workers, 2 iterations) so that Trace::build validates what the parser let through. A parse
// or build error is an expected answer to malformed input; crashes and sanitizer reports are findings.

#include "core/import/layerwisejob.h"
#include "core/import/layerwiseprofile.h"
#include "core/model/trace.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sightline {

using LayerwiseParseFunction = Expected<LayerwiseProfile> (*)(std::string_view, const std::string&);

inline int fuzzLayerwise(
    LayerwiseParseFunction parse, const std::string& file, const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // Detection only reads the first line, but it must not fail on any bytes either.
    LayerwiseProfile::detectFormat(text);
    const Expected<LayerwiseProfile> profile = parse(text, file);
    if (!profile)
        return 0;
    profile->totalForwardNs();
    profile->totalBackwardNs();
    profile->totalCommunicationNs();
    profile->totalGradientBytes();

    LayerwiseJobOptions options;
    options.workers = 2;
    options.iterations = 2;
    LayerwiseJob::build(*profile, options);
    // The alpha-beta model path, which replaces the profile's communication times.
    options.bandwidthGBps = 10;
    options.latencyNs = 5000;
    options.preferBandwidthModel = true;
    options.wfbp = false;
    LayerwiseJob::build(*profile, options);
    return 0;
}

} // namespace sightline
