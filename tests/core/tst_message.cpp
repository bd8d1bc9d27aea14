// Message: a template and its arguments said in English, nested messages, plain texts, and fill()'s one
// pass over %1 ... %9, which leaves a % that is no placeholder of a given argument as it is. Status
// carries the message it was made with and its English as the detail.

#include "core/base/message.h"
#include "core/base/status.h"

#include <QTest>

using namespace sightline;

class TestMessage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fill_data()
    {
        QTest::addColumn<QString>("tmpl");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("filled");
        QTest::newRow("in order") << "%1 of %2" << QStringList { "3", "9" } << "3 of 9";
        QTest::newRow("out of order") << "%2 before %1" << QStringList { "a", "b" } << "b before a";
        QTest::newRow("twice") << "%1 micro-batches of 1/%1" << QStringList { "4" } << "4 micro-batches of 1/4";
        QTest::newRow("percent sign") << "take %1 % of it" << QStringList { "29" } << "take 29 % of it";
        QTest::newRow("past the arguments") << "%1 and %2" << QStringList { "x" } << "x and %2";
        QTest::newRow("%0 is no placeholder") << "%0%1" << QStringList { "y" } << "%0y";
        QTest::newRow("trailing percent") << "100%" << QStringList {} << "100%";
        QTest::newRow("argument holding a placeholder") << "%1 %2" << QStringList { "%2", "z" } << "%2 z";
        QTest::newRow("nine") << "%9" << QStringList { "1", "2", "3", "4", "5", "6", "7", "8", "nine" } << "nine";
        QTest::newRow("utf-8") << "%1–%2 MB" << QStringList { "1", "2" } << "1–2 MB";
    }

    void fill()
    {
        QFETCH(QString, tmpl);
        QFETCH(QStringList, args);
        QFETCH(QString, filled);
        std::vector<std::string> given;
        for (const QString& a : args)
            given.push_back(a.toStdString());
        QCOMPARE(QString::fromStdString(Message::fill(tmpl.toStdString(), given)), filled);
    }

    void englishOfNestedMessages()
    {
        const Message inner(SL_TEXT("Core", "rank %1 is not in the job"), { 7 });
        const Message outer(SL_TEXT("Core", "step %1 (%2): %3"), { std::size_t(2), std::string("straggler"), inner });
        QCOMPARE(outer.english(), std::string("step 2 (straggler): rank 7 is not in the job"));
        QCOMPARE(std::string(outer.text()), std::string("step %1 (%2): %3"));
        QCOMPARE(outer.args().size(), std::size_t(3));
        QVERIFY(outer.args()[2].message() != nullptr);
        QVERIFY(outer.args()[1].message() == nullptr);
        QCOMPARE(outer.args()[0].text(), std::string("2"));
        // Negative and wide integers are said in full.
        QCOMPARE(Message("%1 %2", { -1, std::int64_t(1) << 40 }).english(), std::string("-1 1099511627776"));
    }

    void plainTextsStayAsTheyAre()
    {
        const Message plain = Message::plain("100 % of %1, as read");
        QCOMPARE(plain.english(), std::string("100 % of %1, as read"));
        QVERIFY(!plain.empty());
        QVERIFY(Message().empty());
        QCOMPARE(Message().english(), std::string());
        const std::vector<Message> all { Message(SL_TEXT("Core", "baseline: %1"), { plain }), Message("two") };
        QCOMPARE(Message::englishAll(all), (std::vector<std::string> { "baseline: 100 % of %1, as read", "two" }));
    }

    void equalMessagesAreOneSentence()
    {
        // Equal: the same template (by its text, wherever the literal lies) with equal arguments,
        // nested ones compared in turn. What the importers count their warnings by.
        const std::string tmpl = "events of phase '%1' are not represented; skipped";
        const Message a(SL_TEXT("Core", "events of phase '%1' are not represented; skipped"), { "s" });
        const Message b(tmpl.c_str(), { "s" });
        QVERIFY(a == b);
        QVERIFY(!(a == Message(tmpl.c_str(), { "t" })));
        QVERIFY(!(a == Message(tmpl.c_str())));
        QVERIFY(!(a == Message::plain(a.english())));
        const Message inner(SL_TEXT("Core", "rank %1 is not in the job"), { 7 });
        const Message outer(SL_TEXT("Core", "step %1 (%2): %3"), { 2, "straggler", inner });
        QVERIFY(outer
            == Message(SL_TEXT("Core", "step %1 (%2): %3"),
                { 2, "straggler", Message(SL_TEXT("Core", "rank %1 is not in the job"), { 7 }) }));
        QVERIFY(!(outer
            == Message(SL_TEXT("Core", "step %1 (%2): %3"),
                { 2, "straggler", Message(SL_TEXT("Core", "rank %1 is not in the job"), { 8 }) })));
        // A nested message is not the text it would read as.
        QVERIFY(!(outer == Message(SL_TEXT("Core", "step %1 (%2): %3"), { 2, "straggler", inner.english() })));
        QVERIFY(Message() == Message());
    }

    void statusCarriesItsMessage()
    {
        const Message said(SL_TEXT("Core", "parameter '%1' wants a number"), { "rank" });
        const Status s = Status::error(ErrorCode::InvalidArgument, "strategy.json", -1, said);
        QCOMPARE(s.detail(), std::string("parameter 'rank' wants a number"));
        QCOMPARE(std::string(s.message().text()), std::string("parameter '%1' wants a number"));
        QCOMPARE(s.toString(), std::string("strategy.json: invalid-argument: parameter 'rank' wants a number"));
        // A detail given as text is a plain message of itself.
        const Status text = Status::error(ErrorCode::NotATrace, "a.json", 3, "no traceEvents");
        QCOMPARE(text.message().english(), std::string("no traceEvents"));
        QVERIFY(Status::cancelled().message().empty());
        QVERIFY(Status().message().empty());
    }
};

QTEST_APPLESS_MAIN(TestMessage)
#include "tst_message.moc"
