#include "basetraces.h"

#include <cstdio>

namespace {

using Object = TraceDocument::Object;
const auto str = TraceDocument::str;
const auto num = TraceDocument::num;

constexpr long long kUs = 1000; // ns per microsecond
constexpr long long kCpuPid = 1000;
constexpr long long kMainTid = 2000;
constexpr long long kAutogradTid = 2001;
constexpr long long kComputeStream = 7;
constexpr long long kNcclStream = 21;

// A complete (ph X) event; times in ns.
Object complete(std::string_view cat, std::string_view name, long long pid, long long tid, long long ts, long long dur)
{
    Object o;
    o.set("ph", str("X")).set("cat", str(cat)).set("name", str(name)).set("pid", num(pid)).set("tid", num(tid));
    o.set("ts", BaseTraces::us(ts)).set("dur", BaseTraces::us(dur));
    return o;
}

Object flow(char ph, std::string_view cat, long long id, long long pid, long long tid, long long ts)
{
    Object o;
    o.set("ph", str(std::string(1, ph))).set("id", num(id)).set("pid", num(pid)).set("tid", num(tid));
    o.set("ts", BaseTraces::us(ts)).set("cat", str(cat)).set("name", str(cat));
    if (ph == 'f')
        o.set("bp", str("e"));
    return o;
}

Object metadata(std::string_view name, long long pid, long long tid)
{
    Object o;
    o.set("name", str(name)).set("ph", str("M")).set("ts", "0").set("pid", num(pid)).set("tid", num(tid));
    return o;
}

Object collectiveArgs(int worldSize, long long correlation)
{
    std::string ranks = "[";
    for (int r = 0; r < worldSize; ++r)
        ranks += (r > 0 ? ", " : "") + std::to_string(r);
    ranks += "]";
    Object a;
    if (correlation >= 0)
        a.set("correlation", num(correlation));
    a.set("Collective name", str("allreduce")).set("In msg nelems", num(65536)).set("Out msg nelems", num(65536));
    a.set("Group size", num(worldSize)).set("dtype", str("Float")).set("Process Group Name", str("0"));
    a.set("Process Group Description", str("default_pg")).set("Process Group Ranks", str(ranks));
    return a;
}

} // namespace

std::string BaseTraces::us(long long ns)
{
    const bool negative = ns < 0;
    const unsigned long long a
        = negative ? 0ull - static_cast<unsigned long long>(ns) : static_cast<unsigned long long>(ns);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu", negative ? "-" : "", a / 1000, a % 1000);
    return buf;
}

TraceDocument::Object BaseTraces::processGroup(int worldSize)
{
    std::string ranks = "[";
    for (int r = 0; r < worldSize; ++r)
        ranks += (r > 0 ? ", " : "") + std::to_string(r);
    ranks += "]";
    Object group;
    group.set("pg_name", str("0")).set("pg_desc", str("default_pg")).set("backend_config", str("cuda:nccl"));
    group.set("pg_size", num(worldSize)).set("ranks", ranks);
    return group;
}

TraceDocument::Object BaseTraces::distributedInfo(int rank, int worldSize, const std::string& pgConfig)
{
    Object info;
    info.set("backend", str("nccl")).set("rank", num(rank)).set("world_size", num(worldSize));
    info.set("pg_count", "1").set("pg_config", pgConfig);
    return info;
}

TraceDocument BaseTraces::kinetoRank(int rank, int worldSize, int steps, long long shiftNs)
{
    TraceDocument doc;
    const Object info = distributedInfo(rank, worldSize, "[" + processGroup(worldSize).text() + "]");
    Object device;
    device.set("id", "0").set("name", str("NVIDIA A100-SXM4-80GB")).set("totalGlobalMem", num(85899345920));
    device.set("computeMajor", "8").set("computeMinor", "0");
    doc.head.set("schemaVersion", "1").set("deviceProperties", "[" + device.text() + "]");
    doc.head.set("distributedInfo", info.text());
    doc.tail.set("traceName", str("rank" + std::to_string(rank) + ".json")).set("displayTimeUnit", str("ms"));
    doc.tail.set("baseTimeNanoseconds", num(1700000000000000000));

    doc.add("meta-process", metadata("process_name", kCpuPid, 0), Object().set("name", str("python3")));
    doc.add(
        "meta-main", metadata("thread_name", kCpuPid, kMainTid), Object().set("name", str("thread 2000 (python3)")));
    doc.add("meta-stream", metadata("thread_name", 0, kComputeStream), Object().set("name", str("stream 7 ")));
    doc.add("meta-labels", metadata("process_labels", 0, 0), Object().set("labels", str("GPU 0")));
    doc.add("meta-sort", metadata("thread_sort_index", kCpuPid, kMainTid), Object().set("sort_index", num(kMainTid)));

    const long long skew = shiftNs + rank * 3 * kUs;
    for (int s = 1; s <= steps; ++s) {
        const std::string n = std::to_string(s);
        const long long t = skew + (1000 + (s - 1) * 10000) * kUs;
        const long long c = s * 10;
        doc.add("step" + n, complete("user_annotation", "ProfilerStep#" + n, kCpuPid, kMainTid, t, 9000 * kUs),
            Object().set("External id", num(c)));
        Object b;
        b.set("ph", str("B"))
            .set("cat", str("user_annotation"))
            .set("name", str("DataLoader"))
            .set("pid", num(kCpuPid));
        b.set("tid", num(kMainTid)).set("ts", us(t + 10 * kUs));
        doc.add("loaderB" + n, b);
        Object e = b;
        e.set("ph", str("E")).set("ts", us(t + 60 * kUs));
        doc.add("loaderE" + n, e);

        doc.add("linear" + n, complete("cpu_op", "aten::linear", kCpuPid, kMainTid, t + 100 * kUs, 200 * kUs),
            Object()
                .set("External id", num(c + 1))
                .set("Sequence number", num(s))
                .set("Fwd thread id", "0")
                .set("Input Dims", "[[64, 1024], [1024, 1024], [1024]]")
                .set("Input type", "[\"float\", \"float\", \"float\"]"));
        doc.add("fwdbwd-s" + n, flow('s', "fwdbwd", 1000 + s, kCpuPid, kMainTid, t + 100 * kUs));
        doc.add("launch" + n, complete("cuda_runtime", "cudaLaunchKernel", kCpuPid, kMainTid, t + 150 * kUs, 20 * kUs),
            Object().set("External id", num(c + 1)).set("cbid", "211").set("correlation", num(c + 1)));
        doc.add("ac2g-s" + n, flow('s', "ac2g", c + 1, kCpuPid, kMainTid, t + 150 * kUs));
        doc.add("copy" + n, complete("cuda_runtime", "cudaMemcpyAsync", kCpuPid, kMainTid, t + 320 * kUs, 10 * kUs),
            Object().set("External id", num(c + 1)).set("cbid", "41").set("correlation", num(c + 2)));
        doc.add("comms" + n, complete("cpu_op", "record_param_comms", kCpuPid, kMainTid, t + 400 * kUs, 50 * kUs),
            collectiveArgs(worldSize, -1).set("External id", num(c + 3)));
        doc.add("ncclLaunch" + n,
            complete("cuda_runtime", "cudaLaunchKernel", kCpuPid, kMainTid, t + 420 * kUs, 10 * kUs),
            Object().set("External id", num(c + 3)).set("cbid", "211").set("correlation", num(c + 3)));
        doc.add("record" + n, complete("cuda_runtime", "cudaEventRecord", kCpuPid, kMainTid, t + 450 * kUs, 5 * kUs),
            Object().set("External id", num(c + 3)).set("cbid", "136").set("correlation", num(c + 4)));
        doc.add("counter" + n,
            Object()
                .set("ph", str("C"))
                .set("name", str("GPU Memory"))
                .set("pid", num(kCpuPid))
                .set("tid", num(kMainTid))
                .set("ts", us(t + 500 * kUs)),
            Object().set("value", num(1048576 * s)));
        doc.add("instant" + n,
            Object()
                .set("ph", str("i"))
                .set("cat", str("cpu_instant_event"))
                .set("name", str("[memory]"))
                .set("pid", num(kCpuPid))
                .set("tid", num(kMainTid))
                .set("ts", us(t + 600 * kUs))
                .set("s", str("t")),
            Object()
                .set("Device Type", num(1))
                .set("Device Id", num(0))
                .set("Bytes", num(4096))
                .set("Total Allocated", num(1048576 + 4096 * s))
                .set("Addr", num(140254170299392 + 4096 * s)));

        doc.add("kernel" + n,
            complete("kernel", "void sgemm_128x64_nn(float*, float const*, float const*)", 0, kComputeStream,
                t + 200 * kUs, 500 * kUs),
            Object()
                .set("External id", num(c + 1))
                .set("device", "0")
                .set("stream", num(kComputeStream))
                .set("correlation", num(c + 1))
                .set("grid", "[160, 1, 1]")
                .set("block", "[256, 1, 1]"));
        doc.add("ac2g-f" + n, flow('f', "ac2g", c + 1, 0, kComputeStream, t + 200 * kUs));
        doc.add("memcpy" + n,
            complete("gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 0, kComputeStream, t + 710 * kUs, 50 * kUs),
            Object()
                .set("device", "0")
                .set("stream", num(kComputeStream))
                .set("correlation", num(c + 2))
                .set("bytes", num(4194304)));
        doc.add("nccl" + n,
            complete("kernel", "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, ncclWork*)", 0,
                kNcclStream, t + 800 * kUs, 300 * kUs),
            collectiveArgs(worldSize, c + 3).set("device", "0").set("stream", num(kNcclStream)));
        doc.add("sync" + n, complete("cuda_sync", "Wait on CUDA event", 0, kComputeStream, t + 1150 * kUs, 0),
            Object()
                .set("device", "0")
                .set("stream", num(kComputeStream))
                .set("wait_on_stream", num(kNcclStream))
                .set("wait_on_cuda_event_record_corr_id", num(c + 4)));

        doc.add("bwd" + n,
            complete("cpu_op", "autograd::engine::evaluate_function: AddmmBackward0", kCpuPid, kAutogradTid,
                t + 1200 * kUs, 300 * kUs),
            Object().set("External id", num(c + 5)).set("Sequence number", num(s)).set("Fwd thread id", num(kMainTid)));
        doc.add("fwdbwd-f" + n, flow('f', "fwdbwd", 1000 + s, kCpuPid, kAutogradTid, t + 1200 * kUs));
        doc.add("bwdLaunch" + n,
            complete("cuda_runtime", "cudaLaunchKernel", kCpuPid, kAutogradTid, t + 1250 * kUs, 10 * kUs),
            Object().set("External id", num(c + 5)).set("cbid", "211").set("correlation", num(c + 5)));
        doc.add("bwdKernel" + n,
            complete("kernel", "void sgemm_128x64_nt(float*, float const*, float const*)", 0, kComputeStream,
                t + 1300 * kUs, 400 * kUs),
            Object()
                .set("External id", num(c + 5))
                .set("device", "0")
                .set("stream", num(kComputeStream))
                .set("correlation", num(c + 5)));
    }
    return doc;
}

TraceDocument BaseTraces::chromePlain()
{
    TraceDocument doc;
    doc.tail.set("displayTimeUnit", str("ms"));
    doc.add("meta", metadata("thread_name", 1, 1), Object().set("name", str("worker")));
    for (int i = 0; i < 8; ++i) {
        const long long t = (100 + i * 1000) * kUs;
        doc.add("x" + std::to_string(i),
            complete("compute", i % 2 ? "backward" : "forward", 1, 1 + i % 2, t, 700 * kUs),
            Object().set("layer", num(i)));
    }
    Object b;
    b.set("ph", str("B"))
        .set("cat", str("io"))
        .set("name", str("read batch"))
        .set("pid", "1")
        .set("tid", "3")
        .set("ts", us(50 * kUs));
    doc.add("b0", b);
    Object e = b;
    e.set("ph", str("E")).set("ts", us(90 * kUs));
    doc.add("e0", e);
    doc.add("instant",
        Object()
            .set("ph", str("i"))
            .set("name", str("epoch"))
            .set("pid", "1")
            .set("tid", "1")
            .set("ts", us(kUs))
            .set("s", str("p")));
    doc.add("counter", Object().set("ph", str("C")).set("name", str("queue")).set("pid", "1").set("ts", us(2 * kUs)),
        Object().set("depth", "3").set("free", "5"));
    return doc;
}

TraceDocument BaseTraces::bareArray(bool closed)
{
    TraceDocument doc = chromePlain();
    doc.shape = closed ? TraceDocument::Shape::Array : TraceDocument::Shape::OpenArray;
    doc.tail = {};
    return doc;
}

TraceDocument BaseTraces::horovod()
{
    TraceDocument doc;
    doc.shape = TraceDocument::Shape::OpenArray;
    const char* const tensors[] = { "DistributedAdamOptimizer_Allreduce/HorovodAllreduce_gradients_dense_MatMul_grad_0",
        "DistributedAdamOptimizer_Allreduce/HorovodAllreduce_gradients_dense_BiasAdd_grad_0" };
    long long t = 1410488741507;
    for (int pid = 1; pid <= 2; ++pid) {
        doc.add("meta" + std::to_string(pid),
            Object().set("name", str("process_name")).set("ph", str("M")).set("pid", num(pid)),
            Object().set("name", str(tensors[pid - 1])));
        doc.add("sort" + std::to_string(pid),
            Object().set("name", str("process_sort_index")).set("ph", str("M")).set("pid", num(pid)),
            Object().set("sort_index", num(pid)));
    }
    for (int cycle = 0; cycle < 3; ++cycle) {
        doc.add(
            "cycle", Object().set("ph", str("i")).set("name", str("CYCLE_START")).set("ts", num(t)).set("s", str("g")));
        for (int pid = 1; pid <= 2; ++pid) {
            auto be = [&](char ph, std::string_view name, long long at) {
                Object o;
                o.set("ph", str(std::string(1, ph)));
                if (ph == 'B')
                    o.set("name", str(name));
                o.set("ts", num(at)).set("pid", num(pid));
                return o;
            };
            doc.add("negB", be('B', "NEGOTIATE_ALLREDUCE", t + 1));
            for (int rank = 0; rank < 4; ++rank)
                doc.add("tick",
                    Object()
                        .set("ph", str("X"))
                        .set("name", str(std::to_string(rank)))
                        .set("ts", num(t + 2 + rank))
                        .set("pid", num(pid))
                        .set("dur", "0"));
            doc.add("negE", be('E', "", t + 8));
            doc.add("allB", be('B', "ALLREDUCE", t + 9));
            doc.add("inB", be('B', "MEMCPY_IN_FUSION_BUFFER", t + 10));
            doc.add("inE", be('E', "", t + 20));
            doc.add("mpiB", be('B', "MPI_ALLREDUCE", t + 21));
            doc.add("mpiE", be('E', "", t + 400));
            doc.add("outB", be('B', "MEMCPY_OUT_FUSION_BUFFER", t + 401));
            doc.add("outE", be('E', "", t + 420));
            doc.add(
                "allE", be('E', "", t + 421), Object().set("dtype", str("float32")).set("shape", str("[1024, 10]")));
            t += 500;
        }
        t += 5000;
    }
    return doc;
}

TraceDocument BaseTraces::byteps()
{
    TraceDocument doc;
    const char* const phases[] = { "COORDINATE_REDUCE", "REDUCE", "COPYD2H", "COORDINATE_PUSH", "PUSH", "PULL",
        "COPYH2D", "COORDINATE_BROADCAST", "BROADCAST" };
    long long t = 1589597539680042;
    for (int iteration = 0; iteration < 3; ++iteration) {
        for (const char* tensor : { "Comm.byteps.Gradient.dense_kernel", "Comm.byteps.Gradient.dense_bias" }) {
            long long at = t;
            for (int partition = 0; partition < 2; ++partition) {
                for (const char* phase : phases) {
                    Object o;
                    o.set("ph", str("X")).set("pid", str(tensor)).set("name", str(std::string(tensor) + "." + phase));
                    o.set("ts", num(at))
                        .set("dur", num(400))
                        .set("tid", str(std::to_string(partition)))
                        .set("cat", str("Comm"));
                    doc.add("phase", o, Object().set("name", str(tensor)));
                    at += 450;
                }
            }
            Object total;
            total.set("ph", str("X")).set("pid", str(tensor)).set("name", str(tensor)).set("ts", num(t));
            total.set("dur", num(at - t)).set("tid", str("total")).set("cat", str("Comm"));
            doc.add("total", total, Object().set("name", str(tensor)));
        }
        t += 20000;
    }
    return doc;
}

TraceDocument BaseTraces::tf1()
{
    TraceDocument doc;
    const char* const processes[]
        = { "Allocators", "/device:GPU:0/stream:14 Compute", "/device:GPU:0/stream:14 Tensors",
              "/device:GPU:0/stream:all Compute", "/job:localhost/replica:0/task:0/device:CPU:0 Compute" };
    for (int pid = 0; pid < 5; ++pid)
        doc.add("meta", Object().set("name", str("process_name")).set("ph", str("M")).set("pid", num(pid)),
            Object().set("name", str(processes[pid])));
    long long t = 1523831423421000;
    for (int step = 0; step < 3; ++step) {
        const char* const ops[] = { "MatMul", "BiasAdd", "Relu", "MatMul_grad" };
        for (int i = 0; i < 4; ++i) {
            for (int pid : { 1, 3 }) {
                Object o;
                o.set("ph", str("X"))
                    .set("cat", str("Op"))
                    .set("name", str(ops[i]))
                    .set("pid", num(pid))
                    .set("tid", "0");
                o.set("ts", num(t + i * 100)).set("dur", num(80));
                doc.add("op", o, Object().set("name", str(std::string("dense/") + ops[i])).set("op", str(ops[i])));
            }
        }
        Object cpu;
        cpu.set("ph", str("X"))
            .set("cat", str("Op"))
            .set("name", str("global_step/add"))
            .set("pid", "4")
            .set("tid", "0");
        cpu.set("ts", num(t - 50)).set("dur", num(20));
        doc.add("cpu", cpu, Object().set("name", str("global_step/add")).set("op", str("AssignAdd")));
        doc.add("flowS",
            Object()
                .set("ph", str("s"))
                .set("cat", str("DataFlow"))
                .set("name", str("global_step/add"))
                .set("pid", "4")
                .set("tid", "0")
                .set("ts", num(t - 40))
                .set("id", num(step)));
        doc.add("flowT",
            Object()
                .set("ph", str("t"))
                .set("cat", str("DataFlow"))
                .set("name", str("global_step/add"))
                .set("pid", "1")
                .set("tid", "0")
                .set("ts", num(t + 10))
                .set("id", num(step)));
        // The step's output tensor as show_memory=True records it: created, snapshot, deleted.
        auto object = [&](const char* ph, long long at) {
            return Object()
                .set("ph", str(ph))
                .set("cat", str("Tensor"))
                .set("name", str("dense/MatMul:0"))
                .set("pid", "2")
                .set("tid", "0")
                .set("ts", num(at))
                .set("id", num(100 + step));
        };
        doc.add("objN", object("N", t + 80));
        doc.add("objO", object("O", t + 80),
            Object().set("snapshot",
                "{\"tensor_description\": \"dtype: DT_FLOAT\\nshape {\\n}\\nallocation_description {\\n  requested_bytes: 4096\\n  "
                "allocated_bytes: 4096\\n  allocator_name: GPU_0_bfc\\n  ptr: 1048576\\n}\\n\"}"));
        doc.add("objD", object("D", t + 300));
        t += 1000;
    }
    return doc;
}

std::string BaseTraces::layerwiseCsv(int layers, int workers)
{
    std::string out;
    if (workers > 0)
        out += "# workers: " + std::to_string(workers) + "\n";
    out += "# io: 1.5\n# update: 0.8\nlayer,forward,backward,communication,gradient_bytes\n";
    for (int i = 0; i < layers; ++i) {
        char line[128];
        std::snprintf(line, sizeof line, "layer%d,%d.%03d,%d.%03d,0.%03d,%d\n", i + 1, 1 + i % 3, (i * 37) % 1000,
            2 + i % 4, (i * 53) % 1000, 100 + (i * 7) % 900, 4096 * (1 + i % 16));
        out += line;
    }
    return out;
}

std::string BaseTraces::bcaffeLog(int blobs)
{
    std::string out;
    for (int dump = 0; dump < 2; ++dump) {
        for (int b = 0; b < blobs; ++b) {
            char line[160];
            // Two blobs (weights, bias) per layer share the layer's compute time.
            const int compute = dump == 0 ? 0 : 1000 + (b / 2) * 250;
            std::snprintf(line, sizeof line,
                "I0501 10:00:0%d.000000  4242 distributed.cpp:412] [%d, %d, %d.5, %d.25]\n", dump + 1, b,
                b % 2 ? 64 : 34848, compute, dump == 0 ? 0 : 120 + b * 10);
            out += line;
        }
    }
    return out;
}

std::string BaseTraces::pipedreamGraph(int nodes)
{
    std::string out;
    for (int i = 1; i <= nodes; ++i) {
        char line[200];
        std::snprintf(line, sizeof line,
            "node%d -- Conv2d(%d, 64, kernel_size=(3, 3)) -- forward_compute_time=%d.250, "
            "backward_compute_time=%d.500, "
            "activation_size=%d.0, parameter_size=%d.0\n",
            i, i * 3, 1 + i % 3, 2 + i % 4, 802816 * i, 36928 * i);
        out += line;
    }
    for (int i = 1; i < nodes; ++i)
        out += "\tnode" + std::to_string(i) + " -- node" + std::to_string(i + 1) + "\n";
    return out;
}
