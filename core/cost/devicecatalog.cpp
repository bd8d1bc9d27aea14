#include "core/cost/devicecatalog.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

namespace sightline {

namespace {

enum class Form : std::uint8_t { Any, Sxm, Pcie, Nvl };

struct Entry {
    std::string_view model; // the word naming the model, lower case
    Form form;
    DeviceSpec spec;
};

// Per GPU, dense. NVLink bandwidth is the datasheet's bidirectional total halved (one direction).
constexpr std::string_view kK80 = "NVIDIA Tesla K80 datasheet (2014): per board 8.73 TFLOPS FP32 with boost, 480 GB/s, two GPUs";
constexpr std::string_view kP100 = "NVIDIA Tesla P100 datasheet (2016)";
constexpr std::string_view kV100 = "NVIDIA Tesla V100 datasheet (2020)";
constexpr std::string_view kT4 = "NVIDIA T4 datasheet (2019)";
constexpr std::string_view kA100 = "NVIDIA A100 Tensor Core GPU datasheet (2021)";
constexpr std::string_view kA10 = "NVIDIA A10 datasheet (2021)";
constexpr std::string_view kL4 = "NVIDIA L4 datasheet (2023)";
constexpr std::string_view kH100 = "NVIDIA H100 Tensor Core GPU datasheet (2023)";
constexpr std::string_view kH200 = "NVIDIA H200 Tensor Core GPU datasheet (2024)";
constexpr std::string_view kMi300x = "AMD Instinct MI300X data sheet (2023)";

const std::array<Entry, 16> kEntries { {
    { "k80", Form::Any, { "K80", kK80, false, 12, 240, 4.37, 0, 0, 0 } },
    { "p100", Form::Sxm, { "P100 SXM2", kP100, true, 80, 732, 10.6, 0, 21.2, 0 } },
    { "p100", Form::Pcie, { "P100 PCIe", kP100, false, 16, 732, 9.3, 0, 18.7, 0 } },
    { "v100", Form::Sxm, { "V100 SXM2", kV100, true, 150, 900, 15.7, 0, 125, 0 } },
    { "v100", Form::Pcie, { "V100 PCIe", kV100, false, 16, 900, 14, 0, 112, 0 } },
    { "t4", Form::Any, { "T4", kT4, false, 16, 320, 8.1, 0, 65, 0 } },
    { "a100", Form::Sxm, { "A100 SXM4", kA100, true, 300, 2039, 19.5, 156, 312, 312 } },
    { "a100", Form::Pcie, { "A100 PCIe", kA100, false, 32, 1935, 19.5, 156, 312, 312 } },
    { "a10", Form::Any, { "A10", kA10, false, 32, 600, 31.2, 62.5, 125, 125 } },
    { "l4", Form::Any, { "L4", kL4, false, 32, 300, 30.3, 60, 121, 121 } },
    { "h100", Form::Sxm, { "H100 SXM5", kH100, true, 450, 3350, 67, 494.5, 989.5, 989.5 } },
    { "h100", Form::Pcie, { "H100 PCIe", kH100, false, 64, 2000, 51, 378, 756.5, 756.5 } },
    { "h100", Form::Nvl, { "H100 NVL", kH100, true, 300, 3900, 60, 417.5, 835.5, 835.5 } },
    { "h200", Form::Any, { "H200 SXM", kH200, true, 450, 4800, 67, 494.5, 989.5, 989.5 } },
    { "mi300x", Form::Any, { "MI300X", kMi300x, true, 448, 5300, 163.4, 653.7, 1307.4, 1307.4 } },
    { "mi300", Form::Any, { "MI300X", kMi300x, true, 448, 5300, 163.4, 653.7, 1307.4, 1307.4 } },
} };

std::vector<std::string> wordsOf(std::string_view name)
{
    std::vector<std::string> words(1);
    for (const char c : name) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            words.back().push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        else if (!words.back().empty())
            words.emplace_back();
    }
    if (words.back().empty())
        words.pop_back();
    return words;
}

Form formOf(const std::vector<std::string>& words, std::string_view model)
{
    for (const std::string& w : words) {
        if (w.starts_with("sxm") || (model == "h100" && w == "hbm3"))
            return Form::Sxm;
        if (w.starts_with("pcie"))
            return Form::Pcie;
        if (w == "nvl")
            return Form::Nvl;
    }
    return Form::Any;
}

} // namespace

std::optional<DeviceSpec> DeviceCatalog::find(std::string_view deviceName)
{
    const std::vector<std::string> words = wordsOf(deviceName);
    for (const std::string& word : words) {
        const Entry* first = nullptr;
        for (const Entry& e : kEntries) {
            if (e.model != word)
                continue;
            if (e.form == Form::Any)
                return e.spec;
            const Form form = formOf(words, e.model);
            if (form == e.form)
                return e.spec;
            first = first ? first : &e;
        }
        if (first) {
            // The model comes in several form factors and the name gives none: the first's compute
            // figures, with the fabric unknown.
            DeviceSpec spec = first->spec;
            spec.nvlink.reset();
            spec.gpuLinkGBps = 0;
            return spec;
        }
    }
    return std::nullopt;
}

} // namespace sightline
