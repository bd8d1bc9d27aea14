#include "core/import/layerwiseprofile.h"

#include "core/import/decimal.h"
#include "core/import/filereader.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <queue>
#include <tuple>
#include <utility>

namespace sightline {

namespace {

// Decimal scales that turn a number in a unit into nanoseconds.
constexpr int kScaleS = 9;
constexpr int kScaleMs = 6;
constexpr int kScaleUs = 3;
constexpr int kScaleNs = 0;

std::string_view stripBom(std::string_view text)
{
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF && static_cast<unsigned char>(text[1]) == 0xBB
        && static_cast<unsigned char>(text[2]) == 0xBF)
        text.remove_prefix(3);
    return text;
}

struct Line {
    std::string_view text; // without the line break and a trailing '\r'
    std::int64_t offset = 0; // byte offset of the line's first character
    int number = 0; // 1-based
};

// Splits text into lines lazily; handles "\n" and "\r\n" and skips a UTF-8 byte-order mark (offsets
// still count it, so they stay offsets into the file).
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
        std::size_t end = m_text.find('\n', m_pos);
        if (end == std::string_view::npos)
            end = m_text.size();
        std::string_view t = m_text.substr(m_pos, end - m_pos);
        if (!t.empty() && t.back() == '\r')
            t.remove_suffix(1);
        line.text = t;
        line.offset = static_cast<std::int64_t>(m_pos);
        line.number = ++m_number;
        m_pos = end + 1;
        return true;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_number = 0;
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

std::string quoted(std::string_view s)
{
    constexpr std::size_t kMax = 60; // keep messages readable when a whole line is garbage
    std::string out = "'";
    out += s.size() > kMax ? std::string(s.substr(0, kMax)) + "..." : std::string(s);
    out += "'";
    return out;
}

Status lineError(ErrorCode code, const std::string& file, const Line& line, const std::string& what)
{
    return Status::error(code, file, line.offset, "line " + std::to_string(line.number) + ": " + what);
}

// A time in the unit given by scale, as exact nanoseconds. Rejects empty and malformed text.
bool parseScaled(std::string_view text, int scale, std::int64_t& out)
{
    return !text.empty() && Decimal::parseScaled(text, scale, out);
}

bool parseInteger(std::string_view text, std::int64_t& out)
{
    if (text.empty())
        return false;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(first, last, out);
    return ec == std::errc() && ptr == last;
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
    std::string lower = asciiLower(trim(raw));
    std::string_view s = lower;
    Name name;
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

// ---------------------------------------------------------------------------------------------- CSV

enum class Column { Layer, Forward, Backward, Communication, Bytes, Other };

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
    case Column::Other:
        break;
    }
    return "other";
}

// Splits one CSV record. Quoted fields may hold the delimiter; "" inside quotes is a quote.
bool splitFields(std::string_view line, char delimiter, std::vector<std::string>& out)
{
    out.clear();
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t') && line[i] != delimiter)
            ++i;
        std::string field;
        if (i < line.size() && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    closed = true;
                    ++i;
                    break;
                }
                field += line[i++];
            }
            if (!closed)
                return false;
            while (i < line.size() && line[i] != delimiter)
                ++i; // spaces after the closing quote
        } else {
            const std::size_t end = std::min(line.find(delimiter, i), line.size());
            field = std::string(trim(line.substr(i, end - i)));
            i = end;
        }
        out.push_back(std::move(field));
        if (i >= line.size())
            return true;
        ++i; // the delimiter
    }
}

struct CsvColumn {
    Column column = Column::Other;
    std::string header; // as written, for messages
    int timeScale = kScaleMs;
};

// "# io: 1.5" and friends. Returns Ok and leaves the profile alone for plain comments.
Status parseDirective(const Line& line, const std::string& file, LayerwiseProfile& profile)
{
    std::string_view body = trim(trim(line.text).substr(1));
    const std::size_t sep = body.find_first_of(":=");
    if (sep == std::string_view::npos)
        return {};
    const Name name = splitName(body.substr(0, sep));
    const std::string_view value = trim(body.substr(sep + 1));
    static const char* const kIo[] = { "io", "iotime", "dataio", "fetch", "datafetch" };
    static const char* const kH2d[] = { "h2d", "h2dtime", "htod", "datatransfer", "memcpy" };
    static const char* const kUpdate[] = { "update", "updatetime", "modelupdate", "optimizer" };
    static const char* const kWorkers[] = { "workers", "gpus", "worldsize" };
    std::optional<TimeNs>* target = nullptr;
    if (oneOf(name.key, kIo))
        target = &profile.ioNs;
    else if (oneOf(name.key, kH2d))
        target = &profile.h2dNs;
    else if (oneOf(name.key, kUpdate))
        target = &profile.updateNs;
    if (target) {
        if (!name.unit.empty() && name.timeScale < 0)
            return lineError(ErrorCode::WrongType, file, line, "unknown time unit " + quoted(name.unit));
        std::int64_t ns = 0;
        if (!parseScaled(value, name.timeScale >= 0 ? name.timeScale : kScaleMs, ns))
            return lineError(ErrorCode::WrongType, file, line,
                "job time " + quoted(body.substr(0, sep)) + " is not a number: " + quoted(value));
        if (ns < 0)
            return lineError(
                ErrorCode::NegativeDuration, file, line, "job time " + quoted(body.substr(0, sep)) + " is negative");
        *target = ns;
        return {};
    }
    if (oneOf(name.key, kWorkers)) {
        std::int64_t n = 0;
        if (!parseInteger(value, n))
            return lineError(ErrorCode::WrongType, file, line, "worker count is not an integer: " + quoted(value));
        if (n < 1 || n > std::numeric_limits<std::int32_t>::max())
            return lineError(
                ErrorCode::ValueOutOfRange, file, line, "worker count " + std::string(value) + " is out of range");
        profile.measuredWorkers = static_cast<std::int32_t>(n);
    }
    return {};
}

Status emptyFileError(const std::string& file)
{
    return Status::error(ErrorCode::EmptyFile, file, 0, "line 1: the file is empty");
}

// ----------------------------------------------------------------------------------------- B-Caffe

struct Blob {
    std::int64_t paramId = 0;
    std::int64_t elements = 0;
    TimeNs computeNs = 0;
    TimeNs communicationNs = 0;
    std::int64_t lineOffset = 0;
};

// "tmp4comm.log" -> 4, "tmp8ocomm.log" -> 8, "tmpcomm.log" -> 0.
std::int32_t workersFromBCaffeName(const std::string& file)
{
    const std::size_t slash = file.find_last_of("/\\");
    const std::string_view base = std::string_view(file).substr(slash == std::string::npos ? 0 : slash + 1);
    if (base.substr(0, 3) != "tmp")
        return 0;
    std::size_t i = 3;
    std::int64_t n = 0;
    while (i < base.size() && base[i] >= '0' && base[i] <= '9' && n < 1000000)
        n = n * 10 + (base[i++] - '0');
    if (i == 3 || base.substr(i).find("comm") == std::string_view::npos)
        return 0;
    return static_cast<std::int32_t>(n);
}

// --------------------------------------------------------------------------------------- PipeDream

struct GraphNode {
    std::string id;
    std::string description;
    LayerProfile layer;
    Line line;
    std::int64_t number = -1; // K of "nodeK", for a stable, natural order
};

std::int64_t nodeNumber(std::string_view id)
{
    std::size_t i = id.size();
    while (i > 0 && id[i - 1] >= '0' && id[i - 1] <= '9')
        --i;
    std::int64_t n = -1;
    if (i < id.size() && id.size() - i < 18)
        parseInteger(id.substr(i), n);
    return n;
}

} // namespace

TimeNs LayerwiseProfile::totalForwardNs() const
{
    TimeNs sum = 0;
    for (const LayerProfile& l : layers)
        sum += l.forwardNs;
    return sum;
}

TimeNs LayerwiseProfile::totalBackwardNs() const
{
    TimeNs sum = 0;
    for (const LayerProfile& l : layers)
        sum += l.backwardNs;
    return sum;
}

TimeNs LayerwiseProfile::totalCommunicationNs() const
{
    TimeNs sum = 0;
    for (const LayerProfile& l : layers)
        sum += l.communicationNs;
    return sum;
}

std::int64_t LayerwiseProfile::totalGradientBytes() const
{
    std::int64_t sum = 0;
    for (const LayerProfile& l : layers)
        sum += l.gradientBytes;
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
        if (t.find_first_of(",;\t") != std::string_view::npos)
            return Format::Csv;
        return std::nullopt;
    }
    return std::nullopt;
}

Expected<LayerwiseProfile> LayerwiseProfile::load(const std::string& path)
{
    Expected<TextBuffer> text = FileReader::read(path);
    if (!text)
        return text.status();
    return parse(text->view(), path);
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
            "not a layer-wise profile (a CSV with a header row, a B-Caffe comm log or a PipeDream graph.txt)");
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

    std::vector<CsvColumn> columns;
    char delimiter = ',';
    int index[5] = { -1, -1, -1, -1, -1 }; // field index per Column, Layer..Bytes
    bool haveHeader = false;
    Line line;
    Line last;
    std::vector<std::string> fields;
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
            if (!splitFields(t, delimiter, fields))
                return lineError(ErrorCode::WrongType, file, line, "unterminated quoted header field");
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const Name name = splitName(fields[i]);
                CsvColumn c;
                c.column = columnOf(name.key);
                c.header = fields[i];
                const bool isTime
                    = c.column == Column::Forward || c.column == Column::Backward || c.column == Column::Communication;
                if (isTime) {
                    if (!name.unit.empty() && name.timeScale < 0)
                        return lineError(ErrorCode::WrongType, file, line,
                            "column " + quoted(fields[i]) + " has an unknown time unit " + quoted(name.unit));
                    c.timeScale = name.timeScale >= 0 ? name.timeScale : kScaleMs;
                } else if (c.column == Column::Bytes && !isBytesUnit(name.unit)) {
                    return lineError(ErrorCode::WrongType, file, line,
                        "column " + quoted(fields[i]) + " must be in bytes, not " + quoted(name.unit));
                }
                if (c.column != Column::Other && index[static_cast<int>(c.column)] < 0)
                    index[static_cast<int>(c.column)] = static_cast<int>(i); // the first of duplicates wins
                columns.push_back(std::move(c));
            }
            for (Column required : { Column::Layer, Column::Forward, Column::Backward }) {
                if (index[static_cast<int>(required)] < 0)
                    return lineError(ErrorCode::MissingField, file, line,
                        std::string("the header has no '") + columnName(required)
                            + "' column (expected: layer, forward, backward[, communication][, gradient bytes])");
            }
            continue;
        }
        if (!splitFields(t, delimiter, fields))
            return lineError(ErrorCode::WrongType, file, line, "unterminated quoted field");
        LayerProfile layer;
        for (int c = 0; c < 5; ++c) {
            const int at = index[c];
            if (at < 0)
                continue;
            const CsvColumn& col = columns[static_cast<std::size_t>(at)];
            if (static_cast<std::size_t>(at) >= fields.size())
                return lineError(ErrorCode::MissingField, file, line,
                    "no value for column " + quoted(col.header) + " (" + std::to_string(fields.size())
                        + " fields, the header has " + std::to_string(columns.size()) + ")");
            const std::string& value = fields[static_cast<std::size_t>(at)];
            if (col.column == Column::Layer) {
                if (value.empty())
                    return lineError(ErrorCode::MissingField, file, line, "empty layer name");
                layer.name = value;
                continue;
            }
            std::int64_t v = 0;
            const int scale = col.column == Column::Bytes ? 0 : col.timeScale;
            if (!parseScaled(value, scale, v))
                return lineError(ErrorCode::WrongType, file, line,
                    "column " + quoted(col.header) + " is not a number: " + quoted(value));
            if (v < 0)
                return lineError(col.column == Column::Bytes ? ErrorCode::ValueOutOfRange : ErrorCode::NegativeDuration,
                    file, line, "column " + quoted(col.header) + " is negative: " + quoted(value));
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
            case Column::Layer:
            case Column::Other:
                break;
            }
        }
        profile.layers.push_back(std::move(layer));
    }
    if (!haveHeader)
        return lineError(ErrorCode::MissingField, file, last,
            "no header row (expected: layer, forward, backward[, communication][, gradient bytes])");
    if (profile.layers.empty())
        return lineError(ErrorCode::NoEvents, file, last, "no layer rows after the header");
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

    std::vector<std::vector<Blob>> dumps;
    LineReader reader(text);
    Line line;
    Line last;
    std::vector<std::string> fields;
    while (reader.next(line)) {
        last = line;
        const std::string_view t = trim(line.text);
        // Other log output may be interleaved; a record is a line ending in a bracketed list.
        if (t.empty() || t.back() != ']')
            continue;
        const std::size_t open = t.rfind('[');
        if (open == std::string_view::npos)
            continue;
        splitFields(t.substr(open + 1, t.size() - open - 2), ',', fields);
        if (fields.size() < 4 || fields.size() > 5)
            return lineError(ErrorCode::MissingField, file, line,
                "expected [param_id, size, compute_time, communication_time(, merged_time)], found "
                    + std::to_string(fields.size()) + " fields");
        static const char* const kField[] = { "param_id", "size", "compute_time", "communication_time", "merged_time" };
        Blob blob;
        blob.lineOffset = line.offset;
        std::int64_t values[5] = {};
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const bool integer = i < 2;
            const bool ok = integer ? parseInteger(fields[i], values[i]) : parseScaled(fields[i], kScaleUs, values[i]);
            if (!ok)
                return lineError(ErrorCode::WrongType, file, line,
                    std::string(kField[i]) + " is not " + (integer ? "an integer: " : "a number: ")
                        + quoted(fields[i]));
            if (values[i] < 0)
                return lineError(integer ? ErrorCode::ValueOutOfRange : ErrorCode::NegativeDuration, file, line,
                    std::string(kField[i]) + " is negative: " + quoted(fields[i]));
        }
        blob.paramId = values[0];
        blob.elements = values[1];
        blob.computeNs = values[2];
        blob.communicationNs = values[3];
        if (blob.elements > std::numeric_limits<std::int64_t>::max() / 4)
            return lineError(ErrorCode::ValueOutOfRange, file, line, "size is too large: " + quoted(fields[1]));
        if (blob.paramId == 0) {
            dumps.emplace_back();
        } else if (dumps.empty() || dumps.back().back().paramId + 1 != blob.paramId) {
            return lineError(ErrorCode::ValueOutOfRange, file, line,
                "param_id " + std::to_string(blob.paramId) + " does not follow "
                    + (dumps.empty() ? std::string("the start of a dump (0)")
                                     : std::to_string(dumps.back().back().paramId)));
        }
        dumps.back().push_back(blob);
    }
    if (dumps.empty())
        return lineError(
            ErrorCode::NoEvents, file, last, "no [param_id, size, compute_time, communication_time] records");

    // Warm-up dumps print zeros, and a run killed mid-dump leaves a short one: take the latest complete
    // dump that measured something.
    std::size_t longest = 0;
    for (const auto& d : dumps)
        longest = std::max(longest, d.size());
    const std::vector<Blob>* chosen = nullptr;
    for (auto it = dumps.rbegin(); it != dumps.rend() && !chosen; ++it) {
        const bool measured = std::any_of(it->begin(), it->end(), [](const Blob& b) { return b.computeNs > 0; });
        if (it->size() == longest && measured)
            chosen = &*it;
    }
    if (!chosen) {
        for (auto it = dumps.rbegin(); it != dumps.rend() && !chosen; ++it) {
            if (it->size() == longest)
                chosen = &*it;
        }
    }
    for (std::size_t i = 0; i < chosen->size(); ++i) {
        const Blob& b = (*chosen)[i];
        if (i == 0 || b.computeNs != (*chosen)[i - 1].computeNs) {
            LayerProfile layer;
            layer.name = "layer" + std::to_string(profile.layers.size());
            layer.backwardNs = b.computeNs;
            profile.layers.push_back(std::move(layer));
        }
        LayerProfile& layer = profile.layers.back();
        layer.communicationNs += b.communicationNs;
        layer.gradientBytes += b.elements * 4; // fp32 gradients
    }
    Diagnostic noForward;
    noForward.code = ErrorCode::MissingField;
    noForward.file = file;
    noForward.firstByteOffset = chosen->front().lineOffset;
    noForward.count = static_cast<std::int64_t>(profile.layers.size());
    noForward.detail = "B-Caffe comm logs give no forward times: forward ops last 0 ns";
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

    std::vector<GraphNode> nodes;
    std::map<std::string, std::size_t, std::less<>> byId;
    struct Edge {
        std::string from;
        std::string to;
        Line line;
    };
    std::vector<Edge> edges;
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
                "neither a node line ('nodeK -- layer -- key=value, ...') nor an edge line ('nodeA -- nodeB'): "
                    + quoted(t));
        const std::string_view tail = t.substr(lastSep + kSep.size());
        if (first == lastSep && tail.find('=') == std::string_view::npos) {
            edges.push_back({ std::string(trim(t.substr(0, first))), std::string(trim(tail)), line });
            continue;
        }
        if (first == lastSep)
            return lineError(
                ErrorCode::MissingField, file, line, "node line without a layer description: " + quoted(t));
        GraphNode node;
        node.id = std::string(trim(t.substr(0, first)));
        node.description = std::string(trim(t.substr(first + kSep.size(), lastSep - first - kSep.size())));
        node.line = line;
        node.number = nodeNumber(node.id);
        bool haveForward = false;
        bool haveBackward = false;
        std::vector<std::string> attrs;
        splitFields(tail, ',', attrs);
        for (const std::string& attr : attrs) {
            const std::size_t eq = attr.find('=');
            if (eq == std::string::npos)
                return lineError(ErrorCode::WrongType, file, line, "attribute is not key=value: " + quoted(attr));
            const std::string key(trim(std::string_view(attr).substr(0, eq)));
            const std::string_view value = trim(std::string_view(attr).substr(eq + 1));
            const bool isTime = key == "forward_compute_time" || key == "backward_compute_time";
            const bool isSize = key == "activation_size" || key == "parameter_size";
            if (!isTime && !isSize)
                continue; // stage_id and other annotations
            std::int64_t v = 0;
            if (!parseScaled(value, isTime ? kScaleMs : 0, v))
                return lineError(ErrorCode::WrongType, file, line, key + " is not a number: " + quoted(value));
            if (v < 0)
                return lineError(isTime ? ErrorCode::NegativeDuration : ErrorCode::ValueOutOfRange, file, line,
                    key + " is negative: " + quoted(value));
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
        if (!haveForward || !haveBackward)
            return lineError(ErrorCode::MissingField, file, line,
                std::string("node ") + quoted(node.id) + " has no "
                    + (haveForward ? "backward_compute_time" : "forward_compute_time"));
        if (const auto it = byId.find(node.id); it != byId.end())
            return lineError(ErrorCode::WrongType, file, line,
                "node " + quoted(node.id) + " is declared twice (first on line "
                    + std::to_string(nodes[it->second].line.number) + ")");
        const std::size_t open = node.description.find('(');
        const std::string_view type = trim(std::string_view(node.description).substr(0, open));
        node.layer.name = type.empty() ? node.id : node.id + " " + std::string(type);
        byId.emplace(node.id, nodes.size());
        nodes.push_back(std::move(node));
    }
    if (nodes.empty())
        return lineError(
            ErrorCode::NoEvents, file, last, "no node lines ('nodeK -- layer -- forward_compute_time=..., ...')");

    // Kahn's algorithm; among ready nodes the smallest K goes first, which keeps the file's natural
    // numbering wherever the edges leave a choice.
    std::vector<std::vector<std::size_t>> successors(nodes.size());
    std::vector<std::size_t> indegree(nodes.size(), 0);
    for (const Edge& e : edges) {
        const auto from = byId.find(e.from);
        const auto to = byId.find(e.to);
        if (from == byId.end() || to == byId.end())
            return lineError(ErrorCode::UnmatchedEvent, file, e.line,
                "edge to an undeclared node " + quoted(from == byId.end() ? e.from : e.to));
        successors[from->second].push_back(to->second);
        ++indegree[to->second];
    }
    using Key = std::tuple<std::int64_t, std::size_t>; // (K, file order)
    std::priority_queue<Key, std::vector<Key>, std::greater<>> ready;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (indegree[i] == 0)
            ready.emplace(nodes[i].number, i);
    }
    std::vector<std::size_t> order;
    order.reserve(nodes.size());
    while (!ready.empty()) {
        const std::size_t i = std::get<1>(ready.top());
        ready.pop();
        order.push_back(i);
        for (std::size_t s : successors[i]) {
            if (--indegree[s] == 0)
                ready.emplace(nodes[s].number, s);
        }
    }
    if (order.size() != nodes.size()) {
        std::size_t stuck = 0;
        while (indegree[stuck] == 0)
            ++stuck;
        return lineError(ErrorCode::WrongType, file, nodes[stuck].line,
            "the layer graph has a cycle reaching node " + quoted(nodes[stuck].id));
    }
    for (std::size_t i : order)
        profile.layers.push_back(std::move(nodes[i].layer));

    return profile;
}

} // namespace sightline
