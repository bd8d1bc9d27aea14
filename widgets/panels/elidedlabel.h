#pragma once

#include <QLabel>

// A one-line label that yields its width: it asks for its whole text but can shrink to a few letters,
// eliding the end ("…") when it does not fit (its owner gives the whole text as a tooltip). For the
// status bar, whose permanent widgets would otherwise push its messages out. text() stays whole.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};
