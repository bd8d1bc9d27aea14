#pragma once

// Whether a what-if's result warned that its figure may be off: the warnings that qualify a prediction
// (a host-bound job, a per-call cost the trace cannot tell, a device the catalogue lacks, a
// memory-bound fusion, ...), not the memory estimate's notes nor the cost model's on links. The
// fidelity benchmark marks its rows by it, and the search's ranking test leaves such rows out.

#include "core/session/jobsession.h"

#include <string>

namespace qualifiedprediction {

inline bool warned(const sightline::WhatIfResult& r)
{
    for (const std::string& w : sightline::Message::englishAll(r.warnings)) {
        for (const char* mark : { "bound by its host", "cannot tell a per-call cost", "catalog", "names no device",
                 "spell no precision", "units faster", "computes on its host", "no data-parallel collective",
                 "memory traffic", "slows the ops' own compute", "keeps them on chip", "caches served them" }) {
            if (w.find(mark) != std::string::npos)
                return true;
        }
    }
    return false;
}

} // namespace qualifiedprediction
