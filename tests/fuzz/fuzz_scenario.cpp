// libFuzzer harness of the window's scenario files (Scenario::parse, which reads its strategy with
// StrategyJson and range-checks offsets and steps): each is read, or refused with a reason naming the
// file; one that is read has its offsets within a day and its steps in order, and its strategy's steps
// are checked against their passes. Strategies alone have their own harness (fuzz_strategy).

#include "scenario.h"

#include "core/align/clockalignment.h"
#include "core/strategy/passregistry.h"

#include <QDir>

#include <cstdint>
#include <cstdlib>

namespace {

void require(bool condition)
{
    if (!condition)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    const QString path = QStringLiteral("/fuzz/work/job.sightline");
    const std::optional<Scenario> scenario = Scenario::parse(text, path, error);
    require(scenario.has_value() == error.isEmpty());
    if (!scenario)
        require(error.startsWith(QDir::toNativeSeparators(path)));
    if (scenario) {
        for (const sightline::TimeNs offset : scenario->offsets)
            require(offset >= -sightline::AlignmentOptions::kMaxOffsetNs && offset <= sightline::AlignmentOptions::kMaxOffsetNs);
        require(scenario->firstStep < 0 || scenario->lastStep < 0 || scenario->firstStep <= scenario->lastStep);
        for (const auto& entry : scenario->strategy) {
            const sightline::Pass* pass = sightline::PassRegistry::find(entry.step.pass);
            if (!pass)
                continue;
            const auto arguments = sightline::PassRegistry::bind(*pass, entry.step);
            require(arguments.hasValue() || !arguments.status().detail().empty());
        }
    }
    return 0;
}
