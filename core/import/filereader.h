#pragma once

#include "core/base/expected.h"
#include "core/import/textbuffer.h"

#include <cstdint>
#include <functional>
#include <string>

namespace sightline {

class CancellationToken;

// Reads a whole file into a padded TextBuffer, transparently decoding gzip and zstd (recognised by
// their magic bytes, not the extension). Plain files of a megabyte or more are mapped privately rather
// than copied (a file truncated by another process while its buffer lives would fault). Reports
// progress in bytes of the file on disk. Errors name the file: missing, unreadable, empty, corrupt
// compressed data, or larger than the 4 GiB a parser can index. Thread-safe (no shared state).
class FileReader {
public:
    enum class Compression { None, Gzip, Zstd };

    static constexpr std::uint64_t kMaxTextBytes = (std::uint64_t(1) << 32) - 1024;

    using ProgressFn = std::function<void(std::int64_t fileBytesDone)>;

    static Expected<TextBuffer> read(const std::string& path, const CancellationToken* cancel = nullptr,
        const ProgressFn& progress = {}, Compression* detected = nullptr);

    // Size on disk, or -1.
    static std::int64_t fileSize(const std::string& path);
};

} // namespace sightline
