// libFuzzer harness of the window's and the CLI's JSON inputs: the input as a scenario file
// (Scenario::parse, which reads its strategy with StrategyJson) and as a strategy file
// (StrategyJson::parse), whose steps are then checked against their passes (PassRegistry::bind,
// which reads a set of ops with OpSet). Each is read, or refused with a reason. The input is also read
// as the text of a set of ops, which must write back to a text that reads as the same set.

#include "scenario.h"
#include "strategyjson.h"

#include "core/strategy/opset.h"
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
    QString strategyError;
    const auto strategy = StrategyJson::parse(text, strategyError);
    require(strategy.has_value() || !strategyError.isEmpty());
    if (strategy) {
        for (const sightline::PassStep& step : strategy->steps) {
            const sightline::Pass* pass = sightline::PassRegistry::find(step.pass);
            if (!pass)
                continue;
            const auto arguments = sightline::PassRegistry::bind(*pass, step);
            require(arguments.hasValue() || !arguments.status().detail().empty());
        }
    }
    const auto ops = sightline::OpSet::parse(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    if (ops) {
        const auto again = sightline::OpSet::parse(ops->text());
        require(again.hasValue() && *again == *ops);
    } else {
        require(!ops.status().detail().empty());
    }
    return 0;
}
