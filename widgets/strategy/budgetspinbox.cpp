#include "widgets/strategy/budgetspinbox.h"

#include "widgets/strategy/strategymodel.h"

#include <QSignalBlocker>

#include <cmath>

BudgetSpinBox::BudgetSpinBox(StrategyModel* model, QWidget* parent)
    : QDoubleSpinBox(parent)
    , m_model(model)
{
    setRange(0, 100000);
    setDecimals(2);
    setSuffix(tr(" GB"));
    setSpecialValueText(tr("device's own"));
    setKeyboardTracking(false);
    setToolTip(tr("The memory each device may use; out of memory is judged against it"));
    connect(this, &QDoubleSpinBox::valueChanged, this,
        [this](double gb) { m_model->setBudgetBytes(static_cast<std::int64_t>(std::llround(gb * 1e9))); });
    connect(m_model, &StrategyModel::changed, this, &BudgetSpinBox::syncFromModel);
    syncFromModel();
}

void BudgetSpinBox::syncFromModel()
{
    const QSignalBlocker block(this);
    setValue(static_cast<double>(m_model->budgetBytes()) / 1e9);
}
