#pragma once

// The jobs the metamorphic suite runs every pass on: the real traces beside the checkout (each that is
// present), the ground-truth fixtures and bundled examples, and generated jobs of the shapes the real
// traces lack.

#include "strategyjobs.h"
#include "trustjobs.h"

#include <QDir>
#include <QFileInfo>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace sightline::metamorphic {

struct Job {
    std::string name;
    std::function<std::shared_ptr<const JobSession>()> open;
};

inline std::shared_ptr<const JobSession> openFiles(const std::vector<std::string>& files)
{
    auto trace = TraceLoader::load(files);
    return trace ? strategyjobs::sessionOf(*trace) : nullptr;
}

// Every job, those of ../shared/traces only where it is present. The larger real jobs are left to
// the single passes (pairs: false): their what-ifs take the longest.
inline std::vector<std::pair<Job, bool>> jobs()
{
    std::vector<std::pair<Job, bool>> out;
    const QString source = QStringLiteral(SIGHTLINE_SOURCE_DIR);
    const auto onDisk = [&](const std::string& name, const QString& path, bool pairs) {
        if (QFileInfo::exists(path))
            out.push_back({ { name, [path] { return openFiles({ path.toStdString() }); } }, pairs });
    };
    onDisk("groundtruth/amp/fp32", source + QStringLiteral("/tests/fixtures/groundtruth/amp/fp32"), true);
    onDisk("groundtruth/ddp/bucket25mb", source + QStringLiteral("/tests/fixtures/groundtruth/ddp/bucket25mb"), true);
    onDisk("examples/ddp-2rank", source + QStringLiteral("/resources/examples/ddp-2rank"), true);
    onDisk("examples/alexnet-k80", source + QStringLiteral("/resources/examples/alexnet-k80/alexnet_k80.csv"), true);
    const QString traces = QStringLiteral(SIGHTLINE_TRACES_DIR);
    onDisk("kineto/dlrm-8xV100", traces + QStringLiteral("/kineto/dlrm-8xV100"), true);
    onDisk("kineto/rocm-mi300-ckpt", traces + QStringLiteral("/kineto/rocm-mi300-ckpt"), true);
    onDisk("kineto/tb-resnet50-v100", traces + QStringLiteral("/kineto/tb-resnet50-v100"), false);
    onDisk("kineto/hta-nccl-a100", traces + QStringLiteral("/kineto/hta-nccl-a100"), false);
    onDisk("kineto/hta-alltoall-a100", traces + QStringLiteral("/kineto/hta-alltoall-a100"), false);
    onDisk("byteps/2gpu-ps", traces + QStringLiteral("/byteps/2gpu-ps"), true);
    onDisk("horovod/tf-4rank-mpi", traces + QStringLiteral("/horovod/tf-4rank-mpi"), false);
    onDisk("tensorflow/tf1-timeline", traces + QStringLiteral("/tensorflow/tf1-timeline"), true);
    onDisk("layerwise/pipedream-resnet50", traces + QStringLiteral("/layerwise/pipedream-resnet50/graph.txt"), true);
    using namespace strategyjobs;
    using namespace trustjobs;
    out.push_back({ { "generated/device-tail", [] { return sessionOf(deviceTailJob(2, 3)); } }, true });
    out.push_back({ { "generated/data-loader", [] { return sessionOf(dataLoaderJob(3)); } }, true });
    out.push_back({ { "generated/extra-thread", [] { return sessionOf(extraThreadJob({ 2, 2, 50, 2 }, { 100, 100, 300, 100 }, { 1, 3 })); } }, true });
    out.push_back({ { "generated/tensor-parallel", [] { return sessionOf(tensorParallelJob()); } }, true });
    out.push_back({ { "generated/two-gradients", [] { return sessionOf(twoGradientJob(50)); } }, true });
    out.push_back({ { "generated/layer", [] { return sessionOf(layerJob()); } }, true });
    out.push_back({ { "generated/queued-device",
                        [] {
                            SessionOptions o;
                            o.align = false;
                            o.extract.firstStep = 3;
                            o.extract.lastStep = 4;
                            auto s = JobSession::open(queuedDeviceJob(), o, {});
                            return s ? *s : nullptr;
                        } },
        true });
    return out;
}

} // namespace sightline::metamorphic
