// Case families about the JSON text of one trace: truncation, byte flips, wrong JSON types, numeric
// extremes, B/E and flow pairing, nesting and long strings, encodings.

#include "basetraces.h"
#include "corpuscases.h"
#include "corpuswriter.h"
#include "seededrandom.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

namespace CorpusCases {

std::size_t offsetOf(std::string_view text, std::string_view needle, std::size_t from)
{
    const std::size_t at = text.find(needle, from);
    if (at == std::string_view::npos) {
        std::fprintf(stderr, "makecorpus: '%.*s' not found\n", static_cast<int>(needle.size()), needle.data());
        std::abort();
    }
    return at;
}

namespace {

using Object = TraceDocument::Object;
using E = Expectation;
const auto str = TraceDocument::str;

// One rank of a one-rank Kineto job: the base of the single-file cases.
TraceDocument kineto1()
{
    return BaseTraces::kinetoRank(0, 1);
}

// Where event `tag` lies in the text of doc: [first byte, last byte].
std::pair<std::int64_t, std::int64_t> eventSpan(const TraceDocument& doc, std::string_view tag)
{
    std::vector<std::size_t> starts;
    doc.text(&starts);
    const std::size_t i = doc.indexOf(tag);
    return { static_cast<std::int64_t>(starts[i]),
        static_cast<std::int64_t>(starts[i] + doc.events[i].text().size() - 1) };
}

// An error at a place inside event `tag`, or at the token just after it that shows the event is broken.
E errorInEvent(const TraceDocument& doc, std::string_view tag, std::vector<std::string> codes)
{
    const auto [from, to] = eventSpan(doc, tag);
    return E::error(std::move(codes)).withOffset(from, to + 16);
}

// Offset of the nth (from 0) occurrence of c outside JSON strings.
std::size_t structuralOffset(std::string_view text, char c, int nth, std::size_t from = 0)
{
    bool inString = false;
    for (std::size_t i = from; i < text.size(); ++i) {
        if (inString) {
            if (text[i] == '\\')
                ++i;
            else if (text[i] == '"')
                inString = false;
        } else if (text[i] == c && nth-- == 0) {
            return i;
        } else if (text[i] == '"') {
            inString = true;
        }
    }
    std::fprintf(stderr, "makecorpus: no structural '%c'\n", c);
    std::abort();
}

std::string sizeId(std::size_t n)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%06zu", n);
    return buf;
}

} // namespace

// ---------------------------------------------------------------------------------------------------------
// Truncation. An object document cut before its last byte is incomplete JSON: the load fails with
// truncated-json at the cut (never past it), naming the file, whatever rank or folder it came in. A bare
// event array may legally lack its closing bracket (streaming writers): cut after a complete event it loads
// with a warning that it was not closed; cut before any complete event there is nothing to read. A
// compressed file cut short fails in decompression.
void addTruncations(CorpusWriter& w)
{
    const std::string cat = "truncation";
    const std::string k = BaseTraces::kinetoRank(0, 2).text();
    std::set<std::size_t> cuts;
    for (int pct : { 1, 2, 5, 10, 17, 25, 33, 41, 50, 58, 66, 75, 83, 90, 95, 99 })
        cuts.insert(k.size() * static_cast<std::size_t>(pct) / 100);
    cuts.insert(1); // "{"
    cuts.insert(offsetOf(k, "\"ProfilerStep#1") + 6); // inside a string
    cuts.insert(offsetOf(k, "\"traceEvents\":") + 14); // after a key's colon
    cuts.insert(offsetOf(k, "\"dur\": ") + 9); // inside a number
    cuts.insert(offsetOf(k, "\"Input Dims\": [[64") + 18); // inside args
    cuts.insert(k.rfind("\n  ]")); // just before the events array closes
    cuts.insert(k.rfind('}')); // just before the document closes
    for (std::size_t cut : cuts) {
        w.addSingle(cat, "trunc-kineto-at-" + sizeId(cut), "Kineto rank cut after byte " + std::to_string(cut),
            "rank0.json", std::string_view(k).substr(0, cut),
            E::error({ "truncated-json" }).withOffset(0, static_cast<std::int64_t>(cut)));
    }
    w.addSingle(cat, "trunc-kineto-at-0", "Kineto rank cut to nothing", "rank0.json", "", E::error({ "empty-file" }));
    w.addSingle(cat, "trunc-kineto-whitespace", "only the whitespace of a trace", "rank0.json", "  \n\t\n",
        E::error({ "empty-file", "not-a-trace" }));

    // A cut rank among intact ones: the job fails, naming the cut file.
    const std::string k1 = BaseTraces::kinetoRank(1, 2).text();
    for (int pct : { 25, 50, 90 }) {
        const std::string id = "trunc-folder-rank0-" + std::to_string(pct) + "pct";
        const std::size_t cut = k.size() * static_cast<std::size_t>(pct) / 100;
        const std::string bad = w.write(id + "/rank0.json", std::string_view(k).substr(0, cut));
        w.write(id + "/rank1.json", k1);
        w.add({ id, cat, "rank 0 of a 2-rank folder cut at " + std::to_string(pct) + "%", { id }, {},
            E::error({ "truncated-json" }).withOffset(0, static_cast<std::int64_t>(cut)).naming(bad) });
    }

    const std::string p = BaseTraces::chromePlain().text();
    for (int pct : { 3, 10, 30, 50, 70, 90, 99 }) {
        const std::size_t cut = p.size() * static_cast<std::size_t>(pct) / 100;
        w.addSingle(cat, "trunc-chrome-at-" + sizeId(cut), "plain Chrome trace cut at " + std::to_string(pct) + "%",
            "trace.json", std::string_view(p).substr(0, cut),
            E::error({ "truncated-json" }).withOffset(0, static_cast<std::int64_t>(cut)));
    }

    for (bool closed : { true, false }) {
        const TraceDocument doc = BaseTraces::bareArray(closed);
        std::vector<std::size_t> starts;
        const std::string a = doc.text(&starts);
        // The first event is metadata: an op is there once the second one is complete.
        const std::size_t firstEnd = starts[1] + doc.events[1].text().size();
        std::set<std::size_t> arrayCuts = { 1, 3, starts[0] + 5, starts[1] - 2, firstEnd - 1, firstEnd, firstEnd + 1,
            starts[2] + 17, starts[5] + 40, starts.back() + 10, a.size() - (closed ? 3 : 1) };
        for (int pct : { 20, 45, 70 })
            arrayCuts.insert(a.size() * static_cast<std::size_t>(pct) / 100);
        for (std::size_t cut : arrayCuts) {
            const std::string id = std::string(closed ? "trunc-array-at-" : "trunc-openarray-at-") + sizeId(cut);
            const std::string_view text = std::string_view(a).substr(0, cut);
            if (cut >= firstEnd) {
                w.addSingle(cat, id, "bare event array cut after a complete event", "trace.json", text,
                    E::load().warns({ "truncated-json" }));
            } else {
                w.addSingle(cat, id, "bare event array cut before its first complete op event", "trace.json", text,
                    E::error({ "truncated-json", "no-events" }).withOffset(0, static_cast<std::int64_t>(cut)));
            }
        }
    }

    // Compressed files cut short: the decoder notices, naming the file.
    const std::string gz = CorpusWriter::gzip(k);
    for (std::size_t cut : { std::size_t(10), gz.size() / 2, gz.size() - 4 }) {
        w.addSingle(cat, "trunc-gzip-at-" + sizeId(cut), "gzip stream cut short", "rank0.json.gz",
            std::string_view(gz).substr(0, cut), E::error({ "decompression-failed" }));
    }
    const std::string zst = CorpusWriter::zstd(k);
    const std::string zstRel = w.write("trunc-zstd-whole/rank0.json.zst", zst);
    w.add({ "trunc-zstd-whole", cat, "control: the zstd-compressed rank whole", { zstRel }, {}, E::load() });
    for (std::size_t cut : { zst.size() / 2, zst.size() - 1 }) {
        w.addSingle(cat, "trunc-zstd-at-" + sizeId(cut), "zstd stream cut short", "rank0.json.zst",
            std::string_view(zst).substr(0, cut), E::error({ "decompression-failed" }));
    }
    // Whole compression, cut text: the offset is in the decoded text.
    const std::string id = "trunc-gzip-of-cut-text";
    const std::string rel = w.writeGzip(id + "/rank0.json.gz", std::string_view(k).substr(0, k.size() / 2));
    w.add({ id, cat, "a complete gzip stream of a cut trace", { rel }, {},
        E::error({ "truncated-json" }).withOffset(0, static_cast<std::int64_t>(k.size() / 2)) });
}

// ---------------------------------------------------------------------------------------------------------
// Byte flips, deletions and insertions at positions drawn from fixed seeds in three small valid traces.
// What a flipped byte means is unknowable in general, so the outcome may be an error or a load; but an
// error must name the file and stay a clean error, and no run may crash, hang or balloon.
void addByteFlips(CorpusWriter& w)
{
    const std::string cat = "byteflip";
    const std::map<std::string, std::string> bases = {
        { "kineto", kineto1().text() },
        { "chrome", BaseTraces::chromePlain().text() },
        { "openarray", BaseTraces::bareArray(false).text() },
    };
    const std::map<std::string, int> counts = { { "kineto", 24 }, { "chrome", 12 }, { "openarray", 12 } };
    for (const auto& [name, text] : bases) {
        for (int seed = 1; seed <= counts.at(name); ++seed) {
            SeededRandom rng(static_cast<std::uint64_t>(seed) * 7919 + name.size());
            std::string t = text;
            const int flips = 1 + seed % 3;
            for (int i = 0; i < flips; ++i)
                t[rng.below(t.size())] ^= static_cast<char>(1 + rng.below(255));
            char id[64];
            std::snprintf(id, sizeof id, "flip-%s-%02d", name.c_str(), seed);
            w.addSingle(cat, id, std::to_string(flips) + " byte(s) flipped, seed " + std::to_string(seed), "trace.json",
                t, E::any());
        }
        for (int seed = 1; seed <= 4; ++seed) {
            SeededRandom rng(static_cast<std::uint64_t>(seed) * 104729 + name.size());
            std::string del = text;
            del.erase(rng.below(del.size()), 1);
            w.addSingle(cat, "delete-" + name + "-" + std::to_string(seed),
                "one byte deleted, seed " + std::to_string(seed), "trace.json", del, E::any());
            std::string ins = text;
            ins.insert(rng.below(ins.size()), 1, static_cast<char>(rng.below(256)));
            w.addSingle(cat, "insert-" + name + "-" + std::to_string(seed),
                "one byte inserted, seed " + std::to_string(seed), "trace.json", ins, E::any());
        }
    }
    // Structural characters swapped for their neighbours in the grammar, inside the events. Where a swap
    // lands in a field the importer reads, it is malformed text it must report; where it turns an event
    // into something else (an array) or lands in a value the importer steps over, the event or value is
    // skipped with a warning: an error, or a load that says what it left out.
    const std::string k = kineto1().text();
    const std::size_t events = CorpusCases::offsetOf(k, "\"traceEvents\"");
    const std::pair<char, char> swaps[]
        = { { '{', '[' }, { '}', ']' }, { ':', ',' }, { ',', ':' }, { '"', '\'' }, { '[', '{' } };
    for (const auto& [from, to] : swaps) {
        for (int nth : { 3, 12 }) {
            std::string t = k;
            t[structuralOffset(t, from, nth, events)] = to;
            char id[64];
            std::snprintf(id, sizeof id, "swap-%02x-%02x-%d", static_cast<unsigned char>(from),
                static_cast<unsigned char>(to), nth);
            E expect = E::any().warns().withOffset();
            expect.codes = { "invalid-json", "truncated-json", "wrong-type" };
            w.addSingle(cat, id, std::string("structural '") + from + "' replaced by '" + to + "' in the events", "trace.json", t,
                expect);
        }
    }
    // The same swaps inside deviceProperties, which the importer reads for each device's memory: a
    // broken grammar there is invalid JSON at that place, as anywhere the importer reads; a device
    // turned into a list is no device, skipped with a warning.
    const std::size_t device = CorpusCases::offsetOf(k, "\"deviceProperties\"");
    const std::size_t deviceEnd = CorpusCases::offsetOf(k, "\"distributedInfo\"");
    for (const auto& [from, to] : { std::pair<char, char> { ':', ',' }, std::pair<char, char> { '{', '[' } }) {
        std::string t = k;
        // The first '{' after the key opens the device's object; the second ':' is in it.
        const std::size_t at = structuralOffset(t, from, from == '{' ? 0 : 1, device);
        t[at] = to;
        if (from == '{')
            t[structuralOffset(t, '}', 0, at)] = ']';
        char id[64];
        std::snprintf(id, sizeof id, "swap-devices-%02x-%02x", static_cast<unsigned char>(from), static_cast<unsigned char>(to));
        w.addSingle(cat, id, std::string("structural '") + from + "' replaced by '" + to + "' inside deviceProperties", "trace.json",
            t,
            from == ':' ? E::error({ "invalid-json" }).withOffset(static_cast<std::int64_t>(device), static_cast<std::int64_t>(deviceEnd))
                        : E::load().warns({ "wrong-type" }));
    }
    // Flipped bytes in a gzip stream: the header, the data, the CRC and size trailer.
    const std::string gz = CorpusWriter::gzip(k);
    const std::pair<const char*, std::size_t> places[]
        = { { "method", 2 }, { "data", gz.size() / 2 }, { "crc", gz.size() - 6 }, { "size", gz.size() - 2 } };
    for (const auto& [where, at] : places) {
        std::string t = gz;
        t[at] ^= 0x41;
        const bool checked = std::string_view(where) == "crc" || std::string_view(where) == "size"
            || std::string_view(where) == "method";
        w.addSingle(cat, std::string("flip-gzip-") + where, std::string("gzip byte flipped in its ") + where,
            "rank0.json.gz", t, checked ? E::error({ "decompression-failed" }) : E::any().warns());
    }
    std::string notZstd = CorpusWriter::zstd(k);
    notZstd[0] = 0x29;
    w.write("flip-zstd-magic/rank0.json.zst", notZstd);
    w.add({ "flip-zstd-magic", cat, "zstd magic broken: binary that is no trace", { "flip-zstd-magic/rank0.json.zst" },
        {}, E::error({ "not-a-trace", "invalid-json" }).withOffset(0, 0) });
}

// ---------------------------------------------------------------------------------------------------------
// Wrong JSON types: every field the parser reads, given each JSON type it does not expect (string,
// number, non-integral number where an integer is due, object, array, null, bool), one case per field and
// type, in a one-rank Kineto trace that otherwise loads cleanly. The value is dropped, or the event
// skipped, and the load says so (wrong-type): a trace with one bad field is still worth reading, and the
// warning keeps the user from trusting what it lost. Types that writers legitimately use (string pids and
// tids, numeric names, quoted numeric timestamps, null args, string flow ids) load without a required
// warning; so do fields the parser never reads (schemaVersion, deviceProperties). A traceEvents that is not
// an array leaves nothing to read: wrong-type at its value.
namespace {

struct JsonType {
    const char* name;
    const char* value;
};

const JsonType kTypes[] = {
    { "string", "\"oops\"" },
    { "number", "42" },
    { "float", "1.5" },
    { "object", "{\"a\": 1}" },
    { "array", "[1, 2]" },
    { "null", "null" },
    { "bool", "true" },
};

enum class Place { Event, Args, Head, Tail, Events, Info, Group, GroupRank };

struct FieldSpec {
    const char* category;
    Place place;
    const char* field;
    std::vector<std::string> tags; // the events that get the value (Event, Args)
    const char* native; // "string", "number" (any number), "integer", "object", "array"
    std::set<std::string> legit; // other types writers use, or that the parser ignores
    const char* idPrefix = ""; // sets apart fields whose names differ only in case ("bytes", "Bytes")
};

bool isNative(const FieldSpec& f, const std::string& type)
{
    if (type == f.native)
        return true;
    // Any number is native to a number field, a whole number to an integer field; a float is a
    // distinct wrong type only for integers.
    const std::string_view native = f.native;
    return (native == "number" && (type == "number" || type == "float")) || (native == "integer" && type == "number");
}

// Puts raw where the spec's field lives in a one-rank Kineto document.
TraceDocument withValue(const FieldSpec& f, const std::string& raw)
{
    TraceDocument doc = kineto1();
    Object group = BaseTraces::processGroup(1);
    std::string pgConfig;
    switch (f.place) {
    case Place::Event:
        for (const std::string& tag : f.tags) {
            if (std::string_view(f.field) == "args")
                doc.event(tag).rawArgs = raw;
            else
                doc.event(tag).fields.set(f.field, raw);
        }
        return doc;
    case Place::Args:
        for (const std::string& tag : f.tags)
            doc.event(tag).args->set(f.field, raw);
        return doc;
    case Place::Head:
        doc.head.set(f.field, raw);
        return doc;
    case Place::Tail:
        doc.tail.set(f.field, raw);
        return doc;
    case Place::Events:
        doc.rawEvents = raw;
        return doc;
    case Place::Info:
        pgConfig = "[" + group.text() + "]";
        break;
    case Place::Group:
        pgConfig = std::string_view(f.field) == "pg_config" ? raw : "[" + raw + "]";
        break;
    case Place::GroupRank:
        group.set(f.field, raw);
        pgConfig = "[" + group.text() + "]";
        break;
    }
    Object info = BaseTraces::distributedInfo(0, 1, pgConfig);
    if (f.place == Place::Info)
        info.set(f.field, raw);
    doc.head.set("distributedInfo", info.text());
    return doc;
}

} // namespace

void addWrongTypes(CorpusWriter& w)
{
    const char* ev = "types-event";
    const char* ar = "types-args";
    const char* top = "types-top";
    const std::vector<FieldSpec> specs = {
        { ev, Place::Event, "ph", { "kernel1" }, "string", {} },
        { ev, Place::Event, "ts", { "kernel1" }, "number", {} },
        { ev, Place::Event, "dur", { "kernel1" }, "number", {} },
        { ev, Place::Event, "pid", { "kernel1" }, "integer", { "string", "float" } },
        { ev, Place::Event, "tid", { "bwd1" }, "integer", { "string", "float" } },
        { ev, Place::Event, "name", { "kernel1" }, "string", { "number", "float" } },
        { ev, Place::Event, "cat", { "kernel1" }, "string", {} },
        { ev, Place::Event, "args", { "kernel1" }, "object", { "null" } },
        { ev, Place::Event, "id", { "ac2g-s1", "ac2g-f1" }, "integer", { "string", "float" } },
        { ev, Place::Event, "bp", { "ac2g-f1" }, "string", {} },
        { ar, Place::Args, "correlation", { "launch1" }, "integer", {} },
        { ar, Place::Args, "bytes", { "memcpy1" }, "integer", {} },
        { ar, Place::Args, "Collective name", { "comms1", "nccl1" }, "string", {} },
        { ar, Place::Args, "In msg nelems", { "comms1", "nccl1" }, "integer", {} },
        { ar, Place::Args, "Out msg nelems", { "comms1", "nccl1" }, "integer", {} },
        { ar, Place::Args, "Group size", { "comms1", "nccl1" }, "integer", {} },
        { ar, Place::Args, "dtype", { "comms1", "nccl1" }, "string", {} },
        { ar, Place::Args, "Process Group Name", { "comms1", "nccl1" }, "string", {} },
        { ar, Place::Args, "Process Group Ranks", { "comms1", "nccl1" }, "string", { "array" } },
        { ar, Place::Args, "Input Dims", { "linear1" }, "array", {} },
        { ar, Place::Args, "Input type", { "linear1" }, "array", {} },
        { ar, Place::Args, "Sequence number", { "linear1", "bwd1" }, "integer", {} },
        { ar, Place::Args, "Fwd thread id", { "linear1", "bwd1" }, "integer", {} },
        { ar, Place::Args, "wait_on_stream", { "sync1" }, "integer", {} },
        { ar, Place::Args, "wait_on_cuda_event_record_corr_id", { "sync1" }, "integer", {} },
        { ar, Place::Args, "sort_index", { "meta-sort" }, "integer", {} },
        { ar, Place::Args, "Bytes", { "instant1" }, "integer", {}, "memory-" },
        { ar, Place::Args, "Total Allocated", { "instant1" }, "integer", {}, "memory-" },
        { ar, Place::Args, "Total Reserved", { "instant1" }, "integer", {}, "memory-" },
        { ar, Place::Args, "Device Id", { "instant1" }, "integer", {}, "memory-" },
        { ar, Place::Args, "Device Type", { "instant1" }, "integer", {}, "memory-" },
        { ar, Place::Args, "Addr", { "instant1" }, "integer", {}, "memory-" },
        { ar, Place::Args, "labels", { "meta-labels" }, "string", {} },
        { ar, Place::Args, "name", { "meta-main" }, "string", {} },
        { top, Place::Events, "traceEvents", {}, "array", {} },
        { top, Place::Head, "distributedInfo", {}, "object", {} },
        { top, Place::Info, "rank", {}, "integer", {} },
        { top, Place::Info, "world_size", {}, "integer", {} },
        { top, Place::Group, "pg_config", {}, "array", {} },
        { top, Place::Group, "pg_config entry", {}, "object", {} },
        { top, Place::GroupRank, "pg_name", {}, "string", {} },
        { top, Place::GroupRank, "pg_desc", {}, "string", {} },
        { top, Place::GroupRank, "backend_config", {}, "string", {} },
        { top, Place::GroupRank, "ranks", {}, "array", {} },
        { top, Place::Tail, "baseTimeNanoseconds", {}, "integer", {} },
        { top, Place::Head, "deviceProperties", {}, "array", {} },
        { top, Place::Head, "schemaVersion", {}, "integer",
            { "string", "number", "float", "object", "array", "null", "bool" } },
    };
    auto slug = [](std::string s) {
        for (char& c : s)
            c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : (c == ' ' || c == '_') ? '-' : c;
        return s;
    };
    for (const FieldSpec& f : specs) {
        for (const JsonType& t : kTypes) {
            if (isNative(f, t.name))
                continue;
            if (std::string_view(t.name) == "float" && std::string_view(f.native) != "integer")
                continue;
            const std::string id = std::string(f.category) + "-" + f.idPrefix + slug(f.field) + "-" + t.name;
            const std::string why = std::string("\"") + f.field + "\" given a " + t.name + " (" + t.value + ")";
            const TraceDocument doc = withValue(f, t.value);
            const std::string text = doc.text();
            E expect = E::load().warns({ "wrong-type", "missing-field" });
            if (f.place == Place::Events) {
                const auto at = static_cast<std::int64_t>(offsetOf(text, "\"traceEvents\": ") + 15);
                expect = E::error({ "wrong-type" }).withOffset(at, at);
            } else if (f.legit.count(t.name)) {
                expect = E::load();
            }
            w.addSingle(f.category, id, why, "rank0.json", text, expect);
        }
    }
    // Values of the right JSON type that a field cannot hold.
    auto one = [&](const char* category, const std::string& id, const std::string& why,
                   const std::function<void(TraceDocument&)>& edit, E expect) {
        TraceDocument doc = kineto1();
        edit(doc);
        w.addSingle(category, id, why, "rank0.json", doc.text(), expect);
    };
    const E warned = E::load().warns({ "wrong-type", "missing-field" });
    one(
        ev, "types-event-ph-two-letters", "\"ph\" of two letters",
        [](TraceDocument& d) { d.event("kernel1").fields.set("ph", str("XX")); }, warned);
    one(
        ev, "types-event-ph-empty", "\"ph\" empty",
        [](TraceDocument& d) { d.event("kernel1").fields.set("ph", str("")); }, warned);
    one(
        ev, "types-event-ts-numeric-string", "\"ts\" quoted, as some writers do",
        [](TraceDocument& d) { d.event("kernel1").fields.set("ts", str("1200.000")); }, E::load().isClean());
    one(
        ev, "types-event-dur-numeric-string", "\"dur\" quoted, as some writers do",
        [](TraceDocument& d) { d.event("kernel1").fields.set("dur", str("500.000")); }, E::load().isClean());
    one(
        ev, "types-event-ts-blank-string", "\"ts\" an empty string",
        [](TraceDocument& d) { d.event("kernel1").fields.set("ts", str("")); }, warned);
    one(
        ar, "types-args-process-group-ranks-text", "\"Process Group Ranks\" a string that is no list",
        [](TraceDocument& d) {
            d.event("comms1").args->set("Process Group Ranks", str("oops"));
            d.event("nccl1").args->set("Process Group Ranks", str("oops"));
        },
        warned);
    one(
        ar, "types-args-correlation-numeric-string", "\"correlation\" quoted",
        [](TraceDocument& d) { d.event("launch1").args->set("correlation", str("11")); }, E::load());
    one(
        top, "types-top-pg-ranks-element-numeric-string", "a pg_config rank given as a quoted number",
        [](TraceDocument& d) {
            Object g = BaseTraces::processGroup(1);
            g.set("ranks", "[\"0\"]");
            d.head.set("distributedInfo", BaseTraces::distributedInfo(0, 1, "[" + g.text() + "]").text());
        },
        warned);
    // deviceProperties entries the estimate cannot use: each is skipped with a warning, the rest loads.
    one(
        top, "types-top-device-properties-entries", "deviceProperties entries of the wrong types",
        [](TraceDocument& d) {
            d.head.set("deviceProperties",
                "[7, \"GPU\", {\"id\": \"0\", \"totalGlobalMem\": 1}, {\"id\": 0, \"totalGlobalMem\": \"80GB\"},"
                " {\"id\": 1.5}, {\"id\": -1}, {\"id\": 2, \"totalGlobalMem\": -85899345920}, {\"name\": \"no id\"}]");
        },
        warned);
    // A free (negative "Bytes") is what an allocator event records; the same on another event is out of
    // range.
    one(
        ar, "types-args-bytes-negative-on-allocator-event", "an allocator event recording a free",
        [](TraceDocument& d) { d.event("instant1").args->set("Bytes", "-4096"); }, E::load().isClean());
    one(
        ar, "types-args-bytes-negative-on-op", "\"Bytes\" negative on an op that is no allocator event",
        [](TraceDocument& d) { d.event("linear1").args->set("Bytes", "-4096"); },
        E::load().warns({ "value-out-of-range" }));
    for (const JsonType& t : kTypes) {
        if (std::string_view(t.name) == "number")
            continue;
        one(
            top, std::string("types-top-pg-ranks-element-") + t.name,
            std::string("a pg_config rank given as a ") + t.name,
            [&t](TraceDocument& d) {
                Object g = BaseTraces::processGroup(1);
                g.set("ranks", std::string("[") + t.value + "]");
                d.head.set("distributedInfo", BaseTraces::distributedInfo(0, 1, "[" + g.text() + "]").text());
            },
            warned);
    }
}

// ---------------------------------------------------------------------------------------------------------
// Numeric extremes. JSON has no NaN or Infinity and no leading '+', '.', or zeros: such text is invalid
// JSON, an error at that value. A well-formed number that no int64 of nanoseconds holds (1e400, 30 digits,
// the int64 limits in microseconds, anything beyond +-2^62 ns once scaled) cannot be placed on a
// timeline: that event is skipped with a value-out-of-range warning and the rest loads. Times near the
// limit but within it load, and the replay's figures stay non-negative (they overflowed once). Counts
// and sizes beyond what they can mean (nelems, group sizes, shapes, ranks) are dropped with a warning
// rather than multiplied into nonsense; ids are only compared, so any number is a fine id. -0 is 0.
void addNumericExtremes(CorpusWriter& w)
{
    const std::string cat = "numeric";
    const std::string thirty = "123456789012345678901234567890";
    const E outOfRange = E::load().warns({ "value-out-of-range" });
    // A number a count or size cannot hold may be reported as out of range or as not an integer.
    const E badNumber = E::load().warns({ "value-out-of-range", "wrong-type" });
    auto add = [&](const std::string& id, const std::string& why, const std::function<void(TraceDocument&)>& edit,
                   const std::function<E(const TraceDocument&)>& expect) {
        TraceDocument doc = kineto1();
        edit(doc);
        w.addSingle(cat, id, why, "rank0.json", doc.text(), expect(doc));
    };
    auto fixed = [](E e) { return [e](const TraceDocument&) { return e; }; };
    auto invalidIn = [](std::string tag) {
        return [tag](const TraceDocument& d) { return errorInEvent(d, tag, { "invalid-json" }); };
    };

    struct Value {
        const char* slug;
        std::string text;
    };
    const std::vector<Value> invalid = { { "nan", "NaN" }, { "minus-nan", "-NaN" }, { "infinity", "Infinity" },
        { "minus-infinity", "-Infinity" }, { "nan-lower", "nan" }, { "inf-lower", "inf" }, { "leading-zero", "01" },
        { "plus", "+1" }, { "bare-fraction", ".5" }, { "trailing-point", "1." }, { "bare-exponent", "1e" },
        { "minus", "-" }, { "hex", "0x10" }, { "underscore", "1_000" }, { "exponent-sign", "1e+" } };
    for (const Value& v : invalid) {
        add(
            "numeric-ts-" + std::string(v.slug), "\"ts\": " + v.text + " (not JSON)",
            [&v](TraceDocument& d) { d.event("kernel1").fields.set("ts", v.text); }, invalidIn("kernel1"));
    }
    for (const Value& v :
        { Value { "nan", "NaN" }, Value { "infinity", "Infinity" }, Value { "minus-infinity", "-Infinity" } }) {
        add(
            "numeric-dur-" + std::string(v.slug), "\"dur\": " + v.text + " (not JSON)",
            [&v](TraceDocument& d) { d.event("kernel1").fields.set("dur", v.text); }, invalidIn("kernel1"));
        add(
            "numeric-counter-" + std::string(v.slug), "counter value " + v.text + " (not JSON)",
            [&v](TraceDocument& d) { d.event("counter1").args->set("value", v.text); }, invalidIn("counter1"));
    }
    add(
        "numeric-base-time-nan", "baseTimeNanoseconds: NaN (not JSON)",
        [](TraceDocument& d) { d.tail.set("baseTimeNanoseconds", "NaN"); },
        [](const TraceDocument& d) {
            const std::string t = d.text();
            const auto at = static_cast<std::int64_t>(offsetOf(t, "\"baseTimeNanoseconds\": NaN") + 23);
            return E::error({ "invalid-json" }).withOffset(at, at);
        });

    const std::vector<Value> unrepresentable = { { "1e400", "1e400" }, { "minus-1e400", "-1e400" },
        { "30-digits", thirty }, { "int64-max", "9223372036854775807" }, { "int64-max-plus-1", "9223372036854775808" },
        { "int64-min", "-9223372036854775808" }, { "int64-min-minus-1", "-9223372036854775809" },
        { "uint64-max-plus-1", "18446744073709551616" }, { "int64-max-ns", "9223372036854775.807" },
        { "2pow62-plus-1ns", "4611686018427387.905" }, { "minus-2pow62-minus-1ns", "-4611686018427387.905" },
        { "10000-digits", "1" + std::string(10000, '0') }, { "1mb-digits", "9" + std::string(1 << 20, '9') } };
    for (const Value& v : unrepresentable) {
        add(
            "numeric-ts-" + std::string(v.slug), "\"ts\" of " + std::string(v.slug),
            [&v](TraceDocument& d) { d.event("kernel1").fields.set("ts", v.text); }, fixed(outOfRange));
    }
    for (const Value& v :
        { unrepresentable[0], unrepresentable[1], unrepresentable[2], unrepresentable[3], unrepresentable[9] }) {
        add(
            "numeric-dur-" + std::string(v.slug), "\"dur\" of " + std::string(v.slug),
            [&v](TraceDocument& d) { d.event("kernel1").fields.set("dur", v.text); },
            fixed(v.text[0] == '-' ? E::load().warns({ "value-out-of-range", "negative-duration" }) : outOfRange));
    }
    add(
        "numeric-dur-negative", "\"dur\": -1", [](TraceDocument& d) { d.event("kernel1").fields.set("dur", "-1"); },
        fixed(E::load().warns({ "negative-duration" })));
    add(
        "numeric-end-past-2pow62", "an event starting below 2^62 ns and ending past it",
        [](TraceDocument& d) {
            d.tail.remove("baseTimeNanoseconds");
            d.event("kernel1").fields.set("ts", "4611686018427000.000").set("dur", "1000.000");
        },
        fixed(outOfRange));
    add(
        "numeric-end-past-int64", "ts and dur each below int64 but their sum beyond it",
        [](TraceDocument& d) {
            d.tail.remove("baseTimeNanoseconds");
            d.event("kernel1").fields.set("ts", "4000000000000000.000").set("dur", "6000000000000000.000");
        },
        fixed(outOfRange));

    // Allocator events: sizes and totals of a petabyte or more, int64 extremes, device numbers beyond
    // int16 and device types beyond a byte cannot be a device's memory. The argument (for the size, the
    // event's record) is left out with a warning; the event's op stays, and a replay sums no overflow.
    for (const auto& [field, v] : std::vector<std::pair<std::string, Value>> { { "Bytes", { "2pow50", "1125899906842624" } },
             { "Bytes", { "minus-2pow50", "-1125899906842624" } }, { "Bytes", unrepresentable[3] }, { "Bytes", unrepresentable[5] },
             { "Bytes", unrepresentable[0] }, { "Bytes", unrepresentable[2] }, { "Total Allocated", { "2pow62", "4611686018427387904" } },
             { "Total Allocated", { "minus-1", "-1" } }, { "Total Reserved", unrepresentable[3] }, { "Device Id", { "70000", "70000" } },
             { "Device Id", { "minus-2", "-2" } }, { "Device Type", { "256", "256" } }, { "Addr", unrepresentable[6] } }) {
        std::string slug = field;
        for (char& c : slug)
            c = c == ' ' ? '-' : static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        add(
            "numeric-memory-" + slug + "-" + v.slug, "allocator event \"" + field + "\" of " + v.slug,
            [field = field, v = v](TraceDocument& d) { d.event("instant1").args->set(field, v.text); }, fixed(badNumber));
    }
    add(
        "numeric-memory-frees-beyond-allocations", "allocator events freeing far more than was allocated, at the limit each",
        [](TraceDocument& d) {
            d.event("instant1").args->set("Bytes", "-1125899906842623").set("Total Allocated", "1125899906842623");
            d.event("instant2").args->set("Bytes", "-1125899906842623");
        },
        fixed(E::load()));
    add(
        "numeric-device-memory-beyond-limit", "deviceProperties totalGlobalMem of 2^62",
        [](TraceDocument& d) { d.head.set("deviceProperties", "[{\"id\": 0, \"totalGlobalMem\": 4611686018427387904}]"); },
        fixed(E::load().warns({ "wrong-type", "value-out-of-range" })));

    const std::vector<Value> representable = { { "1e-400", "1e-400" }, { "exponent", "1.2e3" },
        { "exponent-plus", "1e+2" }, { "negative-exponent", "12345678e-4" },
        { "long-fraction", "1200." + std::string(5000, '3') }, { "tiny", "0." + std::string(10000, '0') + "1" } };
    for (const Value& v : representable) {
        add(
            "numeric-ts-" + std::string(v.slug), "\"ts\" of " + std::string(v.slug) + " (representable)",
            [&v](TraceDocument& d) { d.event("kernel1").fields.set("ts", v.text); }, fixed(E::load()));
    }
    // Negative zero is zero: a zero-length wait and a counter at the base time, nothing to warn about.
    for (const Value& v : { Value { "minus-0", "-0" }, Value { "minus-0.0", "-0.0" }, Value { "0e0", "0e0" },
             Value { "minus-0e-0", "-0e-0" }, Value { "0.0e+0", "0.0e+0" } }) {
        add(
            "numeric-dur-" + std::string(v.slug), "\"dur\": " + v.text + " on a zero-length event",
            [&v](TraceDocument& d) { d.event("sync1").fields.set("dur", v.text); }, fixed(E::load().isClean()));
    }
    add(
        "numeric-ts-minus-0-counter", "a counter at \"ts\": -0",
        [](TraceDocument& d) { d.event("counter1").fields.set("ts", "-0"); }, fixed(E::load().isClean()));
    add(
        "numeric-base-time-minus-0", "baseTimeNanoseconds: -0",
        [](TraceDocument& d) { d.tail.set("baseTimeNanoseconds", "-0"); }, fixed(E::load().isClean()));

    // Near the limits but inside them: the whole trace 4.6e18 ns from zero on either side, and a base
    // time that carries relative times there.
    for (long long shift : { 4600000000000000000LL, -4600000000000000000LL }) {
        TraceDocument doc = BaseTraces::kinetoRank(0, 1, 2, shift);
        doc.tail.remove("baseTimeNanoseconds");
        w.addSingle(cat, shift > 0 ? "numeric-trace-near-plus-2pow62" : "numeric-trace-near-minus-2pow62",
            "every time 4.6e18 ns from zero (inside +-2^62 ns)", "rank0.json", doc.text(), E::load());
    }
    add(
        "numeric-base-time-near-2pow62", "baseTimeNanoseconds 4.6e18 with small relative times",
        [](TraceDocument& d) { d.tail.set("baseTimeNanoseconds", "4600000000000000000"); }, fixed(E::load()));
    add(
        "numeric-one-event-near-2pow62", "one kernel just below 2^62 ns, the rest near zero",
        [](TraceDocument& d) {
            d.tail.remove("baseTimeNanoseconds");
            d.event("kernel1").fields.set("ts", "4611686018427380.000").set("dur", "1.000");
        },
        fixed(E::load()));
    add(
        "numeric-one-event-near-minus-2pow62", "one kernel just above -2^62 ns",
        [](TraceDocument& d) {
            d.tail.remove("baseTimeNanoseconds");
            d.event("kernel1").fields.set("ts", "-4611686018427380.000");
        },
        fixed(E::load()));
    for (const Value& v : { Value { "30-digits", thirty }, Value { "int64-max", "9223372036854775807" },
             Value { "int64-min", "-9223372036854775808" }, Value { "1e400", "1e400" },
             Value { "2pow62", "4611686018427387904" } }) {
        add(
            "numeric-base-time-" + std::string(v.slug), "baseTimeNanoseconds of " + std::string(v.slug),
            [&v](TraceDocument& d) { d.tail.set("baseTimeNanoseconds", v.text); },
            fixed(E::load().warns({ "value-out-of-range", "wrong-type" })));
    }
    add(
        "numeric-base-time-fraction", "baseTimeNanoseconds 1.5",
        [](TraceDocument& d) { d.tail.set("baseTimeNanoseconds", "1.5"); },
        fixed(E::load().warns({ "wrong-type", "value-out-of-range" })));

    // Ids: only compared, any number will do.
    for (const Value& v : { Value { "30-digits", thirty }, Value { "int64-min", "-9223372036854775808" },
             Value { "1e400", "1e400" }, Value { "minus-0", "-0" } }) {
        add(
            "numeric-pid-" + std::string(v.slug), "a kernel's pid of " + std::string(v.slug),
            [&v](TraceDocument& d) { d.event("kernel1").fields.set("pid", v.text); }, fixed(E::load()));
        add(
            "numeric-tid-" + std::string(v.slug), "the autograd op's tid of " + std::string(v.slug),
            [&v](TraceDocument& d) { d.event("bwd1").fields.set("tid", v.text); }, fixed(E::load()));
    }
    for (const Value& v :
        { Value { "int64-max", "9223372036854775807" }, Value { "30-digits", thirty }, Value { "minus-1", "-1" } }) {
        add(
            "numeric-flow-id-" + std::string(v.slug), "an ac2g flow id of " + std::string(v.slug),
            [&v](TraceDocument& d) {
                d.event("ac2g-s1").fields.set("id", v.text);
                d.event("ac2g-f1").fields.set("id", v.text);
            },
            fixed(E::load()));
    }
    // Flow and correlation times and ids at the int64 limits.
    add(
        "numeric-flow-ts-int64-max", "an ac2g flow start at ts INT64_MAX",
        [](TraceDocument& d) { d.event("ac2g-s1").fields.set("ts", "9223372036854775807"); }, fixed(outOfRange));
    add(
        "numeric-flow-ts-int64-max-ns", "a fwdbwd flow end at INT64_MAX ns",
        [](TraceDocument& d) { d.event("fwdbwd-f1").fields.set("ts", "9223372036854775.807"); }, fixed(outOfRange));
    add(
        "numeric-correlation-int64-max", "launch and kernel correlated by INT64_MAX",
        [](TraceDocument& d) {
            d.event("launch1").args->set("correlation", "9223372036854775807");
            d.event("kernel1").args->set("correlation", "9223372036854775807");
        },
        fixed(E::load()));
    add(
        "numeric-correlation-30-digits", "launch and kernel correlated by a 30-digit number",
        [&](TraceDocument& d) {
            d.event("launch1").args->set("correlation", thirty);
            d.event("kernel1").args->set("correlation", thirty);
        },
        fixed(badNumber));

    // Collective sizes: a count that overflows once multiplied by the element size.
    for (const Value& v : { Value { "int64-max", "9223372036854775807" }, Value { "30-digits", thirty },
             Value { "minus-1", "-1" }, Value { "1e400", "1e400" }, Value { "2pow62", "4611686018427387904" } }) {
        add(
            "numeric-in-nelems-" + std::string(v.slug), "\"In msg nelems\" of " + std::string(v.slug),
            [&v](TraceDocument& d) {
                d.event("comms1").args->set("In msg nelems", v.text);
                d.event("nccl1").args->set("In msg nelems", v.text);
            },
            fixed(badNumber));
    }
    add(
        "numeric-out-nelems-int64-max", "\"Out msg nelems\" of INT64_MAX",
        [](TraceDocument& d) {
            d.event("comms1").args->set("Out msg nelems", "9223372036854775807");
            d.event("nccl1").args->set("Out msg nelems", "9223372036854775807");
        },
        fixed(badNumber));
    for (const Value& v : { Value { "int64-max", "9223372036854775807" }, Value { "zero", "0" },
             Value { "minus-1", "-1" }, Value { "30-digits", thirty } }) {
        add(
            "numeric-group-size-" + std::string(v.slug), "\"Group size\" of " + std::string(v.slug),
            [&v](TraceDocument& d) {
                d.event("comms1").args->set("Group size", v.text);
                d.event("nccl1").args->set("Group size", v.text);
            },
            fixed(badNumber));
    }
    add(
        "numeric-bytes-int64-max", "a copy of INT64_MAX bytes",
        [](TraceDocument& d) { d.event("memcpy1").args->set("bytes", "9223372036854775807"); }, fixed(E::load()));
    add(
        "numeric-bytes-minus-1", "a copy of -1 bytes",
        [](TraceDocument& d) { d.event("memcpy1").args->set("bytes", "-1"); }, fixed(badNumber));
    add(
        "numeric-bytes-30-digits", "a copy of 30-digit bytes",
        [&](TraceDocument& d) { d.event("memcpy1").args->set("bytes", thirty); }, fixed(badNumber));
    add(
        "numeric-input-dims-30-digits", "\"Input Dims\" with a 30-digit dimension",
        [&](TraceDocument& d) { d.event("linear1").args->set("Input Dims", "[[" + thirty + ", 2]]"); },
        fixed(badNumber));
    add(
        "numeric-input-dims-product-overflow", "\"Input Dims\" whose product overflows",
        [](TraceDocument& d) {
            d.event("linear1").args->set("Input Dims", "[[9223372036854775807, 9223372036854775807]]");
        },
        fixed(badNumber));
    add(
        "numeric-comm-bytes-from-30-digit-dims", "a collective sized from a 30-digit input shape",
        [&](TraceDocument& d) {
            for (const char* tag : { "comms1", "nccl1" }) {
                d.event(tag).args->remove("In msg nelems");
                d.event(tag).args->remove("Out msg nelems");
                d.event(tag).args->set("Input Dims", "[[" + thirty + "]]").set("Input type", "[\"float\"]");
            }
        },
        fixed(badNumber));
    for (const Value& v :
        { Value { "30-digits", "[0, " + thirty + "]" }, Value { "int32-max-plus-1", "[0, 2147483648]" },
            Value { "negative", "[-1, 0]" }, Value { "int64-max", "[0, 9223372036854775807]" } }) {
        add(
            "numeric-group-ranks-" + std::string(v.slug), "\"Process Group Ranks\" " + v.text,
            [&v](TraceDocument& d) {
                d.event("comms1").args->set("Process Group Ranks", str(v.text));
                d.event("nccl1").args->set("Process Group Ranks", str(v.text));
            },
            fixed(badNumber));
    }
    std::string many = "[";
    for (int r = 0; r < 100000; ++r)
        many += (r ? ", " : "") + std::to_string(r);
    many += "]";
    add(
        "numeric-group-ranks-100k", "\"Process Group Ranks\" listing 100 000 ranks",
        [&](TraceDocument& d) {
            d.event("comms1").args->set("Process Group Ranks", str(many));
            d.event("nccl1").args->set("Process Group Ranks", str(many));
        },
        fixed(E::load()));

    // distributedInfo numbers.
    auto info = [](const std::string& rank, const std::string& worldSize) {
        return [rank, worldSize](TraceDocument& d) {
            Object i = BaseTraces::distributedInfo(0, 1, "[" + BaseTraces::processGroup(1).text() + "]");
            i.set("rank", rank).set("world_size", worldSize);
            d.head.set("distributedInfo", i.text());
        };
    };
    for (const Value& v : { Value { "30-digits", thirty }, Value { "int64-max", "9223372036854775807" },
             Value { "int32-max-plus-1", "2147483648" }, Value { "minus-1", "-1" } }) {
        add("numeric-rank-" + std::string(v.slug), "distributedInfo.rank of " + std::string(v.slug), info(v.text, "1"),
            fixed(E::load().warns({ "value-out-of-range", "wrong-type" })));
    }
    for (const Value& v : { Value { "30-digits", thirty }, Value { "zero", "0" }, Value { "minus-1", "-1" } }) {
        add("numeric-world-size-" + std::string(v.slug), "distributedInfo.world_size of " + std::string(v.slug),
            info("0", v.text), fixed(E::load().warns({ "value-out-of-range", "wrong-type" })));
    }
    add("numeric-world-size-int32-max", "distributedInfo.world_size of 2147483647", info("0", "2147483647"),
        fixed(E::load()));
    add("numeric-rank-minus-0", "distributedInfo.rank of -0", info("-0", "1"), fixed(E::load().isClean()));
    add(
        "numeric-pg-rank-30-digits", "a pg_config rank of 30 digits",
        [&](TraceDocument& d) {
            Object g = BaseTraces::processGroup(1);
            g.set("ranks", "[0, " + thirty + "]");
            d.head.set("distributedInfo", BaseTraces::distributedInfo(0, 1, "[" + g.text() + "]").text());
        },
        fixed(E::load().warns({ "value-out-of-range", "wrong-type" })));
    add(
        "numeric-sort-index-int64-max", "thread_sort_index of INT64_MAX",
        [](TraceDocument& d) { d.event("meta-sort").args->set("sort_index", "9223372036854775807"); },
        fixed(E::load()));
    add(
        "numeric-sort-index-30-digits", "thread_sort_index of 30 digits",
        [&](TraceDocument& d) { d.event("meta-sort").args->set("sort_index", thirty); }, fixed(E::load()));
    add(
        "numeric-counter-1e400", "a counter value of 1e400",
        [](TraceDocument& d) { d.event("counter1").args->set("value", "1e400"); }, fixed(badNumber));
    add(
        "numeric-counter-minus-1e400", "a counter value of -1e400",
        [](TraceDocument& d) { d.event("counter1").args->set("value", "-1e400"); }, fixed(badNumber));
    add(
        "numeric-counter-30-digits", "a counter value of 30 digits (a double holds it)",
        [&](TraceDocument& d) { d.event("counter1").args->set("value", thirty); }, fixed(E::load().isClean()));
    add(
        "numeric-unread-arg-1e400", "an argument the parser never reads, 1e400",
        [](TraceDocument& d) { d.event("kernel1").args->set("registers per thread", "1e400"); },
        fixed(E::load().isClean()));
}

// ---------------------------------------------------------------------------------------------------------
// B/E and flow pairing. An end without its begin, a begin never ended, or an end before its begin is a
// local defect: the load goes on and says what it skipped or closed (unmatched-event, negative-duration).
// Flows that close a cycle (fwdbwd both ways, an ac2g flow from a kernel back to its own launch) cannot
// all hold: the offending links are dropped with a warning, and the replay then succeeds instead of
// failing on a dependency cycle.
void addPairing(CorpusWriter& w)
{
    const std::string cat = "pairing";
    const E unmatched = E::load().warns({ "unmatched-event" });
    auto add = [&](const std::string& id, const std::string& why, const std::function<void(TraceDocument&)>& edit,
                   E load, std::optional<E> replay = std::nullopt) {
        TraceDocument doc = kineto1();
        edit(doc);
        w.addSingle(cat, id, why, "rank0.json", doc.text(), load, replay);
    };
    auto erase = [](TraceDocument& d, const std::string& tag) {
        d.events.erase(d.events.begin() + static_cast<std::ptrdiff_t>(d.indexOf(tag)));
    };
    auto flowEvent = [](char ph, const char* cat, long long id, long long pid, long long tid, const std::string& ts) {
        Object o;
        o.set("ph", str(std::string(1, ph)))
            .set("id", std::to_string(id))
            .set("pid", std::to_string(pid))
            .set("tid", std::to_string(tid));
        o.set("ts", ts).set("cat", str(cat)).set("name", str(cat));
        if (ph == 'f')
            o.set("bp", str("e"));
        return o;
    };
    auto tsOf = [](const TraceDocument& d, const char* tag) {
        for (const auto& [k, v] : d.event(tag).fields.fields) {
            if (k == "ts")
                return v;
        }
        std::abort();
    };

    add(
        "pairing-e-without-b", "an E whose B is missing", [&](TraceDocument& d) { erase(d, "loaderB1"); }, unmatched);
    add(
        "pairing-b-without-e", "a B never ended", [&](TraceDocument& d) { erase(d, "loaderE1"); }, unmatched);
    add(
        "pairing-no-e-at-all", "every B never ended",
        [&](TraceDocument& d) {
            erase(d, "loaderE1");
            erase(d, "loaderE2");
        },
        unmatched);
    add(
        "pairing-e-before-b", "an E earlier than its B",
        [](TraceDocument& d) { d.event("loaderE1").fields.set("ts", "1005.000"); },
        E::load().warns({ "negative-duration" }));
    add(
        "pairing-b-e-other-thread", "a B on one thread ended on another",
        [](TraceDocument& d) { d.event("loaderE1").fields.set("tid", "2001"); }, unmatched);
    add(
        "pairing-extra-e", "one E more than there are Bs",
        [](TraceDocument& d) {
            TraceDocument::Event e = d.event("loaderE2");
            e.tag = "extraE";
            d.events.push_back(e);
        },
        unmatched);
    add(
        "pairing-crossed", "B1 B2 E1 E2: ends close the innermost begin",
        [](TraceDocument& d) {
            TraceDocument::Event b = d.event("loaderB1");
            b.fields.set("name", str("Inner")).set("ts", "1020.000");
            b.tag = "innerB";
            TraceDocument::Event e = d.event("loaderE1");
            e.fields.set("ts", "1080.000");
            e.tag = "innerE";
            d.events.insert(d.events.begin() + static_cast<std::ptrdiff_t>(d.indexOf("loaderE1")) + 1, e);
            d.events.insert(d.events.begin() + static_cast<std::ptrdiff_t>(d.indexOf("loaderB1")) + 1, b);
        },
        E::load());
    add(
        "pairing-10k-unended-b", "10 000 Bs never ended",
        [](TraceDocument& d) {
            TraceDocument::Event b = d.event("loaderB1");
            for (int i = 0; i < 10000; ++i) {
                b.fields.set("ts", BaseTraces::us(1000000 + i * 1000LL));
                d.events.push_back(b);
            }
        },
        unmatched);
    add(
        "pairing-10k-orphan-e", "10 000 Es without Bs",
        [](TraceDocument& d) {
            TraceDocument::Event e = d.event("loaderE2");
            for (int i = 0; i < 10000; ++i) {
                e.fields.set("ts", BaseTraces::us(30000000 + i * 1000LL));
                d.events.push_back(e);
            }
        },
        unmatched);
    add(
        "pairing-100k-nested-b-e", "B/E pairs nested 100 000 deep",
        [](TraceDocument& d) {
            TraceDocument::Event b = d.event("loaderB1");
            TraceDocument::Event e = d.event("loaderE1");
            for (int i = 0; i < 100000; ++i) {
                b.fields.set("ts", BaseTraces::us(40000000000LL + i));
                d.events.push_back(b);
            }
            for (int i = 0; i < 100000; ++i) {
                e.fields.set("ts", BaseTraces::us(40000000000LL + 200000 - i));
                d.events.push_back(e);
            }
        },
        E::load());
    auto async = [](char ph, long long id, const std::string& ts) {
        return Object()
            .set("ph", str(std::string(1, ph)))
            .set("cat", str("async"))
            .set("name", str("prefetch"))
            .set("id", std::to_string(id))
            .set("pid", "1000")
            .set("tid", "2000")
            .set("ts", ts);
    };
    add(
        "pairing-async-b-without-e", "an async begin never ended",
        [&](TraceDocument& d) { d.add("ab", async('b', 7, "1010.000")); }, unmatched);
    add(
        "pairing-async-e-without-b", "an async end without its begin",
        [&](TraceDocument& d) { d.add("ae", async('e', 7, "1010.000")); }, unmatched);
    add(
        "pairing-async-id-mismatch", "async begin and end with different ids",
        [&](TraceDocument& d) {
            d.add("ab", async('b', 7, "1010.000"));
            d.add("ae", async('e', 8, "1020.000"));
        },
        unmatched);
    add(
        "pairing-flow-start-only", "an ac2g flow start without its end", [&](TraceDocument& d) { erase(d, "ac2g-f1"); },
        unmatched);
    add(
        "pairing-flow-end-only", "an ac2g flow end without its start", [&](TraceDocument& d) { erase(d, "ac2g-s1"); },
        unmatched);
    add(
        "pairing-flow-duplicate-start", "two flow starts with one id",
        [](TraceDocument& d) {
            TraceDocument::Event s = d.event("ac2g-s1");
            s.tag = "again";
            d.events.push_back(s);
        },
        E::load());
    add(
        "pairing-flow-backwards-in-time", "an ac2g flow that ends before it starts",
        [](TraceDocument& d) {
            d.event("ac2g-f1").fields.set("ts", "1200.000");
            d.event("ac2g-s1").fields.set("ts", "1960.000");
        },
        E::load());
    add(
        "pairing-flow-step", "a flow with a step (ph t) between start and end",
        [&](TraceDocument& d) { d.add("t", flowEvent('t', "ac2g", 11, 1000, 2000, "1440.000")); }, E::load());

    // Cycles. fwdbwd from the backward op back to its forward op: linear1 -> bwd1 -> linear1.
    add(
        "pairing-fwdbwd-two-cycle", "fwdbwd flows both ways between a forward and its backward op",
        [&](TraceDocument& d) {
            d.add("back-s", flowEvent('s', "fwdbwd", 5001, 1000, 2001, tsOf(d, "bwd1")));
            d.add("back-f", flowEvent('f', "fwdbwd", 5001, 1000, 2000, tsOf(d, "linear1")));
        },
        E::load().warns(), E::load());
    add(
        "pairing-fwdbwd-three-cycle", "fwdbwd flows linear1 -> bwd1 -> linear2 -> linear1",
        [&](TraceDocument& d) {
            d.add("c1-s", flowEvent('s', "fwdbwd", 5002, 1000, 2001, tsOf(d, "bwd1")));
            d.add("c1-f", flowEvent('f', "fwdbwd", 5002, 1000, 2000, tsOf(d, "linear2")));
            d.add("c2-s", flowEvent('s', "fwdbwd", 5003, 1000, 2000, tsOf(d, "linear2")));
            d.add("c2-f", flowEvent('f', "fwdbwd", 5003, 1000, 2000, tsOf(d, "linear1")));
        },
        E::load().warns(), E::load());
    add(
        "pairing-fwdbwd-self-loop", "a fwdbwd flow from an op to itself",
        [&](TraceDocument& d) {
            d.add("self-s", flowEvent('s', "fwdbwd", 5004, 1000, 2000, tsOf(d, "linear1")));
            d.add("self-f", flowEvent('f', "fwdbwd", 5004, 1000, 2000, tsOf(d, "linear1")));
        },
        E::load().warns(), E::load());
    add(
        "pairing-ac2g-kernel-to-launch", "an ac2g flow from a kernel back to its own launch",
        [&](TraceDocument& d) {
            d.add("back-s", flowEvent('s', "ac2g", 5005, 0, 7, tsOf(d, "kernel1")));
            d.add("back-f", flowEvent('f', "ac2g", 5005, 1000, 2000, tsOf(d, "launch1")));
        },
        E::load().warns(), E::load());
    add(
        "pairing-ac2g-nccl-to-launch", "an ac2g flow from an NCCL kernel back to its launch",
        [&](TraceDocument& d) {
            d.add("back-s", flowEvent('s', "ac2g", 5006, 0, 21, tsOf(d, "nccl1")));
            d.add("back-f", flowEvent('f', "ac2g", 5006, 1000, 2000, tsOf(d, "ncclLaunch1")));
        },
        E::load().warns(), E::load());
    add(
        "pairing-ac2g-later-kernel-to-earlier-launch", "an ac2g flow from step 2's kernel to step 1's launch",
        [&](TraceDocument& d) {
            d.add("back-s", flowEvent('s', "ac2g", 5007, 0, 7, tsOf(d, "kernel2")));
            d.add("back-f", flowEvent('f', "ac2g", 5007, 1000, 2000, tsOf(d, "launch1")));
        },
        E::load().warns(), E::load());
    add(
        "pairing-correlation-swapped", "two launches with each other's kernel's correlation",
        [](TraceDocument& d) {
            d.event("launch1").args->set("correlation", "21");
            d.event("launch2").args->set("correlation", "11");
        },
        E::load());
    add(
        "pairing-correlation-duplicate", "two launches with one correlation id",
        [](TraceDocument& d) { d.event("launch2").args->set("correlation", "11"); }, E::load());
    add(
        "pairing-wait-on-missing-record", "a stream wait on a record that is not in the trace",
        [](TraceDocument& d) { d.event("sync1").args->set("wait_on_cuda_event_record_corr_id", "999999"); }, E::load());
    add(
        "pairing-wait-on-later-record", "a stream wait on a record made a step later",
        [](TraceDocument& d) { d.event("sync1").args->set("wait_on_cuda_event_record_corr_id", "24"); }, E::load());
    add(
        "pairing-step-as-b-e", "ProfilerStep spans written as B/E pairs",
        [](TraceDocument& d) {
            for (const char* tag : { "step1", "step2" }) {
                TraceDocument::Event& x = d.event(tag);
                const std::string ts = [&] {
                    for (const auto& [k, v] : x.fields.fields) {
                        if (k == "ts")
                            return v;
                    }
                    return std::string();
                }();
                x.fields.set("ph", str("B")).remove("dur");
                TraceDocument::Event e = x;
                e.tag = std::string(tag) + "-end";
                e.args.reset();
                e.fields.set("ph", str("E"))
                    .set("ts", BaseTraces::us(static_cast<long long>(std::stod(ts) * 1000) + 9000000));
                d.events.push_back(e);
            }
        },
        E::load());
    add(
        "pairing-step-number-repeated", "two ProfilerStep spans with one number: merged into one step, and said",
        [](TraceDocument& d) { d.event("step2").fields.set("name", str("ProfilerStep#1")); }, E::load().warns({ "unsupported-event" }));

    // A cycle in one rank of a two-rank job.
    const std::string id = "pairing-fwdbwd-cycle-2-ranks";
    TraceDocument r0 = BaseTraces::kinetoRank(0, 2);
    r0.add("back-s", flowEvent('s', "fwdbwd", 5001, 1000, 2001, tsOf(r0, "bwd1")));
    r0.add("back-f", flowEvent('f', "fwdbwd", 5001, 1000, 2000, tsOf(r0, "linear1")));
    w.write(id + "/rank0.json", r0.text());
    w.write(id + "/rank1.json", BaseTraces::kinetoRank(1, 2).text());
    w.add({ id, cat, "a fwdbwd cycle in rank 0 of a 2-rank job", { id }, {}, E::load().warns(), E::load() });
}

// ---------------------------------------------------------------------------------------------------------
// Nesting and long strings. Brackets left open inside one event's args (at any depth, in the first, a
// middle or the last event, in every document shape) make the rest of the text unparseable: the load
// fails with invalid-json or truncated-json at or after that event, never exit 0 with the later events
// silently lost. Other grammar slips (a missing comma or colon, trailing commas, stray closers) are
// errors at their place too. Deep but well-formed nesting and very long strings, keys and numbers are
// legal JSON: they load (or, for nesting beyond any sensible depth, fail cleanly) within the bounds.
void addNesting(CorpusWriter& w)
{
    const std::string cat = "nesting";
    const std::vector<std::pair<std::string, std::string>> open = {
        { "1", "{\"x\": [}" },
        { "2", "{\"x\": [[}" },
        { "4", "{\"x\": [[[[}" },
        { "object-array", "{\"x\": {\"y\": [[}}" },
        { "array-object", "{\"x\": [{}" },
        { "mixed", "{\"x\": [1, [2, }" },
        { "objects", "{\"x\": {\"y\": {\"z\": [}" },
        { "unclosed-object", "{\"x\": {" },
    };
    struct Doc {
        std::string name;
        TraceDocument doc;
        std::vector<std::string> tags;
    };
    std::vector<Doc> docs;
    docs.push_back({ "kineto", kineto1(), { "meta-process", "linear1", "bwdKernel2" } });
    docs.push_back({ "chrome", BaseTraces::chromePlain(), { "x3" } });
    docs.push_back({ "array", BaseTraces::bareArray(true), { "meta", "x3", "counter" } });
    docs.push_back({ "openarray", BaseTraces::bareArray(false), { "x3", "counter" } });
    for (const Doc& base : docs) {
        for (const std::string& tag : base.tags) {
            for (const auto& [depth, raw] : open) {
                // Every depth in the middle of a Kineto trace; the known depths elsewhere.
                const bool middle = base.name == "kineto" && tag == "linear1";
                if (!middle && depth != "1" && depth != "2" && depth != "object-array")
                    continue;
                TraceDocument doc = base.doc;
                doc.event(tag).rawArgs = raw;
                const std::string text = doc.text();
                std::vector<std::size_t> starts;
                doc.text(&starts);
                const auto from = static_cast<std::int64_t>(starts[doc.indexOf(tag)]);
                const bool last = doc.indexOf(tag) + 1 == doc.events.size();
                E expect = E::error({ "invalid-json", "truncated-json" })
                               .withOffset(from, static_cast<std::int64_t>(text.size()));
                // An open array may end in an incomplete event; reading up to the one before, with a warning, is honest
                // too.
                if (base.name == "openarray" && last)
                    expect = E::any()
                                 .warns({ "truncated-json", "invalid-json" })
                                 .withOffset(from, static_cast<std::int64_t>(text.size()));
                w.addSingle(cat, "nesting-open-" + depth + "-" + base.name + "-" + tag,
                    "args brackets left open (" + raw + ") in " + base.name + " event " + tag, "trace.json", text,
                    expect);
            }
        }
    }
    auto slip = [&](const std::string& id, const std::string& why, const std::function<void(TraceDocument&)>& edit,
                    const char* tag) {
        TraceDocument doc = kineto1();
        edit(doc);
        w.addSingle(cat, id, why, "rank0.json", doc.text(), errorInEvent(doc, tag, { "invalid-json" }));
    };
    slip(
        "nesting-extra-closers", "args closed twice",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{\"x\": ]]}"; }, "linear1");
    slip(
        "nesting-trailing-comma-args", "a trailing comma in args",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{\"x\": 1,}"; }, "linear1");
    slip(
        "nesting-missing-colon", "a key without its colon",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{\"x\" 1}"; }, "linear1");
    slip(
        "nesting-missing-value", "a key without its value",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{\"x\": }"; }, "linear1");
    slip(
        "nesting-single-quotes", "single-quoted strings",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{'x': 'y'}"; }, "linear1");
    slip(
        "nesting-bare-word", "a bare word as a value",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{\"x\": undefined}"; }, "linear1");
    slip(
        "nesting-comment", "a JavaScript comment in args",
        [](TraceDocument& d) { d.event("linear1").rawArgs = "{/* c */ \"x\": 1}"; }, "linear1");
    {
        TraceDocument doc = kineto1();
        std::string text = doc.text();
        const std::size_t at = offsetOf(text, "},\n", offsetOf(text, "\"aten::linear\""));
        text.erase(at + 1, 1);
        // The event before the missing comma, or the one after it.
        w.addSingle(cat, "nesting-missing-comma-between-events", "two events without a comma between them",
            "rank0.json", text,
            E::error({ "invalid-json" })
                .withOffset(eventSpan(doc, "linear1").first, static_cast<std::int64_t>(at) + 8));
        std::string trailing = doc.text();
        const std::size_t end = trailing.rfind("\n  ]");
        trailing.insert(end, ",");
        w.addSingle(cat, "nesting-trailing-comma-events", "a trailing comma after the last event", "rank0.json",
            trailing,
            E::error({ "invalid-json" })
                .withOffset(static_cast<std::int64_t>(end), static_cast<std::int64_t>(end) + 8));
        std::string unclosedString = doc.text();
        const std::size_t q = offsetOf(unclosedString, "\"aten::linear\"") + 13;
        unclosedString.erase(q, 1);
        w.addSingle(cat, "nesting-unclosed-string", "a string whose closing quote is missing", "rank0.json",
            unclosedString,
            E::error({ "invalid-json", "truncated-json" }).withOffset(static_cast<std::int64_t>(q) - 13, -1));
        std::string junk = doc.text() + "{\"more\": 1}\n";
        w.addSingle(cat, "nesting-second-document", "a second JSON document after the trace", "rank0.json", junk,
            E::error({ "invalid-json" })
                .withOffset(static_cast<std::int64_t>(doc.text().size()) - 1, static_cast<std::int64_t>(junk.size())));
    }
    // Deep but well-formed.
    for (int depth : { 100, 1000, 5000 }) {
        TraceDocument doc = kineto1();
        doc.event("linear1").args->set("deep",
            std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']'));
        w.addSingle(cat, "nesting-deep-args-" + std::to_string(depth),
            "args nested " + std::to_string(depth) + " deep, well-formed", "rank0.json", doc.text(),
            depth <= 100 ? E::load() : E::any().withOffset());
    }
    {
        TraceDocument doc = kineto1();
        std::string dims = "[";
        for (int i = 0; i < 20; ++i)
            dims += "[";
        dims += "1" + std::string(21, ']');
        doc.event("linear1").args->set("Input Dims", dims);
        w.addSingle(
            cat, "nesting-deep-input-dims", "\"Input Dims\" nested 21 deep", "rank0.json", doc.text(), E::load());
    }
    w.addSingle(cat, "nesting-100k-open-arrays", "100 000 '[' and nothing else", "trace.json", std::string(100000, '['),
        E::error({ "not-a-trace", "invalid-json", "truncated-json" }).withOffset());
    {
        std::string t;
        for (int i = 0; i < 100000; ++i)
            t += "{\"a\":";
        w.addSingle(cat, "nesting-100k-open-objects", "100 000 unclosed objects", "trace.json", t,
            E::error({ "not-a-trace", "invalid-json", "truncated-json" }).withOffset());
        std::string closed = "[" + std::string(100000, '[') + std::string(100001, ']');
        w.addSingle(cat, "nesting-100k-closed-arrays", "arrays nested 100 000 deep, closed", "trace.json", closed,
            E::error({ "not-a-trace", "invalid-json" }).withOffset());
    }
    // Long strings, keys, many keys, whitespace.
    auto longCase
        = [&](const std::string& id, const std::string& why, const std::function<void(TraceDocument&)>& edit) {
              TraceDocument doc = kineto1();
              edit(doc);
              w.addSingle(cat, id, why, "rank0.json", doc.text(), E::load());
          };
    longCase("nesting-name-50mb", "a kernel name of 50 MB",
        [](TraceDocument& d) { d.event("kernel1").fields.set("name", str(std::string(50u << 20, 'k'))); });
    longCase("nesting-key-16mb", "an args key of 16 MB",
        [](TraceDocument& d) { d.event("kernel1").args->set(std::string(16u << 20, 'q'), "1"); });
    longCase("nesting-category-16mb", "a category of 16 MB",
        [](TraceDocument& d) { d.event("linear1").fields.set("cat", str(std::string(16u << 20, 'c'))); });
    longCase("nesting-pid-16mb", "a string pid of 16 MB",
        [](TraceDocument& d) { d.event("bwd1").fields.set("pid", str(std::string(16u << 20, 'p'))); });
    longCase("nesting-escapes-16mb", "a name of 8 M escaped newlines", [](TraceDocument& d) {
        std::string s = "\"";
        for (int i = 0; i < (8 << 20); ++i)
            s += "\\n";
        d.event("kernel1").fields.set("name", s + "\"");
    });
    longCase("nesting-unicode-escapes", "a name of 1 M \\u00e9 escapes", [](TraceDocument& d) {
        std::string s = "\"";
        for (int i = 0; i < (1 << 20); ++i)
            s += "\\u00e9";
        d.event("kernel1").fields.set("name", s + "\"");
    });
    longCase("nesting-input-dims-2m", "\"Input Dims\" of 2 M numbers", [](TraceDocument& d) {
        std::string s = "[[";
        for (int i = 0; i < (2 << 20); ++i)
            s += (i ? ", " : "") + std::to_string(i % 1000);
        d.event("linear1").args->set("Input Dims", s + "]]");
    });
    longCase("nesting-args-200k-keys", "one event with 200 000 args keys", [](TraceDocument& d) {
        for (int i = 0; i < 200000; ++i)
            d.event("kernel1").args->fields.emplace_back("k" + std::to_string(i), std::to_string(i));
    });
    longCase("nesting-unread-string-16mb", "an unread argument of 16 MB",
        [](TraceDocument& d) { d.event("linear1").args->set("Python stack", str(std::string(16u << 20, 's'))); });
    {
        TraceDocument doc = kineto1();
        std::string text = doc.text();
        const std::size_t at = offsetOf(text, "\n", offsetOf(text, "\"aten::linear\""));
        text.insert(at, std::string(32u << 20, ' '));
        w.addSingle(cat, "nesting-whitespace-32mb", "32 MB of spaces between two events", "rank0.json", text,
            E::load().isClean());
    }
    longCase("nesting-duplicate-keys", "an event with \"ts\" twice",
        [](TraceDocument& d) { d.event("kernel1").fields.fields.emplace_back("ts", "1200.000"); });
}

// ---------------------------------------------------------------------------------------------------------
// Encodings. A UTF-8 byte-order mark at the start is harmless: the trace loads as without it. UTF-16 and
// UTF-32 text is no trace this program reads: not-a-trace at byte 0, not a misleading JSON error deep
// inside. Invalid UTF-8 (overlong forms, surrogates, stray continuation bytes, Latin-1) and raw control
// characters (NUL included) inside strings are invalid JSON: invalid-json at the offending byte, not
// "truncated" and not silently kept. Escaped forms (\u0000) are valid JSON and load.
void addEncodings(CorpusWriter& w)
{
    const std::string cat = "encoding";
    const std::string bom = "\xEF\xBB\xBF";
    const std::string k = kineto1().text();
    w.addSingle(cat, "encoding-bom-kineto", "a Kineto trace starting with a UTF-8 BOM", "rank0.json", bom + k,
        E::load().isClean());
    w.addSingle(cat, "encoding-bom-chrome", "a plain Chrome trace starting with a BOM", "trace.json",
        bom + BaseTraces::chromePlain().text(), E::load().isClean());
    w.addSingle(cat, "encoding-bom-array", "a closed bare array starting with a BOM", "trace.json",
        bom + BaseTraces::bareArray(true).text(), E::load().isClean());
    w.addSingle(cat, "encoding-bom-open-array", "an open bare array starting with a BOM", "trace.json",
        bom + BaseTraces::bareArray(false).text(), E::load().warns({ "truncated-json" }));
    {
        const std::string id = "encoding-bom-gzip";
        w.add({ id, cat, "a BOM inside a gzip stream", { w.writeGzip(id + "/rank0.json.gz", bom + k) }, {},
            E::load().isClean() });
    }
    w.addSingle(cat, "encoding-bom-csv", "a layer-wise CSV starting with a BOM", "model.csv",
        bom + BaseTraces::layerwiseCsv(8), E::load());
    w.addSingle(cat, "encoding-bom-graph", "a PipeDream graph starting with a BOM", "graph.txt",
        bom + BaseTraces::pipedreamGraph(), E::load());
    w.addSingle(cat, "encoding-double-bom", "two BOMs", "rank0.json", bom + bom + k,
        E::error({ "not-a-trace", "invalid-json" }).withOffset(0, 3));
    w.addSingle(cat, "encoding-bom-after-space", "a BOM after leading spaces", "rank0.json", "  " + bom + k,
        E::error({ "not-a-trace", "invalid-json" }).withOffset(0, 2));
    {
        std::string t = k;
        const std::size_t at = offsetOf(t, "{\"ph\"", offsetOf(t, "\"aten::linear\"") + 20);
        t.insert(at, bom);
        w.addSingle(cat, "encoding-bom-between-events", "a BOM in front of an event", "rank0.json", t,
            E::error({ "invalid-json" }).withOffset(static_cast<std::int64_t>(at), static_cast<std::int64_t>(at)));
    }
    auto utf16 = [](const std::string& s, bool bigEndian, bool mark) {
        std::string out;
        if (mark)
            out += bigEndian ? "\xFE\xFF" : "\xFF\xFE";
        for (char c : s) {
            if (bigEndian)
                out += '\0';
            out += c;
            if (!bigEndian)
                out += '\0';
        }
        return out;
    };
    for (bool be : { false, true }) {
        for (bool mark : { true, false }) {
            const std::string suffix = std::string(be ? "be" : "le") + (mark ? "-bom" : "");
            w.addSingle(cat, "encoding-utf16" + suffix, "a Kineto trace in UTF-16" + suffix, "rank0.json",
                utf16(k, be, mark), E::error({ "not-a-trace" }).withOffset(0, 0));
        }
    }
    w.addSingle(cat, "encoding-utf16le-array", "a bare array in UTF-16LE with BOM", "trace.json",
        utf16(BaseTraces::bareArray(true).text(), false, true), E::error({ "not-a-trace" }).withOffset(0, 0));
    {
        std::string le32 = "\xFF\xFE";
        le32 += '\0';
        le32 += '\0';
        std::string be32(2, '\0');
        be32 += "\xFE\xFF";
        for (char c : k) {
            le32 += c;
            le32.append(3, '\0');
            be32.append(3, '\0');
            be32 += c;
        }
        w.addSingle(cat, "encoding-utf32le-bom", "a Kineto trace in UTF-32LE", "rank0.json", le32,
            E::error({ "not-a-trace" }).withOffset(0, 0));
        w.addSingle(cat, "encoding-utf32be-bom", "a Kineto trace in UTF-32BE", "rank0.json", be32,
            E::error({ "not-a-trace" }).withOffset(0, 0));
        const std::string id = "encoding-utf16-gzip";
        w.add({ id, cat, "UTF-16 inside a gzip stream", { w.writeGzip(id + "/rank0.json.gz", utf16(k, false, true)) },
            {}, E::error({ "not-a-trace" }).withOffset(0, 0) });
    }
    w.addSingle(cat, "encoding-utf16-csv", "a layer-wise CSV in UTF-16LE", "model.csv",
        utf16(BaseTraces::layerwiseCsv(4), false, true), E::error({ "not-a-trace" }).withOffset(0, 0));

    // Bad bytes inside strings: the error points at the first byte of the bad sequence (or the byte that
    // shows it is bad).
    struct Bad {
        const char* slug;
        std::string bytes;
    };
    const std::vector<Bad> bad = { { "ff", "\xFF" }, { "fe", "\xFE" }, { "overlong-nul", std::string("\xC0\x80", 2) },
        { "overlong-c1", "\xC1\xBF" }, { "overlong-3", "\xE0\x80\x80" }, { "surrogate", "\xED\xA0\x80" },
        { "above-10ffff", "\xF4\x90\x80\x80" }, { "f5", "\xF5\x80\x80\x80" }, { "lone-continuation", "\x80" },
        { "cut-2-of-3", "\xE2\x82" }, { "cut-3-of-4", "\xF0\x9F\x98" }, { "latin1", "Caf\xE9" } };
    auto badIn
        = [&](const std::string& id, const std::string& why, const std::string& text, std::size_t at, std::size_t len) {
              w.addSingle(cat, id, why, "rank0.json", text,
                  E::error({ "invalid-json" })
                      .withOffset(static_cast<std::int64_t>(at), static_cast<std::int64_t>(at + len)));
          };
    for (const Bad& b : bad) {
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", "\"sgemm_" + b.bytes + "_kernel\"");
        const std::string text = doc.text();
        badIn("encoding-invalid-utf8-" + std::string(b.slug),
            "invalid UTF-8 (" + std::string(b.slug) + ") in a kernel name", text,
            offsetOf(text, "\"sgemm_" + b.bytes) + 7, b.bytes.size());
    }
    const std::string ff = "\xFF";
    auto badAt = [&](const std::string& id, const std::string& why, const std::function<void(TraceDocument&)>& edit) {
        TraceDocument doc = kineto1();
        edit(doc);
        const std::string text = doc.text();
        badIn(id, why, text, offsetOf(text, "bad" + ff) + 3, 1);
    };
    badAt("encoding-invalid-utf8-category", "invalid UTF-8 in a category",
        [&](TraceDocument& d) { d.event("kernel1").fields.set("cat", "\"bad" + ff + "\""); });
    badAt("encoding-invalid-utf8-key", "invalid UTF-8 in an args key",
        [&](TraceDocument& d) { d.event("kernel1").args->fields.emplace_back("bad" + ff, "1"); });
    badAt("encoding-invalid-utf8-dtype", "invalid UTF-8 in a collective's dtype",
        [&](TraceDocument& d) { d.event("nccl1").args->set("dtype", "\"bad" + ff + "\""); });
    badAt("encoding-invalid-utf8-pid", "invalid UTF-8 in a string pid",
        [&](TraceDocument& d) { d.event("bwd1").fields.set("pid", "\"bad" + ff + "\""); });
    badAt("encoding-invalid-utf8-unread-arg", "invalid UTF-8 in an argument the parser never reads",
        [&](TraceDocument& d) { d.event("linear1").args->set("Python stack", "\"bad" + ff + "\""); });
    badAt("encoding-invalid-utf8-top-key", "invalid UTF-8 in a top-level key",
        [&](TraceDocument& d) { d.head.fields.emplace_back("bad" + ff, "1"); });
    badAt("encoding-invalid-utf8-pg-name", "invalid UTF-8 in pg_config's pg_name", [&](TraceDocument& d) {
        Object g = BaseTraces::processGroup(1);
        g.set("pg_name", "\"bad" + ff + "\"");
        d.head.set("distributedInfo", BaseTraces::distributedInfo(0, 1, "[" + g.text() + "]").text());
    });
    {
        std::string t = k;
        const std::size_t at = offsetOf(t, "{\"ph\"", offsetOf(t, "\"aten::linear\"") + 20);
        t.insert(at, ff);
        badIn("encoding-invalid-utf8-between-events", "a stray 0xFF between events", t, at, 0);
        const std::string id = "encoding-invalid-utf8-gzip";
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", "\"sgemm_" + ff + "\"");
        const std::string text = doc.text();
        const std::size_t bad = offsetOf(text, "\"sgemm_" + ff) + 7;
        w.add({ id, cat, "invalid UTF-8 inside a gzip stream: the offset is in the decoded text",
            { w.writeGzip(id + "/rank0.json.gz", text) }, {},
            E::error({ "invalid-json" })
                .withOffset(static_cast<std::int64_t>(bad), static_cast<std::int64_t>(bad) + 1) });
    }
    // Raw control characters inside strings.
    const std::pair<const char*, std::string> controls[] = { { "nul", std::string(1, '\0') }, { "soh", "\x01" },
        { "us", "\x1F" }, { "newline", "\n" }, { "escape", "\x1B" } };
    for (const auto& [slug, c] : controls) {
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", "\"sgemm_" + c + "_kernel\"");
        const std::string text = doc.text();
        badIn("encoding-raw-" + std::string(slug) + "-in-name",
            "a raw " + std::string(slug) + " byte inside a kernel name", text, offsetOf(text, "\"sgemm_" + c) + 7, 0);
    }
    {
        TraceDocument doc = kineto1();
        doc.event("kernel1").rawArgs = "{\"ke" + std::string(1, '\0') + "y\": 1}";
        const std::string text = doc.text();
        badIn("encoding-raw-nul-in-key", "a raw NUL inside an args key", text,
            offsetOf(text, "\"ke" + std::string(1, '\0')) + 3, 0);
        TraceDocument doc2 = kineto1();
        doc2.event("nccl1").args->set("dtype", "\"Fl" + std::string(1, '\0') + "oat\"");
        const std::string text2 = doc2.text();
        badIn("encoding-raw-nul-in-dtype", "a raw NUL inside a collective's dtype", text2,
            offsetOf(text2, "\"Fl" + std::string(1, '\0')) + 3, 0);
        std::string t = k;
        const std::size_t at = offsetOf(t, "{\"ph\"", offsetOf(t, "\"aten::linear\"") + 20);
        t.insert(at, std::string(1, '\0'));
        badIn("encoding-raw-nul-between-events", "a NUL byte between events", t, at, 0);
        w.addSingle(cat, "encoding-nul-padding-at-end",
            "a complete trace followed by 4096 NUL bytes (preallocated file)", "rank0.json",
            k + std::string(4096, '\0'),
            E::any().warns().withOffset(static_cast<std::int64_t>(k.size()) - 2, static_cast<std::int64_t>(k.size())));
    }
    // Escapes: valid JSON with awkward content.
    auto escaped = [&](const std::string& id, const std::string& why, const std::string& name, E expect) {
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", name);
        w.addSingle(cat, id, why, "rank0.json", doc.text(), expect);
    };
    escaped(
        "encoding-escaped-nul", "an escaped NUL (\\u0000) in a name", "\"sgemm\\u0000kernel\"", E::load().isClean());
    escaped("encoding-emoji", "a 4-byte UTF-8 character in a name", "\"sgemm_\xF0\x9F\x98\x80\"", E::load().isClean());
    escaped("encoding-lone-surrogate-escape", "an escaped lone surrogate (\\ud800)", "\"sgemm\\ud800\"", E::any());
    escaped(
        "encoding-reversed-surrogates", "escaped surrogates in the wrong order", "\"sgemm\\udc00\\ud800\"", E::any());
    {
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", "\"sgemm\\x41\"");
        w.addSingle(cat, "encoding-bad-escape", "an escape JSON does not have (\\x41)", "rank0.json", doc.text(),
            errorInEvent(doc, "kernel1", { "invalid-json" }));
        doc.event("kernel1").fields.set("name", "\"sgemm\\u12\"");
        w.addSingle(cat, "encoding-short-unicode-escape", "a \\u escape of two digits", "rank0.json", doc.text(),
            errorInEvent(doc, "kernel1", { "invalid-json" }));
    }
    // A backslash before a control byte is a raw control character at that byte; before a character JSON
    // does not escape it is an invalid escape at the backslash. Neither is an early end of the text.
    const std::pair<const char*, std::string> escapedControls[] = { { "newline", "\n" },
        { "nul", std::string(1, '\0') }, { "tab", "\t" } };
    for (const auto& [slug, c] : escapedControls) {
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", "\"sgemm\\" + c + "kernel\"");
        const std::string text = doc.text();
        badIn("encoding-backslash-raw-" + std::string(slug), "a backslash before a raw " + std::string(slug)
            + " byte in a kernel name", text, offsetOf(text, "\"sgemm\\" + c) + 7, 0);
    }
    {
        TraceDocument doc = kineto1();
        doc.event("kernel1").fields.set("name", "\"sgemm\\qkernel\"");
        const std::string text = doc.text();
        badIn("encoding-escape-q-at-backslash", "an invalid escape (\\q), named at its backslash", text,
            offsetOf(text, "\"sgemm\\q") + 6, 0);
    }
    {
        std::string crlf;
        for (char c : k) {
            if (c == '\n')
                crlf += '\r';
            crlf += c;
        }
        w.addSingle(
            cat, "encoding-crlf", "a Kineto trace with CRLF line ends", "rank0.json", crlf, E::load().isClean());
    }
    w.addSingle(cat, "encoding-invalid-utf8-csv", "a layer-wise CSV with a Latin-1 layer name", "model.csv",
        "layer,forward,backward\nconv\xE9,1.0,2.0\nfc,0.5,1.0\n", E::any().withOffset());
}

} // namespace CorpusCases
