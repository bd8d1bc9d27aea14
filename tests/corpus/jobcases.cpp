// Case families about jobs and files: ranks and folders, layer-wise profiles, and resources (bombs,
// sparse and special files, very large inputs).

#include "basetraces.h"
#include "corpuscases.h"
#include "corpuswriter.h"

#include <cstdio>
#include <functional>
#include <utility>
#include <vector>

namespace CorpusCases {

namespace {

using Object = TraceDocument::Object;
using E = Expectation;
using Files = std::vector<std::pair<std::string, std::string>>;
const auto str = TraceDocument::str;

// Writes files into folder id and adds a case that reads the folder.
void addFolder(CorpusWriter& w, const std::string& category, const std::string& id, const std::string& why,
    const Files& files, E load, std::optional<E> replay = std::nullopt)
{
    w.makeFolder(id);
    for (const auto& [name, text] : files)
        w.write(id + "/" + name, text);
    w.add({ id, category, why, { id }, {}, std::move(load), std::move(replay) });
}

TraceDocument withoutDistributedInfo(TraceDocument doc)
{
    doc.head.remove("distributedInfo");
    return doc;
}

std::string withGroup(int rank, int worldSize, const std::string& pgConfig)
{
    TraceDocument doc = BaseTraces::kinetoRank(rank, worldSize);
    doc.head.set("distributedInfo", BaseTraces::distributedInfo(rank, worldSize, pgConfig).text());
    return doc.text();
}

} // namespace

// ---------------------------------------------------------------------------------------------------------
// Ranks and folders. Two files claiming one rank cannot both be it: duplicate-rank, naming one of them. A
// declared rank at or past its declared world size, or files that disagree on the world size, still load
// but with a warning. A lone file is rank 0 of a one-rank job whatever digits its name holds (the `_N.`
// rule orders files of one job; it does not invent 2024 missing ranks). A folder without trace files
// holds no events. Files of different formats (Kineto, Horovod, BytePS, TF1, plain Chrome, layer-wise)
// are not one job: invalid-argument naming a file. pg_config entries may lack any field.
void addRanksAndFolders(CorpusWriter& w)
{
    const std::string cat = "ranks";
    const std::string k0 = BaseTraces::kinetoRank(0, 2).text();
    const std::string k1 = BaseTraces::kinetoRank(1, 2).text();
    const std::string chrome = BaseTraces::chromePlain().text();
    addFolder(w, cat, "ranks-control-2", "control: a clean 2-rank Kineto job",
        { { "rank0.json", k0 }, { "rank1.json", k1 } },
        E::load().isClean().job(2, { 0, 1 }, { "distributed_info", "distributed_info" }));
    addFolder(w, cat, "ranks-duplicate-declared", "two files that both declare rank 0",
        { { "a.json", k0 }, { "b.json", k0 } }, E::error({ "duplicate-rank" }));
    addFolder(w, cat, "ranks-duplicate-declared-of-4", "ranks 0, 1, 1, 3 declared",
        { { "a.json", BaseTraces::kinetoRank(0, 4).text() }, { "b.json", BaseTraces::kinetoRank(1, 4).text() },
            { "c.json", BaseTraces::kinetoRank(1, 4).text() }, { "d.json", BaseTraces::kinetoRank(3, 4).text() } },
        E::error({ "duplicate-rank" }));
    addFolder(w, cat, "ranks-duplicate-names", "rank-1.json and worker1.json, no declared ranks",
        { { "rank-1.json", chrome }, { "worker1.json", chrome } }, E::load());
    addFolder(w, cat, "ranks-declared-beyond-world", "rank 3 declared in a job of world size 2",
        { { "rank0.json", k0 }, { "rank3.json", BaseTraces::kinetoRank(3, 2).text() } }, E::load().warns());
    w.addSingle(cat, "ranks-single-beyond-world", "a lone file declaring rank 5 of 2", "rank5.json",
        BaseTraces::kinetoRank(5, 2).text(), E::load().warns());
    addFolder(w, cat, "ranks-world-sizes-disagree", "rank 0 says world size 2, rank 1 says 4",
        { { "rank0.json", k0 }, { "rank1.json", BaseTraces::kinetoRank(1, 4).text() } }, E::load().warns());
    addFolder(w, cat, "ranks-declared-world-too-small", "ranks 0, 1 and 2 each declaring world size 2",
        { { "rank0.json", k0 }, { "rank1.json", k1 }, { "rank2.json", BaseTraces::kinetoRank(2, 2).text() } },
        E::load().warns());
    addFolder(w, cat, "ranks-declared-against-names", "rank0.json declares 1 and rank1.json declares 0",
        { { "rank0.json", k1 }, { "rank1.json", k0 } },
        E::load().job(2, { 0, 1 }, { "distributed_info", "distributed_info" }));
    addFolder(w, cat, "ranks-missing-middle", "ranks 0 and 2 of a 3-rank job",
        { { "rank0.json", BaseTraces::kinetoRank(0, 3).text() },
            { "rank2.json", BaseTraces::kinetoRank(2, 3).text() } },
        E::load());
    w.addSingle(cat, "ranks-job-2024", "a lone job_2024.json", "job_2024.json", chrome,
        E::load().job(1, { 0 }, { "file_order" }));
    w.addSingle(cat, "ranks-job-2024-kineto", "a lone job_2024.json Kineto trace without distributedInfo",
        "job_2024.json", withoutDistributedInfo(BaseTraces::kinetoRank(0, 1)).text(),
        E::load().job(1, { 0 }, { "file_order" }));
    w.addSingle(
        cat, "ranks-trace-7", "a lone trace_7.json", "trace_7.json", chrome, E::load().job(1, { 0 }, { "file_order" }));
    addFolder(w, cat, "ranks-underscore-pair", "job_2024.json and job_2025.json",
        { { "job_2024.json", chrome }, { "job_2025.json", chrome } }, E::load());
    w.addSingle(cat, "ranks-rank-word-single", "a lone rank-3.json", "rank-3.json", chrome, E::load());
    addFolder(w, cat, "ranks-huge-name-rank", "rank-0.json and rank-999999999.json",
        { { "rank-0.json", chrome }, { "rank-999999999.json", chrome } }, E::load());
    addFolder(w, cat, "ranks-ten-digit-name", "rank-0.json and rank-4294967296.json",
        { { "rank-0.json", chrome }, { "rank-4294967296.json", chrome } }, E::load());
    {
        Files many;
        for (int r = 0; r < 300; ++r)
            many.emplace_back("rank-" + std::to_string(r) + ".json", chrome);
        std::vector<int> ranks;
        for (int r = 0; r < 300; ++r)
            ranks.push_back(r);
        addFolder(w, cat, "ranks-300-files", "a folder of 300 one-rank traces", many,
            E::load().job(300, ranks, std::vector<std::string>(300, "file_name")));
    }

    // Folders that hold no trace.
    w.makeFolder("ranks-empty-folder");
    w.add({ "ranks-empty-folder", cat, "an empty folder", { "ranks-empty-folder" }, {},
        E::error({ "no-events" }).naming("ranks-empty-folder") });
    addFolder(w, cat, "ranks-folder-other-files", "a folder of .txt and .md files no importer reads",
        { { "notes.txt", "hello\n" }, { "README.md", "# x\n" } },
        E::error({ "no-events" }).naming("ranks-folder-other-files"));
    // A CSV with a header row is read as a layer-wise profile: one of other columns is refused by name.
    addFolder(w, cat, "ranks-folder-other-csv", "a folder of notes and a CSV of other columns",
        { { "notes.txt", "hello\n" }, { "table.csv", "a,b\n1,2\n" } },
        E::error({ "missing-field" }).naming("ranks-folder-other-csv/table.csv"));
    // A folder without JSON traces gives the one profile in it that an importer reads; several
    // profiles of whole jobs are several jobs.
    addFolder(w, cat, "ranks-folder-profile-among-notes", "a folder of a layer-wise CSV beside notes",
        { { "notes.txt", "hello\n" }, { "model.csv", BaseTraces::layerwiseCsv(4) }, { "README.md", "# x\n" } },
        E::load());
    addFolder(w, cat, "ranks-folder-two-profiles", "a folder of two layer-wise profiles",
        { { "model.csv", BaseTraces::layerwiseCsv(4) }, { "graph.txt", BaseTraces::pipedreamGraph() } },
        E::error({ "invalid-argument" }).naming("ranks-folder-two-profiles"));
    w.makeFolder("ranks-folder-dir-named-json/x.json");
    w.add({ "ranks-folder-dir-named-json", cat, "a folder whose only entry is a folder named x.json",
        { "ranks-folder-dir-named-json" }, {}, E::error({ "no-events" }).naming("ranks-folder-dir-named-json") });
    w.makeSymlink("ranks-folder-dangling-link/x.json", "does-not-exist.json");
    w.add({ "ranks-folder-dangling-link", cat, "a folder whose only entry is a dangling link x.json",
        { "ranks-folder-dangling-link" }, {}, E::error({ "no-events" }).naming("ranks-folder-dangling-link") });
    w.makeFifo("ranks-folder-fifo-only/x.json");
    w.add({ "ranks-folder-fifo-only", cat, "a folder whose only entry is a FIFO x.json", { "ranks-folder-fifo-only" },
        {}, E::error({ "no-events", "read-failed" }).naming("ranks-folder-fifo-only") });
    w.makeFifo("ranks-folder-fifo-and-trace/a.json");
    w.write("ranks-folder-fifo-and-trace/b.json", chrome);
    w.add({ "ranks-folder-fifo-and-trace", cat, "a FIFO beside a trace in a folder: the FIFO is no trace file",
        { "ranks-folder-fifo-and-trace" }, {}, E::load() });
    addFolder(w, cat, "ranks-nested-folders", "ranks in subfolders",
        { { "a/x/rank0.json", k0 }, { "b/rank1.json", k1 } },
        E::load().job(2, { 0, 1 }, { "distributed_info", "distributed_info" }));
    {
        const std::string one = BaseTraces::kinetoRank(0, 1).text();
        w.write("ranks-symlinked-twice/rank0.json", one);
        w.makeSymlink("ranks-symlinked-twice/link.json", "rank0.json");
        w.add({ "ranks-symlinked-twice", cat, "a trace and a link to it in one folder: one file",
            { "ranks-symlinked-twice" }, {}, E::load().job(1, { 0 }, { "distributed_info" }) });
        const std::string f = w.write("ranks-same-file-twice/rank0.json", one);
        w.add({ "ranks-same-file-twice", cat, "one file named twice", { f, f }, {},
            E::load().job(1, { 0 }, { "distributed_info" }) });
        const std::string g = w.write("ranks-file-and-folder/rank0.json", one);
        w.add({ "ranks-file-and-folder", cat, "a folder and its own file", { "ranks-file-and-folder", g }, {},
            E::load().job(1, { 0 }, { "distributed_info" }) });
    }

    // Formats that do not make one job.
    const std::pair<std::string, std::string> formats[] = {
        { "kineto", k0 },
        { "horovod", BaseTraces::horovod().text() },
        { "byteps", BaseTraces::byteps().text() },
        { "tf1", BaseTraces::tf1().text() },
    };
    for (std::size_t a = 0; a < 4; ++a) {
        for (std::size_t b = a + 1; b < 4; ++b) {
            addFolder(w, cat, "ranks-mixed-" + formats[a].first + "-" + formats[b].first,
                formats[a].first + " and " + formats[b].first + " in one folder",
                { { "a_" + formats[a].first + ".json", formats[a].second },
                    { "b_" + formats[b].first + ".json", formats[b].second } },
                E::error({ "invalid-argument" }));
        }
    }
    addFolder(w, cat, "ranks-mixed-all-four", "Kineto, Horovod, BytePS and TF1 timelines in one folder",
        { { "kineto.json", formats[0].second }, { "horovod_timeline.json", formats[1].second },
            { "comm.json", formats[2].second }, { "timeline.json", formats[3].second } },
        E::error({ "invalid-argument" }));
    addFolder(w, cat, "ranks-mixed-kineto-chrome", "a Kineto rank and a plain Chrome trace",
        { { "rank0.json", k0 }, { "other.json", chrome } }, E::error({ "invalid-argument" }));
    for (const auto& [name, text] : formats) {
        if (name == "kineto")
            continue;
        // Alone, each format loads; Horovod leaves its array open, which it may.
        w.addSingle(cat, "ranks-alone-" + name, "control: a " + name + " timeline alone", name + ".json", text,
            name == "horovod" ? E::load().warns({ "truncated-json" }) : E::load());
    }
    {
        const std::string csv = w.write("ranks-layerwise-then-json/model.csv", BaseTraces::layerwiseCsv(4));
        const std::string json = w.write("ranks-layerwise-then-json/rank0.json", k0);
        w.add({ "ranks-layerwise-then-json", cat, "a layer-wise CSV given with a trace", { csv, json }, {},
            E::error({ "invalid-argument" }) });
        const std::string json2 = w.write("ranks-json-then-layerwise/rank0.json", k0);
        const std::string csv2 = w.write("ranks-json-then-layerwise/model.csv", BaseTraces::layerwiseCsv(4));
        w.add({ "ranks-json-then-layerwise", cat, "a trace given with a layer-wise CSV after it", { json2, csv2 }, {},
            E::error({ "invalid-argument" }) });
        const std::string a = w.write("ranks-two-csv/a.csv", BaseTraces::layerwiseCsv(4));
        const std::string b = w.write("ranks-two-csv/b.csv", BaseTraces::layerwiseCsv(5));
        w.add({ "ranks-two-csv", cat, "two layer-wise CSVs", { a, b }, {}, E::error({ "invalid-argument" }) });
        const std::string c = w.write("ranks-csv-and-graph/model.csv", BaseTraces::layerwiseCsv(4));
        const std::string g = w.write("ranks-csv-and-graph/graph.txt", BaseTraces::pipedreamGraph());
        w.add({ "ranks-csv-and-graph", cat, "a CSV and a PipeDream graph", { c, g }, {},
            E::error({ "invalid-argument" }) });
        addFolder(w, cat, "ranks-folder-csv-beside-trace",
            "a folder with a trace and a CSV: only .json files are traces",
            { { "rank0.json", BaseTraces::kinetoRank(0, 1).text() }, { "model.csv", BaseTraces::layerwiseCsv(4) } },
            E::load().isClean().job(1, { 0 }, { "distributed_info" }));
    }

    // Process groups.
    Object noName = BaseTraces::processGroup(1);
    noName.remove("pg_name");
    w.addSingle(cat, "ranks-pg-without-name", "a pg_config entry without pg_name", "rank0.json",
        withGroup(0, 1, "[" + noName.text() + "]"), E::load());
    {
        Object noName2 = BaseTraces::processGroup(2);
        noName2.remove("pg_name");
        addFolder(w, cat, "ranks-pg-without-name-2-ranks", "pg_config entries without pg_name in both ranks of a job",
            { { "rank0.json", withGroup(0, 2, "[" + noName2.text() + "]") },
                { "rank1.json", withGroup(1, 2, "[" + noName2.text() + "]") } },
            E::load());
    }
    w.addSingle(cat, "ranks-pg-empty-entry", "a pg_config entry {}", "rank0.json", withGroup(0, 1, "[{}]"), E::load());
    {
        Object noRanks = BaseTraces::processGroup(1);
        noRanks.remove("ranks");
        w.addSingle(cat, "ranks-pg-without-ranks", "a pg_config entry without ranks", "rank0.json",
            withGroup(0, 1, "[" + noRanks.text() + "]"), E::load());
        Object other = BaseTraces::processGroup(1);
        other.set("ranks", "[0, 5, 9]");
        w.addSingle(cat, "ranks-pg-same-name-other-ranks", "two groups named 0 with different ranks", "rank0.json",
            withGroup(0, 1, "[" + BaseTraces::processGroup(1).text() + ", " + other.text() + "]"), E::load());
        w.addSingle(cat, "ranks-pg-empty-config", "an empty pg_config", "rank0.json", withGroup(0, 1, "[]"), E::load());
    }
    addFolder(w, cat, "ranks-one-without-distributed-info", "rank 0 declares itself, the other file says nothing",
        { { "a.json", k0 }, { "b.json", withoutDistributedInfo(BaseTraces::kinetoRank(1, 2)).text() } }, E::load());
}

// ---------------------------------------------------------------------------------------------------------
// Layer-wise profiles (CSV, B-Caffe logs, PipeDream graph.txt). A malformed line is a parse error naming
// the file and the byte offset of that line (the detail says its line number): a profile is small and
// hand-made, so guessing past a bad line would hide a typo. Job-level limits (workers beyond 256, a job
// longer than int64 nanoseconds) fail with value-out-of-range.
void addLayerwise(CorpusWriter& w)
{
    const std::string cat = "layerwise";
    const std::string header = "layer,forward,backward,communication,gradient_bytes\n";
    const std::string good = "conv1,3.27,0.288,0.123,139776\nconv2,2.5,3.0,0.4,1229312\nfc,0.9,1.1,0.2,4096\n";
    auto csv = [&](const std::string& id, const std::string& why, const std::string& text, E expect) {
        w.addSingle(cat, id, why, "model.csv", text, expect);
    };
    // An error on the line that starts with `line`.
    auto lineError
        = [&](const std::string& id, const std::string& why, const std::string& text, const std::string& line,
              std::vector<std::string> codes, const std::string& name = "model.csv") {
              const auto at = static_cast<std::int64_t>(offsetOf(text, line));
              w.addSingle(cat, id, why, name, text, E::error(std::move(codes)).withOffset(at, at));
          };
    csv("layerwise-csv-control", "control: a valid CSV profile", BaseTraces::layerwiseCsv(8), E::load());
    csv("layerwise-csv-empty", "an empty CSV", "", E::error({ "empty-file" }));
    csv("layerwise-csv-blank", "a CSV of blank lines", "\n\n  \n", E::error({ "empty-file" }));
    csv("layerwise-csv-comments-only", "a CSV of comments only", "# io: 1.0\n# nothing else\n", E::error());
    csv("layerwise-csv-header-only", "a header and no rows", header, E::error({ "no-events" }));
    lineError("layerwise-csv-no-backward", "a header without a backward column", "layer,forward,comm\nconv1,1,2\n",
        "layer,", { "missing-field" });
    lineError("layerwise-csv-short-row", "a row with too few fields", header + good + "fc2,1.0\n", "fc2,",
        { "missing-field" });
    lineError("layerwise-csv-not-a-number", "a time that is not a number", header + good + "fc2,abc,1.0,0.1,4\n",
        "fc2,", { "wrong-type" });
    lineError("layerwise-csv-negative-time", "a negative time", header + good + "fc2,-1.0,1.0,0.1,4\n", "fc2,",
        { "negative-duration" });
    lineError("layerwise-csv-negative-bytes", "negative gradient bytes", header + good + "fc2,1.0,1.0,0.1,-4\n", "fc2,",
        { "value-out-of-range" });
    lineError("layerwise-csv-unterminated-quote", "an unterminated quoted field",
        header + good + "\"fc2,1.0,1.0,0.1,4\n", "\"fc2,", { "wrong-type" });
    lineError("layerwise-csv-nan", "a time of nan", header + good + "fc2,nan,1.0,0.1,4\n", "fc2,", { "wrong-type" });
    lineError("layerwise-csv-inf", "a time of inf", header + good + "fc2,inf,1.0,0.1,4\n", "fc2,", { "wrong-type" });
    lineError("layerwise-csv-1e400", "a time of 1e400 ms", header + good + "fc2,1e400,1.0,0.1,4\n", "fc2,",
        { "value-out-of-range", "wrong-type" });
    lineError("layerwise-csv-30-digits", "a time of 30 digits",
        header + good + "fc2,123456789012345678901234567890,1.0,0.1,4\n", "fc2,",
        { "value-out-of-range", "wrong-type" });
    lineError("layerwise-csv-bytes-30-digits", "gradient bytes of 30 digits",
        header + good + "fc2,1.0,1.0,0.1,123456789012345678901234567890\n", "fc2,",
        { "value-out-of-range", "wrong-type" });
    lineError("layerwise-csv-empty-name", "an empty layer name", header + good + ",1.0,1.0,0.1,4\n", ",1.0",
        { "missing-field" });
    lineError("layerwise-csv-unknown-unit", "a time unit the header cannot mean",
        "layer,forward (fortnights),backward\nconv1,1,2\n", "layer,", { "wrong-type" });
    lineError("layerwise-csv-bytes-in-kb", "gradient bytes in kb",
        "layer,forward,backward,gradient_bytes (kb)\nconv1,1,2,3\n", "layer,", { "wrong-type" });
    lineError("layerwise-csv-workers-zero", "# workers: 0", "# workers: 0\n" + header + good, "# workers",
        { "value-out-of-range" });
    lineError("layerwise-csv-workers-negative", "# workers: -3", "# workers: -3\n" + header + good, "# workers",
        { "value-out-of-range" });
    lineError("layerwise-csv-workers-text", "# workers: many", "# workers: many\n" + header + good, "# workers",
        { "wrong-type" });
    lineError("layerwise-csv-workers-huge", "# workers: 99999999999", "# workers: 99999999999\n" + header + good,
        "# workers", { "value-out-of-range" });
    csv("layerwise-csv-workers-int32-max", "# workers: 2147483647 (more than a job can be built for)",
        "# workers: 2147483647\n" + header + good, E::error({ "value-out-of-range", "too-large" }));
    csv("layerwise-csv-workers-1", "# workers: 1 (no aggregation)", "# workers: 1\n" + header + good, E::load());
    lineError("layerwise-csv-optimizer-states-text", "# optimizer_states: adam", "# optimizer_states: adam\n" + header + good,
        "# optimizer_states", { "wrong-type" });
    lineError("layerwise-csv-optimizer-states-huge", "# optimizer_states: 17", "# optimizer_states: 17\n" + header + good,
        "# optimizer_states", { "value-out-of-range" });
    lineError("layerwise-csv-activation-negative", "negative activation bytes",
        "layer,forward,backward,activation_bytes\nconv1,1,2,3\nfc2,1.0,1.0,-4\n", "fc2,", { "value-out-of-range" });
    lineError("layerwise-csv-activation-in-ms", "activation bytes in ms",
        "layer,forward,backward,activation (ms)\nconv1,1,2,3\n", "layer,", { "wrong-type" });
    lineError("layerwise-csv-activation-30-digits", "activation bytes of 30 digits",
        "layer,forward,backward,activation_bytes\nconv1,1,2,3\nfc2,1.0,1.0,123456789012345678901234567890\n", "fc2,",
        { "value-out-of-range", "wrong-type" });
    csv("layerwise-csv-activation-petabyte", "a layer keeping 2^50 bytes (past what a block may hold)",
        "layer,forward,backward,activation_bytes\nconv1,1,2,1125899906842624\n", E::error({ "value-out-of-range" }));
    csv("layerwise-csv-memory", "activation bytes and Adam's states: a job with device memory",
        "# optimizer_states: 2\nlayer,forward,backward,gradient_bytes,activation_bytes\nconv1,1,2,400,1000\nfc,1,1,800,0\n",
        E::load());
    lineError("layerwise-csv-io-negative", "# io: -1", "# io: -1\n" + header + good, "# io", { "negative-duration" });
    lineError("layerwise-csv-update-unknown-unit", "# update (hours): 1", "# update (hours): 1\n" + header + good,
        "# update", { "wrong-type" });
    csv("layerwise-csv-semicolons", "a CSV separated by semicolons", "layer;forward;backward\nconv1;1,5;2\nfc;1;1\n",
        E::any());
    csv("layerwise-csv-tabs", "a CSV separated by tabs", "layer\tforward\tbackward\nconv1\t1.5\t2\nfc\t1\t1\n",
        E::load());
    {
        std::string crlf;
        for (char c : BaseTraces::layerwiseCsv(6)) {
            if (c == '\n')
                crlf += '\r';
            crlf += c;
        }
        csv("layerwise-csv-crlf", "a CSV with CRLF line ends", crlf, E::load());
    }
    csv("layerwise-csv-duplicate-columns", "two forward columns",
        "layer,forward,forward,backward\nconv1,1,9,2\nfc,1,9,1\n", E::load());
    csv("layerwise-csv-nul-in-field", "a NUL byte in a layer name",
        header + "co" + std::string(1, '\0') + "nv,1.0,1.0,0.1,4\n", E::any().withOffset());
    csv(
        "layerwise-csv-huge-times", "layers of 1e12 ms each: the job outlasts int64 nanoseconds",
        [] {
            std::string t = "layer,forward,backward\n";
            for (int i = 0; i < 20; ++i)
                t += "l" + std::to_string(i) + ",1000000000000,1000000000000\n";
            return t;
        }(),
        E::error({ "value-out-of-range", "too-large" }));
    csv("layerwise-csv-2000-layers", "2 000 layers on 4 workers", BaseTraces::layerwiseCsv(2000), E::load());
    // Rows of numbers without a header name no columns: whatever the file's name, and like an OSU
    // benchmark's table of sizes and latencies (which B-Caffe's logs come with), the text is no format's.
    csv("layerwise-csv-no-header", "a CSV of numbers without a header row", "# sizes\n1,2,3\n4,5,6\n",
        E::error({ "not-a-trace" }));
    w.addSingle(cat, "layerwise-osu-latency-table", "an OSU all-reduce latency table: sizes and latencies, no header",
        "allreduce8.log",
        "\n# OSU MPI Allreduce Latency Test v5.4.0\n# Size       Avg Latency(us)\n8,4                      82.28\n"
        "8,8                      68.72\n8,16                     68.24\n",
        E::error({ "not-a-trace" }));
    {
        const std::string full = BaseTraces::layerwiseCsv(8);
        const std::size_t cut = offsetOf(full, "layer5,") + 9;
        lineError("layerwise-csv-cut-mid-row", "a CSV cut in the middle of a row", full.substr(0, cut), "layer5,",
            { "missing-field", "wrong-type" });
        csv("layerwise-csv-cut-at-row", "a CSV cut at a row boundary", full.substr(0, offsetOf(full, "layer5,")),
            E::load());
        w.addSingle(cat, "layerwise-csv-uppercase-extension", "a CSV named MODEL.CSV", "MODEL.CSV", full, E::load());
        const std::string id = "layerwise-csv-gzip";
        w.add({ id, cat, "a gzip-compressed CSV named model.csv", { w.writeGzip(id + "/model.csv", full) }, {},
            E::load() });
    }

    // B-Caffe comm logs: every profile says that forward times are missing.
    const std::string logName = "tmp4comm.log";
    const E bcaffeLoad = E::load().warns({ "missing-field" });
    auto log = [&](const std::string& id, const std::string& why, const std::string& text, E expect) {
        w.addSingle(cat, id, why, logName, text, expect);
    };
    log("layerwise-bcaffe-control", "control: a B-Caffe comm log", BaseTraces::bcaffeLog(), bcaffeLoad);
    const std::string prefix = "I0501 10:00:09.000000  4242 distributed.cpp:412] ";
    const std::string base = BaseTraces::bcaffeLog();
    lineError("layerwise-bcaffe-three-fields", "a record of three fields", base + prefix + "[0, 100, 1.0]\n",
        prefix + "[0, 100, 1.0]", { "missing-field" }, logName);
    lineError("layerwise-bcaffe-six-fields", "a record of six fields", base + prefix + "[0, 100, 1.0, 2.0, 3.0, 4.0]\n",
        prefix + "[0, 100, 1.0, 2.0, 3", { "missing-field" }, logName);
    lineError("layerwise-bcaffe-param-not-integer", "param_id 0.5", base + prefix + "[0.5, 100, 1.0, 2.0]\n",
        prefix + "[0.5", { "wrong-type" }, logName);
    lineError("layerwise-bcaffe-negative-size", "a negative size", base + prefix + "[0, -100, 1.0, 2.0]\n",
        prefix + "[0, -100", { "value-out-of-range" }, logName);
    lineError("layerwise-bcaffe-out-of-order", "param_id 7 after 0",
        base + prefix + "[0, 100, 1.0, 2.0]\n" + prefix + "[7, 100, 1.0, 2.0]\n", prefix + "[7,",
        { "value-out-of-range" }, logName);
    lineError("layerwise-bcaffe-size-30-digits", "a size of 30 digits",
        base + prefix + "[0, 123456789012345678901234567890, 1.0, 2.0]\n", prefix + "[0, 1234",
        { "wrong-type", "value-out-of-range" }, logName);
    lineError("layerwise-bcaffe-size-overflow", "a size whose bytes overflow int64",
        base + prefix + "[0, 4611686018427387904, 1.0, 2.0]\n", prefix + "[0, 4611", { "value-out-of-range" }, logName);
    lineError("layerwise-bcaffe-negative-compute", "a negative compute time", base + prefix + "[0, 100, -1.0, 2.0]\n",
        prefix + "[0, 100, -1", { "negative-duration" }, logName);
    lineError("layerwise-bcaffe-compute-nan", "a compute time of nan", base + prefix + "[0, 100, nan, 2.0]\n",
        prefix + "[0, 100, nan", { "wrong-type" }, logName);
    log("layerwise-bcaffe-leading-log-line", "a glog line with a comma before the records",
        "I0501 10:00:00.000000  4242 solver.cpp:228] Iteration 0, loss = 6.9\n" + base, E::any());
    log("layerwise-bcaffe-no-records", "a log without records",
        "I0501 10:00:00.000000  4242 solver.cpp:228] Iteration 0, loss = 6.9\n", E::error());
    log("layerwise-bcaffe-empty", "an empty log", "", E::error({ "empty-file" }));
    log("layerwise-bcaffe-killed-mid-dump", "a last dump cut short: the complete one before it is used",
        base + prefix + "[0, 100, 1.0, 2.0]\n", bcaffeLoad);

    // PipeDream graphs.
    const std::string graph = BaseTraces::pipedreamGraph();
    auto pipe = [&](const std::string& id, const std::string& why, const std::string& text, E expect) {
        w.addSingle(cat, id, why, "graph.txt", text, expect);
    };
    pipe("layerwise-graph-control", "control: a PipeDream graph", graph, E::load());
    const std::string node = "node9 -- Linear(in_features=10) -- forward_compute_time=1.0, backward_compute_time=2.0, "
                             "activation_size=4.0, parameter_size=8.0\n";
    lineError("layerwise-graph-cycle", "a cycle of edges", graph + "\tnode5 -- node1\n", "node1 --",
        { "wrong-type", "dependency-cycle", "invalid-argument" }, "graph.txt");
    lineError("layerwise-graph-self-loop", "an edge from a node to itself", graph + "\tnode3 -- node3\n", "node3 --",
        { "wrong-type", "dependency-cycle", "invalid-argument" }, "graph.txt");
    lineError("layerwise-graph-undeclared-node", "an edge to an undeclared node", graph + "\tnode5 -- node77\n",
        "\tnode5 -- node77", { "unmatched-event" }, "graph.txt");
    {
        const std::string text = graph + node + node;
        const auto second = static_cast<std::int64_t>(text.size() - node.size());
        w.addSingle(cat, "layerwise-graph-node-twice", "a node declared twice", "graph.txt", text,
            E::error({ "wrong-type" }).withOffset(second, second));
    }
    lineError("layerwise-graph-no-backward", "a node without backward_compute_time",
        graph + "node9 -- Linear() -- forward_compute_time=1.0\n", "node9", { "missing-field" }, "graph.txt");
    lineError("layerwise-graph-not-a-number", "forward_compute_time=fast",
        graph + "node9 -- Linear() -- forward_compute_time=fast, backward_compute_time=2.0\n", "node9",
        { "wrong-type" }, "graph.txt");
    lineError("layerwise-graph-negative", "a negative time",
        graph + "node9 -- Linear() -- forward_compute_time=-1.0, backward_compute_time=2.0\n", "node9",
        { "negative-duration" }, "graph.txt");
    lineError("layerwise-graph-garbage-line", "a line that is neither node nor edge", graph + "hello world\n", "hello",
        { "wrong-type" }, "graph.txt");
    lineError("layerwise-graph-size-30-digits", "a parameter_size of 30 digits",
        graph
            + "node9 -- Linear() -- forward_compute_time=1.0, backward_compute_time=2.0, "
              "parameter_size=123456789012345678901234567890\n",
        "node9", { "wrong-type", "value-out-of-range" }, "graph.txt");
    // PipeDream's Input layer (no backward, no parameters) times the loading of a batch: the job's I/O,
    // said as a warning; one with a backward or parameters is a layer like any other.
    const std::string input = "node0 -- Input -- forward_compute_time=18.962, backward_compute_time=0.000, "
                              "activation_size=77070336.000, parameter_size=0.000\n\tnode0 -- node1\n";
    pipe("layerwise-graph-input-loading", "an Input layer, whose forward is loading", input + graph,
        E::load().warns({ "wrong-type" }));
    pipe("layerwise-graph-input-with-backward", "an Input layer with a backward time, kept as a layer",
        "node0 -- Input -- forward_compute_time=1.0, backward_compute_time=2.0, activation_size=4.0, "
        "parameter_size=0.0\n\tnode0 -- node1\n"
            + graph,
        E::load());
    pipe("layerwise-graph-comments-only", "a graph of comments", "# nothing\n", E::error());
    pipe("layerwise-graph-empty", "an empty graph.txt", "", E::error({ "empty-file" }));
    // The format comes from the content: a trace under a layer-wise profile's name is read as a trace.
    pipe("layerwise-graph-json", "a graph.txt that holds a JSON trace", BaseTraces::chromePlain().text(), E::load());
    w.addSingle(cat, "layerwise-log-json", "a .log that holds a JSON trace", "run.log",
        BaseTraces::chromePlain().text(), E::load());
}

// ---------------------------------------------------------------------------------------------------------
// Resources. Compression bombs decode past the --max-decoded-gb limit: too-large, found while streaming,
// never by holding the text. Sparse files larger than any trace are too-large without reading them; a
// gigabyte of zeros is not-a-trace at byte 0. FIFOs, sockets and devices are no trace files: read-failed
// at once, naming them, never a read that waits forever. Size 0 is empty-file. Very large but honest
// inputs (300 000 threads, a 256-worker x 3 000-layer profile, a 50 MB field) load within the bounds or
// are refused as too-large up front.
void addResources(CorpusWriter& w)
{
    const std::string cat = "resources";
    const std::vector<std::string> limit = { "--max-decoded-gb", "1" };
    const std::uint64_t kGB = 1000000000ull;
    const std::string objectHead = "{\"traceEvents\": [";
    // Sparse files.
    auto sparse = [&](const std::string& id, const std::string& why, const std::string& name, std::uint64_t size,
                      const std::string& head, E expect, std::vector<std::string> args = {}) {
        const std::string rel = w.writeSparse(id + "/" + name, size, head);
        expect.file = rel;
        w.add({ id, cat, why, { rel }, std::move(args), std::move(expect) });
    };
    sparse("resources-sparse-64gb", "a sparse 64 GB file named .json", "trace.json", 64 * kGB, "",
        E::error({ "too-large" }));
    sparse(
        "resources-sparse-5gb", "a sparse 5 GB file named .json", "trace.json", 5 * kGB, "", E::error({ "too-large" }));
    sparse("resources-sparse-1gb-zeros", "1 GB of zeros named .json", "trace.json", kGB, "",
        E::error({ "not-a-trace" }).withOffset(0, 0));
    sparse("resources-sparse-zeros-gz-name", "1 GB of zeros named .json.gz", "trace.json.gz", kGB, "",
        E::error({ "not-a-trace" }).withOffset(0, 0));
    sparse("resources-sparse-head-then-zeros", "an events array opening, then 1 GB of zeros", "trace.json", kGB,
        objectHead,
        E::error({ "invalid-json", "truncated-json" }).withOffset(0, static_cast<std::int64_t>(objectHead.size())));
    {
        const std::string k = BaseTraces::kinetoRank(0, 1).text();
        sparse("resources-sparse-trace-then-zeros", "a whole trace, then zeros to 1 GB", "rank0.json", kGB, k,
            E::any().warns().withOffset(static_cast<std::int64_t>(k.size()) - 2, static_cast<std::int64_t>(k.size())));
        sparse("resources-sparse-2gb-over-limit", "a 2 GB sparse trace with --max-decoded-gb 1", "rank0.json", 2 * kGB,
            k, E::error({ "too-large" }), limit);
    }

    // Special files.
    auto special = [&](const std::string& id, const std::string& why, const std::string& rel, E expect) {
        if (expect.outcome == E::Outcome::Error && expect.file.empty())
            expect.file = rel;
        w.add({ id, cat, why, { rel }, {}, std::move(expect) });
    };
    special("resources-fifo-json", "a FIFO named x.json", w.makeFifo("resources-fifo-json/x.json"),
        E::error({ "read-failed" }));
    special("resources-fifo-gz", "a FIFO named x.json.gz", w.makeFifo("resources-fifo-gz/x.json.gz"),
        E::error({ "read-failed" }));
    special("resources-fifo-csv", "a FIFO named model.csv", w.makeFifo("resources-fifo-csv/model.csv"),
        E::error({ "read-failed" }));
    special("resources-fifo-graph", "a FIFO named graph.txt", w.makeFifo("resources-fifo-graph/graph.txt"),
        E::error({ "read-failed" }));
    special("resources-socket-json", "a Unix socket named x.json", w.makeSocket("resources-socket-json/x.json"),
        E::error({ "read-failed" }));
    special("resources-dev-zero", "/dev/zero as a trace", "/dev/zero", E::error({ "read-failed" }));
    special("resources-dev-null", "/dev/null as a trace", "/dev/null", E::error({ "read-failed" }));
    special("resources-link-to-dev-zero", "a link x.json to /dev/zero",
        w.makeSymlink("resources-link-to-dev-zero/x.json", "/dev/zero"), E::error({ "read-failed" }));
    special("resources-folder-named-json", "an empty folder named x.json",
        w.makeFolder("resources-folder-named-json/x.json"), E::error({ "no-events" }));
    special("resources-folder-named-graph", "an empty folder named graph.txt",
        w.makeFolder("resources-folder-named-graph/graph.txt"), E::error({ "no-events" }));
    special("resources-folder-named-csv", "an empty folder named model.csv",
        w.makeFolder("resources-folder-named-csv/model.csv"), E::error({ "no-events" }));
    special("resources-dangling-link", "a dangling link x.json",
        w.makeSymlink("resources-dangling-link/x.json", "nowhere.json"), E::error({ "file-not-found" }));
    w.makeSymlink("resources-link-loop/a.json", "b.json");
    special("resources-link-loop", "links a.json -> b.json -> a.json",
        w.makeSymlink("resources-link-loop/b.json", "a.json"), E::error({ "file-not-found", "read-failed" }));
    special("resources-missing", "a path that does not exist", "resources-missing/none.json",
        E::error({ "file-not-found" }));
    special("resources-size-0-json", "a file of size 0", w.write("resources-size-0-json/x.json", ""),
        E::error({ "empty-file" }));
    special("resources-size-0-gz", "a .json.gz of size 0", w.write("resources-size-0-gz/x.json.gz", ""),
        E::error({ "empty-file" }));
    special("resources-size-0-csv", "a .csv of size 0", w.write("resources-size-0-csv/model.csv", ""),
        E::error({ "empty-file" }));
    special("resources-size-0-graph", "a graph.txt of size 0", w.write("resources-size-0-graph/graph.txt", ""),
        E::error({ "empty-file" }));
    special("resources-gzip-of-nothing", "a gzip stream of no bytes",
        w.writeGzip("resources-gzip-of-nothing/x.json.gz", ""), E::error({ "empty-file" }));
    special("resources-zstd-of-nothing", "a zstd frame of no bytes",
        w.writeZstd("resources-zstd-of-nothing/x.json.zst", ""), E::error({ "empty-file" }));
    special("resources-gzip-header-only", "a gzip header and nothing else",
        w.write("resources-gzip-header-only/x.json.gz", std::string("\x1f\x8b\x08\0\0\0\0\0\0\x03", 10)),
        E::error({ "decompression-failed" }));
    special("resources-gzip-garbage", "gzip magic then garbage",
        w.write("resources-gzip-garbage/x.json.gz", std::string("\x1f\x8b", 2) + std::string(100, 'z')),
        E::error({ "decompression-failed" }));
    special("resources-zstd-garbage", "zstd magic then garbage",
        w.write("resources-zstd-garbage/x.json.zst", std::string("\x28\xb5\x2f\xfd", 4) + std::string(100, 'z')),
        E::error({ "decompression-failed" }));
    {
        const std::string rel = w.write("resources-gzip-trailing-junk/x.json.gz",
            CorpusWriter::gzip(BaseTraces::chromePlain().text()) + "junk after the gzip member");
        special("resources-gzip-trailing-junk", "a valid gzip member followed by junk", rel, E::any().warns());
    }
    // JSON that is no trace.
    auto notTrace = [&](const std::string& id, const std::string& text, E expect) {
        w.addSingle(cat, id, "a JSON document that is no trace: " + text, "x.json", text, expect);
    };
    notTrace("resources-json-null", "null", E::error({ "not-a-trace" }).withOffset(0, 0));
    notTrace("resources-json-number", "42", E::error({ "not-a-trace" }).withOffset(0, 0));
    notTrace("resources-json-string", "\"trace\"", E::error({ "not-a-trace" }).withOffset(0, 0));
    notTrace("resources-json-empty-object", "{}", E::error({ "not-a-trace" }).withOffset(0, 0));
    notTrace("resources-json-empty-array", "[]", E::error({ "no-events" }));
    notTrace("resources-json-no-events", "{\"traceEvents\": []}", E::error({ "no-events" }));
    notTrace("resources-json-numbers", "[1, 2, 3]", E::error({ "not-a-trace" }).withOffset(0, 1));
    notTrace("resources-json-metadata-only",
        "{\"traceEvents\": [{\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"args\": {\"name\": \"p\"}}]}",
        E::error({ "no-events" }));
    notTrace("resources-html", "<html><body>404</body></html>\n", E::error({ "not-a-trace" }).withOffset(0, 0));

    // Large but honest inputs.
    {
        std::string t
            = "{\"schemaVersion\": 1, \"distributedInfo\": {\"rank\": 0, \"world_size\": 1}, \"traceEvents\": [\n";
        t += "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\", \"pid\": 1000, \"tid\": 1, "
             "\"ts\": 0.000, \"dur\": 400000.000}";
        for (int i = 0; i < 300000; ++i) {
            char line[200];
            std::snprintf(line, sizeof line,
                ",\n{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mul\", \"pid\": 1000, \"tid\": %d, \"ts\": "
                "%d.000, \"dur\": 0.500}",
                100000 + i, 1 + i);
            t += line;
        }
        t += "\n]}\n";
        w.addSingle(cat, "resources-300k-threads",
            "300 000 CPU threads with one op each on one rank (cross-thread wake inference)", "rank0.json", t,
            E::load());
    }
    {
        E tooLarge = E::any();
        tooLarge.codes = { "too-large" };
        // The memory limit is set so that the outcome does not depend on the machine's memory.
        w.addSingle(cat, "resources-layerwise-256x3000", "a 256-worker x 3 000-layer layer-wise CSV", "model.csv",
            BaseTraces::layerwiseCsv(3000, 256), tooLarge, std::nullopt, { "--max-memory-gb", "1.5" });
        const std::string name(50u << 20, 'n');
        w.addSingle(cat, "resources-csv-50mb-name", "a layer name of 50 MB in a CSV", "model.csv",
            "layer,forward,backward\n" + name + ",1.0,2.0\nfc,1.0,1.0\n", E::any());
        const std::string digits(50u << 20, '7');
        w.addSingle(cat, "resources-csv-50mb-number", "a time of 50 MB of digits in a CSV", "model.csv",
            "layer,forward,backward\nconv," + digits + ",2.0\n",
            E::error({ "wrong-type", "value-out-of-range" }).withOffset(23, 23));
    }

    // Bombs last: each decodes up to its limit, a quarter gigabyte, before it is refused (the limit is
    // what is tested, not the machine's speed at decoding), and the runs before them give the machine
    // time to write back the freshly generated corpus.
    const std::vector<std::string> bombLimit = { "--max-decoded-gb", "0.25" };
    auto bomb = [&](const std::string& id, const std::string& why, const std::string& rel) {
        w.add({ id, cat, why, { rel }, bombLimit, E::error({ "too-large" }).naming(rel) });
    };
    bomb("resources-bomb-gzip-member", "a gzip member decoding to 3 GB of spaces",
        w.writeGzipBomb("resources-bomb-gzip-member/rank0.json.gz", objectHead, ' ', 3 * kGB, false));
    bomb("resources-bomb-gzip-members", "3 GB of spaces in concatenated gzip members",
        w.writeGzipBomb("resources-bomb-gzip-members/rank0.json.gz", objectHead, ' ', 3 * kGB, true));
    bomb("resources-bomb-gzip-5gb", "a gzip member decoding to 5 GB of zeros (past 4 GiB)",
        w.writeGzipBomb("resources-bomb-gzip-5gb/rank0.json.gz", "[", '\0', 5 * kGB, false));
    bomb("resources-bomb-zstd-unknown-size", "a zstd frame of 3 GB of zeros, size not declared",
        w.writeZstdBomb("resources-bomb-zstd-unknown-size/rank0.json.zst", "[", '\0', 3 * kGB,
            CorpusWriter::ZstdBomb::UnknownSize));
    bomb("resources-bomb-zstd-declared-size", "a zstd frame declaring its 3 GB",
        w.writeZstdBomb("resources-bomb-zstd-declared-size/rank0.json.zst", objectHead, ' ', 3 * kGB,
            CorpusWriter::ZstdBomb::DeclaredSize));
    bomb("resources-bomb-zstd-frames", "3 GB of spaces in concatenated zstd frames",
        w.writeZstdBomb(
            "resources-bomb-zstd-frames/rank0.json.zst", objectHead, ' ', 3 * kGB, CorpusWriter::ZstdBomb::Frames));
    bomb("resources-bomb-csv-gzip", "a layer-wise CSV that is a gzip bomb",
        w.writeGzipBomb("resources-bomb-csv-gzip/model.csv", "layer,forward,backward\n", ' ', 3 * kGB, false));
    {
        const std::string id = "resources-bomb-job-total";
        w.writeGzipBomb(id + "/rank0.json.gz", objectHead, ' ', 150000000, false);
        w.writeGzipBomb(id + "/rank1.json.gz", objectHead, ' ', 150000000, false);
        // The ranks decode in parallel: the rank that passes the job's budget fails too-large, and a rank
        // that reached its own end first fails as the truncated text it is; the first file's error is
        // reported, so which one depends on the race (a loaded machine lets rank 0 finish first).
        w.add({ id, cat, "two files of 0.15 GB decoded each: the job's total passes 0.25 GB", { id }, bombLimit,
            E::error({ "too-large", "truncated-json" }) });
    }
}

} // namespace CorpusCases
