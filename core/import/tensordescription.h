#pragma once

#include <cstdint>
#include <string_view>

namespace sightline {

// What a TensorFlow TensorDescription in protobuf text format (a timeline's object snapshot,
// args.snapshot.tensor_description) says of the tensor's memory: the bytes its allocator handed out,
// which allocator ("GPU_0_bfc", "cpu"), and where. Fields it does not hold, or holds as something
// other than a whole number, stay unset. allocator views into the text. Pure; O(text).
struct TensorDescription {
    std::int64_t allocatedBytes = -1; // allocated_bytes, else requested_bytes; -1 when neither
    std::string_view allocator; // allocator_name, quotes removed; empty when absent
    std::uint64_t address = 0; // ptr; 0 when absent

    static TensorDescription parse(std::string_view text);
    // The device an allocator name gives: n for "GPU_<n>_..." or "gpu_<n>...", -1 for a host
    // allocator ("cpu", "cuda_host_bfc") or a name it does not know.
    static int gpuOf(std::string_view allocator);
};

} // namespace sightline
