<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AggregateModel</name>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>op (rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measured ops whose time the strategy changed most; click one to show it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gradient tensors whose wait from ready to all-reduced the strategy changed most (first rank); click one to show the all-reduce that carried it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exposed communication (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical path (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak memory (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline peak (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if peak (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>budget (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each device&apos;s peak memory before and after against its budget, the highest what-if peak first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1, GPU %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No allocator events: the estimate holds the model state alone, a lower bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>change (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale: these figures are of the last strategy that ran. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>highest peak (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1, #%2, %3 MB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CriticalPathModel</name>
    <message>
        <source>%1 (all ranks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counts as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time on path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>&amp;Export View…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Replayed Timeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Strategy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the strategy as the frameworks take it: DDP, DeepSpeed, Horovod, BytePS, XLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Replayed Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job was not replayed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No what-if has run for the strategy as it stands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export writes, per framework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Strategy to a Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy Exported</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KindText</name>
    <message>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>receive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>annotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the previous op on its thread or stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host waits for the device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a stream waits for an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enclosing op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of the enclosing op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward to backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded flow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient to its collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>collective to the optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded dependency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>joins the collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the collective releases it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another thread wakes it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>joins the op around it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>staging copy for the host collective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start of the replayed window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open trace files (File ▸ Open, or drop them here) to see the ranks of a job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Selection: %n op(s), %1</source>
        <translation>
            <numerusform>Selection: %n op, %1</numerusform>
            <numerusform>Selection: %n ops, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pass is switched on: the job runs as measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the what-if…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Critical Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Whole Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the whole job in the view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job as measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job replayed from its measured costs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job the strategy makes, replayed; ops made by a pass are hatched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With a strategy, each track&apos;s what-if rows under its baseline rows; without, the replayed times under the measured ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Colour By</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Change in Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Slack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the strategy panel: switch passes on and watch the job change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Sightline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Trace Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces and scenarios (*.json *.json.gz *.json.zst *.sightline);;Scenarios (*.sightline);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a Folder of Trace Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Open Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario not opened: %1 is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace File Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more. Locate it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locate %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.json.zst);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Loading %n files…</source>
        <translation>
            <numerusform>Loading %n file…</numerusform>
            <numerusform>Loading %n files…</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building the dependency graph and replaying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loaded; analysing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 trace, world size %2, %n rank(s) loaded, </source>
        <translation>
            <numerusform>%1 trace, world size %2, %n rank loaded, </numerusform>
            <numerusform>%1 trace, world size %2, %n ranks loaded, </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) while loading, listed below.</source>
        <translation>
            <numerusform>%n warning while loading, listed below.</numerusform>
            <numerusform>%n warnings while loading, listed below.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 (%3 times)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (what-if)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration %1 ms against %2 ms per step (%3), replayed in %4 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Self-check: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events per step (up to %3 ms per step).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy as edited cannot run (see the Strategy dock).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt and the What-if dock show the last what-if that ran, now stale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt shows the job without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawing the what-if…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The what-if cannot be drawn: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Showing the what-if: %n op(s), of which %1 made by the strategy</source>
        <translation>
            <numerusform>Showing the what-if: %n op, of which %1 made by the strategy</numerusform>
            <numerusform>Showing the what-if: %n ops, of which %1 made by the strategy</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Made by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the strategy (a fused op, bucket, chunk, copy or added rank&apos;s op)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stands for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on rank %2, measured %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s), %1 ops</source>
        <translation>
            <numerusform>%n rank, %1 ops</numerusform>
            <numerusform>%n ranks, %1 ops</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded in %1 s, graph and replay in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration %1 ms per step replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 ms measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if %1 ms per step (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n self-check warning(s)</source>
        <translation>
            <numerusform>⚠ %n self-check warning</numerusform>
            <numerusform>⚠ %n self-check warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>what-if failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>critical path %1 ms over %n step(s)</source>
        <translation>
            <numerusform>critical path %1 ms over %n step</numerusform>
            <numerusform>critical path %1 ms over %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay cancelled: the timeline shows the measured trace only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job could not be replayed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed, but its times lie beyond ±146 years: the trace&apos;s durations are past any real job</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Replayed; the critical path is %1 ms long over %n step(s)</source>
        <translation>
            <numerusform>Replayed; the critical path is %1 ms long over %n step</numerusform>
            <numerusform>Replayed; the critical path is %1 ms long over %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Open Trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>%1[*] — Sightline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sightline[*]</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more[*] — Sightline</source>
        <translation>
            <numerusform>%1 and %n more[*] — Sightline</numerusform>
            <numerusform>%1 and %n more[*] — Sightline</numerusform>
        </translation>
    </message>
    <message>
        <source>What If</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Fuse These %n Op(s)</source>
        <translation>
            <numerusform>Fuse This Op</numerusform>
            <numerusform>Fuse These %n Ops</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Make These %n Op(s) 20 % Faster</source>
        <translation>
            <numerusform>Make This Op 20 % Faster</numerusform>
            <numerusform>Make These %n Ops 20 % Faster</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Recompute the Layers of These %n Op(s)</source>
        <translation>
            <numerusform>Recompute the Layers of This Op</numerusform>
            <numerusform>Recompute the Layers of These %n Ops</numerusform>
        </translation>
    </message>
    <message>
        <source>Make “%1” 20 % Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fuse Kernels Named “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fuse the Kernels Launched Inside “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recompute “%1” Before Its Backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No job is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.sightline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gantt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find an op by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the next match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the previous match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Sightline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sightline %1&lt;/h3&gt;&lt;p&gt;A timeline and what-if explorer for distributed deep-learning training.&lt;/p&gt;&lt;p&gt;Loads PyTorch profiler (Kineto) and Chrome traces from every rank of a job.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy has changes that are not saved in a scenario. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+drag over the Gantt to sum up the ops of an area.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No step runs: the job runs as measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 (%2) is pending, not run: give %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Legend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(replaced by “%1” in the strategy&apos;s what-if)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Hide this message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpDetailsPanel</name>
    <message>
        <source>Click an op in the timeline to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 across %n rank(s) (%2)</source>
        <translation>
            <numerusform>%1 across %n rank (%2)</numerusform>
            <numerusform>%1 across %n ranks (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: outside the replayed steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;li&gt;nothing&lt;/li&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Released</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpSearchBar</name>
    <message>
        <source>Find ops by name (regular expression)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RankListModel</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RankSummaryChart</name>
    <message>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute overlapping communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exposed communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean step (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RankSummaryModel</name>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exposed comm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed step</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>too large for a scenario file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a scenario (not a JSON object: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a scenario (no &quot;version&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>made by a newer Sightline (format version %1; this one reads %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;traces&quot; wants a list of trace files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;traces&quot; holds something that is not a file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;alignment.offsets_ns&quot; wants whole nanoseconds as decimal strings, at most a day either way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;steps.%1&quot; wants a step number, or -1 for every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;steps.first&quot; comes after &quot;steps.last&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;memory_budget_bytes&quot; wants a number of bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;view&quot; wants one of %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusText</name>
    <message>
        <source>No error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file or folder does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The compressed data is corrupt or incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not a trace Sightline can read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not valid JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file ends in the middle of the JSON text; it may have been cut off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A value has the wrong type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An event has a negative duration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An event lacks a required field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A begin or end event has no partner.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two files claim the same rank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The trace holds no events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A number is out of the representable range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An event type is not supported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job is too large: it exceeds a limit on decoded text or memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request does not fit this trace.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operations wait for each other in a cycle, so they cannot be replayed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file could not be written whole; nothing was replaced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The machine ran out of memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (at byte %2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy cannot run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StrategyModel</name>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n op</numerusform>
            <numerusform>%n ops</numerusform>
        </translation>
    </message>
    <message>
        <source>No pass of this name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch off %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave %1 out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use each device&apos;s memory as the budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set the memory budget to %1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — pending: give %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StrategyPanel</name>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the chosen pass at the end of the strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory each device may use; out of memory is judged against it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pass of this name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a pass to change the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use Selection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the ops selected in the Gantt (an area, or rows of the critical path)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give this parameter; left out, the pass finds it from the job (its description says how)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying the what-if…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required: the step is pending until it is given (Enter gives the value shown).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineLegend</name>
    <message>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>copy, memset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>annotation, step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O, data loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>much shorter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shorter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>much longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no slack: critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under 1 % of the path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>under 10 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline&apos;s critical path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>made by the strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>search match</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelinePlottable</name>
    <message>
        <source>host %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 (added)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>ranks with a GPU op running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication ops in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks with a GPU op running (blue), communication ops in flight (orange)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W / S, wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom the time axis in / out, about the mouse pointer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A / D, drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pan the time axis left / right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+wheel, Page Up / Page Down, Up / Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll the rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make the rows taller or lower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an area: its ops go to the Selection dock, its duration to the axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit the selected area, else the selected op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Esc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the selected area</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an op; on a name in the gutter, fold or unfold it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double click on a header row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fold or unfold the host or rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if steps on the op or the area, and the track menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge Lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse All Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expand All Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show All Tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start %1, duration %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1
%2 ranks with a GPU op running
%3 communication ops in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>made by the strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ops, %2
widest: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrackTreeModel</name>
    <message>
        <source>host %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU streams</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Communication channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other tracks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: collapsed in the timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TrackTreePanel</name>
    <message>
        <source>Move Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected row up among its siblings (Alt+Up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected row down among its siblings (Alt+Down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every hidden track</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the job&apos;s own order, show every track and undo collapsing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter tracks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Timeline and what-if explorer for distributed training.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace files or folders of one job, or a scenario file (.sightline), to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the files, save the window at 1600×1000 as an image and quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Highlight the critical path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language of the window, e.g. de or zh_CN (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the files, save the whole window as laid out on the screen (docks, toolbars, status bar) and quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the timeline shows: measured, replayed, whatif (the strategy&apos;s what-if) or both (with a strategy, its baseline and what-if; without, the measured and replayed times).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch on the strategy in this JSON file (as sightline-cli whatif takes it) for the job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Gantt&apos;s rows&apos; height in pixels, 8 to 40 (default 18; Ctrl+wheel changes it).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
