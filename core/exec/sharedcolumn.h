#pragma once

#include "core/base/hugepages.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

namespace sightline {

// A column of an ExecutionGraph that graphs share until one of them changes it: a strategy pass
// builds a new graph from a copy of its source, and most passes change a few columns of millions of
// items. Copying the column object shares the storage in O(1); edit() gives the column's own
// storage, copying it first when another graph shares it (copy on write). Reads never copy. Shared
// storage is never written: a graph is immutable once built, and only the builder that owns a graph
// edits its columns, so the storage may be read from any thread.
template <class T>
class SharedColumn {
public:
    SharedColumn()
        : m_v(std::make_shared<std::vector<T>>())
    {
    }
    SharedColumn& operator=(std::vector<T> v)
    {
        m_v = std::make_shared<std::vector<T>>(std::move(v));
        return *this;
    }

    const T& operator[](std::size_t i) const { return (*m_v)[i]; }
    std::size_t size() const { return m_v->size(); }
    bool empty() const { return m_v->empty(); }
    const T& back() const { return m_v->back(); }
    const T* data() const { return m_v->data(); }
    auto begin() const { return m_v->cbegin(); }
    auto end() const { return m_v->cend(); }
    std::span<const T> span() const { return *m_v; }
    operator std::span<const T>() const { return *m_v; }
    // Bytes of the storage, shared or not.
    std::size_t capacityBytes() const { return m_v->capacity() * sizeof(T); }

    // The column's own storage to change, copied first when another graph shares it. The copy has room
    // for capacity items, and at least an eighth more than it holds: passes that change a column
    // often append to it. Large copies ask for huge pages.
    std::vector<T>& edit(std::size_t capacity = 0)
    {
        if (m_v.use_count() > 1) {
            auto copy = std::make_shared<std::vector<T>>();
            copy->reserve(std::max(capacity, m_v->size() + m_v->size() / 8));
            adviseHugePages(*copy);
            copy->assign(m_v->begin(), m_v->end());
            m_v = std::move(copy);
        } else if (capacity > m_v->capacity()) {
            m_v->reserve(capacity);
        }
        return *m_v;
    }

private:
    std::shared_ptr<std::vector<T>> m_v;
};

} // namespace sightline
