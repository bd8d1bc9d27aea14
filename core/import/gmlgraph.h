#pragma once

#include "core/base/expected.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sightline {

// A directed graph in GML as networkx writes it (dPRO's dag.gml): `graph [ directed 1 node [ id 0
// label "FW.conv1" ] … edge [ source 0 target 1 ] … ]`. Keys are words, values numbers, quoted strings
// or bracketed lists; keys it does not use are skipped, whatever their values. A node's name is its
// label (its id written as text when it has none). Errors name the file and the byte offset: text that
// is not GML (WrongType), no graph or a node or edge without its numbers (MissingField), two nodes
// with one id (InvalidArgument), an edge naming no node (UnmatchedEvent). Any bytes are safe
// input: O(n) time and memory, nesting bounded. Pure.
struct GmlGraph {
    std::vector<std::string> nodes; // names, in the order written
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges; // indexes into nodes, in the order written

    static Expected<GmlGraph> parse(std::string_view text, const std::string& file);
};

} // namespace sightline
