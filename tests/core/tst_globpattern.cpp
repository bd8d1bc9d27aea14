// GlobPattern: against a backtracking reference on random patterns and names over a small alphabet (where
// every corner of '*' and '?' shows), the anchors, long segments past one machine word, and the inputs
// that make a backtracking matcher quadratic, which must take a count of steps linear in the name.

#include "core/base/globpattern.h"

#include <QElapsedTimer>
#include <QTest>

#include <random>
#include <string>

using namespace sightline;

namespace {

// Exhaustive reference: dynamic programming over (pattern, name) prefixes.
bool reference(std::string_view p, std::string_view t)
{
    std::vector<std::vector<char>> m(p.size() + 1, std::vector<char>(t.size() + 1, 0));
    m[0][0] = 1;
    for (std::size_t i = 1; i <= p.size(); ++i) {
        m[i][0] = m[i - 1][0] && p[i - 1] == '*';
        for (std::size_t j = 1; j <= t.size(); ++j) {
            if (p[i - 1] == '*')
                m[i][j] = m[i - 1][j] || m[i][j - 1];
            else
                m[i][j] = m[i - 1][j - 1] && (p[i - 1] == '?' || p[i - 1] == t[j - 1]);
        }
    }
    return m[p.size()][t.size()];
}

} // namespace

class TestGlobPattern : public QObject {
    Q_OBJECT

private slots:
    void matchesLikeTheReference()
    {
        std::mt19937 random(7);
        const char alphabet[] = { 'a', 'b', '*', '?' };
        for (int round = 0; round < 20000; ++round) {
            std::string p, t;
            for (int k = static_cast<int>(random() % 7); k > 0; --k)
                p += alphabet[random() % 4];
            for (int k = static_cast<int>(random() % 9); k > 0; --k)
                t += alphabet[random() % 2];
            QCOMPARE(GlobPattern(p).matches(t), reference(p, t));
        }
    }

    void anchorsAndPlainNames()
    {
        QVERIFY(GlobPattern("").matches(""));
        QVERIFY(!GlobPattern("").matches("a"));
        QVERIFY(GlobPattern("*").matches(""));
        QVERIFY(GlobPattern("***").matches("anything"));
        QVERIFY(GlobPattern("aten::*").matches("aten::linear"));
        QVERIFY(!GlobPattern("aten::*").matches("xaten::linear"));
        QVERIFY(GlobPattern("*_fwd").matches("conv1_fwd"));
        QVERIFY(!GlobPattern("*_fwd").matches("conv1_fwd_x"));
        QVERIFY(GlobPattern("block_?").matches("block_3"));
        QVERIFY(!GlobPattern("block_?").matches("block_13"));
        QVERIFY(!GlobPattern("a*a").matches("a"));
        QVERIFY(GlobPattern("a*a").matches("aa"));
    }

    // Segments past 64 characters span several words of the scan's state.
    void longSegments()
    {
        const std::string segment = std::string(70, 'x') + "?" + std::string(70, 'y');
        std::string name = std::string(200, 'x') + "z" + std::string(70, 'y') + "tail";
        QVERIFY(GlobPattern("*" + segment + "*").matches(name));
        name[200] = 'z';
        name[230] = 'q'; // inside the y run
        QVERIFY(!GlobPattern("*" + segment + "*").matches(name));
        QCOMPARE(GlobPattern("*" + segment + "*").matches(name), reference("*" + segment + "*", name));
    }

    // A backtracking matcher takes |pattern| x |name| steps on these; the scan takes one pass. A million
    // characters against the longest pattern allowed would take minutes quadratically.
    void noBacktracking()
    {
        const std::string name(1 << 20, 'a');
        const std::string stars(GlobPattern::kMaxLength, '*');
        const std::string hard = "*" + std::string(GlobPattern::kMaxLength - 2, 'a') + "b";
        QElapsedTimer timer;
        timer.start();
        QVERIFY(GlobPattern(stars).matches(name));
        QVERIFY(!GlobPattern(hard).matches(name));
        QVERIFY(!GlobPattern("*a*a*a*a*a*a*a*a*b").matches(name));
        QVERIFY(!GlobPattern(hard + "*").matches(name));
        qInfo("1 MiB name against the worst patterns: %lld ms", static_cast<long long>(timer.elapsed()));
        QVERIFY(GlobPattern::tooLong(std::string(GlobPattern::kMaxLength + 1, '*')));
        QVERIFY(!GlobPattern::tooLong(stars));
    }
};

QTEST_APPLESS_MAIN(TestGlobPattern)
#include "tst_globpattern.moc"
