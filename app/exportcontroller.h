#pragma once

#include "configexport.h"

#include "core/strategy/frameworkconfig.h"
#include "core/strategy/passparameter.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QImage;
class QMenu;
class QWidget;
class TimelineView;
struct JobAnalysis;
struct WhatIfOutcome;

// The window's exports, each an action of the File menu that it owns: the Gantt as shown (PNG or PDF),
// the replay shown as Chrome trace JSON (the what-if's when the Gantt draws one), and the strategy's
// framework configs, previewed per framework before a folder is chosen. Every file is written whole or
// not at all (OutputFile), screenshots included (writeImage). It reads the window's state through
// Sources when an export runs; the window says when the actions apply (setJob, setStrategyRan).
// GUI thread only.
class ExportController : public QObject {
    Q_OBJECT
public:
    struct Sources {
        std::function<std::shared_ptr<const JobAnalysis>()> analysis; // the job shown, or null
        // The what-if of the strategy as it stands and that strategy (null: none matches it).
        std::function<std::shared_ptr<const WhatIfOutcome>()> outcome;
        std::function<sightline::Strategy()> outcomeStrategy;
        std::function<std::shared_ptr<const WhatIfOutcome>()> shownOutcome; // the what-if the Gantt draws, or null
    };
    ExportController(QWidget* window, TimelineView* timeline, Sources sources);

    // The three actions, appended to menu, disabled until setJob and setStrategyRan allow them.
    void addActions(QMenu* menu);
    // A job is shown (and whether it was replayed), or none.
    void setJob(bool shown, bool replayed);
    // A what-if of the strategy as it stands has run, or the strategy changed since.
    void setStrategyRan(bool ran);

    // Saves the Gantt as shown, as PNG or (by the .pdf suffix) PDF; false when it cannot be written.
    bool exportViewTo(const QString& file);
    // Writes the replay shown as Chrome trace JSON: the what-if when the Gantt shows it, else the
    // measured job's replay; false with error when it cannot.
    bool exportReplayedTo(const QString& file, QString& error) const;
    // Writes the framework configs of the strategy's last what-if into folder.
    ConfigExport::Written exportStrategyTo(const QString& folder) const;
    // What that export would write, per framework (ConfigExport::preview); empty with error set when
    // there is nothing to export.
    QString exportStrategyPreview(QString& error) const;
    // Writes an image to file whole, encoded as its suffix says (PNG when Qt writes no such format).
    static bool writeImage(const QImage& image, const QString& file);

private:
    void exportView();
    void exportReplayed();
    void exportStrategy();
    // The framework configs of the strategy's last what-if; nothing, with error set, without one.
    std::optional<sightline::FrameworkConfig> exportConfig(QString& error) const;

    QWidget* m_window;
    TimelineView* m_timeline;
    Sources m_sources;
    QAction* m_view = nullptr;
    QAction* m_replayed = nullptr;
    QAction* m_strategy = nullptr;
};
