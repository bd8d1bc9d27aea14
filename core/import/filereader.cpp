#include "core/import/filereader.h"

#include "core/base/progress.h"

#include <zlib.h>
#include <zstd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace sightline {

namespace {

constexpr std::size_t kChunk = 4 << 20;
// Plain files from this size on are mapped rather than read (see TextBuffer::mapFile); below it a read
// is as fast and needs no mapping of its own.
constexpr std::int64_t kMapBytes = 1 << 20;

struct FileCloser {
    void operator()(std::FILE* f) const
    {
        if (f)
            std::fclose(f);
    }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

Status tooLarge(const std::string& path)
{
    return Status::error(ErrorCode::TooLarge, path, -1, "decoded text exceeds 4 GiB");
}

Expected<TextBuffer> readPlain(std::FILE* f, const std::string& path, std::int64_t size,
    const CancellationToken* cancel, const FileReader::ProgressFn& progress)
{
    if (static_cast<std::uint64_t>(size) > FileReader::kMaxTextBytes)
        return tooLarge(path);
    if (cancel && cancel->isCancelled())
        return Status::cancelled();
    struct stat st {};
    if (size >= kMapBytes && ::fstat(::fileno(f), &st) == 0 && st.st_size == size) {
        // A file cut short while mapped would fault on the lost pages; the size is checked on the open
        // file just before, and trace writers append rather than truncate.
        TextBuffer mapped = TextBuffer::mapFile(::fileno(f), static_cast<std::size_t>(size));
        if (mapped.capacity() > 0) {
            if (progress)
                progress(size);
            return mapped;
        }
    }
    TextBuffer buf(static_cast<std::size_t>(size));
    std::size_t done = 0;
    while (done < static_cast<std::size_t>(size)) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        const std::size_t want = std::min(kChunk, static_cast<std::size_t>(size) - done);
        const std::size_t got = std::fread(buf.data() + done, 1, want, f);
        if (got == 0) {
            if (std::ferror(f))
                return Status::error(ErrorCode::ReadFailed, path, static_cast<std::int64_t>(done), std::strerror(errno));
            break; // the file shrank while reading; keep what is there
        }
        done += got;
        if (progress)
            progress(static_cast<std::int64_t>(done));
    }
    buf.setSize(done);
    return buf;
}

Expected<TextBuffer> readGzip(std::FILE* f, const std::string& path, std::int64_t size,
    const CancellationToken* cancel, const FileReader::ProgressFn& progress)
{
    // The gzip trailer holds the uncompressed size mod 2^32: a good first guess for the buffer.
    std::uint32_t isize = 0;
    if (size >= 18 && std::fseek(f, -4, SEEK_END) == 0) {
        unsigned char t[4];
        if (std::fread(t, 1, 4, f) == 4)
            isize = t[0] | (t[1] << 8) | (t[2] << 16) | (std::uint32_t(t[3]) << 24);
    }
    std::fseek(f, 0, SEEK_SET);
    // Deflate cannot expand more than about 1032:1, so a trailer claiming more is corrupt: cap the guess.
    const std::size_t guess = std::min<std::size_t>(std::max<std::size_t>(isize, static_cast<std::size_t>(size) * 4),
        static_cast<std::size_t>(size) * 1032);
    TextBuffer out(guess + 1024);
    z_stream zs {};
    if (inflateInit2(&zs, 15 + 32) != Z_OK)
        return Status::error(ErrorCode::DecompressionFailed, path, 0, "zlib initialisation failed");
    std::unique_ptr<unsigned char[]> in(new unsigned char[kChunk]);
    std::int64_t consumed = 0;
    std::size_t produced = 0;
    int ret = Z_OK;
    bool finished = false;
    while (!finished) {
        if (cancel && cancel->isCancelled()) {
            inflateEnd(&zs);
            return Status::cancelled();
        }
        const std::size_t got = std::fread(in.get(), 1, kChunk, f);
        if (got == 0)
            break;
        zs.next_in = in.get();
        zs.avail_in = static_cast<uInt>(got);
        while (zs.avail_in > 0) {
            if (out.capacity() - produced < (1 << 20)) {
                if (produced > FileReader::kMaxTextBytes) {
                    inflateEnd(&zs);
                    return tooLarge(path);
                }
                out.setSize(produced);
                out.reserveMore(std::max<std::size_t>(out.capacity() / 2, 4 << 20));
            }
            zs.next_out = reinterpret_cast<Bytef*>(out.data() + produced);
            const std::size_t room = std::min<std::size_t>(out.capacity() - produced, 1u << 30);
            zs.avail_out = static_cast<uInt>(room);
            ret = inflate(&zs, Z_NO_FLUSH);
            produced += room - zs.avail_out;
            if (ret == Z_STREAM_END) {
                // Concatenated gzip members are legal: start the next one if input remains.
                if (zs.avail_in == 0)
                    break;
                inflateReset(&zs);
                continue;
            }
            if (ret != Z_OK && ret != Z_BUF_ERROR) {
                const std::int64_t offset = consumed + static_cast<std::int64_t>(got - zs.avail_in);
                std::string detail = zs.msg ? zs.msg : "corrupt gzip data";
                inflateEnd(&zs);
                return Status::error(ErrorCode::DecompressionFailed, path, offset, detail);
            }
        }
        consumed += static_cast<std::int64_t>(got);
        if (progress)
            progress(consumed);
        finished = std::feof(f) != 0;
    }
    inflateEnd(&zs);
    if (ret != Z_STREAM_END)
        return Status::error(ErrorCode::DecompressionFailed, path, consumed, "gzip stream is truncated");
    if (produced > FileReader::kMaxTextBytes)
        return tooLarge(path);
    out.setSize(produced);
    return out;
}

Expected<TextBuffer> readZstd(std::FILE* f, const std::string& path, std::int64_t size,
    const CancellationToken* cancel, const FileReader::ProgressFn& progress)
{
    std::unique_ptr<unsigned char[]> in(new unsigned char[kChunk]);
    const std::size_t head = std::fread(in.get(), 1, std::min<std::size_t>(kChunk, size), f);
    const unsigned long long hint = ZSTD_getFrameContentSize(in.get(), head);
    std::size_t initial = static_cast<std::size_t>(size) * 6 + 1024;
    if (hint != ZSTD_CONTENTSIZE_UNKNOWN && hint != ZSTD_CONTENTSIZE_ERROR) {
        if (hint > FileReader::kMaxTextBytes)
            return tooLarge(path);
        initial = static_cast<std::size_t>(hint) + 1024;
    }
    TextBuffer out(initial);
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> ctx(ZSTD_createDCtx(), &ZSTD_freeDCtx);
    std::size_t produced = 0;
    std::int64_t consumed = 0;
    std::size_t got = head;
    std::size_t last = 0;
    while (got > 0) {
        if (cancel && cancel->isCancelled())
            return Status::cancelled();
        ZSTD_inBuffer input { in.get(), got, 0 };
        while (input.pos < input.size) {
            if (out.capacity() - produced < (1 << 20)) {
                if (produced > FileReader::kMaxTextBytes)
                    return tooLarge(path);
                out.setSize(produced);
                out.reserveMore(std::max<std::size_t>(out.capacity() / 2, 4 << 20));
            }
            ZSTD_outBuffer output { out.data() + produced, out.capacity() - produced, 0 };
            last = ZSTD_decompressStream(ctx.get(), &output, &input);
            produced += output.pos;
            if (ZSTD_isError(last))
                return Status::error(ErrorCode::DecompressionFailed, path, consumed + static_cast<std::int64_t>(input.pos),
                    ZSTD_getErrorName(last));
        }
        consumed += static_cast<std::int64_t>(got);
        if (progress)
            progress(consumed);
        got = std::fread(in.get(), 1, kChunk, f);
    }
    if (last != 0)
        return Status::error(ErrorCode::DecompressionFailed, path, consumed, "zstd stream is truncated");
    if (produced > FileReader::kMaxTextBytes)
        return tooLarge(path);
    out.setSize(produced);
    return out;
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
    const ProgressFn& progress, Compression* detected)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return Status::error(ErrorCode::FileNotFound, path, -1, std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        return Status::error(ErrorCode::ReadFailed, path, -1, "is a folder");
    FilePtr f(std::fopen(path.c_str(), "rb"));
    if (!f)
        return Status::error(ErrorCode::ReadFailed, path, -1, std::strerror(errno));
    const auto size = static_cast<std::int64_t>(st.st_size);
    if (size == 0)
        return Status::error(ErrorCode::EmptyFile, path, 0, "the file is empty");
    unsigned char magic[4] = {};
    const std::size_t m = std::fread(magic, 1, 4, f.get());
    std::fseek(f.get(), 0, SEEK_SET);
    Compression kind = Compression::None;
    if (m >= 2 && magic[0] == 0x1f && magic[1] == 0x8b)
        kind = Compression::Gzip;
    else if (m == 4 && magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f && magic[3] == 0xfd)
        kind = Compression::Zstd;
    if (detected)
        *detected = kind;
    Expected<TextBuffer> result = kind == Compression::Gzip ? readGzip(f.get(), path, size, cancel, progress)
        : kind == Compression::Zstd                         ? readZstd(f.get(), path, size, cancel, progress)
                                                            : readPlain(f.get(), path, size, cancel, progress);
    if (result && result->size() == 0)
        return Status::error(ErrorCode::EmptyFile, path, 0, "the file decodes to no text");
    return result;
}

} // namespace sightline
