#pragma once

#include <QDoubleSpinBox>

class StrategyModel;

// The device memory budget of a StrategyModel, edited in GB (0 shows as the device's own memory).
// A value typed or stepped becomes the model's budget (an undoable edit, StrategyModel's); the box
// follows the model, so every box bound to one model shows the same budget, through undo and redo.
class BudgetSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    BudgetSpinBox(StrategyModel* model, QWidget* parent = nullptr);

private:
    void syncFromModel();

    StrategyModel* m_model;
};
