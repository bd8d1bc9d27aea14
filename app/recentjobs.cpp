#include "recentjobs.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace {

QString settingsKey()
{
    return QStringLiteral("recentJobs");
}

} // namespace

RecentJobs::RecentJobs(QMenu* menu, QObject* parent)
    : QObject(parent)
    , m_menu(menu)
{
    rebuildMenu();
}

void RecentJobs::add(const QStringList& files)
{
    QSettings settings;
    QStringList stored = settings.value(settingsKey()).toStringList();
    QStringList absolute;
    for (const QString& f : files)
        absolute << QFileInfo(f).absoluteFilePath();
    const QString entry = absolute.join(u'\n');
    stored.removeAll(entry);
    stored.prepend(entry);
    while (stored.size() > kMax)
        stored.removeLast();
    settings.setValue(settingsKey(), stored);
    rebuildMenu();
}

QList<QStringList> RecentJobs::entries() const
{
    QList<QStringList> out;
    for (const QString& entry : QSettings().value(settingsKey()).toStringList()) {
        QStringList files = entry.split(u'\n', Qt::SkipEmptyParts);
        if (!files.isEmpty())
            out.push_back(std::move(files));
    }
    return out;
}

void RecentJobs::rebuildMenu()
{
    m_menu->clear();
    for (const QStringList& files : entries()) {
        const QString label = files.size() == 1 ? QDir::toNativeSeparators(files.first())
                                                : tr("%1 and %n more", nullptr, static_cast<int>(files.size() - 1)).arg(QFileInfo(files.first()).fileName());
        m_menu->addAction(label, this, [this, files]() { Q_EMIT openRequested(files); });
    }
    m_menu->setEnabled(!m_menu->isEmpty());
}
