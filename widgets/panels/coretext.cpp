#include "widgets/panels/coretext.h"

#include <QCoreApplication>

#include <string>
#include <vector>

namespace {

constexpr char kContext[] = "Core";

std::string translated(const sightline::Message& message)
{
    std::vector<std::string> args;
    args.reserve(message.args().size());
    for (const sightline::Message::Arg& a : message.args())
        args.push_back(a.message() ? translated(*a.message()) : a.text());
    const QByteArray tmpl = QCoreApplication::translate(kContext, message.text()).toUtf8();
    return sightline::Message::fill(std::string_view(tmpl.constData(), static_cast<std::size_t>(tmpl.size())), args);
}

} // namespace

QString CoreText::of(const sightline::Message& message)
{
    return QString::fromStdString(translated(message));
}

QString CoreText::of(std::string_view literal)
{
    // The literal is the catalogue's key; it ends where core's literal ends, so a copy with its nul.
    const std::string key(literal);
    return QCoreApplication::translate(kContext, key.c_str());
}
