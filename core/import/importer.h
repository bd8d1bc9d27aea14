#pragma once

#include "core/base/expected.h"
#include "core/base/message.h"
#include "core/base/resourcelimits.h"
#include "core/import/textbuffer.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class CancellationToken;
class Trace;
struct RankPart;

// The start of an input file as importers see it when they probe: its path (for messages only, never
// for detection) and its first decoded bytes from the first significant one (FileReader::readHead).
struct FileHead {
    static constexpr std::size_t kBytes = 64u << 10;

    std::string path;
    std::string text;
};

// One readable trace format. An importer recognises its files by their content
// and reads them into the model. What one of its files is comes from the importer, not from the
// loader: a rank of a job (TraceLoader reads such files in parallel, finalises each, and merges them in
// rank order), or a whole job (the importer is handed every file of the job). Importers hold no state:
// one instance serves every thread.
class Importer {
public:
    enum class Unit {
        Rank, // one file is one rank of a job: readRank
        Job, // the files are one job together: readJob
    };

    virtual ~Importer() = default;

    // The name the model and `sightline-cli info --json` give the format ("kineto", "layerwise").
    virtual std::string_view format() const = 0;
    // What users call it, for lists of formats and messages ("PyTorch profiler (Kineto) JSON"): a
    // template of the catalogue, marked SL_TEXT, so that a Message of it is translated.
    virtual const char* description() const = 0;
    virtual Unit unit() const = 0;
    // How surely head is of this format: 0 not at all; a more specific format answers higher than a
    // format it is a dialect of, and the highest answer wins.
    virtual int probe(const FileHead& head) const = 0;
    // How surely a folder is one job of this format as a whole (its layout, not its files, says so),
    // as probe() answers; 0 for formats whose folders are simply files.
    virtual int probeFolder(const std::string& folder) const;

    // Unit::Rank: the decoded text of one file (part.path names it) into part, finalised. The text is
    // freed once parsed, before the part is finalised. progress, when given, receives the share parsed
    // (0..1).
    virtual Status readRank(TextBuffer text, RankPart& part, const CancellationToken* cancel,
        const std::function<void(double)>& progress) const;
    // Unit::Job: the files of one job, all recognised by this importer.
    virtual Expected<std::shared_ptr<const Trace>> readJob(
        const std::vector<std::string>& files, const ResourceLimits& limits, const CancellationToken* cancel) const;
};

} // namespace sightline
