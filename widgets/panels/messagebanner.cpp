#include "widgets/panels/messagebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

MessageBanner::MessageBanner(QWidget* parent)
    : QFrame(parent)
    , m_headline(new QLabel(this))
    , m_reason(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBanner"));
    setFrameShape(QFrame::StyledPanel);
    // Light red on dark text: an error, readable in light and dark themes alike.
    setStyleSheet(QStringLiteral("#messageBanner { background: #fde2e1; border: 1px solid #c62828; } #messageBanner QLabel { color: #5f1412; }"));
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    m_headline->setWordWrap(true);
    m_reason->setWordWrap(true);
    m_reason->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Hide this message"));
    connect(m_close, &QToolButton::clicked, this, &MessageBanner::hideMessage);
    auto* text = new QVBoxLayout;
    text->setContentsMargins(0, 0, 0, 0);
    text->setSpacing(2);
    text->addWidget(m_headline);
    text->addWidget(m_reason);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addLayout(text, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    hide();
}

void MessageBanner::showMessage(const QString& headline, const QString& reason)
{
    m_headline->setText(headline);
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
    show();
}

void MessageBanner::hideMessage()
{
    hide();
    m_headline->clear();
    m_reason->clear();
}

QString MessageBanner::text() const
{
    if (isHidden())
        return {};
    return m_reason->text().isEmpty() ? m_headline->text() : m_headline->text() + u'\n' + m_reason->text();
}
