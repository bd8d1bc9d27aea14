#include "core/base/outputfile.h"

#include "core/base/message.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sightline {

namespace {

std::string folderOf(const std::string& path)
{
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

OutputFile::~OutputFile()
{
    discard();
}

Status OutputFile::fail(Message what, int error)
{
    if (m_error.ok())
        m_error = Status::error(ErrorCode::WriteFailed, m_target, -1,
            Message(SL_TEXT("Core", "%1: %2"), { std::move(what), std::strerror(error) }));
    return m_error;
}

Status OutputFile::open(const std::string& target)
{
    discard();
    m_target = target;
    m_error = {};
    struct stat st {};
    if (::lstat(target.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
        m_error = Status::error(ErrorCode::WriteFailed, target, -1,
            S_ISDIR(st.st_mode)
                ? Message(SL_TEXT("Core", "is a folder, not a file to write"))
                : Message(SL_TEXT("Core", "exists and is not a regular file: only a regular file is replaced")));
        return m_error;
    }
    // A new name beside the target, created exclusively (O_EXCL never follows a symlink), with the mode a
    // new file gets under the process's umask.
    static std::atomic<std::uint64_t> counter { 0 };
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string name = target + ".part-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1));
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd >= 0) {
            m_fd.reset(fd);
            m_temporary = name;
            return {};
        }
        if (errno != EEXIST)
            return fail(Message(SL_TEXT("Core", "cannot create a file in %1"), { folderOf(target) }), errno);
    }
    return fail(Message(SL_TEXT("Core", "cannot create a file in %1"), { folderOf(target) }), EEXIST);
}

Status OutputFile::write(std::string_view bytes)
{
    if (!m_error.ok())
        return m_error;
    if (m_fd.get() < 0)
        return fail(Message(SL_TEXT("Core", "not open")), EBADF);
    while (!bytes.empty()) {
        const ssize_t put = ::write(m_fd.get(), bytes.data(), bytes.size());
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return fail(Message(SL_TEXT("Core", "cannot write")), put < 0 ? errno : ENOSPC);
        bytes.remove_prefix(static_cast<std::size_t>(put));
    }
    return {};
}

Status OutputFile::commit()
{
    if (!m_error.ok())
        return m_error;
    if (m_fd.get() < 0)
        return fail(Message(SL_TEXT("Core", "not open")), EBADF);
    if (::fsync(m_fd.get()) != 0 && errno != EINVAL)
        return fail(Message(SL_TEXT("Core", "cannot flush to disk")), errno);
    if (::close(m_fd.release()) != 0)
        return fail(Message(SL_TEXT("Core", "cannot close")), errno);
    if (::rename(m_temporary.c_str(), m_target.c_str()) != 0)
        return fail(Message(SL_TEXT("Core", "cannot replace the file")), errno);
    m_temporary.clear();
    return {};
}

void OutputFile::discard()
{
    m_fd.reset(-1);
    if (!m_temporary.empty())
        ::unlink(m_temporary.c_str());
    m_temporary.clear();
}

Status OutputFile::writeWhole(const std::string& target, std::string_view bytes)
{
    OutputFile file;
    if (Status s = file.open(target); !s.ok())
        return s;
    if (Status s = file.write(bytes); !s.ok())
        return s;
    return file.commit();
}

} // namespace sightline
