#pragma once

#include "core/base/ids.h"
#include "core/strategy/passparameter.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

// A scenario file (*.sightline): what it takes to reopen a what-if as it was left. The job's trace
// files, by paths relative to the scenario (absolute when on another drive); the clock offsets per rank
// and the steps replayed; the strategy's passes in order, each on or off, with their parameters; the
// device memory budget; the Gantt's view; and the format's version. JSON, written atomically (QSaveFile). Reading
// checks the shape and version and names the file and what is wrong; a trace file that is missing is
// kept (absolute) for the window to ask about.
struct Scenario {
    static constexpr int kVersion = 1;

    struct Step {
        sightline::PassStep step;
        bool enabled = true;
    };

    QStringList traceFiles; // absolute
    std::vector<sightline::TimeNs> offsets; // per rank (RankId order), in ns; empty: align on load
    std::int64_t firstStep = -1; // ProfilerStep numbers replayed; -1: the steps every rank has
    std::int64_t lastStep = -1;
    std::vector<Step> strategy;
    std::int64_t budgetBytes = 0; // 0: each device's own memory
    // What the Gantt showed: "measured", "replayed", "whatif" or "both"; empty when the file does not
    // say (the window keeps its own).
    QString view;
    static const QStringList& viewNames();

    static std::optional<Scenario> read(const QString& path, QString& error);
    // The same from a file's text; path names it in errors and is where relative trace paths start.
    static std::optional<Scenario> parse(const QByteArray& text, const QString& path, QString& error);
    bool write(const QString& path, QString& error) const;
    // The trace files that do not exist.
    QStringList missingFiles() const;
};
