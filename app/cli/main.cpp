#include "frontiercommand.h"
#include "infocommand.h"
#include "optimizecommand.h"
#include "replaycommand.h"
#include "scalecommand.h"
#include "whatifcommand.h"

#include "core/base/memorypolicy.h"

#include <QCoreApplication>
#include <QTextStream>

namespace {

void printUsage(QTextStream& out)
{
    out << "Usage: sightline-cli COMMAND [OPTIONS] FILES...\n\n"
           "Commands:\n"
           "  info FILES... [--json]   what the traces hold: ranks, tracks, ops, steps, collectives\n"
           "  replay FILES... [--steps A-B] [--json] [--export-chrome OUT.json]\n"
           "                           replay the steps, compare with the measured times, find the critical path\n"
           "  whatif FILES... (--strategy S.json | --set PASS.PARAM=VALUE ...) [--json]\n"
           "                           replay the job as a strategy changes it, beside the job as measured\n"
           "  optimize FILES... [--memory-budget GB] [--json] [--out BEST.json] [--export-config DIR]\n"
           "                           search for the fastest strategy that fits the devices\n"
           "  frontier FILES... [--devices A-B] [--memory-budget GB] [--json]\n"
           "                           the time-memory frontier of the job's strategies at each device count\n"
           "  scale FILES... [--workers 1-64] [--mode sync|async-ps] [--json]\n"
           "                           throughput against the number of workers, from one profile\n\n"
           "Run 'sightline-cli COMMAND --help' for a command's options.\n";
}

} // namespace

int main(int argc, char** argv)
{
    sightline::MemoryPolicy::keepFreedMemory();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sightline-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SIGHTLINE_VERSION));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")) {
        QTextStream out(args.isEmpty() ? stderr : stdout);
        printUsage(out);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == QLatin1String("--version")) {
        QTextStream(stdout) << "sightline-cli " << QCoreApplication::applicationVersion() << '\n';
        return 0;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("info"))
        return InfoCommand::run(args);
    if (command == QLatin1String("replay"))
        return ReplayCommand::run(args);
    if (command == QLatin1String("whatif"))
        return WhatIfCommand::run(args);
    if (command == QLatin1String("optimize"))
        return OptimizeCommand::run(args);
    if (command == QLatin1String("frontier"))
        return FrontierCommand::run(args);
    if (command == QLatin1String("scale"))
        return ScaleCommand::run(args);
    QTextStream err(stderr);
    err << "sightline-cli: unknown command '" << command << "'\n\n";
    printUsage(err);
    return 2;
}
