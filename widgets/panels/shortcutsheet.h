#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QAction;
class QTreeWidget;

// The keyboard and mouse sheet (? and Help > Keyboard Shortcuts): every shortcut of the window's menus
// and toolbars, with the Gantt's keys and mouse gestures, grouped under headings, in a window that
// stays open beside the main one. Built from the actions themselves, so it never lists a key that
// does nothing.
class ShortcutSheet : public QDialog {
    Q_OBJECT
public:
    struct Entry {
        QString keys; // as the user types them, in the platform's notation
        QString what;
    };
    struct Section {
        QString title;
        QList<Entry> entries;
    };
    explicit ShortcutSheet(QWidget* parent = nullptr);

    void setSections(const QList<Section>& sections);
    // The actions with shortcuts, by their text (mnemonics and ellipses removed), each shortcut of an
    // action on one row; in the order given.
    static Section fromActions(const QString& title, const QList<QAction*>& actions);
    // Every entry's keys and text, one per line ("keys<TAB>what"), under its heading: for tests.
    QString text() const;

private:
    QTreeWidget* m_tree;
};
