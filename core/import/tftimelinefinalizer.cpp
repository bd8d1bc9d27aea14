#include "core/import/tftimelinefinalizer.h"

#include "core/base/message.h"
#include "core/import/rankfinalizer.h"
#include "core/import/rankpart.h"
#include "core/import/tensordescription.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <string>
#include <unordered_map>

namespace sightline {

namespace {

constexpr std::uint32_t kNone = StringId::kInvalid;
constexpr std::uint8_t kCudaDeviceType = 1; // c10::DeviceType::CUDA, as Kineto's allocator events say

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
        objectsAsMemory();
        RankFinalizer::finalize(p);
        restoreDevices();
        classifyCopies();
        markMemoryEvents();
        flowsAsDependencies();
        launchesFromExecutors();
        oneRun();
    }

private:
    void describeTracks();
    void leaveOutRepeatedStreams();
    void bindFlowsToProducers();
    void objectsAsMemory();
    void addMemoryEvent(const RankPart::ObjectEvent& at, const MemoryArgs& m);
    void markMemoryEvents();
    void restoreDevices();
    void classifyCopies();
    void flowsAsDependencies();
    void launchesFromExecutors();
    void oneRun();

    RankPart& p;
    std::vector<bool> m_repeated; // per track: of a "/stream:all" process
    std::map<std::pair<std::int64_t, std::int64_t>, std::int32_t> m_device; // (pid, tid) -> its GPU
    std::map<std::pair<std::int64_t, std::int64_t>, std::int32_t> m_executor; // (pid, tid) -> the GPU it runs ops of
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
        } else if (gpu >= 0 && process.find("/stream:") == std::string_view::npos) {
            m_executor[{ track.key.pid, track.key.tid }] = gpu;
        }
    }
}

void Finalizer::leaveOutRepeatedStreams()
{
    // Only when there is something they repeat: a timeline of "/stream:all" rows alone keeps them.
    const bool elsewhere = std::any_of(p.track.begin(), p.track.end(), [this](std::uint32_t t) { return !m_repeated[t]; });
    if (!elsewhere || std::find(m_repeated.begin(), m_repeated.end(), true) == m_repeated.end())
        return;
    std::vector<bool> keep(p.opCount());
    for (std::size_t op = 0; op < p.opCount(); ++op)
        keep[op] = !m_repeated[p.track[op]];
    p.keepOps(keep);
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

// Each tensor object a GPU allocator held (its snapshot names the allocator and the bytes) becomes a
// pair of allocator events, as Kineto's "[memory]" events are: an allocation where it was created (or
// snapshot, without a creation), a free where it was deleted (none when the timeline never deletes it),
// paired by the snapshot's pointer (else by the object's id), with the allocator's running total.
void Finalizer::objectsAsMemory()
{
    struct Object {
        const RankPart::ObjectEvent* created = nullptr;
        const RankPart::ObjectEvent* snapshot = nullptr;
        const RankPart::ObjectEvent* deleted = nullptr;
    };
    std::map<std::uint64_t, Object> byId;
    for (const RankPart::ObjectEvent& o : p.objects) {
        Object& obj = byId[o.id];
        const RankPart::ObjectEvent*& slot = o.phase == 'N' ? obj.created : o.phase == 'O' ? obj.snapshot : obj.deleted;
        if (!slot && (o.phase != 'O' || o.bytes >= 0))
            slot = &o;
    }
    struct Event {
        const RankPart::ObjectEvent* at;
        MemoryArgs m;
    };
    std::vector<Event> events;
    std::size_t unsized = 0;
    for (const auto& [id, obj] : byId) {
        if (!obj.snapshot || obj.snapshot->bytes <= 0 || obj.snapshot->bytes >= MemoryArgs::kLimit) {
            unsized += obj.created != nullptr;
            continue;
        }
        const int gpu = obj.snapshot->allocator.isValid() ? TensorDescription::gpuOf(p.strings.view(obj.snapshot->allocator)) : -1;
        if (gpu < 0)
            continue; // host memory (or no allocator named): not a device's
        MemoryArgs m;
        m.bytes = obj.snapshot->bytes;
        m.address = obj.snapshot->address != 0 ? obj.snapshot->address : (std::uint64_t(1) << 63) | id;
        m.device = static_cast<std::int16_t>(gpu);
        m.deviceType = kCudaDeviceType;
        const RankPart::ObjectEvent* created = obj.created ? obj.created : obj.snapshot;
        events.push_back({ created, m });
        if (obj.deleted && obj.deleted->time >= created->time) {
            m.bytes = -m.bytes;
            events.push_back({ obj.deleted, m });
        }
    }
    // The allocator's total after each event, in time order (frees first at one instant).
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return a.at->time != b.at->time ? a.at->time < b.at->time : a.m.bytes < b.m.bytes;
    });
    std::map<std::int16_t, std::int64_t> total;
    for (Event& e : events) {
        std::int64_t& t = total[e.m.device];
        t = std::clamp<std::int64_t>(t + e.m.bytes, 0, MemoryArgs::kLimit - 1);
        e.m.totalAllocated = t;
        addMemoryEvent(*e.at, e.m);
    }
    if (unsized > 0)
        p.warn(ErrorCode::MissingField, -1,
            Message(SL_TEXT("Core",
                        "%1 tensor objects without a usable snapshot of their allocation (allocated_bytes below a "
                        "petabyte); not counted"),
                { unsized }));
    p.objects.clear();
}

void Finalizer::addMemoryEvent(const RankPart::ObjectEvent& at, const MemoryArgs& m)
{
    const auto op = static_cast<std::uint32_t>(p.opCount());
    p.start.push_back(at.time);
    p.end.push_back(at.time);
    p.track.push_back(at.track);
    p.name.push_back(at.name.value());
    p.category.push_back(p.strings.intern("memory").value());
    p.bytes.push_back(m.bytes > 0 ? m.bytes : 0);
    p.correlation.push_back(-1);
    p.memory.emplace_back(op, m);
}

// The allocator events are instants that mark memory, not work.
void Finalizer::markMemoryEvents()
{
    for (const auto& [op, m] : p.memory)
        p.kind[op] = OpKind::Annotation;
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

// The node a copy between devices carries a tensor of: "edge_<N>_<node>" names the copy after the
// edge and its producer; empty for any other name.
std::string_view producerOfEdge(std::string_view copy)
{
    if (!copy.starts_with("edge_"))
        return {};
    const std::size_t digits = copy.find_first_not_of("0123456789", 5);
    return digits == std::string_view::npos || digits == 5 || copy[digits] != '_' ? std::string_view()
                                                                                  : copy.substr(digits + 1);
}

// A GPU node runs on its device's executor row, which enqueues its kernels and copies on the device's
// streams: each op of a stream or the copy row is launched (LinkKind::Launch) by the op of the same
// node (args.name) on its device's executor row that started last before it. A copy of an edge
// ("edge_<N>_<node>") waits (LinkKind::Dependency) for the op of its producer that ended last before
// it. Without these links a kernel or copy waited only for the one before it on its row, by the
// measured gap.
void Finalizer::launchesFromExecutors()
{
    using Key = std::pair<std::int32_t, std::uint32_t>; // (GPU, node)
    std::map<Key, std::vector<std::pair<TimeNs, std::uint32_t>>> executed; // by start
    std::vector<std::pair<std::uint32_t, Key>> enqueued;
    std::unordered_map<std::string_view, std::vector<std::pair<TimeNs, std::uint32_t>>>
        produced; // node -> its ops by end
    for (const auto& [op, node] : p.argNames)
        produced[p.strings.view(node)].emplace_back(p.end[op], op);
    for (auto& [node, ops] : produced)
        std::sort(ops.begin(), ops.end());
    const std::size_t before = p.links.size();
    for (const auto& [op, node] : p.argNames) {
        const RankPart::Track& track = p.tracks[p.track[op]];
        const std::pair<std::int64_t, std::int64_t> row { track.key.pid, track.key.tid };
        if (const auto device = m_device.find(row); device != m_device.end()) {
            enqueued.emplace_back(op, Key { device->second, node.value() });
            const std::string_view edgeOf = producerOfEdge(p.strings.view(node));
            const auto producer = edgeOf.empty() ? produced.end() : produced.find(edgeOf);
            if (producer == produced.end())
                continue;
            const auto after = std::upper_bound(
                producer->second.begin(), producer->second.end(), std::pair { p.start[op], UINT32_MAX });
            if (after != producer->second.begin())
                p.links.push_back({ OpId(std::prev(after)->second), OpId(op), LinkKind::Dependency });
        } else if (const auto executor = m_executor.find(row); executor != m_executor.end())
            executed[{ executor->second, node.value() }].emplace_back(p.start[op], op);
    }
    for (auto& [key, ops] : executed)
        std::sort(ops.begin(), ops.end());
    for (const auto& [op, key] : enqueued) {
        const auto found = executed.find(key);
        if (found == executed.end())
            continue;
        const auto after
            = std::upper_bound(found->second.begin(), found->second.end(), std::pair { p.start[op], UINT32_MAX });
        if (after != found->second.begin())
            p.links.push_back({ OpId(std::prev(after)->second), OpId(op), LinkKind::Launch });
    }
    if (p.links.size() != before)
        RankFinalizer::orderLinks(p);
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
