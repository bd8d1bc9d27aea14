#include "core/import/tftimelinefinalizer.h"

#include "core/import/rankfinalizer.h"
#include "core/import/rankpart.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <string>
#include <unordered_map>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = StringId::kInvalid;

// The device number after "/device:GPU:" in a process name, or -1.
std::int32_t gpuOf(std::string_view process)
{
    constexpr std::string_view kGpu = "/device:GPU:";
    const std::size_t at = process.find(kGpu);
    if (at == std::string_view::npos)
        return -1;
    const char* first = process.data() + at + kGpu.size();
    std::int32_t device = -1;
    const auto [end, error] = std::from_chars(first, process.data() + process.size(), device);
    return error == std::errc() && end != first && device >= 0 && device < (1 << 16) ? device : -1;
}

class Finalizer {
public:
    explicit Finalizer(RankPart& part)
        : p(part)
    {
    }

    void run()
    {
        describeTracks();
        leaveOutRepeatedStreams();
        bindFlowsToProducers();
        RankFinalizer::finalize(p);
        restoreDevices();
        classifyCopies();
        flowsAsDependencies();
        oneRun();
    }

private:
    void describeTracks();
    void leaveOutRepeatedStreams();
    void bindFlowsToProducers();
    void restoreDevices();
    void classifyCopies();
    void flowsAsDependencies();
    void oneRun();

    RankPart& p;
    std::vector<bool> m_repeated; // per track: of a "/stream:all" process
    std::map<std::pair<std::int64_t, std::int64_t>, std::int32_t> m_device; // (pid, tid) -> its GPU
};

void Finalizer::describeTracks()
{
    std::unordered_map<std::int64_t, StringId> processName;
    for (const auto& [key, name] : p.processNames) {
        if (key.pidString == kNone)
            processName[key.pid] = name;
    }
    m_repeated.assign(p.tracks.size(), false);
    for (std::size_t t = 0; t < p.tracks.size(); ++t) {
        RankPart::Track& track = p.tracks[t];
        const auto it = track.key.pidString == kNone ? processName.find(track.key.pid) : processName.end();
        if (it == processName.end())
            continue;
        const std::string_view process = p.strings.view(it->second);
        m_repeated[t] = process.find("/stream:all") != std::string_view::npos;
        if (!track.name.isValid())
            track.name = track.key.tid == 0 || track.key.tidString != kNone
                ? it->second
                : p.strings.intern(std::string(process) + " thread " + std::to_string(track.key.tid));
        // A device's streams and its copies run on the device; its executor's row is the host's.
        const std::int32_t gpu = gpuOf(process);
        const bool onDevice = gpu >= 0 && process.substr(0, 8) == "/device:"
            && (process.find("/stream:") != std::string_view::npos || process.find("/memcpy") != std::string_view::npos);
        if (onDevice) {
            track.gpu = true;
            m_device[{ track.key.pid, track.key.tid }] = gpu;
        }
    }
}

void Finalizer::leaveOutRepeatedStreams()
{
    // Only when there is something they repeat: a timeline of "/stream:all" rows alone keeps them.
    const bool elsewhere = std::any_of(p.track.begin(), p.track.end(), [this](std::uint32_t t) { return !m_repeated[t]; });
    if (!elsewhere || std::find(m_repeated.begin(), m_repeated.end(), true) == m_repeated.end())
        return;
    p.keepOps([this](std::uint32_t op) { return !m_repeated[p.track[op]]; });
    std::erase_if(p.flows, [this](const RankPart::FlowPoint& f) { return m_repeated[f.track]; });
}

// A DataFlow start stands at its producer's end: moved into the producer by a nanosecond, it binds to
// it as an enclosing slice.
void Finalizer::bindFlowsToProducers()
{
    for (RankPart::FlowPoint& f : p.flows) {
        if (f.phase == 's' && p.strings.view(f.category) == "DataFlow")
            f.time -= 1;
    }
}

// The GPU a track's process names (the generic finaliser takes a GPU process's pid for its device).
void Finalizer::restoreDevices()
{
    for (RankPart::Track& t : p.tracks) {
        const auto it = t.key.pidString == kNone ? m_device.find({ t.key.pid, t.key.tid }) : m_device.end();
        if (it != m_device.end())
            t.device = it->second;
    }
}

// The device's copies ("MEMCPYHtoD", "MEMCPYDtoH", "MEMCPYDtoD") are copies, not kernels.
void Finalizer::classifyCopies()
{
    for (std::uint32_t i = 0; i < p.opCount(); ++i) {
        if (p.tracks[p.track[i]].gpu && p.strings.view(StringId(p.name[i])).starts_with("MEMCPY"))
            p.kind[i] = OpKind::Memcpy;
    }
}

// A timeline is the step statistics of one Session.run: one step, from its first op to its last.
void Finalizer::oneRun()
{
    if (p.opCount() == 0)
        return;
    const TimeNs first = *std::min_element(p.start.begin(), p.start.end());
    const TimeNs last = *std::max_element(p.end.begin(), p.end.end());
    p.steps.assign(1, StepSpan { RankId(), 0, first, std::max(last, first), OpId() });
    p.stepMethod = StepMethod::WholeRun;
    p.step.assign(p.opCount(), 0);
}

void Finalizer::flowsAsDependencies()
{
    bool changed = false;
    for (Link& l : p.links) {
        if (l.kind == LinkKind::Flow) {
            l.kind = LinkKind::Dependency;
            changed = true;
        }
    }
    if (changed)
        RankFinalizer::orderLinks(p);
}

} // namespace

void TfTimelineFinalizer::finalize(RankPart& part)
{
    Finalizer(part).run();
}

} // namespace sightline
