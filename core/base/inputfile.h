#pragma once

#include "core/base/expected.h"
#include "core/base/filedescriptor.h"

#include <cstdint>
#include <string>

namespace sightline {

// The one way an input path is opened: a trace, a strategy, a scenario or an export's manifest. The
// path's type is checked before it is opened, and it is opened without blocking and checked again on the
// open file, so a folder, FIFO, socket or device is refused at once, whichever role it has. What is read
// whole is bounded by the file's role before anything is allocated (a strategy or scenario of more than
// 4 MiB is refused, naming the limit), and a file that grows while it is read is cut off at the limit.
// Errors name the file. Stateless and thread-safe.
class InputFile {
public:
    enum class Role { Trace, Strategy, Scenario, Manifest };

    // The largest file of a role that read() takes, in bytes (traces are decoded by FileReader instead).
    static std::int64_t sizeLimit(Role role);
    // "strategy", "scenario", ...: how errors name the role.
    static const char* roleName(Role role);

    // Opens path for reading if it is a regular file: fd receives the descriptor, size its size.
    // FileNotFound when it does not exist; ReadFailed naming what it is when it is not a regular file.
    static Status openRegular(const std::string& path, FileDescriptor& fd, std::int64_t& size);

    // The whole of a small file of the given role: refused (TooLarge) past sizeLimit(role), and
    // EmptyFile when it holds nothing.
    static Expected<std::string> read(const std::string& path, Role role);
};

} // namespace sightline
