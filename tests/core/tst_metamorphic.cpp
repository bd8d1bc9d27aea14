// The metamorphic suite: relations that must hold whatever the model, over every job at hand (the real
// traces beside the checkout, the ground-truth fixtures, the bundled examples and generated jobs), for
// every pass and a grid of its parameters. A failure names the job, the strategy and the relation.

#include "core/analysis/steptimes.h"
#include "core/exec/analysiscache.h"
#include "core/exec/collectiveroles.h"
#include "core/exec/executiongraph.h"
#include "core/exec/tensormodel.h"
#include "core/replay/schedule.h"
#include "core/session/jobsession.h"
#include "core/strategy/passregistry.h"
#include "core/strategy/strategyrunner.h"

#include "metamorphicjobs.h"
#include "sanitizerstage.h"
#include "testsupport.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace sightline;
using namespace sightline::metamorphic;
using strategyjobs::oneStep;

namespace {

// A step of each pass that applies to the job as it stands, with its parameters for this job.
PassStep defaultStep(const std::string& pass, const JobSession& session)
{
    const ExecutionGraph& g = *session.measured();
    const std::int32_t ranks = static_cast<std::int32_t>(g.ranks().size());
    if (pass == "speedup")
        return { pass, { { "percent", 20.0 } } };
    if (pass == "straggler")
        return { pass, { { "rank", static_cast<double>(ranks > 0 ? g.ranks().front().rank : 0) } } };
    if (pass == "network")
        return { pass, { { "bandwidth_scale", 0.5 } } };
    if (pass == "tensor_fusion")
        return { pass, { { "bucket_cap_mb", 25.0 } } };
    if (pass == "worker_count")
        return { pass, { { "workers", static_cast<double>(2 * std::max(ranks, g.trace().worldSize())) } } };
    if (pass == "grad_accumulation")
        return { pass, { { "micro_batches", 2.0 } } };
    if (pass == "batch_size")
        return { pass, { { "factor", 0.5 } } };
    return { pass, {} };
}

double iterationOf(const ReplayResult& r)
{
    return StepTimes::iteration(r.schedule).replayed;
}

// Within 0.1 % and 1 us: a relation that must hold exactly may still meet rounding in the cost model.
bool atMost(double a, double b)
{
    return a <= b + std::max(1000.0, 1e-3 * std::abs(b));
}

std::string ms(double ns)
{
    return std::to_string(ns / 1e6) + " ms";
}

// Items a step at an extreme value adds to the job: copies of it (micro-batches, workers) or pieces
// of its gradient buckets (a partition size); 0 for the other parameters.
double itemsAdded(const std::string& parameter, double value, const JobSession& session)
{
    const double items = static_cast<double>(session.measured()->itemCount());
    if (parameter == "micro_batches" || parameter == "workers")
        return items * value;
    const Expected<TensorModel>& tensors = session.analyses().tensors();
    if (parameter != "partition_bytes" || !tensors)
        return 0;
    double pieces = 0;
    for (const TensorModel::Step& step : tensors->steps()) {
        for (const TensorModel::Bucket& bucket : step.buckets)
            pieces += std::ceil(static_cast<double>(bucket.bytes) / value) * static_cast<double>(step.ranks.size());
    }
    return pieces;
}

std::string describe(const Strategy& s)
{
    std::string text;
    for (const PassStep& step : s.steps)
        text += (text.empty() ? "" : " then ") + step.pass;
    return text;
}

} // namespace

// The relations of one job, each broken one kept as a sentence naming the job, the strategy and the
// relation.
class Relations {
public:
    Relations(std::string job, std::shared_ptr<const JobSession> session)
        : m_job(std::move(job))
        , m_session(std::move(session))
    {
    }

    // The what-if of a strategy, or null when the strategy does not apply to the job (said by a step).
    std::shared_ptr<const WhatIfResult> run(const Strategy& s)
    {
        auto r = m_session->whatIf({ s });
        if (!r) {
            if (r.status().detail().rfind("step ", 0) != 0)
                fail(s, "fails without naming its step: " + r.status().toString());
            return nullptr;
        }
        return std::make_shared<const WhatIfResult>(std::move(*r));
    }
    void fail(const Strategy& s, const std::string& relation) { m_failures.push_back(m_job + ": " + describe(s) + ": " + relation); }
    // The what-if is its baseline: the same iteration (identity).
    void identity(const Strategy& s)
    {
        if (const auto r = run(s); r && !(atMost(iterationOf(*r->whatIf), iterationOf(*r->baseline)) && atMost(iterationOf(*r->baseline), iterationOf(*r->whatIf))))
            fail(s, "is an identity, but the iteration went from " + ms(iterationOf(*r->baseline)) + " to " + ms(iterationOf(*r->whatIf)));
    }
    // The what-if is no slower than its baseline.
    void noSlower(const Strategy& s)
    {
        if (const auto r = run(s); r && !atMost(iterationOf(*r->whatIf), iterationOf(*r->baseline)))
            fail(s, "must not slow the job, but the iteration went from " + ms(iterationOf(*r->baseline)) + " to " + ms(iterationOf(*r->whatIf)));
    }
    // The iterations of the strategies do not fall (rising: each no faster than the one before).
    void ordered(const std::vector<Strategy>& chain, const std::string& why)
    {
        double previous = -1;
        for (const Strategy& s : chain) {
            const auto r = run(s);
            if (!r)
                return;
            const double it = iterationOf(*r->whatIf);
            if (previous >= 0 && !atMost(previous, it))
                fail(s, why + ", but it took " + ms(it) + " after " + ms(previous));
            previous = it;
        }
    }
    // No device work of a rank with steps ends after the step it belongs to, or belongs to none.
    void deviceWorkInSteps(const Strategy& s, const WhatIfResult& r)
    {
        const ExecutionGraph& g = *r.whatIf->graph;
        const Schedule& sc = r.whatIf->schedule;
        std::map<std::pair<std::uint32_t, std::int64_t>, TimeNs> stepEnd;
        for (const ReplayedStep& st : sc.steps)
            stepEnd[{ st.rank.value(), st.number }] = st.end;
        std::size_t outside = 0, late = 0;
        for (std::uint32_t i = 0; i < g.itemCount(); ++i) {
            const ItemId item(i);
            if (!g.onDevice(item) || !sc.replayed(i) || g.name(item).starts_with("before the window: "))
                continue;
            const std::int32_t k = g.stepOfStart(item);
            if (k < 0) {
                outside += !g.steps().empty();
                continue;
            }
            const ExecStep& step = g.steps()[static_cast<std::size_t>(k)];
            const auto end = stepEnd.find({ step.rank.value(), step.number });
            late += end != stepEnd.end() && sc.end[i] > end->second;
        }
        if (outside > 0)
            fail(s, std::to_string(outside) + " device items belong to no step");
        if (late > 0)
            fail(s, std::to_string(late) + " device items end after their step");
    }
    const std::vector<std::string>& failures() const { return m_failures; }
    const JobSession& session() const { return *m_session; }

private:
    std::string m_job;
    std::shared_ptr<const JobSession> m_session;
    std::vector<std::string> m_failures;
};

std::string joined(const std::vector<std::string>& lines)
{
    std::string text;
    for (const std::string& l : lines)
        text += "\n  " + l;
    return text;
}

class TestMetamorphic : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void relationsHold_data()
    {
        QTest::addColumn<int>("job");
        const auto all = jobs();
        for (std::size_t k = 0; k < all.size(); ++k)
            QTest::newRow(all[k].first.name.c_str()) << static_cast<int>(k);
    }

    // Whatever the model: the identities are identities; a faster item, more bandwidth or a fixed
    // straggler never slows the job, less bandwidth never speeds it up; op fusion never adds kernels; a
    // bucket cap above the gradients' total makes one bucket a step; device work stays in its step.
    void relationsHold()
    {
        QFETCH(int, job);
        const Job j = jobs()[static_cast<std::size_t>(job)].first;
        const auto session = j.open();
        QVERIFY2(session, j.name.c_str());
        Relations check(j.name, session);
        const ExecutionGraph& g = *session->measured();
        check.identity(Strategy {});
        check.identity(oneStep("speedup", { { "percent", 0.0 } }));
        check.identity(oneStep("grad_accumulation", { { "micro_batches", 1.0 } }));
        check.identity(oneStep("network", { { "bandwidth_scale", 1.0 } }));
        const CollectiveRoles& roles = session->analyses().collectiveRoles();
        (void)roles;
        {
            // The measured size: the data-parallel group as the pass finds it (a trace with peers outside
            // it, its world).
            const std::int32_t world = std::max(g.trace().worldSize(), static_cast<std::int32_t>(g.ranks().size()));
            const auto r = check.run(oneStep("worker_count", { { "workers", static_cast<double>(world) } }));
            if (r && g.ranks().size() == static_cast<std::size_t>(world) && r->whatIf->graph->ranks().size() == g.ranks().size())
                check.identity(oneStep("worker_count", { { "workers", static_cast<double>(world) } }));
        }
        for (const char* kind : { "any", "compute", "cpu" }) {
            std::vector<Strategy> chain;
            for (double percent : { 90.0, 50.0, 10.0, 0.0 })
                chain.push_back(oneStep("speedup", { { "percent", percent }, { "kind", std::string(kind) } }));
            check.ordered(chain, std::string("a smaller speed-up of ") + kind + " items must not be faster");
            check.noSlower(chain.front());
        }
        check.ordered({ oneStep("network", { { "bandwidth_scale", 4.0 } }), oneStep("network", { { "bandwidth_scale", 2.0 } }),
                          oneStep("network", { { "bandwidth_scale", 1.0 } }), oneStep("network", { { "bandwidth_scale", 0.5 } }),
                          oneStep("network", { { "bandwidth_scale", 0.25 } }) },
            "less bandwidth must not be faster");
        // A batch of the measured samples leaves the job as it is, and more samples are never faster.
        check.identity(oneStep("batch_size", { { "factor", 1.0 } }));
        check.ordered({ oneStep("batch_size", { { "factor", 0.25 } }), oneStep("batch_size", { { "factor", 0.5 } }),
                          oneStep("batch_size", { { "factor", 1.0 } }), oneStep("batch_size", { { "factor", 2.0 } }) },
            "more samples a step must not be faster");
        for (const ExecRank& r : g.ranks())
            check.noSlower(oneStep("straggler", { { "rank", static_cast<double>(r.rank) } }));
        // Op fusion never adds kernels.
        for (const char* kernels : { "elementwise", "all" }) {
            const Strategy s = oneStep("op_fusion", { { "kernels", std::string(kernels) } });
            if (const auto r = check.run(s)) {
                const auto kernelsOf = [](const ExecutionGraph& x) {
                    std::size_t n = 0;
                    for (std::uint32_t i = 0; i < x.itemCount(); ++i)
                        n += x.kind(ItemId(i)) == OpKind::ComputeKernel && x.onDevice(ItemId(i));
                    return n;
                };
                if (kernelsOf(*r->whatIf->graph) > kernelsOf(*r->baseline->graph))
                    check.fail(s, "fusion must not add kernels");
            }
        }
        // A cap above every step's gradients: one bucket a step for each data-parallel group.
        {
            const Strategy s = oneStep("tensor_fusion", { { "bucket_cap_mb", 1e6 }, { "first_bucket_mb", 1e6 } });
            const Expected<TensorModel>& tensors = session->analyses().tensors();
            if (const auto r = check.run(s); r && tensors) {
                std::size_t buckets = 0;
                const ExecutionGraph& w = *r->whatIf->graph;
                for (std::uint32_t i = 0; i < w.itemCount(); ++i)
                    buckets += w.hasFlag(ItemId(i), ExecutionGraph::Synthetic) && w.name(ItemId(i)).starts_with("allreduce bucket 0 ")
                        && (!w.track(ItemId(i)).isValid() || tensors->partial());
                std::size_t any = 0;
                for (std::uint32_t i = 0; i < w.itemCount(); ++i)
                    any += w.hasFlag(ItemId(i), ExecutionGraph::Synthetic) && w.name(ItemId(i)).starts_with("allreduce bucket 1 ");
                if (any > 0)
                    check.fail(s, "a cap above the gradients' total must make one bucket a step, but a step has a second");
                (void)buckets;
            }
        }
        // Device work stays in its step, for every pass at its defaults.
        for (const Pass* p : PassRegistry::all()) {
            const Strategy s { { defaultStep(std::string(p->name()), *session) } };
            if (const auto r = check.run(s))
                check.deviceWorkInSteps(s, *r);
        }
        QVERIFY2(check.failures().empty(), joined(check.failures()).c_str());
    }

    void extremeParameters_data() { everyPairComposes_data(); }

    // Every pass at the ends of every numeric parameter's range answers, or refuses naming its step
    // and no trace file; an answer is a finite time the replay keeps. The relations hold out there
    // too: less bandwidth is never faster however little, down to the scales of several steps, and a
    // slow-down stacked more times is never faster.
    // Values that copy the job (micro-batches, workers) or cut its buckets into pieces make graphs of
    // millions of items on the larger jobs: a minute each, which the benchmarks measure, so those that
    // add more than 3 M items are left out. In the sanitizer stage, where an item costs ten times as
    // much, so are those that add more than 50 k (the corpus's tst_hostileinputs runs a partition into
    // 714 k pieces there, alone).
    void extremeParameters()
    {
        QFETCH(int, job);
        const Job j = jobs()[static_cast<std::size_t>(job)].first;
        const auto session = j.open();
        QVERIFY2(session, j.name.c_str());
        Relations check(j.name, session);
        const double itemCap = inSanitizerStage() ? 5e4 : 3e6;
        for (const Pass* p : PassRegistry::all()) {
            const std::string name(p->name());
            for (const ParameterSpec& spec : p->parameters()) {
                if ((spec.type != ParameterSpec::Type::Number && spec.type != ParameterSpec::Type::Integer) || spec.min == spec.max)
                    continue;
                for (const double value : { spec.min, spec.max }) {
                    PassStep step = defaultStep(name, *session);
                    step.params[spec.name] = value;
                    if (itemsAdded(spec.name, value, *session) > itemCap)
                        continue;
                    const Strategy s { { step } };
                    const auto r = session->whatIf({ s });
                    if (!r) {
                        if (!r.status().detail().starts_with("step 1 (" + name + ")") || !r.status().file().empty())
                            check.fail(s, spec.name + " = " + std::to_string(value) + " fails without naming its step alone: " + r.status().toString());
                        continue;
                    }
                    const double it = iterationOf(*r->whatIf);
                    if (!std::isfinite(it) || it < 0 || r->whatIf->schedule.timesOutOfRange)
                        check.fail(s, spec.name + " = " + std::to_string(value) + " gives an iteration of " + ms(it) + " outside the replay's range");
                }
            }
        }
        const auto scales = [](std::initializer_list<double> each) {
            Strategy s;
            for (const double scale : each)
                s.steps.push_back({ "network", { { "bandwidth_scale", scale } } });
            return s;
        };
        check.ordered({ scales({ 1.0 }), scales({ 0.1 }), scales({ 0.01 }), scales({ 0.001 }), scales({ 0.001, 0.1 }), scales({ 0.001, 0.001 }) },
            "less bandwidth must not be faster, however little");
        const auto slowdowns = [](int n) {
            Strategy s;
            for (int k = 0; k < n; ++k)
                s.steps.push_back({ "speedup", { { "percent", -900.0 } } });
            return s;
        };
        check.ordered({ slowdowns(1), slowdowns(2), slowdowns(4) }, "a slow-down stacked more times must not be faster");
        QVERIFY2(check.failures().empty(), joined(check.failures()).c_str());
    }

    void everyPairComposes_data()
    {
        QTest::addColumn<int>("job");
        const auto all = jobs();
        for (std::size_t k = 0; k < all.size(); ++k) {
            if (all[k].second)
                QTest::newRow(all[k].first.name.c_str()) << static_cast<int>(k);
        }
    }

    // Every pair of passes, in both orders, on every job where each applies alone, works or fails with
    // an error that names both steps.
    void everyPairComposes()
    {
        QFETCH(int, job);
        const Job j = jobs()[static_cast<std::size_t>(job)].first;
        const auto session = j.open();
        QVERIFY2(session, j.name.c_str());
        std::vector<std::string> applies;
        for (const Pass* p : PassRegistry::all()) {
            const std::string name(p->name());
            const auto alone = session->whatIf({ Strategy { { defaultStep(name, *session) } } });
            if (alone)
                applies.push_back(name);
            else
                QVERIFY2(alone.status().detail().starts_with("step 1 (" + name + ")"), (j.name + ": " + alone.status().detail()).c_str());
        }
        std::vector<std::string> failures;
        for (const std::string& a : applies) {
            for (const std::string& b : applies) {
                if (a == b)
                    continue;
                const Strategy s { { defaultStep(a, *session), defaultStep(b, *session) } };
                const auto r = session->whatIf({ s });
                if (r)
                    continue;
                const std::string& detail = r.status().detail();
                const bool namesBoth = detail.find("step 1 (" + a + ")") != std::string::npos && detail.find("step 2 (" + b + ")") != std::string::npos;
                if (!namesBoth || !r.status().file().empty())
                    failures.push_back(describe(s) + ": " + r.status().toString());
            }
        }
        QVERIFY2(failures.empty(), (j.name + ":" + joined(failures)).c_str());
    }
};

QTEST_GUILESS_MAIN(TestMetamorphic)
#include "tst_metamorphic.moc"
