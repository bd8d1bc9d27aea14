#include "widgets/strategy/strategymodel.h"

#include "widgets/panels/coretext.h"

#include "core/strategy/pass.h"
#include "core/strategy/passregistry.h"

#include <QColor>
#include <QLocale>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <climits>

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

// The spec of a pass's parameter, or nullptr.
const sightline::ParameterSpec* specOf(const std::string& pass, const std::string& name)
{
    if (const sightline::Pass* p = sightline::PassRegistry::find(pass)) {
        for (const sightline::ParameterSpec& spec : p->parameters()) {
            if (spec.name == name)
                return &spec;
        }
    }
    return nullptr;
}

} // namespace

// One edit: the states before and after it.
class StrategyModel::EditCommand : public QUndoCommand {
public:
    EditCommand(StrategyModel* model, const QString& text, State before, State after, const QString& mergeKey)
        : QUndoCommand(text)
        , m_model(model)
        , m_before(std::move(before))
        , m_after(std::move(after))
        , m_mergeKey(mergeKey)
    {
    }

    void redo() override { m_model->apply(m_after); }
    void undo() override { m_model->apply(m_before); }
    int id() const override { return m_mergeKey.isEmpty() ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = static_cast<const EditCommand*>(other);
        if (next->m_mergeKey != m_mergeKey)
            return false;
        m_after = next->m_after;
        setText(next->text());
        return true;
    }

private:
    StrategyModel* m_model;
    State m_before;
    State m_after;
    QString m_mergeKey;
};

StrategyModel::StrategyModel(QObject* parent)
    : QAbstractListModel(parent)
    , m_undo(new QUndoStack(this))
{
}

StrategyModel::~StrategyModel() = default;

sightline::Strategy StrategyModel::strategy() const
{
    sightline::Strategy s;
    for (const Step& step : m_state.steps) {
        if (step.enabled && missingParameters(step).isEmpty())
            s.steps.push_back(step.step);
    }
    return s;
}

QStringList StrategyModel::missingParameters(const Step& step)
{
    QStringList missing;
    const sightline::Pass* pass = sightline::PassRegistry::find(step.step.pass);
    if (!pass)
        return missing; // an unknown pass is run, and refused with its name
    for (const sightline::ParameterSpec& spec : pass->parameters()) {
        if (spec.required() && !step.step.params.contains(spec.name))
            missing << qs(spec.name);
    }
    return missing;
}

std::vector<int> StrategyModel::pendingSteps() const
{
    std::vector<int> pending;
    for (std::size_t k = 0; k < m_state.steps.size(); ++k) {
        if (m_state.steps[k].enabled && !missingParameters(m_state.steps[k]).isEmpty())
            pending.push_back(static_cast<int>(k));
    }
    return pending;
}

QString StrategyModel::valueText(const sightline::ParameterValue& value, const QString& unit)
{
    if (const auto* text = std::get_if<std::string>(&value))
        return qs(*text);
    const QString number = QLocale().toString(std::get<double>(value), 'g', 6);
    return unit.isEmpty() ? number : number + u' ' + unit;
}

void StrategyModel::push(const QString& text, State after, const QString& mergeKey)
{
    m_undo->push(new EditCommand(this, text, m_state, std::move(after), mergeKey));
}

void StrategyModel::apply(const State& state)
{
    // Steps added, removed or moved change the rows; other edits only their data.
    bool sameSteps = state.steps.size() == m_state.steps.size();
    for (std::size_t k = 0; sameSteps && k < state.steps.size(); ++k)
        sameSteps = state.steps[k].step.pass == m_state.steps[k].step.pass;
    if (!sameSteps) {
        beginResetModel();
        m_state = state;
        endResetModel();
    } else {
        m_state = state;
        if (!m_state.steps.empty())
            Q_EMIT dataChanged(index(0), index(static_cast<int>(m_state.steps.size()) - 1));
    }
    Q_EMIT changed();
}

QString StrategyModel::unitText(const std::string& unit)
{
    return unit == "us" ? QStringLiteral("µs") : qs(unit);
}

QString StrategyModel::shownValue(const std::string& pass, const std::string& name, const sightline::ParameterValue& value)
{
    const sightline::ParameterSpec* spec = specOf(pass, name);
    if (spec && spec->type == sightline::ParameterSpec::Type::Ops) {
        if (const auto* text = std::get_if<std::string>(&value)) {
            if (const auto ops = sightline::OpSet::parse(*text))
                return tr("%n op(s)", nullptr, static_cast<int>(std::min<std::uint64_t>(ops->size(), INT_MAX)));
        }
    }
    return valueText(value, spec ? unitText(spec->unit) : QString());
}

QString StrategyModel::label(const Step& step)
{
    QStringList given;
    for (const auto& [name, value] : step.step.params)
        given << qs(name) + u'=' + shownValue(step.step.pass, name, value);
    const QString pass = qs(step.step.pass);
    return given.isEmpty() ? pass : pass + QStringLiteral(" (") + given.join(QStringLiteral(", ")) + u')';
}

int StrategyModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_state.steps.size());
}

QVariant StrategyModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Step& step = m_state.steps[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: {
        const QStringList missing = missingParameters(step);
        return missing.isEmpty() ? label(step) : tr("%1 — pending: give %2").arg(label(step), missing.join(QStringLiteral(", ")));
    }
    case Qt::ForegroundRole:
        if (!missingParameters(step).isEmpty())
            return QColor(0x8a, 0x5a, 0x00);
        return {};
    case Qt::CheckStateRole: return step.enabled ? Qt::Checked : Qt::Unchecked;
    case Qt::ToolTipRole: {
        const sightline::Pass* pass = sightline::PassRegistry::find(step.step.pass);
        return pass ? CoreText::of(pass->summary()) : tr("No pass of this name");
    }
    case PassRole: return qs(step.step.pass);
    default: return {};
    }
}

bool StrategyModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    setEnabled(index.row(), static_cast<Qt::CheckState>(value.toInt()) == Qt::Checked);
    return true;
}

Qt::ItemFlags StrategyModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}

void StrategyModel::reset(const State& state)
{
    m_undo->clear();
    apply(state);
}

void StrategyModel::replaceSteps(const std::vector<sightline::PassStep>& steps, const QString& text)
{
    State after = m_state;
    after.steps.clear();
    for (const sightline::PassStep& step : steps)
        after.steps.push_back({ step, true });
    push(text, std::move(after));
}

void StrategyModel::addStep(const QString& pass, const std::map<std::string, sightline::ParameterValue>& params)
{
    State after = m_state;
    Step step { { pass.toStdString(), params }, true };
    if (m_defaults) {
        // Required values it lacks; optional ones only where the step was given none (a choice among
        // them, such as batch_size's samples or factor, is the caller's once it gave one).
        const QStringList missing = missingParameters(step);
        for (const auto& [name, value] : m_defaults(step.step.pass)) {
            if (params.empty() || missing.contains(qs(name)))
                step.step.params.emplace(name, value);
        }
    }
    after.steps.push_back(std::move(step));
    push(tr("Add %1").arg(pass), std::move(after));
}

void StrategyModel::removeStep(int index)
{
    if (index < 0 || index >= static_cast<int>(m_state.steps.size()))
        return;
    State after = m_state;
    after.steps.erase(after.steps.begin() + index);
    push(tr("Remove %1").arg(qs(m_state.steps[static_cast<std::size_t>(index)].step.pass)), std::move(after));
}

void StrategyModel::moveStep(int from, int to)
{
    const int n = static_cast<int>(m_state.steps.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    State after = m_state;
    Step moved = after.steps[static_cast<std::size_t>(from)];
    after.steps.erase(after.steps.begin() + from);
    after.steps.insert(after.steps.begin() + to, std::move(moved));
    push(tr("Move %1").arg(qs(moved.step.pass)), std::move(after));
}

void StrategyModel::setEnabled(int index, bool enabled)
{
    if (index < 0 || index >= static_cast<int>(m_state.steps.size()) || m_state.steps[static_cast<std::size_t>(index)].enabled == enabled)
        return;
    State after = m_state;
    after.steps[static_cast<std::size_t>(index)].enabled = enabled;
    const QString pass = qs(m_state.steps[static_cast<std::size_t>(index)].step.pass);
    push(enabled ? tr("Switch on %1").arg(pass) : tr("Switch off %1").arg(pass), std::move(after));
}

void StrategyModel::setParameter(int index, const QString& name, const sightline::ParameterValue& value)
{
    if (index < 0 || index >= static_cast<int>(m_state.steps.size()))
        return;
    auto& params = m_state.steps[static_cast<std::size_t>(index)].step.params;
    if (const auto it = params.find(name.toStdString()); it != params.end() && it->second == value)
        return;
    State after = m_state;
    after.steps[static_cast<std::size_t>(index)].step.params[name.toStdString()] = value;
    const QString shown = shownValue(m_state.steps[static_cast<std::size_t>(index)].step.pass, name.toStdString(), value);
    push(tr("Set %1 to %2").arg(name, shown), std::move(after), QString::number(index) + u'/' + name);
}

void StrategyModel::clearParameter(int index, const QString& name)
{
    if (index < 0 || index >= static_cast<int>(m_state.steps.size())
        || !m_state.steps[static_cast<std::size_t>(index)].step.params.contains(name.toStdString()))
        return;
    State after = m_state;
    after.steps[static_cast<std::size_t>(index)].step.params.erase(name.toStdString());
    push(tr("Leave %1 out").arg(name), std::move(after));
}

void StrategyModel::setBudgetBytes(std::int64_t bytes)
{
    bytes = std::max<std::int64_t>(0, bytes);
    if (bytes == m_state.budgetBytes)
        return;
    State after = m_state;
    after.budgetBytes = bytes;
    push(bytes == 0 ? tr("Use each device's memory as the budget")
                    : tr("Set the memory budget to %1 GB").arg(QLocale().toString(static_cast<double>(bytes) / 1e9, 'g', 4)),
        std::move(after), QStringLiteral("budget"));
}
