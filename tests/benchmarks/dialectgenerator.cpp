#include "dialectgenerator.h"

#include <cstdio>
#include <string>

namespace {

// Buffered appends to a file, with the bytes written so far.
class Out {
public:
    explicit Out(const std::string& path)
        : m_file(std::fopen(path.c_str(), "wb"))
    {
    }
    ~Out()
    {
        if (m_file)
            std::fclose(m_file);
    }
    bool ok() const { return m_file != nullptr; }
    std::int64_t size() const { return m_written + static_cast<std::int64_t>(m_buffer.size()); }
    Out& operator<<(const std::string& s)
    {
        m_buffer += s;
        if (m_buffer.size() > (1 << 20))
            flush();
        return *this;
    }
    bool finish()
    {
        flush();
        const bool good = std::fflush(m_file) == 0 && !std::ferror(m_file);
        return good;
    }

private:
    void flush()
    {
        m_written += static_cast<std::int64_t>(std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file));
        m_buffer.clear();
    }
    std::FILE* m_file;
    std::string m_buffer;
    std::int64_t m_written = 0;
};

std::string n(std::int64_t v)
{
    return std::to_string(v);
}

void horovod(Out& out, std::int64_t bytes)
{
    out << "[\n";
    const int tensors = 40;
    for (int pid = 1; pid <= tensors; ++pid)
        out << R"({"name": "process_name", "ph": "M", "pid": )" + n(pid) + R"(, "args": {"name": "tower_0/HorovodAllreduce_gradients_layer)" + n(pid) + R"(_0"}},)" "\n";
    std::int64_t t = 1410488741507;
    while (out.size() < bytes) {
        out << R"({"ph": "i", "name": "CYCLE_START", "ts": )" + n(t) + R"(, "s": "g"},)" "\n";
        for (int pid = 1; pid <= tensors; ++pid) {
            const std::string p = n(pid);
            auto be = [&](const char* ph, const char* name, std::int64_t at) {
                std::string e = R"({"ph": ")" + std::string(ph) + "\"";
                if (name)
                    e += R"(, "name": ")" + std::string(name) + "\"";
                return e + R"(, "ts": )" + n(at) + R"(, "pid": )" + p;
            };
            out << be("B", "NEGOTIATE_ALLREDUCE", t + 1) + "},\n";
            for (int rank = 0; rank < 4; ++rank)
                out << R"({"ph": "X", "name": ")" + n(rank) + R"(", "ts": )" + n(t + 2 + rank) + R"(, "pid": )" + p + R"(, "dur": 0},)" "\n";
            out << be("E", nullptr, t + 8) + "},\n" + be("B", "ALLREDUCE", t + 9) + "},\n" + be("B", "MEMCPY_IN_FUSION_BUFFER", t + 10) + "},\n"
                    + be("E", nullptr, t + 20) + "},\n" + be("B", "MPI_ALLREDUCE", t + 21) + "},\n" + be("E", nullptr, t + 400) + "},\n"
                    + be("B", "MEMCPY_OUT_FUSION_BUFFER", t + 401) + "},\n" + be("E", nullptr, t + 420) + "},\n" + be("E", nullptr, t + 421)
                    + R"(, "args": {"dtype": "float32", "shape": "[1024, )" + p + R"(]"}},)" "\n";
            t += 500;
        }
        t += 5000;
    }
}

void byteps(Out& out, std::int64_t bytes)
{
    const char* const stages[] = { "COORDINATE_REDUCE", "REDUCE", "COPYD2H", "COORDINATE_PUSH", "PUSH", "PULL", "COPYH2D",
        "COORDINATE_BROADCAST", "BROADCAST" };
    const std::string tensor = "Comm.byteps.Whole.Gradient";
    out << "{\n    \"traceEvents\": [\n";
    std::int64_t t = 1589597539680042;
    bool first = true;
    auto event = [&](const std::string& tid, const std::string& name, std::int64_t ts, std::int64_t dur) {
        out << std::string(first ? "" : ",\n") + R"(        {"ph": "X", "args": {"name": ")" + tensor + R"("}, "pid": ")" + tensor
                + R"(", "name": ")" + name + R"(", "ts": )" + n(ts) + R"(, "dur": )" + n(dur) + R"(, "tid": ")" + tid + R"(", "cat": "Comm"})";
        first = false;
    };
    while (out.size() < bytes) {
        std::int64_t end = t;
        for (int partition = 0; partition < 60; ++partition) {
            std::int64_t at = t + partition * 7;
            for (const char* stage : stages) {
                event(n(partition), tensor + "." + stage, at, 400);
                at += 450;
            }
            end = std::max(end, at);
        }
        event("total", tensor, t, end - t);
        t += 518000;
    }
    out << "\n    ],\n    \"displayTimeUnit\": \"ms\"\n}\n";
}

void tfTimeline(Out& out, std::int64_t bytes)
{
    const char* const processes[] = { "Allocators", "/device:GPU:0/stream:13 Compute", "/device:GPU:0/stream:14 Compute",
        "/device:GPU:0/memcpy Compute", "/device:GPU:0/stream:all Compute", "/job:localhost/replica:0/task:0/device:GPU:0 Compute",
        "/job:localhost/replica:0/task:0/device:CPU:0 Compute" };
    out << "{\n    \"traceEvents\": [\n";
    for (int pid = 0; pid < 7; ++pid)
        out << R"(        {"name": "process_name", "ph": "M", "pid": )" + n(pid) + R"(, "args": {"name": ")" + processes[pid] + "\"}},\n";
    const char* const ops[] = { "MatMul", "BiasAdd", "Relu", "Conv2D", "FusedBatchNorm", "MEMCPYDtoH" };
    std::int64_t t = 1523831423420774;
    std::int64_t flow = 0;
    bool first = true;
    auto event = [&](const std::string& text) {
        out << std::string(first ? "        " : ",\n        ") + text;
        first = false;
    };
    auto op = [&](int pid, const char* name, int k, std::int64_t ts, std::int64_t dur) {
        event(R"({"ph": "X", "cat": "Op", "name": ")" + std::string(name) + R"(", "pid": )" + n(pid) + R"(, "tid": 0, "ts": )" + n(ts)
            + R"(, "dur": )" + n(dur) + R"(, "args": {"name": "layer)" + n(k) + "/" + name + R"(", "op": ")" + name + "\"}}");
    };
    for (int k = 0; out.size() < bytes; ++k) {
        const char* name = ops[k % 6];
        op(5, name, k, t, 4);
        event(R"({"ph": "s", "cat": "DataFlow", "name": "layer)" + n(k) + R"(", "pid": 5, "tid": 0, "ts": )" + n(t + 4) + R"(, "id": )" + n(flow) + "}");
        op(6, "Identity", k, t + 5, 3);
        event(R"({"ph": "t", "cat": "DataFlow", "name": "layer)" + n(k) + R"(", "pid": 6, "tid": 0, "ts": )" + n(t + 5) + R"(, "id": )" + n(flow) + "}");
        ++flow;
        const int stream = k % 6 == 5 ? 3 : 1 + k % 2;
        op(stream, name, k, t + 10, 30);
        op(4, name, k, t + 10, 30);
        t += 45;
    }
    out << "\n    ]\n}\n";
}

} // namespace

bool DialectGenerator::write(const std::string& path, Dialect dialect, std::int64_t bytes)
{
    Out out(path);
    if (!out.ok())
        return false;
    switch (dialect) {
    case Dialect::Horovod:
        horovod(out, bytes);
        break;
    case Dialect::BytePS:
        byteps(out, bytes);
        break;
    case Dialect::TfTimeline:
        tfTimeline(out, bytes);
        break;
    }
    return out.finish();
}

const char* DialectGenerator::name(Dialect dialect)
{
    switch (dialect) {
    case Dialect::Horovod:
        return "horovod";
    case Dialect::BytePS:
        return "byteps";
    case Dialect::TfTimeline:
        return "tf-timeline";
    }
    return "";
}
