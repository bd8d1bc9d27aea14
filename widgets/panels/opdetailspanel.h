#pragma once

#include "core/exec/executiongraph.h"

#include <QList>
#include <QPair>
#include <QTextBrowser>

#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace sightline {
class DependencyGraph;
class Trace;
}

// The details of the selected op: name, kind, rank, track, start and duration (measured and
// replayed), bytes, step, slack, and what it waits for and releases in the job's dependencies with why
// each edge exists; each of those is a link that emits opActivated. GUI thread only.
class OpDetailsPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit OpDetailsPanel(QWidget* parent = nullptr);
    ~OpDetailsPanel() override;

    // One neighbour of an op in the dependencies of the job shown: an op, or a collective that stands
    // for its participants on every rank (op invalid; name says what it is), and the edge's kind.
    struct Dependency {
        sightline::OpId op;
        sightline::EdgeKind kind = sightline::EdgeKind::Program;
        QString name; // a collective's: "allreduce across 2 ranks (group)"
        std::vector<sightline::OpId> participants; // a collective's ops
    };
    struct Dependencies {
        std::vector<Dependency> waitsFor;
        std::vector<Dependency> releases;
    };
    // Who finds an op's dependencies: the measured job's graph (of()), or a what-if's (the window's).
    using DependencyFinder = std::function<Dependencies(sightline::OpId)>;
    // The finder over a measured job's dependency graph.
    static DependencyFinder of(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::DependencyGraph> graph);

    // The replay of the job shown, per op (empty: none): its replayed duration, INT64_MIN for an op
    // that was not replayed, and its slack, Schedule::kNotReplayed for none; owner holds them. Taken
    // as found off the GUI thread: finding them from the replay takes tens of milliseconds on a job of
    // millions of ops.
    struct Replayed {
        std::span<const sightline::TimeNs> duration;
        std::span<const sightline::TimeNs> slack;
        std::shared_ptr<const void> owner;
    };
    // dependencies: of the job shown (null: none, as for a job that could not be replayed).
    void setJob(std::shared_ptr<const sightline::Trace> trace, DependencyFinder dependencies, Replayed replayed = {});
    // More rows for an op, after its own (label, plain text): what the job shown knows beyond the trace,
    // such as a what-if op's baseline time. setJob() clears it.
    using ExtraRows = std::function<QList<QPair<QString, QString>>(sightline::OpId)>;
    void setExtraRows(ExtraRows rows) { m_extraRows = std::move(rows); }
    void showOp(sightline::OpId op);
    sightline::OpId op() const { return m_op; }

Q_SIGNALS:
    void opActivated(sightline::OpId op);

private:
    QString link(const Dependency& d) const;

    std::shared_ptr<const sightline::Trace> m_trace;
    DependencyFinder m_dependencies;
    Replayed m_replayed;
    sightline::OpId m_op;
    ExtraRows m_extraRows;
};
