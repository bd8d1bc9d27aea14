// libFuzzer harness of the window's and the CLI's JSON inputs: the input as a scenario file
// (Scenario::parse, which reads its strategy with StrategyJson) and as a strategy file
// (StrategyJson::parse). Each is read, or refused with a reason that names the file.

#include "scenario.h"
#include "strategyjson.h"

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
    return 0;
}
