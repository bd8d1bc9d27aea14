#include "core/strategy/batchsize.h"

#include "core/model/inputshapes.h"
#include "core/model/trace.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace sightline {

namespace {

// Ops that take the model's input, and which of their inputs holds it.
struct InputOp {
    std::string_view name;
    std::size_t input;
};
constexpr std::array<InputOp, 7> kInputOps { { { "aten::embedding", 1 }, { "aten::conv1d", 0 }, { "aten::conv2d", 0 }, { "aten::conv3d", 0 },
    { "aten::linear", 0 }, { "aten::addmm", 1 }, { "aten::matmul", 0 } } };

} // namespace

std::optional<BatchSize::Found> BatchSize::of(const Trace& t)
{
    if (t.ranks().empty())
        return std::nullopt;
    // The first rank, by global rank.
    RankId first(0);
    for (std::uint32_t r = 1; r < t.ranks().size(); ++r) {
        if (t.ranks()[r].rank < t.rankInfo(first).rank)
            first = RankId(r);
    }
    OpId best;
    std::size_t bestInput = 0;
    for (const auto& [op, shapes] : t.shapesTable()) {
        if (t.rank(op) != first || t.step(op) < 0 || t.phase(op) == Phase::Backward || t.phase(op) == Phase::Optimizer)
            continue;
        const std::string_view name = t.string(t.name(op));
        for (const InputOp& candidate : kInputOps) {
            if (name == candidate.name && (!best.isValid() || t.step(op) < t.step(best) || (t.step(op) == t.step(best) && t.start(op) < t.start(best)))) {
                best = op;
                bestInput = candidate.input;
            }
        }
    }
    if (!best.isValid())
        return std::nullopt;
    const ShapeArgs* shapes = t.shapes(best);
    const InputShapes in = InputShapes::parse(t.string(shapes->dims), t.string(shapes->types));
    if (bestInput >= in.inputs().size() || in.inputs()[bestInput].tensors.size() != 1)
        return std::nullopt;
    const std::vector<std::int64_t>& dims = in.inputs()[bestInput].tensors.front();
    // A batch of one sample has two or more dimensions (the samples, then their own).
    if (dims.size() < 2 || dims.front() <= 0)
        return std::nullopt;
    return Found { dims.front(),
        "dimension 0 of " + std::string(t.string(t.name(best))) + "'s input " + std::to_string(bestInput) + " in step " + std::to_string(t.step(best)) + " of rank "
            + std::to_string(t.rankInfo(first).rank) };
}

std::string BatchSize::text(double samples)
{
    if (std::abs(samples - std::round(samples)) <= 1e-9 && std::abs(samples) < 1e15)
        return std::to_string(std::llround(samples));
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", samples);
    return text;
}

bool BatchSize::whole(double samples)
{
    return samples >= 1 && std::abs(samples - std::round(samples)) <= 1e-9;
}

std::optional<Message> BatchSize::unknownShare(double factor)
{
    if (whole(factor))
        return std::nullopt;
    return Message(SL_TEXT("Core",
                       "the trace does not show the batch (its input shapes are not recorded): whether %1 times a "
                       "rank's measured batch holds whole samples, or any, cannot be told"),
        { text(factor) });
}

} // namespace sightline
