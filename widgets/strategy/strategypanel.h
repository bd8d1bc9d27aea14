#pragma once

#include <QWidget>

#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <string>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QListView;
class QPushButton;
class StrategyModel;

// The strategy dock: every pass of the engine can be added (more than once), switched on and off,
// reordered and removed; the selected step's parameters are edited in place with editors made from
// their specs (spin boxes with units and ranges, lists of choices, text, or a list of the job's names
// where the window suggests some), an optional parameter behind a check box that gives it; a step
// missing a required parameter is pending (StrategyModel) with that parameter's editor open. A set of
// ops is typed as ids or taken from the window's selection. A device memory budget sits below, with the
// out-of-memory state under it in red, and a box of a fixed height (it scrolls) that says whether a
// what-if is running and what it found. Edits go to the model (and its undo stack); the panel follows
// the model, so undo and redo show at once.
class StrategyPanel : public QWidget {
    Q_OBJECT
public:
    explicit StrategyPanel(StrategyModel* model, QWidget* parent = nullptr);
    // Lines the outcome's box shows before it scrolls.
    static constexpr int kOutcomeLines = 7;

    // The outcome shown under the steps: running, the what-if's iteration and peak, or its error.
    void setRunning(bool running);
    void setOutcome(const QString& text, bool error);
    // Whether the what-if runs out of memory against the budget (shown in red under it).
    void setOutOfMemory(bool oom, const QString& peak);
    int currentStep() const;
    void setCurrentStep(int index);
    // Where "Use Selection" takes a set of ops from: the window's selection as OpSet text, empty when
    // nothing is selected.
    void setSelectionSource(std::function<QString()> source);
    // Values offered for text parameters, by parameter name (the job's layers for "layers"), in an
    // editable list; a parameter without any: a plain text field. Replaces those given before.
    void setSuggestions(std::map<QString, QStringList> byParameter);

private:
    // One parameter's editor: a spin box, a list of choices or a text field, and for a parameter that
    // may be left out, the check box that gives it.
    struct Editor {
        QString name;
        QWidget* field = nullptr;
        class QCheckBox* given = nullptr;
    };
    void syncFromModel();
    // Up, Down and Remove for the step selected now.
    void syncButtons();
    // Makes the selected step's editors when the step changed, and shows the model's values in them.
    void syncEditors();
    void makeEditors(int step);
    void commit(const Editor& editor);
    // Commits the editor's value when its parameter is a required one the step lacks.
    void commitIfMissing(const Editor& editor);

    StrategyModel* m_model;
    QComboBox* m_passes;
    QListView* m_steps; // of the model
    int m_rowBeforeReset = -1; // the step selected when the model began a reset
    QPushButton* m_up;
    QPushButton* m_down;
    QPushButton* m_remove;
    QWidget* m_editors;
    QFormLayout* m_form;
    QLabel* m_summary;
    QLabel* m_oom;
    QLabel* m_outcome;
    int m_editorsFor = -1; // the step the editors were made for, and its pass
    std::string m_editorsPass;
    std::vector<Editor> m_fields;
    std::function<QString()> m_selection;
    std::map<QString, QStringList> m_suggestions;
};
