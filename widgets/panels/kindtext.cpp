#include "widgets/panels/kindtext.h"

using sightline::EdgeKind;
using sightline::OpKind;
using sightline::PathCategory;

QString KindText::op(OpKind kind)
{
    switch (kind) {
    case OpKind::ComputeKernel: return tr("kernel");
    case OpKind::CpuOp: return tr("CPU op");
    case OpKind::Collective: return tr("collective");
    case OpKind::Send: return tr("send");
    case OpKind::Recv: return tr("receive");
    case OpKind::Memcpy: return tr("copy");
    case OpKind::Memset: return tr("memset");
    case OpKind::Runtime: return tr("runtime call");
    case OpKind::Sync: return tr("synchronize");
    case OpKind::Annotation: return tr("annotation");
    case OpKind::Io: return tr("I/O");
    }
    return QString::fromLatin1(sightline::opKindName(kind));
}

QString KindText::edge(EdgeKind kind)
{
    switch (kind) {
    case EdgeKind::Program: return tr("the previous op on its thread or stream");
    case EdgeKind::Launch: return tr("launch");
    case EdgeKind::Sync: return tr("the host waits for the device");
    case EdgeKind::StreamWait: return tr("a stream waits for an event");
    case EdgeKind::Nest: return tr("enclosing op");
    case EdgeKind::NestEnd: return tr("end of the enclosing op");
    case EdgeKind::ForwardBackward: return tr("forward to backward");
    case EdgeKind::Flow: return tr("recorded flow");
    case EdgeKind::GradientToCollective: return tr("gradient to its collective");
    case EdgeKind::CollectiveToOptimizer: return tr("collective to the optimizer");
    case EdgeKind::Explicit: return tr("recorded dependency");
    case EdgeKind::Arrive: return tr("joins the collective");
    case EdgeKind::Release: return tr("the collective releases it");
    case EdgeKind::Wake: return tr("another thread wakes it");
    case EdgeKind::Join: return tr("joins the op around it");
    case EdgeKind::Staging: return tr("staging copy for the host collective");
    case EdgeKind::Window: return tr("start of the replayed window");
    case EdgeKind::Count: break;
    }
    return QString::fromLatin1(sightline::edgeKindName(kind).data(), static_cast<qsizetype>(sightline::edgeKindName(kind).size()));
}

QString KindText::pathCategory(PathCategory category)
{
    switch (category) {
    case PathCategory::Compute: return tr("compute");
    case PathCategory::Communication: return tr("communication");
    case PathCategory::Launch: return tr("launch");
    case PathCategory::Io: return tr("I/O");
    case PathCategory::Wait: return tr("waiting");
    case PathCategory::Host: return tr("host");
    }
    return QString::fromLatin1(sightline::pathCategoryName(category));
}
