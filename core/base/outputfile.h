#pragma once

#include "core/base/filedescriptor.h"
#include "core/base/status.h"

#include <string>
#include <string_view>

namespace sightline {

// One output file written whole or not at all. open() creates a new temporary file beside the target
// (never following a symlink), write() checks every byte (a short write, a full disk or a file-size limit
// is an error naming the target), and commit() flushes it to disk and renames it over the target. A
// symlink at the target is replaced by the file, never written through; a target that exists and is not
// a regular file (a device, a FIFO, a folder) is refused. Until commit() the target is untouched, and an
// OutputFile destroyed uncommitted removes its temporary file. The first error sticks: later calls
// return it. Not thread-safe.
class OutputFile {
public:
    OutputFile() = default;
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile();

    Status open(const std::string& target);
    Status write(std::string_view bytes);
    Status commit();
    // Removes the temporary file; the target stays as it was.
    void discard();

    const std::string& target() const { return m_target; }

    // open(), one write() and commit().
    static Status writeWhole(const std::string& target, std::string_view bytes);

private:
    Status fail(Message what, int error);

    std::string m_target;
    std::string m_temporary;
    FileDescriptor m_fd;
    Status m_error;
};

} // namespace sightline
