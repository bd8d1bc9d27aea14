#pragma once

#include "core/base/message.h"

#include <cstdint>
#include <string>

namespace sightline {

// Machine-readable error categories. Core never translates: callers turn a code plus its detail (a
// Message) into translated text (widgets/) or a stable identifier and English (sightline-cli --json).
enum class ErrorCode : std::uint8_t {
    Ok,
    FileNotFound,
    ReadFailed,
    EmptyFile,
    DecompressionFailed,
    NotATrace,
    InvalidJson,
    TruncatedJson,
    WrongType,
    NegativeDuration,
    MissingField,
    UnmatchedEvent,
    DuplicateRank,
    NoEvents,
    ValueOutOfRange,
    UnsupportedEvent,
    Cancelled,
    TooLarge,
    InvalidArgument,
    DependencyCycle,
    WriteFailed,
    OutOfMemory,
};

// Stable kebab-case identifier of a code ("truncated-json"), suitable for logs and JSON output.
const char* errorCodeName(ErrorCode code);

// Result of an operation: Ok, or an error code with the file, the byte offset (-1 when unknown) and a
// detail: a Message, or a technical text outside the catalogue. Cheap to copy when Ok.
// Thread-compatible value type.
class Status {
public:
    Status() = default;
    static Status error(ErrorCode code, std::string file, std::int64_t byteOffset, std::string detail);
    static Status error(ErrorCode code, std::string file, std::int64_t byteOffset, Message detail);
    static Status cancelled();

    bool ok() const { return m_code == ErrorCode::Ok; }
    ErrorCode code() const { return m_code; }
    const std::string& file() const { return m_file; }
    std::int64_t byteOffset() const { return m_byteOffset; }
    // The detail in English.
    const std::string& detail() const { return m_detail; }
    // The detail as core said it, for the window to translate.
    const Message& message() const { return m_message; }
    // The detail as a message to pass on: message(), or detail() as plain text where core said none.
    Message detailMessage() const { return m_message.empty() ? Message::plain(m_detail) : m_message; }

    // "file: byte N: code-name: detail", for logs and the CLI.
    std::string toString() const;

private:
    ErrorCode m_code = ErrorCode::Ok;
    std::int64_t m_byteOffset = -1;
    std::string m_file;
    std::string m_detail;
    Message m_message;
};

} // namespace sightline
