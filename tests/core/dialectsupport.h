#pragma once

// What the tests of the trace dialects share: writing a hand-made trace, and finding tracks by name.

#include "core/model/trace.h"

#include <QFile>
#include <QTemporaryDir>

#include <map>
#include <string>

// Writes text to name in dir; the file's path, or empty when it cannot be written.
inline std::string writeTrace(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        return {};
    return QFile::encodeName(f.fileName()).toStdString();
}

// Each track's index by its name.
inline std::map<std::string, std::uint32_t> tracksByName(const sightline::Trace& trace)
{
    std::map<std::string, std::uint32_t> out;
    for (std::uint32_t t = 0; t < trace.tracks().size(); ++t)
        out[std::string(trace.string(trace.trackInfo(sightline::TrackId(t)).name))] = t;
    return out;
}
