#pragma once

#include "core/base/expected.h"
#include "core/base/status.h"

#include <QFile>
#include <QString>

#include <string>

// Helpers the core tests share.

// A path as core opens it.
inline std::string toStd(const QString& s)
{
    return QFile::encodeName(s).toStdString();
}

inline QString describe(const sightline::Status& s)
{
    return QString::fromStdString(s.toString());
}

// The error of a failed result, or nothing, for test messages (QVERIFY2 evaluates its message
// whether or not the check fails).
template <class T>
std::string errorOf(const sightline::Expected<T>& e)
{
    return e ? std::string() : e.status().toString();
}
