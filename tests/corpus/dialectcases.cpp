// Case families of the Chrome trace dialects other than Kineto's: what their own finalisers read (a
// Horovod operation's dtype and shape, readiness ticks named by rank) broken in the ways writers and
// disks break it. A field the dialect cannot use is a warning and the event stays; broken text is an
// error naming the file.

#include "basetraces.h"
#include "corpuscases.h"
#include "corpuswriter.h"
#include "expectation.h"

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

// text with every `from` replaced by `to`.
std::string replacedAll(std::string text, const std::string& from, const std::string& to)
{
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
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

    // BytePS: tensors as processes, partitions as threads. A thread that is no partition keeps its ops
    // on a track of its own; what cannot be read of an event is a warning.
    const std::string byteps = BaseTraces::byteps().text();
    auto addByteps = [&](const std::string& id, const std::string& why, const std::string& text, E expect) {
        w.addSingle(cat, id, why, "comm.json", text, expect);
    };
    addByteps("byteps-control", "control: a BytePS communication trace", byteps, E::load().job(1, { 0 }, { "file_order" }));
    addByteps("byteps-partition-number", "a partition written as a number", replaced(byteps, R"("tid": "1")", R"("tid": 1)"), E::load());
    addByteps("byteps-partition-negative", "a partition of -1", replaced(byteps, R"("tid": "1")", R"("tid": "-1")"), E::load());
    addByteps("byteps-partition-word", "a thread that is no partition", replaced(byteps, R"("tid": "1")", R"("tid": "main")"), E::load());
    addByteps("byteps-unknown-stage", "a stage BytePS does not write",
        replaced(byteps, R"(Gradient.dense_kernel.PUSH")", R"(Gradient.dense_kernel.TELEPORT")"), E::load());
    addByteps("byteps-no-totals", "a trace without its totals (no iterations)",
        replacedAll(byteps, R"("tid": "total")", R"("tid": "9")"),
        E::load());
    addByteps("byteps-dur-missing", "a stage without its duration", replaced(byteps, R"("dur": 400, )", ""), E::load().warns({ "missing-field" }));
    addByteps("byteps-truncated", "a trace cut short", byteps.substr(0, byteps.size() / 2), E::error({ "truncated-json" }).withOffset());
    // The local roots of two workers push and pull the same partitions: joined k-th to k-th.
    w.add({ "byteps-two-roots", cat, "the local roots of two workers",
        { w.write("byteps-two-roots/comm.json", byteps), w.write("byteps-two-roots/comm3.json", byteps) }, {},
        E::load().job(2, { 0, 1 }, { "file_order", "file_order" }) });
    // One pushes twice as often: the joins in order cannot all hold, which the replay may refuse as a
    // cycle; it never hangs or crashes.
    w.add({ "byteps-push-counts-differ", cat, "two roots whose pushes of a partition differ in number",
        { w.write("byteps-push-counts-differ/comm.json", byteps),
            w.write("byteps-push-counts-differ/comm3.json", replacedAll(byteps, "COORDINATE_PUSH", "PUSH")) },
        {}, E::load(), E::any() });

    // TensorFlow 1.x timelines: a process per device stream; "stream:all" repeats the streams.
    const std::string tf = BaseTraces::tf1().text();
    auto addTf = [&](const std::string& id, const std::string& why, const std::string& text, E expect) {
        w.addSingle(cat, id, why, "timeline.json", text, expect);
    };
    addTf("tf-control", "control: a TensorFlow timeline", tf, E::load().job(1, { 0 }, { "file_order" }));
    addTf("tf-device-number-huge", "a GPU number past any device",
        replacedAll(tf, "/device:GPU:0/", "/device:GPU:99999999999999999999/"), E::load());
    addTf("tf-device-number-missing", "a GPU without its number", replacedAll(tf, "/device:GPU:0/", "/device:GPU:/"), E::load());
    addTf("tf-only-stream-all", "a timeline whose device rows are all stream:all",
        replacedAll(tf, "stream:14", "stream:all"), E::load());
    addTf("tf-flow-id-missing", "a DataFlow flow without its id", replacedAll(tf, R"(, "id": )", R"(, "idx": )"),
        E::load().warns({ "missing-field" }));
    w.add({ "tf-two-workers", cat, "one timeline per worker",
        { w.write("tf-two-workers/worker0.json", tf), w.write("tf-two-workers/worker1.json", tf) }, {},
        E::load().job(2, { 0, 1 }, { "file_name", "file_name" }) });
}

} // namespace CorpusCases
