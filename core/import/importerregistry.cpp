#include "core/import/importerregistry.h"

#include "core/import/chromedialectimporter.h"
#include "core/import/dproimporter.h"
#include "core/import/importer.h"
#include "core/import/layerwiseimporter.h"

#include <memory>

namespace sightline {

namespace {

struct Registered {
    std::vector<std::unique_ptr<Importer>> owned;
    std::vector<const Importer*> all;

    Registered()
    {
        using D = ChromeDialectImporter::Dialect;
        for (D d : { D::Kineto, D::Horovod, D::BytePS, D::TfTimeline })
            owned.push_back(std::make_unique<ChromeDialectImporter>(d));
        owned.push_back(std::make_unique<LayerwiseImporter>());
        owned.push_back(std::make_unique<DproImporter>());
        for (const auto& i : owned)
            all.push_back(i.get());
    }
};

const Registered& registered()
{
    static const Registered r;
    return r;
}

// The importer whose score is highest (the first on a tie), or null when none scores above 0.
template <class Score>
const Importer* highest(Score&& score)
{
    const Importer* best = nullptr;
    int bestScore = 0;
    for (const Importer* i : registered().all) {
        const int s = score(*i);
        if (s > bestScore) {
            best = i;
            bestScore = s;
        }
    }
    return best;
}

} // namespace

const std::vector<const Importer*>& ImporterRegistry::importers()
{
    return registered().all;
}

Expected<const Importer*> ImporterRegistry::detect(const FileHead& head)
{
    const Importer* best = highest([&head](const Importer& i) { return i.probe(head); });
    if (!best)
        return Status::error(ErrorCode::NotATrace, head.path, 0, "unrecognised format; readable formats are " + supportedFormats());
    return best;
}

const Importer* ImporterRegistry::detectFolder(const std::string& folder)
{
    return highest([&folder](const Importer& i) { return i.probeFolder(folder); });
}

const Importer* ImporterRegistry::byFormat(std::string_view format)
{
    if (format == ChromeDialectImporter::kPlainChrome)
        format = "kineto";
    for (const Importer* i : importers()) {
        if (i->format() == format)
            return i;
    }
    return nullptr;
}

std::string ImporterRegistry::describe(std::string_view format)
{
    if (format == ChromeDialectImporter::kPlainChrome)
        return "a plain Chrome trace";
    if (format == "kineto")
        return "a PyTorch profiler (Kineto) trace";
    const Importer* i = byFormat(format);
    return i ? "a " + std::string(i->description()) : "a " + std::string(format) + " file";
}

std::string ImporterRegistry::supportedFormats()
{
    std::string out;
    for (const Importer* i : importers()) {
        if (!out.empty())
            out += "; ";
        out += std::string(i->format()) + ": " + std::string(i->description());
    }
    return out;
}

} // namespace sightline
