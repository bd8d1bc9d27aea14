#include "core/import/layerwiseprofile.h"

#include "core/base/checkedmath.h"
#include "core/base/message.h"
#include "core/base/utf8.h"
#include "core/import/decimal.h"
#include "core/import/filereader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <limits>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace sightline {

namespace {

// Decimal scales that turn a number in a unit into nanoseconds.
constexpr int kScaleS = 9;
constexpr int kScaleMs = 6;
constexpr int kScaleUs = 3;
constexpr int kScaleNs = 0;

// No header or directive name we know is longer; longer ones are other columns, left unread.
constexpr std::size_t kMaxKeyBytes = 128;
// A number's text; a longer one is out of range or no number, and Decimal need not walk it.
constexpr std::size_t kMaxNumberBytes = 256;
// How much of a field or line an error message quotes.
constexpr std::size_t kQuoteBytes = 60;

std::string_view stripBom(std::string_view text)
{
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF && static_cast<unsigned char>(text[1]) == 0xBB
        && static_cast<unsigned char>(text[2]) == 0xBF)
        text.remove_prefix(3);
    return text;
}

struct Line {
    std::string_view text; // without the line break
    std::int64_t offset = 0; // byte offset of the line's first character
    std::int64_t number = 0; // 1-based
};

// Splits text into lines lazily; a line ends at "\n", "\r\n" or a lone "\r" (classic Mac files), and a
// UTF-8 byte-order mark is skipped (offsets still count it, so they stay offsets into the file).
class LineReader {
public:
    explicit LineReader(std::string_view text)
        : m_text(text)
        , m_pos(text.size() - stripBom(text).size())
    {
    }
    bool next(Line& line)
    {
        if (m_pos >= m_text.size())
            return false;
        std::size_t end = m_text.find_first_of("\r\n", m_pos);
        if (end == std::string_view::npos)
            end = m_text.size();
        line.text = m_text.substr(m_pos, end - m_pos);
        line.offset = static_cast<std::int64_t>(m_pos);
        line.number = ++m_number;
        m_pos = end;
        if (m_pos < m_text.size())
            m_pos += m_text[m_pos] == '\r' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\n' ? 2 : 1;
        return true;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    std::int64_t m_number = 0;
};

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

bool isBlank(std::string_view text)
{
    return trim(text).empty();
}

bool isControl(unsigned char c)
{
    return c < 0x20 || c == 0x7F;
}

// A short prefix of s for a message, in quotes: messages stay readable (and small) when a whole line is
// garbage, and bytes that are not printable UTF-8 (NUL, controls, stray high bytes) are written \xNN.
std::string quoted(std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "'";
    std::size_t i = 0;
    while (i < s.size() && i < kQuoteBytes) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = Utf8::sequenceLength(s, i);
        if (n == 0 || isControl(c)) {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    if (i < s.size())
        out += "...";
    out += "'";
    return out;
}

// A layer name as the trace will show it: bytes that are not UTF-8 text, and control characters, become
// U+FFFD, so that names survive display and JSON export. changed says whether anything was replaced.
std::string textName(std::string_view raw, bool& changed)
{
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
    std::string out;
    out.reserve(raw.size());
    std::size_t i = 0;
    while (i < raw.size()) {
        const std::size_t n = Utf8::sequenceLength(raw, i);
        if (n == 0 || isControl(static_cast<unsigned char>(raw[i]))) {
            out += kReplacement;
            changed = true;
            ++i;
            continue;
        }
        out.append(raw.substr(i, n));
        i += n;
    }
    return out;
}

Status lineError(ErrorCode code, const std::string& file, const Line& line, Message what)
{
    return Status::error(
        code, file, line.offset, Message(SL_TEXT("Core", "line %1: %2"), { line.number, std::move(what) }));
}

// Whether text is number syntax: an optional sign, digits with an optional fraction, an optional
// exponent. Tells a value too large for an int64 ("1e400", 30 digits) from one that is no number.
bool isNumberSyntax(std::string_view text)
{
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9')
            ++i;
        return i - from;
    };
    if (i < text.size() && (text[i] == '-' || text[i] == '+'))
        ++i;
    std::size_t mantissa = digits();
    if (i < text.size() && text[i] == '.') {
        ++i;
        mantissa += digits();
    }
    if (mantissa == 0)
        return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '-' || text[i] == '+'))
            ++i;
        if (digits() == 0)
            return false;
    }
    return i == text.size();
}

enum class Parsed { Ok, NotANumber, OutOfRange };

// A value in the unit given by scale, as exact nanoseconds (or bytes for scale 0). NaN, Infinity and
// other words are not numbers; a number beyond an int64 is out of range.
Parsed parseScaled(std::string_view text, int scale, std::int64_t& out)
{
    if (text.empty())
        return Parsed::NotANumber;
    if (text.size() <= kMaxNumberBytes && Decimal::parseScaled(text, scale, out))
        return Parsed::Ok;
    return isNumberSyntax(text) ? Parsed::OutOfRange : Parsed::NotANumber;
}

Parsed parseInteger(std::string_view text, std::int64_t& out)
{
    if (text.empty())
        return Parsed::NotANumber;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(first, last, out);
    if (ptr != last)
        return Parsed::NotANumber;
    if (ec == std::errc::result_out_of_range)
        return Parsed::OutOfRange;
    return ec == std::errc() ? Parsed::Ok : Parsed::NotANumber;
}

// Checks a value read for `what` (a column, a key): a number, not negative and, for times, within the
// ±2^62 ns every Trace time lies in. Sizes only need to fit an int64.
Status checkValue(Parsed parsed, std::int64_t value, bool isTime, const Message& what, std::string_view text,
    const std::string& file, const Line& line)
{
    if (parsed == Parsed::NotANumber)
        return lineError(ErrorCode::WrongType, file, line,
            Message(SL_TEXT("Core", "%1 is not a number: %2"), { what, quoted(text) }));
    if (parsed == Parsed::OutOfRange || (isTime && value >= CheckedMath::kTimeLimit))
        return lineError(ErrorCode::ValueOutOfRange, file, line,
            isTime ? Message(
                SL_TEXT("Core", "%1 is out of range: %2 (times must stay below 2^62 ns)"), { what, quoted(text) })
                   : Message(SL_TEXT("Core", "%1 is out of range: %2"), { what, quoted(text) }));
    if (value < 0)
        return lineError(isTime ? ErrorCode::NegativeDuration : ErrorCode::ValueOutOfRange, file, line,
            Message(SL_TEXT("Core", "%1 is negative: %2"), { what, quoted(text) }));
    return {};
}

std::string asciiLower(std::string_view s)
{
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    }
    return out;
}

// Keeps letters and digits only: "Gradient bytes", "gradient_bytes" and "gradient-bytes" all match.
std::string squash(std::string_view s)
{
    std::string out;
    for (char c : asciiLower(s)) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
    }
    return out;
}

// Decimal scale of a time unit name (lower case), or -1.
int timeUnitScale(std::string_view unit)
{
    unit = trim(unit);
    if (unit == "s" || unit == "sec" || unit == "secs" || unit == "second" || unit == "seconds")
        return kScaleS;
    if (unit == "ms" || unit == "msec" || unit == "millisecond" || unit == "milliseconds")
        return kScaleMs;
    // "\xc2\xb5" is MICRO SIGN, "\xce\xbc" GREEK SMALL LETTER MU, both in UTF-8.
    if (unit == "us" || unit == "usec" || unit == "\xc2\xb5s" || unit == "\xce\xbcs" || unit == "microsecond"
        || unit == "microseconds")
        return kScaleUs;
    if (unit == "ns" || unit == "nsec" || unit == "nanosecond" || unit == "nanoseconds")
        return kScaleNs;
    return -1;
}

// A header or directive name split into its squashed key and an optional unit.
struct Name {
    std::string key;
    std::string unit; // lower case, as written; empty when none
    int timeScale = -1; // scale of unit when it is a time unit
};

Name splitName(std::string_view raw)
{
    Name name;
    // Longer text names no column or directive we know (the caller keeps such text out of messages
    // anyway), and lower-casing it would copy it for nothing.
    if (raw.size() > kMaxKeyBytes)
        return name;
    std::string lower = asciiLower(trim(raw));
    std::string_view s = lower;
    // "forward (ms)", "forward [us]"
    if (!s.empty() && (s.back() == ')' || s.back() == ']')) {
        const char open = s.back() == ')' ? '(' : '[';
        const std::size_t at = s.rfind(open);
        if (at != std::string_view::npos) {
            name.unit = std::string(trim(s.substr(at + 1, s.size() - at - 2)));
            s = s.substr(0, at);
        }
    } else {
        // "forward_ms", "forward ms", "forward-us"
        const std::size_t at = s.find_last_of(" _-");
        if (at != std::string_view::npos && timeUnitScale(s.substr(at + 1)) >= 0) {
            name.unit = std::string(s.substr(at + 1));
            s = s.substr(0, at);
        }
    }
    name.key = squash(s);
    name.timeScale = name.unit.empty() ? -1 : timeUnitScale(name.unit);
    return name;
}

bool isBytesUnit(std::string_view unit)
{
    return unit.empty() || unit == "b" || unit == "byte" || unit == "bytes";
}

template <std::size_t N> bool oneOf(const std::string& key, const char* const (&names)[N])
{
    return std::find(std::begin(names), std::end(names), key) != std::end(names);
}

Status nameError(const std::string& file, const Line& line, std::string_view name)
{
    return lineError(ErrorCode::ValueOutOfRange, file, line,
        Message(SL_TEXT("Core", "layer name %1 is longer than %2 bytes (%3)"),
            { quoted(name), LayerwiseProfile::kMaxNameBytes, name.size() }));
}

// Layer names are kept as UTF-8 text; one diagnostic says how many were mended and where the first was.
struct NameMending {
    std::int64_t count = 0;
    std::int64_t firstOffset = -1;

    std::string mend(std::string_view raw, const Line& line)
    {
        bool changed = false;
        std::string name = textName(raw, changed);
        if (changed && count++ == 0)
            firstOffset = line.offset;
        return name;
    }
    void report(LayerwiseProfile& profile) const
    {
        if (count == 0)
            return;
        Diagnostic d;
        d.code = ErrorCode::WrongType;
        d.file = profile.file;
        d.firstByteOffset = firstOffset;
        d.count = count;
        d.detail = Message(
            SL_TEXT("Core",
                "%1 layer names hold bytes that are not UTF-8 text or control characters; they are shown as U+FFFD"),
            { count });
        profile.diagnostics.push_back(std::move(d));
    }
};

// Names two layers share: their ops share names too, which the replay tells apart by position, but a
// reader may not. One diagnostic, at the first repeat. O(L) expected.
void reportDuplicateNames(LayerwiseProfile& profile, const std::vector<std::int64_t>& lineOffsets)
{
    std::unordered_map<std::string_view, std::size_t> seen;
    seen.reserve(profile.layers.size());
    std::int64_t repeats = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < profile.layers.size(); ++i) {
        if (!seen.emplace(profile.layers[i].name, i).second && repeats++ == 0)
            first = i;
    }
    if (repeats == 0)
        return;
    Diagnostic d;
    d.code = ErrorCode::InvalidArgument;
    d.file = profile.file;
    d.firstByteOffset = first < lineOffsets.size() ? lineOffsets[first] : -1;
    d.count = repeats;
    d.detail
        = Message(SL_TEXT("Core", "%1 layers repeat the name of an earlier layer (first: %2); their ops share names"),
            { repeats, quoted(profile.layers[first].name) });
    profile.diagnostics.push_back(std::move(d));
}

// ---------------------------------------------------------------------------------------------- CSV

enum class Column { Layer, Forward, Backward, Communication, Bytes, Activation, Other };
constexpr int kKnownColumns = 6; // Layer..Activation

Column columnOf(const std::string& key)
{
    static const char* const kLayer[] = { "layer", "layers", "name", "layername" };
    static const char* const kForward[]
        = { "forward", "fwd", "fw", "forwardtime", "forwardcomputetime", "feedforward" };
    static const char* const kBackward[]
        = { "backward", "bwd", "bw", "backwardtime", "backwardcomputetime", "backprop", "backpropagation" };
    static const char* const kComm[] = { "communication", "comm", "communicationtime", "commtime", "allreduce",
        "allreducetime", "aggregation", "gradientcommunication", "gradientaggregation" };
    static const char* const kBytes[] = { "gradientbytes", "gradbytes", "bytes", "size", "sizebytes", "gradientsize",
        "gradsize", "parametersize", "parameterbytes", "parambytes" };
    static const char* const kActivation[]
        = { "activation", "activationbytes", "activationsize", "activations", "savedbytes", "activationmemory" };
    if (key.empty())
        return Column::Other;
    if (oneOf(key, kLayer))
        return Column::Layer;
    if (oneOf(key, kForward))
        return Column::Forward;
    if (oneOf(key, kBackward))
        return Column::Backward;
    if (oneOf(key, kComm))
        return Column::Communication;
    if (oneOf(key, kBytes))
        return Column::Bytes;
    if (oneOf(key, kActivation))
        return Column::Activation;
    return Column::Other;
}

const char* columnName(Column c)
{
    switch (c) {
    case Column::Layer:
        return "layer";
    case Column::Forward:
        return "forward";
    case Column::Backward:
        return "backward";
    case Column::Communication:
        return "communication";
    case Column::Bytes:
        return "gradient bytes";
    case Column::Activation:
        return "activation bytes";
    case Column::Other:
        break;
    }
    return "other";
}

// One field of a record as it lies in the text: without its quotes, and with any "" still doubled.
struct Field {
    std::string_view text;
    bool doubledQuotes = false;

    // The field's value; copies only the field itself.
    std::string value() const
    {
        if (!doubledQuotes)
            return std::string(text);
        std::string out;
        out.reserve(text.size());
        for (std::size_t i = 0; i < text.size(); ++i) {
            out += text[i];
            if (text[i] == '"')
                ++i; // the second quote of the pair
        }
        return out;
    }
};

// Walks the fields of one record without copying them, so that a line of millions of fields or one
// huge field costs no memory beyond the text. Quoted fields may hold the delimiter; "" inside quotes is
// a quote; text between a closing quote and the next delimiter is ignored. O(line).
class FieldReader {
public:
    FieldReader(std::string_view line, char delimiter)
        : m_line(line)
        , m_delimiter(delimiter)
    {
    }

    // The next field; false at the end of the record, or at an unterminated quote (failed() then).
    bool next(Field& field)
    {
        if (m_done)
            return false;
        std::size_t i = m_pos;
        while (i < m_line.size() && (m_line[i] == ' ' || m_line[i] == '\t') && m_line[i] != m_delimiter)
            ++i;
        field.doubledQuotes = false;
        if (i < m_line.size() && m_line[i] == '"') {
            const std::size_t begin = ++i;
            while (true) {
                const std::size_t quote = m_line.find('"', i);
                if (quote == std::string_view::npos) {
                    m_failed = true;
                    m_done = true;
                    return false;
                }
                if (quote + 1 < m_line.size() && m_line[quote + 1] == '"') {
                    field.doubledQuotes = true;
                    i = quote + 2;
                    continue;
                }
                field.text = m_line.substr(begin, quote - begin);
                i = quote + 1;
                break;
            }
            i = std::min(m_line.find(m_delimiter, i), m_line.size());
        } else {
            const std::size_t end = std::min(m_line.find(m_delimiter, i), m_line.size());
            field.text = trim(m_line.substr(i, end - i));
            i = end;
        }
        if (i >= m_line.size())
            m_done = true;
        else
            m_pos = i + 1;
        return true;
    }
    bool failed() const { return m_failed; }

private:
    std::string_view m_line;
    char m_delimiter;
    std::size_t m_pos = 0;
    bool m_done = false;
    bool m_failed = false;
};

struct CsvColumn {
    Column column = Column::Other;
    std::string header; // as written (a short name: see kMaxKeyBytes), for messages
    int timeScale = kScaleMs;
};

// "# io: 1.5" and friends. Returns Ok and leaves the profile alone for plain comments.
Status parseDirective(const Line& line, const std::string& file, LayerwiseProfile& profile)
{
    std::string_view body = trim(trim(line.text).substr(1));
    const std::size_t sep = body.find_first_of(":=");
    if (sep == std::string_view::npos)
        return {};
    const std::string_view rawName = trim(body.substr(0, sep));
    const Name name = splitName(rawName);
    const std::string_view value = trim(body.substr(sep + 1));
    static const char* const kIo[] = { "io", "iotime", "dataio", "fetch", "datafetch" };
    static const char* const kH2d[] = { "h2d", "h2dtime", "htod", "datatransfer", "memcpy" };
    static const char* const kUpdate[] = { "update", "updatetime", "modelupdate", "optimizer" };
    static const char* const kWorkers[] = { "workers", "gpus", "worldsize" };
    static const char* const kStates[] = { "optimizerstates", "optimizerstatesperparameter", "optimstates" };
    static const char* const kDevice[] = { "device", "gpu" };
    if (oneOf(name.key, kDevice)) {
        if (value.size() > LayerwiseProfile::kMaxNameBytes)
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                Message(SL_TEXT("Core", "device name longer than %1 bytes"), { LayerwiseProfile::kMaxNameBytes }));
        profile.device = std::string(value);
        return {};
    }
    std::optional<TimeNs>* target = nullptr;
    if (oneOf(name.key, kIo))
        target = &profile.ioNs;
    else if (oneOf(name.key, kH2d))
        target = &profile.h2dNs;
    else if (oneOf(name.key, kUpdate))
        target = &profile.updateNs;
    if (target) {
        if (!name.unit.empty() && name.timeScale < 0)
            return lineError(ErrorCode::WrongType, file, line,
                Message(SL_TEXT("Core", "unknown time unit %1"), { quoted(name.unit) }));
        std::int64_t ns = 0;
        const Parsed parsed = parseScaled(value, name.timeScale >= 0 ? name.timeScale : kScaleMs, ns);
        if (Status s = checkValue(
                parsed, ns, true, Message(SL_TEXT("Core", "job time %1"), { quoted(rawName) }), value, file, line);
            !s.ok())
            return s;
        *target = ns;
        return {};
    }
    if (oneOf(name.key, kWorkers)) {
        std::int64_t n = 0;
        const Parsed parsed = parseInteger(value, n);
        if (parsed == Parsed::NotANumber)
            return lineError(ErrorCode::WrongType, file, line,
                Message(SL_TEXT("Core", "worker count is not an integer: %1"), { quoted(value) }));
        if (parsed == Parsed::OutOfRange || n < 1 || n > std::numeric_limits<std::int32_t>::max())
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                Message(SL_TEXT("Core", "worker count %1 is out of range (1 to 2^31 - 1)"), { quoted(value) }));
        profile.measuredWorkers = static_cast<std::int32_t>(n);
    } else if (oneOf(name.key, kStates)) {
        std::int64_t n = 0;
        const Parsed parsed = parseInteger(value, n);
        if (parsed == Parsed::NotANumber)
            return lineError(ErrorCode::WrongType, file, line,
                Message(SL_TEXT("Core", "optimizer states is not an integer: %1"), { quoted(value) }));
        if (parsed == Parsed::OutOfRange || n < 0 || n > LayerwiseProfile::kMaxOptimizerStates)
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                Message(SL_TEXT("Core", "optimizer states %1 is out of range (0 to %2)"),
                    { quoted(value), LayerwiseProfile::kMaxOptimizerStates }));
        profile.optimizerStates = static_cast<std::int32_t>(n);
    }
    return {};
}

Status emptyFileError(const std::string& file)
{
    return Status::error(ErrorCode::EmptyFile, file, 0, Message(SL_TEXT("Core", "line 1: the file is empty")));
}

// ----------------------------------------------------------------------------------------- B-Caffe

// One dump of a B-Caffe log, already grouped into layers (consecutive blobs with equal compute time).
struct BCaffeDump {
    struct Layer {
        TimeNs backwardNs = 0;
        TimeNs communicationNs = 0;
        std::int64_t gradientBytes = 0;
    };
    std::vector<Layer> layers;
    std::int64_t blobs = 0; // param_ids 0..blobs-1 were seen
    TimeNs lastComputeNs = 0;
    bool measured = false; // some compute time is not 0
    std::int64_t firstOffset = 0;
};

// "tmp4comm.log" -> 4, "tmp8ocomm.log" -> 8, "tmpcomm.log" -> 0; 0 too for a count no job has.
std::int32_t workersFromBCaffeName(const std::string& file)
{
    const std::size_t slash = file.find_last_of("/\\");
    const std::string_view base = std::string_view(file).substr(slash == std::string::npos ? 0 : slash + 1);
    if (base.substr(0, 3) != "tmp")
        return 0;
    std::size_t i = 3;
    std::int64_t n = 0;
    while (i < base.size() && base[i] >= '0' && base[i] <= '9') {
        n = CheckedMath::saturatingAdd(CheckedMath::saturatingMul(n, 10), base[i] - '0');
        ++i;
    }
    if (i == 3 || base.substr(i).find("comm") == std::string_view::npos || n > std::numeric_limits<std::int32_t>::max())
        return 0;
    return static_cast<std::int32_t>(n);
}

// --------------------------------------------------------------------------------------- PipeDream

struct GraphNode {
    std::string_view id; // into the text
    LayerProfile layer;
    std::int64_t lineOffset = 0;
    std::int64_t lineNumber = 0;
    std::int64_t number = -1; // K of "nodeK", for a stable, natural order
    bool input = false; // PipeDream's Input layer: its forward time is the loading of a batch
};

// PipeDream's profiler times its Input layer as the loading of a batch, not as work on the device:
// the time becomes the job's I/O per iteration (which a data loader overlaps with the step before), and
// the layer keeps its place, its input bytes and no time. order: the nodes' positions in the layers.
void inputAsLoading(
    const std::vector<GraphNode>& nodes, const std::vector<std::size_t>& order, LayerwiseProfile& profile)
{
    TimeNs loading = 0;
    std::size_t count = 0;
    const GraphNode* first = nullptr;
    for (std::size_t k = 0; k < order.size(); ++k) {
        const GraphNode& node = nodes[order[k]];
        if (!node.input || profile.layers[k].forwardNs <= 0)
            continue;
        loading = CheckedMath::timeAdd(loading, profile.layers[k].forwardNs);
        profile.layers[k].forwardNs = 0;
        first = first ? first : &node;
        ++count;
    }
    if (count == 0)
        return;
    profile.ioNs = loading;
    Diagnostic d;
    d.code = ErrorCode::WrongType;
    d.file = profile.file;
    d.firstByteOffset = first->lineOffset;
    d.count = static_cast<std::int64_t>(count);
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f", static_cast<double>(loading) / 1e6);
    d.detail = Message(SL_TEXT("Core",
                           "the Input layer's forward time (%1 ms) is PipeDream's loading of a batch: it is taken as "
                           "the job's I/O per iteration, which overlaps the iteration before"),
        { std::string(ms) });
    profile.diagnostics.push_back(std::move(d));
}

std::int64_t nodeNumber(std::string_view id)
{
    std::size_t i = id.size();
    while (i > 0 && id[i - 1] >= '0' && id[i - 1] <= '9')
        --i;
    std::int64_t n = -1;
    if (i < id.size() && id.size() - i < 18 && parseInteger(id.substr(i), n) != Parsed::Ok)
        n = -1;
    return n;
}

Line lineAt(std::int64_t offset, std::int64_t number)
{
    Line line;
    line.offset = offset;
    line.number = number;
    return line;
}

} // namespace

TimeNs LayerwiseProfile::totalForwardNs() const
{
    TimeNs sum = 0;
    for (const LayerProfile& l : layers)
        sum = CheckedMath::saturatingAdd(sum, l.forwardNs);
    return sum;
}

TimeNs LayerwiseProfile::totalBackwardNs() const
{
    TimeNs sum = 0;
    for (const LayerProfile& l : layers)
        sum = CheckedMath::saturatingAdd(sum, l.backwardNs);
    return sum;
}

TimeNs LayerwiseProfile::totalCommunicationNs() const
{
    TimeNs sum = 0;
    for (const LayerProfile& l : layers)
        sum = CheckedMath::saturatingAdd(sum, l.communicationNs);
    return sum;
}

std::int64_t LayerwiseProfile::totalGradientBytes() const
{
    std::int64_t sum = 0;
    for (const LayerProfile& l : layers)
        sum = CheckedMath::saturatingAdd(sum, l.gradientBytes);
    return sum;
}

std::string_view LayerwiseProfile::formatName(Format format)
{
    switch (format) {
    case Format::Csv:
        return "csv";
    case Format::BCaffeLog:
        return "b-caffe";
    case Format::PipeDreamGraph:
        return "pipedream";
    }
    return "csv";
}

std::optional<LayerwiseProfile::Format> LayerwiseProfile::detectFormat(std::string_view text)
{
    LineReader reader(text);
    Line line;
    while (reader.next(line)) {
        const std::string_view t = trim(line.text);
        if (t.empty() || t.front() == '#')
            continue;
        if (t.substr(0, 4) == "node" && t.find(" -- ") != std::string_view::npos)
            return Format::PipeDreamGraph;
        if (t.back() == ']') {
            const std::size_t open = t.rfind('[');
            if (open != std::string_view::npos && t.find(',', open) != std::string_view::npos)
                return Format::BCaffeLog;
        }
        // A CSV's first row names its columns: a row of numbers alone (a benchmark's table of sizes and
        // latencies) is no layer-wise profile's header.
        const bool named
            = std::any_of(t.begin(), t.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
        if (named && t.find_first_of(",;\t") != std::string_view::npos)
            return Format::Csv;
        return std::nullopt;
    }
    return std::nullopt;
}

Expected<LayerwiseProfile> LayerwiseProfile::load(const std::string& path, ByteBudget* budget)
{
    Expected<TextBuffer> text = FileReader::read(path, nullptr, {}, nullptr, budget);
    if (!text)
        return text.status();
    Expected<LayerwiseProfile> profile = parse(text->view(), path);
    // Whatever the parse made of it, text that vanished under the parser is not the file.
    if (Status cut = FileReader::checkNotCut(*text, path); !cut.ok())
        return cut;
    return profile;
}

Expected<LayerwiseProfile> LayerwiseProfile::parse(
    std::string_view text, const std::string& file, std::optional<Format> format)
{
    if (isBlank(stripBom(text)))
        return emptyFileError(file);
    if (!format)
        format = detectFormat(text);
    if (!format) {
        LineReader reader(text);
        Line line;
        while (reader.next(line) && (isBlank(line.text) || trim(line.text).front() == '#')) { }
        return lineError(ErrorCode::NotATrace, file, line,
            Message(SL_TEXT("Core",
                "not a layer-wise profile (a CSV with a header row, a B-Caffe comm log or a PipeDream graph.txt)")));
    }
    switch (*format) {
    case Format::Csv:
        return parseCsv(text, file);
    case Format::BCaffeLog:
        return parseBCaffeLog(text, file);
    case Format::PipeDreamGraph:
        return parsePipeDreamGraph(text, file);
    }
    return parseCsv(text, file);
}

Expected<LayerwiseProfile> LayerwiseProfile::parseCsv(std::string_view text, const std::string& file)
{
    LayerwiseProfile profile;
    profile.format = Format::Csv;
    profile.file = file;
    if (isBlank(stripBom(text)))
        return emptyFileError(file);

    // Only the known columns are kept: a header of millions of fields costs nothing but the count.
    CsvColumn columns[kKnownColumns];
    int index[kKnownColumns] = { -1, -1, -1, -1, -1, -1 }; // field index per Column, Layer..Activation
    std::size_t headerFields = 0;
    char delimiter = ',';
    bool haveHeader = false;
    Line line;
    Line last;
    std::vector<std::int64_t> layerOffsets;
    NameMending mending;
    LineReader reader(text);
    while (reader.next(line)) {
        last = line;
        const std::string_view t = trim(line.text);
        if (t.empty())
            continue;
        if (t.front() == '#') {
            if (Status s = parseDirective(line, file, profile); !s.ok())
                return s;
            continue;
        }
        if (!haveHeader) {
            haveHeader = true;
            delimiter = t.find(',') != std::string_view::npos ? ','
                : t.find(';') != std::string_view::npos       ? ';'
                                                              : '\t';
            FieldReader fields(t, delimiter);
            Field field;
            for (; fields.next(field); ++headerFields) {
                const std::string header = field.text.size() > kMaxKeyBytes ? std::string() : field.value();
                const Name name = splitName(header);
                CsvColumn c;
                c.column = columnOf(name.key);
                c.header = header;
                const bool isTime
                    = c.column == Column::Forward || c.column == Column::Backward || c.column == Column::Communication;
                if (isTime) {
                    if (!name.unit.empty() && name.timeScale < 0)
                        return lineError(ErrorCode::WrongType, file, line,
                            Message(SL_TEXT("Core", "column %1 has an unknown time unit %2"),
                                { quoted(header), quoted(name.unit) }));
                    c.timeScale = name.timeScale >= 0 ? name.timeScale : kScaleMs;
                } else if ((c.column == Column::Bytes || c.column == Column::Activation) && !isBytesUnit(name.unit)) {
                    return lineError(ErrorCode::WrongType, file, line,
                        Message(SL_TEXT("Core", "column %1 must be in bytes, not %2"),
                            { quoted(header), quoted(name.unit) }));
                }
                const auto k = static_cast<int>(c.column);
                if (c.column != Column::Other && index[k] < 0) { // the first of duplicates wins
                    index[k] = headerFields > static_cast<std::size_t>(std::numeric_limits<int>::max())
                        ? -1
                        : static_cast<int>(headerFields);
                    columns[k] = std::move(c);
                }
            }
            if (fields.failed())
                return lineError(
                    ErrorCode::WrongType, file, line, Message(SL_TEXT("Core", "unterminated quoted header field")));
            for (Column required : { Column::Layer, Column::Forward, Column::Backward }) {
                if (index[static_cast<int>(required)] < 0)
                    return lineError(ErrorCode::MissingField, file, line,
                        Message(SL_TEXT("Core",
                                    "the header has no '%1' column (expected: layer, forward, backward[, "
                                    "communication][, gradient bytes])"),
                            { columnName(required) }));
            }
            continue;
        }

        Field values[kKnownColumns];
        bool found[kKnownColumns] = {};
        FieldReader fields(t, delimiter);
        Field field;
        std::size_t count = 0;
        for (; fields.next(field); ++count) {
            for (int c = 0; c < kKnownColumns; ++c) {
                if (index[c] >= 0 && static_cast<std::size_t>(index[c]) == count) {
                    values[c] = field;
                    found[c] = true;
                }
            }
        }
        if (fields.failed())
            return lineError(ErrorCode::WrongType, file, line, Message(SL_TEXT("Core", "unterminated quoted field")));
        LayerProfile layer;
        for (int c = 0; c < kKnownColumns; ++c) {
            if (index[c] < 0)
                continue;
            const CsvColumn& col = columns[c];
            if (!found[c])
                return lineError(ErrorCode::MissingField, file, line,
                    Message(SL_TEXT("Core", "no value for column %1 (%2 fields, the header has %3)"),
                        { quoted(col.header), count, headerFields }));
            const Field& value = values[c];
            if (col.column == Column::Layer) {
                if (value.text.empty())
                    return lineError(ErrorCode::MissingField, file, line, Message(SL_TEXT("Core", "empty layer name")));
                if (value.text.size() > kMaxNameBytes)
                    return nameError(file, line, value.text);
                layer.name = mending.mend(value.value(), line);
                continue;
            }
            const bool isTime = col.column != Column::Bytes && col.column != Column::Activation;
            std::int64_t v = 0;
            // A quoted number with a quote inside is no number.
            const Parsed parsed
                = value.doubledQuotes ? Parsed::NotANumber : parseScaled(value.text, isTime ? col.timeScale : 0, v);
            if (Status s = checkValue(parsed, v, isTime, Message(SL_TEXT("Core", "column %1"), { quoted(col.header) }),
                    value.text, file, line);
                !s.ok())
                return s;
            switch (col.column) {
            case Column::Forward:
                layer.forwardNs = v;
                break;
            case Column::Backward:
                layer.backwardNs = v;
                break;
            case Column::Communication:
                layer.communicationNs = v;
                break;
            case Column::Bytes:
                layer.gradientBytes = v;
                break;
            case Column::Activation:
                layer.activationBytes = v;
                break;
            case Column::Layer:
            case Column::Other:
                break;
            }
        }
        profile.layers.push_back(std::move(layer));
        layerOffsets.push_back(line.offset);
    }
    if (!haveHeader)
        return lineError(ErrorCode::MissingField, file, last,
            Message(SL_TEXT(
                "Core", "no header row (expected: layer, forward, backward[, communication][, gradient bytes])")));
    if (profile.layers.empty())
        return lineError(ErrorCode::NoEvents, file, last, Message(SL_TEXT("Core", "no layer rows after the header")));
    mending.report(profile);
    reportDuplicateNames(profile, layerOffsets);
    return profile;
}

Expected<LayerwiseProfile> LayerwiseProfile::parseBCaffeLog(std::string_view text, const std::string& file)
{
    LayerwiseProfile profile;
    profile.format = Format::BCaffeLog;
    profile.file = file;
    profile.measuredWorkers = workersFromBCaffeName(file);
    if (isBlank(stripBom(text)))
        return emptyFileError(file);

    // Warm-up dumps print zeros, and a run killed mid-dump leaves a short one: the latest of the longest
    // dumps that measured something is used, else the latest of the longest. Dumps stream through: only
    // the one being read and the two candidates are kept, already grouped into layers.
    std::optional<BCaffeDump> current;
    std::optional<BCaffeDump> longest;
    std::optional<BCaffeDump> longestMeasured;
    auto finishDump = [&] {
        if (!current)
            return;
        if (!longest || current->blobs >= longest->blobs)
            longest = *current;
        if (current->measured && (!longestMeasured || current->blobs >= longestMeasured->blobs))
            longestMeasured = std::move(*current);
        current.reset();
    };
    LineReader reader(text);
    Line line;
    Line last;
    while (reader.next(line)) {
        last = line;
        const std::string_view t = trim(line.text);
        // Other log output may be interleaved; a record is a line ending in a bracketed list.
        if (t.empty() || t.back() != ']')
            continue;
        const std::size_t open = t.rfind('[');
        if (open == std::string_view::npos)
            continue;
        static const char* const kField[] = { "param_id", "size", "compute_time", "communication_time", "merged_time" };
        std::int64_t values[5] = {};
        FieldReader fields(t.substr(open + 1, t.size() - open - 2), ',');
        Field field;
        std::size_t count = 0;
        for (; fields.next(field); ++count) {
            if (count >= 5)
                continue; // counted for the message below, not read
            const bool integer = count < 2;
            const Parsed parsed = field.doubledQuotes ? Parsed::NotANumber
                : integer                             ? parseInteger(field.text, values[count])
                                                      : parseScaled(field.text, kScaleUs, values[count]);
            if (integer && parsed == Parsed::NotANumber)
                return lineError(ErrorCode::WrongType, file, line,
                    Message(SL_TEXT("Core", "%1 is not an integer: %2"), { kField[count], quoted(field.text) }));
            if (Status s
                = checkValue(parsed, values[count], !integer, Message::plain(kField[count]), field.text, file, line);
                !s.ok())
                return s;
        }
        if (fields.failed() || count < 4 || count > 5)
            return lineError(ErrorCode::MissingField, file, line,
                fields.failed() ? Message(SL_TEXT("Core",
                    "expected [param_id, size, compute_time, communication_time(, merged_time)], found an unterminated "
                    "quote"))
                                : Message(SL_TEXT("Core",
                                              "expected [param_id, size, compute_time, communication_time(, "
                                              "merged_time)], found %1 fields"),
                                    { count }));
        const std::int64_t paramId = values[0];
        const std::int64_t elements = values[1];
        const TimeNs computeNs = values[2];
        const TimeNs communicationNs = values[3];
        std::int64_t bytes = 0;
        if (!CheckedMath::mul(elements, 4, bytes)) // fp32 gradients
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                Message(SL_TEXT("Core", "size %1 fp32 elements is more bytes than an int64 holds"), { elements }));
        if (paramId == 0) {
            finishDump();
            current.emplace();
            current->firstOffset = line.offset;
        } else if (!current || current->blobs != paramId) {
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                !current ? Message(SL_TEXT("Core", "param_id %1 does not follow the start of a dump (0)"), { paramId })
                         : Message(SL_TEXT("Core", "param_id %1 does not follow %2"), { paramId, current->blobs - 1 }));
        }
        // A layer's blobs (weights, bias) are logged one after the other with the layer's compute time.
        BCaffeDump& dump = *current;
        if (dump.blobs == 0 || computeNs != dump.lastComputeNs) {
            dump.layers.emplace_back();
            dump.layers.back().backwardNs = computeNs;
        }
        BCaffeDump::Layer& layer = dump.layers.back();
        if (!CheckedMath::add(layer.gradientBytes, bytes, layer.gradientBytes))
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                Message(SL_TEXT("Core", "the gradient bytes of layer %1 exceed an int64"), { dump.layers.size() - 1 }));
        if (!CheckedMath::add(layer.communicationNs, communicationNs, layer.communicationNs)
            || layer.communicationNs >= CheckedMath::kTimeLimit)
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                Message(
                    SL_TEXT("Core", "the communication time of layer %1 exceeds 2^62 ns"), { dump.layers.size() - 1 }));
        dump.lastComputeNs = computeNs;
        dump.measured = dump.measured || computeNs > 0;
        ++dump.blobs;
    }
    finishDump();
    if (!longest)
        return lineError(ErrorCode::NoEvents, file, last,
            Message(SL_TEXT("Core", "no [param_id, size, compute_time, communication_time] records")));

    const BCaffeDump& chosen
        = longestMeasured && longestMeasured->blobs == longest->blobs ? *longestMeasured : *longest;
    profile.layers.reserve(chosen.layers.size());
    for (const BCaffeDump::Layer& l : chosen.layers) {
        LayerProfile layer;
        layer.name = "layer" + std::to_string(profile.layers.size());
        layer.backwardNs = l.backwardNs;
        layer.communicationNs = l.communicationNs;
        layer.gradientBytes = l.gradientBytes;
        profile.layers.push_back(std::move(layer));
    }
    Diagnostic noForward;
    noForward.code = ErrorCode::MissingField;
    noForward.file = file;
    noForward.firstByteOffset = chosen.firstOffset;
    noForward.count = static_cast<std::int64_t>(profile.layers.size());
    noForward.detail = Message(SL_TEXT("Core", "B-Caffe comm logs give no forward times: forward ops last 0 ns"));
    profile.diagnostics.push_back(std::move(noForward));
    return profile;
}

Expected<LayerwiseProfile> LayerwiseProfile::parsePipeDreamGraph(std::string_view text, const std::string& file)
{
    LayerwiseProfile profile;
    profile.format = Format::PipeDreamGraph;
    profile.file = file;
    if (isBlank(stripBom(text)))
        return emptyFileError(file);

    // Ids and edges stay views into the text: a graph of a million nodes costs a few times its file.
    std::vector<GraphNode> nodes;
    std::unordered_map<std::string_view, std::size_t> byId;
    struct Edge {
        std::string_view from;
        std::string_view to;
        std::int64_t lineOffset = 0;
        std::int64_t lineNumber = 0;
    };
    std::vector<Edge> edges;
    NameMending mending;
    LineReader reader(text);
    Line line;
    Line last;
    constexpr std::string_view kSep = " -- ";
    while (reader.next(line)) {
        last = line;
        const std::string_view t = trim(line.text);
        if (t.empty() || t.front() == '#')
            continue;
        const std::size_t first = t.find(kSep);
        const std::size_t lastSep = t.rfind(kSep);
        if (first == std::string_view::npos)
            return lineError(ErrorCode::WrongType, file, line,
                Message(SL_TEXT("Core",
                            "neither a node line ('nodeK -- layer -- key=value, ...') nor an edge line ('nodeA -- "
                            "nodeB'): %1"),
                    { quoted(t) }));
        const std::string_view tail = t.substr(lastSep + kSep.size());
        if (first == lastSep && tail.find('=') == std::string_view::npos) {
            edges.push_back({ trim(t.substr(0, first)), trim(tail), line.offset, line.number });
            continue;
        }
        if (first == lastSep)
            return lineError(ErrorCode::MissingField, file, line,
                Message(SL_TEXT("Core", "node line without a layer description: %1"), { quoted(t) }));
        GraphNode node;
        node.id = trim(t.substr(0, first));
        node.lineOffset = line.offset;
        node.lineNumber = line.number;
        node.number = nodeNumber(node.id);
        bool haveForward = false;
        bool haveBackward = false;
        FieldReader attrs(tail, ',');
        Field attr;
        while (attrs.next(attr)) {
            const std::size_t eq = attr.text.find('=');
            if (eq == std::string_view::npos)
                return lineError(ErrorCode::WrongType, file, line,
                    Message(SL_TEXT("Core", "attribute is not key=value: %1"), { quoted(attr.text) }));
            const std::string_view key = trim(attr.text.substr(0, eq));
            const std::string_view value = trim(attr.text.substr(eq + 1));
            const bool isTime = key == "forward_compute_time" || key == "backward_compute_time";
            const bool isSize = key == "activation_size" || key == "parameter_size";
            if (!isTime && !isSize)
                continue; // stage_id and other annotations
            std::int64_t v = 0;
            const Parsed parsed
                = attr.doubledQuotes ? Parsed::NotANumber : parseScaled(value, isTime ? kScaleMs : 0, v);
            if (Status s = checkValue(parsed, v, isTime, Message::plain(std::string(key)), value, file, line); !s.ok())
                return s;
            if (key == "forward_compute_time") {
                node.layer.forwardNs = v;
                haveForward = true;
            } else if (key == "backward_compute_time") {
                node.layer.backwardNs = v;
                haveBackward = true;
            } else if (key == "activation_size") {
                node.layer.activationBytes = v;
            } else {
                node.layer.gradientBytes = v;
            }
        }
        if (attrs.failed())
            return lineError(
                ErrorCode::WrongType, file, line, Message(SL_TEXT("Core", "unterminated quoted attribute")));
        if (!haveForward || !haveBackward)
            return lineError(ErrorCode::MissingField, file, line,
                Message(SL_TEXT("Core", "node %1 has no %2"),
                    { quoted(node.id), haveForward ? "backward_compute_time" : "forward_compute_time" }));
        if (const auto it = byId.find(node.id); it != byId.end())
            return lineError(ErrorCode::WrongType, file, line,
                Message(SL_TEXT("Core", "node %1 is declared twice (first on line %2)"),
                    { quoted(node.id), nodes[it->second].lineNumber }));
        const std::string_view description = trim(t.substr(first + kSep.size(), lastSep - first - kSep.size()));
        const std::string_view type = trim(description.substr(0, description.find('(')));
        const std::size_t nameBytes = type.empty() ? node.id.size() : node.id.size() + 1 + type.size();
        if (nameBytes > kMaxNameBytes)
            return nameError(file, line, type.empty() ? node.id : type);
        std::string name(node.id);
        if (!type.empty()) {
            name += ' ';
            name += type;
        }
        node.layer.name = mending.mend(name, line);
        node.input = type == "Input" && node.layer.backwardNs == 0 && node.layer.gradientBytes == 0;
        byId.emplace(node.id, nodes.size());
        nodes.push_back(std::move(node));
    }
    if (nodes.empty())
        return lineError(ErrorCode::NoEvents, file, last,
            Message(SL_TEXT("Core", "no node lines ('nodeK -- layer -- forward_compute_time=..., ...')")));

    // The edges as a compressed successor list (two arrays, not a vector per node).
    const std::size_t n = nodes.size();
    std::vector<std::uint32_t> from(edges.size());
    std::vector<std::uint32_t> to(edges.size());
    std::vector<std::size_t> successorStart(n + 1, 0);
    for (std::size_t e = 0; e < edges.size(); ++e) {
        const auto a = byId.find(edges[e].from);
        const auto b = byId.find(edges[e].to);
        if (a == byId.end() || b == byId.end())
            return lineError(ErrorCode::UnmatchedEvent, file, lineAt(edges[e].lineOffset, edges[e].lineNumber),
                Message(SL_TEXT("Core", "edge to an undeclared node %1"),
                    { quoted(a == byId.end() ? edges[e].from : edges[e].to) }));
        from[e] = static_cast<std::uint32_t>(a->second);
        to[e] = static_cast<std::uint32_t>(b->second);
        ++successorStart[from[e] + 1];
    }
    std::vector<Edge>().swap(edges);
    for (std::size_t i = 0; i < n; ++i)
        successorStart[i + 1] += successorStart[i];
    std::vector<std::uint32_t> successors(from.size());
    std::vector<std::size_t> indegree(n, 0);
    {
        std::vector<std::size_t> cursor(successorStart.begin(), successorStart.end() - 1);
        for (std::size_t e = 0; e < from.size(); ++e) {
            successors[cursor[from[e]]++] = to[e];
            ++indegree[to[e]];
        }
    }

    // Kahn's algorithm, O((N + E) log N); among ready nodes the smallest K goes first, which keeps the
    // file's natural numbering wherever the edges leave a choice.
    using Key = std::tuple<std::int64_t, std::size_t>; // (K, file order)
    std::priority_queue<Key, std::vector<Key>, std::greater<>> ready;
    for (std::size_t i = 0; i < n; ++i) {
        if (indegree[i] == 0)
            ready.emplace(nodes[i].number, i);
    }
    std::vector<std::size_t> order;
    order.reserve(n);
    while (!ready.empty()) {
        const std::size_t i = std::get<1>(ready.top());
        ready.pop();
        order.push_back(i);
        for (std::size_t e = successorStart[i]; e < successorStart[i + 1]; ++e) {
            if (--indegree[successors[e]] == 0)
                ready.emplace(nodes[successors[e]].number, successors[e]);
        }
    }
    if (order.size() != n) {
        // Every node left waits for another node left: walking back through such predecessors must
        // come round to a node twice, and that node is on a cycle. The message names the cycle's node
        // that comes first in the file. O(N + E).
        constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();
        std::vector<std::uint32_t> waitsFor(n, kNoNode);
        for (std::size_t e = 0; e < from.size(); ++e) {
            if (indegree[from[e]] > 0 && indegree[to[e]] > 0)
                waitsFor[to[e]] = from[e];
        }
        std::size_t start = 0;
        while (indegree[start] == 0)
            ++start;
        std::vector<bool> visited(n, false);
        auto v = static_cast<std::uint32_t>(start);
        while (!visited[v] && waitsFor[v] != kNoNode) {
            visited[v] = true;
            v = waitsFor[v];
        }
        std::uint32_t firstOnCycle = v;
        if (visited[v]) {
            for (std::uint32_t u = waitsFor[v]; u != v; u = waitsFor[u])
                firstOnCycle = std::min(firstOnCycle, u);
        }
        const GraphNode& stuck = nodes[firstOnCycle];
        return lineError(ErrorCode::DependencyCycle, file, lineAt(stuck.lineOffset, stuck.lineNumber),
            Message(SL_TEXT("Core", "the layer graph has a cycle through node %1"), { quoted(stuck.id) }));
    }
    profile.layers.reserve(n);
    for (std::size_t i : order)
        profile.layers.push_back(std::move(nodes[i].layer));
    inputAsLoading(nodes, order, profile);
    mending.report(profile);
    return profile;
}

} // namespace sightline
