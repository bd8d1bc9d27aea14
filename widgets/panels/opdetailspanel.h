#pragma once

#include "core/exec/executiongraph.h"

#include <QList>
#include <QPair>
#include <QTextBrowser>

#include <functional>
#include <memory>
#include <vector>

namespace sightline {
class DependencyGraph;
class Trace;
struct ReplayResult;
}

// The details of the selected op: name, kind, rank, track, start and duration (measured and
// replayed), bytes, step, slack, and its predecessors and successors in the dependency graph with why
// each edge exists; each of those is a link that emits opActivated. GUI thread only.
class OpDetailsPanel : public QTextBrowser {
    Q_OBJECT
public:
    explicit OpDetailsPanel(QWidget* parent = nullptr);
    ~OpDetailsPanel() override;

    // graph: the measured dependencies shown; replay: the replay of the measured job. Both may be null
    // (a job that could not be replayed).
    void setJob(std::shared_ptr<const sightline::Trace> trace, std::shared_ptr<const sightline::DependencyGraph> graph,
        std::shared_ptr<const sightline::ReplayResult> replay);
    // More rows for an op, after its own (label, plain text): what the job shown knows beyond the trace,
    // such as a what-if op's baseline time. setJob() clears it.
    using ExtraRows = std::function<QList<QPair<QString, QString>>(sightline::OpId)>;
    void setExtraRows(ExtraRows rows) { m_extraRows = std::move(rows); }
    void showOp(sightline::OpId op);
    sightline::OpId op() const { return m_op; }

Q_SIGNALS:
    void opActivated(sightline::OpId op);

private:
    QString opLink(std::uint32_t vertex) const;

    std::shared_ptr<const sightline::Trace> m_trace;
    std::shared_ptr<const sightline::DependencyGraph> m_graph;
    std::shared_ptr<const sightline::ReplayResult> m_replay;
    std::vector<sightline::ItemId> m_itemOfOp; // the replayed item of each op
    sightline::OpId m_op;
    ExtraRows m_extraRows;
};
