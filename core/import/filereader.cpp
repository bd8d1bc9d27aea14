#include "core/import/filereader.h"

#include "core/base/inputfile.h"
#include "core/base/message.h"
#include "core/base/progress.h"
#include "core/base/resourcelimits.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sightline {

namespace {

constexpr std::size_t kChunk = 4 << 20;
constexpr std::size_t kHeadChunk = 64 << 10; // what readHead reads and decodes at a time
// Plain files from this size on are mapped rather than read (see TextBuffer::mapFile); below it a read
// is as fast and needs no mapping of its own.
constexpr std::int64_t kMapBytes = 1 << 20;

// Reads up to n bytes at the file's current position, retrying interrupted calls; -1 on an error.
std::int64_t readSome(int fd, void* into, std::size_t n)
{
    for (;;) {
        const ssize_t got = ::read(fd, into, n);
        if (got >= 0 || errno != EINTR)
            return got;
    }
}

Status budgetExceeded(const std::string& path, const ByteBudget& budget)
{
    return Status::error(ErrorCode::TooLarge, path, -1,
        Message(SL_TEXT("Core",
                    "the decoded text of the job exceeds the limit of %1 (--max-decoded-gb; by default half of "
                    "--max-memory-gb)"),
            { ResourceLimits::gigabytes(budget.limit()) }));
}

// Where decoded text goes: a buffer that grows as the decoder fills it, by remapping rather than
// copying. Each decode call gets at most kStep bytes of room, and what it produced is drawn from the
// job's budget right after: a stream that exceeds a limit is stopped within kStep bytes of it, before
// it can take more memory.
class DecodedText {
public:
    static constexpr std::size_t kStep = 16 << 20;

    DecodedText(const std::string& path, ByteBudget* budget)
        : m_path(path)
        , m_budget(budget)
    {
    }
    ~DecodedText()
    {
        // What was drawn ahead and not used goes back.
        if (m_budget && m_drawn > m_produced)
            m_budget->give(m_drawn - m_produced);
    }

    // Starts with room for about expected bytes: a hint (the decoded size the file claims), capped, as a
    // corrupt or hostile claim must cost nothing up front.
    Status begin(std::uint64_t expected)
    {
        try {
            m_text = TextBuffer(static_cast<std::size_t>(std::clamp<std::uint64_t>(expected, 1 << 20, kStartCap)));
        } catch (const std::bad_alloc&) {
            return outOfMemory();
        }
        return {};
    }
    // Room for the next decode call; grows the buffer when it is full.
    Status makeRoom()
    {
        if (room() >= kStep)
            return {};
        m_text.setSize(static_cast<std::size_t>(m_produced));
        if (!m_text.reserveMore(std::max<std::size_t>(m_text.capacity() / 2, kStep)))
            return outOfMemory();
        return {};
    }
    char* end() { return m_text.data() + m_produced; }
    std::size_t writable() const { return std::min(room(), kStep); }
    // n more bytes were decoded: within the limits, or an error.
    Status produced(std::size_t n)
    {
        m_produced += n;
        if (m_produced > FileReader::kMaxTextBytes)
            return Status::error(ErrorCode::TooLarge, m_path, -1,
                Message(SL_TEXT("Core", "the decoded text exceeds 4 GiB, the most one file can hold")));
        if (m_budget && m_produced > m_drawn) {
            // Drawn a step ahead when the budget allows, else exactly what is needed.
            const std::uint64_t need = m_produced - m_drawn;
            if (m_budget->take(need + kStep))
                m_drawn += need + kStep;
            else if (m_budget->take(need))
                m_drawn += need;
            else
                return budgetExceeded(m_path, *m_budget);
        }
        return {};
    }

    TextBuffer finish()
    {
        m_text.setSize(static_cast<std::size_t>(m_produced));
        return std::move(m_text);
    }

private:
    static constexpr std::uint64_t kStartCap = 256 << 20;

    std::size_t room() const { return m_text.capacity() - static_cast<std::size_t>(m_produced); }
    Status outOfMemory() const
    {
        return Status::error(ErrorCode::OutOfMemory, m_path, -1,
            Message(
                SL_TEXT("Core", "out of memory after decoding %1 of text"), { ResourceLimits::gigabytes(m_produced) }));
    }

    const std::string& m_path;
    ByteBudget* m_budget;
    TextBuffer m_text;
    std::uint64_t m_produced = 0;
    std::uint64_t m_drawn = 0;
};

Expected<TextBuffer> readPlain(int fd, const std::string& path, std::int64_t size, const CancellationToken* cancel,
    const FileReader::ProgressFn& progress, ByteBudget* budget)
{
    if (static_cast<std::uint64_t>(size) > FileReader::kMaxTextBytes)
        return Status::error(ErrorCode::TooLarge, path, -1,
            Message(SL_TEXT("Core", "the file exceeds 4 GiB, the most one file can hold")));
    if (budget && !budget->take(static_cast<std::uint64_t>(size)))
        return budgetExceeded(path, *budget);
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    if (size >= kMapBytes) {
        TextBuffer mapped = TextBuffer::mapFile(fd, static_cast<std::size_t>(size));
        if (mapped.capacity() > 0) {
            if (progress)
                progress(size);
            return mapped;
        }
    }
    TextBuffer buf;
    try {
        buf = TextBuffer(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        return Status::error(
            ErrorCode::OutOfMemory, path, -1, Message(SL_TEXT("Core", "out of memory for the file's text")));
    }
    std::size_t done = 0;
    while (done < static_cast<std::size_t>(size)) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        const std::size_t want = std::min(kChunk, static_cast<std::size_t>(size) - done);
        const std::int64_t got = readSome(fd, buf.data() + done, want);
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, static_cast<std::int64_t>(done), std::strerror(errno));
        if (got == 0)
            break; // the file shrank while reading; keep what is there
        done += static_cast<std::size_t>(got);
        if (progress)
            progress(static_cast<std::int64_t>(done));
    }
    buf.setSize(done);
    return buf;
}

// A zlib stream that takes gzip (and zlib) input, ended when it goes.
struct Inflater {
    z_stream stream {};
    bool begun = false;

    Status begin(const std::string& path)
    {
        begun = inflateInit2(&stream, 15 + 32) == Z_OK;
        return begun ? Status()
                     : Status::error(ErrorCode::DecompressionFailed, path, 0,
                         Message(SL_TEXT("Core", "zlib initialisation failed")));
    }
    ~Inflater()
    {
        if (begun)
            inflateEnd(&stream);
    }
};

Expected<TextBuffer> readGzip(int fd, const std::string& path, std::int64_t size, const CancellationToken* cancel,
    const FileReader::ProgressFn& progress, ByteBudget* budget)
{
    // The gzip trailer holds the uncompressed size mod 2^32: a first guess for the buffer (capped, as a
    // corrupt or hostile trailer may claim anything).
    std::uint32_t isize = 0;
    if (size >= 18) {
        unsigned char t[4];
        if (::pread(fd, t, 4, size - 4) == 4)
            isize = t[0] | (t[1] << 8) | (t[2] << 16) | (std::uint32_t(t[3]) << 24);
    }
    // The trailer's size is at most the decoded size (it is that size modulo 2^32, of the last member):
    // when it alone exceeds what the budget has left, the stream cannot fit.
    if (budget && isize > budget->limit() - std::min(budget->limit(), budget->used()))
        return budgetExceeded(path, *budget);
    DecodedText out(path, budget);
    if (Status s = out.begin(std::max<std::uint64_t>(isize, static_cast<std::uint64_t>(size) * 4)); !s.ok())
        return s;
    Inflater inflater;
    if (Status st = inflater.begin(path); !st.ok())
        return st;
    z_stream& zs = inflater.stream;
    std::unique_ptr<unsigned char[]> in(new unsigned char[kChunk]);
    std::int64_t consumed = 0;
    int ret = Z_OK;
    for (;;) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        const std::int64_t got = readSome(fd, in.get(), kChunk);
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, consumed, std::strerror(errno));
        if (got == 0)
            break;
        zs.next_in = in.get();
        zs.avail_in = static_cast<uInt>(got);
        while (zs.avail_in > 0) {
            if (Status s = out.makeRoom(); !s.ok())
                return s;
            zs.next_out = reinterpret_cast<Bytef*>(out.end());
            const std::size_t room = out.writable();
            zs.avail_out = static_cast<uInt>(room);
            ret = inflate(&zs, Z_NO_FLUSH);
            if (Status s = out.produced(room - zs.avail_out); !s.ok())
                return s;
            if (ret == Z_STREAM_END) {
                // Concatenated gzip members are legal: start the next one if input remains.
                if (zs.avail_in == 0)
                    break;
                inflateReset(&zs);
                continue;
            }
            if (ret != Z_OK && ret != Z_BUF_ERROR) {
                const std::int64_t offset = consumed + (got - static_cast<std::int64_t>(zs.avail_in));
                return Status::error(ErrorCode::DecompressionFailed, path, offset,
                    zs.msg ? Message::plain(zs.msg) : Message(SL_TEXT("Core", "corrupt gzip data")));
            }
        }
        consumed += got;
        if (progress)
            progress(consumed);
    }
    if (ret != Z_STREAM_END)
        return Status::error(
            ErrorCode::DecompressionFailed, path, consumed, Message(SL_TEXT("Core", "gzip stream is truncated")));
    return out.finish();
}

Expected<TextBuffer> readZstd(int fd, const std::string& path, std::int64_t size, const CancellationToken* cancel,
    const FileReader::ProgressFn& progress, ByteBudget* budget)
{
    std::unique_ptr<unsigned char[]> in(new unsigned char[kChunk]);
    std::int64_t got = readSome(fd, in.get(), std::min<std::size_t>(kChunk, static_cast<std::size_t>(size)));
    if (got < 0)
        return Status::error(ErrorCode::ReadFailed, path, 0, std::strerror(errno));
    // The frame header may say the decoded size: a first guess for the buffer (capped, as above).
    const unsigned long long hint = ZSTD_getFrameContentSize(in.get(), static_cast<std::size_t>(got));
    std::uint64_t expected = static_cast<std::uint64_t>(size) * 6;
    if (hint != ZSTD_CONTENTSIZE_UNKNOWN && hint != ZSTD_CONTENTSIZE_ERROR) {
        if (hint > FileReader::kMaxTextBytes)
            return Status::error(ErrorCode::TooLarge, path, -1,
                Message(SL_TEXT("Core", "the decoded text exceeds 4 GiB, the most one file can hold")));
        // The frame declares its size, which the decoder holds it to.
        if (budget && hint > budget->limit() - std::min(budget->limit(), budget->used()))
            return budgetExceeded(path, *budget);
        expected = hint;
    }
    DecodedText out(path, budget);
    if (Status s = out.begin(expected); !s.ok())
        return s;
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
    std::int64_t consumed = 0;
    std::size_t last = 0;
    while (got > 0) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        ZSTD_inBuffer input { in.get(), static_cast<std::size_t>(got), 0 };
        while (input.pos < input.size) {
            if (Status s = out.makeRoom(); !s.ok())
                return s;
            ZSTD_outBuffer output { out.end(), out.writable(), 0 };
            last = ZSTD_decompressStream(ctx.get(), &output, &input);
            if (Status s = out.produced(output.pos); !s.ok())
                return s;
            if (ZSTD_isError(last))
                return Status::error(ErrorCode::DecompressionFailed, path, consumed + static_cast<std::int64_t>(input.pos),
                    ZSTD_getErrorName(last));
        }
        consumed += got;
        if (progress)
            progress(consumed);
        got = readSome(fd, in.get(), kChunk);
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, consumed, std::strerror(errno));
    }
    if (last != 0)
        return Status::error(
            ErrorCode::DecompressionFailed, path, consumed, Message(SL_TEXT("Core", "zstd stream is truncated")));
    return out.finish();
}

// A regular file opened for reading, with its size and compression.
struct OpenFile {
    FileDescriptor fd { -1 };
    std::int64_t size = 0;
    FileReader::Compression compression = FileReader::Compression::None;
};

// Opens path if it is a non-empty regular file, and finds its compression by its magic bytes.
Status openRegular(const std::string& path, OpenFile& out)
{
    if (Status s = InputFile::openRegular(path, out.fd, out.size); !s.ok())
        return s;
    if (out.size == 0)
        return Status::error(ErrorCode::EmptyFile, path, 0, Message(SL_TEXT("Core", "the file is empty")));
    unsigned char magic[4] = {};
    const std::int64_t m = std::max<ssize_t>(0, ::pread(out.fd.get(), magic, 4, 0));
    if (m >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
        out.compression = FileReader::Compression::Gzip;
    else if (m == 4 && magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd)
        out.compression = FileReader::Compression::Zstd;
    return {};
}

// The first bytes of decoded text from its first significant byte: leading whitespace and a UTF-8
// byte-order mark are dropped as they come, however long they run.
class HeadText {
public:
    explicit HeadText(std::size_t limit)
        : m_limit(limit)
    {
    }
    // Takes decoded bytes; false once the head is full.
    bool add(const char* data, std::size_t n)
    {
        m_sawBytes = m_sawBytes || n > 0;
        for (std::size_t k = 0; k < n && !full(); ++k) {
            const char c = data[k];
            if (m_text.empty() && (c == ' ' || c == '\t' || c == '\r' || c == '\n'))
                continue;
            m_text.push_back(c);
            if (m_text == kByteOrderMark)
                m_text.clear(); // a byte-order mark, not text
        }
        return !full();
    }
    bool sawText() const { return !m_text.empty(); }
    bool sawBytes() const { return m_sawBytes; }
    std::string take()
    {
        m_text.resize(std::min(m_text.size(), m_limit));
        return std::move(m_text);
    }

private:
    static constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

    // Full at the limit, unless what it holds may still become a byte-order mark.
    bool full() const { return m_text.size() >= m_limit && !(m_text.size() < 3 && kByteOrderMark.starts_with(m_text)); }

    std::size_t m_limit;
    std::string m_text;
    bool m_sawBytes = false;
};

Status headOfPlain(int fd, const std::string& path, HeadText& head)
{
    char buffer[64 << 10];
    for (;;) {
        const std::int64_t got = readSome(fd, buffer, sizeof buffer);
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, -1, std::strerror(errno));
        if (got == 0 || !head.add(buffer, static_cast<std::size_t>(got)))
            return {};
    }
}

Status headOfGzip(int fd, const std::string& path, HeadText& head)
{
    Inflater inflater;
    if (Status st = inflater.begin(path); !st.ok())
        return st;
    z_stream& zs = inflater.stream;
    std::unique_ptr<unsigned char[]> in(new unsigned char[kHeadChunk]);
    std::unique_ptr<char[]> out(new char[kHeadChunk]);
    std::int64_t consumed = 0;
    int ret = Z_OK;
    for (;;) {
        const std::int64_t got = readSome(fd, in.get(), kHeadChunk);
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, consumed, std::strerror(errno));
        if (got == 0) {
            if (ret != Z_STREAM_END)
                return Status::error(ErrorCode::DecompressionFailed, path, consumed,
                    Message(SL_TEXT("Core", "gzip stream is truncated")));
            return {};
        }
        zs.next_in = in.get();
        zs.avail_in = static_cast<uInt>(got);
        while (zs.avail_in > 0) {
            zs.next_out = reinterpret_cast<Bytef*>(out.get());
            zs.avail_out = static_cast<uInt>(kHeadChunk);
            ret = inflate(&zs, Z_NO_FLUSH);
            if (!head.add(out.get(), kHeadChunk - zs.avail_out))
                return {};
            if (ret == Z_STREAM_END) {
                if (zs.avail_in == 0)
                    break;
                inflateReset(&zs);
                continue;
            }
            if (ret != Z_OK && ret != Z_BUF_ERROR)
                return Status::error(ErrorCode::DecompressionFailed, path,
                    consumed + (got - static_cast<std::int64_t>(zs.avail_in)),
                    zs.msg ? Message::plain(zs.msg) : Message(SL_TEXT("Core", "corrupt gzip data")));
            if (ret == Z_BUF_ERROR && zs.avail_out != 0)
                break; // the input ran out mid-stream: read more
        }
        consumed += got;
    }
}

Status headOfZstd(int fd, const std::string& path, HeadText& head)
{
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
    std::unique_ptr<unsigned char[]> in(new unsigned char[kHeadChunk]);
    std::unique_ptr<char[]> out(new char[kHeadChunk]);
    std::int64_t consumed = 0;
    std::size_t last = 0;
    for (;;) {
        const std::int64_t got = readSome(fd, in.get(), kHeadChunk);
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, consumed, std::strerror(errno));
        if (got == 0) {
            if (last != 0)
                return Status::error(ErrorCode::DecompressionFailed, path, consumed,
                    Message(SL_TEXT("Core", "zstd stream is truncated")));
            return {};
        }
        ZSTD_inBuffer input { in.get(), static_cast<std::size_t>(got), 0 };
        while (input.pos < input.size) {
            ZSTD_outBuffer output { out.get(), kHeadChunk, 0 };
            last = ZSTD_decompressStream(ctx.get(), &output, &input);
            if (ZSTD_isError(last))
                return Status::error(ErrorCode::DecompressionFailed, path, consumed + static_cast<std::int64_t>(input.pos), ZSTD_getErrorName(last));
            if (!head.add(out.get(), output.pos))
                return {};
        }
        consumed += got;
    }
}

} // namespace

std::int64_t FileReader::fileSize(const std::string& path)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return -1;
    return static_cast<std::int64_t>(st.st_size);
}

Expected<TextBuffer> FileReader::read(const std::string& path, const CancellationToken* cancel,
    const ProgressFn& progress, Compression* detected, ByteBudget* budget)
{
    OpenFile file;
    if (Status s = openRegular(path, file); !s.ok())
        return s;
    if (detected)
        *detected = file.compression;
    Expected<TextBuffer> result = file.compression == Compression::Gzip ? readGzip(file.fd.get(), path, file.size, cancel, progress, budget)
        : file.compression == Compression::Zstd                         ? readZstd(file.fd.get(), path, file.size, cancel, progress, budget)
                                                                        : readPlain(file.fd.get(), path, file.size, cancel, progress, budget);
    if (result && result->size() == 0)
        return Status::error(ErrorCode::EmptyFile, path, 0, Message(SL_TEXT("Core", "the file decodes to no text")));
    return result;
}

Expected<std::string> FileReader::readHead(const std::string& path, std::size_t bytes)
{
    OpenFile file;
    if (Status s = openRegular(path, file); !s.ok())
        return s;
    // What no read could take is refused before its head is looked at.
    if (file.compression == Compression::None && static_cast<std::uint64_t>(file.size) > kMaxTextBytes)
        return Status::error(ErrorCode::TooLarge, path, -1,
            Message(SL_TEXT("Core", "the file exceeds 4 GiB, the most one file can hold")));
    HeadText head(bytes);
    Status s = file.compression == Compression::Gzip ? headOfGzip(file.fd.get(), path, head)
        : file.compression == Compression::Zstd      ? headOfZstd(file.fd.get(), path, head)
                                                     : headOfPlain(file.fd.get(), path, head);
    if (!s.ok())
        return s;
    if (!head.sawText())
        return Status::error(ErrorCode::EmptyFile, path, 0,
            head.sawBytes() ? Message(SL_TEXT("Core", "the file holds only whitespace"))
                            : Message(SL_TEXT("Core", "the file decodes to no text")));
    return head.take();
}

Status FileReader::checkNotCut(const TextBuffer& text, const std::string& path)
{
    if (text.fileWasCut())
        return Status::error(ErrorCode::ReadFailed, path, -1,
            Message(SL_TEXT("Core", "the file was truncated by another program while it was read")));
    return {};
}

} // namespace sightline
