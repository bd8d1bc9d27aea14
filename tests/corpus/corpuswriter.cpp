#include "corpuswriter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <set>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

// Bombs are built from this much fill compressed once and repeated; the decoded text is never held.
constexpr std::size_t kBlock = 16u << 20;

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QJsonArray strings(const std::vector<std::string>& list)
{
    QJsonArray out;
    for (const std::string& s : list)
        out.append(qs(s));
    return out;
}

QJsonObject toJson(const Expectation& e)
{
    QJsonObject o;
    o.insert(QStringLiteral("outcome"),
        e.outcome == Expectation::Outcome::Error      ? QStringLiteral("error")
            : e.outcome == Expectation::Outcome::Load ? QStringLiteral("load")
                                                      : QStringLiteral("any"));
    if (!e.codes.empty())
        o.insert(QStringLiteral("codes"), strings(e.codes));
    if (e.offset) {
        o.insert(QStringLiteral("offset"), true);
        if (e.offsetMin >= 0)
            o.insert(QStringLiteral("offset_min"), static_cast<double>(e.offsetMin));
        if (e.offsetMax >= 0)
            o.insert(QStringLiteral("offset_max"), static_cast<double>(e.offsetMax));
    }
    if (!e.file.empty())
        o.insert(QStringLiteral("file"), qs(e.file));
    if (e.warn)
        o.insert(QStringLiteral("warn"), true);
    if (!e.warnCodes.empty())
        o.insert(QStringLiteral("warn_codes"), strings(e.warnCodes));
    if (e.clean)
        o.insert(QStringLiteral("clean"), true);
    if (e.worldSize >= 0)
        o.insert(QStringLiteral("world_size"), e.worldSize);
    if (!e.ranks.empty()) {
        QJsonArray ranks;
        for (int r : e.ranks)
            ranks.append(r);
        o.insert(QStringLiteral("ranks"), ranks);
    }
    if (!e.rankSources.empty())
        o.insert(QStringLiteral("rank_sources"), strings(e.rankSources));
    return o;
}

void writeAll(int fd, const void* data, std::size_t size, const std::string& path)
{
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            CorpusWriter::fail(path + ": " + std::strerror(errno));
        }
        p += n;
        size -= static_cast<std::size_t>(n);
    }
}

class Fd {
public:
    explicit Fd(const std::string& path)
        : m_path(path)
        , m_fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644))
    {
        if (m_fd < 0)
            CorpusWriter::fail(path + ": " + std::strerror(errno));
    }
    ~Fd() { ::close(m_fd); }
    void write(std::string_view bytes) { writeAll(m_fd, bytes.data(), bytes.size(), m_path); }
    int fd() const { return m_fd; }

private:
    std::string m_path;
    int m_fd;
};

// A bomb's decoded text: its prefix, then `blocks` blocks of kBlock fill bytes, then `rest`.
struct BombFill {
    BombFill(std::string_view prefix, char fill, std::uint64_t decodedBytes)
        : block(kBlock, fill)
        , blocks((decodedBytes - prefix.size()) / kBlock)
        , rest(static_cast<std::size_t>((decodedBytes - prefix.size()) % kBlock), fill)
    {
    }

    // Writes the prefix, each block and the rest compressed on their own: concatenated gzip members,
    // or zstd frames, decode as one text.
    template <typename Compress>
    void writeConcatenated(Fd& out, std::string_view prefix, Compress compress) const
    {
        out.write(compress(prefix));
        const std::string one = compress(block);
        for (std::uint64_t i = 0; i < blocks; ++i)
            out.write(one);
        out.write(compress(rest));
    }

    std::string block;
    std::uint64_t blocks;
    std::string rest;
};

// Runs deflate over input with the given flush mode and returns what it wrote.
std::string deflateChunk(z_stream& zs, std::string_view input, int flush)
{
    std::string out;
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
    zs.avail_in = static_cast<uInt>(input.size());
    char buf[1 << 16];
    do {
        zs.next_out = reinterpret_cast<Bytef*>(buf);
        zs.avail_out = sizeof buf;
        const int ret = deflate(&zs, flush);
        if (ret == Z_STREAM_ERROR)
            CorpusWriter::fail("deflate failed");
        out.append(buf, sizeof buf - zs.avail_out);
    } while (zs.avail_out == 0 || zs.avail_in > 0);
    return out;
}

} // namespace

CorpusWriter::CorpusWriter(std::string root)
    : m_root(std::move(root))
{
    std::error_code ec;
    // Sockets, FIFOs and links of an earlier run go with the folder.
    fs::remove_all(m_root, ec);
    if (ec)
        fail(m_root + ": " + ec.message());
    fs::create_directories(m_root, ec);
    if (ec)
        fail(m_root + ": " + ec.message());
}

void CorpusWriter::fail(const std::string& what)
{
    std::fprintf(stderr, "makecorpus: %s\n", what.c_str());
    std::exit(1);
}

std::string CorpusWriter::path(const std::string& rel) const
{
    return m_root + "/" + rel;
}

void CorpusWriter::makeParent(const std::string& rel) const
{
    std::error_code ec;
    fs::create_directories(fs::path(path(rel)).parent_path(), ec);
    if (ec)
        fail(path(rel) + ": " + ec.message());
}

std::string CorpusWriter::write(const std::string& rel, std::string_view bytes)
{
    makeParent(rel);
    Fd(path(rel)).write(bytes);
    return rel;
}

std::string CorpusWriter::gzip(std::string_view bytes)
{
    z_stream zs {};
    if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        fail("deflateInit2 failed");
    std::string out = deflateChunk(zs, bytes, Z_FINISH);
    deflateEnd(&zs);
    return out;
}

std::string CorpusWriter::zstd(std::string_view bytes)
{
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
    if (ZSTD_isError(n))
        fail(std::string("zstd: ") + ZSTD_getErrorName(n));
    out.resize(n);
    return out;
}

std::string CorpusWriter::writeGzip(const std::string& rel, std::string_view bytes)
{
    return write(rel, gzip(bytes));
}

std::string CorpusWriter::writeZstd(const std::string& rel, std::string_view bytes)
{
    return write(rel, zstd(bytes));
}

std::string CorpusWriter::writeGzipBomb(
    const std::string& rel, std::string_view prefix, char fill, std::uint64_t decodedBytes, bool members)
{
    makeParent(rel);
    Fd out(path(rel));
    const BombFill b(prefix, fill, decodedBytes);
    if (members) {
        b.writeConcatenated(out, prefix, &CorpusWriter::gzip);
        return rel;
    }
    // After a full flush deflate refers to nothing before it, so the segment for one block of fill can be
    // written any number of times in one member; the trailer then gets the CRC and size of the whole.
    z_stream zs {};
    if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        fail("deflateInit2 failed");
    out.write(deflateChunk(zs, prefix, Z_FULL_FLUSH));
    const std::string segment = deflateChunk(zs, b.block, Z_FULL_FLUSH);
    std::string last = deflateChunk(zs, b.rest, Z_FINISH);
    deflateEnd(&zs);
    for (std::uint64_t i = 0; i < b.blocks; ++i)
        out.write(segment);
    uLong crc = crc32(0, reinterpret_cast<const Bytef*>(prefix.data()), static_cast<uInt>(prefix.size()));
    const uLong blockCrc = crc32(0, reinterpret_cast<const Bytef*>(b.block.data()), static_cast<uInt>(b.block.size()));
    for (std::uint64_t i = 0; i < b.blocks; ++i)
        crc = crc32_combine(crc, blockCrc, static_cast<z_off_t>(b.block.size()));
    crc = crc32_combine(crc, crc32(0, reinterpret_cast<const Bytef*>(b.rest.data()), static_cast<uInt>(b.rest.size())),
        static_cast<z_off_t>(b.rest.size()));
    const std::uint32_t size32 = static_cast<std::uint32_t>(decodedBytes);
    last.resize(last.size() - 8);
    for (int i = 0; i < 4; ++i)
        last += static_cast<char>((crc >> (8 * i)) & 0xff);
    for (int i = 0; i < 4; ++i)
        last += static_cast<char>((size32 >> (8 * i)) & 0xff);
    out.write(last);
    return rel;
}

std::string CorpusWriter::writeZstdBomb(
    const std::string& rel, std::string_view prefix, char fill, std::uint64_t decodedBytes, ZstdBomb kind)
{
    makeParent(rel);
    Fd out(path(rel));
    const BombFill b(prefix, fill, decodedBytes);
    if (kind == ZstdBomb::Frames) {
        b.writeConcatenated(out, prefix, &CorpusWriter::zstd);
        return rel;
    }
    // One frame; zstd turns runs of one byte into RLE blocks, so this streams at memory speed.
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 1);
    if (kind == ZstdBomb::DeclaredSize)
        ZSTD_CCtx_setPledgedSrcSize(cctx, decodedBytes);
    std::string buf(ZSTD_CStreamOutSize(), '\0');
    auto feed = [&](std::string_view input, ZSTD_EndDirective mode) {
        ZSTD_inBuffer in { input.data(), input.size(), 0 };
        bool done = false;
        while (!done) {
            ZSTD_outBuffer o { buf.data(), buf.size(), 0 };
            const std::size_t left = ZSTD_compressStream2(cctx, &o, &in, mode);
            if (ZSTD_isError(left))
                fail(std::string("zstd: ") + ZSTD_getErrorName(left));
            out.write(std::string_view(buf.data(), o.pos));
            done = mode == ZSTD_e_end ? left == 0 : in.pos == in.size;
        }
    };
    feed(prefix, ZSTD_e_continue);
    for (std::uint64_t i = 0; i < b.blocks; ++i)
        feed(b.block, ZSTD_e_continue);
    feed(b.rest, ZSTD_e_end);
    ZSTD_freeCCtx(cctx);
    return rel;
}

std::string CorpusWriter::writeSparse(
    const std::string& rel, std::uint64_t size, std::string_view head, std::string_view tail)
{
    makeParent(rel);
    Fd out(path(rel));
    out.write(head);
    if (::ftruncate(out.fd(), static_cast<off_t>(size)) != 0)
        fail(path(rel) + ": ftruncate: " + std::strerror(errno));
    if (!tail.empty()) {
        if (::pwrite(out.fd(), tail.data(), tail.size(), static_cast<off_t>(size - tail.size()))
            != static_cast<ssize_t>(tail.size()))
            fail(path(rel) + ": pwrite: " + std::strerror(errno));
    }
    return rel;
}

std::string CorpusWriter::makeFifo(const std::string& rel)
{
    makeParent(rel);
    if (::mkfifo(path(rel).c_str(), 0644) != 0)
        fail(path(rel) + ": mkfifo: " + std::strerror(errno));
    return rel;
}

std::string CorpusWriter::makeSocket(const std::string& rel)
{
    makeParent(rel);
    // sun_path holds about 100 bytes, less than a build folder's path may take: bind the bare name from
    // inside its folder.
    const fs::path full(path(rel));
    const fs::path previous = fs::current_path();
    fs::current_path(full.parent_path());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr {};
    addr.sun_family = AF_UNIX;
    const std::string name = full.filename().string();
    std::strncpy(addr.sun_path, name.c_str(), sizeof addr.sun_path - 1);
    const int ok = fd >= 0 ? ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) : -1;
    const int error = errno;
    if (fd >= 0)
        ::close(fd);
    fs::current_path(previous);
    if (ok != 0)
        fail(path(rel) + ": bind: " + std::strerror(error));
    return rel;
}

std::string CorpusWriter::makeSymlink(const std::string& rel, const std::string& target)
{
    makeParent(rel);
    if (::symlink(target.c_str(), path(rel).c_str()) != 0)
        fail(path(rel) + ": symlink: " + std::strerror(errno));
    return rel;
}

std::string CorpusWriter::makeFolder(const std::string& rel)
{
    std::error_code ec;
    fs::create_directories(path(rel), ec);
    if (ec)
        fail(path(rel) + ": " + ec.message());
    return rel;
}

void CorpusWriter::add(CorpusCase c)
{
    for (const CorpusCase& other : m_cases) {
        if (other.id == c.id)
            fail("two cases named " + c.id);
    }
    if (c.inputs.empty())
        fail(c.id + " has no inputs");
    m_cases.push_back(std::move(c));
}

void CorpusWriter::addSingle(const std::string& category, const std::string& id, const std::string& why,
    const std::string& name, std::string_view text, Expectation load, std::optional<Expectation> replay,
    std::vector<std::string> args)
{
    const std::string rel = write(id + "/" + name, text);
    add(CorpusCase { id, category, why, { rel }, std::move(args), std::move(load), std::move(replay) });
}

void CorpusWriter::finish()
{
    QJsonArray cases;
    for (const CorpusCase& c : m_cases) {
        QJsonObject o {
            { QStringLiteral("id"), qs(c.id) },
            { QStringLiteral("category"), qs(c.category) },
            { QStringLiteral("why"), qs(c.why) },
            { QStringLiteral("inputs"), strings(c.inputs) },
            { QStringLiteral("args"), strings(c.args) },
            { QStringLiteral("load"), toJson(c.load) },
        };
        if (c.replay)
            o.insert(QStringLiteral("replay"), toJson(*c.replay));
        cases.append(o);
    }
    QFile file(QString::fromStdString(path("manifest.json")));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        fail(path("manifest.json") + ": " + file.errorString().toStdString());
    const QByteArray text
        = QJsonDocument(QJsonObject { { QStringLiteral("cases"), cases } }).toJson(QJsonDocument::Indented);
    if (file.write(text) != text.size())
        fail(path("manifest.json") + ": " + file.errorString().toStdString());
}
