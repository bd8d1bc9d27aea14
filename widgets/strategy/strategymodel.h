#pragma once

#include "core/strategy/passparameter.h"

#include <QAbstractListModel>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

class QUndoStack;

// The strategy being edited in the window: passes in order, each switched on or off, with the
// parameters given to it, and the device memory budget that out-of-memory is judged against. Every
// edit is a command on the model's undo stack, named for the Edit menu ("Set bucket_cap_mb to 50
// MB"); consecutive edits of one parameter merge into one command. changed() follows every edit,
// undo and redo. The passes and parameters are not checked here: the what-if run does that and says
// what is wrong. As a list model, a row per step: its pass and the parameters given (display), the
// pass's summary (tool tip), and on or off (check state, which can be set: an undoable edit). A step
// added, removed or moved resets the model; other edits change its rows' data.
class StrategyModel : public QAbstractListModel {
    Q_OBJECT
public:
    static constexpr int PassRole = Qt::UserRole + 1; // QString
    struct Step {
        sightline::PassStep step;
        bool enabled = true;
    };
    // All of it, as one undo step restores it.
    struct State {
        std::vector<Step> steps;
        std::int64_t budgetBytes = 0; // 0: each device's own memory
    };

    explicit StrategyModel(QObject* parent = nullptr);
    ~StrategyModel() override;

    QUndoStack* undoStack() const { return m_undo; }
    const State& state() const { return m_state; }
    const std::vector<Step>& steps() const { return m_state.steps; }
    std::int64_t budgetBytes() const { return m_state.budgetBytes; }
    // The switched-on steps that are not pending, in order: what the what-if runs.
    sightline::Strategy strategy() const;
    // A step is pending while a parameter its pass requires is not given: it is listed (its row says
    // what it waits for) but not run, so that the other steps' what-if stands meanwhile.
    static QStringList missingParameters(const Step& step);
    // The switched-on steps that are pending, by index.
    std::vector<int> pendingSteps() const;
    // Values for a pass's parameters when a step is added without them (the window's: the job's rank
    // count for workers, a batch_size step's measured batch, ...): required ones the step lacks, and
    // optional ones where it was added with no parameters; required ones the provider does not give
    // leave the step pending.
    using Defaults = std::function<std::map<std::string, sightline::ParameterValue>(const std::string& pass)>;
    void setDefaults(Defaults defaults) { m_defaults = std::move(defaults); }

    // A pass at the end, with the parameters given and the defaults of the required ones not given
    // (one undo step).
    void addStep(const QString& pass, const std::map<std::string, sightline::ParameterValue>& params = {});
    void removeStep(int index);
    void moveStep(int from, int to);
    void setEnabled(int index, bool enabled);
    void setParameter(int index, const QString& name, const sightline::ParameterValue& value);
    // Leaves the parameter out again: the pass takes its default.
    void clearParameter(int index, const QString& name);
    void setBudgetBytes(std::int64_t bytes);
    // Every step replaced by these, all switched on (a strategy the search found), as one undo step
    // named text; the budget stays.
    void replaceSteps(const std::vector<sightline::PassStep>& steps, const QString& text);
    // Replaces the whole state without an undo step (a scenario opened): the history starts again,
    // clean.
    void reset(const State& state);

    // A parameter value as the panel and the undo texts show it, with the unit where one is given.
    static QString valueText(const sightline::ParameterValue& value, const QString& unit = {});
    // A unit as shown ("us" as "µs").
    static QString unitText(const std::string& unit);
    // A value of a pass's parameter as the list and the undo texts show it: with its unit, and a set
    // of ops as how many there are.
    static QString shownValue(const std::string& pass, const std::string& name, const sightline::ParameterValue& value);
    // A step as its row shows it: "tensor_fusion (bucket_cap_mb=50)".
    static QString label(const Step& step);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

Q_SIGNALS:
    void changed();

private:
    class EditCommand;
    // Pushes the edit from the current state to after, named text; mergeKey joins consecutive edits
    // with the same key (empty: none).
    void push(const QString& text, State after, const QString& mergeKey = {});
    void apply(const State& state);

    QUndoStack* m_undo = nullptr;
    State m_state;
    Defaults m_defaults;
};
