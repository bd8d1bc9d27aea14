#pragma once

#include "core/exec/executiongraph.h"
#include "core/model/trace.h"
#include "core/strategy/opset.h"
#include "core/strategy/passparameter.h"

#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

class QMenu;
class QTableView;
class WhatIfView;

// The window's what-if actions on ops: the ops the user has chosen (an area of the Gantt, rows of the
// critical path's panel, whichever came last) and the What If menu offered on them and on one op of
// the Gantt or a panel's row. Each action asks for a strategy step (stepWanted); the window adds it.
// Steps name measured ops: an op of a drawn what-if stands for those it was made from. It reads the
// window's job through a function, so it never holds a job the window dropped. GUI thread only.
class OpActions : public QObject {
    Q_OBJECT
public:
    enum class From { Area, PathRows };
    // What the actions read of the window's job, at the moment they are offered.
    struct Job {
        std::shared_ptr<const sightline::Trace> measured; // null: no job
        std::shared_ptr<const WhatIfView> shown; // the what-if drawn, or null
        std::shared_ptr<const sightline::ExecutionGraph> whatIf; // the strategy's last what-if, or null
    };

    explicit OpActions(std::function<Job()> job, QObject* parent = nullptr);

    // Chooses the measured ops of shownOps, chosen as from. Nothing measured among them lets go of
    // the chosen ops only when they were chosen the same way.
    void choose(From from, const std::vector<sightline::OpId>& shownOps);
    // Lets go of the chosen ops (a new job).
    void clear();
    // The measured ops chosen last: what "these ops" steps aim at. Empty when nothing is chosen.
    const sightline::OpSet& chosen() const { return m_chosen; }
    // The measured op that shownOp stands for (itself when no what-if is drawn), or invalid.
    sightline::OpId measuredOp(sightline::OpId shownOp) const;

    // The What If submenu, into menu. On the chosen ops: fuse these ops, make them faster, recompute
    // their layers. On shownOp (when valid): make ops of its name faster, fuse kernels of its name or
    // inside it, recompute it as a layer; disabled, saying why, where the what-if replaced the op.
    void addTo(QMenu& menu, sightline::OpId shownOp);
    // Offers addTo on the rows of table, whose opRole holds an op id of the Gantt.
    void attach(QTableView* table, int opRole);
    // The name of the item that stands for a measured op in the strategy's last what-if when no item
    // of the op's own name does (an earlier step fused or bucketed it), else empty. O(log n) in the
    // what-if's origins, after one O(n log n) pass per what-if.
    QString replacedInWhatIf(sightline::OpId measured) const;

Q_SIGNALS:
    void stepWanted(const QString& pass, const std::map<std::string, sightline::ParameterValue>& params);

private:
    void addForOp(QMenu& menu, QMenu*& whatIf, sightline::OpId op);
    // The (measured op, item) pairs of what-if g's origins, sorted: built on the first menu that asks
    // about a what-if, kept until another is asked about. It holds no reference to g.
    const std::vector<std::pair<std::uint32_t, std::uint32_t>>& originsOf(
        const std::shared_ptr<const sightline::ExecutionGraph>& g) const;

    std::function<Job()> m_job;
    mutable std::weak_ptr<const sightline::ExecutionGraph> m_originsGraph;
    mutable std::vector<std::pair<std::uint32_t, std::uint32_t>> m_origins;
    sightline::OpSet m_chosen;
    enum class Chosen { Nothing, Area, PathRows } m_chosenFrom = Chosen::Nothing;
};
