#include "core/import/dproimporter.h"

#include "core/base/message.h"
#include "core/base/progress.h"
#include "core/import/chrometraceparser.h"
#include "core/import/dprofinalizer.h"
#include "core/import/filereader.h"
#include "core/import/gmlgraph.h"
#include "core/import/jobassembler.h"
#include "core/import/jsontextcheck.h"
#include "core/import/rankpart.h"
#include "core/model/trace.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <filesystem>

namespace sightline {

namespace fs = std::filesystem;

namespace {

// One GPU's folder: host<host>/<gpu>/, and its trace.
struct RankFolder {
    int host = 0;
    int gpu = 0;
    fs::path folder;
    std::vector<fs::path> traces;
};

// The number after prefix in name, or -1.
int numberAfter(const std::string& name, std::string_view prefix)
{
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
        return -1;
    int n = -1;
    const char* first = name.data() + prefix.size();
    const auto [end, error] = std::from_chars(first, name.data() + name.size(), n);
    return error == std::errc() && end == name.data() + name.size() && n >= 0 ? n : -1;
}

bool isTraceName(const std::string& name)
{
    auto endsWith = [&name](std::string_view s) { return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0; };
    return name != "metadata.json" && (endsWith(".json") || endsWith(".json.gz") || endsWith(".json.zst"));
}

// The GPU folders of a dPRO layout in host then GPU order; empty when folder is not one.
std::vector<RankFolder> layoutOf(const fs::path& folder)
{
    std::vector<RankFolder> out;
    std::error_code ec;
    for (fs::directory_iterator host(folder, ec), end; !ec && host != end; host.increment(ec)) {
        const int h = numberAfter(host->path().filename().string(), "host");
        if (h < 0 || !host->is_directory(ec))
            continue;
        for (fs::directory_iterator gpu(host->path(), ec), gend; !ec && gpu != gend; gpu.increment(ec)) {
            const int g = numberAfter(gpu->path().filename().string(), "");
            if (g < 0 || !gpu->is_directory(ec))
                continue;
            RankFolder r { h, g, gpu->path(), {} };
            for (fs::directory_iterator f(gpu->path(), ec), fend; !ec && f != fend; f.increment(ec)) {
                if (f->is_regular_file(ec) && isTraceName(f->path().filename().string()))
                    r.traces.push_back(f->path());
            }
            std::sort(r.traces.begin(), r.traces.end());
            out.push_back(std::move(r));
        }
    }
    if (ec)
        return {};
    std::sort(out.begin(), out.end(), [](const RankFolder& a, const RankFolder& b) { return std::tie(a.host, a.gpu) < std::tie(b.host, b.gpu); });
    return out;
}

// The metadata's gradient_name_list, when the GPU folder has one; errors name the file.
Expected<std::vector<std::string>> gradientNames(const fs::path& folder)
{
    const fs::path file = folder / "metadata.json";
    std::error_code ec;
    if (!fs::exists(file, ec))
        return std::vector<std::string> {};
    const std::string path = file.string();
    Expected<TextBuffer> text = FileReader::read(path);
    if (!text)
        return text.status();
    // Broken or cut-short text is found first, with its place: the iterator reports it late, as a type.
    const JsonTextCheck::Problem problem = JsonTextCheck::firstProblem(text->view(), simdjson::DEFAULT_MAX_DEPTH);
    if (problem.offset >= 0)
        return Status::error(ErrorCode::InvalidJson, path, problem.offset, problem.what);
    if (problem.cutShort)
        return Status::error(ErrorCode::TruncatedJson, path, static_cast<std::int64_t>(text->size()),
            Message(SL_TEXT("Core", "the metadata ends early")));
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document doc;
    if (parser.iterate(text->data(), text->size(), text->capacity() + TextBuffer::kPadding).get(doc))
        return Status::error(ErrorCode::InvalidJson, path, 0, Message(SL_TEXT("Core", "the metadata is not JSON")));
    simdjson::ondemand::object object;
    if (doc.get_object().get(object))
        return Status::error(
            ErrorCode::WrongType, path, 0, Message(SL_TEXT("Core", "the metadata is not a JSON object")));
    std::vector<std::string> names;
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key))
            return Status::error(
                ErrorCode::InvalidJson, path, -1, Message(SL_TEXT("Core", "the metadata is not JSON")));
        if (key != "gradient_name_list")
            continue; // the iterator skips its value
        // A value of another type is the writer's mistake; anything else, text that is not JSON.
        const auto fail = [&path](simdjson::error_code error, const char* what) {
            return error == simdjson::INCORRECT_TYPE
                ? Status::error(ErrorCode::WrongType, path, -1, Message(what))
                : Status::error(ErrorCode::InvalidJson, path, -1, Message(SL_TEXT("Core", "the metadata is not JSON")));
        };
        simdjson::ondemand::array list;
        if (const auto error = field.value().get_array().get(list))
            return fail(error, SL_TEXT("Core", "gradient_name_list is not a list"));
        for (auto element : list) {
            std::string_view name;
            if (const auto error = element.get_string().get(name))
                return fail(error, SL_TEXT("Core", "gradient_name_list holds something other than names"));
            names.emplace_back(name);
        }
    }
    return names;
}

// The GPU folder's dependency graph, when it has one.
Expected<std::optional<GmlGraph>> graphOf(const fs::path& folder)
{
    const fs::path file = folder / "dag.gml";
    std::error_code ec;
    if (!fs::exists(file, ec))
        return std::optional<GmlGraph>();
    Expected<TextBuffer> text = FileReader::read(file.string());
    if (!text)
        return text.status();
    Expected<GmlGraph> graph = GmlGraph::parse(text->view(), file.string());
    if (!graph)
        return graph.status();
    return std::optional<GmlGraph>(std::move(*graph));
}

// One GPU's trace, finalised.
Status readGpu(const RankFolder& r, RankPart& part, const CancellationToken* cancel)
{
    if (r.traces.size() != 1)
        return Status::error(ErrorCode::InvalidArgument, r.folder.string(), -1,
            r.traces.empty() ? Message(SL_TEXT("Core", "the GPU's folder holds no trace"))
                             : Message(SL_TEXT("Core", "the GPU's folder holds more than one trace")));
    part.path = r.traces.front().string();
    Expected<std::vector<std::string>> names = gradientNames(r.folder);
    if (!names)
        return names.status();
    Expected<std::optional<GmlGraph>> graph = graphOf(r.folder);
    if (!graph)
        return graph.status();
    {
        Expected<TextBuffer> text = FileReader::read(part.path, cancel);
        if (!text)
            return text.status();
        Status s = ChromeTraceParser::parse(*text, part, cancel);
        if (Status cut = FileReader::checkNotCut(*text, part.path); !cut.ok())
            return cut;
        if (!s.ok())
            return s;
    }
    // dPRO links ops by name and step: a step that is not a whole number would join iterations into a
    // cycle, so the parser's warning about it (the argument named as its only one) is an error here, at
    // the event's byte.
    for (const Diagnostic& d : part.diagnostics) {
        if (d.detail.args().size() == 1 && d.detail.args().front().text() == "step")
            return Status::error(d.code, part.path, d.firstByteOffset,
                Message(SL_TEXT("Core",
                            "args.step must be a whole number from 0 to 2147483647 (the iteration of a dPRO op); %1 "
                            "event(s) give something else"),
                    { d.count }));
    }
    part.format = "dpro";
    part.host = part.strings.intern("host" + std::to_string(r.host));
    DproFinalizer::finalize(part, *names, *graph ? &**graph : nullptr);
    // Read by the TF finaliser only; the merged job does not keep it.
    part.argNames = {};
    return {};
}

} // namespace

int DproImporter::probeFolder(const std::string& folder) const
{
    const std::vector<RankFolder> ranks = layoutOf(folder);
    if (ranks.empty() || ranks.front().traces.empty())
        return 0;
    Expected<std::string> head = FileReader::readHead(ranks.front().traces.front().string(), FileHead::kBytes);
    if (!head)
        return 0;
    for (std::string_view mark : { "\"FW.", "\"BW.", "\"UPDATE_", "\"Comm." }) {
        if (head->find(mark) != std::string::npos)
            return 3;
    }
    return 0;
}

Expected<std::shared_ptr<const Trace>> DproImporter::readJob(
    const std::vector<std::string>& files, const ResourceLimits& limits, const CancellationToken* cancel) const
{
    if (files.size() != 1)
        return Status::error(ErrorCode::InvalidArgument, files.empty() ? std::string() : files.front(), -1,
            Message(SL_TEXT("Core", "a dPRO job is one folder")));
    const std::vector<RankFolder> layout = layoutOf(files.front());
    if (layout.empty())
        return Status::error(ErrorCode::NoEvents, files.front(), -1,
            Message(SL_TEXT("Core", "the folder holds no host*/<gpu>/ folders")));
    std::vector<RankPart> parts(layout.size());
    std::vector<std::string> traces(layout.size());
    std::vector<RankAssigner::Assignment> ranks(layout.size());
    for (std::size_t r = 0; r < layout.size(); ++r) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        if (Status s = readGpu(layout[r], parts[r], cancel); !s.ok())
            return s;
        traces[r] = parts[r].path;
        ranks[r] = RankAssigner::Assignment { static_cast<std::int32_t>(r), "dpro_layout", {} };
    }
    return JobAssembler::assemble(traces, parts, ranks, limits, cancel);
}

} // namespace sightline
