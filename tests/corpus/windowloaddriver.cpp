// Runs the window's load job (TraceLoadJob) on the given inputs, offscreen, and prints one JSON line:
//   {"outcome":"failed","code":..,"file":..,"byte_offset":..,"detail":..}
//   {"outcome":"loaded","ranks":N,"ops":N,"diagnostics":N,"diagnostic_codes":[..],
//    "analysis_status":"ok"|CODE,"analysis_detail":..,"critical_path_ns":N}
// Exit status 0 once the job has failed or been analysed, 2 for bad arguments. The malformed-input corpus
// runs it beside sightline-cli so that the window's path through loading and analysis meets every case.
//   sightline_windowloaddriver FILES... [--max-decoded-gb G] [--max-memory-gb G]

#include "jobanalysis.h"
#include "traceloadjob.h"

#include "core/base/resourcelimits.h"
#include "core/base/status.h"
#include "core/model/trace.h"

#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

void print(const QJsonObject& o)
{
    QTextStream(stdout) << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    QStringList files;
    sightline::ResourceLimits limits;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--max-decoded-gb") || a == QLatin1String("--max-memory-gb")) {
            bool ok = false;
            const double gb = i + 1 < args.size() ? args[i + 1].toDouble(&ok) : 0.0;
            const std::optional<std::uint64_t> bytes = ok ? sightline::ResourceLimits::bytesFromGigabytes(gb) : std::nullopt;
            if (!bytes) {
                QTextStream(stderr) << "sightline_windowloaddriver: " << a << " wants a positive number of GB\n";
                return 2;
            }
            (a == QLatin1String("--max-decoded-gb") ? limits.maxDecodedBytes : limits.maxMemoryBytes) = *bytes;
            ++i;
        } else {
            files.append(a);
        }
    }
    if (files.isEmpty()) {
        QTextStream(stderr) << "usage: sightline_windowloaddriver FILES... [--max-decoded-gb G] [--max-memory-gb G]\n";
        return 2;
    }

    TraceLoadJob job;
    job.setLimits(limits);
    QObject::connect(&job, &TraceLoadJob::failed, &app, [](const sightline::Status& status, const QStringList&) {
        print(QJsonObject {
            { QStringLiteral("outcome"), QStringLiteral("failed") },
            { QStringLiteral("code"), QString::fromLatin1(sightline::errorCodeName(status.code())) },
            { QStringLiteral("file"), qs(status.file()) },
            { QStringLiteral("byte_offset"), static_cast<double>(status.byteOffset()) },
            { QStringLiteral("detail"), qs(status.detail()) },
        });
        QCoreApplication::exit(0);
    });
    QObject::connect(&job, &TraceLoadJob::analysed, &app,
        [](std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const JobAnalysis> analysis,
            const QStringList&) {
            QJsonArray codes;
            std::size_t diagnostics = 0;
            std::size_t ops = 0;
            std::size_t ranks = 0;
            if (trace) {
                for (const sightline::Diagnostic& d : trace->diagnostics())
                    codes.append(QString::fromLatin1(sightline::errorCodeName(d.code)));
                diagnostics = trace->diagnostics().size();
                ops = trace->opCount();
                ranks = trace->ranks().size();
            }
            const sightline::Status& status = analysis->status;
            print(QJsonObject {
                { QStringLiteral("outcome"), QStringLiteral("loaded") },
                { QStringLiteral("ranks"), static_cast<double>(ranks) },
                { QStringLiteral("ops"), static_cast<double>(ops) },
                { QStringLiteral("diagnostics"), static_cast<double>(diagnostics) },
                { QStringLiteral("diagnostic_codes"), codes },
                { QStringLiteral("analysis_status"),
                    status.ok() ? QStringLiteral("ok") : QString::fromLatin1(sightline::errorCodeName(status.code())) },
                { QStringLiteral("analysis_detail"), qs(status.detail()) },
                { QStringLiteral("critical_path_ns"), static_cast<double>(analysis->replay ? analysis->replay->criticalPath.length : 0) },
            });
            QCoreApplication::exit(0);
        });
    job.start(files);
    return app.exec();
}
