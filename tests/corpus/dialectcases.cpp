// Case families of the Chrome trace dialects other than Kineto's: what their own finalisers read (a
// Horovod operation's dtype and shape, readiness ticks named by rank) broken in the ways writers and
// disks break it. A field the dialect cannot use is a warning and the event stays; broken text is an
// error naming the file.

#include "basetraces.h"
#include "corpuscases.h"
#include "corpuswriter.h"

#include <string>

namespace CorpusCases {

namespace {

using E = Expectation;

// text with its first `from` replaced by `to`; the generator's own mistake when absent (aborts).
std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    text.replace(offsetOf(text, from), from.size(), to);
    return text;
}

} // namespace

void addDialects(CorpusWriter& w)
{
    const std::string cat = "dialects";
    const std::string horovod = BaseTraces::horovod().text();
    const std::string shape = R"("shape": "[1024, 10]")";
    auto add = [&](const std::string& id, const std::string& why, const std::string& text, E expect) {
        w.addSingle(cat, id, why, "horovod_timeline.json", text, expect);
    };
    // Four ranks report readiness: the coordinator's file is rank 0 of a job of four.
    add("horovod-control", "control: a Horovod timeline, its array left open as Horovod leaves it", horovod,
        E::load().warns({ "truncated-json" }).job(4, { 0 }, { "file_order" }));
    add("horovod-shape-number", "a tensor shape that is a number", replaced(horovod, shape, R"("shape": 1024)"),
        E::load().warns({ "wrong-type" }));
    add("horovod-shape-text", "a tensor shape that is not a list of numbers", replaced(horovod, shape, R"("shape": "[a, 10]")"),
        E::load().warns({ "wrong-type" }));
    add("horovod-shape-spaced-digits", "a dimension with a space inside", replaced(horovod, shape, R"("shape": "[10 24, 10]")"),
        E::load().warns({ "wrong-type" }));
    add("horovod-shape-huge", "a tensor of more than 2^62 bytes", replaced(horovod, shape, R"("shape": "[4611686018427387904, 4]")"),
        E::load());
    add("horovod-dtype-unknown", "a dtype whose size is not known", replaced(horovod, R"("dtype": "float32")", R"("dtype": "quaternion")"),
        E::load().warns({ "wrong-type" }));
    add("horovod-tick-rank-huge", "a readiness tick naming rank 2^20", replaced(horovod, R"("name": "3")", R"("name": "1048576")"),
        E::load().warns({ "value-out-of-range" }));
    add("horovod-cut-mid-event", "a timeline that stops in the middle of an event",
        horovod.substr(0, horovod.size() - 30), E::load().warns({ "truncated-json" }));
    std::string closed = horovod.substr(0, horovod.find_last_not_of(" \t\r\n,") + 1) + "\n]\n";
    add("horovod-closed-array", "a Horovod timeline whose array is closed", closed, E::load().job(4, { 0 }, { "file_order" }));
    add("horovod-negotiation-unended", "a negotiation that never ends",
        closed.substr(0, closed.rfind(']')) + R"(,{"ph": "B", "name": "NEGOTIATE_ALLREDUCE", "ts": 1410488999999, "pid": 1}])",
        E::load().warns({ "unmatched-event" }));
    add("horovod-wrong-bracket", "an event closed by the wrong bracket",
        replaced(horovod, R"("name": "NEGOTIATE_ALLREDUCE", "ts": 1410488741508, "pid": 1})",
            R"("name": "NEGOTIATE_ALLREDUCE", "ts": 1410488741508, "pid": 1])"),
        E::error({ "invalid-json" }).withOffset());
}

} // namespace CorpusCases
