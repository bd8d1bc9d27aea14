#pragma once

#include "widgets/timeline/timelineplottable.h"

#include <QWidget>

// The Gantt's legend, a strip under it: what each colour means in the colour mode shown (the kinds of
// op; the change in duration, shorter to longer; the slack against the critical path, none to much),
// then the marks drawn over the bars: the critical path (and the baseline's beside a what-if's),
// the hatching of ops a strategy made, and search matches. It wraps onto more lines when narrow.
class TimelineLegend : public QWidget {
    Q_OBJECT
public:
    explicit TimelineLegend(QWidget* parent = nullptr);

    void setColorMode(TimelinePlottable::ColorMode mode);
    TimelinePlottable::ColorMode colorMode() const { return m_mode; }
    // The entries' texts in order, for tests.
    QStringList texts() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    // How an entry's swatch is drawn: filled, hatched over a fill, or an outline.
    enum class Swatch { Fill, Hatch, Outline, DashedFill };
    struct Entry {
        QColor color;
        QString text;
        Swatch swatch = Swatch::Fill;
    };
    void rebuild();
    // Lays the entries out for a width: each entry's rectangle, and the height they take.
    QVector<QRect> layOut(int width, int* height = nullptr) const;

    TimelinePlottable::ColorMode m_mode = TimelinePlottable::ColorMode::Kind;
    QVector<Entry> m_entries;
};
