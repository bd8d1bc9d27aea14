#pragma once

#include "core/base/expected.h"
#include "core/base/ids.h"
#include "core/model/tracetypes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

class ByteBudget;

// One layer of a layer-wise profile: what one worker spends on it in one training iteration.
struct LayerProfile {
    std::string name;
    TimeNs forwardNs = 0;
    TimeNs backwardNs = 0;
    TimeNs communicationNs = 0; // aggregation (all-reduce) of this layer's gradients; 0 when not measured
    std::int64_t gradientBytes = 0; // 0 for layers without parameters
    // What the layer's forward keeps for its backward (its saved outputs, masks and inputs), held from
    // the forward to the end of the layer's backward; a PipeDream graph gives the output's size. -1
    // when the format does not say.
    std::int64_t activationBytes = -1;
};

// Layer-wise timing of one training iteration of a data-parallel job, as in Shi et al. (seed 002),
// Table VI: per layer forward, backward and gradient-communication time and gradient size, in forward
// order, plus optional job-level times. Plain value type; parsing is pure (no I/O except load()) and
// thread-safe. Parse errors name the file, carry the byte offset of the offending line and say its
// 1-based line number in the detail ("line 7: ...").
//
// Any bytes are safe input: parsing takes O(n) memory with a small constant (fields are read in place,
// never split into copies; messages quote at most a short prefix, with non-text bytes as \xNN) and
// O(n log n) time. Lines end at "\n", "\r\n" or a lone "\r"; a UTF-8 byte-order mark is skipped. Times
// and sizes must be numbers (not NaN or Infinity), not negative, and fit an int64; a time must also
// stay below 2^62 ns, the range of every Trace time. A layer name may be at most kMaxNameBytes long;
// names that are not UTF-8 text, or hold control characters (NUL), are mended (U+FFFD) with a
// diagnostic, and CSV layers that repeat an earlier name get one too.
//
// Formats:
//  * Csv: a header row, then one row per layer, in forward order. Fields are separated by commas
//    (or, when the header has no comma, by semicolons or tabs); surrounding spaces are trimmed and
//    fields may be double-quoted. Header names are matched without regard to case, spaces, '_' or '-':
//      layer        layer | name | layer_name                                   (required)
//      forward      forward | fwd | forward_time | forward_compute_time          (required)
//      backward     backward | bwd | backward_time | backward_compute_time       (required)
//      communication  communication | comm | allreduce | communication_time ... (optional, else 0)
//      gradient bytes gradient_bytes | grad_bytes | bytes | size | parameter_size (optional, else 0)
//      activation bytes  activation_bytes | activation_size | activations | saved_bytes (optional)
//    Other columns (e.g. "id") are ignored. Times are in milliseconds unless the header names a unit:
//    "forward_us", "forward (us)", "Forward [µs]", "_ns", "_s". Numbers may use exponents
//    ("3.886e+06"). Blank lines and lines starting with '#' are skipped, except job-level directives
//    "# io: 1.5", "# h2d: 0.2", "# update: 0.8" (ms, or a unit as in headers: "# update_us = 800") and
//    "# workers: 4" (the worker count the profile was measured with, 1 to 2^31 - 1),
//    "# optimizer_states: 2" (states per parameter: Adam 2, SGD with momentum 1; 0 to 16) and
//    "# device: Tesla K80" (the GPU it was measured on, as a trace would name it). Example:
//        layer,forward,backward,communication,gradient_bytes
//        conv1,3.27,0.288,0.123,139776
//  * BCaffeLog: B-Caffe's distributed.cpp dumps (tmp{,2,4,8}comm.log): glog lines ending in
//    "[param_id, size, compute_time, communication_time]" with an optional fifth merged_time; one line
//    per learnable blob, size in fp32 elements, times in µs. A dump restarts at param_id 0; the last
//    complete dump with non-zero compute times is used (earlier ones are warm-up). A layer's blobs
//    (weights, bias) are logged one after the other with the layer's compute time, so consecutive blobs
//    with equal compute time form one layer ("layerK", K from 0 in forward order). compute_time is the
//    layer's backward (gradient) time; the logs give no forward time (0, with a diagnostic);
//    communication is the sum of the blobs' times; merged_time is ignored. A layer's bytes (4 per
//    element) and communication time must fit an int64 and 2^62 ns. "tmpNcomm" / "tmpNocomm" in the
//    file name gives the measured worker count N.
//  * PipeDreamGraph: PipeDream's profiler graph.txt: node lines
//    "nodeK -- <description> -- forward_compute_time=<ms>, backward_compute_time=<ms>,
//    activation_size=<bytes>, parameter_size=<bytes>" and edge lines "\tnodeA -- nodeB". Layers are the
//    nodes in a topological order of the edges (smallest K first among ready nodes), named
//    "nodeK <type>" (the description up to its first '('); a cycle is an error naming a node on it.
//    Gradient bytes = parameter_size; communication time is unknown (0; LayerwiseJob can derive it
//    from a bandwidth).
struct LayerwiseProfile {
    enum class Format : std::uint8_t { Csv, BCaffeLog, PipeDreamGraph };
    // Longest layer name accepted, in bytes: real ones are module paths of a few dozen.
    static constexpr std::size_t kMaxNameBytes = 4096;

    Format format = Format::Csv;
    std::string file; // as given to the parser, for messages
    std::vector<LayerProfile> layers; // forward order: layer 1 first
    std::optional<TimeNs> ioNs; // job-level times per iteration, when the profile gives them
    std::optional<TimeNs> h2dNs;
    std::optional<TimeNs> updateNs;
    std::int32_t measuredWorkers = 0; // worker count the profile was measured with; 0 when unknown
    // States the optimizer keeps per parameter ("# optimizer_states: 2" for Adam); -1 when not given.
    static constexpr std::int32_t kMaxOptimizerStates = 16;
    std::int32_t optimizerStates = -1;
    std::string device; // the GPU the profile names ("# device: Tesla K80"); empty when it names none
    std::vector<Diagnostic> diagnostics; // what the profile lacks or what was skipped; never fatal

    // Sums over the layers, saturating at the int64 limits.
    TimeNs totalForwardNs() const;
    TimeNs totalBackwardNs() const;
    TimeNs totalCommunicationNs() const;
    std::int64_t totalGradientBytes() const;

    // Reads path (gzip/zstd transparently) and parses it in the detected format; the decoded text is
    // drawn from budget when one is given (the --max-decoded-gb limit).
    static Expected<LayerwiseProfile> load(const std::string& path, ByteBudget* budget = nullptr);
    // Parses text; the format is detected from the content when not given.
    static Expected<LayerwiseProfile> parse(
        std::string_view text, const std::string& file, std::optional<Format> format = {});
    static Expected<LayerwiseProfile> parseCsv(std::string_view text, const std::string& file);
    static Expected<LayerwiseProfile> parseBCaffeLog(std::string_view text, const std::string& file);
    static Expected<LayerwiseProfile> parsePipeDreamGraph(std::string_view text, const std::string& file);
    // The format text looks like, or nullopt. Looks at the first non-blank, non-comment line only: a
    // CSV's is a header that names its columns (an ASCII letter at least).
    static std::optional<Format> detectFormat(std::string_view text);
    // "csv", "b-caffe", "pipedream".
    static std::string_view formatName(Format format);
};

} // namespace sightline
