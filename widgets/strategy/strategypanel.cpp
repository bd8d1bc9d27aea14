#include "widgets/strategy/strategypanel.h"

#include "widgets/panels/coretext.h"
#include "widgets/strategy/budgetspinbox.h"
#include "widgets/strategy/strategymodel.h"

#include "core/strategy/pass.h"
#include "core/strategy/passregistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace {

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

const sightline::Pass* passOf(const StrategyModel::Step& step)
{
    return sightline::PassRegistry::find(step.step.pass);
}

// A step as the list shows it: the pass and the parameters given to it.
// The value shown for a parameter: the one given, else its default, else nothing.
const sightline::ParameterValue* givenValue(const StrategyModel::Step& step, const std::string& name)
{
    const auto it = step.step.params.find(name);
    return it == step.step.params.end() ? nullptr : &it->second;
}

double numberOf(const sightline::ParameterValue* given, const sightline::ParameterSpec& spec)
{
    if (given && std::holds_alternative<double>(*given))
        return std::get<double>(*given);
    bool ok = false;
    const double d = QString::fromStdString(spec.defaultValue).toDouble(&ok);
    return ok ? d : std::max(0.0, spec.min);
}

QString textOf(const sightline::ParameterValue* given, const sightline::ParameterSpec& spec)
{
    if (given)
        return StrategyModel::valueText(*given);
    return QString::fromStdString(spec.defaultValue);
}

} // namespace

StrategyPanel::StrategyPanel(StrategyModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
{
    auto* layout = new QVBoxLayout(this);
    auto* addRow = new QHBoxLayout;
    m_passes = new QComboBox(this);
    m_passes->setObjectName(QStringLiteral("passChooser"));
    for (const sightline::Pass* pass : sightline::PassRegistry::all()) {
        m_passes->addItem(qs(pass->name()));
        m_passes->setItemData(m_passes->count() - 1, CoreText::of(pass->summary()), Qt::ToolTipRole);
    }
    auto* add = new QPushButton(tr("Add"), this);
    add->setToolTip(tr("Add the chosen pass at the end of the strategy"));
    addRow->addWidget(m_passes, 1);
    addRow->addWidget(add);
    layout->addLayout(addRow);

    m_steps = new QListView(this);
    m_steps->setObjectName(QStringLiteral("strategySteps"));
    m_steps->setModel(m_model);
    m_steps->setSelectionMode(QAbstractItemView::SingleSelection);
    layout->addWidget(m_steps, 1);
    auto* buttons = new QHBoxLayout;
    m_up = new QPushButton(tr("Up"), this);
    m_down = new QPushButton(tr("Down"), this);
    m_remove = new QPushButton(tr("Remove"), this);
    for (QPushButton* b : { m_up, m_down, m_remove })
        buttons->addWidget(b);
    layout->addLayout(buttons);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_editors = new QWidget(this);
    m_form = new QFormLayout(m_editors);
    m_form->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editors);

    auto* budgetRow = new QHBoxLayout;
    auto* budget = new BudgetSpinBox(m_model, this);
    budget->setObjectName(QStringLiteral("memoryBudget"));
    m_oom = new QLabel(this);
    m_oom->setObjectName(QStringLiteral("oomLabel"));
    budgetRow->addWidget(new QLabel(tr("Memory budget"), this));
    budgetRow->addWidget(budget, 1);
    layout->addLayout(budgetRow);
    m_oom->setWordWrap(true);
    layout->addWidget(m_oom); // a row of its own: the peak's figure does not widen the panel
    // The outcome scrolls in a box of a fixed height: however many lines a what-if brings, the steps'
    // editors above it stay where they are, and the docks are not laid out again at each edit.
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(QStringLiteral("whatIfOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto* outcomeBox = new QScrollArea(this);
    outcomeBox->setObjectName(QStringLiteral("whatIfOutcomeBox"));
    outcomeBox->setWidgetResizable(true);
    outcomeBox->setFrameShape(QFrame::StyledPanel);
    outcomeBox->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outcomeBox->setWidget(m_outcome);
    outcomeBox->setFixedHeight(kOutcomeLines * m_outcome->fontMetrics().lineSpacing() + 2 * outcomeBox->frameWidth() + 4);
    layout->addWidget(outcomeBox);

    connect(add, &QPushButton::clicked, this, [this] {
        m_model->addStep(m_passes->currentText());
        setCurrentStep(static_cast<int>(m_model->steps().size()) - 1);
    });
    connect(m_up, &QPushButton::clicked, this, [this] {
        const int k = currentStep();
        m_model->moveStep(k, k - 1);
        setCurrentStep(k - 1);
    });
    connect(m_down, &QPushButton::clicked, this, [this] {
        const int k = currentStep();
        m_model->moveStep(k, k + 1);
        setCurrentStep(k + 1);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] { m_model->removeStep(currentStep()); });
    // A reset (a step added, removed or moved) drops the view's current row: it is kept across.
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_rowBeforeReset = currentStep(); });
    connect(m_steps->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        syncButtons();
        syncEditors();
    });
    connect(m_model, &StrategyModel::changed, this, &StrategyPanel::syncFromModel);
    syncFromModel();
}

int StrategyPanel::currentStep() const
{
    return m_steps->currentIndex().isValid() ? m_steps->currentIndex().row() : -1;
}

void StrategyPanel::setCurrentStep(int index)
{
    if (index >= 0 && index < m_model->rowCount())
        m_steps->setCurrentIndex(m_model->index(index));
}

void StrategyPanel::syncFromModel()
{
    // The list shows the model itself; the step selected stays selected (the first when none was).
    const int current = currentStep() >= 0 ? currentStep() : std::exchange(m_rowBeforeReset, -1);
    if (m_model->rowCount() > 0) {
        const QSignalBlocker block(m_steps->selectionModel());
        m_steps->setCurrentIndex(m_model->index(std::min(current < 0 ? 0 : current, m_model->rowCount() - 1)));
    }
    syncButtons();
    syncEditors();
}

void StrategyPanel::syncButtons()
{
    const int k = currentStep();
    const int n = m_model->rowCount();
    m_up->setEnabled(k > 0);
    m_down->setEnabled(k >= 0 && k + 1 < n);
    m_remove->setEnabled(k >= 0);
}

void StrategyPanel::syncEditors()
{
    const int k = currentStep();
    const auto& steps = m_model->steps();
    const bool valid = k >= 0 && k < static_cast<int>(steps.size());
    const std::string pass = valid ? steps[static_cast<std::size_t>(k)].step.pass : std::string();
    if (k != m_editorsFor || pass != m_editorsPass)
        makeEditors(k);
    if (!valid)
        return;
    const StrategyModel::Step& step = steps[static_cast<std::size_t>(k)];
    const sightline::Pass* p = passOf(step);
    if (!p)
        return;
    std::size_t e = 0;
    for (const sightline::ParameterSpec& spec : p->parameters()) {
        const Editor& editor = m_fields[e++];
        const sightline::ParameterValue* given = givenValue(step, spec.name);
        if (editor.given) {
            const QSignalBlocker block(editor.given);
            editor.given->setChecked(given != nullptr);
            editor.field->setEnabled(given != nullptr);
        }
        const QSignalBlocker block(editor.field);
        if (auto* box = qobject_cast<QDoubleSpinBox*>(editor.field))
            box->setValue(numberOf(given, spec));
        else if (auto* spin = qobject_cast<QSpinBox*>(editor.field))
            spin->setValue(static_cast<int>(numberOf(given, spec)));
        else if (auto* combo = qobject_cast<QComboBox*>(editor.field))
            combo->setCurrentText(textOf(given, spec));
        else if (auto* line = qobject_cast<QLineEdit*>(editor.field))
            line->setText(textOf(given, spec));
    }
}

void StrategyPanel::commitIfMissing(const Editor& editor)
{
    const int k = currentStep();
    if (k < 0 || k >= static_cast<int>(m_model->steps().size()))
        return;
    if (StrategyModel::missingParameters(m_model->steps()[static_cast<std::size_t>(k)]).contains(editor.name))
        commit(editor);
}

void StrategyPanel::makeEditors(int k)
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    m_editorsFor = k;
    const auto& steps = m_model->steps();
    const bool valid = k >= 0 && k < static_cast<int>(steps.size());
    m_editorsPass = valid ? steps[static_cast<std::size_t>(k)].step.pass : std::string();
    const sightline::Pass* pass = valid ? passOf(steps[static_cast<std::size_t>(k)]) : nullptr;
    m_summary->setText(pass ? CoreText::of(pass->summary()) : valid ? tr("No pass of this name") : tr("Add a pass to change the job."));
    if (!pass)
        return;
    using Type = sightline::ParameterSpec::Type;
    for (const sightline::ParameterSpec& spec : pass->parameters()) {
        Editor editor;
        editor.name = QString::fromStdString(spec.name);
        const bool ranged = spec.min < spec.max;
        switch (spec.type) {
        case Type::Number: {
            auto* box = new QDoubleSpinBox(m_editors);
            box->setRange(ranged ? spec.min : -1e12, ranged ? spec.max : 1e12);
            box->setDecimals(spec.max - spec.min <= 10 && ranged ? 3 : 2);
            if (!spec.unit.empty())
                box->setSuffix(u' ' + StrategyModel::unitText(spec.unit));
            box->setKeyboardTracking(false);
            editor.field = box;
            break;
        }
        case Type::Integer: {
            auto* spin = new QSpinBox(m_editors);
            const double limit = std::numeric_limits<int>::max();
            spin->setRange(static_cast<int>(ranged ? std::max(-limit, spec.min) : -limit), static_cast<int>(ranged ? std::min(limit, spec.max) : limit));
            if (!spec.unit.empty())
                spin->setSuffix(u' ' + StrategyModel::unitText(spec.unit));
            spin->setKeyboardTracking(false);
            editor.field = spin;
            break;
        }
        case Type::Choice: {
            auto* combo = new QComboBox(m_editors);
            for (const std::string& c : spec.choices)
                combo->addItem(QString::fromStdString(c));
            editor.field = combo;
            break;
        }
        case Type::Text:
            if (const auto suggested = m_suggestions.find(editor.name); suggested != m_suggestions.end()) {
                auto* combo = new QComboBox(m_editors);
                combo->setEditable(true);
                combo->setInsertPolicy(QComboBox::NoInsert);
                combo->addItems(suggested->second);
                editor.field = combo;
            } else {
                editor.field = new QLineEdit(m_editors);
            }
            break;
        case Type::Ops:
            editor.field = new QLineEdit(m_editors);
            break;
        }
        editor.field->setObjectName(QStringLiteral("param_") + editor.name);
        editor.field->setToolTip(CoreText::of(spec.help));
        QWidget* row = editor.field;
        if (spec.type == Type::Ops) {
            // Typed as ids, or taken from the window's selection.
            row = new QWidget(m_editors);
            auto* h = new QHBoxLayout(row);
            h->setContentsMargins(0, 0, 0, 0);
            auto* take = new QToolButton(row);
            take->setObjectName(QStringLiteral("useSelection_") + editor.name);
            take->setText(tr("Use Selection"));
            take->setToolTip(tr("Take the ops selected in the Gantt (an area, or rows of the critical path)"));
            h->addWidget(editor.field, 1);
            h->addWidget(take);
            auto* line = static_cast<QLineEdit*>(editor.field);
            connect(take, &QToolButton::clicked, this, [this, line] {
                const QString ops = m_selection ? m_selection() : QString();
                if (ops.isEmpty())
                    return;
                line->setText(ops);
                Q_EMIT line->editingFinished();
            });
        }
        if (spec.optional) {
            // Left out, the pass finds it from the job. A required parameter has no such box: its
            // editor is always open, and the step is pending until it holds a value.
            QWidget* inner = row;
            row = new QWidget(m_editors);
            auto* h = new QHBoxLayout(row);
            h->setContentsMargins(0, 0, 0, 0);
            editor.given = new QCheckBox(row);
            editor.given->setToolTip(tr("Give this parameter; left out, the pass finds it from the job (its description says how)"));
            h->addWidget(editor.given);
            h->addWidget(inner, 1);
        } else if (spec.required()) {
            editor.field->setToolTip(editor.field->toolTip() + u'\n' + tr("Required: the step is pending until it is given (Enter gives the value shown)."));
        }
        m_fields.push_back(editor);
        m_form->addRow(editor.name, row);
        const Editor& e = m_fields.back();
        // A spin box commits each change, and Enter commits the value shown (a required one not given).
        if (auto* box = qobject_cast<QDoubleSpinBox*>(e.field)) {
            connect(box, &QDoubleSpinBox::valueChanged, this, [this, e] { commit(e); });
            connect(box, &QDoubleSpinBox::editingFinished, this, [this, e] { commitIfMissing(e); });
        } else if (auto* spin = qobject_cast<QSpinBox*>(e.field)) {
            connect(spin, &QSpinBox::valueChanged, this, [this, e] { commit(e); });
            connect(spin, &QSpinBox::editingFinished, this, [this, e] { commitIfMissing(e); });
        }
        else if (auto* combo = qobject_cast<QComboBox*>(e.field); combo && combo->isEditable()) {
            // Typed text counts when finished, not at each key; a value picked from the list at once.
            connect(combo->lineEdit(), &QLineEdit::editingFinished, this, [this, e] { commit(e); });
            connect(combo, &QComboBox::activated, this, [this, e] { commit(e); });
        } else if (combo)
            connect(combo, &QComboBox::currentTextChanged, this, [this, e] { commit(e); });
        else if (auto* line = qobject_cast<QLineEdit*>(e.field))
            connect(line, &QLineEdit::editingFinished, this, [this, e] { commit(e); });
        if (e.given) {
            connect(e.given, &QCheckBox::toggled, this, [this, e](bool on) {
                if (on)
                    commit(e);
                else
                    m_model->clearParameter(m_editorsFor, e.name);
            });
        }
    }
}

void StrategyPanel::commit(const Editor& editor)
{
    sightline::ParameterValue value;
    if (auto* box = qobject_cast<QDoubleSpinBox*>(editor.field))
        value = box->value();
    else if (auto* spin = qobject_cast<QSpinBox*>(editor.field))
        value = static_cast<double>(spin->value());
    else if (auto* combo = qobject_cast<QComboBox*>(editor.field))
        value = combo->currentText().toStdString();
    else if (auto* line = qobject_cast<QLineEdit*>(editor.field))
        value = line->text().toStdString();
    m_model->setParameter(m_editorsFor, editor.name, value);
}

void StrategyPanel::setSelectionSource(std::function<QString()> source)
{
    m_selection = std::move(source);
}

void StrategyPanel::setSuggestions(std::map<QString, QStringList> byParameter)
{
    std::erase_if(byParameter, [](const auto& entry) { return entry.second.isEmpty(); });
    if (byParameter == m_suggestions)
        return;
    m_suggestions = std::move(byParameter);
    makeEditors(m_editorsFor); // the editors of the step shown take them now
    syncEditors();
}

void StrategyPanel::setRunning(bool running)
{
    if (running)
        m_outcome->setText(tr("Replaying the what-if…"));
}

void StrategyPanel::setOutcome(const QString& text, bool error)
{
    m_outcome->setText(text);
    // A style sheet set again re-polishes the label, and lays the docks out again.
    const QString style = error ? QStringLiteral("color: #c62828;") : QString();
    if (m_outcome->styleSheet() != style)
        m_outcome->setStyleSheet(style);
}

void StrategyPanel::setOutOfMemory(bool oom, const QString& peak)
{
    m_oom->setText(oom ? tr("out of memory (%1)").arg(peak) : peak);
    m_oom->setStyleSheet(oom ? QStringLiteral("color: #c62828; font-weight: bold;") : QString());
}
