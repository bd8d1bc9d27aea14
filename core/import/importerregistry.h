#pragma once

#include "core/base/expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class Importer;
struct FileHead;

// Every importer the loader knows, and which one reads a file: the one whose probe of the file's first
// bytes answers highest (the first listed on a tie). The format comes from content only; a file's
// name or extension plays no part. Immutable after its first use; thread-safe.
class ImporterRegistry {
public:
    static const std::vector<const Importer*>& importers();
    // The importer for head, or NotATrace naming head.path, "unrecognised format", and the formats
    // that can be read.
    static Expected<const Importer*> detect(const FileHead& head);
    // The importer that reads folder as one job by its layout (a dPRO trace folder), or null.
    static const Importer* detectFolder(const std::string& folder);
    // The importer of a model's format name ("kineto", "horovod"), or null; a plain Chrome trace is
    // the Kineto importer's.
    static const Importer* byFormat(std::string_view format);
    // What a format name is, for messages: its importer's description (a plain Chrome trace and a
    // Kineto one told apart), or the name itself.
    static Message describe(std::string_view format);
    // The readable formats, one "name: description" entry each, joined with "; ".
    static Message supportedFormats();
};

} // namespace sightline
