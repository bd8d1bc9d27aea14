#include "core/base/status.h"

namespace sightline {

const char* errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::Ok: return "ok";
    case ErrorCode::FileNotFound: return "file-not-found";
    case ErrorCode::ReadFailed: return "read-failed";
    case ErrorCode::EmptyFile: return "empty-file";
    case ErrorCode::DecompressionFailed: return "decompression-failed";
    case ErrorCode::NotATrace: return "not-a-trace";
    case ErrorCode::InvalidJson: return "invalid-json";
    case ErrorCode::TruncatedJson: return "truncated-json";
    case ErrorCode::WrongType: return "wrong-type";
    case ErrorCode::NegativeDuration: return "negative-duration";
    case ErrorCode::MissingField: return "missing-field";
    case ErrorCode::UnmatchedEvent: return "unmatched-event";
    case ErrorCode::DuplicateRank: return "duplicate-rank";
    case ErrorCode::NoEvents: return "no-events";
    case ErrorCode::ValueOutOfRange: return "value-out-of-range";
    case ErrorCode::UnsupportedEvent: return "unsupported-event";
    case ErrorCode::Cancelled: return "cancelled";
    case ErrorCode::TooLarge: return "too-large";
    case ErrorCode::InvalidArgument: return "invalid-argument";
    case ErrorCode::DependencyCycle: return "dependency-cycle";
    case ErrorCode::WriteFailed: return "write-failed";
    case ErrorCode::OutOfMemory: return "out-of-memory";
    }
    return "unknown";
}

Status Status::error(ErrorCode code, std::string file, std::int64_t byteOffset, std::string detail)
{
    Status s;
    s.m_code = code;
    s.m_file = std::move(file);
    s.m_byteOffset = byteOffset;
    if (!detail.empty())
        s.m_message = Message::plain(detail);
    s.m_detail = std::move(detail);
    return s;
}

Status Status::error(ErrorCode code, std::string file, std::int64_t byteOffset, Message detail)
{
    Status s = error(code, std::move(file), byteOffset, detail.english());
    s.m_message = std::move(detail);
    return s;
}

Status Status::cancelled()
{
    return error(ErrorCode::Cancelled, {}, -1, std::string());
}

std::string Status::toString() const
{
    std::string out;
    if (!m_file.empty()) {
        out += m_file;
        out += ": ";
    }
    if (m_byteOffset >= 0) {
        out += "byte ";
        out += std::to_string(m_byteOffset);
        out += ": ";
    }
    out += errorCodeName(m_code);
    if (!m_detail.empty()) {
        out += ": ";
        out += m_detail;
    }
    return out;
}

} // namespace sightline
