#include "widgets/panels/opsearchbar.h"

#include "core/model/trace.h"

#include <QGuiApplication>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QToolButton>

#include <algorithm>
#include <utility>

using namespace sightline;

OpSearchBar::OpSearchBar(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    m_field = new QLineEdit(this);
    m_field->setObjectName(QStringLiteral("searchField"));
    m_field->setPlaceholderText(tr("Find ops by name (regular expression)"));
    m_field->setClearButtonEnabled(true);
    auto* previousButton = new QToolButton(this);
    previousButton->setText(tr("Previous"));
    auto* nextButton = new QToolButton(this);
    nextButton->setText(tr("Next"));
    m_label = new QLabel(this);
    layout->addWidget(m_field, 1);
    layout->addWidget(previousButton);
    layout->addWidget(nextButton);
    layout->addWidget(m_label);
    connect(m_field, &QLineEdit::textChanged, this, [this](const QString& text) { search(text); });
    connect(m_field, &QLineEdit::returnPressed, this, [this]() {
        if (QGuiApplication::keyboardModifiers() & Qt::ShiftModifier)
            previous();
        else
            next();
    });
    connect(nextButton, &QToolButton::clicked, this, &OpSearchBar::next);
    connect(previousButton, &QToolButton::clicked, this, &OpSearchBar::previous);
    updateLabel();
}

OpSearchBar::~OpSearchBar() = default;

void OpSearchBar::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    m_names.clear();
    m_namesBuilt = false;
    search(m_field->text());
}

const std::vector<std::pair<std::uint32_t, QString>>& OpSearchBar::names()
{
    // The distinct op names, converted on the first search and kept: a search runs on every keystroke.
    if (!m_namesBuilt && m_trace) {
        std::vector<std::uint8_t> seen(m_trace->strings().size(), 0);
        for (std::uint32_t v = 0; v < m_trace->opCount(); ++v) {
            const StringId name = m_trace->name(OpId(v));
            if (!std::exchange(seen[name.value()], 1)) {
                const std::string_view s = m_trace->string(name);
                m_names.emplace_back(name.value(), QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())));
            }
        }
        m_namesBuilt = true;
    }
    return m_names;
}

void OpSearchBar::focusField()
{
    m_field->setFocus();
    m_field->selectAll();
}

std::size_t OpSearchBar::search(const QString& pattern)
{
    if (m_field->text() != pattern) {
        m_field->setText(pattern); // searches through textChanged
        return m_matches.size();
    }
    m_matches.clear();
    m_current = -1;
    m_error.clear();
    if (!m_trace || pattern.isEmpty()) {
        updateLabel();
        Q_EMIT matchesChanged(m_matches);
        return 0;
    }
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    if (!re.isValid()) {
        m_error = re.errorString();
        updateLabel();
        Q_EMIT matchesChanged(m_matches);
        return 0;
    }
    // Which names match, decided once per distinct op name.
    std::vector<std::uint8_t> nameMatches(m_trace->strings().size(), 0);
    for (const auto& [id, name] : names())
        nameMatches[id] = re.match(name).hasMatch();
    for (std::uint32_t v = 0; v < m_trace->opCount(); ++v) {
        if (nameMatches[m_trace->name(OpId(v)).value()])
            m_matches.emplace_back(v);
    }
    std::stable_sort(m_matches.begin(), m_matches.end(), [this](OpId a, OpId b) { return m_trace->start(a) < m_trace->start(b); });
    updateLabel();
    Q_EMIT matchesChanged(m_matches);
    return m_matches.size();
}

void OpSearchBar::next()
{
    step(1);
}

void OpSearchBar::previous()
{
    step(-1);
}

void OpSearchBar::step(int direction)
{
    if (m_matches.empty())
        return;
    const auto n = static_cast<std::ptrdiff_t>(m_matches.size());
    m_current = m_current < 0 ? (direction > 0 ? 0 : n - 1) : ((m_current + direction) % n + n) % n;
    updateLabel();
    Q_EMIT opFound(m_matches[static_cast<std::size_t>(m_current)]);
}

void OpSearchBar::updateLabel()
{
    QString text;
    if (!m_error.isEmpty())
        text = tr("invalid: %1").arg(m_error);
    else if (m_field->text().isEmpty())
        text.clear();
    else if (m_current < 0)
        text = tr("%n match(es)", nullptr, static_cast<int>(m_matches.size()));
    else
        text = tr("%1 of %2").arg(m_current + 1).arg(m_matches.size());
    // Set only on a change: a label set anew lays out the toolbar, and with it the whole window.
    if (text != m_label->text())
        m_label->setText(text);
}
