#include "apptranslations.h"
#include "clisupport.h"
#include "mainwindow.h"
#include "strategyjson.h"

#include "widgets/timeline/timelineview.h"

#include "core/base/memorypolicy.h"
#include "core/base/parallel.h"
#include "core/base/status.h"
#include "core/model/trace.h"
#include "core/strategy/strategyrunner.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QLocale>

#include <optional>

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory();
    sightline::lowerWorkerPriority(); // the GUI thread keeps a core while a what-if computes
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Sightline"));
    QApplication::setApplicationName(QStringLiteral("Sightline"));
    QApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));
    qRegisterMetaType<std::shared_ptr<const sightline::Trace>>();
    qRegisterMetaType<sightline::Status>();

    // The language: --lang CODE, else the system's. Read before the parser, whose texts it translates.
    QLocale locale;
    const QStringList arguments = QApplication::arguments();
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments[i] == QStringLiteral("--lang") && i + 1 < arguments.size())
            locale = QLocale(arguments[i + 1]);
        else if (arguments[i].startsWith(QStringLiteral("--lang=")))
            locale = QLocale(arguments[i].mid(7));
    }
    QLocale::setDefault(locale);
    AppTranslations::install(locale, &app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Timeline and what-if explorer for distributed training."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("files"),
        QApplication::translate("main", "Trace files or folders of one job, or a scenario file (.sightline), to open."),
        QStringLiteral("[FILES...]"));
    const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
        QApplication::translate("main", "Open the files, save the window at 1600×1000 as an image and quit."), QStringLiteral("OUT.png"));
    const QCommandLineOption criticalOption(QStringLiteral("critical-path"), QApplication::translate("main", "Highlight the critical path."));
    const QCommandLineOption langOption(QStringLiteral("lang"),
        QApplication::translate("main", "The language of the window, e.g. de or zh_CN (default: the system's)."), QStringLiteral("CODE"));
    const QCommandLineOption windowShotOption(QStringLiteral("screenshot-window"),
        QApplication::translate("main", "Open the files, save the whole window as laid out on the screen (docks, toolbars, status bar) and quit."),
        QStringLiteral("OUT.png"));
    parser.addOption(screenshotOption);
    parser.addOption(windowShotOption);
    parser.addOption(criticalOption);
    const QCommandLineOption viewOption(QStringLiteral("view"),
        QApplication::translate("main",
            "What the timeline shows: measured, replayed, whatif (the strategy's what-if) or both (with a strategy, its baseline "
            "and what-if; without, the measured and replayed times)."),
        QStringLiteral("VIEW"),
        QStringLiteral("measured"));
    const QCommandLineOption strategyOption(QStringLiteral("strategy"),
        QApplication::translate("main", "Switch on the strategy in this JSON file (as sightline-cli whatif takes it) for the job."),
        QStringLiteral("S.json"));
    const QCommandLineOption rowHeightOption(QStringLiteral("row-height"),
        QApplication::translate("main", "The Gantt's rows' height in pixels, 8 to 40 (default 18; Ctrl+wheel changes it)."), QStringLiteral("PX"));
    parser.addOption(rowHeightOption);
    parser.addOption(langOption);
    parser.addOption(viewOption);
    parser.addOption(strategyOption);
    parser.process(app);
    if (const std::optional<QString> conflict = CliSupport::conflictingValues(parser)) {
        qWarning("sightline: %s", qPrintable(*conflict));
        return 2;
    }

    const std::optional<MainWindow::ViewMode> view = MainWindow::viewModeNamed(parser.value(viewOption));
    if (!view) {
        qWarning("sightline: --view wants measured, replayed, whatif or both");
        return 2;
    }
    MainWindow window;
    window.setViewMode(*view);
    if (parser.isSet(strategyOption)) {
        QString error;
        const auto strategy = StrategyJson::read(parser.value(strategyOption), error);
        if (!strategy) {
            qWarning("sightline: --strategy: %s", qPrintable(error));
            return 2;
        }
        // Refused as sightline-cli whatif refuses it, before any job is opened.
        if (const sightline::Status s = sightline::StrategyRunner::validate(*strategy); !s.ok()) {
            qWarning("sightline: --strategy %s: %s", qPrintable(parser.value(strategyOption)), s.detail().c_str());
            return 2;
        }
        window.setStrategy(*strategy);
    }
    if (parser.isSet(rowHeightOption)) {
        bool ok = false;
        const double px = parser.value(rowHeightOption).toDouble(&ok);
        if (!ok || px < TimelineView::kMinRowHeight || px > TimelineView::kMaxRowHeight) {
            qWarning("sightline: --row-height wants pixels from %d to %d", TimelineView::kMinRowHeight, TimelineView::kMaxRowHeight);
            return 2;
        }
        window.timeline()->setRowHeight(px);
    }
    if (parser.isSet(criticalOption))
        window.setCriticalPathShown(true);
    if (parser.isSet(screenshotOption) && parser.isSet(windowShotOption)) {
        qWarning("sightline: give --screenshot or --screenshot-window, not both");
        return 2;
    }
    if (parser.isSet(screenshotOption) || parser.isSet(windowShotOption)) {
        if (parser.positionalArguments().isEmpty()) {
            qWarning("sightline: --screenshot and --screenshot-window need files to open");
            return 2;
        }
        const bool whole = parser.isSet(windowShotOption);
        window.screenshotWhenReady(parser.value(whole ? windowShotOption : screenshotOption),
            whole ? MainWindow::Capture::Window : MainWindow::Capture::Gantt);
        // The Gantt alone is laid out off screen; the whole window is shown as it would be.
        if (!whole)
            window.setAttribute(Qt::WA_DontShowOnScreen);
    }
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openFiles(parser.positionalArguments());
    return QApplication::exec();
}
