#include "widgets/panels/statustext.h"

#include "widgets/panels/coretext.h"

#include "core/base/status.h"

#include <QDir>

using sightline::ErrorCode;

QString StatusText::describe(ErrorCode code)
{
    switch (code) {
    case ErrorCode::Ok: return tr("No error.");
    case ErrorCode::FileNotFound: return tr("The file or folder does not exist.");
    case ErrorCode::ReadFailed: return tr("The file could not be read.");
    case ErrorCode::EmptyFile: return tr("The file is empty.");
    case ErrorCode::DecompressionFailed: return tr("The compressed data is corrupt or incomplete.");
    case ErrorCode::NotATrace: return tr("The file is not a trace Sightline can read.");
    case ErrorCode::InvalidJson: return tr("The file is not valid JSON.");
    case ErrorCode::TruncatedJson: return tr("The file ends in the middle of the JSON text; it may have been cut off.");
    case ErrorCode::WrongType: return tr("A value has the wrong type.");
    case ErrorCode::NegativeDuration: return tr("An event has a negative duration.");
    case ErrorCode::MissingField: return tr("An event lacks a required field.");
    case ErrorCode::UnmatchedEvent: return tr("A begin or end event has no partner.");
    case ErrorCode::DuplicateRank: return tr("Two files claim the same rank.");
    case ErrorCode::NoEvents: return tr("The trace holds no events.");
    case ErrorCode::ValueOutOfRange: return tr("A number is out of the representable range.");
    case ErrorCode::UnsupportedEvent: return tr("An event type is not supported.");
    case ErrorCode::Cancelled: return tr("Loading was cancelled.");
    case ErrorCode::TooLarge: return tr("The job is too large: it exceeds a limit on decoded text or memory.");
    case ErrorCode::InvalidArgument: return tr("The request does not fit this trace.");
    case ErrorCode::DependencyCycle: return tr("The operations wait for each other in a cycle, so they cannot be replayed.");
    case ErrorCode::WriteFailed: return tr("The file could not be written whole; nothing was replaced.");
    case ErrorCode::OutOfMemory: return tr("The machine ran out of memory.");
    }
    return tr("Unknown error.");
}

QString StatusText::message(const sightline::Status& status)
{
    QString text;
    if (!status.file().empty()) {
        const QString file = QDir::toNativeSeparators(QString::fromStdString(status.file()));
        if (status.byteOffset() >= 0)
            text = tr("%1 (at byte %2):").arg(file).arg(status.byteOffset()) + u'\n';
        else
            text = file + u":\n";
    }
    text += describe(status.code());
    if (!status.detail().empty())
        text += u'\n' + tr("Details: %1").arg(CoreText::of(status.message()));
    return text;
}

QString StatusText::strategyMessage(const sightline::Status& status)
{
    // A refused step says what is wrong in its detail ("step 2 (op_fusion): …"): that is the message.
    // Other failures (memory, a cycle, a file) keep their sentence as well.
    const bool stepRefused = status.code() == ErrorCode::InvalidArgument || status.code() == ErrorCode::ValueOutOfRange;
    QString text = tr("The strategy cannot run.");
    if (!status.detail().empty())
        text += u' ' + CoreText::of(status.message());
    if (!stepRefused || status.detail().empty())
        text += u'\n' + describe(status.code());
    if (!status.file().empty())
        text += u'\n' + tr("File: %1").arg(QDir::toNativeSeparators(QString::fromStdString(status.file())));
    return text;
}
