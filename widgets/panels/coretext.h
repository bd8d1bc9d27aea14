#pragma once

#include "core/base/message.h"

#include <QString>

#include <string_view>

// Core's sentences as the window says them, translated: core marks each template SL_TEXT("Core", ...)
// and hands it over with its arguments (Message); this is the one place that looks the templates up in
// the "Core" catalogue and fills the arguments in. A template the catalogue lacks (a plain detail from a
// file) is shown as core said it. Stateless and thread-safe (QCoreApplication::translate).
class CoreText {
public:
    static QString of(const sightline::Message& message);
    // A literal core marked SL_TEXT("Core", ...) on its own: a pass's summary, a parameter's help.
    static QString of(std::string_view literal);
};
