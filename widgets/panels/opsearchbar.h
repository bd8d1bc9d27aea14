#pragma once

#include "core/base/ids.h"

#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QLabel;
class QLineEdit;
class QToolButton;

namespace sightline {
class Trace;
}

// Finds ops by a regular expression over their names: the matches are listed by start time and
// Next / Previous (Enter / Shift+Enter, or the buttons) step through them, emitting opFound; every
// search emits matchesChanged with all of them. Names are
// matched once per distinct string, not once per op. An invalid expression says so in the bar.
// GUI thread only.
class OpSearchBar : public QWidget {
    Q_OBJECT
public:
    explicit OpSearchBar(QWidget* parent = nullptr);
    ~OpSearchBar() override;

    void setTrace(std::shared_ptr<const sightline::Trace> trace);
    // Runs a search (what typing does); returns the number of matches.
    std::size_t search(const QString& pattern);
    void next();
    void previous();
    const std::vector<sightline::OpId>& matches() const { return m_matches; }
    void focusField();

Q_SIGNALS:
    void opFound(sightline::OpId op);
    // After every search (each keystroke, a new job): all the ops that match, for the Gantt to mark.
    void matchesChanged(const std::vector<sightline::OpId>& matches);

private:
    void step(int direction);
    const std::vector<std::pair<std::uint32_t, QString>>& names();
    void updateLabel();

    std::shared_ptr<const sightline::Trace> m_trace;
    std::vector<std::pair<std::uint32_t, QString>> m_names; // distinct op names (StringId value, text)
    bool m_namesBuilt = false;
    std::vector<sightline::OpId> m_matches;
    std::ptrdiff_t m_current = -1;
    QLineEdit* m_field = nullptr;
    QLabel* m_label = nullptr;
    QString m_error;
};
