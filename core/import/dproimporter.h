#pragma once

#include "core/base/message.h"
#include "core/import/importer.h"

namespace sightline {

// dPRO's global trace folders ("gTrace"): `host<N>/<gpu>/` holds one GPU's trace, a Chrome trace whose
// op names are `op_cat.op_name.sub_op` (op_cat FW, BW or Comm; UPDATE_… and I/O_… names too) with the
// iteration in args.step, beside an optional metadata.json (`gradient_name_list`: the tensor of each
// tensor id that Comm names use, `Comm.3+4.NCCL_ALLREDUCE`) and an optional dag.gml (the GPU's
// dependency graph, nodes labelled by op names, or `pid->name`). A folder with that layout, whose first
// trace uses such names, is one job: each GPU a rank, numbered in host then GPU order (rank source
// "dpro_layout", host "hostN"), finalised by DproFinalizer and merged by JobAssembler. A rank folder
// holds exactly one trace (.json, .json.gz or .json.zst other than metadata.json). Errors name the
// file: its trace's, metadata's or graph's. Stateless.
class DproImporter : public Importer {
public:
    std::string_view format() const override { return "dpro"; }
    const char* description() const override
    {
        return SL_TEXT("Core", "dPRO trace folder (host*/<gpu>/ with FW/BW/Comm/UPDATE traces)");
    }
    Unit unit() const override { return Unit::Job; }
    // A file alone is no dPRO job: only its folder is.
    int probe(const FileHead&) const override { return 0; }
    int probeFolder(const std::string& folder) const override;
    Expected<std::shared_ptr<const Trace>> readJob(
        const std::vector<std::string>& files, const ResourceLimits& limits, const CancellationToken* cancel) const override;
};

} // namespace sightline
