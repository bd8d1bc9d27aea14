// The strategy model and its panel offscreen: edits are undoable commands named for the Edit menu,
// edits of one parameter merge, switched-off steps leave the strategy, and the panel's editors (made
// from the passes' parameter specs) write to the model and follow its undo.

#include "widgets/strategy/comparisonpanel.h"
#include "widgets/strategy/strategymodel.h"
#include "widgets/strategy/strategypanel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QListView>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QHeaderView>
#include <QToolButton>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QUndoStack>

using namespace sightline;

class TestStrategyPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void modelEditsAreUndoable()
    {
        StrategyModel model;
        // Every edit below, its undo and redo keep the list model consistent.
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        int changes = 0;
        connect(&model, &StrategyModel::changed, this, [&] { ++changes; });
        model.addStep(QStringLiteral("tensor_fusion"));
        model.addStep(QStringLiteral("speedup"), { { "percent", 10.0 } });
        model.setParameter(0, QStringLiteral("bucket_cap_mb"), 25.0);
        model.setParameter(0, QStringLiteral("bucket_cap_mb"), 50.0); // merges with the edit before
        QCOMPARE(model.undoStack()->count(), 3);
        QCOMPARE(model.undoStack()->undoText(), QStringLiteral("Set bucket_cap_mb to 50 MiB"));
        QCOMPARE(std::get<double>(model.steps()[0].step.params.at("bucket_cap_mb")), 50.0);
        model.setEnabled(1, false);
        QCOMPARE(model.strategy().steps.size(), std::size_t(1));
        QCOMPARE(model.strategy().steps[0].pass, std::string("tensor_fusion"));
        model.moveStep(1, 0);
        QCOMPARE(model.steps()[0].step.pass, std::string("speedup"));
        model.setBudgetBytes(16'000'000'000);
        QCOMPARE(model.undoStack()->undoText(), QStringLiteral("Set the memory budget to 16 GB"));
        model.undoStack()->undo();
        model.undoStack()->undo();
        model.undoStack()->undo();
        QCOMPARE(model.budgetBytes(), std::int64_t(0));
        QCOMPARE(model.strategy().steps.size(), std::size_t(2));
        model.undoStack()->undo(); // the merged edit goes as one
        QVERIFY(model.steps()[0].step.params.empty());
        model.undoStack()->redo();
        QCOMPARE(std::get<double>(model.steps()[0].step.params.at("bucket_cap_mb")), 50.0);
        QVERIFY(changes >= 10);
        // Edits of steps that do not exist change nothing.
        const int before = model.undoStack()->count();
        model.removeStep(7);
        model.setParameter(-1, QStringLiteral("x"), 1.0);
        model.moveStep(0, 5);
        QCOMPARE(model.undoStack()->count(), before);
    }

    void modelRowsFollowTheSteps()
    {
        // A row per step: its label, on or off as a check box that edits the model (undoably), the
        // pass's summary as a tool tip, and the pass by role.
        StrategyModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addStep(QStringLiteral("tensor_fusion"), { { "bucket_cap_mb", 50.0 } });
        model.addStep(QStringLiteral("speedup"));
        model.addStep(QStringLiteral("no_such_pass"));
        QCOMPARE(model.rowCount(), 3);
        const QModelIndex first = model.index(0);
        QCOMPARE(first.data().toString(), QStringLiteral("tensor_fusion (bucket_cap_mb=50 MiB)"));
        QCOMPARE(first.data(StrategyModel::PassRole).toString(), QStringLiteral("tensor_fusion"));
        QCOMPARE(first.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(!first.data(Qt::ToolTipRole).toString().isEmpty());
        QCOMPARE(model.index(2).data(Qt::ToolTipRole).toString(), QStringLiteral("No pass of this name"));
        QVERIFY(model.flags(first).testFlag(Qt::ItemIsUserCheckable));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QVERIFY(model.setData(first, Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(changed.size(), 1);
        QVERIFY(!model.steps()[0].enabled);
        QCOMPARE(model.undoStack()->undoText(), QStringLiteral("Switch off tensor_fusion"));
        QVERIFY(!model.setData(first, QStringLiteral("x"), Qt::DisplayRole));
        // A step moved, removed, and brought back by undo: the rows follow.
        model.moveStep(0, 1);
        QCOMPARE(model.index(1).data(StrategyModel::PassRole).toString(), QStringLiteral("tensor_fusion"));
        model.removeStep(2);
        QCOMPARE(model.rowCount(), 2);
        model.undoStack()->undo();
        QCOMPARE(model.rowCount(), 3);
        model.undoStack()->undo();
        QCOMPARE(model.index(0).data(StrategyModel::PassRole).toString(), QStringLiteral("tensor_fusion"));
    }

    void panelEditorsWriteTheModel()
    {
        StrategyModel model;
        StrategyPanel panel(&model);
        panel.resize(400, 600);
        panel.show();
        auto* chooser = panel.findChild<QComboBox*>(QStringLiteral("passChooser"));
        QVERIFY(chooser);
        QVERIFY(chooser->findText(QStringLiteral("recompute")) >= 0);
        chooser->setCurrentText(QStringLiteral("tensor_fusion"));
        QPushButton* add = nullptr;
        for (QPushButton* b : panel.findChildren<QPushButton*>()) {
            if (b->text() == QStringLiteral("Add"))
                add = b;
        }
        QVERIFY(add);
        add->click();
        QCOMPARE(model.steps().size(), std::size_t(1));
        auto* steps = panel.findChild<QListView*>(QStringLiteral("strategySteps"));
        QCOMPARE(steps->model()->rowCount(), 1);
        QCOMPARE(panel.currentStep(), 0);
        // An optional parameter: given by its check box, then edited in its spin box (with its unit).
        auto* cap = panel.findChild<QDoubleSpinBox*>(QStringLiteral("param_bucket_cap_mb"));
        QVERIFY(cap);
        QCOMPARE(cap->suffix(), QStringLiteral(" MiB"));
        QVERIFY(!cap->isEnabled());
        auto* given = qobject_cast<QCheckBox*>(cap->parentWidget()->findChild<QCheckBox*>());
        QVERIFY(given);
        given->setChecked(true);
        QVERIFY(model.steps()[0].step.params.contains("bucket_cap_mb"));
        cap->setValue(64);
        QCOMPARE(std::get<double>(model.steps()[0].step.params.at("bucket_cap_mb")), 64.0);
        QVERIFY(steps->model()->index(0, 0).data().toString().contains(QStringLiteral("bucket_cap_mb=64")));
        // Giving the parameter and editing it are one edit of it; undo and redo show at once in the
        // editors. Switching the step off in the list reaches the model.
        model.undoStack()->undo();
        QVERIFY(!given->isChecked());
        QVERIFY(!cap->isEnabled());
        QVERIFY(model.steps()[0].step.params.empty());
        model.undoStack()->redo();
        QVERIFY(given->isChecked());
        QCOMPARE(cap->value(), 64.0);
        QVERIFY(steps->model()->setData(steps->model()->index(0, 0), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!model.steps()[0].enabled);
        QVERIFY(model.strategy().steps.empty());
        // A pass with choices: the combo box writes the text.
        chooser->setCurrentText(QStringLiteral("speedup"));
        add->click();
        QCOMPARE(panel.currentStep(), 1);
        auto* kind = panel.findChild<QComboBox*>(QStringLiteral("param_kind"));
        QVERIFY(kind);
        kind->setCurrentText(QStringLiteral("communication"));
        QCOMPARE(std::get<std::string>(model.steps()[1].step.params.at("kind")), std::string("communication"));
        // The budget field writes bytes.
        auto* budget = panel.findChild<QDoubleSpinBox*>(QStringLiteral("memoryBudget"));
        QVERIFY(budget);
        budget->setValue(16);
        QCOMPARE(model.budgetBytes(), std::int64_t(16'000'000'000));
    }

    // A set of ops taken from the window's selection, a layer picked from the job's, units as shown.
    void selectionAndLayersFillTheEditors()
    {
        StrategyModel model;
        StrategyPanel panel(&model);
        panel.resize(400, 600);
        panel.show();
        QString selection;
        panel.setSelectionSource([&selection] { return selection; });
        panel.setSuggestions({ { QStringLiteral("layers"), { QStringLiteral("auto"), QStringLiteral("block_0"), QStringLiteral("block_1") } } });
        model.addStep(QStringLiteral("recompute"));
        panel.setCurrentStep(0);
        auto* take = panel.findChild<QToolButton*>(QStringLiteral("useSelection_ops"));
        auto* ops = panel.findChild<QLineEdit*>(QStringLiteral("param_ops"));
        QVERIFY(take && ops);
        // Nothing selected: nothing taken.
        take->click();
        QVERIFY(!model.steps()[0].step.params.contains("ops"));
        selection = QStringLiteral("3-9,12");
        take->click();
        QCOMPARE(std::get<std::string>(model.steps()[0].step.params.at("ops")), std::string("3-9,12"));
        QCOMPARE(ops->text(), selection);
        QVERIFY(ops->isEnabled());
        // The list and the undo text say how many ops, not which.
        QVERIFY(model.index(0).data().toString().contains(QStringLiteral("ops=8 op(s)")));
        QCOMPARE(model.undoStack()->undoText(), QStringLiteral("Set ops to 8 op(s)"));
        // The layers: an editable list of the job's, which writes the one picked.
        auto* layers = panel.findChild<QComboBox*>(QStringLiteral("param_layers"));
        QVERIFY(layers && layers->isEditable());
        QCOMPARE(layers->count(), 3);
        layers->setCurrentIndex(2);
        Q_EMIT layers->activated(2);
        QCOMPARE(std::get<std::string>(model.steps()[0].step.params.at("layers")), std::string("block_1"));
        // A pattern typed in counts when finished.
        layers->lineEdit()->setText(QStringLiteral("block_*"));
        Q_EMIT layers->lineEdit()->editingFinished();
        QCOMPARE(std::get<std::string>(model.steps()[0].step.params.at("layers")), std::string("block_*"));
        // Microseconds are shown as such.
        model.addStep(QStringLiteral("network"));
        panel.setCurrentStep(1);
        bool micro = false;
        for (auto* box : panel.findChildren<QDoubleSpinBox*>())
            micro = micro || box->suffix() == QStringLiteral(" µs");
        QVERIFY(micro);
    }

    void buttonsFollowTheSelectedStep()
    {
        // Up, Down and Remove follow the row the user selects, not only the model's edits.
        StrategyModel model;
        StrategyPanel panel(&model);
        panel.show();
        for (const char* pass : { "speedup", "tensor_fusion", "recompute" })
            model.addStep(QString::fromLatin1(pass));
        auto* list = panel.findChild<QListView*>(QStringLiteral("strategySteps"));
        QPushButton *up = nullptr, *down = nullptr, *remove = nullptr;
        for (QPushButton* b : panel.findChildren<QPushButton*>()) {
            if (b->text() == QStringLiteral("Up"))
                up = b;
            else if (b->text() == QStringLiteral("Down"))
                down = b;
            else if (b->text() == QStringLiteral("Remove"))
                remove = b;
        }
        QVERIFY(list && up && down && remove);
        list->setCurrentIndex(model.index(0));
        QVERIFY(!up->isEnabled() && down->isEnabled() && remove->isEnabled());
        list->setCurrentIndex(model.index(2));
        QVERIFY(up->isEnabled() && !down->isEnabled());
        list->setCurrentIndex(model.index(1));
        QVERIFY(up->isEnabled() && down->isEnabled());
        // They act on that row: Down moves the middle step last, and it stays selected.
        down->click();
        QCOMPARE(model.steps()[2].step.pass, std::string("tensor_fusion"));
        QCOMPARE(panel.currentStep(), 2);
        QVERIFY(!down->isEnabled());
        remove->click();
        QCOMPARE(model.steps().size(), std::size_t(2));
        QCOMPARE(model.steps()[1].step.pass, std::string("recompute"));
    }

    void editorsStayPutWhenTheOutcomeGrows()
    {
        // One line of outcome or twenty: the step's editors do not move, the outcome's box scrolls.
        StrategyModel model;
        StrategyPanel panel(&model);
        panel.resize(400, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        model.addStep(QStringLiteral("tensor_fusion"));
        panel.setCurrentStep(0);
        QApplication::processEvents();
        auto* field = panel.findChild<QWidget*>(QStringLiteral("param_bucket_cap_mb"));
        QVERIFY(field && field->isVisible());
        panel.setOutcome(QStringLiteral("one line"), false);
        QApplication::processEvents();
        const QPoint before = field->mapTo(&panel, QPoint());
        QStringList lines;
        for (int i = 0; i < 20; ++i)
            lines << QStringLiteral("warning %1: a long line that the outcome's box wraps, as the what-if's notes are").arg(i);
        panel.setOutcome(lines.join(u'\n'), false);
        QApplication::processEvents();
        QCOMPARE(field->mapTo(&panel, QPoint()), before);
        auto* box = panel.findChild<QScrollArea*>(QStringLiteral("whatIfOutcomeBox"));
        QVERIFY(box && box->verticalScrollBar()->maximum() > 0);
    }

    void comparisonStartsCleared()
    {
        ComparisonPanel panel;
        for (int r = 0; r < ComparisonPanel::RowCount; ++r)
            QCOMPARE(panel.text(r, 1), QStringLiteral("–"));
        panel.setResult({});
        QCOMPARE(panel.text(ComparisonPanel::IterationRow, 0), QStringLiteral("–"));
        // However small its dock, every row of the comparison and ten of each list stay readable: the
        // panel asks for their height (its dock then scrolls) rather than squeezing them.
        QScrollArea dock;
        dock.setWidgetResizable(true);
        auto* inDock = new ComparisonPanel;
        dock.setWidget(inDock);
        dock.resize(320, 260);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        auto* table = inDock->findChild<QTableWidget*>(QStringLiteral("comparisonTable"));
        auto* changed = inDock->findChild<QTableWidget*>(QStringLiteral("changedOps"));
        QVERIFY(table && changed);
        const int row = table->verticalHeader()->defaultSectionSize();
        QVERIFY2(table->viewport()->height() >= ComparisonPanel::RowCount * row, qPrintable(QString::number(table->viewport()->height())));
        QVERIFY(changed->viewport()->height() >= ComparisonPanel::kRowsShown * row);
        QVERIFY(dock.verticalScrollBar()->maximum() > 0);
    }

    void comparisonKeepsItsFiguresInANarrowDock()
    {
        // In a dock too narrow for the rows' names and the three columns of figures, the names are
        // elided (whole in their tooltips) and every figure stays in view; in a wide one they are whole.
        QScrollArea dock;
        dock.setWidgetResizable(true);
        auto* panel = new ComparisonPanel;
        dock.setWidget(panel);
        dock.resize(900, 400);
        dock.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dock));
        auto* table = panel->findChild<QTableWidget*>(QStringLiteral("comparisonTable"));
        QVERIFY(table);
        const int whole = table->verticalHeader()->sizeHint().width();
        QTRY_COMPARE(panel->rowNamesWidth(), whole);
        QCOMPARE(table->model()->headerData(ComparisonPanel::ExposedRow, Qt::Vertical).toString(), QStringLiteral("exposed communication (ms)"));
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
        int figures = 0;
        for (int c = 0; c < table->columnCount(); ++c)
            figures += table->columnWidth(c);
        // Narrower than names and figures together, wider than the figures and a few letters.
        dock.resize(figures + whole / 2 + 40, 400);
        QTRY_VERIFY2(panel->rowNamesWidth() < whole, qPrintable(QString::number(panel->rowNamesWidth())));
        QTRY_COMPARE(table->horizontalScrollBar()->maximum(), 0);
        QVERIFY(table->columnViewportPosition(2) + table->columnWidth(2) <= table->viewport()->width());
        const QString name = table->model()->headerData(ComparisonPanel::ExposedRow, Qt::Vertical).toString();
        QVERIFY2(name.endsWith(u'…'), qPrintable(name));
        QCOMPARE(table->model()->headerData(ComparisonPanel::ExposedRow, Qt::Vertical, Qt::ToolTipRole).toString(),
            QStringLiteral("exposed communication (ms)"));
        QCOMPARE(table->model()->headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString(), QStringLiteral("baseline"));
        // Wide again: whole names and titles.
        dock.resize(900, 400);
        QTRY_COMPARE(panel->rowNamesWidth(), whole);
        QCOMPARE(table->model()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("baseline"));
    }
};

QTEST_MAIN(TestStrategyPanel)
#include "tst_strategypanel.moc"
