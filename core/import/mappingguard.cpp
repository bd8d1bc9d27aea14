#include "core/import/mappingguard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace sightline {

namespace {

struct Slot {
    std::atomic<std::uintptr_t> begin { 0 }; // 0: free
    std::atomic<std::uintptr_t> end { 0 };
    std::atomic<bool> cut { false };
};

Slot g_slots[MappingGuard::kSlots];
struct sigaction g_previous {};
std::once_flag g_installed;

void onBusError(int signal, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& slot : g_slots) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        const std::uintptr_t end = slot.end.load(std::memory_order_acquire);
        if (begin == 0 || address < begin || address >= end)
            continue;
        // Zero pages from the faulting page to the end of the range: the faulting read then succeeds,
        // and so do the reads after it, without a fault per page.
        const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
        const std::uintptr_t from = address & ~(page - 1);
        const std::uintptr_t to = (end + page - 1) & ~(page - 1);
        if (::mmap(reinterpret_cast<void*>(from), to - from, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            != MAP_FAILED) {
            slot.cut.store(true, std::memory_order_release);
            return;
        }
        break;
    }
    // Not ours (or the repair failed): what would have happened without us.
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(signal, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    ::sigemptyset(&fallback.sa_mask);
    ::sigaction(SIGBUS, &fallback, nullptr);
    // Returning re-executes the faulting access, which now ends the process as it would have.
}

void install()
{
    struct sigaction action {};
    action.sa_sigaction = onBusError;
    ::sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    ::sigaction(SIGBUS, &action, &g_previous);
}

} // namespace

int MappingGuard::watch(void* begin, std::size_t length)
{
    std::call_once(g_installed, install);
    const auto from = reinterpret_cast<std::uintptr_t>(begin);
    for (int i = 0; i < kSlots; ++i) {
        // Claimed with the placeholder 1 (a range the handler never matches: its end is 0), filled,
        // then published by storing the real begin last.
        std::uintptr_t expected = 0;
        if (!g_slots[i].begin.compare_exchange_strong(expected, 1, std::memory_order_acq_rel))
            continue;
        g_slots[i].cut.store(false, std::memory_order_relaxed);
        g_slots[i].end.store(from + length, std::memory_order_relaxed);
        g_slots[i].begin.store(from, std::memory_order_release);
        return i;
    }
    return -1;
}

void MappingGuard::release(int slot)
{
    if (slot < 0 || slot >= kSlots)
        return;
    g_slots[slot].end.store(0, std::memory_order_relaxed);
    g_slots[slot].begin.store(0, std::memory_order_release);
}

bool MappingGuard::isCut(int slot)
{
    return slot >= 0 && slot < kSlots && g_slots[slot].cut.load(std::memory_order_acquire);
}

} // namespace sightline
