#include "expectation.h"

#include <utility>

Expectation Expectation::error(std::vector<std::string> codes)
{
    Expectation e;
    e.outcome = Outcome::Error;
    e.codes = std::move(codes);
    return e;
}

Expectation Expectation::load()
{
    return Expectation();
}

Expectation Expectation::any()
{
    Expectation e;
    e.outcome = Outcome::Any;
    return e;
}

Expectation& Expectation::withOffset(std::int64_t min, std::int64_t max)
{
    offset = true;
    offsetMin = min;
    offsetMax = max;
    return *this;
}

Expectation& Expectation::naming(std::string f)
{
    file = std::move(f);
    return *this;
}

Expectation& Expectation::warns(std::vector<std::string> c)
{
    warn = true;
    warnCodes = std::move(c);
    return *this;
}

Expectation& Expectation::isClean()
{
    clean = true;
    return *this;
}

Expectation& Expectation::job(int size, std::vector<int> r, std::vector<std::string> sources)
{
    worldSize = size;
    ranks = std::move(r);
    rankSources = std::move(sources);
    return *this;
}
