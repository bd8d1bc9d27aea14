#pragma once

#include "core/analysis/criticalpath.h"
#include "core/graph/dependencygraph.h"
#include "core/model/opkind.h"

#include <QCoreApplication>
#include <QString>

// Core's kinds as the window says them, translated: core names them by stable ids (opKindName,
// edgeKindName, pathCategoryName) for the CLI's JSON and golden dumps; this is the one place that
// turns them into words for a reader. Stateless; call from the GUI thread (translations).
class KindText {
    Q_DECLARE_TR_FUNCTIONS(KindText)
public:
    static QString op(sightline::OpKind kind);
    // Why one op waits for another.
    static QString edge(sightline::EdgeKind kind);
    // What a stretch of the critical path counts as.
    static QString pathCategory(sightline::PathCategory category);
};
