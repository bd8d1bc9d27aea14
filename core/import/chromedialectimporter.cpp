#include "core/import/chromedialectimporter.h"

#include "core/base/message.h"
#include "core/base/progress.h"
#include "core/import/bytepsfinalizer.h"
#include "core/import/chrometraceparser.h"
#include "core/import/filereader.h"
#include "core/import/horovodfinalizer.h"
#include "core/import/jsontextcheck.h"
#include "core/import/rankfinalizer.h"
#include "core/import/rankpart.h"
#include "core/import/tftimelinefinalizer.h"

#include <algorithm>

namespace sightline {

namespace {

// Text the tokenizer takes: JSON (an object or an array), or text in an encoding it names in its error.
bool isChromeText(std::string_view head)
{
    return !head.empty() && (head.front() == '{' || head.front() == '[' || !JsonTextCheck::wideEncoding(head).empty());
}

bool holdsAny(std::string_view head, std::initializer_list<std::string_view> marks)
{
    return std::any_of(marks.begin(), marks.end(), [head](std::string_view m) { return head.find(m) != std::string_view::npos; });
}

// Kineto's own top-level fields: a Kineto trace whatever names its events use.
bool hasKinetoFields(std::string_view head)
{
    return holdsAny(head, { "\"schemaVersion\"", "\"distributedInfo\"", "\"deviceProperties\"" });
}

} // namespace

ChromeDialectImporter::ChromeDialectImporter(Dialect dialect)
    : m_dialect(dialect)
{
}

std::string_view ChromeDialectImporter::format() const
{
    switch (m_dialect) {
    case Dialect::Kineto:
        return "kineto";
    case Dialect::Horovod:
        return "horovod";
    case Dialect::BytePS:
        return "byteps";
    case Dialect::TfTimeline:
        return "tf-timeline";
    }
    return "kineto";
}

const char* ChromeDialectImporter::description() const
{
    switch (m_dialect) {
    case Dialect::Kineto:
        return SL_TEXT("Core", "PyTorch profiler (Kineto) or Chrome trace JSON");
    case Dialect::Horovod:
        return SL_TEXT("Core", "Horovod timeline (HOROVOD_TIMELINE)");
    case Dialect::BytePS:
        return SL_TEXT("Core", "BytePS communication timeline");
    case Dialect::TfTimeline:
        return SL_TEXT("Core", "TensorFlow 1.x timeline");
    }
    return "";
}

int ChromeDialectImporter::probe(const FileHead& head) const
{
    const std::string_view text = head.text;
    if (!isChromeText(text))
        return 0;
    switch (m_dialect) {
    case Dialect::Kineto:
        return 1;
    case Dialect::Horovod:
        return !hasKinetoFields(text) && holdsAny(text, { "\"CYCLE_START\"", "\"NEGOTIATE_ALLREDUCE\"", "\"NEGOTIATE_BROADCAST\"", "\"NEGOTIATE_ALLGATHER\"" }) ? 2 : 0;
    case Dialect::BytePS:
        return !hasKinetoFields(text) && holdsAny(text, { "\"Comm.byteps", ".COORDINATE_REDUCE\"", ".COORDINATE_PUSH\"", ".COORDINATE_BROADCAST\"" }) ? 2 : 0;
    case Dialect::TfTimeline:
        return !hasKinetoFields(text) && holdsAny(text, { "\"/device:", "\"/job:" }) ? 2 : 0;
    }
    return 0;
}

Status ChromeDialectImporter::readRank(
    TextBuffer text, RankPart& part, const CancellationToken* cancel, const std::function<void(double)>& progress) const
{
    {
        // Freed at the end of this block: finalising needs memory of its own.
        TextBuffer parsed = std::move(text);
        Status s = ChromeTraceParser::parse(parsed, part, cancel, ChromeTraceParser::kDefaultPieceBytes, nullptr, progress);
        // Whatever the parse made of it, text that vanished under the parser is not the file.
        if (Status cut = FileReader::checkNotCut(parsed, part.path); !cut.ok())
            return cut;
        if (!s.ok())
            return s;
    }
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    // Each dialect's finaliser.
    switch (m_dialect) {
    case Dialect::Kineto:
        RankFinalizer::finalize(part);
        break;
    case Dialect::Horovod:
        HorovodFinalizer::finalize(part);
        break;
    case Dialect::BytePS:
        BytePSFinalizer::finalize(part);
        break;
    case Dialect::TfTimeline:
        TfTimelineFinalizer::finalize(part);
        break;
    }
    // Read by the TF finaliser only; the merged job does not keep it.
    part.argNames = {};
    if (m_dialect != Dialect::Kineto)
        part.format = std::string(format());
    return {};
}

} // namespace sightline
