#pragma once

#include "core/session/jobsession.h"
#include "scenario.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QMainWindow;
class RecentJobs;

// The window's scenarios: opening a scenario file (its trace files found, a moved one located by the
// user or, headless, a failure), Save and Save As, and the path of the scenario the job shown came
// from or went to. It reads what a save writes through a function (the window's job, strategy and
// view) and asks for a job to be loaded by a signal; when that job is ready, the window takes the
// scenario back (takeOpened) to apply its strategy and view. GUI thread only.
class ScenarioController : public QObject {
    Q_OBJECT
public:
    // The scenario of the window as it is now, without a path; nullopt when no job is open.
    using Snapshot = std::function<std::optional<Scenario>()>;
    // (missing trace file, scenario) -> its new path, or empty to give up.
    using Locate = std::function<QString(const QString& missing, const QString& scenario)>;
    // Says why a headless run cannot go on and ends it (true), or does nothing for a person (false).
    using FailHeadless = std::function<bool(const QString& message)>;

    ScenarioController(QMainWindow* window, RecentJobs* recent, Snapshot snapshot, FailHeadless failHeadless);

    // Reads the scenario at path and asks for its job (loadRequested); on an error, says so and
    // keeps the job shown.
    void open(const QString& path);
    // Forgets a scenario whose job was asked for: plain trace files are opening instead.
    void forgetOpening();
    // The scenario whose job `files` is now shown, which becomes the scenario of the window; nullopt
    // when the job came from plain trace files (the window then has no scenario).
    std::optional<Scenario> takeOpened(const QStringList& files);

    // Saves to the scenario's path, or one the user chooses (always with choosePath); false when the
    // user cancels or it cannot be written (said in a dialog).
    bool save(bool choosePath);
    // Saves to path; false with error when there is no job or it cannot be written.
    bool saveTo(const QString& path, QString& error);
    // The scenario of the job shown (absolute), or empty.
    const QString& path() const { return m_path; }

    // Who finds a missing trace file; by default the user, in dialogs.
    void setLocateFile(Locate locate) { m_locate = std::move(locate); }

Q_SIGNALS:
    void loadRequested(const QStringList& traces, const sightline::SessionOptions& options);
    // A save wrote path: the strategy as saved is the clean state.
    void saved(const QString& path);

private:
    QString askForMissingFile(const QString& missing, const QString& scenario);
    // The session options that reproduce the scenario's alignment and steps.
    static sightline::SessionOptions optionsOf(const Scenario& scenario);

    QMainWindow* m_window;
    RecentJobs* m_recent;
    Snapshot m_snapshot;
    FailHeadless m_failHeadless;
    Locate m_locate;
    QString m_path;
    std::optional<Scenario> m_opening; // the scenario whose job is loading
    QString m_openingPath;
};
