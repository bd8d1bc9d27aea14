#include "core/base/inputfile.h"

#include "core/base/message.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sightline {

namespace {

const char* typeName(mode_t mode)
{
    if (S_ISDIR(mode))
        return SL_TEXT("Core", "is a folder, not a file");
    if (S_ISFIFO(mode))
        return SL_TEXT("Core", "is a FIFO (named pipe), not a regular file");
    if (S_ISCHR(mode))
        return SL_TEXT("Core", "is a character device, not a regular file");
    if (S_ISBLK(mode))
        return SL_TEXT("Core", "is a block device, not a regular file");
    if (S_ISSOCK(mode))
        return SL_TEXT("Core", "is a socket, not a regular file");
    return SL_TEXT("Core", "is not a regular file");
}

} // namespace

std::int64_t InputFile::sizeLimit(Role role)
{
    switch (role) {
    case Role::Trace:
        return std::int64_t(1) << 40; // the compressed or plain file; FileReader bounds what it decodes
    case Role::Strategy:
    case Role::Scenario:
        return std::int64_t(4) << 20;
    case Role::Manifest:
        return std::int64_t(16) << 20;
    }
    return 0;
}

const char* InputFile::roleName(Role role)
{
    switch (role) {
    case Role::Trace:
        return SL_TEXT("Core", "trace");
    case Role::Strategy:
        return SL_TEXT("Core", "strategy");
    case Role::Scenario:
        return SL_TEXT("Core", "scenario");
    case Role::Manifest:
        return SL_TEXT("Core", "export manifest");
    }
    return "file";
}

Status InputFile::openRegular(const std::string& path, FileDescriptor& fd, std::int64_t& size)
{
    // The type first: opening a FIFO blocks until a writer comes, and a device may never end.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return Status::error(errno == ENOENT || errno == ENOTDIR ? ErrorCode::FileNotFound : ErrorCode::ReadFailed, path, -1,
            std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return Status::error(ErrorCode::ReadFailed, path, -1, Message(typeName(st.st_mode)));
    // Opened without blocking, and checked again on the open file, in case the path changed in between.
    fd.reset(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0)
        return Status::error(ErrorCode::ReadFailed, path, -1, std::strerror(errno));
    if (::fstat(fd.get(), &st) != 0)
        return Status::error(ErrorCode::ReadFailed, path, -1, std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return Status::error(ErrorCode::ReadFailed, path, -1, Message(typeName(st.st_mode)));
    size = static_cast<std::int64_t>(st.st_size);
    return {};
}

Expected<std::string> InputFile::read(const std::string& path, Role role)
{
    FileDescriptor fd;
    std::int64_t size = 0;
    if (Status s = openRegular(path, fd, size); !s.ok())
        return s;
    const std::int64_t limit = sizeLimit(role);
    auto tooLarge = [&] {
        return Status::error(ErrorCode::TooLarge, path, limit,
            size > limit ? Message(SL_TEXT("Core", "a %1 file holds at most %2 bytes; this one has %3"),
                { Message(roleName(role)), limit, size })
                         : Message(SL_TEXT("Core", "a %1 file holds at most %2 bytes; this one has %3 or more"),
                             { Message(roleName(role)), limit, size }));
    };
    if (size > limit)
        return tooLarge();
    std::string text;
    text.resize(static_cast<std::size_t>(size) + 1);
    std::size_t done = 0;
    for (;;) {
        if (done == text.size()) {
            // The file grew while it was read: take it up to the limit and one byte more.
            if (static_cast<std::int64_t>(done) > limit) {
                size = static_cast<std::int64_t>(done);
                return tooLarge();
            }
            text.resize(std::min<std::size_t>(static_cast<std::size_t>(limit) + 1, text.size() * 2 + 4096));
        }
        const ssize_t got = ::read(fd.get(), text.data() + done, text.size() - done);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return Status::error(ErrorCode::ReadFailed, path, static_cast<std::int64_t>(done), std::strerror(errno));
        if (got == 0)
            break;
        done += static_cast<std::size_t>(got);
    }
    text.resize(done);
    if (text.empty())
        return Status::error(ErrorCode::EmptyFile, path, 0, Message(SL_TEXT("Core", "the file is empty")));
    return text;
}

} // namespace sightline
