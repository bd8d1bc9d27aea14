#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

// File ▸ Open Recent: the jobs opened last (a list of trace files, or one scenario), newest first, at
// most kMax, kept in the application's settings under "recentJobs" so that every window and the next
// run share them. Choosing one asks for it to be opened (openRequested). GUI thread only.
class RecentJobs : public QObject {
    Q_OBJECT
public:
    static constexpr int kMax = 8;

    // Fills menu, which it keeps up to date from then on.
    explicit RecentJobs(QMenu* menu, QObject* parent = nullptr);

    // Puts files first (as absolute paths), dropping an older entry of the same files and the oldest
    // past kMax.
    void add(const QStringList& files);
    // The entries, newest first, each the files of one job.
    QList<QStringList> entries() const;

Q_SIGNALS:
    void openRequested(const QStringList& files);

private:
    void rebuildMenu();

    QMenu* m_menu;
};
