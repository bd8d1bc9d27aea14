#include "core/import/chrometraceparser.h"

#include "core/base/checkedmath.h"
#include "core/base/hugepages.h"
#include "core/base/message.h"
#include "core/base/parallel.h"
#include "core/base/progress.h"
#include "core/import/decimal.h"
#include "core/import/jsontextcheck.h"
#include "core/import/rankpart.h"
#include "core/import/tensordescription.h"
#include "core/import/textbuffer.h"
#include "core/model/opclassifier.h"

#include <simdjson.h>

#include <algorithm>
#include <functional>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
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

// Whether an error of the JSON iterator means the text itself is broken, as opposed to a value of an
// unexpected type or range (which the parser reports as a warning about the field).
bool isMalformed(simdjson::error_code error)
{
    return error != simdjson::SUCCESS && error != simdjson::INCORRECT_TYPE && error != simdjson::NUMBER_OUT_OF_RANGE
        && error != simdjson::NUMBER_ERROR;
}

// Whether a rank list is written as Kineto writes one ("[0, 1, 2]": numbers, commas, spaces, brackets)
// of rank numbers below 2^20 (RankAssigner's bound), so that no reader of it can overflow.
bool isRankList(std::string_view text)
{
    std::size_t digits = 0;
    std::int64_t value = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : ',';
        if (c >= '0' && c <= '9') {
            if (++digits > 7)
                return false;
            value = value * 10 + (c - '0');
            continue;
        }
        if ((c != ',' && c != ' ' && c != '[' && c != ']') || (digits > 0 && value >= (1 << 20)))
            return false;
        digits = 0;
        value = 0;
    }
    return true;
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

// The name Kineto gives the allocator's instant events (profile_memory=True).
constexpr std::string_view kMemoryEventName = "[memory]";

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
    std::int64_t sequenceNumber = -1; // PyTorch's "Sequence number"; negative: none
    std::int64_t forwardThread = 0; // "Fwd thread id": nonzero on autograd nodes
    std::int64_t step = -1; // the iteration the writer says the op is in (dPRO's args.step); -1: none
    std::string_view collective;
    std::string_view dtype;
    std::string_view groupName;
    std::string_view groupRanks;
    std::string_view shape; // a tensor's shape as text ("[4096, 1001]"), as Horovod writes it on a closing event
    std::string_view tensorDescription; // args.snapshot.tensor_description of an object snapshot (TF)
    std::string_view metaName; // args.name (of M events: the process's or thread's)
    std::string_view labels;
    bool hasComm = false;
    // "Bytes" when negative: an allocator event's free, out of range anywhere else (see handleEvent).
    std::int64_t negativeBytes = 0;
    // Allocator event arguments ("[memory]"); -1 (0 for the address) when absent.
    bool hasMemoryBytes = false;
    std::int64_t totalAllocated = -1;
    std::int64_t totalReserved = -1;
    std::int64_t address = 0;
    std::int64_t device = -1;
    std::int64_t deviceType = -1;
    // The first argument that was of the wrong type or out of range, and which; it is ignored.
    std::string_view badArg;
    ErrorCode badArgCode = ErrorCode::Ok;
    // args.name or args.labels of the wrong type: a problem only for metadata events.
    bool badMetaArg = false;
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
    // An optional field of the wrong type (bp, id): ignored, with a warning.
    std::string_view ignoredField;
};

// What every event starts from. Copying it resets an event cheaply: assigning defaults field by field
// makes the compiler store small structs to the stack and read them straight back, a stall per event.
const Event kNoEvent {};

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
// for, and a key that does contain an escape simply matches none of them. The iterator has checked
// that the key is followed by ':' and then the value, so the key's closing quote is found walking
// back from the value over the colon and any whitespace: a few bytes, where scanning the key forward
// for its closing quote costs a step per byte.
std::string_view rawKey(od::field& field)
{
    const char* begin = field.key().raw();
    const char* end = field.value().raw_json_token().data() - 1;
    while (*end != ':')
        --end;
    --end;
    while (*end != '"')
        --end;
    return { begin, static_cast<std::size_t>(end - begin) };
}

// Whether text is a number as JSON writes one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
bool isJsonNumber(std::string_view text)
{
    auto digit = [&text](std::size_t i) { return i < text.size() && text[i] >= '0' && text[i] <= '9'; };
    std::size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
    if (!digit(i))
        return false;
    if (text[i] == '0')
        ++i;
    else
        while (digit(i))
            ++i;
    if (i < text.size() && text[i] == '.') {
        if (!digit(++i))
            return false;
        while (digit(i))
            ++i;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        if (!digit(i))
            return false;
        while (digit(i))
            ++i;
    }
    return i == text.size();
}

// A value that is no JSON value at all: a bare word (NaN, nan, Infinity, tru), or a number JSON does
// not write (01, 1., 0x10, -Infinity). The iterator takes such text for a value of the type its first
// byte suggests and only fails when the value is read, if ever: these checks make it malformed text
// wherever an event or its arguments hold it.
bool isMalformedValue(od::value& v)
{
    od::json_type t;
    if (v.type().get(t))
        return true;
    switch (t) {
    case od::json_type::number:
        return !isJsonNumber(trimRight(v.raw_json_token()));
    case od::json_type::boolean:
    case od::json_type::null: {
        const std::string_view token = trimRight(v.raw_json_token());
        return token != "true" && token != "false" && token != "null";
    }
    default:
        return false;
    }
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

// Appends the array whose '[' is at p, without the whitespace outside its strings: what appendCompact
// writes for it, read straight from the text instead of walked value by value. Only arrays of numbers,
// literals, strings without escapes and such arrays nested at most eight deep are taken, with their
// grammar checked; for anything else (an escape, an object, malformed text) nothing is appended and
// false returned, and appendCompact handles the value as before.
bool appendPlainArray(const char* p, const char* end, std::string& out)
{
    auto isSpace = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    auto isNumberChar = [](char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; };
    // Written through a pointer into room made ahead (grown as needed), then cut to what was written:
    // appending byte by byte to the string costs more than the scan.
    const std::size_t mark = out.size();
    std::size_t room = 128;
    out.resize(mark + room);
    char* first = out.data() + mark;
    char* dst = first;
    auto makeRoom = [&](std::size_t bytes) {
        if (room - static_cast<std::size_t>(dst - first) >= bytes)
            return;
        const auto used = static_cast<std::size_t>(dst - first);
        room = std::max(2 * room, used + bytes);
        out.resize(mark + room);
        first = out.data() + mark;
        dst = first + used;
    };
    auto finish = [&](bool ok) {
        out.resize(ok ? mark + static_cast<std::size_t>(dst - first) : mark);
        return ok;
    };
    enum class Expect { Value, ValueOrClose, CommaOrClose };
    Expect expect = Expect::Value;
    int depth = 0;
    while (p < end) {
        const char c = *p;
        if (isSpace(c)) {
            ++p;
            continue;
        }
        makeRoom(1);
        if (expect == Expect::CommaOrClose || (expect == Expect::ValueOrClose && c == ']')) {
            if (c == ',' && expect == Expect::CommaOrClose) {
                expect = Expect::Value;
            } else if (c == ']') {
                expect = Expect::CommaOrClose;
                --depth;
            } else {
                return finish(false);
            }
            *dst++ = c;
            ++p;
            if (depth == 0)
                return finish(true);
            continue;
        }
        if (c == '[') {
            // appendCompact writes nothing for values nested deeper than eight.
            if (++depth > 8)
                return finish(false);
            *dst++ = c;
            ++p;
            expect = Expect::ValueOrClose;
            continue;
        }
        if (depth == 0)
            return finish(false);
        const char* q = p;
        if (c == '"') {
            q = static_cast<const char*>(std::memchr(p + 1, '"', static_cast<std::size_t>(end - p - 1)));
            if (!q || std::memchr(p + 1, '\\', static_cast<std::size_t>(q - p - 1)))
                return finish(false);
            ++q;
        } else if ((c >= '0' && c <= '9') || c == '-') {
            while (q < end && isNumberChar(*q))
                ++q;
        } else {
            for (std::string_view literal : { std::string_view("true"), std::string_view("false"), std::string_view("null") }) {
                if (static_cast<std::size_t>(end - p) >= literal.size() && std::string_view(p, literal.size()) == literal) {
                    q = p + literal.size();
                    break;
                }
            }
            if (q == p)
                return finish(false);
        }
        // A token ends at a separator, as in valid JSON.
        if (q < end && !isSpace(*q) && *q != ',' && *q != ']')
            return finish(false);
        makeRoom(static_cast<std::size_t>(q - p));
        std::memcpy(dst, p, static_cast<std::size_t>(q - p));
        dst += q - p;
        p = q;
        expect = Expect::CommaOrClose;
    }
    return finish(false);
}

std::uint64_t hashString(std::string_view s)
{
    std::uint64_t h = 1469598103934665603ull;
    for (char c : s)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// The JSON text a parser walks: a whole document or one piece of it. At least TextBuffer::kPadding
// readable bytes follow size, as the SIMD stage reads past the end.
struct Text {
    char* data = nullptr;
    std::size_t size = 0;
    std::size_t allocated = 0; // readable bytes from data on, padding included
    std::string_view view() const { return { data, size }; }
};

Text textOf(TextBuffer& buffer)
{
    return Text { buffer.data(), buffer.size(), buffer.capacity() + TextBuffer::kPadding };
}

// Grows a column geometrically before an append of extra elements: reserving exactly what each piece
// adds would move the whole column once per piece.
template <class T>
void reserveFor(std::vector<T>& column, std::size_t extra)
{
    if (column.capacity() < column.size() + extra)
        column.reserve(std::max(column.size() + extra, column.capacity() * 2));
}

// An empty part that keeps the storage of used's op columns and tables, for the next piece: reusing
// pages spares the faults and zeroing of fresh memory for every piece.
RankPart recycled(RankPart&& used)
{
    RankPart fresh;
    auto keep = [](auto& to, auto& from) {
        from.clear();
        to.swap(from);
    };
    keep(fresh.start, used.start);
    keep(fresh.end, used.end);
    keep(fresh.track, used.track);
    keep(fresh.name, used.name);
    keep(fresh.category, used.category);
    keep(fresh.bytes, used.bytes);
    keep(fresh.correlation, used.correlation);
    keep(fresh.shapes, used.shapes);
    keep(fresh.memory, used.memory);
    keep(fresh.sequences, used.sequences);
    keep(fresh.flows, used.flows);
    return fresh;
}

class Parser {
public:
    Parser(TextBuffer& text, RankPart& part, const CancellationToken* cancel)
        : m_buffer(&text)
        , m_text(textOf(text))
        , m_part(part)
        , m_cancel(cancel)
    {
    }
    // A piece of a document that is parsed where it lies.
    Parser(Text text, RankPart& part, const CancellationToken* cancel)
        : m_text(text)
        , m_part(part)
        , m_cancel(cancel)
    {
    }

    Status run();

    // Pieces of about this many bytes are parsed on all cores; 0 parses in one sequential pass.
    void setPieceBytes(std::size_t bytes) { m_pieceBytes = bytes; }
    void setProgress(const std::function<void(double)>& progress) { m_progress = progress; }
    // Pieces the events were parsed in: 0 for one pass.
    std::size_t piecesUsed() const { return m_pieces; }
    bool fellBack() const { return m_fellBack; }
    // An open array that stopped cleanly after an event is closed there without checking the text
    // before it (closeStreamingArray): the parse then checks it, as it would a closed array's. When
    // that parse fails, restoreOpenArray() puts the text back, for a parse that checks first.
    void setCloseOptimistically(bool on) { m_closeOptimistically = on; }
    bool closedOptimistically() const { return m_closedAt != std::string_view::npos && !m_closeChecked; }
    // Puts back the text that closing an open array (optimistically or checked) cut off.
    void restoreOpenArray();

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
    // An end event (ph E) of a piece that found no begin open on its track within the piece: its
    // begin lies in an earlier piece, and the merge pairs them in order.
    struct PendingEnd {
        std::uint32_t track; // the piece's
        TimeNs time;
        std::int64_t bytes;
        std::optional<ShapeArgs> shape; // the piece's strings
        std::size_t shapeIndex; // how many shapes the piece held before this end's
    };
    // What a piece leaves for the merge to pair: its unpaired ends, and its begins still open.
    struct OpenSlices {
        std::vector<PendingEnd> ends;
        std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> begins; // the piece's track, ops
    };
    // Parses the events array opening at arrayOpen in pieces on all cores; the array is the whole
    // document when bare. Sets m_fellBack when a split is not an event boundary, async pairs need one
    // pass, an end pairs with no begin or ends before it, or a piece is malformed: the caller then
    // parses sequentially, which also reports any error at its true place.
    Status runPieces(const char* arrayOpen, bool bare, bool& used);
    // Closes what is still open and checks that the file held usable events.
    Status finishRun();
    Status runPiece(Piece kind, od::parser& json);
    // Appends a piece's part; false when its pending ends do not pair as one pass would pair them.
    bool mergeChunk(RankPart& chunk, const OpenSlices& open, std::int64_t baseOffset, TimeNs chunkMaxTime);
    // Pairs a piece's pending ends with the begins left open before it; their shapes go where one pass
    // puts them, among the piece's own (chunk.shapes, already remapped, with ops offset by opBase).
    bool pairPendingEnds(const RankPart& chunk, const OpenSlices& open, const std::vector<std::uint32_t>& trackMap,
        const std::vector<std::uint32_t>& remap, std::uint32_t opBase);
    OpenSlices takeOpenSlices();
    void reserveLike(const RankPart& first, std::size_t pieces);

    std::int64_t offsetOf(const char* p) const
    {
        if (!p)
            return -1;
        return static_cast<std::int64_t>(p - m_text.data);
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
    // False when the value is malformed JSON (the caller reports it); problems of meaning are warnings.
    bool handleTopField(std::string_view key, od::value value);
    Status parseEvents(od::array events);
    bool parseDistributedInfo(od::value value);
    // Calls visit(object, its offset) for each object of the array at value; a value that is not an
    // array, and elements that are not objects, are warned about (notArray, notObject) and skipped.
    // False when the text is malformed, or visit says so.
    template <class Visit>
    bool forEachObject(od::value value, const char* notArray, const char* notObject, Visit&& visit);
    bool parseProcessGroups(od::value value);
    bool parseProcessGroup(od::object group);
    bool parseDeviceProperties(od::value value);
    bool parseDevice(od::object device, std::int64_t offset);
    // False when the object is malformed JSON: every field is walked, so that an error inside a value
    // (an unclosed bracket in args) stops the parse rather than silently ending the events array.
    bool parseEvent(od::object object, Event& ev);
    bool parseArgs(od::object object, EventArgs& args, bool wantNumbers);
    // An object snapshot's args.snapshot: its tensor_description text. False when malformed.
    bool readSnapshot(od::value& value, EventArgs& args);
    // An object event (ph N, O, D) as the part's ObjectEvent.
    void addObject(const Event& ev, TimeNs ts, std::int64_t offset);
    bool readId(od::value& value, IdValue& out);
    // Input shapes and types as compact text: Malformed when the text is not JSON there, WrongType when
    // the value holds an object (no shape); out is unchanged then.
    enum class ShapeResult { Ok, WrongType, Malformed };
    ShapeResult appendCompact(od::value value, std::string& out, int depth);
    ShapeResult appendShape(od::value& value, std::string& out);
    std::uint32_t trackFor(const Event& ev);
    StringId intern(std::string_view text);
    void handleEvent(Event& ev, std::int64_t offset);
    std::uint32_t addOp(const Event& ev, std::uint32_t track, TimeNs start, TimeNs end);
    // Keeps what an allocator event ("[memory]", already the op `op`) recorded, for the memory estimate.
    void addMemoryEvent(const Event& ev, std::uint32_t op, std::int64_t offset);
    void closeOpenSlices();
    // Keeps an end event whose begin lies in an earlier piece, with what it adds to its op.
    void pendEnd(const Event& ev, std::uint32_t track, TimeNs ts, std::int64_t offset);
    // The shape an end event gives its op: its input shapes, or (Horovod) the tensor's shape and type
    // as the op's one input; none when it gives neither.
    std::optional<ShapeArgs> endShape(const Event& ev, std::int64_t offset);
    // Ends the open slice op at ts with what its end event adds: bytes where it has none, and a shape.
    void endSlice(std::uint32_t op, TimeNs ts, std::int64_t bytes, const std::optional<ShapeArgs>& shape);
    // One tensor's shape text ("[4096, 1001]") and type as the op's recorded input ("[[4096,1001]]",
    // "[\"float32\"]"); text that is not a list of whole numbers is left out.
    void tensorShape(std::string_view shape, std::string_view dtype, std::int64_t offset);
    // Closes an event array that a writer left open; an error when the text is malformed before its end.
    Status closeStreamingArray();

    TextBuffer* m_buffer = nullptr; // the whole document; null for a piece parsed in place
    Text m_text;
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
    bool m_firstPiece = false; // the piece that opens the events array
    bool m_sawAsync = false; // async begin/end seen: their pairing needs one sequential pass
    std::vector<PendingEnd> m_pendingEnds; // a piece's ends whose begins lie in an earlier piece
    // A fwdbwd flow seen: the file pairs forward and backward ops itself, so sequence numbers are no
    // longer kept (RankFinalizer would drop them), sparing their table in traces that have both.
    bool m_sawForwardBackwardFlow = false;
    std::size_t m_pieceBytes = 0;
    std::function<void(double)> m_progress; // share of the pieces merged
    std::size_t m_pieces = 0;
    bool m_fellBack = false; // a parallel attempt was abandoned; the caller re-parses sequentially
    bool m_closeOptimistically = false;
    std::size_t m_closedAt = std::string_view::npos; // where a close wrote its ']'
    std::string m_closedTail; // the text it cut off there, padding included
    bool m_closeChecked = false; // the close checked the text before it
    // Arguments of the current event that are rebuilt as text, kept from event to event for their storage.
    std::string m_dims; // "Input Dims", compact JSON
    std::string m_types; // "Input type", compact JSON
    std::vector<std::pair<std::string_view, double>> m_numbers; // counter values
    // Recently interned strings, in front of the pool; see intern().
    struct Interned {
        std::string_view text; // the pool's copy
        StringId id;
    };
    std::array<Interned, 512> m_recent {};
};

Status Parser::jsonError(simdjson::error_code error, std::int64_t offset, const char* where)
{
    // Errors of the text's bytes (encoding, control characters, depth) are found for the document as a
    // whole, without a place: find the place, and say what is wrong rather than guess "truncated".
    if (error == simdjson::UTF8_ERROR || error == simdjson::UNESCAPED_CHARS || error == simdjson::DEPTH_ERROR
        || error == simdjson::TAPE_ERROR || error == simdjson::STRING_ERROR || error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT) {
        const JsonTextCheck::Problem problem = JsonTextCheck::firstProblem(m_text.view(), simdjson::DEFAULT_MAX_DEPTH);
        if (problem.offset >= 0 && (offset < 0 || problem.offset <= offset || error != simdjson::TAPE_ERROR))
            return Status::error(ErrorCode::InvalidJson, m_part.path, problem.offset, problem.what);
        // Whole brackets and strings that are still open where the text stops: it was cut short, wherever
        // the iterator noticed.
        if (problem.offset < 0 && problem.cutShort) {
            const auto end = static_cast<std::int64_t>(trimRight(m_text.view()).size());
            return Status::error(ErrorCode::TruncatedJson, m_part.path, end,
                Message(
                    SL_TEXT("Core", "the JSON text ends early (%1: %2)"), { where, simdjson::error_message(error) }));
        }
    }
    // An error at or past the last significant byte means the text simply stops: truncated.
    std::string_view text = trimRight(m_text.view());
    while (!text.empty() && text.back() == '\0')
        text.remove_suffix(1);
    text = trimRight(text);
    const bool atEnd = offset < 0 || offset >= static_cast<std::int64_t>(text.size()) - 1
        || error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT || error == simdjson::UNCLOSED_STRING;
    if (error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT || error == simdjson::UNCLOSED_STRING)
        offset = static_cast<std::int64_t>(text.size());
    if (atEnd)
        return Status::error(ErrorCode::TruncatedJson, m_part.path,
            offset >= 0 ? offset : static_cast<std::int64_t>(text.size()),
            Message(SL_TEXT("Core", "the JSON text ends early (%1: %2)"), { where, simdjson::error_message(error) }));
    // The parser's own words: technical, outside the catalogue.
    return Status::error(
        ErrorCode::InvalidJson, m_part.path, offset, std::string(where) + ": " + simdjson::error_message(error));
}

Status Parser::run()
{
    if (const std::string wide = JsonTextCheck::wideEncoding(m_text.view()); !wide.empty())
        return Status::error(ErrorCode::NotATrace, m_part.path, 0,
            Message(SL_TEXT("Core", "the text is %1; traces are read as UTF-8"), { wide }));
    // A UTF-8 byte-order mark is not JSON: blank it (the offsets of everything after it stay right).
    if (m_text.view().substr(0, 3) == "\xEF\xBB\xBF")
        std::memset(m_text.data, ' ', 3);
    const std::string_view head = m_text.view();
    const std::size_t firstChar = head.find_first_not_of(" \t\r\n");
    if (firstChar == std::string_view::npos)
        return Status::error(
            ErrorCode::EmptyFile, m_part.path, 0, Message(SL_TEXT("Core", "the file holds only whitespace")));
    // Kept by value: closing a streaming array may move the text, and head with it.
    const char opening = head[firstChar];
    if (opening != '{' && opening != '[')
        return Status::error(ErrorCode::NotATrace, m_part.path, static_cast<std::int64_t>(firstChar),
            Message(SL_TEXT("Core", "not JSON: a trace starts with '{' or '['")));
    if (opening == '[') {
        if (Status s = closeStreamingArray(); !s.ok())
            return s;
    }
    if (m_pieceBytes > 0) {
        const bool bare = opening == '[';
        if (const char* open = bare ? m_text.data + firstChar : findEventsArray(firstChar)) {
            bool used = false;
            Status s = runPieces(open, bare, used);
            if (!s.ok() || m_fellBack)
                return s;
            if (used) {
                if (bare)
                    m_part.format = "chrome";
                else if (m_part.format.empty())
                    m_part.format = m_sawKinetoKeys ? "kineto" : "chrome";
                return finishRun();
            }
        }
    }
    od::parser parser;
    od::document doc;
    auto error = parser.iterate(m_text.data, m_text.size, m_text.allocated).get(doc);
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
                Message(SL_TEXT("Core", "the JSON object has no \"traceEvents\" array")));
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
            Message(SL_TEXT("Core", "the JSON document is neither an object nor an array of events")));
    }
    if (!status.ok())
        return status;
    // The iterator stops after the root value: anything but whitespace after it is not JSON.
    if (const char* rest = nullptr; !doc.current_location().get(rest))
        return Status::error(ErrorCode::InvalidJson, m_part.path, offsetOf(rest),
            Message(SL_TEXT("Core", "text follows the end of the JSON document")));
    return finishRun();
}

Status Parser::finishRun()
{
    closeOpenSlices();
    if (m_part.opCount() == 0 && m_part.counters.empty()) {
        if (m_eventCount == 0)
            return Status::error(
                ErrorCode::NoEvents, m_part.path, -1, Message(SL_TEXT("Core", "the trace holds no events")));
        if (m_part.diagnostics.empty())
            return Status::error(
                ErrorCode::NoEvents, m_part.path, -1, Message(SL_TEXT("Core", "the trace holds only metadata events")));
        const Diagnostic& first = m_part.diagnostics.front();
        return Status::error(first.code, m_part.path, first.firstByteOffset,
            Message(
                SL_TEXT("Core", "no usable event (%1 skipped; first problem: %2)"), { m_eventCount, first.detail }));
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
                    return Status::error(ErrorCode::WrongType, m_part.path, offsetOf(value),
                        Message(SL_TEXT("Core", "\"traceEvents\" is not an array")));
                return jsonError(error, offsetOf(value), "traceEvents");
            }
            if (m_sawEvents)
                m_part.warn(ErrorCode::UnsupportedEvent, offsetOf(value),
                    Message(SL_TEXT(
                        "Core", "the document holds \"traceEvents\" more than once; the events of each are read")));
            m_sawEvents = true;
            Status s = parseEvents(events);
            if (!s.ok())
                return s;
        } else if (!handleTopField(key, value)) {
            return jsonError(simdjson::TAPE_ERROR, offsetOf(value), "top-level field");
        }
    }
    return {};
}

bool Parser::handleTopField(std::string_view key, od::value value)
{
    if (isMalformedValue(value))
        return false;
    if (key == "distributedInfo") {
        m_sawKinetoKeys = true;
        return parseDistributedInfo(value);
    }
    if (key == "baseTimeNanoseconds") {
        // An integer count of nanoseconds: a fraction or an exponent is not one.
        const std::string_view token = trimRight(value.raw_json_token());
        std::int64_t base = 0;
        if (token.find_first_not_of("-0123456789") == std::string_view::npos && Decimal::parseScaled(token, 0, base)) {
            m_part.hasBaseTime = true;
            m_part.baseTimeNs = base;
        } else {
            m_part.warn(ErrorCode::WrongType, offsetOf(value),
                Message(SL_TEXT("Core", "baseTimeNanoseconds is not an integer number of nanoseconds; ignored")));
        }
    } else if (key == "host_name" || key == "hostname") {
        std::string_view host;
        if (const auto error = value.get_string().get(host)) {
            if (isMalformed(error))
                return false;
            m_part.warn(ErrorCode::WrongType, offsetOf(value),
                Message(SL_TEXT("Core", "the host name is not a string; ignored")));
        } else {
            m_part.host = m_part.strings.intern(host);
        }
    } else if (key == "deviceProperties") {
        m_sawKinetoKeys = true;
        return parseDeviceProperties(value);
    } else if (key == "schemaVersion") {
        m_sawKinetoKeys = true;
    }
    return true;
}

bool Parser::parseDeviceProperties(od::value value)
{
    return forEachObject(value, SL_TEXT("Core", "deviceProperties is not an array; ignored"),
        SL_TEXT("Core", "devices in deviceProperties that are not objects; skipped"),
        [this](od::object device, std::int64_t offset) { return parseDevice(device, offset); });
}

bool Parser::parseDevice(od::object device, std::int64_t offset)
{
    RankPart::Device entry;
    bool usable = true;
    for (auto df : device) {
        od::field f;
        if (std::move(df).get(f))
            return false;
        const std::string_view k = rawKey(f);
        od::value fv = f.value();
        if (isMalformedValue(fv))
            return false;
        std::int64_t n = 0;
        std::string_view text;
        if (k == "id" || k == "totalGlobalMem") {
            const bool id = k == "id";
            if (auto error = fv.get_int64().get(n); isMalformed(error))
                return false;
            else if (error || n < 0 || n > (id ? INT16_MAX : MemoryArgs::kLimit - 1))
                usable = false;
            else if (id)
                entry.index = static_cast<std::int32_t>(n);
            else
                entry.memoryBytes = n;
        } else if (k == "name") {
            if (auto error = fv.get_string().get(text); isMalformed(error))
                return false;
            else if (!error)
                entry.name = m_part.strings.intern(text);
        }
    }
    if (!usable || entry.index < 0) {
        m_part.warn(ErrorCode::WrongType, offset,
            Message(SL_TEXT("Core",
                "devices in deviceProperties without a device number \"id\" and a byte count \"totalGlobalMem\" that "
                "fit; skipped")));
        return true;
    }
    m_part.devices.push_back(entry);
    return true;
}

bool Parser::parseDistributedInfo(od::value value)
{
    od::object info;
    if (auto error = value.get_object().get(info)) {
        if (isMalformed(error))
            return false;
        m_part.warn(ErrorCode::WrongType, offsetOf(value),
            Message(SL_TEXT("Core", "distributedInfo is not an object; ignored")));
        return true;
    }
    for (auto fieldResult : info) {
        od::field field;
        if (std::move(fieldResult).get(field))
            return false;
        const std::string_view key = rawKey(field);
        od::value v = field.value();
        std::int64_t n = 0;
        if (key == "rank" || key == "world_size") {
            const bool rank = key == "rank";
            if (auto error = v.get_int64().get(n); isMalformed(error))
                return false;
            else if (error || n < (rank ? 0 : 1) || n >= INT32_MAX)
                m_part.warn(ErrorCode::WrongType, offsetOf(v),
                    rank ? Message(SL_TEXT("Core", "distributedInfo.rank is not a rank number; ignored"))
                         : Message(SL_TEXT("Core", "distributedInfo.world_size is not a positive count; ignored")));
            else
                (rank ? m_part.declaredRank : m_part.worldSize) = static_cast<std::int32_t>(n);
        } else if (key == "pg_config") {
            if (!parseProcessGroups(v))
                return false;
        }
    }
    return true;
}

template <class Visit>
bool Parser::forEachObject(od::value value, const char* notArray, const char* notObject, Visit&& visit)
{
    od::array array;
    if (auto error = value.get_array().get(array)) {
        if (isMalformed(error))
            return false;
        m_part.warn(ErrorCode::WrongType, offsetOf(value), Message(notArray));
        return true;
    }
    for (auto element : array) {
        od::value ev;
        if (std::move(element).get(ev))
            return false;
        const std::int64_t offset = offsetOf(ev);
        od::object object;
        if (auto error = ev.get_object().get(object)) {
            if (isMalformed(error))
                return false;
            m_part.warn(ErrorCode::WrongType, offset, Message(notObject));
            continue;
        }
        if (!visit(object, offset))
            return false;
    }
    return true;
}

bool Parser::parseProcessGroups(od::value value)
{
    return forEachObject(value, SL_TEXT("Core", "distributedInfo.pg_config is not an array; ignored"),
        SL_TEXT("Core", "process groups in distributedInfo.pg_config that are not objects; skipped"),
        [this](od::object go, std::int64_t) { return parseProcessGroup(go); });
}

bool Parser::parseProcessGroup(od::object go)
{
    // Fields a group does not give stay empty (a group without pg_name has an empty name).
    ProcessGroup pg;
    for (auto gf : go) {
        od::field f;
        std::string_view k;
        if (std::move(gf).get(f) || f.unescaped_key().get(k))
            return false;
        od::value fv = f.value();
        std::string_view text;
        StringId* target = k == "pg_name" ? &pg.name : k == "pg_desc" ? &pg.description : k == "backend_config" ? &pg.backend : nullptr;
        if (target) {
            if (auto error = fv.get_string().get(text); isMalformed(error))
                return false;
            else if (error)
                m_part.warn(ErrorCode::WrongType, offsetOf(fv),
                    Message(SL_TEXT("Core", "process group fields that are not strings; ignored")));
            else
                *target = m_part.strings.intern(text);
        } else if (k == "ranks") {
            od::array ranks;
            if (auto error = fv.get_array().get(ranks)) {
                if (isMalformed(error))
                    return false;
                m_part.warn(ErrorCode::WrongType, offsetOf(fv),
                    Message(SL_TEXT("Core", "process group ranks that are not an array; ignored")));
                continue;
            }
            for (auto r : ranks) {
                std::int64_t rv = 0;
                if (auto error = r.get_int64().get(rv); isMalformed(error))
                    return false;
                else if (error || rv < 0 || rv >= INT32_MAX)
                    m_part.warn(ErrorCode::WrongType, -1,
                        Message(SL_TEXT("Core", "process group ranks that are not rank numbers; ignored")));
                else
                    pg.ranks.push_back(static_cast<std::int32_t>(rv));
            }
        }
    }
    m_part.processGroups.push_back(std::move(pg));
    return true;
}

bool Parser::readId(od::value& value, IdValue& out)
{
    // Most ids are small non-negative integers: read their digits straight from the token, which is
    // what the iterator would make of them (any other form, a sign, a fraction, a string, takes the
    // general way below).
    const std::string_view token = value.raw_json_token();
    std::size_t digits = 0;
    while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9')
        ++digits;
    if (digits > 0 && digits < 19 && (digits == token.size() || trimRight(token).size() == digits)) {
        out.present = true;
        out.number = digitsValue(token.substr(0, digits));
        return true;
    }
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

Parser::ShapeResult Parser::appendCompact(od::value value, std::string& out, int depth)
{
    od::json_type type;
    if (value.type().get(type) || isMalformedValue(value))
        return ShapeResult::Malformed;
    if (depth > 8)
        return ShapeResult::Ok;
    switch (type) {
    case od::json_type::array: {
        od::array arr;
        if (value.get_array().get(arr))
            return ShapeResult::Malformed;
        out.push_back('[');
        bool first = true;
        for (auto element : arr) {
            od::value ev;
            if (std::move(element).get(ev))
                return ShapeResult::Malformed;
            if (!first)
                out.push_back(',');
            first = false;
            if (const ShapeResult r = appendCompact(ev, out, depth + 1); r != ShapeResult::Ok)
                return r;
        }
        out.push_back(']');
        return ShapeResult::Ok;
    }
    case od::json_type::string: {
        std::string_view s;
        if (value.get_string().get(s))
            return ShapeResult::Malformed;
        out.push_back('"');
        for (char c : s) {
            if (c == '"' || c == '\\')
                out.push_back('\\');
            out.push_back(c);
        }
        out.push_back('"');
        return ShapeResult::Ok;
    }
    case od::json_type::object:
        // Shapes and types are arrays of numbers, strings and such arrays: an object is none of them.
        return ShapeResult::WrongType;
    default:
        out += trimRight(value.raw_json_token());
        return ShapeResult::Ok;
    }
}

Parser::ShapeResult Parser::appendShape(od::value& value, std::string& out)
{
    // Shapes are plain nested arrays of numbers or of type names: copied from the text, they need not
    // be walked element by element. The value is left unconsumed then; the object walk skips it.
    const std::string_view token = value.raw_json_token();
    if (!token.empty() && token[0] == '[' && appendPlainArray(token.data(), m_text.data + m_text.size, out))
        return ShapeResult::Ok;
    const std::size_t mark = out.size();
    const ShapeResult r = appendCompact(value, out, 0);
    if (r != ShapeResult::Ok)
        out.resize(mark);
    return r;
}

bool Parser::readSnapshot(od::value& value, EventArgs& args)
{
    od::object snapshot;
    if (value.get_object().get(snapshot)) {
        if (args.badArg.empty()) {
            args.badArg = "snapshot";
            args.badArgCode = ErrorCode::WrongType;
        }
        return true;
    }
    // Its other fields are stepped over as any nested value of an argument is.
    od::value description;
    const auto error = snapshot.find_field_unordered("tensor_description").get(description);
    if (error == simdjson::NO_SUCH_FIELD)
        return true;
    if (error || isMalformedValue(description))
        return false;
    std::string_view text;
    if (!description.get_string().get(text))
        args.tensorDescription = text;
    return true;
}

bool Parser::parseArgs(od::object object, EventArgs& args, bool wantNumbers)
{
    for (auto fieldResult : object) {
        // Fields and values are used where the iterator holds them: copying them out costs more than
        // the rest of the walk, as the copies read back what was just stored in pieces.
        if (fieldResult.error())
            return false;
        od::field&& field = std::move(fieldResult).value_unsafe();
        const std::string_view key = rawKey(field);
        od::value& v = field.value();
        if (isMalformedValue(v))
            return false;
        std::int64_t n = 0;
        std::string_view s;
        // An argument the importer reads that it cannot use: ignored, and said once per event.
        auto bad = [&](ErrorCode code) {
            if (args.badArg.empty()) {
                args.badArg = key;
                args.badArgCode = code;
            }
        };
        // A numeric argument kept for counter events (at most 32 per event); a number beyond a double's
        // range is not a value.
        auto addNumber = [&] {
            double d = 0;
            if (!wantNumbers)
                return;
            if (const auto error = v.get_double().get(d); !error) {
                if (m_numbers.size() < 32)
                    m_numbers.emplace_back(key, d);
            } else if (error != simdjson::INCORRECT_TYPE) {
                bad(ErrorCode::ValueOutOfRange);
            }
        };
        // An integer argument within [least, most]: a correlation id, a count, a size, a stream. A
        // fraction or exponent form is not an integer (wrong type); a whole number past int64 is out
        // of range.
        auto readInt = [&](std::int64_t& target, std::int64_t least = 0, std::int64_t most = INT64_MAX) {
            od::json_type t;
            od::number_type nt;
            if (v.get_int64().get(n)) {
                const bool whole = !v.type().get(t) && t == od::json_type::number && !v.get_number_type().get(nt)
                    && nt != od::number_type::floating_point_number;
                bad(whole ? ErrorCode::ValueOutOfRange : ErrorCode::WrongType);
            } else if (n < least || n > most)
                bad(ErrorCode::ValueOutOfRange);
            else
                target = n;
        };
        // An allocator event's argument. Counter events may carry the same keys as plain numbers: kept as
        // such there, without a complaint about their type or range.
        auto readMemoryInt = [&](std::int64_t& target, std::int64_t least, std::int64_t most) {
            if (wantNumbers) {
                addNumber();
                std::int64_t value = 0;
                if (!v.get_int64().get(value) && value >= least && value <= most)
                    target = value;
                return;
            }
            readInt(target, least, most);
        };
        auto readString = [&](std::string_view& target) {
            if (v.get_string().get(s)) {
                bad(ErrorCode::WrongType);
                return false;
            }
            target = s;
            return true;
        };
        if (key.empty())
            continue;
        switch (key[0]) {
        case 'c':
            if (key == "correlation")
                readInt(args.correlation);
            else
                addNumber();
            continue;
        case 'w':
            if (key == "wait_on_stream")
                readInt(args.waitStream);
            else if (key == "wait_on_cuda_event_record_corr_id")
                readInt(args.waitRecordCorrelation);
            else
                addNumber();
            continue;
        case 'b':
            if (key == "bytes")
                readInt(args.bytes);
            else
                addNumber();
            continue;
        case 'B':
            // Signed: an allocator event records a free as negative bytes. Which events may be negative is
            // known only once the name is (handleEvent).
            if (key == "Bytes") {
                std::int64_t bytes = INT64_MIN;
                readInt(bytes, INT64_MIN + 1);
                if (bytes != INT64_MIN) {
                    args.hasMemoryBytes = true;
                    if (bytes >= 0)
                        args.bytes = bytes;
                    else
                        args.negativeBytes = bytes;
                }
            } else {
                addNumber();
            }
            continue;
        case 'T':
            if (key == "Total Allocated")
                readMemoryInt(args.totalAllocated, 0, MemoryArgs::kLimit - 1);
            else if (key == "Total Reserved")
                readMemoryInt(args.totalReserved, 0, MemoryArgs::kLimit - 1);
            else
                addNumber();
            continue;
        case 'A':
            if (key == "Addr")
                readMemoryInt(args.address, 0, INT64_MAX);
            else
                addNumber();
            continue;
        case 'D':
            if (key == "Device Id")
                readMemoryInt(args.device, -1, INT16_MAX);
            else if (key == "Device Type")
                readMemoryInt(args.deviceType, 0, MemoryArgs::kUnknownDeviceType - 1);
            else
                addNumber();
            continue;
        case 'C':
            if (key == "Collective name") {
                if (readString(args.collective))
                    args.hasComm = true;
            } else {
                addNumber();
            }
            continue;
        case 'I':
            if (key == "In msg nelems") {
                readInt(args.inNelems);
                args.hasComm = true;
            } else if (key == "Input Dims" || key == "Input type") {
                od::json_type t;
                if (v.type().get(t) || t != od::json_type::array) {
                    bad(ErrorCode::WrongType);
                } else if (const ShapeResult r = appendShape(v, key == "Input Dims" ? m_dims : m_types); r == ShapeResult::Malformed) {
                    return false;
                } else if (r == ShapeResult::WrongType) {
                    bad(ErrorCode::WrongType);
                }
            } else {
                addNumber();
            }
            continue;
        case 'O':
            if (key == "Out msg nelems") {
                readInt(args.outNelems);
                args.hasComm = true;
            } else {
                addNumber();
            }
            continue;
        case 'G':
            if (key == "Group size") {
                readInt(args.groupSize, 1, 1 << 20); // ranks of a group, as many as a job can have
                args.hasComm = true;
            } else {
                addNumber();
            }
            continue;
        case 'd':
            if (key == "dtype")
                readString(args.dtype);
            else
                addNumber();
            continue;
        case 'P':
            if (key == "Process Group Name") {
                if (readString(args.groupName))
                    args.hasComm = true;
            } else if (key == "Process Group Ranks") {
                if (readString(args.groupRanks) && !isRankList(args.groupRanks)) {
                    bad(args.groupRanks.find_first_not_of("0123456789, []") == std::string_view::npos ? ErrorCode::ValueOutOfRange
                                                                                                     : ErrorCode::WrongType);
                    args.groupRanks = {};
                }
            } else {
                addNumber();
            }
            continue;
        case 'n':
            if (key == "name") {
                if (v.get_string().get(s))
                    args.badMetaArg = true;
                else
                    args.metaName = s;
            } else {
                addNumber();
            }
            continue;
        case 'l':
            if (key == "labels") {
                if (v.get_string().get(s))
                    args.badMetaArg = true;
                else
                    args.labels = s;
            } else {
                addNumber();
            }
            continue;
        case 's':
            if (key == "sort_index")
                readInt(args.sortIndex, INT64_MIN);
            else if (key == "shape")
                readString(args.shape);
            else if (key == "step")
                readMemoryInt(args.step, 0, INT32_MAX); // a whole number is a step; anything else is said, and left to counters
            else if (key == "snapshot") {
                if (!readSnapshot(v, args))
                    return false;
            } else
                addNumber();
            continue;
        case 'S':
            // Negative is how PyTorch says an op has none.
            if (key == "Sequence number")
                readInt(args.sequenceNumber, INT64_MIN);
            else
                addNumber();
            continue;
        case 'F':
            if (key == "Fwd thread id")
                readInt(args.forwardThread);
            else
                addNumber();
            continue;
        default:
            addNumber();
            continue;
        }
    }
    return true;
}

bool Parser::parseEvent(od::object object, Event& ev)
{
    for (auto fieldResult : object) {
        // In place, not copied out: see parseArgs.
        if (fieldResult.error())
            return false;
        od::field&& field = std::move(fieldResult).value_unsafe();
        const std::string_view key = rawKey(field);
        od::value& v = field.value();
        if (isMalformedValue(v))
            return false;
        auto markTypeError = [&](std::string_view which) {
            if (!ev.typeError) {
                ev.typeError = true;
                ev.typeErrorField = which;
            }
        };
        // A string field: false when it is of another type (marked as such); a string the iterator
        // cannot read (a broken escape) is malformed text.
        bool malformedString = false;
        auto readString = [&](std::string_view which, std::string_view& out) {
            if (const auto error = v.get_string().get(out)) {
                malformedString = error != simdjson::INCORRECT_TYPE;
                markTypeError(which);
                return false;
            }
            return true;
        };
        if (key.empty())
            continue;
        switch (key[0]) {
        case 'p':
            if (key == "ph") {
                std::string_view s;
                if (readString("ph", s)) {
                    if (s.size() == 1)
                        ev.ph = s[0];
                    else
                        markTypeError("ph");
                }
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
                od::json_type t;
                if (v.type().get(t) || (t != od::json_type::string && t != od::json_type::number))
                    markTypeError("name");
                else if (t == od::json_type::string)
                    readString("name", ev.name);
                else
                    ev.name = trimRight(v.raw_json_token()); // numeric names occur (readiness ticks "0".."3" written as numbers)
            }
            break;
        case 'c':
            if (key == "cat")
                readString("cat", ev.cat);
            break;
        case 'a':
            if (key == "args") {
                od::object args;
                od::json_type t;
                if (v.type().get(t))
                    markTypeError("args");
                else if (t == od::json_type::object && !v.get_object().get(args)) {
                    if (!parseArgs(args, ev.args, ev.ph == 'C' || ev.ph == 0))
                        return false;
                }
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
                if (t == od::json_type::string) {
                    // A string the iterator cannot read (a broken escape) is malformed text.
                    if (v.get_string().get(s)) {
                        malformedString = true;
                    } else {
                        ev.id = hashString(s);
                        ev.hasId = true;
                    }
                } else if (t == od::json_type::number) {
                    std::int64_t n = 0;
                    if (!v.get_int64().get(n))
                        ev.id = static_cast<std::uint64_t>(n);
                    else
                        ev.id = hashString(trimRight(v.raw_json_token()));
                    ev.hasId = true;
                } else {
                    ev.ignoredField = "id";
                }
            }
            break;
        case 'b':
            if (key == "bp") {
                std::string_view s;
                if (const auto error = v.get_string().get(s)) {
                    malformedString = error != simdjson::INCORRECT_TYPE;
                    ev.ignoredField = "bp";
                } else {
                    ev.bindEnclosing = s == "e";
                }
            }
            break;
        default:
            break;
        }
        if (malformedString)
            return false;
    }
    return true;
}

Status Parser::parseEvents(od::array events)
{
    Event ev;
    std::int64_t lastOffset = -1;
    for (auto element : events) {
        if (auto error = element.error())
            return jsonError(error, lastOffset, "traceEvents");
        od::value&& value = std::move(element).value_unsafe(); // in place, not copied out: see parseArgs
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
            // Whether an array that opens with something else is a trace at all is one pass's call.
            if (m_eventCount == 1 && m_firstPiece)
                return Status::error(ErrorCode::InvalidJson, m_part.path, offset,
                    Message(SL_TEXT("Core", "the first piece opens with no event")));
            if (m_eventCount == 1 && !m_chunk && !m_sawKinetoKeys && m_part.opCount() == 0 && m_part.diagnostics.empty())
                return Status::error(ErrorCode::NotATrace, m_part.path, offset,
                    Message(SL_TEXT("Core", "the JSON array does not hold trace events")));
            m_part.warn(
                ErrorCode::WrongType, offset, Message(SL_TEXT("Core", "an event is not a JSON object; skipped")));
            continue;
        }
        if (auto error = value.get_object().get(object))
            return jsonError(error, offset, "event");
        ev = kNoEvent;
        m_dims.clear();
        m_types.clear();
        m_numbers.clear();
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

StringId Parser::intern(std::string_view text)
{
    // Names, categories and shapes repeat from event to event. A direct-mapped cache picked by the
    // length and the first and last eight bytes finds most of them with one compare, instead of
    // hashing the whole text (kernel names run to a hundred bytes and more) for the pool's table.
    std::uint64_t head = 0;
    std::uint64_t tail = 0;
    const std::size_t n = text.size();
    if (n >= 8) {
        std::memcpy(&head, text.data(), 8);
        std::memcpy(&tail, text.data() + n - 8, 8);
    } else if (n >= 4) {
        // Two overlapping loads rather than a copy of n bytes, which would be stored piecemeal and read
        // back whole at once (a stall).
        std::uint32_t a = 0;
        std::uint32_t b = 0;
        std::memcpy(&a, text.data(), 4);
        std::memcpy(&b, text.data() + n - 4, 4);
        head = a | static_cast<std::uint64_t>(b) << 32;
    } else if (n > 0) {
        head = static_cast<unsigned char>(text[0]) | static_cast<unsigned char>(text[n / 2]) << 8
            | static_cast<unsigned char>(text[n - 1]) << 16;
    }
    const std::uint64_t mix = (head * 0x9E3779B97F4A7C15ull) ^ (tail * 0xC2B2AE3D27D4EB4Full) ^ (n * 0x165667B19E3779F9ull);
    Interned& slot = m_recent[(mix >> 32) % m_recent.size()];
    if (slot.id.isValid() && slot.text == text)
        return slot.id;
    const StringId id = m_part.strings.intern(text);
    slot = Interned { m_part.strings.view(id), id };
    return id;
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
    m_part.name.push_back(intern(ev.name).value());
    m_part.category.push_back(intern(ev.cat).value());
    m_part.bytes.push_back(ev.args.bytes > 0 ? ev.args.bytes : 0);
    m_part.correlation.push_back(ev.args.correlation);
    if (ev.args.hasComm) {
        CommArgs c;
        c.collective = intern(ev.args.collective);
        c.processGroup = intern(ev.args.groupName);
        c.groupRanks = intern(ev.args.groupRanks);
        c.dtype = intern(ev.args.dtype);
        c.inNelems = ev.args.inNelems;
        c.outNelems = ev.args.outNelems;
        c.groupSize = ev.args.groupSize >= 0 && ev.args.groupSize < INT32_MAX ? static_cast<std::int32_t>(ev.args.groupSize) : -1;
        m_part.commArgs.emplace_back(index, c);
    }
    if (ev.args.waitRecordCorrelation >= 0)
        m_part.streamWaits.emplace_back(index, RankPart::StreamWait { ev.args.waitStream, ev.args.waitRecordCorrelation });
    if (ev.args.step >= 0)
        m_part.declaredSteps.emplace_back(index, ev.args.step);
    if (!ev.args.metaName.empty())
        m_part.argNames.emplace_back(index, intern(ev.args.metaName));
    if (ev.args.sequenceNumber >= 0 && !m_sawForwardBackwardFlow) {
        const auto thread = static_cast<std::uint32_t>(std::min<std::int64_t>(ev.args.forwardThread, UINT32_MAX));
        m_part.sequences.emplace_back(index, RankPart::Sequence { static_cast<std::uint32_t>(ev.args.sequenceNumber), thread });
    }
    if (!m_dims.empty() || !m_types.empty()) {
        m_part.shapes.emplace_back(
            index, ShapeArgs { intern(m_dims), intern(m_types) });
    }
    if (OpClassifier::isGpuCategory(ev.cat))
        m_part.tracks[track].gpu = true;
    m_maxTime = std::max(m_maxTime, end);
    return index;
}

void Parser::addMemoryEvent(const Event& ev, std::uint32_t op, std::int64_t offset)
{
    const EventArgs& a = ev.args;
    if (!a.hasMemoryBytes) {
        m_part.warn(ErrorCode::MissingField, offset,
            Message(SL_TEXT("Core", "allocator events (\"[memory]\") without a usable \"Bytes\"; not counted")));
        return;
    }
    const std::int64_t bytes = a.negativeBytes < 0 ? a.negativeBytes : a.bytes;
    if (bytes <= -MemoryArgs::kLimit || bytes >= MemoryArgs::kLimit) {
        m_part.warn(ErrorCode::ValueOutOfRange, offset,
            Message(SL_TEXT("Core", "allocator events (\"[memory]\") of a petabyte or more; not counted")));
        return;
    }
    MemoryArgs m;
    m.bytes = bytes;
    m.totalAllocated = a.totalAllocated;
    m.totalReserved = a.totalReserved;
    m.address = static_cast<std::uint64_t>(a.address);
    m.device = static_cast<std::int16_t>(a.device);
    m.deviceType = a.deviceType >= 0 ? static_cast<std::uint8_t>(a.deviceType) : MemoryArgs::kUnknownDeviceType;
    m_part.memory.emplace_back(op, m);
}

void Parser::handleEvent(Event& ev, std::int64_t offset)
{
    if (ev.typeError) {
        m_part.warn(ErrorCode::WrongType, offset,
            Message(SL_TEXT("Core", "events with a field of the wrong type (\"%1\"); skipped"),
                { std::string(ev.typeErrorField) }));
        return;
    }
    // Only an allocator event may record negative bytes (a free); anywhere else they are out of range.
    const bool memoryEvent = ev.name == kMemoryEventName;
    if (ev.args.negativeBytes < 0 && !memoryEvent && ev.args.badArg.empty()) {
        ev.args.badArg = "Bytes";
        ev.args.badArgCode = ErrorCode::ValueOutOfRange;
    }
    // Optional fields and arguments that cannot be used are left out of the event, which is kept.
    if (!ev.ignoredField.empty())
        m_part.warn(ErrorCode::WrongType, offset,
            Message(SL_TEXT("Core", "events with a field of the wrong type (\"%1\"); the field is ignored"),
                { std::string(ev.ignoredField) }));
    if (!ev.args.badArg.empty())
        m_part.warn(ev.args.badArgCode, offset,
            Message(ev.args.badArgCode == ErrorCode::WrongType
                    ? SL_TEXT("Core", "events with an argument of the wrong type (\"%1\"); the argument is ignored")
                    : SL_TEXT("Core", "events with an argument out of range (\"%1\"); the argument is ignored"),
                { std::string(ev.args.badArg) }));
    if (ev.args.badMetaArg && ev.ph == 'M')
        m_part.warn(ErrorCode::WrongType, offset,
            Message(SL_TEXT("Core", "metadata events whose args.name or args.labels is not a string; ignored")));
    if (ev.ph == 0) {
        m_part.warn(ErrorCode::MissingField, offset, Message(SL_TEXT("Core", "events without \"ph\"; skipped")));
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
        m_part.warn(ErrorCode::MissingField, offset, Message(SL_TEXT("Core", "events without \"ts\"; skipped")));
        return;
    }
    if (!Decimal::parseScaled(ev.ts, 3, ts)) {
        if (looksNumeric(ev.ts))
            m_part.warn(ErrorCode::ValueOutOfRange, offset,
                Message(SL_TEXT("Core", "events whose \"ts\" is not a representable number; skipped")));
        else
            m_part.warn(
                ErrorCode::WrongType, offset, Message(SL_TEXT("Core", "events whose \"ts\" is not a number; skipped")));
        return;
    }
    // Every time of a trace lies within ±2^62 ns (146 years), so that time arithmetic cannot overflow.
    if (!CheckedMath::isTimeInRange(ts)) {
        m_part.warn(ErrorCode::ValueOutOfRange, offset,
            Message(SL_TEXT("Core", "events whose \"ts\" lies more than 2^62 ns (146 years) from zero; skipped")));
        return;
    }
    switch (ev.ph) {
    case 'X': {
        TimeNs dur = 0;
        if (ev.dur.empty()) {
            m_part.warn(ErrorCode::MissingField, offset,
                Message(SL_TEXT("Core", "complete events (ph X) without \"dur\"; skipped")));
            return;
        }
        if (!Decimal::parseScaled(ev.dur, 3, dur)) {
            if (looksNumeric(ev.dur))
                m_part.warn(ErrorCode::ValueOutOfRange, offset,
                    Message(SL_TEXT("Core", "events whose \"dur\" is not a representable number; skipped")));
            else
                m_part.warn(ErrorCode::WrongType, offset,
                    Message(SL_TEXT("Core", "events whose \"dur\" is not a number; skipped")));
            return;
        }
        if (dur < 0) {
            m_part.warn(ErrorCode::NegativeDuration, offset,
                Message(SL_TEXT("Core", "events with a negative duration; skipped")));
            return;
        }
        TimeNs end = 0;
        if (!CheckedMath::add(ts, dur, end) || !CheckedMath::isTimeInRange(end)) {
            m_part.warn(ErrorCode::ValueOutOfRange, offset,
                Message(SL_TEXT("Core", "events ending more than 2^62 ns (146 years) from zero; skipped")));
            return;
        }
        addOp(ev, trackFor(ev), ts, end);
        return;
    }
    case 'B': {
        const std::uint32_t track = trackFor(ev);
        const std::uint32_t op = addOp(ev, track, ts, ts);
        m_openSlices[track].push_back(op);
        return;
    }
    case 'E': {
        const std::uint32_t track = trackFor(ev);
        auto it = m_openSlices.find(track);
        if (it == m_openSlices.end() || it->second.empty()) {
            if (m_chunk && !m_firstPiece) {
                pendEnd(ev, track, ts, offset);
                return;
            }
            m_part.warn(ErrorCode::UnmatchedEvent, offset,
                Message(SL_TEXT("Core", "end events (ph E) without a matching begin; skipped")));
            return;
        }
        const std::uint32_t op = it->second.back();
        it->second.pop_back();
        if (ts < m_part.start[op]) {
            m_part.warn(ErrorCode::NegativeDuration, offset,
                Message(SL_TEXT("Core", "end events (ph E) before their begin; ended at the begin")));
            ts = m_part.start[op];
        }
        // Some writers put arguments on the closing event only.
        const std::optional<ShapeArgs> shape = endShape(ev, offset);
        endSlice(op, ts, ev.args.bytes, shape);
        return;
    }
    case 'i':
    case 'I':
    case 'n':
    case 'R': {
        const std::uint32_t op = addOp(ev, trackFor(ev), ts, ts);
        if (memoryEvent)
            addMemoryEvent(ev, op, offset);
        return;
    }
    case 'b':
    case 'S':
    case 'e':
    case 'F': {
        m_sawAsync = true;
        const std::uint32_t track = trackFor(ev);
        const std::uint64_t key = (static_cast<std::uint64_t>(track) * 0x9E3779B97F4A7C15ull) ^ ev.id ^ hashString(ev.cat);
        if (ev.ph == 'b' || ev.ph == 'S') {
            const std::uint32_t op = addOp(ev, track, ts, ts);
            m_openAsync[key].push_back(op);
            return;
        }
        auto it = m_openAsync.find(key);
        if (it == m_openAsync.end() || it->second.empty()) {
            m_part.warn(ErrorCode::UnmatchedEvent, offset,
                Message(SL_TEXT("Core", "async end events without a matching begin; skipped")));
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
            m_part.warn(
                ErrorCode::MissingField, offset, Message(SL_TEXT("Core", "flow events without \"id\"; skipped")));
            return;
        }
        if (!m_sawForwardBackwardFlow && ev.cat == "fwdbwd") {
            m_sawForwardBackwardFlow = true;
            m_part.sequences.clear();
        }
        // Built in place: a copy would read back what was just stored in pieces (a stall per flow event).
        RankPart::FlowPoint& p = m_part.flows.emplace_back();
        p.id = ev.id;
        p.category = intern(ev.cat);
        p.track = trackFor(ev);
        p.time = ts;
        p.phase = ev.ph;
        // A flow start or step binds to its enclosing slice; a finish only when bp is "e".
        p.bindEnclosing = ev.ph != 'f' || ev.bindEnclosing;
        p.byteOffset = offset;
        return;
    }
    case 'C': {
        const StringId base = m_part.strings.intern(ev.name);
        for (const auto& [key, value] : m_numbers) {
            std::string full(ev.name);
            if (m_numbers.size() > 1 || key != "value") {
                full += '.';
                full += key;
            }
            m_part.counters.push_back(CounterSample { RankId(), m_numbers.size() == 1 && key == "value" ? base : m_part.strings.intern(full), ts, value });
        }
        return;
    }
    case 'N':
    case 'O':
    case 'D':
        addObject(ev, ts, offset);
        return;
    default: {
        m_part.warn(ErrorCode::UnsupportedEvent, offset,
            Message(SL_TEXT("Core", "events of phase '%1' are not represented; skipped"), { std::string(1, ev.ph) }));
        return;
    }
    }
}

void Parser::addObject(const Event& ev, TimeNs ts, std::int64_t offset)
{
    if (!ev.hasId) {
        m_part.warn(ErrorCode::MissingField, offset,
            Message(SL_TEXT("Core", "object events (ph N, O, D) without \"id\"; skipped")));
        return;
    }
    RankPart::ObjectEvent& o = m_part.objects.emplace_back();
    o.phase = ev.ph;
    o.id = ev.id;
    o.time = ts;
    o.track = trackFor(ev);
    o.name = intern(ev.name);
    o.byteOffset = offset;
    if (ev.ph == 'O' && !ev.args.tensorDescription.empty()) {
        const TensorDescription d = TensorDescription::parse(ev.args.tensorDescription);
        o.bytes = d.allocatedBytes;
        if (!d.allocator.empty())
            o.allocator = intern(d.allocator);
        o.address = d.address;
    }
}

void Parser::tensorShape(std::string_view shape, std::string_view dtype, std::int64_t offset)
{
    const auto refuse = [&] {
        m_part.warn(ErrorCode::WrongType, offset,
            Message(SL_TEXT("Core", "events whose \"shape\" is not a list of whole numbers; the shape is ignored")));
    };
    shape = trimRight(shape);
    if (shape.size() < 2 || shape.front() != '[' || shape.back() != ']')
        return refuse();
    std::string dims = "[[";
    bool digit = false; // the last significant character was a digit
    bool gap = false; // spaces since that digit
    for (const char c : shape.substr(1, shape.size() - 2)) {
        if (c == ' ') {
            gap = digit;
        } else if (c == ',' && digit) {
            dims += c;
            digit = gap = false;
        } else if (c >= '0' && c <= '9' && !gap) {
            dims += c;
            digit = true;
        } else {
            return refuse();
        }
    }
    if (dims.size() > 2 && !digit)
        return refuse(); // a trailing comma
    dims += "]]";
    m_dims = std::move(dims);
    m_types.clear();
    if (!dtype.empty() && dtype.find_first_of("\"\\") == std::string_view::npos)
        m_types.append("[\"").append(dtype).append("\"]");
}

std::optional<ShapeArgs> Parser::endShape(const Event& ev, std::int64_t offset)
{
    if (!ev.args.shape.empty() && m_dims.empty() && m_types.empty())
        tensorShape(ev.args.shape, ev.args.dtype, offset);
    if (m_dims.empty() && m_types.empty())
        return std::nullopt;
    return ShapeArgs { intern(m_dims), intern(m_types) };
}

void Parser::endSlice(std::uint32_t op, TimeNs ts, std::int64_t bytes, const std::optional<ShapeArgs>& shape)
{
    m_part.end[op] = ts;
    m_maxTime = std::max(m_maxTime, ts);
    if (bytes > 0 && m_part.bytes[op] == 0)
        m_part.bytes[op] = bytes;
    if (shape)
        m_part.shapes.emplace_back(op, *shape);
}

void Parser::pendEnd(const Event& ev, std::uint32_t track, TimeNs ts, std::int64_t offset)
{
    m_maxTime = std::max(m_maxTime, ts);
    PendingEnd& end = m_pendingEnds.emplace_back();
    end.track = track;
    end.time = ts;
    end.bytes = ev.args.bytes;
    end.shape = endShape(ev, offset);
    end.shapeIndex = m_part.shapes.size();
}

Parser::OpenSlices Parser::takeOpenSlices()
{
    OpenSlices open;
    open.ends = std::move(m_pendingEnds);
    for (auto& [track, stack] : m_openSlices) {
        if (!stack.empty())
            open.begins.emplace_back(track, std::move(stack));
    }
    m_openSlices.clear();
    return open;
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
        m_part.warn(ErrorCode::UnmatchedEvent, -1,
            Message(SL_TEXT("Core", "begin events never ended; they run to the end of the trace")), open);
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
    const char* end = m_text.data + m_text.size;
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

Status Parser::runPieces(const char* arrayOpen, bool bare, bool& used)
{
    used = false;
    char* const base = m_text.data;
    const char* end = base + m_text.size;
    const std::size_t pieceCount = static_cast<std::size_t>(end - arrayOpen) / m_pieceBytes;
    if (pieceCount < 2)
        return {};
    const std::vector<Split> splits = planSplits(arrayOpen + 1, pieceCount);
    if (splits.empty())
        return {};
    used = true;

    // The fields before the array, parsed straight into this part.
    if (bare) {
        m_sawEvents = true;
    } else {
        const auto length = static_cast<std::size_t>(arrayOpen + 1 - base);
        TextBuffer text(length + 2);
        std::memcpy(text.data(), base, length);
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

    // Middle pieces are parsed where they lie, which saves copying the document: the byte after a
    // piece's last event becomes ']' and the byte before its first one '['. The first piece opens with
    // the array's own '['. The document is restored afterwards, whatever happens. Where events are
    // separated by a lone ',' both brackets would need that byte: the piece after it is copied instead,
    // as is the last piece of an object, which needs the longer wrapper of a tail. The last piece of a
    // bare array ends with the array's own ']'.
    const std::size_t n = splits.size() + 1;
    std::vector<bool> inPlace(n, false);
    std::vector<std::pair<char*, char>> saved;
    saved.reserve(2 * n);
    auto overwrite = [&saved](const char* at, char c) {
        char* p = const_cast<char*>(at);
        saved.emplace_back(p, *p);
        *p = c;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const bool last = i + 1 == n;
        inPlace[i] = (!last || bare) && (i == 0 || splits[i - 1].open - splits[i - 1].close >= 3);
        if (!inPlace[i])
            continue;
        if (i > 0)
            overwrite(splits[i - 1].open - 1, '[');
        if (!last)
            overwrite(splits[i].close + 1, ']');
    }
    struct Restore {
        std::vector<std::pair<char*, char>>& saved;
        ~Restore()
        {
            for (auto it = saved.rbegin(); it != saved.rend(); ++it)
                *it->first = it->second;
        }
    } restore { saved };

    // Workers take pieces in order, each reusing one JSON parser (and one buffer for copied pieces). A
    // finished piece is merged as soon as every piece before it is: merging overlaps parsing and frees
    // staging early.
    struct Slot {
        RankPart part;
        Status status;
        OpenSlices open;
        bool done = false;
        bool async = false;
        bool kineto = false;
        bool forwardBackward = false;
        TimeNs maxTime = INT64_MIN;
        std::int64_t baseOffset = 0;
    };
    std::vector<Slot> slots(n);
    m_pieces = n;
    std::atomic<std::size_t> next { 0 };
    std::atomic<bool> failed { false };
    std::mutex mergeMutex;
    std::size_t merged = 0;
    std::vector<RankPart> spare; // merged pieces' storage, for the next ones

    const std::size_t workers = std::min(parallelism(), n);
    parallelFor(workers, [&](std::size_t) {
        TextBuffer buffer;
        od::parser json;
        for (std::size_t i = next++; i < n && !failed.load(std::memory_order_relaxed); i = next++) {
            Slot& slot = slots[i];
            const bool last = i + 1 == n;
            const bool tail = last && !bare; // wrapped as an object, for the fields after the array
            const bool closed = last && bare; // ends with the array's own ']'
            const char* from = i == 0 ? arrayOpen + 1 : splits[i - 1].open;
            const char* to = last ? end : splits[i].close + 1;
            Text text;
            if (inPlace[i]) {
                text.data = const_cast<char*>(from - 1);
                text.size = static_cast<std::size_t>(to - from) + (closed ? 1 : 2);
                text.allocated = static_cast<std::size_t>(base + m_text.allocated - text.data);
                slot.baseOffset = static_cast<std::int64_t>(text.data - base);
            } else {
                const auto length = static_cast<std::size_t>(to - from);
                const std::string_view prefix = tail ? std::string_view("{\"e\":[") : std::string_view("[");
                const std::size_t size = prefix.size() + length + (last ? 0 : 1);
                if (buffer.capacity() < size)
                    buffer = TextBuffer(size + size / 4);
                std::memcpy(buffer.data(), prefix.data(), prefix.size());
                std::memcpy(buffer.data() + prefix.size(), from, length);
                if (!last)
                    buffer.data()[size - 1] = ']';
                buffer.setSize(size);
                text = textOf(buffer);
                slot.baseOffset = static_cast<std::int64_t>(from - base) - static_cast<std::int64_t>(prefix.size());
            }
            {
                std::lock_guard lock(mergeMutex);
                if (!spare.empty()) {
                    slot.part = std::move(spare.back());
                    spare.pop_back();
                }
            }
            slot.part.path = m_part.path;
            Parser parser(text, slot.part, m_cancel);
            parser.m_firstPiece = i == 0;
            slot.status = parser.runPiece(tail ? Piece::Tail : Piece::Middle, json);
            slot.async = parser.m_sawAsync;
            slot.kineto = parser.m_sawKinetoKeys;
            slot.forwardBackward = parser.m_sawForwardBackwardFlow;
            slot.maxTime = parser.m_maxTime;
            slot.open = parser.takeOpenSlices();
            if (!slot.status.ok() || slot.async) {
                failed = true;
                break;
            }
            std::lock_guard lock(mergeMutex);
            slot.done = true;
            while (merged < n && slots[merged].done && !failed) {
                Slot& ready = slots[merged++];
                if (merged == 1)
                    reserveLike(ready.part, n);
                if (ready.forwardBackward && !m_sawForwardBackwardFlow) {
                    m_sawForwardBackwardFlow = true;
                    m_part.sequences.clear();
                }
                if (!mergeChunk(ready.part, ready.open, ready.baseOffset, ready.maxTime)) {
                    failed = true;
                    break;
                }
                ready.open = {};
                m_sawKinetoKeys = m_sawKinetoKeys || ready.kineto;
                if (m_progress)
                    m_progress(static_cast<double>(merged) / static_cast<double>(n));
                spare.push_back(recycled(std::move(ready.part)));
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

void Parser::reserveLike(const RankPart& first, std::size_t pieces)
{
    // Pieces are of about equal size, so the first tells how much to expect in all (a little more, as
    // the first also holds the metadata events). Capacity that stays unused is never touched, so it
    // costs address space only.
    auto expect = [pieces](std::size_t count) { return count * pieces + count / 2; };
    auto reserve = [](auto& column, std::size_t count) {
        column.reserve(count);
        adviseHugePages(column);
    };
    const std::size_t ops = expect(first.opCount());
    reserve(m_part.start, ops);
    reserve(m_part.end, ops);
    reserve(m_part.track, ops);
    reserve(m_part.name, ops);
    reserve(m_part.category, ops);
    reserve(m_part.bytes, ops);
    reserve(m_part.correlation, ops);
    reserve(m_part.flows, expect(first.flows.size()));
    reserve(m_part.shapes, expect(first.shapes.size()));
    reserve(m_part.memory, expect(first.memory.size()));
    reserve(m_part.sequences, expect(first.sequences.size()));
}

Status Parser::runPiece(Piece kind, od::parser& json)
{
    m_chunk = kind != Piece::Head;
    od::document doc;
    if (auto error = json.iterate(m_text.data, m_text.size, m_text.allocated).get(doc))
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
                // A second events array, a key with an escape (one pass unescapes and checks it), or a
                // malformed field, is for one sequential pass to handle.
                if (key == "traceEvents")
                    return Status::error(ErrorCode::InvalidJson, m_part.path, -1,
                        Message(SL_TEXT("Core", "a second events array after the split one")));
                if (key.find('\\') != std::string_view::npos)
                    return Status::error(ErrorCode::InvalidJson, m_part.path, -1,
                        Message(SL_TEXT("Core", "an escaped top-level key after the split array")));
                if (key != "e") {
                    if (!handleTopField(key, value))
                        return jsonError(simdjson::TAPE_ERROR, -1, "piece");
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
        return Status::error(ErrorCode::InvalidJson, m_part.path, offsetOf(rest),
            Message(SL_TEXT("Core", "a piece holds more than its array")));
    m_part.eventCount = m_eventCount;
    return {};
}

bool Parser::mergeChunk(RankPart& chunk, const OpenSlices& open, std::int64_t baseOffset, TimeNs chunkMaxTime)
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
    auto append = [n](auto& column, const auto& from) {
        reserveFor(column, n);
        column.insert(column.end(), from.begin(), from.end());
    };
    append(m_part.start, chunk.start);
    append(m_part.end, chunk.end);
    append(m_part.bytes, chunk.bytes);
    append(m_part.correlation, chunk.correlation);
    reserveFor(m_part.track, n);
    reserveFor(m_part.name, n);
    reserveFor(m_part.category, n);
    for (std::size_t i = 0; i < n; ++i) {
        m_part.track.push_back(trackMap[chunk.track[i]]);
        m_part.name.push_back(map(chunk.name[i]));
        m_part.category.push_back(map(chunk.category[i]));
    }
    for (const auto& [op, c] : chunk.commArgs)
        m_part.commArgs.emplace_back(opBase + op, RankPart::remapped(c, remap));
    if (!pairPendingEnds(chunk, open, trackMap, remap, opBase))
        return false;
    for (const auto& [track, stack] : open.begins) {
        std::vector<std::uint32_t>& into = m_openSlices[trackMap[track]];
        for (const std::uint32_t op : stack)
            into.push_back(opBase + op);
    }
    for (const auto& [op, w] : chunk.streamWaits)
        m_part.streamWaits.emplace_back(opBase + op, w);
    for (const auto& [op, step] : chunk.declaredSteps)
        m_part.declaredSteps.emplace_back(opBase + op, step);
    for (const auto& [op, name] : chunk.argNames)
        m_part.argNames.emplace_back(opBase + op, mapId(name));
    if (!m_sawForwardBackwardFlow) {
        reserveFor(m_part.sequences, chunk.sequences.size());
        for (const auto& [op, seq] : chunk.sequences)
            m_part.sequences.emplace_back(opBase + op, seq);
    }
    reserveFor(m_part.memory, chunk.memory.size());
    for (const auto& [op, mem] : chunk.memory)
        m_part.memory.emplace_back(opBase + op, mem);
    reserveFor(m_part.flows, chunk.flows.size());
    for (RankPart::FlowPoint f : chunk.flows) {
        f.track = trackMap[f.track];
        f.category = mapId(f.category);
        f.byteOffset = f.byteOffset >= 0 ? f.byteOffset + baseOffset : -1;
        m_part.flows.push_back(f);
    }
    for (RankPart::ObjectEvent o : chunk.objects) {
        o.track = trackMap[o.track];
        o.name = mapId(o.name);
        o.allocator = mapId(o.allocator);
        o.byteOffset = o.byteOffset >= 0 ? o.byteOffset + baseOffset : -1;
        m_part.objects.push_back(o);
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
    for (RankPart::Device d : chunk.devices) {
        d.name = mapId(d.name);
        m_part.devices.push_back(d);
    }
    for (ProcessGroup pg : chunk.processGroups) {
        pg.name = mapId(pg.name);
        pg.description = mapId(pg.description);
        pg.backend = mapId(pg.backend);
        m_part.processGroups.push_back(std::move(pg));
    }
    m_eventCount += chunk.eventCount;
    m_maxTime = std::max(m_maxTime, chunkMaxTime);
    return true;
}

bool Parser::pairPendingEnds(const RankPart& chunk, const OpenSlices& open, const std::vector<std::uint32_t>& trackMap,
    const std::vector<std::uint32_t>& remap, std::uint32_t opBase)
{
    reserveFor(m_part.shapes, chunk.shapes.size() + open.ends.size());
    std::size_t shape = 0;
    auto shapesUpTo = [&](std::size_t count) {
        for (; shape < count; ++shape) {
            const auto& [op, sh] = chunk.shapes[shape];
            m_part.shapes.emplace_back(opBase + op, RankPart::remapped(sh, remap));
        }
    };
    for (const PendingEnd& end : open.ends) {
        // One pass warns of an end without a begin, or one before its begin, at its place among the
        // piece's warnings: rare enough to leave to that pass.
        auto it = m_openSlices.find(trackMap[end.track]);
        if (it == m_openSlices.end() || it->second.empty())
            return false;
        const std::uint32_t op = it->second.back();
        if (end.time < m_part.start[op])
            return false;
        it->second.pop_back();
        shapesUpTo(end.shapeIndex);
        endSlice(op, end.time, end.bytes, end.shape ? std::optional(RankPart::remapped(*end.shape, remap)) : std::nullopt);
    }
    shapesUpTo(chunk.shapes.size());
    return true;
}

Status Parser::closeStreamingArray()
{
    // The Chrome JSON Array Format allows the closing ']' to be missing, so that a process that dies
    // mid-trace still leaves a readable file. Close the array after the last complete event.
    std::string_view text = m_text.view();
    std::size_t last = text.find_last_not_of(" \t\r\n");
    if (last == std::string_view::npos || text[last] == ']')
        return {};
    // A writer that stopped between events (Horovod's timelines end so): closed after the last '}',
    // unchecked. A parse that fails starts over here, checked (restoreOpenArray).
    if (m_closeOptimistically) {
        const std::size_t brace = text.find_last_not_of(" \t\r\n,");
        if (brace != std::string_view::npos && text[brace] == '}' && (brace + 1 < m_buffer->size() || m_buffer->reserveMore(1))) {
            m_closedAt = brace + 1;
            m_closedTail.assign(m_buffer->data() + m_closedAt, m_buffer->size() - m_closedAt);
            m_buffer->data()[brace + 1] = ']';
            m_buffer->setSize(brace + 2);
            m_text = textOf(*m_buffer);
            m_part.warn(ErrorCode::TruncatedJson, static_cast<std::int64_t>(brace + 1),
                Message(SL_TEXT("Core", "the event array is not closed (streaming writer); read to its end")));
            return {};
        }
    }
    // A stream that stops is a prefix of good JSON: a bracket closed by the wrong kind (an event that
    // left its args open) or bad bytes before its last few are malformed text, not the end of a stream.
    const JsonTextCheck::Problem problem = JsonTextCheck::firstProblem(text, simdjson::DEFAULT_MAX_DEPTH);
    const bool cutCharacter = problem.kind == JsonTextCheck::Problem::Kind::Encoding && problem.offset + 4 > static_cast<std::int64_t>(last);
    if (problem.offset >= 0 && !cutCharacter)
        return Status::error(ErrorCode::InvalidJson, m_part.path, problem.offset, problem.what);
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
        return {};
    const std::string_view tail = text.substr(lastBrace + 1, last - lastBrace);
    const bool dropped = tail.find_first_not_of(" \t\r\n,") != std::string_view::npos;
    // The ']' goes right after the brace: into the text, or, when the brace is its last byte, into one
    // more byte.
    if (lastBrace + 1 >= m_buffer->size() && !m_buffer->reserveMore(1))
        return Status::error(
            ErrorCode::TooLarge, m_part.path, -1, Message(SL_TEXT("Core", "out of memory closing the event array")));
    m_closedAt = lastBrace + 1;
    m_closedTail.assign(m_buffer->data() + m_closedAt, m_buffer->size() - m_closedAt);
    m_closeChecked = true;
    m_buffer->data()[lastBrace + 1] = ']';
    m_buffer->setSize(lastBrace + 2);
    m_text = textOf(*m_buffer);
    m_part.warn(ErrorCode::TruncatedJson, static_cast<std::int64_t>(lastBrace + 1),
        dropped ? Message(SL_TEXT("Core",
            "the event array is not closed and ends with an incomplete event; read up to the last complete event"))
                : Message(SL_TEXT("Core", "the event array is not closed (streaming writer); read to its end")));
    return {};
}

void Parser::restoreOpenArray()
{
    if (m_closedAt == std::string_view::npos)
        return;
    // setSize() zeroes the padding after the text: the cut-off tail goes back after it.
    m_buffer->setSize(m_closedAt + m_closedTail.size());
    std::memcpy(m_buffer->data() + m_closedAt, m_closedTail.data(), m_closedTail.size());
    m_text = textOf(*m_buffer);
    m_closedAt = std::string_view::npos;
    m_closeChecked = false;
}

} // namespace

namespace {

// Parses the whole text with the parser's settings. A streaming array that was closed optimistically
// and then failed to parse is put back and parsed again, checked first, so that the error is the one at
// its true place. Sets fellBack when pieces were abandoned: the text is then as it was given.
Status parseOnce(TextBuffer& text, RankPart& part, const CancellationToken* cancel, std::size_t pieceBytes,
    std::size_t* piecesUsed, const std::function<void(double)>& progress, bool& fellBack)
{
    Parser parser(text, part, cancel);
    parser.setPieceBytes(pieceBytes);
    parser.setProgress(progress);
    parser.setCloseOptimistically(true);
    Status s = parser.run();
    fellBack = parser.fellBack();
    if (fellBack || (parser.closedOptimistically() && !s.ok() && s.code() != ErrorCode::Cancelled)) {
        parser.restoreOpenArray();
        if (fellBack)
            return s;
        RankPart fresh;
        fresh.path = part.path;
        part = std::move(fresh);
        Parser checked(text, part, cancel);
        return checked.run();
    }
    if (piecesUsed)
        *piecesUsed = parser.piecesUsed();
    return s;
}

} // namespace

Status ChromeTraceParser::parse(TextBuffer& text, RankPart& part, const CancellationToken* cancel, std::size_t pieceBytes,
    std::size_t* piecesUsed, const std::function<void(double)>& progress)
{
    if (piecesUsed)
        *piecesUsed = 0;
    bool fellBack = false;
    Status s = parseOnce(text, part, cancel, pieceBytes, piecesUsed, progress, fellBack);
    if (fellBack) {
        // The events could not be split safely: parse them again in one pass.
        RankPart fresh;
        fresh.path = part.path;
        part = std::move(fresh);
        s = parseOnce(text, part, cancel, 0, nullptr, progress, fellBack);
    }
    if (progress)
        progress(1.0);
    return s;
}

} // namespace sightline
