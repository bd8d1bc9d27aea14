// libFuzzer harness of LayerwiseProfile::parsePipeDreamGraph: the input as a PipeDream profiler
// graph.txt (node lines and tab-indented edge lines, ordered topologically), then the job built from it
// (see layerwisefuzz.h).

#include "layerwisefuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return sightline::fuzzLayerwise(&sightline::LayerwiseProfile::parsePipeDreamGraph, "graph.txt", data, size);
}
