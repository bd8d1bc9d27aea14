#pragma once

#include <QCoreApplication>
#include <QString>

namespace sightline {
class Status;
enum class ErrorCode : std::uint8_t;
}

// Turns core's error codes into translated sentences for dialogs. Core never produces user-visible
// text; this is the one place that does. Stateless; call from the GUI thread (translations).
class StatusText {
    Q_DECLARE_TR_FUNCTIONS(StatusText)
public:
    // What went wrong, in one sentence, for a code.
    static QString describe(sightline::ErrorCode code);
    // The full message: file, position, what is wrong, and the technical detail.
    static QString message(const sightline::Status& status);
    // Why a strategy's what-if did not run: the step and what is wrong with it first (a typo in a
    // parameter reads as one, not as a trace that does not fit), then the file when one is named.
    static QString strategyMessage(const sightline::Status& status);
};
