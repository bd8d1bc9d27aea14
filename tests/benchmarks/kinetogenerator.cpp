#include "kinetogenerator.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <random>
#include <string>
#include <vector>

namespace {

class Writer {
public:
    explicit Writer(std::FILE* f)
        : m_file(f)
    {
        m_buffer.reserve(kFlush + 4096);
    }
    ~Writer() { flush(); }
    template <class... Args>
    void printf(const char* format, Args... args)
    {
        char line[1024];
        const int n = std::snprintf(line, sizeof line, format, args...);
        m_buffer.append(line, static_cast<std::size_t>(n));
        m_bytes += n;
        if (m_buffer.size() >= kFlush)
            flush();
    }
    void flush()
    {
        if (!m_buffer.empty())
            std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file);
        m_buffer.clear();
    }
    std::int64_t bytes() const { return m_bytes; }

private:
    static constexpr std::size_t kFlush = 1 << 22;
    std::FILE* m_file;
    std::string m_buffer;
    std::int64_t m_bytes = 0;
};

// Timestamps in ns, printed as µs with three decimals.
struct Us {
    long long whole;
    int frac;
};
Us us(long long ns)
{
    return { ns / 1000, static_cast<int>(ns % 1000) };
}

} // namespace

bool KinetoGenerator::write(const std::string& path, const Options& o, Result* result)
{
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!f)
        return false;
    Writer w(f.get());
    std::mt19937 rng(o.seed + static_cast<std::uint32_t>(o.rank) * 7919u);
    std::uniform_int_distribution<int> kernelNs(2000, 60000);
    std::uniform_int_distribution<int> gapNs(500, 4000);
    const char* kernels[] = { "volta_sgemm_128x64_nn", "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float> >",
        "void cudnn::winograd_nonfused::winogradForwardData4x4<float, float>", "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_stages_32x5_nn" };
    const char* ops[] = { "aten::linear", "aten::conv2d", "aten::add_", "aten::relu" };
    const char* inner[] = { "aten::addmm", "aten::cudnn_convolution", "aten::add", "aten::clamp_min" };
    const int pid = 1000 + o.rank;
    const int tid = 2000 + o.rank;
    w.printf("{\n  \"schemaVersion\": 1,\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": %d, \"world_size\": %d, "
             "\"pg_count\": 1, \"pg_config\": [{\"pg_name\": \"0\", \"pg_desc\": \"default_pg\", \"backend_config\": \"cuda:nccl\", "
             "\"pg_size\": %d, \"ranks\": [",
        o.rank, o.worldSize, o.worldSize);
    for (int r = 0; r < o.worldSize; ++r)
        w.printf(r ? ", %d" : "%d", r);
    w.printf("]}]},\n  \"traceEvents\": [\n");
    w.printf("  {\"name\": \"process_name\", \"ph\": \"M\", \"ts\": 0, \"pid\": %d, \"tid\": 0, \"args\": {\"name\": \"python3\"}},\n", pid);
    w.printf("  {\"name\": \"thread_name\", \"ph\": \"M\", \"ts\": 0, \"pid\": 0, \"tid\": 7, \"args\": {\"name\": \"stream 7 \"}},\n");
    w.printf("  {\"name\": \"process_labels\", \"ph\": \"M\", \"ts\": 0, \"pid\": 0, \"tid\": 0, \"args\": {\"labels\": \"GPU 0\"}}");

    long long cpu = 1000000; // ns
    long long gpu = cpu;
    long long correlation = 1;
    long long external = 1;
    std::int64_t written = 0;
    int step = 0;
    constexpr int kBlocksPerStep = 400;
    while (written < o.events) {
        // One step: kBlocksPerStep compute blocks and an all-reduce every 50 blocks.
        const long long stepStart = cpu;
        std::vector<long long> forwardStart(kBlocksPerStep / 2, 0);
        long long blockStart = cpu;
        for (int b = 0; b < kBlocksPerStep && written < o.events; ++b) {
            const int k = static_cast<int>(rng() % 4);
            const bool backward = o.training && b >= kBlocksPerStep / 2;
            const bool comm = b % 50 == 49 && (!o.training || backward);
            const long long opStart = cpu;
            const long long launch = opStart + 3000;
            const long long launchDur = 4000;
            const long long opEnd = launch + launchDur + 2000;
            gpu = std::max(gpu, launch + 5000);
            const long long kDur = comm ? 150000 : kernelNs(rng);
            const int stream = comm ? 21 : 7;
            auto t0 = us(opStart), t1 = us(launch), t2 = us(gpu);
            if (comm) {
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"record_param_comms\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, "
                         "\"args\": {\"External id\": %lld, \"Collective name\": \"allreduce\", \"In msg nelems\": 1048576, \"Out msg nelems\": 1048576, "
                         "\"Group size\": %d, \"dtype\": \"Float\", \"Process Group Name\": \"0\", \"Process Group Ranks\": \"[0, 1]\"}}",
                    pid, tid, t0.whole, t0.frac, (opEnd - opStart) / 1000, static_cast<int>((opEnd - opStart) % 1000), external++, o.worldSize);
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"nccl:all_reduce\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, \"args\": {\"External id\": %lld}}",
                    pid, tid, t0.whole, t0.frac + 1 > 999 ? 999 : t0.frac + 1, (opEnd - opStart - 2000) / 1000, 0, external++);
            } else if (backward) {
                // A backward node: its evaluate_function span, the node, and the gradient it accumulates.
                const long long forward = forwardStart[static_cast<std::size_t>(kBlocksPerStep - 1 - b)];
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"autograd::engine::evaluate_function: AddmmBackward0\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, "
                         "\"args\": {\"External id\": %lld}}",
                    pid, tid, t0.whole, t0.frac, (opEnd - opStart) / 1000, static_cast<int>((opEnd - opStart) % 1000), external++);
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"torch::autograd::AccumulateGrad\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": 1.000, "
                         "\"args\": {\"External id\": %lld, \"Input Dims\": [[20480]], \"Input type\": [\"float\"]}}",
                    pid, tid, t0.whole, t0.frac + 1 > 999 ? 999 : t0.frac + 1, external++);
                const auto f0 = us(forward);
                w.printf(",\n  {\"ph\": \"s\", \"id\": %lld, \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"cat\": \"fwdbwd\", \"name\": \"fwdbwd\"}",
                    correlation, pid, tid, f0.whole, f0.frac);
                w.printf(",\n  {\"ph\": \"f\", \"id\": %lld, \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"cat\": \"fwdbwd\", \"name\": \"fwdbwd\", \"bp\": \"e\"}",
                    correlation, pid, tid, t0.whole, t0.frac);
                written += 3;
            } else {
                if (o.training)
                    forwardStart[static_cast<std::size_t>(b)] = opStart;
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, "
                         "\"args\": {\"External id\": %lld, \"Sequence number\": %lld, \"Fwd thread id\": 0, \"Input Dims\": [[64, 1024], [1024, 1024]], \"Input type\": [\"float\", \"float\"]}}",
                    ops[k], pid, tid, t0.whole, t0.frac, (opEnd - opStart) / 1000, static_cast<int>((opEnd - opStart) % 1000), external++, correlation);
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, \"args\": {\"External id\": %lld}}",
                    inner[k], pid, tid, t0.whole, t0.frac + 1 > 999 ? 999 : t0.frac + 1, (opEnd - opStart - 2000) / 1000, 0, external++);
            }
            w.printf(",\n  {\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, "
                     "\"args\": {\"External id\": %lld, \"cbid\": 211, \"correlation\": %lld}}",
                pid, tid, t1.whole, t1.frac, launchDur / 1000, static_cast<int>(launchDur % 1000), external - 1, correlation);
            w.printf(",\n  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, "
                     "\"args\": {\"External id\": %lld, \"queued\": 0, \"device\": 0, \"context\": 1, \"stream\": %d, \"correlation\": %lld, "
                     "\"registers per thread\": 128, \"shared memory\": 16384, \"blocks per SM\": 1.5, \"warps per SM\": 6, \"grid\": [160, 1, 1], "
                     "\"block\": [256, 1, 1], \"est. achieved occupancy %%\": 25}}",
                comm ? "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)" : kernels[k], stream, t2.whole, t2.frac,
                kDur / 1000, static_cast<int>(kDur % 1000), external - 1, stream, correlation);
            w.printf(",\n  {\"ph\": \"s\", \"id\": %lld, \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"cat\": \"ac2g\", \"name\": \"ac2g\"}",
                correlation, pid, tid, t1.whole, t1.frac);
            w.printf(",\n  {\"ph\": \"f\", \"id\": %lld, \"pid\": 0, \"tid\": %d, \"ts\": %lld.%03d, \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}",
                correlation, stream, t2.whole, t2.frac);
            written += 6;
            ++correlation;
            gpu += kDur + gapNs(rng);
            cpu = opEnd + gapNs(rng);
            // Forward blocks of 20 ops are layers.
            if (o.training && !backward && b % 20 == 19) {
                const auto a0 = us(blockStart);
                const long long d = opEnd + 500 - blockStart;
                w.printf(",\n  {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"block_%d\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, \"args\": {\"External id\": %lld}}",
                    b / 20, pid, tid, a0.whole, a0.frac, d / 1000, static_cast<int>(d % 1000), external++);
                ++written;
                blockStart = cpu;
            }
        }
        // The step ends when the CPU has caught up with the GPU (a synchronisation).
        cpu = std::max(cpu, gpu) + 20000;
        auto s0 = us(stepStart);
        const long long d = cpu - stepStart;
        w.printf(",\n  {\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#%d\", \"pid\": %d, \"tid\": %d, \"ts\": %lld.%03d, \"dur\": %lld.%03d, \"args\": {\"External id\": %lld}}",
            step, pid, tid, s0.whole, s0.frac, d / 1000, static_cast<int>(d % 1000), external++);
        ++written;
        ++step;
        cpu += 50000;
        gpu = cpu;
    }
    w.printf("\n  ],\n  \"traceName\": \"synthetic\",\n  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": 1700000000000000000\n}\n");
    w.flush();
    if (result) {
        result->events = written;
        result->bytes = w.bytes();
        result->steps = step;
    }
    return std::ferror(f.get()) == 0;
}

std::string KinetoGenerator::rankFile(const std::string& dir, int rank)
{
    char name[64];
    std::snprintf(name, sizeof name, "/rank-%02d.json", rank);
    return dir + name;
}

bool KinetoGenerator::writeJob(const std::string& dir, int worldSize, std::int64_t eventsPerRank, std::uint32_t seed, double* seconds,
    bool training)
{
    namespace fs = std::filesystem;
    std::ostringstream want;
    want << "kineto world=" << worldSize << " events_per_rank=" << eventsPerRank << " seed=" << seed << (training ? " training" : "") << "\n";
    const std::string stamp = dir + "/stamp.txt";
    *seconds = -1;
    {
        std::ifstream in(stamp);
        std::stringstream have;
        have << in.rdbuf();
        bool complete = in && have.str() == want.str();
        for (int r = 0; complete && r < worldSize; ++r)
            complete = fs::exists(rankFile(dir, r));
        if (complete)
            return true;
    }
    fs::create_directories(dir);
    fs::remove(stamp);
    std::printf("generating %d ranks x %lld events into %s ...\n", worldSize, static_cast<long long>(eventsPerRank), dir.c_str());
    std::fflush(stdout);
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < worldSize; ++r) {
        Options o;
        o.events = eventsPerRank;
        o.rank = r;
        o.worldSize = worldSize;
        o.seed = seed;
        o.training = training;
        if (!write(rankFile(dir, r), o)) {
            std::fprintf(stderr, "cannot write %s\n", rankFile(dir, r).c_str());
            return false;
        }
    }
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::ofstream(stamp) << want.str();
    return true;
}
