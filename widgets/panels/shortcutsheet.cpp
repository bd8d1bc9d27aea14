#include "widgets/panels/shortcutsheet.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

ShortcutSheet::ShortcutSheet(QWidget* parent)
    : QDialog(parent)
    , m_tree(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("shortcutSheet"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Keys"), tr("Does") });
    m_tree->setRootIsDecorated(false);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tree);
    layout->addWidget(buttons);
    resize(560, 640);
}

void ShortcutSheet::setSections(const QList<Section>& sections)
{
    m_tree->clear();
    for (const Section& section : sections) {
        if (section.entries.isEmpty())
            continue;
        auto* heading = new QTreeWidgetItem(m_tree, { section.title });
        heading->setFirstColumnSpanned(true);
        QFont bold = heading->font(0);
        bold.setBold(true);
        heading->setFont(0, bold);
        for (const Entry& e : section.entries)
            heading->addChild(new QTreeWidgetItem({ e.keys, e.what }));
        heading->setExpanded(true);
    }
}

ShortcutSheet::Section ShortcutSheet::fromActions(const QString& title, const QList<QAction*>& actions)
{
    Section section { title, {} };
    for (const QAction* action : actions) {
        QString what = action->text();
        what.remove(u'&');
        if (what.endsWith(QStringLiteral("…")))
            what.chop(1);
        for (const QKeySequence& keys : action->shortcuts()) {
            if (!keys.isEmpty())
                section.entries.append({ keys.toString(QKeySequence::NativeText), what });
        }
    }
    return section;
}

QString ShortcutSheet::text() const
{
    QString text;
    for (int s = 0; s < m_tree->topLevelItemCount(); ++s) {
        const QTreeWidgetItem* heading = m_tree->topLevelItem(s);
        text += heading->text(0) + u'\n';
        for (int e = 0; e < heading->childCount(); ++e)
            text += heading->child(e)->text(0) + u'\t' + heading->child(e)->text(1) + u'\n';
    }
    return text;
}
