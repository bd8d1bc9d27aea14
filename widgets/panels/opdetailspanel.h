#pragma once

#include "core/base/ids.h"

#include <QTextBrowser>

#include <memory>

namespace sightline {
class DependencyGraph;
class Trace;
struct CriticalPath;
struct Schedule;
}

// The details of the selected op: name, kind, rank, track, start and duration (measured and
// replayed), bytes, step, slack, and its predecessors and successors in the dependency graph with why
// each edge exists; each of those is a link that emits opActivated. GUI thread only.
class OpDetailsPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit OpDetailsPanel(QWidget* parent = nullptr);
    ~OpDetailsPanel() override;

    // The graph, schedule and path may be null (a job that could not be replayed).
    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::DependencyGraph> graph,
        std::shared_ptr<const sightline::Schedule> schedule, std::shared_ptr<const sightline::CriticalPath> path);
    void showOp(sightline::OpId op);
    sightline::OpId op() const { return m_op; }

Q_SIGNALS:
    void opActivated(sightline::OpId op);

private:
    QString opLink(std::uint32_t vertex) const;

    std::shared_ptr<const sightline::Trace> m_trace;
    std::shared_ptr<const sightline::DependencyGraph> m_graph;
    std::shared_ptr<const sightline::Schedule> m_schedule;
    std::shared_ptr<const sightline::CriticalPath> m_path;
    sightline::OpId m_op;
};
