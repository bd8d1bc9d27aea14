// ZoomControl: zooming keeps the point under the pointer in place and undoes itself, stops at the
// narrowest span; panning and fitting move by the shares they name. TimelineTheme: bars of the
// kinds and scales as drawn.

#include "widgets/timeline/timelinetheme.h"
#include "widgets/timeline/zoomcontrol.h"

#include <QTest>

class TestZoomControl : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void zoomKeepsTheCentre()
    {
        const QCPRange r(1000, 3000);
        const auto in = ZoomControl::zoomed(r, ZoomControl::kKeyZoomIn, 1500);
        QVERIFY(in);
        QCOMPARE(in->size(), 1600.0);
        // The centre keeps its share of the view: a quarter from the left before and after.
        QCOMPARE((1500 - in->lower) / in->size(), 0.25);
        const auto back = ZoomControl::zoomed(*in, ZoomControl::kKeyZoomOut, 1500);
        QVERIFY(back);
        QVERIFY(std::abs(back->lower - r.lower) < 1e-9 && std::abs(back->upper - r.upper) < 1e-9);
        // Not below the narrowest span.
        QVERIFY(!ZoomControl::zoomed(QCPRange(0, 12), 0.5, 6));
        QVERIFY(ZoomControl::zoomed(QCPRange(0, 20), 0.5, 6));
        // Out of a range narrower than that (a fit to a 1 ns op), zooming out still goes.
        const auto out = ZoomControl::zoomed(ZoomControl::fitted(5, 6), ZoomControl::kKeyZoomOut, 5.5);
        QVERIFY(out && out->size() > 1.1);
    }

    void wheelStepsCompose()
    {
        QCOMPARE(ZoomControl::wheelFactor(0), 1.0);
        QVERIFY(std::abs(ZoomControl::wheelFactor(2) - ZoomControl::kWheelZoom * ZoomControl::kWheelZoom) < 1e-12);
        QVERIFY(std::abs(ZoomControl::wheelFactor(1) * ZoomControl::wheelFactor(-1) - 1.0) < 1e-12);
        QVERIFY(ZoomControl::wheelFactor(1) < 1); // forward zooms in
    }

    void panAndFit()
    {
        const QCPRange moved = ZoomControl::panned(QCPRange(100, 300), -ZoomControl::kPan);
        QCOMPARE(moved.lower, 80.0);
        QCOMPARE(moved.upper, 280.0);
        const QCPRange fit = ZoomControl::fitted(1000, 2000);
        QCOMPARE(fit.lower, 950.0);
        QCOMPARE(fit.upper, 2050.0);
        const QCPRange job = ZoomControl::fitted(0, 500, ZoomControl::kWholeJobMargin);
        QCOMPARE(job.lower, -5.0);
        QCOMPARE(job.upper, 505.0);
        // An empty range still gets a span.
        QVERIFY(ZoomControl::fitted(7, 7).size() > 0);
    }

    void themeShadesBars()
    {
        const TimelineTheme& theme = TimelineTheme::standard();
        using sightline::OpKind;
        QVERIFY(theme.kind(OpKind::ComputeKernel) != theme.kind(OpKind::CpuOp));
        QCOMPARE(theme.kind(OpKind::Send), theme.kind(OpKind::Collective));
        const QColor single = QColor::fromRgb(theme.kindBar(OpKind::ComputeKernel, false, false));
        QCOMPARE(single, theme.kind(OpKind::ComputeKernel));
        QVERIFY(QColor::fromRgb(theme.kindBar(OpKind::ComputeKernel, true, false)).lightness() < single.lightness());
        QVERIFY(QColor::fromRgb(theme.kindBar(OpKind::ComputeKernel, false, true)).lightness() > single.lightness());
        // The scales: the middle bins are the neutral grey, the ends saturated, clamped beyond.
        QCOMPARE(theme.difference(0), theme.slack(4));
        QCOMPARE(theme.difference(9), theme.difference(4));
        QCOMPARE(theme.slack(-3), theme.slack(0));
        QVERIFY(theme.difference(-4) != theme.difference(4));
        QCOMPARE(TimelineTheme::scaleBar(theme.slack(1), false, false), theme.slack(1));
    }
};

QTEST_MAIN(TestZoomControl)
#include "tst_zoomcontrol.moc"
