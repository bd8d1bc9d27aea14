#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sightline {

// The recorded inputs of an op, read from its ShapeArgs text ("Input Dims" and "Input type"): per
// input, the tensors it holds (none for a scalar or an absent input, several for a tensor list, whose
// innermost lists are one tensor each) and its type as the trace spells it. Text that is not a list of
// lists of integers reads as no inputs. Pure; O(length of the text).
class InputShapes {
public:
    struct Input {
        std::vector<std::vector<std::int64_t>> tensors;
        std::string type;
    };

    static InputShapes parse(std::string_view dims, std::string_view types);

    const std::vector<Input>& inputs() const { return m_inputs; }
    // Elements of input i (the sum over a tensor list); 0 for none or when a count would overflow.
    std::int64_t elements(std::size_t input) const;
    // Bytes of input i at its recorded type; 0 when the type's size is not known.
    std::int64_t bytes(std::size_t input) const;

private:
    std::vector<Input> m_inputs;
};

} // namespace sightline
