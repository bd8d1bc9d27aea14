#include "core/import/chrometraceparser.h"

#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/import/decimal.h"
#include "core/import/rankpart.h"
#include "core/import/textbuffer.h"
#include "core/model/opclassifier.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <string_view>
#include <unordered_map>

namespace sightline {

namespace od = simdjson::ondemand;

namespace {

std::string_view trimRight(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// Number syntax (digits, sign, point, exponent) as opposed to arbitrary text in a string value.
bool looksNumeric(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    }) && s.find_first_of("0123456789") != std::string_view::npos;
}

bool isDigits(std::string_view s)
{
    return !s.empty() && s.size() < 19 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::int64_t digitsValue(std::string_view s)
{
    std::int64_t v = 0;
    for (char c : s)
        v = v * 10 + (c - '0');
    return v;
}

// One pid or tid value as the file wrote it.
struct IdValue {
    bool present = false;
    bool isString = false;
    std::int64_t number = 0;
    std::string_view text;
};

struct EventArgs {
    std::int64_t correlation = -1;
    std::int64_t bytes = -1;
    std::int64_t inNelems = -1;
    std::int64_t outNelems = -1;
    std::int64_t groupSize = -1;
    std::int64_t waitStream = -1; // cuda_sync: the stream whose recorded event is awaited
    std::int64_t waitRecordCorrelation = -1; // cuda_sync: correlation id of that cudaEventRecord
    std::int64_t sortIndex = INT64_MIN;
    std::string_view collective;
    std::string_view dtype;
    std::string_view groupName;
    std::string_view groupRanks;
    std::string_view metaName; // args.name of M events
    std::string_view labels;
    bool hasComm = false;
    std::string dims;
    std::string types;
    std::vector<std::pair<std::string_view, double>> numbers; // for counter events
};

struct Event {
    char ph = 0;
    std::string_view name;
    std::string_view cat;
    IdValue pid;
    IdValue tid;
    std::string_view ts;
    std::string_view dur;
    bool hasId = false;
    std::uint64_t id = 0;
    bool bindEnclosing = false;
    EventArgs args;
    bool typeError = false;
    std::string_view typeErrorField;
};

struct TrackKeyHash {
    std::size_t operator()(const RankPart::TrackKey& k) const
    {
        std::uint64_t h = static_cast<std::uint64_t>(k.pid) * 0x9E3779B97F4A7C15ull;
        h ^= static_cast<std::uint64_t>(k.tid) + 0x7F4A7C159E3779B9ull + (h << 6) + (h >> 2);
        h ^= (static_cast<std::uint64_t>(k.pidString) << 32 | k.tidString) * 0xC2B2AE3D27D4EB4Full;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

// The key of a field as raw text, without unescaping: trace writers do not escape the keys we look
// for, and a key that does contain an escape simply matches none of them. The document is valid JSON
// (stage 1 checked that strings close), so the closing quote exists.
std::string_view rawKey(od::field& field)
{
    const char* begin = field.key().raw();
    const char* end = begin;
    while (*end != '"')
        end += *end == '\\' ? 2 : 1;
    return { begin, static_cast<std::size_t>(end - begin) };
}

// The text of a number, or of a string holding one (some writers quote timestamps). The caller
// converts it exactly; false for any other JSON type.
bool readNumberText(od::value& v, std::string_view& out)
{
    od::json_type t;
    if (v.type().get(t))
        return false;
    if (t == od::json_type::number) {
        out = trimRight(v.raw_json_token());
        return true;
    }
    return t == od::json_type::string && !v.get_string().get(out);
}

std::uint64_t hashString(std::string_view s)
{
    std::uint64_t h = 1469598103934665603ull;
    for (char c : s)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

class Parser {
public:
    Parser(TextBuffer& text, RankPart& part, const CancellationToken* cancel)
        : m_text(text)
        , m_part(part)
        , m_cancel(cancel)
    {
    }

    Status run();

    // Pieces of about this many bytes are parsed on all cores; 0 parses in one sequential pass.
    void setPieceBytes(std::size_t bytes) { m_pieceBytes = bytes; }
    // Pieces the events were parsed in: 0 for one pass.
    std::size_t piecesUsed() const { return m_fellBack ? 0 : m_pieces; }
    bool fellBack() const { return m_fellBack; }

private:
    // How a piece of a large document is wrapped to make it a JSON text of its own.
    enum class Piece {
        Head, // the document up to the events array, closed with "]}": the top-level fields before it
        Middle, // "[" + events + "]"
        Tail, // "{\"e\":[" + events + the rest of the document: the top-level fields after the array
    };
    struct Split {
        const char* close; // the '}' ending the last event before the split
        const char* open; // the '{' starting the first event after it
    };
    const char* findEventsArray(std::size_t from) const;
    std::vector<Split> planSplits(const char* from, std::size_t pieces) const;
    // Parses the events array opening at arrayOpen in pieces on all cores. Sets m_fellBack when a
    // split is not an event boundary, B/E pairs need one pass, or a piece is malformed: the caller
    // then parses sequentially, which also reports any error at its true place.
    Status runPieces(const char* arrayOpen, bool& used);
    // Closes what is still open and checks that the file held usable events.
    Status finishRun();
    Status runPiece(Piece kind, od::parser& json);
    void mergeChunk(RankPart& chunk, std::int64_t baseOffset, TimeNs chunkMaxTime);

    std::int64_t offsetOf(const char* p) const
    {
        if (!p)
            return -1;
        return static_cast<std::int64_t>(p - m_text.data());
    }
    std::int64_t offsetOf(od::value& v)
    {
        const char* p = nullptr;
        if (v.current_location().get(p))
            return -1;
        return offsetOf(p);
    }
    Status jsonError(simdjson::error_code error, std::int64_t offset, const char* where);
    Status parseTopObject(od::object object);
    void handleTopField(std::string_view key, od::value value);
    Status parseEvents(od::array events);
    void parseDistributedInfo(od::value value);
    bool parseEvent(od::object object, Event& ev);
    void parseArgs(od::object object, EventArgs& args, bool wantNumbers);
    bool readId(od::value value, IdValue& out);
    void appendCompact(od::value value, std::string& out, int depth);
    std::uint32_t trackFor(const Event& ev);
    void handleEvent(Event& ev, std::int64_t offset);
    std::uint32_t addOp(const Event& ev, std::uint32_t track, TimeNs start, TimeNs end);
    void closeOpenSlices();
    void closeStreamingArray();

    TextBuffer& m_text;
    RankPart& m_part;
    const CancellationToken* m_cancel;
    std::unordered_map<RankPart::TrackKey, std::uint32_t, TrackKeyHash> m_trackIndex;
    RankPart::TrackKey m_lastKey;
    std::uint32_t m_lastTrack = StringId::kInvalid;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_openSlices; // track -> B stack
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> m_openAsync; // (track,id) hash -> b stack
    TimeNs m_maxTime = INT64_MIN;
    bool m_sawKinetoKeys = false;
    bool m_sawEvents = false;
    std::int64_t m_eventCount = 0;
    bool m_chunk = false; // parsing one piece of the events array
    bool m_sawPaired = false; // B/E or async begin/end seen: their pairing needs one sequential pass
    std::size_t m_pieceBytes = 0;
    std::size_t m_pieces = 0;
    bool m_fellBack = false; // a parallel attempt was abandoned; the caller re-parses sequentially
};

Status Parser::jsonError(simdjson::error_code error, std::int64_t offset, const char* where)
{
    // An error at or past the last significant byte means the text simply stops: truncated.
    std::string_view text = trimRight(m_text.view());
    while (!text.empty() && text.back() == '\0')
        text.remove_suffix(1);
    text = trimRight(text);
    const bool atEnd = offset < 0 || offset >= static_cast<std::int64_t>(text.size()) - 1
        || error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT || error == simdjson::UNCLOSED_STRING;
    if (error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT || error == simdjson::UNCLOSED_STRING)
        offset = static_cast<std::int64_t>(text.size());
    std::string detail = std::string(where) + ": " + simdjson::error_message(error);
    if (atEnd)
        return Status::error(ErrorCode::TruncatedJson, m_part.path, offset >= 0 ? offset : static_cast<std::int64_t>(text.size()),
            "the JSON text ends early (" + detail + ")");
    return Status::error(ErrorCode::InvalidJson, m_part.path, offset, detail);
}

Status Parser::run()
{
    const std::string_view head = m_text.view();
    const std::size_t firstChar = head.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (firstChar == std::string_view::npos)
        return Status::error(ErrorCode::EmptyFile, m_part.path, 0, "the file holds only whitespace");
    if (head[firstChar] != '{' && head[firstChar] != '[')
        return Status::error(ErrorCode::NotATrace, m_part.path, static_cast<std::int64_t>(firstChar),
            "not JSON: a trace starts with '{' or '['");
    if (head[firstChar] == '[')
        closeStreamingArray();
    if (m_pieceBytes > 0 && head[firstChar] == '{') {
        if (const char* open = findEventsArray(firstChar)) {
            bool used = false;
            Status s = runPieces(open, used);
            if (m_fellBack || !s.ok() || used) {
                if (!used || !s.ok() || m_fellBack)
                    return s;
                if (m_part.format.empty())
                    m_part.format = m_sawKinetoKeys ? "kineto" : "chrome";
                return finishRun();
            }
        }
    }
    od::parser parser;
    od::document doc;
    auto error = parser.iterate(m_text.data(), m_text.size(), m_text.capacity() + TextBuffer::kPadding).get(doc);
    if (error)
        return jsonError(error, -1, "document");
    od::json_type type;
    if ((error = doc.type().get(type)))
        return jsonError(error, static_cast<std::int64_t>(firstChar), "document");
    Status status;
    if (type == od::json_type::object) {
        od::object object;
        if ((error = doc.get_object().get(object)))
            return jsonError(error, static_cast<std::int64_t>(firstChar), "document");
        status = parseTopObject(object);
        if (status.ok() && !m_sawEvents)
            return Status::error(ErrorCode::NotATrace, m_part.path, static_cast<std::int64_t>(firstChar),
                "the JSON object has no \"traceEvents\" array");
        if (m_part.format.empty())
            m_part.format = m_sawKinetoKeys ? "kineto" : "chrome";
    } else if (type == od::json_type::array) {
        od::array array;
        if ((error = doc.get_array().get(array)))
            return jsonError(error, static_cast<std::int64_t>(firstChar), "document");
        m_part.format = "chrome";
        m_sawEvents = true;
        status = parseEvents(array);
    } else {
        return Status::error(ErrorCode::NotATrace, m_part.path, static_cast<std::int64_t>(firstChar),
            "the JSON document is neither an object nor an array of events");
    }
    if (!status.ok())
        return status;
    return finishRun();
}

Status Parser::finishRun()
{
    closeOpenSlices();
    if (m_part.opCount() == 0 && m_part.counters.empty()) {
        if (m_eventCount == 0)
            return Status::error(ErrorCode::NoEvents, m_part.path, -1, "the trace holds no events");
        if (m_part.diagnostics.empty())
            return Status::error(ErrorCode::NoEvents, m_part.path, -1, "the trace holds only metadata events");
        const Diagnostic& first = m_part.diagnostics.front();
        return Status::error(first.code, m_part.path, first.firstByteOffset,
            "no usable event (" + std::to_string(m_eventCount) + " skipped; first problem: " + first.detail + ")");
    }
    m_part.eventCount = m_eventCount;
    return {};
}

Status Parser::parseTopObject(od::object object)
{
    for (auto fieldResult : object) {
        od::field field;
        if (auto error = std::move(fieldResult).get(field))
            return jsonError(error, -1, "top-level object");
        std::string_view key;
        if (auto error = field.unescaped_key().get(key))
            return jsonError(error, -1, "top-level key");
        od::value value = field.value();
        if (key == "traceEvents") {
            od::array events;
            if (auto error = value.get_array().get(events)) {
                if (error == simdjson::INCORRECT_TYPE)
                    return Status::error(ErrorCode::WrongType, m_part.path, offsetOf(value), "\"traceEvents\" is not an array");
                return jsonError(error, offsetOf(value), "traceEvents");
            }
            m_sawEvents = true;
            Status s = parseEvents(events);
            if (!s.ok())
                return s;
        } else {
            handleTopField(key, value);
        }
    }
    return {};
}

void Parser::handleTopField(std::string_view key, od::value value)
{
    if (key == "distributedInfo") {
        m_sawKinetoKeys = true;
        parseDistributedInfo(value);
    } else if (key == "baseTimeNanoseconds") {
        std::int64_t base = 0;
        if (Decimal::parseScaled(trimRight(value.raw_json_token()), 0, base)) {
            m_part.hasBaseTime = true;
            m_part.baseTimeNs = base;
        } else {
            m_part.warn(ErrorCode::WrongType, offsetOf(value), "baseTimeNanoseconds is not an integer; ignored");
        }
    } else if (key == "host_name" || key == "hostname") {
        std::string_view host;
        if (!value.get_string().get(host))
            m_part.host = m_part.strings.intern(host);
    } else if (key == "schemaVersion" || key == "deviceProperties") {
        m_sawKinetoKeys = true;
    }
}

void Parser::parseDistributedInfo(od::value value)
{
    od::object info;
    if (value.get_object().get(info)) {
        m_part.warn(ErrorCode::WrongType, offsetOf(value), "distributedInfo is not an object; ignored");
        return;
    }
    for (auto fieldResult : info) {
        od::field field;
        if (std::move(fieldResult).get(field))
            return;
        const std::string_view key = rawKey(field);
        od::value v = field.value();
        std::int64_t n = 0;
        if (key == "rank") {
            if (!v.get_int64().get(n) && n >= 0 && n < INT32_MAX)
                m_part.declaredRank = static_cast<std::int32_t>(n);
        } else if (key == "world_size") {
            if (!v.get_int64().get(n) && n > 0 && n < INT32_MAX)
                m_part.worldSize = static_cast<std::int32_t>(n);
        } else if (key == "pg_config") {
            od::array groups;
            if (v.get_array().get(groups))
                continue;
            for (auto g : groups) {
                od::object go;
                if (g.get_object().get(go))
                    continue;
                ProcessGroup pg;
                for (auto gf : go) {
                    od::field f;
                    std::string_view k;
                    if (std::move(gf).get(f) || f.unescaped_key().get(k))
                        break;
                    od::value gv = f.value();
                    std::string_view s;
                    if (k == "pg_name" && !gv.get_string().get(s))
                        pg.name = m_part.strings.intern(s);
                    else if (k == "pg_desc" && !gv.get_string().get(s))
                        pg.description = m_part.strings.intern(s);
                    else if (k == "backend_config" && !gv.get_string().get(s))
                        pg.backend = m_part.strings.intern(s);
                    else if (k == "ranks") {
                        od::array ranks;
                        if (gv.get_array().get(ranks))
                            continue;
                        for (auto r : ranks) {
                            std::int64_t rv = 0;
                            if (!r.get_int64().get(rv) && rv >= 0 && rv < INT32_MAX)
                                pg.ranks.push_back(static_cast<std::int32_t>(rv));
                        }
                    }
                }
                m_part.processGroups.push_back(std::move(pg));
            }
        }
    }
}

bool Parser::readId(od::value value, IdValue& out)
{
    od::json_type type;
    if (value.type().get(type))
        return false;
    if (type == od::json_type::number) {
        if (!value.get_int64().get(out.number)) {
            out.present = true;
            return true;
        }
        const std::string_view raw = trimRight(value.raw_json_token());
        std::int64_t n = 0;
        if (!Decimal::parseScaled(raw, 0, n)) {
            // Out of int64 range: keep it distinct by its text.
            out.isString = true;
            out.text = raw;
        } else {
            out.number = n;
        }
        out.present = true;
        return true;
    }
    if (type == od::json_type::string) {
        std::string_view s;
        if (value.get_string().get(s))
            return false;
        out.present = true;
        // Pure digits are the same thread as the number ("25738" vs 25738 in 2021 traces).
        if (isDigits(s)) {
            out.number = digitsValue(s);
        } else {
            out.isString = true;
            out.text = s;
        }
        return true;
    }
    return false;
}

void Parser::appendCompact(od::value value, std::string& out, int depth)
{
    od::json_type type;
    if (value.type().get(type) || depth > 8)
        return;
    switch (type) {
    case od::json_type::array: {
        od::array arr;
        if (value.get_array().get(arr))
            return;
        out.push_back('[');
        bool first = true;
        for (auto element : arr) {
            od::value ev;
            if (std::move(element).get(ev))
                break;
            if (!first)
                out.push_back(',');
            first = false;
            appendCompact(ev, out, depth + 1);
        }
        out.push_back(']');
        break;
    }
    case od::json_type::string: {
        std::string_view s;
        if (value.get_string().get(s))
            return;
        out.push_back('"');
        for (char c : s) {
            if (c == '"' || c == '\\')
                out.push_back('\\');
            out.push_back(c);
        }
        out.push_back('"');
        break;
    }
    default: {
        out += trimRight(value.raw_json_token());
        break;
    }
    }
}

void Parser::parseArgs(od::object object, EventArgs& args, bool wantNumbers)
{
    for (auto fieldResult : object) {
        od::field field;
        if (std::move(fieldResult).get(field))
            return;
        const std::string_view key = rawKey(field);
        od::value v = field.value();
        std::int64_t n = 0;
        std::string_view s;
        auto readInt = [&](std::int64_t& target) {
            // Values beyond int64 (hashes, ids) and non-numbers are not sizes we use: leave unset.
            if (!v.get_int64().get(n))
                target = n;
        };
        if (key.empty())
            continue;
        switch (key[0]) {
        case 'c':
            if (key == "correlation")
                readInt(args.correlation);
            continue;
        case 'w':
            if (key == "wait_on_stream")
                readInt(args.waitStream);
            else if (key == "wait_on_cuda_event_record_corr_id")
                readInt(args.waitRecordCorrelation);
            continue;
        case 'b':
            if (key == "bytes")
                readInt(args.bytes);
            continue;
        case 'B':
            if (key == "Bytes")
                readInt(args.bytes);
            continue;
        case 'C':
            if (key == "Collective name" && !v.get_string().get(s)) {
                args.collective = s;
                args.hasComm = true;
            }
            continue;
        case 'I':
            if (key == "In msg nelems") {
                readInt(args.inNelems);
                args.hasComm = true;
            } else if (key == "Input Dims") {
                appendCompact(v, args.dims, 0);
            } else if (key == "Input type") {
                appendCompact(v, args.types, 0);
            }
            continue;
        case 'O':
            if (key == "Out msg nelems") {
                readInt(args.outNelems);
                args.hasComm = true;
            }
            continue;
        case 'G':
            if (key == "Group size") {
                readInt(args.groupSize);
                args.hasComm = true;
            }
            continue;
        case 'd':
            if (key == "dtype" && !v.get_string().get(s))
                args.dtype = s;
            continue;
        case 'P':
            if (key == "Process Group Name" && !v.get_string().get(s)) {
                args.groupName = s;
                args.hasComm = true;
            } else if (key == "Process Group Ranks" && !v.get_string().get(s)) {
                args.groupRanks = s;
            }
            continue;
        case 'n':
            if (key == "name" && !v.get_string().get(s))
                args.metaName = s;
            else if (wantNumbers) {
                double d = 0;
                if (!v.get_double().get(d) && args.numbers.size() < 32)
                    args.numbers.emplace_back(key, d);
            }
            continue;
        case 'l':
            if (key == "labels" && !v.get_string().get(s))
                args.labels = s;
            continue;
        case 's':
            if (key == "sort_index")
                readInt(args.sortIndex);
            else if (wantNumbers) {
                double d = 0;
                if (!v.get_double().get(d) && args.numbers.size() < 32)
                    args.numbers.emplace_back(key, d);
            }
            continue;
        default:
            if (wantNumbers) {
                double d = 0;
                if (!v.get_double().get(d) && args.numbers.size() < 32)
                    args.numbers.emplace_back(key, d);
            }
            continue;
        }
    }
}

bool Parser::parseEvent(od::object object, Event& ev)
{
    for (auto fieldResult : object) {
        od::field field;
        if (std::move(fieldResult).get(field))
            return false;
        const std::string_view key = rawKey(field);
        od::value v = field.value();
        auto markTypeError = [&](std::string_view which) {
            if (!ev.typeError) {
                ev.typeError = true;
                ev.typeErrorField = which;
            }
        };
        if (key.empty())
            continue;
        switch (key[0]) {
        case 'p':
            if (key == "ph") {
                std::string_view s;
                if (v.get_string().get(s) || s.size() != 1)
                    markTypeError("ph");
                else
                    ev.ph = s[0];
            } else if (key == "pid") {
                if (!readId(v, ev.pid))
                    markTypeError("pid");
            }
            break;
        case 't':
            if (key == "ts") {
                if (!readNumberText(v, ev.ts))
                    markTypeError("ts");
            } else if (key == "tid") {
                if (!readId(v, ev.tid))
                    markTypeError("tid");
            }
            break;
        case 'd':
            if (key == "dur") {
                if (!readNumberText(v, ev.dur))
                    markTypeError("dur");
            }
            break;
        case 'n':
            if (key == "name") {
                std::string_view s;
                od::json_type t;
                if (v.type().get(t))
                    markTypeError("name");
                else if (t == od::json_type::string) {
                    if (v.get_string().get(s))
                        markTypeError("name");
                    else
                        ev.name = s;
                } else {
                    ev.name = trimRight(v.raw_json_token()); // numeric names occur (readiness ticks "0".."3" written as numbers)
                }
            }
            break;
        case 'c':
            if (key == "cat") {
                std::string_view s;
                if (v.get_string().get(s))
                    markTypeError("cat");
                else
                    ev.cat = s;
            }
            break;
        case 'a':
            if (key == "args") {
                od::object args;
                od::json_type t;
                if (v.type().get(t))
                    markTypeError("args");
                else if (t == od::json_type::object && !v.get_object().get(args))
                    parseArgs(args, ev.args, ev.ph == 'C' || ev.ph == 0);
                else if (t != od::json_type::null)
                    markTypeError("args");
            }
            break;
        case 'i':
            if (key == "id") {
                od::json_type t;
                std::string_view s;
                if (v.type().get(t))
                    break;
                if (t == od::json_type::string && !v.get_string().get(s)) {
                    ev.id = hashString(s);
                    ev.hasId = true;
                } else if (t == od::json_type::number) {
                    std::int64_t n = 0;
                    if (!v.get_int64().get(n))
                        ev.id = static_cast<std::uint64_t>(n);
                    else
                        ev.id = hashString(trimRight(v.raw_json_token()));
                    ev.hasId = true;
                }
            }
            break;
        case 'b':
            if (key == "bp") {
                std::string_view s;
                if (!v.get_string().get(s))
                    ev.bindEnclosing = s == "e";
            }
            break;
        default:
            break;
        }
    }
    return true;
}

Status Parser::parseEvents(od::array events)
{
    Event ev;
    std::int64_t lastOffset = -1;
    for (auto element : events) {
        od::value value;
        if (auto error = std::move(element).get(value))
            return jsonError(error, lastOffset, "traceEvents");
        const char* location = nullptr;
        if (value.current_location().get(location))
            location = nullptr;
        const std::int64_t offset = offsetOf(location);
        lastOffset = offset;
        ++m_eventCount;
        if ((m_eventCount & 0xFFFF) == 0 && m_cancel && m_cancel->isCancelled())
            return Status::cancelled();
        od::object object;
        od::json_type type;
        if (auto error = value.type().get(type))
            return jsonError(error, offset, "event");
        if (type != od::json_type::object) {
            if (m_eventCount == 1 && !m_chunk && !m_sawKinetoKeys && m_part.opCount() == 0 && m_part.diagnostics.empty())
                return Status::error(ErrorCode::NotATrace, m_part.path, offset, "the JSON array does not hold trace events");
            m_part.warn(ErrorCode::WrongType, offset, "an event is not a JSON object; skipped");
            continue;
        }
        if (auto error = value.get_object().get(object))
            return jsonError(error, offset, "event");
        ev.ph = 0;
        ev.name = {};
        ev.cat = {};
        ev.pid = {};
        ev.tid = {};
        ev.ts = {};
        ev.dur = {};
        ev.hasId = false;
        ev.bindEnclosing = false;
        ev.typeError = false;
        ev.args.correlation = ev.args.bytes = ev.args.inNelems = ev.args.outNelems = ev.args.groupSize = -1;
        ev.args.waitStream = ev.args.waitRecordCorrelation = -1;
        ev.args.sortIndex = INT64_MIN;
        ev.args.collective = ev.args.dtype = ev.args.groupName = ev.args.groupRanks = ev.args.metaName = ev.args.labels = {};
        ev.args.hasComm = false;
        ev.args.dims.clear();
        ev.args.types.clear();
        ev.args.numbers.clear();
        if (!parseEvent(object, ev)) {
            // The object itself is malformed: a JSON error, not an event problem.
            const char* loc = nullptr;
            if (value.current_location().get(loc))
                loc = nullptr;
            return jsonError(simdjson::TAPE_ERROR, loc ? offsetOf(loc) : offset, "event");
        }
        handleEvent(ev, offset);
    }
    return {};
}

std::uint32_t Parser::trackFor(const Event& ev)
{
    RankPart::TrackKey key;
    if (ev.pid.isString)
        key.pidString = m_part.strings.intern(ev.pid.text).value();
    else
        key.pid = ev.pid.number;
    bool streamName = false;
    std::int64_t streamNumber = -1;
    if (ev.tid.isString) {
        // Kineto 2021 names GPU streams "stream 7": the same track as tid 7 in newer traces.
        std::string_view t = ev.tid.text;
        if (t.substr(0, 7) == "stream " && isDigits(trimRight(t.substr(7)))) {
            streamName = true;
            streamNumber = digitsValue(trimRight(t.substr(7)));
            key.tid = streamNumber;
        } else {
            key.tidString = m_part.strings.intern(t).value();
        }
    } else {
        key.tid = ev.tid.number;
    }
    if (m_lastTrack != StringId::kInvalid && key == m_lastKey)
        return m_lastTrack;
    auto [it, inserted] = m_trackIndex.try_emplace(key, static_cast<std::uint32_t>(m_part.tracks.size()));
    if (inserted) {
        RankPart::Track track;
        track.key = key;
        m_part.tracks.push_back(track);
    }
    if (streamName)
        m_part.tracks[it->second].gpu = true;
    m_lastKey = key;
    m_lastTrack = it->second;
    return it->second;
}

std::uint32_t Parser::addOp(const Event& ev, std::uint32_t track, TimeNs start, TimeNs end)
{
    const auto index = static_cast<std::uint32_t>(m_part.start.size());
    m_part.start.push_back(start);
    m_part.end.push_back(end);
    m_part.track.push_back(track);
    m_part.name.push_back(m_part.strings.intern(ev.name).value());
    m_part.category.push_back(m_part.strings.intern(ev.cat).value());
    m_part.bytes.push_back(ev.args.bytes > 0 ? ev.args.bytes : 0);
    m_part.correlation.push_back(ev.args.correlation);
    if (ev.args.hasComm) {
        CommArgs c;
        c.collective = m_part.strings.intern(ev.args.collective);
        c.processGroup = m_part.strings.intern(ev.args.groupName);
        c.groupRanks = m_part.strings.intern(ev.args.groupRanks);
        c.dtype = m_part.strings.intern(ev.args.dtype);
        c.inNelems = ev.args.inNelems;
        c.outNelems = ev.args.outNelems;
        c.groupSize = ev.args.groupSize >= 0 && ev.args.groupSize < INT32_MAX ? static_cast<std::int32_t>(ev.args.groupSize) : -1;
        m_part.commArgs.emplace_back(index, c);
    }
    if (ev.args.waitRecordCorrelation >= 0)
        m_part.streamWaits.emplace_back(index, RankPart::StreamWait { ev.args.waitStream, ev.args.waitRecordCorrelation });
    if (!ev.args.dims.empty() || !ev.args.types.empty()) {
        m_part.shapes.emplace_back(
            index, ShapeArgs { m_part.strings.intern(ev.args.dims), m_part.strings.intern(ev.args.types) });
    }
    if (OpClassifier::isGpuCategory(ev.cat))
        m_part.tracks[track].gpu = true;
    m_maxTime = std::max(m_maxTime, end);
    return index;
}

void Parser::handleEvent(Event& ev, std::int64_t offset)
{
    if (ev.typeError) {
        m_part.warn(ErrorCode::WrongType, offset, "events with a field of the wrong type (\"" + std::string(ev.typeErrorField) + "\"); skipped");
        return;
    }
    if (ev.ph == 0) {
        m_part.warn(ErrorCode::MissingField, offset, "events without \"ph\"; skipped");
        return;
    }
    if (ev.ph == 'M') {
        const std::uint32_t track = trackFor(ev);
        RankPart::Track& t = m_part.tracks[track];
        if (ev.name == "thread_name" && !ev.args.metaName.empty()) {
            t.name = m_part.strings.intern(ev.args.metaName);
            std::string_view n = trimRight(ev.args.metaName);
            if (n.substr(0, 7) == "stream " && isDigits(n.substr(7)))
                t.gpu = true;
        } else if (ev.name == "thread_sort_index" && ev.args.sortIndex != INT64_MIN) {
            t.sortIndex = static_cast<std::int32_t>(std::clamp<std::int64_t>(ev.args.sortIndex, INT32_MIN, INT32_MAX));
            t.sortIndexSet = true;
        } else if (ev.name == "process_name" && !ev.args.metaName.empty()) {
            m_part.processNames.emplace_back(t.key, m_part.strings.intern(ev.args.metaName));
        } else if (ev.name == "process_labels" && !ev.args.labels.empty()) {
            m_part.processLabels.emplace_back(t.key, m_part.strings.intern(ev.args.labels));
        }
        return;
    }
    TimeNs ts = 0;
    if (ev.ts.empty()) {
        m_part.warn(ErrorCode::MissingField, offset, "events without \"ts\"; skipped");
        return;
    }
    if (!Decimal::parseScaled(ev.ts, 3, ts)) {
        if (looksNumeric(ev.ts))
            m_part.warn(ErrorCode::ValueOutOfRange, offset, "events whose \"ts\" is not a representable number; skipped");
        else
            m_part.warn(ErrorCode::WrongType, offset, "events whose \"ts\" is not a number; skipped");
        return;
    }
    switch (ev.ph) {
    case 'X': {
        TimeNs dur = 0;
        if (ev.dur.empty()) {
            m_part.warn(ErrorCode::MissingField, offset, "complete events (ph X) without \"dur\"; skipped");
            return;
        }
        if (!Decimal::parseScaled(ev.dur, 3, dur)) {
            if (looksNumeric(ev.dur))
                m_part.warn(ErrorCode::ValueOutOfRange, offset, "events whose \"dur\" is not a representable number; skipped");
            else
                m_part.warn(ErrorCode::WrongType, offset, "events whose \"dur\" is not a number; skipped");
            return;
        }
        if (dur < 0) {
            m_part.warn(ErrorCode::NegativeDuration, offset, "events with a negative duration; skipped");
            return;
        }
        if (ts > INT64_MAX - dur) {
            m_part.warn(ErrorCode::ValueOutOfRange, offset, "events ending beyond the representable time; skipped");
            return;
        }
        addOp(ev, trackFor(ev), ts, ts + dur);
        return;
    }
    case 'B': {
        m_sawPaired = true;
        const std::uint32_t track = trackFor(ev);
        const std::uint32_t op = addOp(ev, track, ts, ts);
        m_openSlices[track].push_back(op);
        return;
    }
    case 'E': {
        m_sawPaired = true;
        const std::uint32_t track = trackFor(ev);
        auto it = m_openSlices.find(track);
        if (it == m_openSlices.end() || it->second.empty()) {
            m_part.warn(ErrorCode::UnmatchedEvent, offset, "end events (ph E) without a matching begin; skipped");
            return;
        }
        const std::uint32_t op = it->second.back();
        it->second.pop_back();
        if (ts < m_part.start[op]) {
            m_part.warn(ErrorCode::NegativeDuration, offset, "end events (ph E) before their begin; ended at the begin");
            ts = m_part.start[op];
        }
        m_part.end[op] = ts;
        m_maxTime = std::max(m_maxTime, ts);
        // Some writers put arguments on the closing event only.
        if (ev.args.bytes > 0 && m_part.bytes[op] == 0)
            m_part.bytes[op] = ev.args.bytes;
        if (!ev.args.dims.empty() || !ev.args.types.empty())
            m_part.shapes.emplace_back(op, ShapeArgs { m_part.strings.intern(ev.args.dims), m_part.strings.intern(ev.args.types) });
        return;
    }
    case 'i':
    case 'I':
    case 'n':
    case 'R': {
        addOp(ev, trackFor(ev), ts, ts);
        return;
    }
    case 'b':
    case 'S':
    case 'e':
    case 'F': {
        m_sawPaired = true;
        const std::uint32_t track = trackFor(ev);
        const std::uint64_t key = (static_cast<std::uint64_t>(track) * 0x9E3779B97F4A7C15ull) ^ ev.id ^ hashString(ev.cat);
        if (ev.ph == 'b' || ev.ph == 'S') {
            const std::uint32_t op = addOp(ev, track, ts, ts);
            m_openAsync[key].push_back(op);
            return;
        }
        auto it = m_openAsync.find(key);
        if (it == m_openAsync.end() || it->second.empty()) {
            m_part.warn(ErrorCode::UnmatchedEvent, offset, "async end events without a matching begin; skipped");
            return;
        }
        const std::uint32_t op = it->second.back();
        it->second.pop_back();
        m_part.end[op] = std::max(ts, m_part.start[op]);
        m_maxTime = std::max(m_maxTime, ts);
        return;
    }
    case 's':
    case 't':
    case 'f': {
        if (!ev.hasId) {
            m_part.warn(ErrorCode::MissingField, offset, "flow events without \"id\"; skipped");
            return;
        }
        RankPart::FlowPoint p;
        p.id = ev.id;
        p.category = m_part.strings.intern(ev.cat);
        p.track = trackFor(ev);
        p.time = ts;
        p.phase = ev.ph;
        // A flow start or step binds to its enclosing slice; a finish only when bp is "e".
        p.bindEnclosing = ev.ph != 'f' || ev.bindEnclosing;
        p.byteOffset = offset;
        m_part.flows.push_back(p);
        return;
    }
    case 'C': {
        const StringId base = m_part.strings.intern(ev.name);
        for (const auto& [key, value] : ev.args.numbers) {
            std::string full(ev.name);
            if (ev.args.numbers.size() > 1 || key != "value") {
                full += '.';
                full += key;
            }
            m_part.counters.push_back(CounterSample { RankId(), ev.args.numbers.size() == 1 && key == "value" ? base : m_part.strings.intern(full), ts, value });
        }
        return;
    }
    default: {
        std::string detail = "events of phase '";
        detail += ev.ph;
        detail += "' are not represented; skipped";
        m_part.warn(ErrorCode::UnsupportedEvent, offset, detail);
        return;
    }
    }
}

void Parser::closeOpenSlices()
{
    std::int64_t open = 0;
    const TimeNs endTime = m_maxTime == INT64_MIN ? 0 : m_maxTime;
    for (auto& [track, stack] : m_openSlices) {
        for (std::uint32_t op : stack) {
            m_part.end[op] = std::max(endTime, m_part.start[op]);
            ++open;
        }
    }
    for (auto& [key, stack] : m_openAsync) {
        for (std::uint32_t op : stack) {
            m_part.end[op] = std::max(endTime, m_part.start[op]);
            ++open;
        }
    }
    if (open > 0)
        m_part.warn(ErrorCode::UnmatchedEvent, -1, "begin events never ended; they run to the end of the trace", open);
}

const char* Parser::findEventsArray(std::size_t from) const
{
    // A light scan of the top-level object for the key "traceEvents" followed by an array; strings
    // and nested values are stepped over. Kineto writes the array near the start of the file.
    const std::string_view text = m_text.view();
    constexpr std::string_view kKey = "traceEvents";
    int depth = 0;
    for (std::size_t i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t begin = i + 1;
            ++i;
            while (i < text.size() && text[i] != '"')
                i += text[i] == '\\' ? 2 : 1;
            if (i >= text.size())
                return nullptr;
            if (depth != 1 || text.substr(begin, i - begin) != kKey)
                continue;
            std::size_t j = text.find_first_not_of(" \t\r\n", i + 1);
            if (j == std::string_view::npos || text[j] != ':')
                continue;
            j = text.find_first_not_of(" \t\r\n", j + 1);
            return j != std::string_view::npos && text[j] == '[' ? text.data() + j : nullptr;
        }
        if (c == '{' || c == '[')
            ++depth;
        else if ((c == '}' || c == ']') && --depth <= 0)
            return nullptr;
    }
    return nullptr;
}

std::vector<Parser::Split> Parser::planSplits(const char* from, std::size_t pieces) const
{
    // A boundary between two events reads '}' [ws] ',' [ws] '{'. The same bytes may occur inside a
    // string or a nested value; such a split leaves a piece that does not parse, and the caller falls
    // back to one pass. Writers that put each event on its own line (Kineto does) are split only where
    // a line starts with the '{', which nested values on one line never do.
    auto isSpace = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    const char* end = m_text.data() + m_text.size();
    const std::size_t span = static_cast<std::size_t>(end - from);
    auto findSplit = [&](const char* p, const char* limit, bool lineStart, Split& out) {
        while (p < limit) {
            p = static_cast<const char*>(std::memchr(p, '}', static_cast<std::size_t>(limit - p)));
            if (!p)
                return false;
            const char* q = p + 1;
            while (q < limit && isSpace(*q))
                ++q;
            if (q < limit && *q == ',') {
                ++q;
                bool newline = false;
                for (; q < limit && isSpace(*q); ++q)
                    newline = newline || *q == '\n';
                if (q < limit && *q == '{' && (newline || !lineStart)) {
                    out = Split { p, q };
                    return true;
                }
            }
            ++p;
        }
        return false;
    };
    // Decide once, from the first boundary, whether this writer breaks lines between events.
    Split first {};
    const bool lines = findSplit(from, std::min(end, from + (1u << 20)), true, first);
    std::vector<Split> splits;
    const char* p = from;
    for (std::size_t i = 1; i < pieces; ++i) {
        p = std::max(p, from + span * i / pieces);
        Split split {};
        if (!findSplit(p, std::min(end, p + (4u << 20)), lines, split))
            break;
        splits.push_back(split);
        p = split.open;
    }
    return splits;
}

Status Parser::runPieces(const char* arrayOpen, bool& used)
{
    used = false;
    const char* end = m_text.data() + m_text.size();
    const std::size_t pieceCount = static_cast<std::size_t>(end - arrayOpen) / m_pieceBytes;
    if (pieceCount < 2)
        return {};
    const std::vector<Split> splits = planSplits(arrayOpen + 1, pieceCount);
    if (splits.empty())
        return {};
    used = true;

    // The fields before the array, parsed straight into this part.
    {
        const auto length = static_cast<std::size_t>(arrayOpen + 1 - m_text.data());
        TextBuffer text(length + 2);
        std::memcpy(text.data(), m_text.data(), length);
        std::memcpy(text.data() + length, "]}", 2);
        text.setSize(length + 2);
        Parser head(text, m_part, m_cancel);
        od::parser json;
        if (!head.runPiece(Piece::Head, json).ok()) {
            m_fellBack = true;
            return {};
        }
        m_sawKinetoKeys = head.m_sawKinetoKeys;
        m_sawEvents = true;
    }

    // Workers take pieces in order, each reusing one text buffer and one JSON parser. A finished piece
    // is merged as soon as every piece before it is: merging overlaps parsing and frees staging early.
    struct Slot {
        RankPart part;
        Status status;
        bool done = false;
        bool paired = false;
        bool kineto = false;
        TimeNs maxTime = INT64_MIN;
        std::int64_t baseOffset = 0;
    };
    const std::size_t n = splits.size() + 1;
    std::vector<Slot> slots(n);
    m_pieces = n;
    std::atomic<std::size_t> next { 0 };
    std::atomic<bool> failed { false };
    std::mutex mergeMutex;
    std::size_t merged = 0;
    const std::size_t workers = std::min(parallelism(), n);
    parallelFor(workers, [&](std::size_t) {
        TextBuffer text;
        od::parser json;
        for (std::size_t i = next++; i < n && !failed.load(std::memory_order_relaxed); i = next++) {
            Slot& slot = slots[i];
            const bool last = i + 1 == n;
            const char* from = i == 0 ? arrayOpen + 1 : splits[i - 1].open;
            const char* to = last ? end : splits[i].close + 1;
            const auto length = static_cast<std::size_t>(to - from);
            const std::string_view prefix = last ? std::string_view("{\"e\":[") : std::string_view("[");
            const std::size_t size = prefix.size() + length + (last ? 0 : 1);
            if (text.capacity() < size)
                text = TextBuffer(size + size / 4);
            std::memcpy(text.data(), prefix.data(), prefix.size());
            std::memcpy(text.data() + prefix.size(), from, length);
            if (!last)
                text.data()[size - 1] = ']';
            text.setSize(size);
            slot.part.path = m_part.path;
            slot.baseOffset = static_cast<std::int64_t>(from - m_text.data()) - static_cast<std::int64_t>(prefix.size());
            Parser parser(text, slot.part, m_cancel);
            slot.status = parser.runPiece(last ? Piece::Tail : Piece::Middle, json);
            slot.paired = parser.m_sawPaired;
            slot.kineto = parser.m_sawKinetoKeys;
            slot.maxTime = parser.m_maxTime;
            if (!slot.status.ok() || slot.paired) {
                failed = true;
                break;
            }
            std::lock_guard lock(mergeMutex);
            slot.done = true;
            while (merged < n && slots[merged].done) {
                Slot& ready = slots[merged++];
                mergeChunk(ready.part, ready.baseOffset, ready.maxTime);
                m_sawKinetoKeys = m_sawKinetoKeys || ready.kineto;
                ready.part = RankPart();
            }
        }
    });
    for (const Slot& slot : slots) {
        if (slot.status.code() == ErrorCode::Cancelled)
            return slot.status;
    }
    if (failed || merged != n)
        m_fellBack = true; // the caller starts over with a fresh part
    return {};
}

Status Parser::runPiece(Piece kind, od::parser& json)
{
    m_chunk = kind != Piece::Head;
    od::document doc;
    if (auto error = json.iterate(m_text.data(), m_text.size(), m_text.capacity() + TextBuffer::kPadding).get(doc))
        return jsonError(error, -1, "piece");
    Status s;
    if (kind == Piece::Middle) {
        od::array array;
        if (auto error = doc.get_array().get(array))
            return jsonError(error, 0, "piece");
        s = parseEvents(array);
    } else {
        od::object object;
        if (auto error = doc.get_object().get(object))
            return jsonError(error, 0, "piece");
        if (kind == Piece::Head) {
            s = parseTopObject(object);
        } else {
            for (auto fieldResult : object) {
                od::field field;
                if (auto error = std::move(fieldResult).get(field))
                    return jsonError(error, -1, "piece");
                const std::string_view key = rawKey(field);
                od::value value = field.value();
                if (key != "e") {
                    handleTopField(key, value);
                    continue;
                }
                od::array array;
                if (auto error = value.get_array().get(array))
                    return jsonError(error, 0, "piece");
                if (!(s = parseEvents(array)).ok())
                    break;
            }
        }
    }
    if (!s.ok())
        return s;
    // The on-demand iterator does not look past the root value: a piece must end with it, or the
    // split was not an event boundary.
    const char* rest = nullptr;
    if (!doc.current_location().get(rest))
        return Status::error(ErrorCode::InvalidJson, m_part.path, offsetOf(rest), "a piece holds more than its array");
    m_part.eventCount = m_eventCount;
    return {};
}

void Parser::mergeChunk(RankPart& chunk, std::int64_t baseOffset, TimeNs chunkMaxTime)
{
    const std::vector<std::uint32_t> remap = chunk.internStringsInto(m_part.strings);
    auto map = [&remap](std::uint32_t id) { return id == StringId::kInvalid ? id : remap[id]; };
    auto mapId = [&map](StringId id) { return StringId(map(id.value())); };
    auto mapKey = [&map](RankPart::TrackKey k) {
        k.pidString = map(k.pidString);
        k.tidString = map(k.tidString);
        return k;
    };
    std::vector<std::uint32_t> trackMap(chunk.tracks.size());
    for (std::size_t t = 0; t < chunk.tracks.size(); ++t) {
        const RankPart::Track& src = chunk.tracks[t];
        const RankPart::TrackKey key = mapKey(src.key);
        auto [it, inserted] = m_trackIndex.try_emplace(key, static_cast<std::uint32_t>(m_part.tracks.size()));
        if (inserted) {
            RankPart::Track track;
            track.key = key;
            m_part.tracks.push_back(track);
        }
        RankPart::Track& dst = m_part.tracks[it->second];
        if (src.name.isValid() && src.name.value() != 0)
            dst.name = mapId(src.name);
        if (src.sortIndexSet) {
            dst.sortIndex = src.sortIndex;
            dst.sortIndexSet = true;
        }
        dst.gpu = dst.gpu || src.gpu;
        trackMap[t] = it->second;
    }
    for (const auto& [key, name] : chunk.processNames)
        m_part.processNames.emplace_back(mapKey(key), mapId(name));
    for (const auto& [key, label] : chunk.processLabels)
        m_part.processLabels.emplace_back(mapKey(key), mapId(label));
    const auto opBase = static_cast<std::uint32_t>(m_part.opCount());
    const std::size_t n = chunk.opCount();
    m_part.start.insert(m_part.start.end(), chunk.start.begin(), chunk.start.end());
    m_part.end.insert(m_part.end.end(), chunk.end.begin(), chunk.end.end());
    m_part.bytes.insert(m_part.bytes.end(), chunk.bytes.begin(), chunk.bytes.end());
    m_part.correlation.insert(m_part.correlation.end(), chunk.correlation.begin(), chunk.correlation.end());
    m_part.track.reserve(m_part.track.size() + n);
    m_part.name.reserve(m_part.name.size() + n);
    m_part.category.reserve(m_part.category.size() + n);
    for (std::size_t i = 0; i < n; ++i) {
        m_part.track.push_back(trackMap[chunk.track[i]]);
        m_part.name.push_back(map(chunk.name[i]));
        m_part.category.push_back(map(chunk.category[i]));
    }
    for (const auto& [op, c] : chunk.commArgs)
        m_part.commArgs.emplace_back(opBase + op, RankPart::remapped(c, remap));
    for (const auto& [op, sh] : chunk.shapes)
        m_part.shapes.emplace_back(opBase + op, RankPart::remapped(sh, remap));
    for (const auto& [op, w] : chunk.streamWaits)
        m_part.streamWaits.emplace_back(opBase + op, w);
    for (RankPart::FlowPoint f : chunk.flows) {
        f.track = trackMap[f.track];
        f.category = mapId(f.category);
        f.byteOffset = f.byteOffset >= 0 ? f.byteOffset + baseOffset : -1;
        m_part.flows.push_back(f);
    }
    for (const CounterSample& c : chunk.counters)
        m_part.counters.push_back(CounterSample { c.rank, mapId(c.name), c.time, c.value });
    for (const Diagnostic& d : chunk.diagnostics)
        m_part.warn(d.code, d.firstByteOffset >= 0 ? d.firstByteOffset + baseOffset : -1, d.detail, d.count);
    // Top-level fields that follow the events array arrive with the last piece.
    if (chunk.hasBaseTime) {
        m_part.hasBaseTime = true;
        m_part.baseTimeNs = chunk.baseTimeNs;
    }
    if (chunk.host.isValid())
        m_part.host = mapId(chunk.host);
    if (chunk.declaredRank >= 0)
        m_part.declaredRank = chunk.declaredRank;
    if (chunk.worldSize > 0)
        m_part.worldSize = chunk.worldSize;
    for (ProcessGroup pg : chunk.processGroups) {
        pg.name = mapId(pg.name);
        pg.description = mapId(pg.description);
        pg.backend = mapId(pg.backend);
        m_part.processGroups.push_back(std::move(pg));
    }
    m_eventCount += chunk.eventCount;
    m_maxTime = std::max(m_maxTime, chunkMaxTime);
}

void Parser::closeStreamingArray()
{
    // The Chrome JSON Array Format allows the closing ']' to be missing, so that a process that dies
    // mid-trace still leaves a readable file. Close the array after the last complete event.
    std::string_view text = m_text.view();
    std::size_t last = text.find_last_not_of(" \t\r\n");
    if (last == std::string_view::npos || text[last] == ']')
        return;
    // The last '}' that closes an event of the array (depth 1), skipping strings and nested values.
    std::size_t lastBrace = std::string_view::npos;
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i <= last; ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if (c == ']' || c == '}') {
            --depth;
            if (c == '}' && depth == 1)
                lastBrace = i;
        }
    }
    if (lastBrace == std::string_view::npos)
        return;
    const std::string_view tail = text.substr(lastBrace + 1, last - lastBrace);
    const bool dropped = tail.find_first_not_of(" \t\r\n,") != std::string_view::npos;
    m_text.reserveMore(1);
    m_text.data()[lastBrace + 1] = ']';
    m_text.setSize(lastBrace + 2);
    m_part.warn(ErrorCode::TruncatedJson, static_cast<std::int64_t>(lastBrace + 1),
        dropped ? "the event array is not closed and ends with an incomplete event; read up to the last complete event"
                    : "the event array is not closed (streaming writer); read to its end");
}

} // namespace

Status ChromeTraceParser::parse(
    TextBuffer& text, RankPart& part, const CancellationToken* cancel, std::size_t pieceBytes, std::size_t* piecesUsed)
{
    if (piecesUsed)
        *piecesUsed = 0;
    {
        Parser parser(text, part, cancel);
        parser.setPieceBytes(pieceBytes);
        Status s = parser.run();
        if (!parser.fellBack()) {
            if (piecesUsed)
                *piecesUsed = parser.piecesUsed();
            return s;
        }
    }
    // The events could not be split safely: parse them again in one pass.
    RankPart fresh;
    fresh.path = part.path;
    part = std::move(fresh);
    Parser parser(text, part, cancel);
    return parser.run();
}

} // namespace sightline
