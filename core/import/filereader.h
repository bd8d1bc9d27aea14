#pragma once

#include "core/base/expected.h"
#include "core/import/textbuffer.h"

#include <cstdint>
#include <functional>
#include <cstddef>
#include <string>

namespace sightline {

class ByteBudget;
class CancellationToken;

// Reads a whole file into a padded TextBuffer, transparently decoding gzip and zstd (recognised by
// their magic bytes, not the extension). The path's type is checked before it is opened, and opened
// without blocking: a folder, FIFO, socket or device named as a file is refused at once. Plain files of
// a megabyte or more are mapped privately rather than copied; a file cut short by another process while
// mapped reads as zeros past the cut and the buffer says so (TextBuffer::fileWasCut). Decoded text is
// limited while it streams, before it is allocated: to the 4 GiB a parser can index, and to what the
// job's ByteBudget has left. Reports progress in bytes of the file on disk. Errors name the file:
// missing, not a regular file, unreadable, empty, corrupt compressed data, or too large. Thread-safe
// (no shared state but the budget).
class FileReader {
public:
    enum class Compression { None, Gzip, Zstd };

    static constexpr std::uint64_t kMaxTextBytes = (std::uint64_t(1) << 32) - 1024;

    using ProgressFn = std::function<void(std::int64_t fileBytesDone)>;

    // budget, when given, is drawn from as text is decoded (the --max-decoded-gb limit of a job).
    static Expected<TextBuffer> read(const std::string& path, const CancellationToken* cancel = nullptr,
        const ProgressFn& progress = {}, Compression* detected = nullptr, ByteBudget* budget = nullptr);

    // The first bytes (at most `bytes`) of the file's decoded text, from its first significant byte:
    // leading whitespace and a UTF-8 byte-order mark are skipped. What importers probe to tell formats
    // apart; decodes only as much as it returns. Fails as read() does on what is not a readable file,
    // and with EmptyFile when the text is empty or blank.
    static Expected<std::string> readHead(const std::string& path, std::size_t bytes);

    // Size on disk, or -1.
    static std::int64_t fileSize(const std::string& path);
    // After text read from path has been parsed: ReadFailed naming path when another program cut the
    // mapped file while it was read (whatever the parse made of the zeros), else Ok.
    static Status checkNotCut(const TextBuffer& text, const std::string& path);
};

} // namespace sightline
