// libFuzzer harness of the Chrome trace family: the tokenizer and the importers of its dialects
// (Kineto, Horovod, BytePS, TensorFlow timelines). Each input is parsed twice, each time from a
// fresh padded copy (parsing may write to its buffer): in one sequential pass, then in pieces of 64 to
// 4096 bytes (chosen by the input's first byte) so that the parallel piece path runs on small documents
// too. The contract is that both give the same result, so the two Statuses must match, and when they
// are ok, so must every column, string, allocator event, device and diagnostic of the two parts; a
// difference aborts, which libFuzzer reports as a crash with the input. Then the importer registry
// probes the input's head as the loader does, and the importer it picks reads the input (parse and its
// dialect's finaliser); that must give the parse's answer, and a dialect's part its format. Error
// Statuses are expected answers to malformed input, not findings.

#include "core/import/chrometraceparser.h"
#include "core/import/importer.h"
#include "core/import/importerregistry.h"
#include "core/import/rankpart.h"
#include "core/import/textbuffer.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

using namespace sightline;

namespace {

TextBuffer bufferOf(const std::uint8_t* data, std::size_t size)
{
    TextBuffer buffer(size);
    // memcpy's source must not be null, which libFuzzer passes for the empty input.
    if (size > 0)
        std::memcpy(buffer.data(), data, size);
    buffer.setSize(size);
    return buffer;
}

struct Parsed {
    Status status;
    RankPart part;
    std::size_t pieces = 0;
    std::string textAfter; // the buffer as the parse left it
};

Parsed parse(const std::uint8_t* data, std::size_t size, std::size_t pieceBytes)
{
    Parsed out;
    out.part.path = "fuzz.json";
    TextBuffer buffer = bufferOf(data, size);
    out.status = ChromeTraceParser::parse(buffer, out.part, nullptr, pieceBytes, &out.pieces);
    out.textAfter = buffer.view();
    return out;
}

void check(bool same, const char* what)
{
    if (same)
        return;
    std::fprintf(stderr, "fuzz_chrometrace: sequential and piecewise parsing disagree: %s\n", what);
    std::abort();
}

// The two parses' Statuses must be the same; when they are not, both are printed before the abort.
void compareStatuses(const Parsed& sequential, const Parsed& pieces)
{
    const Status& a = sequential.status;
    const Status& b = pieces.status;
    if (a.code() == b.code() && a.byteOffset() == b.byteOffset() && a.detail() == b.detail())
        return;
    for (const auto& [label, st] : { std::pair { "sequential", &a }, std::pair { "pieces", &b } })
        std::fprintf(stderr, "fuzz_chrometrace: %s: %s at byte %lld: %s\n", label, errorCodeName(st->code()),
            static_cast<long long>(st->byteOffset()), st->detail().c_str());
    check(a.code() == b.code(), "status code");
    check(a.byteOffset() == b.byteOffset(), "status byte offset");
    check(false, "status detail");
}

// Strings are compared by value: the two parts intern them in different orders.
std::string_view text(const RankPart& part, std::uint32_t id)
{
    return id == StringId::kInvalid ? std::string_view("<invalid>") : part.strings.view(StringId(id));
}

void compareParts(const RankPart& a, const RankPart& b)
{
    check(a.format == b.format, "format");
    check(a.declaredRank == b.declaredRank && a.worldSize == b.worldSize, "rank or world size");
    check(a.hasBaseTime == b.hasBaseTime && a.baseTimeNs == b.baseTimeNs, "base time");
    check(text(a, a.host.value()) == text(b, b.host.value()), "host");
    check(a.processGroups.size() == b.processGroups.size(), "process group count");
    for (std::size_t i = 0; i < a.processGroups.size(); ++i) {
        check(
            text(a, a.processGroups[i].name.value()) == text(b, b.processGroups[i].name.value()), "process group name");
        check(a.processGroups[i].ranks == b.processGroups[i].ranks, "process group ranks");
    }
    check(a.eventCount == b.eventCount, "event count");
    check(a.opCount() == b.opCount(), "op count");
    check(a.tracks.size() == b.tracks.size(), "track count");
    check(a.end.size() == a.opCount() && b.end.size() == b.opCount() && a.track.size() == a.opCount()
            && b.track.size() == b.opCount() && a.name.size() == a.opCount() && b.name.size() == b.opCount()
            && a.category.size() == a.opCount() && b.category.size() == b.opCount() && a.bytes.size() == a.opCount()
            && b.bytes.size() == b.opCount() && a.correlation.size() == a.opCount()
            && b.correlation.size() == b.opCount(),
        "op column lengths");
    for (std::size_t i = 0; i < a.opCount(); ++i) {
        check(a.start[i] == b.start[i] && a.end[i] == b.end[i], "op times");
        check(a.bytes[i] == b.bytes[i] && a.correlation[i] == b.correlation[i], "op bytes or correlation");
        check(text(a, a.name[i]) == text(b, b.name[i]), "op name");
        check(text(a, a.category[i]) == text(b, b.category[i]), "op category");
        check(a.track[i] < a.tracks.size() && b.track[i] < b.tracks.size(), "op track index");
        const RankPart::TrackKey& ka = a.tracks[a.track[i]].key;
        const RankPart::TrackKey& kb = b.tracks[b.track[i]].key;
        check(ka.pid == kb.pid && ka.tid == kb.tid, "op track key");
        check(text(a, ka.pidString) == text(b, kb.pidString) && text(a, ka.tidString) == text(b, kb.tidString),
            "op track key strings");
    }
    check(a.flows.size() == b.flows.size(), "flow count");
    for (std::size_t i = 0; i < a.flows.size(); ++i) {
        const RankPart::FlowPoint& fa = a.flows[i];
        const RankPart::FlowPoint& fb = b.flows[i];
        check(fa.id == fb.id && fa.time == fb.time && fa.phase == fb.phase && fa.bindEnclosing == fb.bindEnclosing
                && fa.byteOffset == fb.byteOffset,
            "flow");
        check(text(a, fa.category.value()) == text(b, fb.category.value()), "flow category");
    }
    check(a.objects.size() == b.objects.size(), "object event count");
    for (std::size_t i = 0; i < a.objects.size(); ++i) {
        const RankPart::ObjectEvent& oa = a.objects[i];
        const RankPart::ObjectEvent& ob = b.objects[i];
        check(oa.phase == ob.phase && oa.id == ob.id && oa.time == ob.time && oa.bytes == ob.bytes && oa.address == ob.address
                && oa.byteOffset == ob.byteOffset,
            "object event");
        check(text(a, oa.name.value()) == text(b, ob.name.value()) && text(a, oa.allocator.value()) == text(b, ob.allocator.value()),
            "object event names");
    }
    check(a.commArgs.size() == b.commArgs.size(), "communication argument count");
    for (std::size_t i = 0; i < a.commArgs.size(); ++i) {
        const CommArgs& ca = a.commArgs[i].second;
        const CommArgs& cb = b.commArgs[i].second;
        check(a.commArgs[i].first == b.commArgs[i].first, "communication argument op");
        check(text(a, ca.collective.value()) == text(b, cb.collective.value()) && ca.inNelems == cb.inNelems
                && ca.outNelems == cb.outNelems && ca.groupSize == cb.groupSize,
            "communication arguments");
    }
    check(a.shapes.size() == b.shapes.size(), "shape count");
    for (std::size_t i = 0; i < a.shapes.size(); ++i) {
        check(a.shapes[i].first == b.shapes[i].first, "shape op");
        check(text(a, a.shapes[i].second.dims.value()) == text(b, b.shapes[i].second.dims.value()), "shape dims");
    }
    check(a.memory.size() == b.memory.size(), "allocator event count");
    for (std::size_t i = 0; i < a.memory.size(); ++i) {
        const MemoryArgs& ma = a.memory[i].second;
        const MemoryArgs& mb = b.memory[i].second;
        check(a.memory[i].first == b.memory[i].first, "allocator event op");
        check(ma.bytes == mb.bytes && ma.totalAllocated == mb.totalAllocated && ma.totalReserved == mb.totalReserved
                && ma.address == mb.address && ma.device == mb.device && ma.deviceType == mb.deviceType,
            "allocator event");
        check(ma.bytes > -MemoryArgs::kLimit && ma.bytes < MemoryArgs::kLimit && ma.totalAllocated < MemoryArgs::kLimit,
            "allocator event within its limits");
    }
    check(a.devices.size() == b.devices.size(), "device count");
    for (std::size_t i = 0; i < a.devices.size(); ++i)
        check(a.devices[i].index == b.devices[i].index && a.devices[i].memoryBytes == b.devices[i].memoryBytes
                && text(a, a.devices[i].name.value()) == text(b, b.devices[i].name.value()),
            "device");
    check(a.streamWaits.size() == b.streamWaits.size(), "stream wait count");
    check(a.declaredSteps == b.declaredSteps, "declared steps");
    check(a.counters.size() == b.counters.size(), "counter count");
    for (std::size_t i = 0; i < a.counters.size(); ++i)
        check(a.counters[i].time == b.counters[i].time
                && text(a, a.counters[i].name.value()) == text(b, b.counters[i].name.value()),
            "counter");
    check(a.diagnostics.size() == b.diagnostics.size(), "diagnostic count");
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
        const Diagnostic& da = a.diagnostics[i];
        const Diagnostic& db = b.diagnostics[i];
        check(da.code == db.code && da.count == db.count && da.firstByteOffset == db.firstByteOffset
                && da.detail == db.detail,
            "diagnostic");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::size_t pieceBytes = std::size_t(64) << (size > 0 ? data[0] % 7 : 0);
    Parsed sequential = parse(data, size, 0);
    const Parsed pieces = parse(data, size, pieceBytes);

    check(sequential.pieces == 0, "a sequential parse reports pieces");
    compareStatuses(sequential, pieces);
    if (!sequential.status.ok())
        return 0;
    compareParts(sequential.part, pieces.part);
    // Pieces parsed where they lie must put back the bytes they bracketed: what is left is what one pass
    // leaves (the text, or the text with its array closed).
    check(sequential.textAfter == pieces.textAfter, "the text left in the buffer");

    // The head as FileReader::readHead gives it: from the first significant byte, a byte-order mark
    // skipped.
    std::string_view head(reinterpret_cast<const char*>(data), size);
    for (;;) {
        const std::size_t first = head.find_first_not_of(" \t\r\n");
        head.remove_prefix(std::min(first, head.size()));
        if (head.substr(0, 3) != "\xEF\xBB\xBF")
            break;
        head.remove_prefix(3);
    }
    Expected<const Importer*> importer = ImporterRegistry::detect(FileHead { "fuzz.json", std::string(head.substr(0, FileHead::kBytes)) });
    if (!importer)
        return 0; // text no importer claims (a parse that took it is the tokenizer's leniency)
    if ((*importer)->unit() != Importer::Unit::Rank)
        return 0; // a layer-wise profile: its own harnesses fuzz it
    RankPart part;
    part.path = "fuzz.json";
    const Status read = (*importer)->readRank(bufferOf(data, size), part, nullptr, {});
    check(read.code() == sequential.status.code(), "the importer's answer");
    if ((*importer)->format() != "kineto")
        check(part.format == (*importer)->format(), "the dialect's format");
    return 0;
}
