#pragma once

#include <cstddef>
#include <string>
#include <string_view>

class CorpusWriter;

// The case families of the malformed-input corpus, one function per category (the ctest tests are split
// the same way). Each writes its inputs through the writer and adds the cases with their expectations.
namespace CorpusCases {

void addTruncations(CorpusWriter& w); // "truncation"
void addByteFlips(CorpusWriter& w); // "byteflip"
void addWrongTypes(CorpusWriter& w); // "types-event", "types-args", "types-top"
void addNumericExtremes(CorpusWriter& w); // "numeric"
void addPairing(CorpusWriter& w); // "pairing"
void addNesting(CorpusWriter& w); // "nesting"
void addEncodings(CorpusWriter& w); // "encoding"
void addRanksAndFolders(CorpusWriter& w); // "ranks"
void addLayerwise(CorpusWriter& w); // "layerwise"
void addDialects(CorpusWriter& w); // "dialects"
void addResources(CorpusWriter& w); // "resources"

// Byte offset of needle in text (from `from` on); the generator's own mistake when absent (aborts).
std::size_t offsetOf(std::string_view text, std::string_view needle, std::size_t from = 0);

} // namespace CorpusCases
