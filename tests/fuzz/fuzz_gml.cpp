// libFuzzer harness of GmlGraph::parse (dPRO's dag.gml): any bytes give a graph or an error naming the
// file with a place in it; a graph's edges name its nodes.

#include "core/import/gmlgraph.h"

#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    sightline::Expected<sightline::GmlGraph> graph = sightline::GmlGraph::parse(text, "dag.gml");
    if (!graph) {
        const sightline::Status& s = graph.status();
        if (s.file() != "dag.gml" || s.byteOffset() < 0 || s.byteOffset() > static_cast<std::int64_t>(size)) {
            std::fprintf(stderr, "fuzz_gml: an error without its place: %s\n", s.toString().c_str());
            std::abort();
        }
        return 0;
    }
    for (const auto& [from, to] : graph->edges) {
        if (from >= graph->nodes.size() || to >= graph->nodes.size()) {
            std::fprintf(stderr, "fuzz_gml: an edge past the nodes\n");
            std::abort();
        }
    }
    return 0;
}
