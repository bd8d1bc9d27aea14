// Reading trace files: plain, gzip (also multi-member) and zstd, and the errors that name the file.

#include "core/base/progress.h"
#include "core/base/resourcelimits.h"
#include "core/import/filereader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>
#include <new>
#include <random>
#include <string>

using namespace sightline;

Q_DECLARE_METATYPE(FileReader::Compression)
Q_DECLARE_METATYPE(ErrorCode)

namespace {

QByteArray sampleText(int events)
{
    QByteArray text("{\"traceEvents\":[\n");
    for (int i = 0; i < events; ++i) {
        if (i)
            text += ",\n";
        text += "{\"ph\":\"X\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":" + QByteArray::number(i % 7)
            + ",\"ts\":" + QByteArray::number(1000 + i * 10) + ",\"dur\":5}";
    }
    text += "\n]}\n";
    return text;
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray gzipBytes(const QTemporaryDir& dir, const QByteArray& text)
{
    const QString path = dir.filePath(QStringLiteral("scratch.gz"));
    gzFile gz = gzopen(QFile::encodeName(path).constData(), "wb");
    if (!gz)
        return {};
    if (!text.isEmpty())
        gzwrite(gz, text.constData(), static_cast<unsigned>(text.size()));
    gzclose(gz);
    const QByteArray bytes = readBytes(path);
    QFile::remove(path);
    return bytes;
}

QByteArray zstdBytes(const QByteArray& text, bool withContentSize = true)
{
    ZSTD_CCtx* ctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, 3);
    ZSTD_CCtx_setParameter(ctx, ZSTD_c_contentSizeFlag, withContentSize ? 1 : 0);
    QByteArray out(static_cast<qsizetype>(ZSTD_compressBound(text.size())), Qt::Uninitialized);
    std::size_t n = 0;
    if (withContentSize) {
        n = ZSTD_compress2(ctx, out.data(), out.size(), text.constData(), text.size());
    } else {
        // Streaming: the frame header then carries no content size, so the reader must grow its buffer.
        ZSTD_inBuffer in { text.constData(), static_cast<std::size_t>(text.size()), 0 };
        ZSTD_outBuffer o { out.data(), static_cast<std::size_t>(out.size()), 0 };
        std::size_t left = 0;
        do
            left = ZSTD_compressStream2(ctx, &o, &in, ZSTD_e_end);
        while (left != 0 && !ZSTD_isError(left));
        n = ZSTD_isError(left) ? left : o.pos;
    }
    ZSTD_freeCCtx(ctx);
    if (ZSTD_isError(n))
        return {};
    out.resize(static_cast<qsizetype>(n));
    return out;
}

QByteArray zstdSimple(const QByteArray& text)
{
    QByteArray out(static_cast<qsizetype>(ZSTD_compressBound(text.size())), Qt::Uninitialized);
    const std::size_t n = ZSTD_compress(out.data(), out.size(), text.constData(), text.size(), 3);
    if (ZSTD_isError(n))
        return {};
    out.resize(static_cast<qsizetype>(n));
    return out;
}

std::string path(const QString& p)
{
    return QFile::encodeName(p).toStdString();
}

bool paddingIsZero(const TextBuffer& buffer)
{
    for (std::size_t i = 0; i < TextBuffer::kPadding; ++i) {
        if (buffer.data()[buffer.size() + i] != 0)
            return false;
    }
    return true;
}

} // namespace

class TestFileReader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void decodes_data();
    void decodes();
    void readsHead_data();
    void readsHead();
    void headErrors_data();
    void headErrors();
    void corrupt_data();
    void corrupt();
    void corruptTrailerNeedsNoHugeBuffer();
    void missingFile();
    void emptyFile();
    void emptyAfterDecoding();
    void folder();
    void cancelled();
    void fileSize();
    void textBufferPadding();
    void specialFiles_data();
    void specialFiles();
    void decodedBudget_data();
    void decodedBudget();
    void budgetSharedByFiles();
    void truncatedWhileMapped();

private:
    QTemporaryDir m_dir;
};

void TestFileReader::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestFileReader::decodes_data()
{
    QTest::addColumn<QByteArray>("fileBytes");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<FileReader::Compression>("compression");

    const QByteArray small = sampleText(20);
    const QByteArray big = sampleText(120000); // several MiB: crosses the 4 MiB read chunk
    QTest::newRow("plain small") << small << small << FileReader::Compression::None;
    QTest::newRow("plain big") << big << big << FileReader::Compression::None;
    QTest::newRow("plain one byte") << QByteArray("[") << QByteArray("[") << FileReader::Compression::None;
    // Starts with 0x1f but is not gzip.
    QTest::newRow("plain 0x1f") << QByteArray("\x1f text") << QByteArray("\x1f text") << FileReader::Compression::None;
    QTest::newRow("gzip small") << gzipBytes(m_dir, small) << small << FileReader::Compression::Gzip;
    QTest::newRow("gzip big") << gzipBytes(m_dir, big) << big << FileReader::Compression::Gzip;
    // Concatenated members are one stream; the trailer only gives the last member's size.
    const QByteArray head = big;
    const QByteArray tail("{\"tail\":true}\n");
    QTest::newRow("gzip multi-member") << gzipBytes(m_dir, head) + gzipBytes(m_dir, tail) << head + tail
                                       << FileReader::Compression::Gzip;
    QTest::newRow("gzip three members") << gzipBytes(m_dir, "ab") + gzipBytes(m_dir, "cd") + gzipBytes(m_dir, "ef")
                                        << QByteArray("abcdef") << FileReader::Compression::Gzip;
    // Hardly compressible text, so that the compressed file spans several 4 MiB read chunks.
    QByteArray noisy(7 << 20, Qt::Uninitialized);
    std::mt19937 rng(31);
    const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (char& c : noisy)
        c = alphabet[rng() % 64];
    QTest::newRow("gzip multi-chunk") << gzipBytes(m_dir, noisy) << noisy << FileReader::Compression::Gzip;
    QTest::newRow("zstd multi-chunk") << zstdBytes(noisy, false) << noisy << FileReader::Compression::Zstd;
    QTest::newRow("zstd small") << zstdSimple(small) << small << FileReader::Compression::Zstd;
    QTest::newRow("zstd big") << zstdSimple(big) << big << FileReader::Compression::Zstd;
    QTest::newRow("zstd no content size") << zstdBytes(big, false) << big << FileReader::Compression::Zstd;
    QTest::newRow("zstd two frames") << zstdSimple(small) + zstdSimple(tail) << small + tail
                                     << FileReader::Compression::Zstd;
}

void TestFileReader::decodes()
{
    QFETCH(QByteArray, fileBytes);
    QFETCH(QByteArray, expected);
    QFETCH(FileReader::Compression, compression);
    QVERIFY(!fileBytes.isEmpty());
    if (QByteArray(QTest::currentDataTag()).contains("multi-chunk"))
        QVERIFY(fileBytes.size() > (4 << 20));
    const QString file = m_dir.filePath(QStringLiteral("decode.json"));
    QVERIFY(writeBytes(file, fileBytes));

    std::int64_t lastProgress = -1;
    int progressCalls = 0;
    bool monotonic = true;
    FileReader::Compression detected = FileReader::Compression::None;
    Expected<TextBuffer> text = FileReader::read(
        path(file), nullptr,
        [&](std::int64_t done) {
            monotonic = monotonic && done >= lastProgress;
            lastProgress = done;
            ++progressCalls;
        },
        &detected);
    QVERIFY2(text.hasValue(), text.hasValue() ? "" : text.status().toString().c_str());
    QVERIFY(detected == compression);
    QCOMPARE(text->size(), std::size_t(expected.size()));
    QVERIFY(text->view() == std::string_view(expected.constData(), expected.size()));
    QVERIFY(text->capacity() >= text->size());
    QVERIFY(paddingIsZero(*text));
    QVERIFY(progressCalls > 0);
    QVERIFY(monotonic);
    QCOMPARE(lastProgress, std::int64_t(fileBytes.size()));
}

void TestFileReader::readsHead_data()
{
    decodes_data();
    const QByteArray text = sampleText(300);
    const QByteArray padded = QByteArray(100000, ' ') + "\n\t\xEF\xBB\xBF \r\n" + text;
    QTest::newRow("plain after whitespace and a byte-order mark") << padded << text << FileReader::Compression::None;
    QTest::newRow("gzip after whitespace and a byte-order mark") << gzipBytes(m_dir, padded) << text << FileReader::Compression::Gzip;
    QTest::newRow("zstd after whitespace and a byte-order mark") << zstdSimple(padded) << text << FileReader::Compression::Zstd;
}

// The head is the decoded text from its first significant byte, at most the bytes asked for; a
// compressed file's head needs only its first blocks, so a stream cut after them still has one.
void TestFileReader::readsHead()
{
    QFETCH(QByteArray, fileBytes);
    QFETCH(QByteArray, expected);
    const QString file = m_dir.filePath(QStringLiteral("head.json"));
    QVERIFY(writeBytes(file, fileBytes));
    for (const std::size_t bytes : { std::size_t(1), std::size_t(4096), std::size_t(64) << 10 }) {
        Expected<std::string> head = FileReader::readHead(path(file), bytes);
        QVERIFY2(head.hasValue(), head.hasValue() ? "" : head.status().toString().c_str());
        const QByteArray want = expected.left(static_cast<qsizetype>(bytes));
        QCOMPARE(QByteArray::fromStdString(*head), want);
    }
    if (QByteArray(QTest::currentDataTag()) == "gzip big") {
        const QByteArray cut = fileBytes.left(fileBytes.size() / 2);
        QVERIFY(writeBytes(file, cut));
        QVERIFY(FileReader::readHead(path(file), 4096).hasValue());
    }
}

void TestFileReader::headErrors_data()
{
    QTest::addColumn<QByteArray>("fileBytes");
    QTest::addColumn<ErrorCode>("code");
    const QByteArray small = sampleText(3);
    QTest::newRow("empty") << QByteArray() << ErrorCode::EmptyFile;
    QTest::newRow("blank") << QByteArray(200000, ' ') << ErrorCode::EmptyFile;
    QTest::newRow("byte-order mark only") << QByteArray("\xEF\xBB\xBF\n") << ErrorCode::EmptyFile;
    QTest::newRow("gzip of nothing") << gzipBytes(m_dir, QByteArray()) << ErrorCode::EmptyFile;
    QTest::newRow("gzip header only") << gzipBytes(m_dir, small).left(10) << ErrorCode::DecompressionFailed;
    QTest::newRow("gzip cut short") << gzipBytes(m_dir, small).chopped(12) << ErrorCode::DecompressionFailed;
    QTest::newRow("zstd cut short") << zstdSimple(small).chopped(6) << ErrorCode::DecompressionFailed;
}

void TestFileReader::headErrors()
{
    QFETCH(QByteArray, fileBytes);
    QFETCH(ErrorCode, code);
    const QString file = m_dir.filePath(QStringLiteral("badhead.json"));
    QVERIFY(writeBytes(file, fileBytes));
    Expected<std::string> head = FileReader::readHead(path(file), 4096);
    QVERIFY(!head.hasValue());
    QCOMPARE(head.status().code(), code);
    QCOMPARE(head.status().file(), path(file));
    QVERIFY(FileReader::readHead(path(m_dir.filePath(QStringLiteral("missing.json"))), 4096).status().code() == ErrorCode::FileNotFound);
}

void TestFileReader::corrupt_data()
{
    QTest::addColumn<QByteArray>("fileBytes");
    const QByteArray text = sampleText(5000);
    const QByteArray gz = gzipBytes(m_dir, text);
    const QByteArray zst = zstdSimple(text);
    QTest::newRow("gzip truncated half") << gz.left(gz.size() / 2);
    QTest::newRow("gzip truncated trailer") << gz.left(gz.size() - 6);
    QTest::newRow("gzip header only") << gz.left(10);
    QByteArray flipped = gz;
    for (qsizetype i = 40; i < 60 && i < flipped.size(); ++i)
        flipped[i] = static_cast<char>(flipped[i] ^ 0x5a);
    QTest::newRow("gzip garbled") << flipped;
    QByteArray badCrc = gz;
    badCrc[badCrc.size() - 8] = static_cast<char>(badCrc[badCrc.size() - 8] ^ 0x01);
    QTest::newRow("gzip bad crc") << badCrc;
    QTest::newRow("zstd truncated") << zst.left(zst.size() / 2);
    QByteArray zGarbled = zst;
    for (qsizetype i = 20; i < 40 && i < zGarbled.size(); ++i)
        zGarbled[i] = static_cast<char>(0xff);
    QTest::newRow("zstd garbled") << zGarbled;
}

void TestFileReader::corrupt()
{
    QFETCH(QByteArray, fileBytes);
    const QString file = m_dir.filePath(QStringLiteral("corrupt.json.gz"));
    QVERIFY(writeBytes(file, fileBytes));
    Expected<TextBuffer> text = FileReader::read(path(file));
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::DecompressionFailed);
    QCOMPARE(text.status().file(), path(file));
    QVERIFY(text.status().byteOffset() >= 0);
    QVERIFY(text.status().byteOffset() <= fileBytes.size());
    QVERIFY(!text.status().detail().empty());
    QVERIFY(text.status().toString().find(path(file)) != std::string::npos);
}

void TestFileReader::corruptTrailerNeedsNoHugeBuffer()
{
    // A truncated gzip file ends in arbitrary bytes, which the reader must not trust as the decoded size:
    // 0xffffffff would ask for a 4 GiB buffer up front. Run the read with 1 GiB of address space to spare.
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        QSKIP("needs /proc/self/status");
    qint64 vmSizeKiB = -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmSize:"))
            vmSizeKiB = line.mid(7).trimmed().split(' ').value(0).toLongLong();
    }
    QVERIFY(vmSizeKiB > 0);

    const QByteArray gz = gzipBytes(m_dir, sampleText(2000));
    const QString file = m_dir.filePath(QStringLiteral("claims4gib.json.gz"));
    QVERIFY(writeBytes(file, gz.left(gz.size() / 2) + QByteArray(4, '\xff')));

    rlimit old {};
    QCOMPARE(getrlimit(RLIMIT_AS, &old), 0);
    rlimit tight = old;
    tight.rlim_cur = static_cast<rlim_t>(vmSizeKiB + (1 << 20)) * 1024;
    if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < tight.rlim_cur)
        QSKIP("the address space is already limited");
    QCOMPARE(setrlimit(RLIMIT_AS, &tight), 0);
    bool outOfMemory = false;
    Status result;
    try {
        Expected<TextBuffer> text = FileReader::read(path(file));
        result = text.hasValue() ? Status() : text.status();
    } catch (const std::bad_alloc&) {
        outOfMemory = true;
    }
    QCOMPARE(setrlimit(RLIMIT_AS, &old), 0);
    QVERIFY2(!outOfMemory, "std::bad_alloc: the reader sized its buffer from the corrupt trailer");
    QCOMPARE(result.code(), ErrorCode::DecompressionFailed);
    QCOMPARE(result.file(), path(file));
}

void TestFileReader::missingFile()
{
    const std::string p = path(m_dir.filePath(QStringLiteral("does-not-exist.json")));
    Expected<TextBuffer> text = FileReader::read(p);
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::FileNotFound);
    QCOMPARE(text.status().file(), p);
}

void TestFileReader::emptyFile()
{
    const QString file = m_dir.filePath(QStringLiteral("empty.json"));
    QVERIFY(writeBytes(file, QByteArray()));
    Expected<TextBuffer> text = FileReader::read(path(file));
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::EmptyFile);
    QCOMPARE(text.status().file(), path(file));
}

void TestFileReader::emptyAfterDecoding()
{
    const QString gz = m_dir.filePath(QStringLiteral("empty.json.gz"));
    QVERIFY(writeBytes(gz, gzipBytes(m_dir, QByteArray())));
    Expected<TextBuffer> text = FileReader::read(path(gz));
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::EmptyFile);
    QCOMPARE(text.status().file(), path(gz));

    const QString zst = m_dir.filePath(QStringLiteral("empty.json.zst"));
    QVERIFY(writeBytes(zst, zstdSimple(QByteArray())));
    text = FileReader::read(path(zst));
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::EmptyFile);
}

void TestFileReader::folder()
{
    const QString sub = m_dir.filePath(QStringLiteral("folder.json"));
    QVERIFY(QDir().mkpath(sub));
    Expected<TextBuffer> text = FileReader::read(path(sub));
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::ReadFailed);
    QCOMPARE(text.status().file(), path(sub));
}

void TestFileReader::cancelled()
{
    const QByteArray bytes = sampleText(1000);
    const QString plain = m_dir.filePath(QStringLiteral("cancel.json"));
    const QString gz = m_dir.filePath(QStringLiteral("cancel.json.gz"));
    const QString zst = m_dir.filePath(QStringLiteral("cancel.json.zst"));
    QVERIFY(writeBytes(plain, bytes));
    QVERIFY(writeBytes(gz, gzipBytes(m_dir, bytes)));
    QVERIFY(writeBytes(zst, zstdSimple(bytes)));
    CancellationToken token;
    token.cancel();
    for (const QString& f : { plain, gz, zst }) {
        Expected<TextBuffer> text = FileReader::read(path(f), &token);
        QVERIFY(!text.hasValue());
        QCOMPARE(text.status().code(), ErrorCode::Cancelled);
    }
}

void TestFileReader::fileSize()
{
    const QString file = m_dir.filePath(QStringLiteral("size.json"));
    QVERIFY(writeBytes(file, QByteArray(1234, 'x')));
    QCOMPARE(FileReader::fileSize(path(file)), std::int64_t(1234));
    QCOMPARE(FileReader::fileSize(path(m_dir.filePath(QStringLiteral("nope")))), std::int64_t(-1));
}

void TestFileReader::textBufferPadding()
{
    TextBuffer buffer(16);
    QCOMPARE(buffer.capacity(), std::size_t(16));
    std::memset(buffer.data(), 'a', 16 + TextBuffer::kPadding); // dirty the padding on purpose
    buffer.setSize(10);
    QCOMPARE(buffer.size(), std::size_t(10));
    QVERIFY(paddingIsZero(buffer));
    QVERIFY(buffer.reserveMore(100));
    QVERIFY(buffer.capacity() >= 110);
    QCOMPARE(buffer.size(), std::size_t(10));
    QVERIFY(buffer.view() == std::string_view("aaaaaaaaaa"));
    buffer.setSize(buffer.capacity() + 50); // clamped to the capacity
    QCOMPARE(buffer.size(), buffer.capacity());
    QVERIFY(paddingIsZero(buffer));
}

void TestFileReader::specialFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("detail");
    QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("FIFO");
    QTest::newRow("character device") << QStringLiteral("/dev/null") << QStringLiteral("character device");
    QTest::newRow("folder") << QStringLiteral("folder") << QStringLiteral("folder");
}

void TestFileReader::specialFiles()
{
    // Named as files, these are refused at once: a FIFO would block the open until a writer came.
    QFETCH(QString, kind);
    QFETCH(QString, detail);
    std::string p;
    if (kind == QLatin1String("fifo")) {
        p = path(m_dir.filePath(QStringLiteral("x.json")));
        ::unlink(p.c_str());
        QCOMPARE(::mkfifo(p.c_str(), 0600), 0);
    } else if (kind == QLatin1String("folder")) {
        const QString sub = m_dir.filePath(QStringLiteral("dir.json"));
        QVERIFY(QDir().mkpath(sub));
        p = path(sub);
    } else {
        p = kind.toStdString();
    }
    Expected<TextBuffer> text = FileReader::read(p);
    QVERIFY(!text.hasValue());
    QCOMPARE(text.status().code(), ErrorCode::ReadFailed);
    QCOMPARE(text.status().file(), p);
    QVERIFY2(QString::fromStdString(text.status().detail()).contains(detail), text.status().detail().c_str());
}

void TestFileReader::decodedBudget_data()
{
    QTest::addColumn<QByteArray>("fileBytes");
    QTest::addColumn<int>("budgetMiB");
    QTest::addColumn<bool>("fits");
    // 64 MiB of spaces compress to almost nothing: a small bomb. The budget stops it while it streams.
    const QByteArray spaces(64 << 20, ' ');
    QTest::newRow("gzip within") << gzipBytes(m_dir, spaces) << 100 << true;
    QTest::newRow("gzip beyond") << gzipBytes(m_dir, spaces) << 40 << false;
    QTest::newRow("zstd beyond") << zstdBytes(spaces, false) << 40 << false;
    QTest::newRow("zstd beyond, size in header") << zstdBytes(spaces, true) << 40 << false;
    QTest::newRow("plain beyond") << spaces.left(8 << 20) << 4 << false;
}

void TestFileReader::decodedBudget()
{
    QFETCH(QByteArray, fileBytes);
    QFETCH(int, budgetMiB);
    QFETCH(bool, fits);
    const QString file = m_dir.filePath(QStringLiteral("budget.json"));
    QVERIFY(writeBytes(file, fileBytes));
    ByteBudget budget(std::uint64_t(budgetMiB) << 20);
    Expected<TextBuffer> text = FileReader::read(path(file), nullptr, {}, nullptr, &budget);
    QCOMPARE(text.hasValue(), fits);
    if (fits) {
        QCOMPARE(text->size(), std::size_t(64) << 20);
        QCOMPARE(budget.used(), std::uint64_t(64) << 20);
        return;
    }
    QCOMPARE(text.status().code(), ErrorCode::TooLarge);
    QCOMPARE(text.status().file(), path(file));
    QVERIFY2(text.status().detail().find("--max-decoded-gb") != std::string::npos, text.status().detail().c_str());
    // Stopped within one step of the limit, never far beyond it.
    QVERIFY(budget.used() <= (std::uint64_t(budgetMiB) << 20));
}

void TestFileReader::budgetSharedByFiles()
{
    // One budget for the files of a job: what one file took is not there for the next.
    const QString a = m_dir.filePath(QStringLiteral("a.json")), b = m_dir.filePath(QStringLiteral("b.json"));
    QVERIFY(writeBytes(a, QByteArray(3 << 20, ' ')));
    QVERIFY(writeBytes(b, QByteArray(3 << 20, ' ')));
    ByteBudget budget(5 << 20);
    QVERIFY(FileReader::read(path(a), nullptr, {}, nullptr, &budget).hasValue());
    Expected<TextBuffer> second = FileReader::read(path(b), nullptr, {}, nullptr, &budget);
    QVERIFY(!second.hasValue());
    QCOMPARE(second.status().code(), ErrorCode::TooLarge);
    QCOMPARE(second.status().file(), path(b));
}

void TestFileReader::truncatedWhileMapped()
{
    // A mapped file that another program truncates reads as zeros past the cut, and the buffer says so,
    // instead of the process ending with SIGBUS.
    const QString file = m_dir.filePath(QStringLiteral("shrinking.json"));
    QVERIFY(writeBytes(file, QByteArray(8 << 20, 'x')));
    Expected<TextBuffer> text = FileReader::read(path(file));
    QVERIFY(text.hasValue());
    QVERIFY(!text->fileWasCut());
    QVERIFY(FileReader::checkNotCut(*text, path(file)).ok());
    QCOMPARE(::truncate(path(file).c_str(), 4096), 0);
    std::size_t zeros = 0;
    for (std::size_t i = 0; i < text->size(); i += 4096)
        zeros += text->data()[i] == 0;
    QVERIFY(text->fileWasCut());
    QVERIFY(zeros > 0);
    QCOMPARE(text->data()[0], 'x');
    // A buffer moved to another owner keeps saying so.
    TextBuffer moved = std::move(*text);
    QVERIFY(moved.fileWasCut());
    // What the importers report after their parse: an error naming the file.
    const Status cut = FileReader::checkNotCut(moved, path(file));
    QCOMPARE(cut.code(), ErrorCode::ReadFailed);
    QCOMPARE(cut.file(), path(file));
}

QTEST_GUILESS_MAIN(TestFileReader)
#include "tst_filereader.moc"
