// Case families of the Chrome trace dialects other than Kineto's: what their own finalisers read (a
// Horovod operation's dtype and shape, readiness ticks named by rank) broken in the ways writers and
// disks break it. A field the dialect cannot use is a warning and the event stays; broken text is an
// error naming the file.

#include "basetraces.h"
#include "corpuscases.h"
#include "corpuswriter.h"
#include "expectation.h"

#include <map>
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

// One GPU's trace of a dPRO folder: two steps of forward, backward, an all-reduce and the update.
std::string dproTrace(int rank)
{
    const char* const ops[] = { "FW.dense.MatMul", "BW.dense.MatMulGrad", "Comm.0.NCCL_ALLREDUCE", "UPDATE_0" };
    std::string t = "{\"traceEvents\": [";
    for (int step = 0; step < 2; ++step) {
        for (int k = 0; k < 4; ++k) {
            const long long ts = 1000000 + step * 1000 + k * 100 + rank;
            t += std::string(step + k == 0 ? "\n" : ",\n") + R"({"ph": "X", "name": ")" + ops[k] + R"(", "ts": )" + std::to_string(ts)
                + R"(, "dur": 90, "pid": "host)" + std::to_string(rank / 2) + ".rank" + std::to_string(rank % 2) + R"(", "tid": "0", "args": {"name": ")"
                + ops[k] + R"(", "step": )" + std::to_string(step) + "}}";
        }
    }
    return t + "\n]}\n";
}

const char* const kDproGraph = "graph [\n  directed 1\n  node [ id 0 label \"FW.dense.MatMul\" ]\n  node [ id 1 label \"BW.dense.MatMulGrad\" ]\n"
                               "  node [ id 2 label \"Comm.0.NCCL_ALLREDUCE\" ]\n  edge [ source 0 target 1 ]\n  edge [ source 1 target 2 ]\n]\n";

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
    // One corrupt readiness tick: the world it would make is said, and a rank past 2^20 or past int64 is
    // kept as a plain event, said too.
    add("horovod-tick-far-rank", "a readiness tick naming rank 1048575", replaced(horovod, R"("name": "3")", R"("name": "1048575")"),
        E::load().warns({ "value-out-of-range" }));
    add("horovod-tick-past-int64", "a readiness tick naming a rank past 2^63", replaced(horovod, R"("name": "3")", R"("name": "99999999999999999999")"),
        E::load().warns({ "value-out-of-range" }));
    add("horovod-closed-array", "a Horovod timeline whose array is closed", closed, E::load().job(4, { 0 }, { "file_order" }));
    add("horovod-negotiation-unended", "a negotiation that never ends",
        closed.substr(0, closed.rfind(']')) + R"(,{"ph": "B", "name": "NEGOTIATE_ALLREDUCE", "ts": 1410488999999, "pid": 1}])",
        E::load().warns({ "unmatched-event" }));
    add("horovod-cycles-only", "a timeline of the background loop's cycles alone",
        "[\n" R"({"ph": "i", "name": "CYCLE_START", "ts": 1410488741507, "s": "g"},)" "\n"
            R"({"ph": "i", "name": "CYCLE_START", "ts": 1410488746885, "s": "g"},)" "\n",
        E::load().warns({ "truncated-json", "no-events" }));
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
    addTf("tf-snapshot-not-object", "a tensor snapshot that is a number, not an object",
        replacedAll(tf, R"("snapshot": {"tensor_description")", R"("snapshot": 7, "x": {"tensor_description")"),
        E::load().warns({ "wrong-type", "missing-field" }));
    addTf("tf-description-garbage", "a tensor description that is not protobuf text",
        replacedAll(tf, "allocated_bytes: 4096", "allocated_bytes: many"), E::load());
    addTf("tf-description-huge", "a tensor of more than a petabyte",
        replacedAll(replacedAll(tf, "allocated_bytes: 4096", "allocated_bytes: 99999999999999999"), "requested_bytes: 4096", "requested_bytes: x"),
        E::load().warns({ "missing-field" }));
    addTf("tf-object-id-missing", "tensor objects without their id", replacedAll(tf, R"("id": 10)", R"("idx": 10)"),
        E::load().warns({ "missing-field" }));
    addTf("tf-object-never-deleted", "tensors created and never deleted",
        replacedAll(tf, R"({"ph": "D")", R"({"ph": "i")"), E::load());
    w.add({ "tf-two-workers", cat, "one timeline per worker",
        { w.write("tf-two-workers/worker0.json", tf), w.write("tf-two-workers/worker1.json", tf) }, {},
        E::load().job(2, { 0, 1 }, { "file_name", "file_name" }) });

    // dPRO folders: host<N>/<gpu>/ with a trace, metadata.json and dag.gml each; one job of four GPUs.
    auto addDpro = [&](const std::string& id, const std::string& why, const std::map<std::string, std::string>& changes, E expect) {
        for (int rank = 0; rank < 4; ++rank) {
            const std::string dir = id + "/host" + std::to_string(rank / 2) + "/" + std::to_string(rank % 2) + "/";
            std::map<std::string, std::string> files { { "trace.json", dproTrace(rank) },
                { "metadata.json", R"({"gradient_name_list": ["dense/kernel"]})" }, { "dag.gml", kDproGraph } };
            if (rank == 3) {
                for (const auto& [name, text] : changes) {
                    if (text.empty())
                        files.erase(name);
                    else
                        files[name] = text;
                }
            }
            for (const auto& [name, text] : files)
                w.write(dir + name, text);
        }
        w.add({ id, cat, why, { id }, {}, expect });
    };
    addDpro("dpro-control", "control: a dPRO folder of 2 hosts x 2 GPUs", {},
        E::load().job(4, { 0, 1, 2, 3 }, { "dpro_layout", "dpro_layout", "dpro_layout", "dpro_layout" }));
    addDpro("dpro-without-extras", "a GPU without metadata or graph", { { "metadata.json", "" }, { "dag.gml", "" } }, E::load());
    addDpro("dpro-no-trace", "a GPU folder without its trace", { { "trace.json", "" } }, E::error({ "invalid-argument" }));
    addDpro("dpro-two-traces", "a GPU folder with two traces", { { "again.json", dproTrace(3) } }, E::error({ "invalid-argument" }));
    addDpro("dpro-metadata-cut", "metadata cut short", { { "metadata.json", R"({"gradient_name_list": ["de)" } },
        E::error({ "truncated-json" }));
    addDpro("dpro-metadata-type", "gradient names that are numbers", { { "metadata.json", R"({"gradient_name_list": [1, 2]})" } },
        E::error({ "wrong-type" }));
    addDpro("dpro-graph-garbage", "a dag.gml that is not GML", { { "dag.gml", "graph [ node [ id 0 ] ; ]" } }, E::error({ "wrong-type" }).withOffset());
    addDpro("dpro-graph-unknown-op", "a dependency naming an op the trace does not have",
        { { "dag.gml", "graph [ node [ id 0 label \"FW.nothing\" ] node [ id 1 label \"UPDATE_0\" ] edge [ source 0 target 1 ] ]" } },
        E::load().warns({ "unmatched-event" }));
    // dPRO joins ops by name and step: a step that is not a whole number would join iterations, so it is
    // refused at its event.
    addDpro("dpro-step-text", "a step that is not a number", { { "trace.json", replacedAll(dproTrace(3), R"("step": 1)", R"("step": "one")") } },
        E::error({ "wrong-type" }).withOffset());
    addDpro("dpro-step-fraction", "a step of 0.5", { { "trace.json", replacedAll(dproTrace(3), R"("step": 1)", R"("step": 0.5)") } },
        E::error({ "wrong-type" }).withOffset());
    addDpro("dpro-step-huge", "a step of 1e18", { { "trace.json", replacedAll(dproTrace(3), R"("step": 1)", R"("step": 1000000000000000000)") } },
        E::error({ "value-out-of-range" }).withOffset());
    addDpro("dpro-step-negative", "a step of -2^32", { { "trace.json", replacedAll(dproTrace(3), R"("step": 1)", R"("step": -4294967296)") } },
        E::error({ "value-out-of-range" }).withOffset());
    addDpro("dpro-trace-cut", "a GPU's trace cut short", { { "trace.json", dproTrace(3).substr(0, 200) } }, E::error({ "truncated-json" }));
}

} // namespace CorpusCases
