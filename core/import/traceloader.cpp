#include "core/import/traceloader.h"

#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/import/filereader.h"
#include "core/import/importer.h"
#include "core/import/importerregistry.h"
#include "core/import/jobassembler.h"
#include "core/import/rankassigner.h"
#include "core/import/rankpart.h"
#include "core/model/trace.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <new>
#include <set>

namespace sightline {

namespace fs = std::filesystem;

namespace {

// Files of two kinds given as one job: the kind of this file, the first file's name and its kind.
Message oneProfiler(Message kind, const std::string& firstFile, Message firstKind)
{
    return Message(
        SL_TEXT(
            "Core", "the files of one job must come from one kind of profiler: this file is read as “%1”, %2 as “%3”"),
        { std::move(kind), firstFile, std::move(firstKind) });
}

bool looksLikeTraceFile(const fs::path& p)
{
    const std::string name = p.filename().string();
    auto endsWith = [&name](std::string_view suffix) {
        return name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    return endsWith(".json") || endsWith(".json.gz") || endsWith(".json.zst") || endsWith(".json.zstd");
}

class ByteProgress {
public:
    ByteProgress(ProgressSink* sink, std::int64_t total)
        : m_sink(sink)
        , m_total(total)
    {
    }
    void add(std::int64_t delta)
    {
        const std::int64_t done = m_done.fetch_add(delta) + delta;
        if (m_sink)
            m_sink->setProgress(std::min(done, m_total), m_total);
    }

private:
    ProgressSink* m_sink;
    std::int64_t m_total;
    std::atomic<std::int64_t> m_done { 0 };
};

// Reads and decodes one file, and has its importer read it into part. Half of a file's share of the
// progress is reading (or mapping) it, half is parsing it.
Status loadPart(const Importer& importer, const std::string& file, std::int64_t size, RankPart& part, ByteBudget& budget,
    ByteProgress& bytes, const CancellationToken* cancel)
{
    part.path = file;
    std::int64_t reported = 0;
    Expected<TextBuffer> text = FileReader::read(file, cancel, [&](std::int64_t done) {
        const std::int64_t half = std::min(size, done) / 2;
        bytes.add(half - reported);
        reported = half;
    }, nullptr, &budget);
    if (!text)
        return text.status();
    bytes.add(size / 2 - reported);
    reported = size / 2;
    return importer.readRank(std::move(*text), part, cancel, [&](double share) {
        const std::int64_t target = size / 2 + static_cast<std::int64_t>(share * static_cast<double>(size - size / 2));
        if (target > reported) {
            bytes.add(target - reported);
            reported = target;
        }
    });
}

// Which importer reads each file, from its first bytes; the files of one job take one importer, and an
// importer that reads whole jobs takes no file of another.
Expected<const Importer*> importerOf(const std::vector<std::string>& files)
{
    std::vector<const Importer*> chosen(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        Expected<std::string> head = FileReader::readHead(files[i], FileHead::kBytes);
        if (!head)
            return head.status();
        Expected<const Importer*> importer = ImporterRegistry::detect(FileHead { files[i], std::move(*head) });
        if (!importer)
            return importer.status();
        chosen[i] = *importer;
    }
    for (std::size_t i = 1; i < files.size(); ++i) {
        if (chosen[i] == chosen[0])
            continue;
        const std::size_t whole = chosen[i]->unit() == Importer::Unit::Job ? i : 0;
        if (chosen[whole]->unit() == Importer::Unit::Job)
            return Status::error(ErrorCode::InvalidArgument, files[whole], -1,
                Message(SL_TEXT("Core", "this file (%1) describes a whole job and cannot be combined with other files"),
                    { Message(chosen[whole]->description()) }));
        return Status::error(ErrorCode::InvalidArgument, files[i], -1,
            oneProfiler(Message(chosen[i]->description()), files[0], Message(chosen[0]->description())));
    }
    return chosen.front();
}

// The ranks of one job come from one kind of profiler: the PyTorch profiler or another Chrome trace
// writer, which one importer reads and tells apart as it parses.
Status checkOneFormat(const std::vector<std::string>& files, const std::vector<RankPart>& parts)
{
    for (std::size_t i = 1; i < parts.size(); ++i) {
        if (parts[i].format != parts[0].format) {
            return Status::error(ErrorCode::InvalidArgument, files[i], -1,
                oneProfiler(ImporterRegistry::describe(parts[i].format), files[0],
                    ImporterRegistry::describe(parts[0].format)));
        }
    }
    return {};
}

// The most files of a folder without JSON traces whose first bytes are read to find the one profile
// it holds: a layer-wise profile is one file, often beside its logs.
constexpr std::size_t kMostExamined = 256;

// A file and the importer that recognises it.
struct Recognised {
    std::string path;
    const Importer* importer = nullptr;
};

// The files directly in a folder that an importer recognises, by name.
Expected<std::vector<Recognised>> recognisedFiles(const std::string& folder)
{
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
        if (it->is_regular_file(ec))
            names.push_back(it->path().string());
    }
    if (ec)
        return Status::error(ErrorCode::ReadFailed, folder, -1, ec.message());
    std::sort(names.begin(), names.end());
    if (names.size() > kMostExamined)
        return Status::error(ErrorCode::NoEvents, folder, -1,
            Message(SL_TEXT("Core",
                        "the folder holds no .json, .json.gz or .json.zst trace files, and too many other files (%1) "
                        "to look for a profile among: open the profile's file itself"),
                { names.size() }));
    std::vector<Recognised> recognised;
    for (std::string& name : names) {
        Expected<std::string> head = FileReader::readHead(name, FileHead::kBytes);
        if (!head)
            continue;
        if (Expected<const Importer*> importer = ImporterRegistry::detect(FileHead { name, std::move(*head) }))
            recognised.push_back({ std::move(name), *importer });
    }
    return recognised;
}

// The trace files of a folder: its JSON trace files at any depth, by name; where it holds none, the
// files directly in it that an importer recognises (PipeDream's graph.txt, a B-Caffe log), unless
// they are several profiles of whole jobs.
Expected<std::vector<std::string>> filesOfFolder(const std::string& folder)
{
    std::error_code ec;
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && looksLikeTraceFile(it->path()))
            found.push_back(it->path().string());
    }
    if (ec)
        return Status::error(ErrorCode::ReadFailed, folder, -1, ec.message());
    if (!found.empty()) {
        std::sort(found.begin(), found.end());
        return found;
    }
    Expected<std::vector<Recognised>> recognised = recognisedFiles(folder);
    if (!recognised)
        return recognised.status();
    if (recognised->empty())
        return Status::error(ErrorCode::NoEvents, folder, -1,
            Message(SL_TEXT("Core",
                "the folder holds no .json, .json.gz or .json.zst trace files, nor any other file Sightline reads")));
    const Importer* first = recognised->front().importer;
    const bool wholeJobs = first->unit() == Importer::Unit::Job
        && std::all_of(
            recognised->begin(), recognised->end(), [&](const Recognised& r) { return r.importer == first; });
    if (recognised->size() > 1 && wholeJobs) {
        std::string names;
        for (const Recognised& r : *recognised)
            names += (names.empty() ? "" : ", ") + fs::path(r.path).filename().string();
        return Status::error(ErrorCode::InvalidArgument, folder, -1,
            Message(SL_TEXT("Core", "the folder holds %1 profiles (%2), each of a whole job (%3): open one of them"),
                { recognised->size(), names, Message(first->description()) }));
    }
    for (Recognised& r : *recognised)
        found.push_back(std::move(r.path));
    return found;
}

} // namespace

Expected<std::vector<std::string>> TraceLoader::expandInputs(const std::vector<std::string>& inputs)
{
    std::vector<std::string> files;
    for (const std::string& input : inputs) {
        std::error_code ec;
        const fs::file_status st = fs::status(input, ec);
        if (ec || !fs::exists(st))
            return Status::error(
                ErrorCode::FileNotFound, input, -1, Message(SL_TEXT("Core", "no such file or folder")));
        if (fs::is_directory(st)) {
            Expected<std::vector<std::string>> found = filesOfFolder(input);
            if (!found)
                return found.status();
            files.insert(files.end(), found->begin(), found->end());
        } else {
            files.push_back(input);
        }
    }
    // The same file named twice is one file.
    std::set<std::string> seen;
    std::vector<std::string> unique;
    for (auto& f : files) {
        std::error_code ec;
        const std::string key = fs::weakly_canonical(f, ec).string();
        if (seen.insert(ec ? f : key).second)
            unique.push_back(std::move(f));
    }
    return unique;
}

Expected<std::shared_ptr<const Trace>> TraceLoader::load(
    const std::vector<std::string>& inputs, const CancellationToken* cancel, ProgressSink* progress, const ResourceLimits& limits)
{
    if (inputs.empty())
        return Status::error(ErrorCode::FileNotFound, {}, -1, Message(SL_TEXT("Core", "no input files")));
    // A folder whose layout makes it one job (dPRO's host*/<rank>/) goes to its importer whole.
    for (const std::string& input : inputs) {
        std::error_code ec;
        if (!fs::is_directory(input, ec))
            continue;
        if (const Importer* whole = ImporterRegistry::detectFolder(input)) {
            if (inputs.size() > 1)
                return Status::error(ErrorCode::InvalidArgument, input, -1,
                    Message(
                        SL_TEXT("Core", "this file (%1) describes a whole job and cannot be combined with other files"),
                        { Message(whole->description()) }));
            return whole->readJob({ input }, limits, cancel);
        }
    }
    Expected<std::vector<std::string>> expanded = expandInputs(inputs);
    if (!expanded)
        return expanded.status();
    const std::vector<std::string>& files = *expanded;
    Expected<const Importer*> found = importerOf(files);
    if (!found)
        return found.status();
    const Importer& importer = **found;
    if (importer.unit() == Importer::Unit::Job)
        return importer.readJob(files, limits, cancel);

    // Read, parse and finalise every file, in parallel.
    std::int64_t totalBytes = 0;
    std::vector<std::int64_t> sizes(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        sizes[i] = std::max<std::int64_t>(0, FileReader::fileSize(files[i]));
        totalBytes += sizes[i];
    }
    ByteProgress bytes(progress, std::max<std::int64_t>(1, totalBytes));
    ByteBudget budget(limits.decodedLimit());
    std::vector<RankPart> parts(files.size());
    std::vector<Status> statuses(files.size());
    parallelFor(files.size(), [&](std::size_t i) {
        try {
            statuses[i] = loadPart(importer, files[i], sizes[i], parts[i], budget, bytes, cancel);
        } catch (const std::bad_alloc&) {
            parts[i] = RankPart();
            statuses[i] = Status::error(
                ErrorCode::OutOfMemory, files[i], -1, Message(SL_TEXT("Core", "out of memory while loading the file")));
        }
    });
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    for (const Status& s : statuses) {
        if (!s.ok())
            return s;
    }
    if (Status s = checkOneFormat(files, parts); !s.ok())
        return s;

    std::vector<RankAssigner::File> claims(files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        claims[i] = RankAssigner::File { files[i], parts[i].declaredRank };
    Expected<std::vector<RankAssigner::Assignment>> assigned = RankAssigner::assign(claims);
    if (!assigned)
        return assigned.status();
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!(*assigned)[i].warning.empty())
            parts[i].warn(ErrorCode::DuplicateRank, -1, (*assigned)[i].warning);
    }
    return JobAssembler::assemble(files, parts, *assigned, limits, cancel);
}

} // namespace sightline
