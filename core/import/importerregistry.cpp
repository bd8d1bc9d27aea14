#include "core/import/importerregistry.h"

#include "core/base/message.h"
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
        return Status::error(ErrorCode::NotATrace, head.path, 0,
            Message(SL_TEXT("Core", "unrecognised format; readable formats are %1"), { supportedFormats() }));
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

Message ImporterRegistry::describe(std::string_view format)
{
    if (format == ChromeDialectImporter::kPlainChrome)
        return Message(SL_TEXT("Core", "plain Chrome trace"));
    if (format == "kineto")
        return Message(SL_TEXT("Core", "PyTorch profiler (Kineto) trace"));
    const Importer* i = byFormat(format);
    return i ? Message(i->description()) : Message::plain(std::string(format));
}

Message ImporterRegistry::supportedFormats()
{
    // Each entry nests the list before it, so that each language joins them with its own marks.
    Message out;
    for (const Importer* i : importers()) {
        Message entry(SL_TEXT("Core", "%1: %2"), { std::string(i->format()), Message(i->description()) });
        out = out.empty() ? std::move(entry) : Message(SL_TEXT("Core", "%1; %2"), { std::move(out), std::move(entry) });
    }
    return out;
}

} // namespace sightline
