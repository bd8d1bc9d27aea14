#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

// A banner over a view that says something went wrong and why, until it is dismissed or the cause
// goes away: a headline in bold, the reason under it (selectable, wrapped), and a close button.
// Hidden until showMessage(); hideMessage() or the close button hides it again.
class MessageBanner : public QFrame {
    Q_OBJECT
public:
    explicit MessageBanner(QWidget* parent = nullptr);

    void showMessage(const QString& headline, const QString& reason);
    void hideMessage();
    // The text shown (headline, a newline, the reason), empty while hidden: for tests.
    QString text() const;

private:
    QLabel* m_headline;
    QLabel* m_reason;
    QToolButton* m_close;
};
