// Fidelity of the what-if against jobs run without the profiler: every ground-truth pair of the
// fixtures (tests/fixtures/groundtruth*, docs/fidelity.md) has its pass applied to the base side's
// trace with default parameters but the one named, through the session's pipeline as the window and
// the CLI run it, and the prediction is printed beside the changed side's unprofiled median: the step,
// the ratio over the base, and the peak memory where the set measured it, each with its error and
// whether it is within the targets (10 % on step and ratio, 5 % on memory). Rows say which set they
// belong to (the calibration set the profiler's cost was fitted on, or a check set nothing was fitted
// on) and whether the result warned. Then dPRO's Table 4 on the generated BERT Base of
// tests/fixtures/layerwise with every parameter at its default: recomputation of softmax-dropout and
// GELU and accumulation over 2 micro-batches against the job without either, in time and peak memory,
// and whether dPRO's ordering holds (both fit the 16 GB the base overflows, recomputation costs less
// time). A table, or JSON lines with --json. Not a test.
//
// Usage: bench_fidelity [--json]

#include "core/analysis/steptimes.h"
#include "core/base/resourcelimits.h"
#include "core/import/traceloader.h"
#include "core/session/jobsession.h"

#include "qualifiedprediction.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#ifndef SIGHTLINE_SOURCE_DIR
#define SIGHTLINE_SOURCE_DIR "."
#endif

using namespace sightline;

namespace {

struct Pair {
    std::string set; // "calibration" or "check"
    std::string dir; // below tests/fixtures: the set's folder, where measurements.json lies
    std::string pair; // its name in measurements.json
    std::string base; // the base side's trace folder, below dir
    PassStep step;
};

std::vector<Pair> pairs()
{
    std::vector<Pair> out;
    const auto gpu = [&](const std::string& set, const std::string& dir, const std::string& ddpBase, const std::string& amp, const std::string& other) {
        out.push_back({ set, dir, "amp", amp, { "mixed_precision", { { "precision", std::string("bf16") } } } });
        out.push_back({ set, dir, "checkpoint", other.empty() ? "checkpoint/none" : other, { "recompute", { { "every", 1.0 } } } });
        out.push_back({ set, dir, "accumulation", other.empty() ? "accumulation/accum1" : other, { "grad_accumulation", { { "micro_batches", 4.0 } } } });
        out.push_back({ set, dir, "ddp", ddpBase, { "tensor_fusion", { { "bucket_cap_mb", 1.0 } } } });
        out.push_back({ set, dir, "compile", other.empty() ? "compile/eager" : other, { "op_fusion", { { "kernels", std::string("elementwise") } } } });
    };
    gpu("calibration", "groundtruth", "ddp/bucket25mb", "amp/fp32", "");
    // Each set's batch pair halves the batch (256 to 128, 16 to 8).
    const PassStep halfBatch { "batch_size", { { "factor", 0.5 } } };
    for (const char* model : { "convnet", "gpt-large" }) {
        gpu("check", std::string("groundtruth-gpu2/") + model, "ddp/bucket25mb", "amp/fp32", "amp/fp32");
        out.push_back({ "check", std::string("groundtruth-gpu2/") + model, "batch", "amp/fp32", halfBatch });
    }
    // The third set (H200): the same models, and the calibration set's model recorded again there.
    for (const char* model : { "convnet", "gpt-large", "gpt" }) {
        const std::string dir = std::string("groundtruth-gpu3/") + model;
        gpu("check", dir, "ddp/bucket25mb", "amp/fp32", "amp/fp32");
        if (std::string(model) != "gpt")
            out.push_back({ "check", dir, "batch", "amp/fp32", halfBatch });
    }
    out.push_back({ "check", "groundtruth-cpu", "accumulation", "accumulation/accum1", { "grad_accumulation", { { "micro_batches", 4.0 } } } });
    // Each micro-batch fetches its own quarter of the batch from the loader.
    out.push_back({ "check", "groundtruth-cpu", "loader_accumulation", "loader_accumulation/loader_accum1",
        { "grad_accumulation", { { "micro_batches", 4.0 } } } });
    out.push_back({ "check", "groundtruth-cpu", "batch", "batch/batch16", halfBatch });
    out.push_back({ "check", "groundtruth-cpu", "ddp", "ddp/bucket25mb", { "tensor_fusion", { { "bucket_cap_mb", 1.0 } } } });
    out.push_back({ "check", "groundtruth-cpu", "ddp_workers", "ddp_workers/1proc", { "worker_count", { { "workers", 2.0 } } } });
    // A worker process loads the next batch while the step computes: the main thread's loading all but
    // vanishes, the most the speed-up can take of a span (and of what it encloses).
    out.push_back({ "check", "groundtruth-cpu", "dataloader", "dataloader/workers0",
        { "speedup", { { "match", std::string("enumerate(DataLoader)*") }, { "percent", 99.9 } } } });
    return out;
}

// One side of a pair as measured without the profiler.
struct Side {
    double medianMs = 0;
    std::int64_t peakBytes = -1; // -1 where the set did not measure it
};

std::optional<std::pair<Side, Side>> measured(const std::string& dir, const std::string& pair)
{
    QFile file(QString::fromStdString(std::string(SIGHTLINE_SOURCE_DIR "/tests/fixtures/") + dir + "/measurements.json"));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject p = QJsonDocument::fromJson(file.readAll()).object()[QStringLiteral("pairs")].toObject()[QString::fromStdString(pair)].toObject();
    const QJsonObject variants = p[QStringLiteral("variants")].toObject();
    const auto side = [&](const QString& key) {
        const QJsonObject v = variants[p[key].toString()].toObject();
        Side s;
        s.medianMs = v[QStringLiteral("step_ms")].toObject()[QStringLiteral("median")].toDouble();
        if (v.contains(QStringLiteral("peak_memory_bytes")))
            s.peakBytes = static_cast<std::int64_t>(v[QStringLiteral("peak_memory_bytes")].toDouble());
        return s;
    };
    const Side base = side(QStringLiteral("base")), changed = side(QStringLiteral("changed"));
    if (base.medianMs <= 0 || changed.medianMs <= 0)
        return std::nullopt;
    return std::pair { base, changed };
}

// The iteration as the CLI and the window report it (StepTimes), in ms.
double iterationMs(const Schedule& s)
{
    return StepTimes::iteration(s).replayed / 1e6;
}

double errorPct(double predicted, double actual)
{
    return 100.0 * (predicted / actual - 1.0);
}

struct Row {
    const Pair* pair = nullptr;
    Side base, changed;
    double predictedMs = 0, ratio = 0, predictedRatio = 0;
    std::int64_t predictedPeak = -1;
    bool warned = false;
    double perEventUs = 0;
};

std::optional<Row> run(const Pair& p, std::string& error)
{
    const std::optional<std::pair<Side, Side>> sides = measured(p.dir, p.pair);
    if (!sides) {
        error = p.dir + ": no measurements of " + p.pair;
        return std::nullopt;
    }
    const std::string path = std::string(SIGHTLINE_SOURCE_DIR "/tests/fixtures/") + p.dir + "/" + p.base;
    auto trace = TraceLoader::load({ path });
    if (!trace) {
        error = trace.status().toString();
        return std::nullopt;
    }
    Expected<std::shared_ptr<const JobSession>> session = JobSession::open(*trace, {}, ResourceLimits {});
    if (!session) {
        error = session.status().toString();
        return std::nullopt;
    }
    WhatIfRequest request;
    request.strategy = Strategy { { p.step } };
    Expected<WhatIfResult> r = (*session)->whatIf(request);
    if (!r) {
        error = p.dir + "/" + p.base + ": " + r.status().toString();
        return std::nullopt;
    }
    Row row;
    row.pair = &p;
    row.base = sides->first;
    row.changed = sides->second;
    row.predictedMs = iterationMs(r->whatIf->schedule);
    row.ratio = row.changed.medianMs / row.base.medianMs;
    row.predictedRatio = row.predictedMs / iterationMs(r->baseline->schedule);
    if (r->whatIf->memory.highest >= 0)
        row.predictedPeak = r->whatIf->memory.peakBytes();
    row.warned = qualifiedprediction::warned(*r);
    row.perEventUs = r->profilerOverhead.perEventNs / 1000.0;
    return row;
}

// Whether a row misses a target: the step or the ratio by more than 10 %, the peak memory by more
// than 5 % where the set measured it.
bool misses(const Row& r)
{
    const bool memory = r.predictedPeak > 0 && r.changed.peakBytes > 0;
    return std::abs(errorPct(r.predictedMs, r.changed.medianMs)) > 10 || std::abs(errorPct(r.predictedRatio, r.ratio)) > 10
        || (memory && std::abs(errorPct(static_cast<double>(r.predictedPeak), static_cast<double>(r.changed.peakBytes))) > 5);
}

void print(const Row& r, bool json)
{
    const double stepError = errorPct(r.predictedMs, r.changed.medianMs);
    const double ratioError = errorPct(r.predictedRatio, r.ratio);
    const bool memory = r.changed.peakBytes > 0 && r.predictedPeak > 0;
    const double memoryError = memory ? errorPct(static_cast<double>(r.predictedPeak), static_cast<double>(r.changed.peakBytes)) : 0.0;
    const Pair& p = *r.pair;
    if (json) {
        std::printf("{\"set\": \"%s\", \"fixtures\": \"%s\", \"pair\": \"%s\", \"pass\": \"%s\", \"measured_ms\": %.3f, \"predicted_ms\": %.3f, "
                    "\"step_error_pct\": %.1f, \"measured_ratio\": %.3f, \"predicted_ratio\": %.3f, \"ratio_error_pct\": %.1f, "
                    "\"step_within_10pct\": %s, \"ratio_within_10pct\": %s, \"memory_error_pct\": %s, \"warned\": %s, \"profiler_us_per_event\": %.1f}\n",
            p.set.c_str(), p.dir.c_str(), p.pair.c_str(), p.step.pass.c_str(), r.changed.medianMs, r.predictedMs, stepError, r.ratio, r.predictedRatio,
            ratioError, std::abs(stepError) <= 10 ? "true" : "false", std::abs(ratioError) <= 10 ? "true" : "false",
            memory ? std::to_string(std::round(memoryError * 10) / 10).c_str() : "null", r.warned ? "true" : "false", r.perEventUs);
        return;
    }
    char mem[32] = "-";
    if (memory)
        std::snprintf(mem, sizeof mem, "%+.1f%%%s", memoryError, std::abs(memoryError) <= 5 ? "" : " !");
    std::printf("%-11s %-26s %-19s %-17s %9.2f %9.2f %+7.1f%%%s %6.3f %6.3f %+7.1f%%%s %10s  %s\n", p.set.c_str(),
        p.dir.c_str(), p.pair.c_str(), p.step.pass.c_str(), r.changed.medianMs, r.predictedMs, stepError,
        std::abs(stepError) <= 10 ? "  " : " !", r.ratio, r.predictedRatio, ratioError,
        std::abs(ratioError) <= 10 ? "  " : " !", mem, r.warned ? "warned" : "");
}

// dPRO Table 4 (BERT Base, 16 V100s of 16 GB): time and peak memory of the job without a memory
// strategy, with recomputation and with accumulation over 2, each at default parameters. GB as dPRO
// writes them: 2^30 bytes.
struct Table4Row {
    const char* name;
    Strategy strategy;
    double dproMs, dproGb;
};

bool table4(bool json)
{
    constexpr std::int64_t kBudget = std::int64_t(16) << 30;
    auto trace = TraceLoader::load({ SIGHTLINE_SOURCE_DIR "/tests/fixtures/layerwise/bert-base-b64-16xv100.csv" });
    if (!trace) {
        std::fprintf(stderr, "bench_fidelity: %s\n", trace.status().toString().c_str());
        return false;
    }
    SessionOptions options;
    options.memory.budgetBytes = kBudget;
    Expected<std::shared_ptr<const JobSession>> session = JobSession::open(*trace, options, ResourceLimits {});
    if (!session) {
        std::fprintf(stderr, "bench_fidelity: %s\n", session.status().toString().c_str());
        return false;
    }
    const std::vector<Table4Row> rows {
        { "recompute", Strategy { { PassStep { "recompute", { { "layers", std::string("encoder.*.attention.probs") } } },
                           PassStep { "recompute", { { "layers", std::string("encoder.*.ffn.gelu") } } } } },
            696, 7.43 },
        { "grad_accumulation 2", Strategy { { PassStep { "grad_accumulation", { { "micro_batches", 2.0 } } } } }, 714, 9.96 },
    };
    const auto gib = [](std::int64_t bytes) { return static_cast<double>(bytes) / static_cast<double>(std::int64_t(1) << 30); };
    double baseMs = 0, baseGb = 0;
    bool baseOom = false, fits = true;
    std::vector<double> ms;
    for (const Table4Row& row : rows) {
        WhatIfRequest request;
        request.strategy = row.strategy;
        Expected<WhatIfResult> r = (*session)->whatIf(request);
        if (!r) {
            std::fprintf(stderr, "bench_fidelity: dPRO Table 4 %s: %s\n", row.name, r.status().toString().c_str());
            return false;
        }
        baseMs = iterationMs(r->baseline->schedule);
        baseGb = gib(r->baseline->memory.peakBytes());
        baseOom = r->baseline->memory.outOfMemory;
        const double whatIfMs = iterationMs(r->whatIf->schedule), whatIfGb = gib(r->whatIf->memory.peakBytes());
        fits = fits && !r->whatIf->memory.outOfMemory;
        ms.push_back(whatIfMs);
        if (json)
            std::printf("{\"set\": \"dpro-table4\", \"strategy\": \"%s\", \"predicted_ms\": %.1f, \"time_change_pct\": %.1f, \"dpro_time_change_pct\": %.1f, "
                        "\"peak_gb\": %.2f, \"memory_change_pct\": %.1f, \"dpro_memory_change_pct\": %.1f, \"fits\": %s}\n",
                row.name, whatIfMs, errorPct(whatIfMs, baseMs), errorPct(row.dproMs, 622), whatIfGb, errorPct(whatIfGb, baseGb), errorPct(row.dproGb, 16.42),
                r->whatIf->memory.outOfMemory ? "false" : "true");
        else
            std::printf("dPRO Table 4  %-20s %8.1f ms (%+5.1f%%; dPRO %+5.1f%%)  %6.2f GB (%+5.1f%%; dPRO %+5.1f%%)  %s\n", row.name, whatIfMs,
                errorPct(whatIfMs, baseMs), errorPct(row.dproMs, 622), whatIfGb, errorPct(whatIfGb, baseGb), errorPct(row.dproGb, 16.42),
                r->whatIf->memory.outOfMemory ? "out of memory" : "fits");
    }
    const bool ordered = baseOom && fits && ms[0] < ms[1];
    if (json)
        std::printf("{\"set\": \"dpro-table4\", \"strategy\": \"none\", \"predicted_ms\": %.1f, \"peak_gb\": %.2f, \"out_of_memory\": %s, "
                    "\"ordering_holds\": %s}\n",
            baseMs, baseGb, baseOom ? "true" : "false", ordered ? "true" : "false");
    else
        std::printf("dPRO Table 4  %-20s %8.1f ms                          %6.2f GB %s; ordering (both fit, recomputation cheaper): %s\n", "none", baseMs,
            baseGb, baseOom ? "out of memory" : "fits", ordered ? "holds" : "does not hold");
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    const bool json = argc > 1 && std::strcmp(argv[1], "--json") == 0;
    if (!json)
        std::printf("%-11s %-26s %-19s %-17s %9s %9s %9s %6s %6s %9s %10s\n", "set", "fixtures", "pair", "pass",
            "meas. ms", "pred. ms", "error", "ratio", "pred.", "error", "memory");
    int failed = 0, checked = 0, stepWithin = 0, ratioWithin = 0, silent = 0;
    const std::vector<Pair> all = pairs();
    for (const Pair& p : all) {
        std::string error;
        const std::optional<Row> row = run(p, error);
        if (!row) {
            std::fprintf(stderr, "bench_fidelity: %s\n", error.c_str());
            ++failed;
            continue;
        }
        print(*row, json);
        silent += misses(*row) && !row->warned;
        if (p.set == "check") {
            ++checked;
            stepWithin += std::abs(errorPct(row->predictedMs, row->changed.medianMs)) <= 10;
            ratioWithin += std::abs(errorPct(row->predictedRatio, row->ratio)) <= 10;
        }
    }
    if (!json)
        std::printf("check sets: %d of %d steps and %d of %d ratios within 10 %% of the unprofiled run (! marks a miss); "
                    "misses without a warning, in every set: %d\n",
            stepWithin, checked, ratioWithin, checked, silent);
    if (!table4(json))
        ++failed;
    return failed == 0 ? 0 : 1;
}
