#pragma once

// Hand-made BytePS traces (a worker's communication timeline) for the tests of the BytePS dialect and
// of what re-cuts its partitions.

#include <QByteArray>

#include <algorithm>
#include <string_view>

namespace sightline::bytepsjobs {

// One tensor in partitions (two by default), three iterations 10 ms apart; the local root (root =
// true) pushes and pulls, the other GPU coordinates its push instead. With cut, the trace stops before
// the last iteration's last partition broadcasts.
inline QByteArray handMade(bool root, bool cut = false, int partitions = 2)
{
    const char* const stages[] = { "COORDINATE_REDUCE", "REDUCE", "COPYD2H", root ? "PUSH" : "COORDINATE_PUSH",
        root ? "PULL" : nullptr, "COPYH2D", "COORDINATE_BROADCAST", "BROADCAST" };
    QByteArray t = R"({"traceEvents": [)";
    bool first = true;
    auto add = [&](const QByteArray& event) {
        t += (first ? "\n" : ",\n") + event;
        first = false;
    };
    const QByteArray tensor = "Comm.byteps.Gradient.w";
    for (int k = 0; k < 3; ++k) {
        const qint64 base = 5000000 + k * 10000;
        qint64 end = base;
        for (int partition = 0; partition < partitions; ++partition) {
            qint64 at = base + partition * 100;
            for (const char* stage : stages) {
                if (!stage || (cut && k == 2 && partition == partitions - 1 && std::string_view(stage) == "BROADCAST"))
                    continue;
                add(R"({"ph": "X", "pid": ")" + tensor + R"(", "tid": ")" + QByteArray::number(partition)
                    + R"(", "name": ")" + tensor + "." + stage + R"(", "ts": )" + QByteArray::number(at)
                    + R"(, "dur": 40, "cat": "Comm", "args": {"name": ")" + tensor + R"("}})");
                at += 50;
            }
            end = std::max(end, at);
        }
        add(R"({"ph": "X", "pid": ")" + tensor + R"(", "tid": "total", "name": ")" + tensor + R"(", "ts": )"
            + QByteArray::number(base) + R"(, "dur": )" + QByteArray::number(end - base)
            + R"(, "cat": "Comm", "args": {"name": ")" + tensor + R"("}})");
    }
    t += "\n], \"displayTimeUnit\": \"ms\"}\n";
    return t;
}

} // namespace sightline::bytepsjobs
