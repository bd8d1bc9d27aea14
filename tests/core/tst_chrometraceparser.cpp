// ChromeTraceParser on its own: a large events array parsed in pieces on all cores must give exactly
// what one sequential pass gives, including when a split falls inside a nested value or a string, when
// begin/end pairs force one pass, and when the file is broken. Pieces parsed where they lie in the text
// must leave it as it was. Shapes, ids and timestamps read straight from the text must be what the
// value-by-value reading gives.

#include "core/import/chrometraceparser.h"
#include "core/import/rankpart.h"
#include "core/import/textbuffer.h"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <string>

using namespace sightline;

namespace {

TextBuffer bufferOf(const std::string& text)
{
    TextBuffer buffer(text.size());
    std::memcpy(buffer.data(), text.data(), text.size());
    buffer.setSize(text.size());
    return buffer;
}

struct Parsed {
    Status status;
    RankPart part;
    std::size_t pieces = 0;
    bool textUnchanged = false; // the buffer holds the document as it was given
};

Parsed parse(const std::string& text, std::size_t pieceBytes)
{
    Parsed out;
    out.part.path = "test.json";
    TextBuffer buffer = bufferOf(text);
    out.status = ChromeTraceParser::parse(buffer, out.part, nullptr, pieceBytes, &out.pieces);
    out.textUnchanged = buffer.view() == text;
    return out;
}

std::string str(const RankPart& part, std::uint32_t id)
{
    return id == StringId::kInvalid ? std::string("<none>") : std::string(part.strings.view(StringId(id)));
}

// Every field the parser fills, with strings compared by value (pools differ in order).
void compareParts(const RankPart& a, const RankPart& b)
{
    QCOMPARE(a.format, b.format);
    QCOMPARE(a.declaredRank, b.declaredRank);
    QCOMPARE(a.worldSize, b.worldSize);
    QCOMPARE(a.hasBaseTime, b.hasBaseTime);
    QCOMPARE(a.baseTimeNs, b.baseTimeNs);
    QCOMPARE(str(a, a.host.value()), str(b, b.host.value()));
    QCOMPARE(a.processGroups.size(), b.processGroups.size());
    for (std::size_t i = 0; i < a.processGroups.size(); ++i) {
        QCOMPARE(str(a, a.processGroups[i].name.value()), str(b, b.processGroups[i].name.value()));
        QVERIFY(a.processGroups[i].ranks == b.processGroups[i].ranks);
    }
    QCOMPARE(a.eventCount, b.eventCount);
    QCOMPARE(a.opCount(), b.opCount());
    QCOMPARE(a.tracks.size(), b.tracks.size());
    for (std::size_t i = 0; i < a.opCount(); ++i) {
        QCOMPARE(a.start[i], b.start[i]);
        QCOMPARE(a.end[i], b.end[i]);
        QCOMPARE(a.bytes[i], b.bytes[i]);
        QCOMPARE(a.correlation[i], b.correlation[i]);
        QCOMPARE(str(a, a.name[i]), str(b, b.name[i]));
        QCOMPARE(str(a, a.category[i]), str(b, b.category[i]));
        const RankPart::TrackKey& ka = a.tracks[a.track[i]].key;
        const RankPart::TrackKey& kb = b.tracks[b.track[i]].key;
        QCOMPARE(ka.pid, kb.pid);
        QCOMPARE(ka.tid, kb.tid);
        QCOMPARE(str(a, ka.tidString), str(b, kb.tidString));
    }
    QCOMPARE(a.flows.size(), b.flows.size());
    for (std::size_t i = 0; i < a.flows.size(); ++i) {
        QCOMPARE(a.flows[i].id, b.flows[i].id);
        QCOMPARE(a.flows[i].time, b.flows[i].time);
        QCOMPARE(a.flows[i].byteOffset, b.flows[i].byteOffset);
    }
    QCOMPARE(a.commArgs.size(), b.commArgs.size());
    QCOMPARE(a.shapes.size(), b.shapes.size());
    for (std::size_t i = 0; i < a.shapes.size(); ++i) {
        QCOMPARE(a.shapes[i].first, b.shapes[i].first);
        QCOMPARE(str(a, a.shapes[i].second.dims.value()), str(b, b.shapes[i].second.dims.value()));
        QCOMPARE(str(a, a.shapes[i].second.types.value()), str(b, b.shapes[i].second.types.value()));
    }
    QCOMPARE(a.memory.size(), b.memory.size());
    for (std::size_t i = 0; i < a.memory.size(); ++i) {
        QCOMPARE(a.memory[i].first, b.memory[i].first);
        QCOMPARE(a.memory[i].second.bytes, b.memory[i].second.bytes);
        QCOMPARE(a.memory[i].second.totalAllocated, b.memory[i].second.totalAllocated);
        QCOMPARE(a.memory[i].second.address, b.memory[i].second.address);
    }
    QCOMPARE(a.devices.size(), b.devices.size());
    for (std::size_t i = 0; i < a.devices.size(); ++i) {
        QCOMPARE(a.devices[i].index, b.devices[i].index);
        QCOMPARE(a.devices[i].memoryBytes, b.devices[i].memoryBytes);
        QCOMPARE(str(a, a.devices[i].name.value()), str(b, b.devices[i].name.value()));
    }
    QCOMPARE(a.counters.size(), b.counters.size());
    QCOMPARE(a.diagnostics.size(), b.diagnostics.size());
    for (std::size_t i = 0; i < a.diagnostics.size(); ++i) {
        QCOMPARE(a.diagnostics[i].code, b.diagnostics[i].code);
        QCOMPARE(a.diagnostics[i].count, b.diagnostics[i].count);
        QCOMPARE(a.diagnostics[i].firstByteOffset, b.diagnostics[i].firstByteOffset);
        QCOMPARE(a.diagnostics[i].detail.english(), b.diagnostics[i].detail.english());
    }
}

// A Kineto-like document whose events carry nested arrays of objects and strings holding "},{", so
// that many candidate split points are not event boundaries.
std::string kinetoDocument(int events, bool withPairs, bool compact = false)
{
    const std::string separator = compact ? "," : ",\n";
    std::string s = "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [{\"id\": 0, \"name\": \"GPU\"}, {\"id\": 1}],\n";
    s += "  \"traceEvents\": [\n";
    for (int i = 0; i < events; ++i) {
        if (i > 0)
            s += separator;
        const std::string ts = std::to_string(1700000000000000LL + i * 10) + "." + std::to_string(i % 1000);
        switch (i % 6) {
        case 0:
            s += "  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", \"pid\": 1, \"tid\": 1, \"ts\": " + ts
                + ", \"dur\": 5, \"args\": {\"External id\": " + std::to_string(i)
                + ", \"Input Dims\": [[64, 128], [128, 256]], \"Input type\": [\"float\", \"float\"],"
                  " \"nested\": [{\"a\": 1},{\"b\": 2},  {\"c\": [{\"d\": 3},{\"e\": 4}]}]}}";
            break;
        case 1:
            s += "  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm},{\\\"x\\\"\", \"pid\": 0, \"tid\": \"stream 7\", \"ts\": "
                + ts + ", \"dur\": 3, \"args\": {\"correlation\": " + std::to_string(i) + ", \"device\": 0}}";
            break;
        case 2:
            s += "  {\"ph\": \"s\", \"cat\": \"ac2g\", \"id\": " + std::to_string(i) + ", \"pid\": 1, \"tid\": 1, \"ts\": " + ts
                + ", \"name\": \"launch\"}";
            break;
        case 3:
            s += "  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"ncclDevKernel_AllReduce_Sum_f32_RING_LL\", \"pid\": 0,"
                 " \"tid\": \"stream 9\", \"ts\": "
                + ts + ", \"dur\": 7, \"args\": {\"Collective name\": \"allreduce\", \"In msg nelems\": 1024,"
                       " \"Out msg nelems\": 1024, \"Group size\": 8, \"dtype\": \"Float\"}}";
            break;
        case 4:
            // A broken event: it is skipped and counted, at the same byte offset either way.
            s += "  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"bad\", \"pid\": 1, \"tid\": 2, \"ts\": " + ts + ", \"dur\": -4}";
            break;
        default:
            if (withPairs)
                s += "  {\"ph\": \"" + std::string(i % 12 == 5 ? "B" : "E") + "\", \"name\": \"span\", \"pid\": 1, \"tid\": 3, \"ts\": " + ts + "}";
            else if (i % 12 == 5)
                s += "  {\"ph\": \"C\", \"name\": \"memory\", \"pid\": 1, \"ts\": " + ts + ", \"args\": {\"bytes\": " + std::to_string(i * 64) + "}}";
            else
                // An allocator event, a free every other time.
                s += "  {\"ph\": \"i\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 1, \"ts\": " + ts
                    + ", \"args\": {\"Total Allocated\": " + std::to_string(i * 64) + ", \"Bytes\": " + (i % 24 == 11 ? "-" : "")
                    + std::to_string(i * 32) + ", \"Device Id\": 0, \"Device Type\": 1, \"Addr\": " + std::to_string(4096 + i) + "}}";
            break;
        }
    }
    s += "\n  ],\n  \"traceName\": \"t.json\",\n";
    s += "  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 3, \"world_size\": 8,"
         " \"pg_config\": [{\"pg_name\": \"0\", \"pg_desc\": \"default_pg\", \"backend_config\": \"cuda:nccl\", \"ranks\": [0, 1, 2, 3, 4, 5, 6, 7]}]},\n";
    s += "  \"host_name\": \"node-a\",\n  \"baseTimeNanoseconds\": 1700000000000000000,\n";
    s += "  \"deviceProperties\": [{\"id\": 2, \"name\": \"GPU C\", \"totalGlobalMem\": 85017493504}]\n}\n";
    return s;
}

// Flat events (no nested objects, so that splits need not fall back) separated by ",", ", " and ",\n"
// in turn: pieces after a lone "," cannot be wrapped where they lie and are copied, the others are not.
std::string flatDocument(int events)
{
    static const char* separators[] = { ",", ", ", ",\n  ", ",", ",", ",  " };
    std::string s = "{\"traceEvents\": [";
    for (int i = 0; i < events; ++i) {
        if (i > 0)
            s += separators[i % 6];
        s += "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op" + std::to_string(i % 17) + "\", \"pid\": 1, \"tid\": "
            + std::to_string(i % 3) + ", \"ts\": " + std::to_string(1000 + i) + ".5, \"dur\": 2, \"args\": {\"Input Dims\": [[" + std::to_string(i)
            + ", 4], []], \"correlation\": " + std::to_string(i) + "}}";
    }
    s += "], \"traceName\": \"flat\"}";
    return s;
}

// A Horovod-like bare array: one process per tensor, whose phases nest as begin/end pairs that stay
// open across many events (every tensor negotiates, then every tensor reduces), with the tensor's
// shape and type on the closing event. Left open, like a writer that is still running, when asked.
std::string pairedBareArray(int iterations, int tensors, bool open)
{
    std::string s = "[\n";
    long long ts = 1000;
    auto event = [&](const std::string& ph, const std::string& name, int tensor, const std::string& args = {}) {
        s += "{\"ph\": \"" + ph + "\", \"name\": \"" + name + "\", \"pid\": " + std::to_string(tensor + 1) + ", \"ts\": "
            + std::to_string(ts += 3) + args + "},\n";
    };
    for (int t = 0; t < tensors; ++t)
        s += "{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": " + std::to_string(t + 1)
            + ", \"args\": {\"name\": \"grad_" + std::to_string(t) + "\"}},\n";
    for (int k = 0; k < iterations; ++k) {
        for (int t = 0; t < tensors; ++t)
            event("B", "NEGOTIATE_ALLREDUCE", t);
        for (int t = 0; t < tensors; ++t) {
            s += "{\"ph\": \"X\", \"name\": \"" + std::to_string(t % 4) + "\", \"pid\": " + std::to_string(t + 1)
                + ", \"ts\": " + std::to_string(ts) + ", \"dur\": 0},\n";
            event("E", "", t);
        }
        for (int t = 0; t < tensors; ++t)
            event("B", "ALLREDUCE", t);
        for (int t = tensors - 1; t >= 0; --t) {
            event("B", "NCCL_ALLREDUCE", t);
            event("E", "", t);
        }
        for (int t = 0; t < tensors; ++t) {
            // A short pair of another tensor's between the long ones' ends: its shape comes between theirs.
            event("B", "BROADCAST", tensors);
            event("E", "", tensors, ", \"args\": {\"dtype\": \"int8\", \"shape\": \"[" + std::to_string(t) + "]\"}");
            event("E", "", t, ", \"args\": {\"dtype\": \"float32\", \"shape\": \"[" + std::to_string(16 + t) + ", 3]\"}");
        }
    }
    s.resize(s.size() - 2); // the last ",\n"
    s += open ? ",\n" : "\n]\n";
    return s;
}

std::string completeEvent(const std::string& fields)
{
    return "{\"ph\": \"X\", \"name\": \"op\", \"dur\": 1, " + fields + "}";
}

} // namespace

class TestChromeTraceParser : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void piecesMatchOnePass_data()
    {
        QTest::addColumn<int>("events");
        QTest::addColumn<bool>("pairs");
        QTest::addColumn<int>("pieceBytes");
        QTest::addColumn<bool>("compact");
        QTest::addColumn<bool>("inPieces");
        QTest::newRow("small pieces") << 3000 << false << 700 << false << true;
        QTest::newRow("mid pieces") << 3000 << false << 4096 << false << true;
        QTest::newRow("few pieces") << 3000 << false << 200000 << false << true;
        QTest::newRow("begin/end pairs") << 3000 << true << 4096 << false << true;
        QTest::newRow("one line, splits inside nested values") << 3000 << false << 700 << true << false;
    }
    void piecesMatchOnePass()
    {
        QFETCH(int, events);
        QFETCH(bool, pairs);
        QFETCH(int, pieceBytes);
        QFETCH(bool, compact);
        QFETCH(bool, inPieces);
        const std::string doc = kinetoDocument(events, pairs, compact);
        QVERIFY(doc.size() / static_cast<std::size_t>(pieceBytes) >= 2);
        const Parsed one = parse(doc, 0);
        QVERIFY2(one.status.ok(), one.status.toString().c_str());
        const Parsed pieces = parse(doc, static_cast<std::size_t>(pieceBytes));
        QVERIFY2(pieces.status.ok(), pieces.status.toString().c_str());
        QCOMPARE(one.pieces, std::size_t(0));
        if (inPieces)
            QVERIFY(pieces.pieces >= 2);
        else
            QCOMPARE(pieces.pieces, std::size_t(0));
        QVERIFY(one.part.opCount() > static_cast<std::size_t>(events) / 3);
        QCOMPARE(one.part.declaredRank, 3);
        QVERIFY(one.part.hasBaseTime);
        QVERIFY(!one.part.diagnostics.empty());
        // Devices before and after the events array, and allocator events unless B/E pairs replace them.
        QCOMPARE(one.part.devices.size(), std::size_t(3));
        QVERIFY(pairs || one.part.memory.size() >= static_cast<std::size_t>(events) / 12);
        compareParts(one.part, pieces.part);
        QVERIFY(pieces.textUnchanged);
    }

    void bareArrayPairsAcrossPieces_data()
    {
        QTest::addColumn<bool>("open"); // a streaming writer's unclosed array
        QTest::addColumn<QString>("damage"); // an event inserted after the middle
        QTest::addColumn<bool>("inPieces");
        QTest::newRow("closed") << false << QString() << true;
        QTest::newRow("open") << true << QString() << true;
        // Pairs that one pass warns about are left to it.
        QTest::newRow("an end without a begin") << false << QString("{\"ph\": \"E\", \"pid\": 999, \"ts\": 5},\n") << false;
        QTest::newRow("an end before its begin") << false << QString("{\"ph\": \"E\", \"pid\": 1, \"ts\": 5},\n") << false;
        QTest::newRow("async pairs") << false << QString("{\"ph\": \"b\", \"cat\": \"c\", \"id\": 1, \"pid\": 1, \"ts\": 5},\n") << false;
        // The close of an open array that ends in a cut event is checked: its warning survives the pieces
        // giving up (found by fuzz_chrometrace).
        QTest::newRow("open, cut, an end without a begin") << true << QString("{\"ph\": \"E\", \"pid\": 999, \"ts\": 5},\n") << false;
    }
    void bareArrayPairsAcrossPieces()
    {
        // Begin/end pairs of one track that lie in different pieces pair at the merge, in the order one
        // pass pairs them: the same ops, ends, bytes, shapes (in order) and warnings.
        QFETCH(bool, open);
        QFETCH(QString, damage);
        QFETCH(bool, inPieces);
        std::string doc = pairedBareArray(40, 24, open);
        if (!damage.isEmpty())
            doc.insert(doc.find("{\"ph\": \"B\", \"name\": \"ALLREDUCE\"", doc.size() / 2), damage.toStdString());
        const bool cut = open && !damage.isEmpty();
        if (cut)
            doc += "{\"ph\": \"X\", \"pid\":";
        const Parsed one = parse(doc, 0);
        QVERIFY2(one.status.ok(), one.status.toString().c_str());
        QCOMPARE(
            std::any_of(one.part.diagnostics.begin(), one.part.diagnostics.end(),
                [](const Diagnostic& d) { return d.detail.english().find("incomplete event") != std::string::npos; }),
            cut);
        QCOMPARE(one.part.opCount(), std::size_t(40 * 24 * 5) + (damage.contains("\"b\"") ? 1 : 0));
        QCOMPARE(one.part.shapes.size(), std::size_t(40 * 24 * 2));
        for (const std::size_t pieceBytes : { std::size_t(700), std::size_t(4096), std::size_t(30000) }) {
            const Parsed pieces = parse(doc, pieceBytes);
            QVERIFY2(pieces.status.ok(), pieces.status.toString().c_str());
            if (inPieces)
                QVERIFY(pieces.pieces >= 2);
            else
                QCOMPARE(pieces.pieces, std::size_t(0));
            compareParts(one.part, pieces.part);
        }
    }

    void brokenOpenArrayFailsTheSameWay()
    {
        // A streaming writer's open array, malformed in a later piece: the pieces give up, and the one
        // pass after them reports the error where one pass alone does (it closed the array too, and must
        // find the damage before that close). Found by fuzz_chrometrace.
        std::string doc = pairedBareArray(40, 24, true);
        const std::size_t at = doc.find("\n{", doc.size() * 2 / 3);
        QVERIFY(at != std::string::npos);
        doc[at + 1] = '-';
        const Parsed one = parse(doc, 0);
        QCOMPARE(one.status.code(), ErrorCode::InvalidJson);
        const Parsed pieces = parse(doc, 4096);
        QCOMPARE(pieces.status.toString(), one.status.toString());
        QCOMPARE(pieces.status.byteOffset(), one.status.byteOffset());
    }

    void progressFollowsThePieces()
    {
        // In pieces, the share parsed rises piece by piece to 1; in one pass it is 1 at the end.
        const std::string doc = kinetoDocument(3000, false, false);
        for (std::size_t pieceBytes : { std::size_t(doc.size() / 8), std::size_t(0) }) {
            std::vector<double> shares;
            RankPart part;
            part.path = "test.json";
            TextBuffer buffer = bufferOf(doc);
            std::size_t pieces = 0;
            const Status st = ChromeTraceParser::parse(buffer, part, nullptr, pieceBytes, &pieces, [&](double share) { shares.push_back(share); });
            QVERIFY2(st.ok(), st.toString().c_str());
            QVERIFY(!shares.empty());
            QCOMPARE(shares.back(), 1.0);
            QVERIFY(std::is_sorted(shares.begin(), shares.end()));
            if (pieceBytes > 0) {
                QVERIFY(pieces >= 4);
                QVERIFY(shares.size() >= pieces);
                QVERIFY(shares.front() < 0.5);
            }
        }
    }

    void piecesWithMixedSeparators()
    {
        const std::string doc = flatDocument(4000);
        const Parsed one = parse(doc, 0);
        QVERIFY2(one.status.ok(), one.status.toString().c_str());
        QCOMPARE(one.part.opCount(), std::size_t(4000));
        for (std::size_t pieceBytes : { std::size_t(900), std::size_t(5000), std::size_t(60000) }) {
            const Parsed pieces = parse(doc, pieceBytes);
            QVERIFY2(pieces.status.ok(), pieces.status.toString().c_str());
            QVERIFY(pieces.pieces >= 2);
            compareParts(one.part, pieces.part);
            QVERIFY(pieces.textUnchanged);
        }
    }

    void shapesAreStoredCompact_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("stored");
        QTest::newRow("dims") << "[[64, 1024], [1024, 1024]]"
                              << "[[64,1024],[1024,1024]]";
        QTest::newRow("types") << "[\"float\", \"c10::Half\", \"\"]"
                               << "[\"float\",\"c10::Half\",\"\"]";
        QTest::newRow("empty") << "[ ]"
                               << "[]";
        QTest::newRow("empty inner") << "[[], [3]]"
                                     << "[[],[3]]";
        QTest::newRow("whitespace") << "[ [ 1 ,\t2 ] ,\n[ ] ]"
                                    << "[[1,2],[]]";
        QTest::newRow("literals and exponents") << "[1.5e3, -2, true, false, null, -0.0, 1E+2]"
                                                << "[1.5e3,-2,true,false,null,-0.0,1E+2]";
        QTest::newRow("brackets and commas in strings") << "[\"]\", \"[\", \"a,b\", \" \"]"
                                                        << "[\"]\",\"[\",\"a,b\",\" \"]";
        // Escapes are decoded, and only quotes and backslashes escaped again.
        QTest::newRow("escapes") << "[\"a\\\"b\", \"c\\\\d\", \"e\\nf\", \"\\u00e9\"]"
                                 << "[\"a\\\"b\",\"c\\\\d\",\"e\nf\",\"\u00e9\"]";
        // Objects are not shapes: a list that holds one is of the wrong type, left out with a warning.
        QTest::newRow("object element") << "[1, [2, {\"b\": [3]}], \"x\"]"
                                         << QString();
        // Shapes are arrays: anything else is an argument of the wrong type, left out with a warning.
        QTest::newRow("object") << "{\"x\": [1]}"
                                << QString();
        // Values nested deeper than eight arrays are left out.
        QTest::newRow("eight deep") << "[[[[[[[[2, [3]]]]]]]]]"
                                    << "[[[[[[[[2,[]]]]]]]]]";
        QTest::newRow("nine deep") << "[[[[[[[[[1]]]]]]]]]"
                                   << "[[[[[[[[[]]]]]]]]]";
        QTest::newRow("string") << "\"text\""
                                << QString();
        QTest::newRow("number") << "12"
                                << QString();
        QString longJson = QStringLiteral("[");
        QString longStored = QStringLiteral("[");
        for (int i = 0; i < 300; ++i) {
            longJson += QStringLiteral("%1[%2, %3]").arg(i ? QStringLiteral(", ") : QString()).arg(i * 977).arg(i);
            longStored += QStringLiteral("%1[%2,%3]").arg(i ? QStringLiteral(",") : QString()).arg(i * 977).arg(i);
        }
        QTest::newRow("long") << longJson + "]" << longStored + "]";
    }
    void shapesAreStoredCompact()
    {
        QFETCH(QString, json);
        QFETCH(QString, stored);
        const std::string value = json.toStdString();
        const std::string doc = "{\"traceEvents\": [" + completeEvent("\"pid\": 1, \"tid\": 1, \"ts\": 5, \"args\": {\"Input Dims\": " + value
            + ", \"Input type\": " + value + "}") + "]}";
        const Parsed parsed = parse(doc, 0);
        QVERIFY2(parsed.status.ok(), parsed.status.toString().c_str());
        if (stored.isNull()) {
            QVERIFY(parsed.part.shapes.empty());
            QCOMPARE(parsed.part.diagnostics.size(), std::size_t(1));
            QCOMPARE(parsed.part.diagnostics[0].code, ErrorCode::WrongType);
            return;
        }
        QCOMPARE(parsed.part.shapes.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(str(parsed.part, parsed.part.shapes[0].second.dims.value())), stored);
        QCOMPARE(QString::fromStdString(str(parsed.part, parsed.part.shapes[0].second.types.value())), stored);
    }

    void idsAndTimestampsAreExact()
    {
        const std::string doc = "{\"traceEvents\": [\n"
            + completeEvent("\"pid\": 7 , \"tid\": 25738, \"ts\": 1700000000000000.123") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": \"25738\", \"ts\": 4611686018427386.903") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": -3, \"ts\": -1700000000000000.5") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": 1e2, \"ts\": 1.5e3") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": 100, \"ts\": \"42\"") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": 123456789012345678, \"ts\": 12345678") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": 1, \"ts\": 9223372036854775.808") + ",\n"
            + completeEvent("\"pid\": 7, \"tid\": 1, \"ts\": 4611686018427386.904") + "\n]}";
        const Parsed parsed = parse(doc, 0);
        QVERIFY2(parsed.status.ok(), parsed.status.toString().c_str());
        const RankPart& part = parsed.part;
        QCOMPARE(part.opCount(), std::size_t(6));
        QCOMPARE(part.start[0], TimeNs(1700000000000000123));
        QCOMPARE(part.start[1], TimeNs(4611686018427386903)); // ends at the last nanosecond below 2^62
        QCOMPARE(part.start[2], TimeNs(-1700000000000000500));
        QCOMPARE(part.start[3], TimeNs(1500000));
        QCOMPARE(part.start[4], TimeNs(42000));
        QCOMPARE(part.start[5], TimeNs(12345678000));
        auto key = [&part](std::size_t op) { return part.tracks[part.track[op]].key; };
        QCOMPARE(key(0).pid, std::int64_t(7));
        QCOMPARE(key(0).tid, std::int64_t(25738));
        QVERIFY(key(1) == key(0));
        QCOMPARE(key(2).tid, std::int64_t(-3));
        QCOMPARE(key(3).tid, std::int64_t(100));
        QVERIFY(key(4) == key(3));
        QCOMPARE(key(5).tid, std::int64_t(123456789012345678));
        // One timestamp is a nanosecond past what an int64 holds, the other ends at 2^62 ns: both are
        // skipped and counted.
        QCOMPARE(part.diagnostics.size(), std::size_t(2));
        QCOMPARE(part.diagnostics[0].code, ErrorCode::ValueOutOfRange);
        QCOMPARE(part.diagnostics[1].code, ErrorCode::ValueOutOfRange);
    }

    void largeUnclosedArray()
    {
        // Closing a streaming writer's array grows a buffer that has no room to spare, which moves the
        // text: nothing may still read it where it was. Above 32 MiB the old buffer is always unmapped
        // when freed, so that such a read faults.
        std::string doc = "[";
        for (int i = 0; doc.size() < (33u << 20); ++i)
            doc += (i ? ",\n" : "") + completeEvent("\"pid\": 1, \"tid\": 2, \"ts\": " + std::to_string(i));
        doc += ",\n";
        const Parsed parsed = parse(doc, ChromeTraceParser::kDefaultPieceBytes);
        QVERIFY2(parsed.status.ok(), parsed.status.toString().c_str());
        QVERIFY(parsed.part.opCount() > 100000);
        QCOMPARE(parsed.part.diagnostics.size(), std::size_t(1));
        QCOMPARE(parsed.part.diagnostics[0].code, ErrorCode::TruncatedJson);
    }

    void brokenDocumentsFailTheSameWay_data()
    {
        QTest::addColumn<int>("cut"); // bytes removed from the end, or -1 for damage in the middle
        QTest::newRow("truncated mid-array") << 40000;
        QTest::newRow("no closing brace") << 3;
        QTest::newRow("garbage in the middle") << -1;
    }
    void brokenDocumentsFailTheSameWay()
    {
        QFETCH(int, cut);
        std::string doc = kinetoDocument(2000, false);
        if (cut >= 0) {
            doc.resize(doc.size() - static_cast<std::size_t>(cut));
        } else {
            const std::size_t at = doc.find("},\n  {", doc.size() / 2);
            QVERIFY(at != std::string::npos);
            doc.insert(at + 1, " ]] ");
        }
        const Parsed one = parse(doc, 0);
        const Parsed pieces = parse(doc, 1024);
        QVERIFY(!one.status.ok());
        QCOMPARE(pieces.status.code(), one.status.code());
        QCOMPARE(pieces.status.byteOffset(), one.status.byteOffset());
        QCOMPARE(pieces.status.toString(), one.status.toString());
    }

    void arrayOpeningWithNoEventParsesTheSameWay_data()
    {
        QTest::addColumn<bool>("kineto"); // Kineto's top-level keys come before the array
        QTest::newRow("kineto") << true;
        QTest::newRow("plain") << false;
    }
    void arrayOpeningWithNoEventParsesTheSameWay()
    {
        // An events array whose first element is not an event: one pass skips it with a warning after
        // Kineto's keys and says the text is no trace without them. The piece that opens the array must
        // not decide that as a later piece would (skipping), but leave it to one pass.
        QFETCH(bool, kineto);
        std::string doc = kinetoDocument(200, false);
        if (!kineto)
            doc.erase(1, doc.find("  \"traceEvents\"") - 1);
        doc.insert(doc.find('[', doc.find("\"traceEvents\"")) + 1, "\"not an event\", ");
        const Parsed one = parse(doc, 0);
        const Parsed pieces = parse(doc, 1024);
        QCOMPARE(one.status.code(), kineto ? ErrorCode::Ok : ErrorCode::NotATrace);
        QCOMPARE(pieces.status.toString(), one.status.toString());
        if (kineto) {
            compareParts(one.part, pieces.part);
        }
    }

    void secondEventsArray()
    {
        // A document that holds "traceEvents" twice: both are read, with a warning, and pieces give what
        // one pass gives (they cannot split such a document, so they leave it to one pass).
        std::string doc = kinetoDocument(2000, false);
        const std::size_t close = doc.rfind("\n  ],");
        QVERIFY(close != std::string::npos);
        doc.insert(close + 5, "\n  \"traceEvents\": [{\"ph\": \"X\", \"name\": \"late\", \"pid\": 1, \"tid\": 1, \"ts\": 5, \"dur\": 1}],");
        const Parsed one = parse(doc, 0);
        QVERIFY2(one.status.ok(), one.status.toString().c_str());
        const Parsed pieces = parse(doc, 4096);
        QVERIFY2(pieces.status.ok(), pieces.status.toString().c_str());
        compareParts(one.part, pieces.part);
        QVERIFY(std::any_of(one.part.diagnostics.begin(), one.part.diagnostics.end(),
            [](const Diagnostic& d) { return d.detail.english().find("more than once") != std::string::npos; }));
        QVERIFY(one.part.strings.find("late").isValid());
    }

    void escapedKeysAfterTheEvents()
    {
        // A top-level key after the events with an escape: one pass unescapes it (a bad escape is
        // malformed JSON, a good one names its field), and pieces leave such a tail to one pass, so
        // both agree. Found by fuzz_chrometrace.
        for (const std::string& key : { std::string("tra\\eName"), std::string("host\\u005fname") }) {
            std::string doc = kinetoDocument(2000, false);
            const std::size_t close = doc.rfind("\n  ],");
            QVERIFY(close != std::string::npos);
            doc.insert(close + 5, "\n  \"" + key + "\": \"node-7\",");
            const Parsed one = parse(doc, 0);
            const Parsed pieces = parse(doc, 4096);
            QCOMPARE(pieces.status.code(), one.status.code());
            QCOMPARE(pieces.status.detail(), one.status.detail());
            if (one.status.ok())
                compareParts(one.part, pieces.part);
        }
        std::string bad = kinetoDocument(2000, false);
        bad.insert(bad.rfind("\n  ],") + 5, "\n  \"tra\\eName\": \"x\",");
        QCOMPARE(parse(bad, 0).status.code(), ErrorCode::InvalidJson);
    }

    void trailingContentIsNotLost()
    {
        // A split that lands in a top-level value behind the array (laid out like events) is caught:
        // the result is that of one pass, with nothing lost.
        std::string doc = kinetoDocument(400, false);
        const std::size_t close = doc.rfind("\n  ],");
        QVERIFY(close != std::string::npos);
        std::string filler = ",\n  \"extra\": [";
        for (int i = 0; i < 300; ++i)
            filler += std::string(i ? ",\n  " : "") + "{\"k\": " + std::to_string(i) + "},\n  {\"v\": \"x\"}";
        filler += "]";
        doc.insert(close + 4, filler);
        const Parsed one = parse(doc, 0);
        QVERIFY2(one.status.ok(), one.status.toString().c_str());
        const Parsed pieces = parse(doc, 2048);
        QVERIFY2(pieces.status.ok(), pieces.status.toString().c_str());
        QCOMPARE(pieces.pieces, std::size_t(0));
        compareParts(one.part, pieces.part);
    }
};

QTEST_GUILESS_MAIN(TestChromeTraceParser)
#include "tst_chrometraceparser.moc"
