// libFuzzer harness of strategies as users give them: the input as a strategy file (StrategyJson::parse)
// and, line by line, as sightline-cli's --set PASS.PARAM=VALUE arguments (StrategyJson::fromAssignments).
// Each strategy read is checked against its passes (StrategyRunner::bind: parameter ranges, pattern
// lengths, repeated passes), and one that binds is written back (StrategyJson::toJson) and must read as
// the same strategy. Everything is read, or refused with a reason. The input is also read as the text of
// a set of ops, which must write back to a text that reads as the same set.

#include "strategyjson.h"

#include "core/strategy/opset.h"
#include "core/strategy/strategyrunner.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstdint>
#include <cstdlib>

namespace {

void require(bool condition)
{
    if (!condition)
        std::abort();
}

void checkStrategy(const std::optional<sightline::Strategy>& strategy, const QString& error)
{
    require(strategy.has_value() || !error.isEmpty());
    if (!strategy)
        return;
    const auto bound = sightline::StrategyRunner::bind(*strategy);
    if (!bound) {
        require(!bound.status().detail().empty());
        return;
    }
    QString again;
    const auto reread = StrategyJson::parse(QJsonDocument(QJsonObject { { QStringLiteral("strategy"), StrategyJson::toJson(*strategy) } }).toJson(), again);
    require(reread.has_value() && reread->steps.size() == strategy->steps.size());
    for (std::size_t k = 0; k < strategy->steps.size(); ++k)
        require(reread->steps[k].pass == strategy->steps[k].pass && reread->steps[k].params == strategy->steps[k].params);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    QString error;
    checkStrategy(StrategyJson::parse(text, error), error);
    QStringList assignments;
    for (const QByteArray& line : text.split('\n')) {
        if (!line.isEmpty())
            assignments.append(QString::fromUtf8(line));
    }
    QString setError;
    checkStrategy(StrategyJson::fromAssignments(assignments, setError), setError);
    const auto ops = sightline::OpSet::parse(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    if (ops) {
        const auto again = sightline::OpSet::parse(ops->text());
        require(again.hasValue() && *again == *ops);
    } else {
        require(!ops.status().detail().empty());
    }
    return 0;
}
