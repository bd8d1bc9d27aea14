#include "scenariocontroller.h"

#include "recentjobs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

ScenarioController::ScenarioController(
    QMainWindow* window, RecentJobs* recent, Snapshot snapshot, FailHeadless failHeadless)
    : QObject(window)
    , m_window(window)
    , m_recent(recent)
    , m_snapshot(std::move(snapshot))
    , m_failHeadless(std::move(failHeadless))
    , m_locate([this](const QString& missing, const QString& scenario) { return askForMissingFile(missing, scenario); })
{
}

void ScenarioController::open(const QString& path)
{
    QString error;
    std::optional<Scenario> scenario = Scenario::read(path, error);
    if (!scenario) {
        if (!m_failHeadless(error))
            QMessageBox::warning(m_window, tr("Cannot Open Scenario"), error);
        return;
    }
    // A trace file that moved: the user finds it, or the scenario is not opened. A headless run has no
    // one to ask.
    for (QString& file : scenario->traceFiles) {
        if (QFileInfo::exists(file))
            continue;
        if (m_failHeadless(tr("The scenario %1 uses %2, which is not there any more.")
                               .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(file))))
            return;
        const QString found = m_locate(file, path);
        if (found.isEmpty()) {
            m_window->statusBar()->showMessage(
                tr("Scenario not opened: %1 is missing").arg(QDir::toNativeSeparators(file)), 5000);
            return;
        }
        file = found;
    }
    const sightline::SessionOptions options = optionsOf(*scenario);
    const QStringList traces = scenario->traceFiles;
    m_opening = std::move(scenario);
    m_openingPath = QFileInfo(path).absoluteFilePath();
    Q_EMIT loadRequested(traces, options);
}

sightline::SessionOptions ScenarioController::optionsOf(const Scenario& scenario)
{
    sightline::SessionOptions options;
    if (!scenario.offsets.empty()) {
        options.align = false;
        for (std::size_t r = 0; r < scenario.offsets.size(); ++r)
            options.alignment.overrides[static_cast<std::uint32_t>(r)] = scenario.offsets[r];
    }
    options.extract.firstStep = scenario.firstStep;
    options.extract.lastStep = scenario.lastStep;
    return options;
}

void ScenarioController::forgetOpening()
{
    m_opening.reset();
}

std::optional<Scenario> ScenarioController::takeOpened(const QStringList& files)
{
    std::optional<Scenario> opened = std::exchange(m_opening, std::nullopt);
    if (opened && opened->traceFiles == files) {
        m_path = m_openingPath;
        m_recent->add({ m_path });
        return opened;
    }
    m_path.clear();
    m_recent->add(files);
    return std::nullopt;
}

QString ScenarioController::askForMissingFile(const QString& missing, const QString& scenario)
{
    const auto answer = QMessageBox::question(m_window, tr("Trace File Missing"),
        tr("The scenario %1 uses %2, which is not there any more. Locate it?")
            .arg(QDir::toNativeSeparators(scenario), QDir::toNativeSeparators(missing)),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Yes);
    if (answer != QMessageBox::Yes)
        return {};
    return QFileDialog::getOpenFileName(m_window, tr("Locate %1").arg(QFileInfo(missing).fileName()),
        QFileInfo(scenario).absolutePath(), tr("Traces (*.json *.json.gz *.json.zst);;All files (*)"));
}

bool ScenarioController::saveTo(const QString& path, QString& error)
{
    std::optional<Scenario> scenario = m_snapshot();
    if (!scenario) {
        error = tr("No job is open.");
        return false;
    }
    if (!scenario->write(path, error))
        return false;
    m_path = QFileInfo(path).absoluteFilePath();
    m_recent->add({ m_path });
    Q_EMIT saved(m_path);
    return true;
}

bool ScenarioController::save(bool choosePath)
{
    QString path = m_path;
    if (choosePath || path.isEmpty()) {
        std::optional<Scenario> now = m_snapshot();
        const QString suggested = !now || now->traceFiles.isEmpty()
            ? QString()
            : QFileInfo(now->traceFiles.first()).absolutePath() + QStringLiteral("/job.sightline");
        path = QFileDialog::getSaveFileName(m_window, tr("Save Scenario"), suggested, tr("Scenarios (*.sightline)"));
        if (path.isEmpty())
            return false;
        if (!path.endsWith(QStringLiteral(".sightline"), Qt::CaseInsensitive))
            path += QStringLiteral(".sightline");
    }
    QString error;
    if (!saveTo(path, error)) {
        QMessageBox::warning(m_window, tr("Cannot Save Scenario"), error);
        return false;
    }
    m_window->statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}
