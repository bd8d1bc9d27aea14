#pragma once

#include "core/import/importer.h"

#include <initializer_list>
#include <string_view>
#include <vector>

namespace sightline {

// The Chrome trace event family: PyTorch profiler (Kineto) and plain Chrome
// traces, Horovod and BytePS timelines and TensorFlow 1.x timelines share one syntax, read by one
// streaming tokenizer (ChromeTraceParser), and differ in what their events mean. Each is a dialect:
// it recognises its files by names only its writer puts in the first bytes (Horovod's CYCLE_START,
// BytePS's Comm.byteps tensors, TensorFlow's /device: processes), and finalises a parsed part with its
// own finaliser. The Kineto dialect takes any other JSON text: whether a file is a Kineto trace or a
// plain Chrome trace ("chrome") is found while it is parsed, by Kineto's top-level fields, which may
// follow the events. Every dialect's file is one rank of a job.
class ChromeDialectImporter : public Importer {
public:
    enum class Dialect { Kineto, Horovod, BytePS, TfTimeline };

    explicit ChromeDialectImporter(Dialect dialect);

    std::string_view format() const override;
    const char* description() const override;
    Unit unit() const override { return Unit::Rank; }
    int probe(const FileHead& head) const override;
    Status readRank(TextBuffer text, RankPart& part, const CancellationToken* cancel,
        const std::function<void(double)>& progress) const override;

    // What the model calls a plain Chrome trace, which the Kineto dialect reads.
    static constexpr std::string_view kPlainChrome = "chrome";

private:
    Dialect m_dialect;
};

} // namespace sightline
