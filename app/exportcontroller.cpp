#include "exportcontroller.h"

#include "chromeexport.h"
#include "exportmanifest.h"
#include "jobanalysis.h"
#include "whatifrunner.h"

#include "core/base/outputfile.h"
#include "core/session/jobsession.h"
#include "widgets/panels/statustext.h"
#include "widgets/timeline/timelineview.h"

#include <QAction>
#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryFile>

namespace {

// Writes bytes to file whole or not at all (OutputFile): a full disk is a failure, never a cut file.
bool writeWhole(const QString& file, const QByteArray& bytes)
{
    return !bytes.isEmpty() && sightline::OutputFile::writeWhole(QFile::encodeName(file).toStdString(), bytes.toStdString()).ok();
}

} // namespace

ExportController::ExportController(QWidget* window, TimelineView* timeline, Sources sources)
    : QObject(window)
    , m_window(window)
    , m_timeline(timeline)
    , m_sources(std::move(sources))
{
}

void ExportController::addActions(QMenu* menu)
{
    m_view = menu->addAction(tr("&Export View…"), this, &ExportController::exportView);
    m_replayed = menu->addAction(tr("Export &Replayed Timeline…"), this, &ExportController::exportReplayed);
    m_strategy = menu->addAction(tr("Export &Strategy…"), this, &ExportController::exportStrategy);
    m_strategy->setToolTip(tr("Write the strategy as the frameworks take it: DDP, DeepSpeed, Horovod, BytePS, XLA"));
    for (QAction* a : { m_view, m_replayed, m_strategy })
        a->setEnabled(false);
}

void ExportController::setJob(bool shown, bool replayed)
{
    m_view->setEnabled(shown);
    m_replayed->setEnabled(shown && replayed);
}

void ExportController::setStrategyRan(bool ran)
{
    m_strategy->setEnabled(ran);
}

bool ExportController::writeImage(const QImage& image, const QString& file)
{
    QByteArray format = QFileInfo(file).suffix().toLower().toLatin1();
    if (!QImageWriter::supportedImageFormats().contains(format))
        format = "png";
    QByteArray bytes;
    QBuffer buffer(&bytes);
    return buffer.open(QIODevice::WriteOnly) && image.save(&buffer, format.constData()) && writeWhole(file, bytes);
}

void ExportController::exportView()
{
    QString filter;
    QString file = QFileDialog::getSaveFileName(m_window, tr("Export View"), QString(), tr("PNG image (*.png);;PDF document (*.pdf)"), &filter);
    if (file.isEmpty())
        return;
    const bool pdf = filter.contains(QStringLiteral("pdf")) || file.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive);
    if (pdf && !file.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive))
        file += QStringLiteral(".pdf");
    else if (!pdf && !file.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
        file += QStringLiteral(".png");
    if (!exportViewTo(file))
        QMessageBox::warning(m_window, tr("Export Failed"), tr("Cannot write %1.").arg(QDir::toNativeSeparators(file)));
}

bool ExportController::exportViewTo(const QString& file)
{
    // The Gantt as it is on screen: vector graphics for PDF, pixels for PNG. QCustomPlot prints a PDF to
    // a file only: it goes to a temporary one first, so that the target is written whole or not at all.
    if (file.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        QTemporaryFile pdf(QDir::tempPath() + QStringLiteral("/sightline-view-XXXXXX.pdf"));
        if (!pdf.open())
            return false;
        pdf.close();
        if (!m_timeline->savePdf(pdf.fileName(), m_timeline->width(), m_timeline->height()) || !pdf.open())
            return false;
        return writeWhole(file, pdf.readAll());
    }
    return writeImage(m_timeline->toPixmap(m_timeline->width(), m_timeline->height()).toImage(), file);
}

void ExportController::exportReplayed()
{
    const std::shared_ptr<const JobAnalysis> analysis = m_sources.analysis();
    if (!analysis || !analysis->replay)
        return;
    QString file = QFileDialog::getSaveFileName(m_window, tr("Export Replayed Timeline"), QString(), tr("Chrome trace JSON (*.json)"));
    if (file.isEmpty())
        return;
    if (!file.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        file += QStringLiteral(".json");
    QString error;
    if (!exportReplayedTo(file, error))
        QMessageBox::warning(m_window, tr("Export Failed"), tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(file), error));
    else if (auto* main = qobject_cast<QMainWindow*>(m_window))
        main->statusBar()->showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(file)), 5000);
}

bool ExportController::exportReplayedTo(const QString& file, QString& error) const
{
    const std::shared_ptr<const JobAnalysis> analysis = m_sources.analysis();
    if (!analysis || !analysis->replay) {
        error = tr("The job was not replayed.");
        return false;
    }
    // The what-if when the Gantt shows it, else the measured job's replay.
    const std::shared_ptr<const WhatIfOutcome> shown = m_sources.shownOutcome();
    const sightline::ReplayResult& replay = shown ? *shown->whatIf : *analysis->replay;
    return ChromeExport::write(file, *replay.graph, replay.schedule, replay.criticalPath, error);
}

std::optional<sightline::FrameworkConfig> ExportController::exportConfig(QString& error) const
{
    const std::shared_ptr<const JobAnalysis> analysis = m_sources.analysis();
    if (!m_sources.outcome() || !analysis || !analysis->session) {
        error = tr("No what-if has run for the strategy as it stands.");
        return std::nullopt;
    }
    sightline::Expected<sightline::FrameworkConfig> config = sightline::FrameworkConfig::of(m_sources.outcomeStrategy(), analysis->session->analyses());
    if (!config) {
        error = StatusText::strategyMessage(config.status());
        return std::nullopt;
    }
    return std::move(*config);
}

QString ExportController::exportStrategyPreview(QString& error) const
{
    const std::optional<sightline::FrameworkConfig> config = exportConfig(error);
    return config ? ConfigExport::preview(*config) : QString();
}

ConfigExport::Written ExportController::exportStrategyTo(const QString& folder) const
{
    ConfigExport::Written out;
    const std::optional<sightline::FrameworkConfig> config = exportConfig(out.error);
    if (!config)
        return out;
    const std::shared_ptr<const WhatIfOutcome> outcome = m_sources.outcome();
    const sightline::Strategy strategy = m_sources.outcomeStrategy();
    const ExportManifest::Source source { &strategy, &m_sources.analysis()->session->trace(), outcome->baseline.get(), outcome->whatIf.get(),
        QString(QStringLiteral("sightline ") + QCoreApplication::applicationVersion()).trimmed() };
    return ConfigExport::write(*config, source, folder);
}

void ExportController::exportStrategy()
{
    // What each framework gets, before a folder is chosen or anything written.
    QString error;
    const QString preview = exportStrategyPreview(error);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Export Failed"), error);
        return;
    }
    QMessageBox ask(QMessageBox::Question, tr("Export Strategy"), tr("The export writes, per framework:"), QMessageBox::Cancel, m_window);
    ask.setInformativeText(preview);
    QPushButton* choose = ask.addButton(tr("Choose Folder…"), QMessageBox::AcceptRole);
    ask.setDefaultButton(choose);
    ask.exec();
    if (ask.clickedButton() != choose)
        return;
    const QString folder = QFileDialog::getExistingDirectory(m_window, tr("Export Strategy to a Folder"));
    if (folder.isEmpty())
        return;
    const ConfigExport::Written written = exportStrategyTo(folder);
    if (!written.error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Export Failed"), written.error);
        return;
    }
    QStringList lines;
    for (const QString& f : written.files)
        lines << QDir::toNativeSeparators(f);
    QString text = tr("Wrote:\n%1").arg(lines.join(u'\n'));
    if (!written.notes.isEmpty())
        text += QStringLiteral("\n\n") + written.notes.join(u'\n');
    QMessageBox::information(m_window, tr("Strategy Exported"), text);
}
