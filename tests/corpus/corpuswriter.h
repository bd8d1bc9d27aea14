#pragma once

#include "expectation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// One input of the corpus: its files and what each run must end with.
struct CorpusCase {
    std::string id; // unique; also the name of its folder
    std::string category;
    std::string why; // one line: what it tests
    std::vector<std::string> inputs; // relative to the corpus, or absolute (/dev/zero)
    std::vector<std::string> args; // extra arguments for every run (--max-decoded-gb 1)
    Expectation load; // info, and the window's load
    // replay, and the window's analysis, when the load succeeds; unset: a sane replay.
    std::optional<Expectation> replay = std::nullopt;
};

// Writes the corpus: each case's files in a folder of its own under the root, special files included
// (FIFOs, sockets, sparse files, symbolic links, compression bombs streamed without holding the decoded
// text), and manifest.json listing every case. Any failure to write is fatal: the generator reports it
// and exits non-zero, failing the ctest fixture. Not thread-safe.
class CorpusWriter {
public:
    explicit CorpusWriter(std::string root);

    const std::string& root() const { return m_root; }
    // root/rel, for files that a case writes itself.
    std::string path(const std::string& rel) const;

    // Writes bytes to root/rel (parent folders made); returns rel.
    std::string write(const std::string& rel, std::string_view bytes);
    std::string writeGzip(const std::string& rel, std::string_view bytes);
    // Compressed bytes, for cases that cut or flip them before writing.
    static std::string gzip(std::string_view bytes);
    static std::string zstd(std::string_view bytes);
    std::string writeZstd(const std::string& rel, std::string_view bytes);
    // A gzip file that decodes to prefix followed by fill bytes up to decodedBytes in total. One member
    // (a repeated flush-aligned deflate segment with the true CRC and size), or many concatenated members.
    std::string writeGzipBomb(
        const std::string& rel, std::string_view prefix, char fill, std::uint64_t decodedBytes, bool members);
    // A zstd file that decodes the same way: one frame, with or without its size in the header, or many
    // frames.
    enum class ZstdBomb { UnknownSize, DeclaredSize, Frames };
    std::string writeZstdBomb(
        const std::string& rel, std::string_view prefix, char fill, std::uint64_t decodedBytes, ZstdBomb kind);
    // A sparse file of `size` bytes: head at 0, tail at the end, holes (zeros) between.
    std::string writeSparse(
        const std::string& rel, std::uint64_t size, std::string_view head = {}, std::string_view tail = {});
    std::string makeFifo(const std::string& rel);
    std::string makeSocket(const std::string& rel);
    std::string makeSymlink(const std::string& rel, const std::string& target);
    std::string makeFolder(const std::string& rel);

    void add(CorpusCase c);
    // Writes text to id/name and adds a case in category that reads that one file.
    void addSingle(const std::string& category, const std::string& id, const std::string& why, const std::string& name,
        std::string_view text, Expectation load, std::optional<Expectation> replay = std::nullopt,
        std::vector<std::string> args = {});
    std::size_t caseCount() const { return m_cases.size(); }
    // Writes manifest.json.
    void finish();

    [[noreturn]] static void fail(const std::string& what);

private:
    void makeParent(const std::string& rel) const;

    std::string m_root;
    std::vector<CorpusCase> m_cases;
};
