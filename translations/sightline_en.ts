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
    <name>BudgetSpinBox</name>
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
    <message>
        <source>rank %1, host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>replayed times lie beyond ±2^62 ns: the figures are no measure of a job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the critical path (%1) does not span the replay (%2): part of the replayed time is on no path from the window&apos;s start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 replayed steps took no time: their work ended before the step before theirs did, which no dependency of the trace made them wait for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the replay runs %1 past the end of every rank&apos;s steps (%2 of %3): work outside the steps is not in the iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1&apos;s steps (%2) outlast the replay (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1&apos;s steps begin %2 after rank %3&apos;s end: their clocks are apart and no collective ties them (two runs, or one rank&apos;s file twice?), so the replay&apos;s span and its critical path cross the gap; each rank&apos;s steps are its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1&apos;s first replayed step took %2 against %3 for the steps after it: it carries what the window began with (ranks that began at different times, work begun before it) or durations of its own that differ from theirs, and the iteration, their mean, with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on a job without a GPU the profiler also slows the ops&apos; own compute, which a cost per event does not take out: figures of the job without the profiler may still be up to 30 % slow (the CPU pairs of docs/fidelity.md: +27 % on the accumulation base)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 makes the job&apos;s work wait for itself in a cycle: the strategy cannot be replayed as it stands (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, applied after %2, makes the job&apos;s work wait for itself in a cycle: the strategy cannot be replayed as it stands (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the what-if is bound by its host (%1 % of its critical path is host work and launches, against %2 % in the baseline): its time rests on the estimate of the profiler&apos;s cost per host event, and host-bound predictions of the GPU check set were up to 30 % slow; the job without the profiler may be faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Its steps&apos; host work differs by %2 % (rank %3: step %4 %5 ms, step %6 %7 ms), and the what-if copies each step&apos;s own: replayed one step at a time, it shows how far that moves it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace&apos;s %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: the cost model keeps %5 us per step, not the trace&apos;s, and times transfers of %6–%7 MB by it (gloo&apos;s per-call cost on the calibration set&apos;s 1 MB buckets, docs/fidelity.md: it may differ on this job&apos;s host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace&apos;s %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: the cost model keeps %5 us per step, not the trace&apos;s, and times transfers of %6–%7 MB by it, and a per-call cost it does not know may make them far slower or faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the cost model fits the trace&apos;s %1 %2 transfers with a mean error of %3 %: the %4 transfer times it gives may be off by as much</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by parameters the fit could not separate (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by the cost model&apos;s defaults (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace names no hosts: %1 ranks per host are assumed (the network pass&apos;s ranks_per_host sets them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace&apos;s devices do not say how the GPUs of a host connect: %1 is assumed (the network pass&apos;s intra_host sets it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>profiler overhead: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseline: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job would grow from %1 to %2 items, more than the %3 a what-if may hold within the memory limit (at about %4 bytes each, %5); %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs k micro-batches of forward and backward per optimizer step, with one gradient synchronisation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches per optimizer step (k)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split: the measured batch is split into k micro-batches; repeat: each micro-batch is the measured batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the part of a device op&apos;s time that does not shrink with fewer samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the share of a device op&apos;s time above the floor that does not shrink either (weights read once per micro-batch, partly filled waves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has no forward or backward work in its steps (the trace marks no phases)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one micro-batch leaves the job as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose fewer micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs compute in 16-bit precision: kernels scaled by what bounds them, gradients halved, weight casts added.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the 16-bit type compute runs in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time factor of matrix, convolution and attention kernels (left out: from the device&apos;s datasheet and each kernel&apos;s precision)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time factor of normalisation, softmax and reduction kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time factor of elementwise and other memory-bound kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time factor of the optimizer&apos;s kernels (fp32 master weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factor of the bytes of gradient transfers (backward-phase communication)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device memory bandwidth a weight cast runs at (6 bytes per element)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host time of each weight cast (the op and its launch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share of the activation bytes kept for backward that remains (left out: half, but where autocast runs the saving op in fp32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 has no %2 units faster than FP32 (its datasheet): matrix kernels keep their time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace names no device, so matrix kernels take a stated default of %1 of their time, not its datasheet&apos;s rates; set matmul_factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the device catalog does not know &apos;%1&apos;, so matrix kernels take a stated default of %2 of their time, not its datasheet&apos;s rates; set matmul_factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matrix kernels holding %1 % of the matrix time spell no precision in their names; they were taken as FP32 (PyTorch&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has no compute kernels to scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 forward matrix ops have no recorded weight shape (record_shapes off?); their casts are left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 gradient transfers are measured, so their times were scaled by the bytes factor; --comm model times them by the cost model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets link bandwidths and latencies, the hosts, the all-reduce algorithm and the overlap slowdown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink bandwidth per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe bandwidth per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network bandwidth per host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NVLink latency per algorithm step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PCIe latency per algorithm step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>network latency per algorithm step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>multiplies every link&apos;s bandwidth, after the values above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks per host, in rank order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how GPUs in one host reach each other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the all-reduce algorithm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowdown of compute while communication overlaps it (0.1: 10%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bandwidth falls to %2 bytes/s (the scales of every network step multiply); at least 1000 bytes/s is modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fuses runs of neighbouring compute kernels on a stream into one kernel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel names that may fuse: * any characters, ? any one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>elementwise: elementwise, normalisation and reduction kernels (what a fusing compiler fuses); all: matrix kernels too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only kernels launched inside a host span of this name (a layer, a named range); empty: anywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the most kernels one fused kernel takes; 0: no limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only these measured kernels (ids as &quot;3-9,12&quot;, as picked in the window): neighbours among them fuse; left out, any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no two neighbouring kernels on a stream can fuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kernels fused into %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory-bound kernels (elementwise, normalisation, layout) take %1 % of the device&apos;s kernel time, and fused kernels keep the sum of their times (ratio 1): a compiler that fuses them also saves their memory traffic and may re-plan layouts, so the job compiled may be much faster than this; set ratio for what it saves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tensor iterations without a total or with a partition cut short (a trace cut mid-iteration) are kept as measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a BytePS job&apos;s partitions and servers are re-cut together, from the job before the first of them: the steps between tensor_partition and worker_count would be lost; give those two one after the other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputes the chosen layers&apos; forward work before their backward instead of keeping activations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layers: auto (repeated numbered forward spans, or a layer-wise job&apos;s layers), or a pattern of span names (* and ?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recompute every k-th layer of each step (1: all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only the layers whose span or forward work holds one of these measured ops (ids as &quot;3-9,12&quot;, as picked in the window); left out, every layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layer with a backward was found (%1); name the layers&apos; spans with &apos;layers&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the chosen layers are recomputed by an earlier step already; they are left as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 layer forwards recomputed (layers: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 layer forwards recomputed (layers: %3; those of the chosen ops)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makes the matched items a percentage faster (or slower).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how much less of its own time each matched item takes; below zero, more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>item names to match: * any characters, ? any one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind of item to match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global rank to match; -1 for all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only items made from these measured ops (ids as &quot;3-9,12&quot;, as picked in the window); left out, any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 is not in the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no item matched &apos;%1&apos; (kind %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no item matched &apos;%1&apos; (kind %2) among the chosen ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matched ops enclose other work: %2 items inside them (nested host work and the device work it launched) take the speed-up with them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matched ops enclose other work: %2 items inside them (nested host work) take the speed-up with them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 matched transfers are timed by the cost model, which this pass does not change; the network pass does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gives one rank the median durations of the other ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>global rank whose items take the other ranks&apos; median durations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has one rank: there is no other to take durations from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of rank %2&apos;s %3 items have no counterpart on the other ranks and keep their durations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of rank %2&apos;s items have counterparts on fewer than half of the %3 other ranks (tracks matched by role: the main thread, the backward thread, the n-th compute stream...); their median may not be the others&apos; pace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-buckets the gradient all-reduces, by DDP&apos;s bucket_cap_mb or Horovod&apos;s fusion threshold and cycle time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP style: the bucket size cap (give this or threshold_bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DDP style: the cap of the first bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horovod style: the fusion threshold (give this or bucket_cap_mb)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horovod style: the cycle time; tensors ready in one cycle fuse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 gradient all-reduces become %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waits on measured buckets by work that began before a new bucket could be ready were dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pieces of %1 bytes would add %2 items, more than %3; choose larger pieces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor %1: %2 partitions of measured_partition_bytes %3 bytes exceed 2^63 bytes; give the partition size the job used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 BytePS tensor iterations re-cut from %2 partitions of %3 bytes (as measured, taken as full) into %4 pieces of %5 bytes at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splits every gradient all-reduce larger than the partition size into pieces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest piece (BytePS&apos;s default: 4 096 000 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>concurrent: the pieces run at once, sharing bandwidth (BytePS); sequential: one after the other on the stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BytePS jobs: the partition size the trace was recorded with (BytePS traces record no sizes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 gradient all-reduces split into pieces of %3 bytes at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now: each server&apos;s load is as measured, so the job runs as measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now, sharing %4 servers: pushes and pulls take %5x their measured service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now, with a server per worker (as BytePS deploys them): pushes and pulls take %4x their measured service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scales data parallelism to another number of ranks, with collectives re-timed for the new group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of data-parallel ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks per host for the new ranks; left out: as measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data-parallel group spans %1 of the job&apos;s %2 ranks: &apos;workers&apos; must make whole copies of the other groups (a multiple of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 workers of a data-parallel group of %2 in a world of %3 ranks make %4 ranks; at most %5 are modelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has no data-parallel collective: the added ranks run alongside it and synchronise nothing (the gradient all-reduce that data parallelism adds is not in the trace to be scaled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job computes on its host: the added ranks would share the host&apos;s cores with the measured ones, which the pass does not model (one rank per core or more makes each step up to %1/%2 as long)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 collectives whose role the trace does not tell span every rank and are taken as data-parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 collectives of other parallelism (%2 in all) keep their groups&apos; sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job holds %1 of %2 ranks; %3 data-parallel transfers with peers outside the trace now span a group of %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>choose fewer workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 collectives of other parallelism have only some of their ranks copied (the workers make a partial copy of the job); those parts keep their measured times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; must lie in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; holds %2 characters; a name or pattern has at most %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is one of %2, not &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants op ids, as text such as &quot;3-9,12&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown parameter &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: unknown pass &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is one already; a strategy holds one %2 step, as a second would redo the first on its own output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer-wise profile&apos;s layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer-wise profile&apos;s layers matching &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no repeated numbered annotation to take as layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the forward spans named %1N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the forward spans matching &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 all-reduces taken as gradients though nothing in the trace ties them to gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 all-reduces of other parallelism (tensor-parallel and the like) left as they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients from the AccumulateGrad ops and their recorded shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one tensor per measured all-reduce (the trace records no gradient shapes the same on every rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 data-parallel groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 AccumulateGrad ops without a dense shape left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each rank&apos;s own all-reduce transfers (their peers are outside the job); overlapping transfers are one fused bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a character device, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a block device, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a socket, not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export manifest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 file holds at most %2 bytes; this one has %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 file holds at most %2 bytes; this one has %3 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a folder, not a file to write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exists and is not a regular file: only a regular file is replaced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create a file in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot flush to disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot replace the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 would need about %2 of memory, above the limit of %3 (--max-memory-gb)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto) or Chrome trace JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Horovod timeline (HOROVOD_TIMELINE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BytePS communication timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TensorFlow 1.x timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON text ends early (%1: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the text is %1; traces are read as UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file holds only whitespace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not JSON: a trace starts with &apos;{&apos; or &apos;[&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON object has no &quot;traceEvents&quot; array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON document is neither an object nor an array of events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text follows the end of the JSON document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace holds no events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace holds only metadata events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no usable event (%1 skipped; first problem: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;traceEvents&quot; is not an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the document holds &quot;traceEvents&quot; more than once; the events of each are read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseTimeNanoseconds is not an integer number of nanoseconds; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host name is not a string; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deviceProperties is not an array; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices in deviceProperties that are not objects; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices in deviceProperties without a device number &quot;id&quot; and a byte count &quot;totalGlobalMem&quot; that fit; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distributedInfo is not an object; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distributedInfo.rank is not a rank number; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distributedInfo.world_size is not a positive count; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distributedInfo.pg_config is not an array; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process groups in distributedInfo.pg_config that are not objects; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process group fields that are not strings; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process group ranks that are not an array; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process group ranks that are not rank numbers; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first piece opens with no event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the JSON array does not hold trace events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event is not a JSON object; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocator events (&quot;[memory]&quot;) without a usable &quot;Bytes&quot;; not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocator events (&quot;[memory]&quot;) of a petabyte or more; not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events with a field of the wrong type (&quot;%1&quot;); skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events with a field of the wrong type (&quot;%1&quot;); the field is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events with an argument of the wrong type (&quot;%1&quot;); the argument is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events with an argument out of range (&quot;%1&quot;); the argument is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metadata events whose args.name or args.labels is not a string; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events without &quot;ph&quot;; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events without &quot;ts&quot;; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; is not a representable number; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; is not a number; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; lies more than 2^62 ns (146 years) from zero; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complete events (ph X) without &quot;dur&quot;; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a representable number; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a number; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events with a negative duration; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events ending more than 2^62 ns (146 years) from zero; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end events (ph E) without a matching begin; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end events (ph E) before their begin; ended at the begin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>async end events without a matching begin; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow events without &quot;id&quot;; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events of phase &apos;%1&apos; are not represented; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>object events (ph N, O, D) without &quot;id&quot;; skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events whose &quot;shape&quot; is not a list of whole numbers; the shape is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>begin events never ended; they run to the end of the trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a second events array after the split one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an escaped top-level key after the split array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a piece holds more than its array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event array is not closed (streaming writer); read to its end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory closing the event array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event array is not closed and ends with an incomplete event; read up to the last complete event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dependencies naming ops the trace does not have; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the metadata ends early</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the metadata is not JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the metadata is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient_name_list is not a list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient_name_list holds something other than names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU&apos;s folder holds no trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU&apos;s folder holds more than one trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>args.step must be a whole number from 0 to 2147483647 (the iteration of a dPRO op); %1 event(s) give something else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a dPRO job is one folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder holds no host*/&lt;gpu&gt;/ folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dPRO trace folder (host*/&lt;gpu&gt;/ with FW/BW/Comm/UPDATE traces)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the decoded text of the job exceeds the limit of %1 (--max-decoded-gb; by default half of --max-memory-gb)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the decoded text exceeds 4 GiB, the most one file can hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory after decoding %1 of text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file exceeds 4 GiB, the most one file can hold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory for the file&apos;s text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zlib initialisation failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrupt gzip data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gzip stream is truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zstd stream is truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file decodes to no text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file was truncated by another program while it was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no &quot;graph [&quot; in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a key was expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an edge names node %1, which the graph does not have</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not GML text here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file ends where a value was expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a value was expected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lists nested more than %1 deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list is not closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the graph&apos;s list is not closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a node without a whole-number id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>two nodes with id %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an edge without a whole-number source and target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the timeline holds only the background loop&apos;s cycles: no tensor was negotiated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>readiness events naming a rank of 2^20 or more; kept as plain events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>readiness events name %1 ranks, the highest %2: the world size is taken as %3, though %4 of its ranks never report ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensors of a type whose size is not known; their bytes are 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this kind of file (%1) is not read as one rank of a job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this kind of file (%1) is read as one rank of a job, not as a whole job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unrecognised format; readable formats are %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>plain Chrome trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto) trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file declares a world size of %1, %2 one of %3; the world size is taken as %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 is not below the world size %2 the file declares; the world size is taken as %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a job needs one rank per part</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distributedInfo.world_size %1 is not below %2; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than 4 billion events in one job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace model of %1 ops from %2 files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string holds a NUL byte</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string holds the raw control character %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the text is not valid UTF-8 (byte %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string holds an invalid escape (a backslash before byte %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>values are nested deeper than %1 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 closes nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a %1 closes the &apos;%2&apos; opened at byte %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a NUL byte outside any string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a layer-wise profile describes a whole job and cannot be combined with other files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the profile has no layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker count %1 (the profile&apos;s) is not in [1, %2]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker count %1 is not in [1, %2]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration count %1 is not in [1, %2]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bandwidth must be a finite number of GB/s, 0 or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O, H2D and update times must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 has a negative time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1 keeps 2^50 bytes (1 PiB) or more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job would last 2^62 ns (146 years) or longer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer-wise job of %1 workers, %2 layers and %3 iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer-wise job would have %1 ops, more than the %2 its dependency graph can number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the profile has no communication times: all-reduce ops last 0 ns (give a bandwidth to model them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a number: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is out of range: %2 (times must stay below 2^62 ns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is out of range: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is negative: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer name %1 is longer than %2 bytes (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layer names hold bytes that are not UTF-8 text or control characters; they are shown as U+FFFD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layers repeat the name of an earlier layer (first: %2); their ops share names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device name longer than %1 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown time unit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job time %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker count is not an integer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker count %1 is out of range (1 to 2^31 - 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states is not an integer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states %1 is out of range (0 to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line 1: the file is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a layer-wise profile (a CSV with a header row, a B-Caffe comm log or a PipeDream graph.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column %1 has an unknown time unit %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column %1 must be in bytes, not %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated quoted header field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the header has no &apos;%1&apos; column (expected: layer, forward, backward[, communication][, gradient bytes])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated quoted field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no value for column %1 (%2 fields, the header has %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty layer name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no header row (expected: layer, forward, backward[, communication][, gradient bytes])</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layer rows after the header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an integer: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected [param_id, size, compute_time, communication_time(, merged_time)], found an unterminated quote</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected [param_id, size, compute_time, communication_time(, merged_time)], found %1 fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size %1 fp32 elements is more bytes than an int64 holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>param_id %1 does not follow the start of a dump (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>param_id %1 does not follow %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the gradient bytes of layer %1 exceed an int64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the communication time of layer %1 exceeds 2^62 ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no [param_id, size, compute_time, communication_time] records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B-Caffe comm logs give no forward times: forward ops last 0 ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither a node line (&apos;nodeK -- layer -- key=value, ...&apos;) nor an edge line (&apos;nodeA -- nodeB&apos;): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node line without a layer description: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attribute is not key=value: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated quoted attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1 has no %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>node %1 is declared twice (first on line %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no node lines (&apos;nodeK -- layer -- forward_compute_time=..., ...&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edge to an undeclared node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer graph has a cycle through node %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distributedInfo.rank %1 is not below %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 (from distributed_info) is also the rank of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its name says rank %1, which %2 already has; read as rank %3 (%4). Two files of one rank are often two exports or two runs of one process: load the files of one run only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baseTimeNanoseconds would move times more than 2^62 ns (146 years) from zero; times are kept relative to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow events on a track without slices; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input shapes with a negative, fractional or too large dimension (a tensor of 2^62 bytes or more); ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stream waits whose recorded op starts after the wait (a record the trace does not hold, or a later one); ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow events with no slice to bind to; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows with only one end in the trace; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch flows (ac2g) that do not lead from a host call to a device op; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows that lead to an op starting before their source; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flows that lead from an op to itself; ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>message or tensor sizes beyond 2^63 bytes; taken as unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 step marker span(s) repeat the number of another (the first: ProfilerStep#%2); each number keeps its longest span as the step, and the ops of the others count to no step or a neighbouring one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tensor objects without a usable snapshot of their allocation (allocated_bytes below a petabyte); not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the files of one job must come from one kind of profiler: this file is read as “%1”, %2 as “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this file (%1) describes a whole job and cannot be combined with other files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no input files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory while loading the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dependency graph and replay of %1 ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 data-parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tensor-parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pipeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 expert</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no collectives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>explicit buckets: ranges of tensors in ready order, such as 0-3,4,5-9 (or give bucket_cap_mb or threshold_bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;groups&apos; covers %1 tensors, but a step of the job has %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;groups&apos; must be ranges of tensors from 0 in ready order without a gap, such as 0-3,4,5-9, not “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one of &apos;bucket_cap_mb&apos;, &apos;threshold_bytes&apos; and &apos;groups&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job&apos;s steps have no gradient tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>communication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel launches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the iteration is %1 ms shorter, though no share of the critical path is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search stopped at its limit of %1 rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor fusion was not searched: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search stopped at its limit of %1 candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the %2 candidates failed; the first: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search&apos;s processes returned outcomes of other candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search&apos;s processes left candidates without an outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job does not fit its devices, and neither recomputation, gradient accumulation nor mixed precision applies to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the search tried makes it fit: the lowest peak, %1, is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no point of the frontier fits the device budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has no gradients a parameter server would receive: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the device counts are beyond what the job may grow to within its memory limit: the model alone gives them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes: also fuse kernels another stream or the host waits for (a gradient&apos;s producer), which then waits for the fused kernel&apos;s end; no: such a kernel ends a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per_rank: each rank keeps its measured batch (weak scaling); global: the measured global batch is shared among the workers (strong scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the measured global batch of %1 data-parallel ranks is shared among %2: each rank computes on %3 times its measured samples, its device work taking a fixed 6 % of its time above 5 us and the rest in proportion, and its activations in proportion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a global batch of %1 samples (%2 per rank, %3) does not split evenly among %4 workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch &apos;global&apos; is not modelled for BytePS jobs: their pushes and pulls are re-cut from the measured stages, which keep the measured batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the asynchronous parameter server is a model of the job (its compute, its gradient bytes and the network&apos;s bandwidth) whose workers drift apart, set beside worker_count&apos;s asynchronous replays, whose workers stay in lock-step; both take the server&apos;s update to cost nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace names no hosts: the workers are placed %1 to a host (worker_count&apos;s ranks_per_host sets them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; needs the job&apos;s data-parallel collectives, whose gradients the servers would take, and the job has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asynchronous parameter server: each of %1 workers pushes every gradient bucket to a server (%2 in all, each on a host of its own) and pulls it back, waiting for no other worker; the iteration is the workers&apos; mean step, in which the job makes %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the replayed workers start in lock-step, as measured, and sharing the servers&apos; interfaces equally keeps them so, where real workers drift apart: the replay is the most contended case (scale --mode async-ps models the drift), and the servers&apos; update is taken to cost nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the servers the workers share: of a BytePS job (left out: one per worker), or of mode async_ps (left out: one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sync: the workers all-reduce their gradients and wait for one another; async_ps: each pushes its gradients to parameter servers and pulls the parameters back, waiting for no other worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; is not modelled for BytePS jobs: their servers are measured, and synchronous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; needs every rank of the job: the trace holds %1 of %2, whose transfers have peers outside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks_per_host cannot place the workers once worker_count&apos;s async_ps mode has put the parameter servers on hosts of their own: give it before that step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workers already push to parameter servers (an earlier worker_count step in mode async_ps): one worker_count step sets them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a BytePS trace gives each partition&apos;s pushes and pulls but not the partitions&apos; sizes, which the asynchronous model starts from; whatif with worker_count and its servers replays more BytePS workers as the synchronous job they are</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace measured no transfer between hosts, and every push and pull crosses the network to a server&apos;s host: they take the cost model&apos;s default network of %1 GB/s (the network pass, in the base strategy, sets it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on the critical path %2 ms shorter per step (%3 → %4 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job&apos;s steps hold different numbers of gradient tensors: tensor fusion was searched by its caps only, not by groups of tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model and the replays part by up to %1 % (at %2 workers: %3 ms by the model, %4 ms replayed): the replays run the whole job (its host work, every collective, the order of its work), the model only what its parameters name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 (grad_accumulation) made micro-batches whose copies keep the measured micro-batch&apos;s times, by which this pass finds its work: give this step before that one, which then repeats its changes in every micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checks of their own figures warned on %1 of the frontier&apos;s %2 points: their times or peaks may be wrong (each, replayed alone, says why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the checks of their own figures warned on %1 of the %2 worker counts replayed: those replays may be wrong (each, replayed alone, says why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the fastest point within the budget: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer-wise profile (CSV with a header row, B-Caffe log, PipeDream graph.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synchronous scaling times the gradients&apos; all-reduces, and cannot here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the baseline the search compares with: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the search tried lowers its peak of %1: the job is searched as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the base strategy&apos;s step %1 (worker_count) sets the device count, which the search chooses itself: leave it out of the base and give the device counts to try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute, which it makes at the job&apos;s measured device count, not at the base&apos;s worker_count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute: it may take %1 what-ifs, more than the %2 the limit of candidates leaves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job&apos;s %1 ranks are %2 data-parallel replicas of %3 ranks each (the other parallelism within a replica): a count of workers or devices here counts replicas, each %3 devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory first&apos;s frontier of layers to recompute may have missed its choice: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was left out of the best strategy: it shortened the iteration by %2 ms (%3 %), less than the %4 % a step must gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was left out of the best strategy: without it the iteration is %2 ms shorter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data loader holds each step %1 ms in the training process (loading, or waiting for its workers); DataLoader workers that keep up take it off the step (num_workers, set in the training script: the strategy&apos;s configs do not reach it, so the best leaves it out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transfers outside the forward pass are of no parallelism the trace tells, so they are not taken for gradients and keep their bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one host, as the trace names no hosts and %1 ranks to a host are taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks %1 shared the cores of %2: each one&apos;s measured times hold the others&apos; load, and the ranks left keep those times, as if they still shared the cores (shared hosts: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: the cost model&apos;s defaults for them would be faster than the %5 links it measured, so they are timed no faster than those (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebuilt with its own measured buckets (%1), the job replays %2 against its baseline (%3 against %4 ms): re-bucketing alone moves it that much, and the figures of this step carry it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model all-reduces %1 gradient buckets a step where the job&apos;s step has %2: the trace gives the others no gradient of their own, so their bytes go with their neighbours&apos;, in fewer and larger all-reduces than the job&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over on their own: its %5 transfers crossed them, so they are timed at the bandwidth those were fitted to, which the links reach at least, and at the default latency (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace records no time for its %1 forward ops: the iterations leave the forward out, and what recomputes, repeats or re-costs it is counted as free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace records no allocator events, so the profiler likely ran without profile_memory, while its cost per host event was calibrated with it: the job without the profiler may be slower than estimated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the profile does not say how many workers it ran on: a job of %1 data-parallel workers is assumed (the worker_count pass sets another)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the Input layer&apos;s forward time (%1 ms) is PipeDream&apos;s loading of a batch: it is taken as the job&apos;s I/O per iteration, which overlaps the iteration before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs are not whole BytePS workers of %2 GPUs (the measured worker&apos;s): the what-if runs %3 workers, %4 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the re-cut pieces&apos; stages are timed as queues on each GPU, and each piece&apos;s stage spans its wait for its turn, which the measured job spent between stages or waiting for another GPU: the exposed communication counts those waits and is not comparable with the measured job&apos;s; compare the iteration time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 (grad_accumulation) made micro-batches, each computing on its share of the samples: give this step, which changes the samples, before that one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one of &apos;samples&apos; and &apos;factor&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace&apos;s input shapes do not show the measured batch (record them with record_shapes), so &apos;samples&apos; has nothing to compare with: give &apos;factor&apos;, the samples over the measured ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes the samples each rank computes on per step; its compute and activations follow them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the batch per rank and step (left out: factor gives it; against the batch the trace&apos;s input shapes show)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the samples over those each rank computed on before this step, the measured ones unless a step changed them (left out: samples gives them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the part of a device op&apos;s time that does not change with the samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the share of a device op&apos;s time above the floor that does not change either (weights read once, partly filled waves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same samples leave the job as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each rank computes on %1 times its measured batch of %2 samples (%3) a step: compare throughput, samples per second, not the iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each rank computes on %1 times its measured samples a step: compare throughput, samples per second, not the iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a factor of %1 of a batch of %2 samples is not a whole number of samples (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder holds no .json, .json.gz or .json.zst trace files, and too many other files (%1) to look for a profile among: open the profile&apos;s file itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder holds no .json, .json.gz or .json.zst trace files, nor any other file Sightline reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder holds %1 profiles (%2), each of a whole job (%3): open one of them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job has no layers to recompute (%1): no point of the frontier recomputes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace marks no forward or backward phases, so gradient accumulation cannot split its steps: no point of the frontier accumulates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch of %1 samples (%2) cannot make %3 micro-batches of one sample or more: each would hold %4 samples, which no data loader gives, and the figures are of those fractions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a batch of %1 samples (%2) does not split evenly into %3 micro-batches: the figures are of micro-batches of %4 samples each, which a data loader cannot give</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rank-steps run %2 micro-batches of 1/%2 of their batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out %1 of the %2 candidates: a rank&apos;s batch or micro-batch would hold less than one sample of the batch the trace shows, which no data loader gives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a global batch of %1 samples (%2 per rank, %3) gives each of %4 workers %5 samples, less than one: no data loader gives that, and the figures are of those fractions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rank-steps run %2 micro-batches of their whole batch: a step computes on %2 times its samples, so compare throughput, samples per second, not the iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker_count scales weakly: each device keeps its batch and its memory, so the device count changes the time only, and a step of more devices makes more samples: across counts, the frontier and its fastest point compare the time the measured global batch takes (the iteration times the measured devices over the count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace does not show the batch (its input shapes are not recorded): whether the micro-batches and the devices&apos; shares of the global batch hold whole samples, or any, cannot be told, and nothing is left out for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the device counts give each worker less than one sample of the global batch of %2 a step computes on, which no data loader gives: they are not replayed, and the model&apos;s figures there are of fractions of a sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace does not show the batch (its input shapes are not recorded): whether %1 times a rank&apos;s measured batch holds whole samples, or any, cannot be told</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the frontier&apos;s micro-batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the frontier&apos;s points in bf16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory first&apos;s choices that hold one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) is one already, and a strategy holds one: %3 are left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search&apos;s bucket choices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search&apos;s partition sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search&apos;s kernel fusions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) decides the buckets: the frontier&apos;s bucket choices are left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace records no memory use the estimator can read (no tensor shapes or allocations): every point&apos;s peak is unknown, so whether a point fits its budget cannot be told</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no strategy of the frontier could be replayed at the device counts asked for (the warnings on the candidates that failed or were left out say why)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 pieces of %2 bytes are smaller than the %3 partitions of %4 bytes the trace measured: each stage&apos;s service is scaled to a piece&apos;s bytes, as if a partition&apos;s turn held no cost per message, which a trace of one partition size cannot tell apart; the pieces may queue longer than replayed (up to %5 times as long, were a partition&apos;s whole service such a cost), and the smaller the pieces, the more this may flatter them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) decides the buckets: the search&apos;s bucket choices are left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a step of the fewest devices computes on %1 times the samples a step of the job&apos;s %2 does (their devices each keep their batch): the speedup compares the time per sample, not the iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the replay at worker count %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the replays at worker counts %1 (as the one at %2 says it): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks %1 took turns on one GPU (index %2) of %3: each one&apos;s measured kernel times hold the others&apos; turns. Each rank now has a GPU of its own, and its kernels take their share of the shared GPU&apos;s time, 1/k of it where k ranks&apos; kernels ran at once (%4 ms of kernels as measured, %5 ms so shared; shared GPUs: %6). The GPU&apos;s switches between the ranks stay in that share: on the H100 sets it came 13 to 18 % above the kernels of a rank alone on the GPU. Their collectives run on host threads, which the trace cannot tell from processes that each saw a GPU of their own as that index: the network pass&apos;s ranks_per_host 1 takes them so</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, while the path moved onto %2, %3 ms longer (%4 → %5 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 micro-batches split none of a rank&apos;s batches at the device counts tried (%2 samples; %3) into whole samples, which DeepSpeed refuses and no data loader gives: %4 tries %5 micro-batches instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the fused computation segment of %1 kernels from %2 repeats alike on %3 of the %4 streams and steps of its kind: the others hold its kernels another number of times (a warm-up kernel, a step cut short, kernels that follow the data), and %5 of their kernels that repeat it stay unfused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the %2 transfers record no size (the trace does not say how many bytes they move): the cost model cannot time them, so they keep their measured times, and no change of bandwidth, link or group size moves them, other than to a group of one rank, which moves nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 micro-batches do not split a rank&apos;s batch at %2 devices (%3 samples; %4) into whole samples, which DeepSpeed refuses and no data loader gives: %5 holds no point of them there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with the profiler&apos;s estimated cost put back, the host work of a step (%1 ms) outlasts the what-if&apos;s iteration (%2 ms): its time rests on the estimate of the profiler&apos;s cost per host event, and where the profiler cost this host less, or the strategy adds host work the what-if does not hold, the job stays bound by its host (a GPU check set&apos;s prediction was 29 % fast so); the job without the profiler may be slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>traffic: a memory-bound kernel whose op recorded its input shapes takes its bytes at the bandwidth the job&apos;s own elementwise kernels reach (never more than it measured), the others keep ratio of their time; ratio: every kernel keeps ratio of its time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the time a fused kernel keeps of the kernels not priced by their traffic, as a share of their sum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels_last: cuDNN&apos;s layout conversions around convolutions (nchwToNhwc, nhwcToNchw) go, as a compiler that plans channels-last layouts removes them; keep: they keep their time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 layout conversions around convolutions removed (channels-last layouts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused kernels move the outputs they pass one another through memory, as the kernels they fuse did: a compiler that keeps them on chip may take up to %1 % less of the device&apos;s kernel time than this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the job&apos;s elementwise kernels moved their bytes at %1 TB/s, more than the %2 TB/s of memory bandwidth its device&apos;s datasheet gives (%3): caches served them, so the fused kernels priced at that rate may be too fast</source>
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
    <name>FrontierPlot</name>
    <message>
        <source>Peak memory per device (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n device</numerusform>
            <numerusform>%n devices</numerusform>
        </translation>
    </message>
    <message>
        <source>The job as it is</source>
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
        <source>Optimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the trace marks no steps: its window replays in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what-if window %1 ms (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed; the critical path is %1 ms long over the window (the trace marks no steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical path %1 ms over the window</source>
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
    <name>OpActions</name>
    <message>
        <source>What If</source>
        <translation></translation>
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
        <source>(replaced by “%1” in the strategy&apos;s what-if)</source>
        <translation></translation>
    </message>
    <message>
        <source>Make “%1” 20 % Faster</source>
        <translation></translation>
    </message>
    <message>
        <source>Fuse Kernels Named “%1”</source>
        <translation></translation>
    </message>
    <message>
        <source>Fuse the Kernels Launched Inside “%1”</source>
        <translation></translation>
    </message>
    <message>
        <source>Recompute “%1” Before Its Backward</source>
        <translation></translation>
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
    <name>OpportunityModel</name>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> with </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ %1 (the replay&apos;s self-checks warned: the gain may be wrong)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OptimizePanel</name>
    <message>
        <source>Shortest iteration within the budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewest devices that fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load into Strategy Dock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the Strategy dock&apos;s steps with the strategy found (Undo brings them back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes that shortened the iteration alone, from the strategy the search had then; double-click one to load it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opportunities:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the optimized strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the Frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a point to load its strategy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a frontier point (%1 ms, %2 GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synchronous all-reduce</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asynchronous parameter server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput from 1 to 64 workers, from this profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a job to search its strategies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %1: %2 ms per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 ms → %2 ms per iteration (%3×), peak %4 → %5 GB; %n round(s), %6 candidates</source>
        <translation>
            <numerusform>%1 ms → %2 ms per iteration (%3×), peak %4 → %5 GB; %n round, %6 candidates</numerusform>
            <numerusform>%1 ms → %2 ms per iteration (%3×), peak %4 → %5 GB; %n rounds, %6 candidates</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing the search tried beats the job as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n point(s), each replayed alone; click one to load its strategy.</source>
        <translation>
            <numerusform>%n point, replayed alone; click it to load its strategy.</numerusform>
            <numerusform>%n points, each replayed alone; click one to load its strategy.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewest devices that fit: %1 (%2 ms).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fewest devices that fit: %1, at %2 ms per iteration and %3 GB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frontier done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaling done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n warning(s) about these figures (hover to read them)</source>
        <translation>
            <numerusform>⚠ %n warning about these figures (hover to read it)</numerusform>
            <numerusform>⚠ %n warnings about these figures (hover to read them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fastest within the budget: %1 ms on %n device(s).</source>
        <translation>
            <numerusform>Fastest within the budget: %1 ms on %n device.</numerusform>
            <numerusform>Fastest within the budget: %1 ms on %n devices.</numerusform>
        </translation>
    </message>
    <message>
        <source>Global batch shared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch per device kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other device counts share the measured global batch, so fewer devices each take more samples and memory (strong scaling: the frontier&apos;s and the fewest devices&apos; default), or each device keeps its measured batch (weak scaling)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workers share the measured global batch (strong scaling), or each keeps its measured batch (weak scaling, the usual throughput curve); the parameter server&apos;s workers keep theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the search looks for: the fastest strategy whose peak fits each device&apos;s memory (the memory budget, which the Strategy dock shares), or the fewest devices with a strategy that fits, from the time–memory frontier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m what-ifs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategies no other beats in both time and memory (recomputed layers, accumulation, mixed precision, gradient buckets), each replayed alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The job as it is (the cross): %1 ms and %2 GB on %n device(s).</source>
        <translation>
            <numerusform>The job as it is (the cross): %1 ms and %2 GB on %n device.</numerusform>
            <numerusform>The job as it is (the cross): %1 ms and %2 GB on %n devices.</numerusform>
        </translation>
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
    <name>RecentJobs</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScalingPlot</name>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps per second, all workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model (synchronous all-reduce)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model (asynchronous parameter server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed (worker_count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured (the trace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perfect scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No whole samples per worker</source>
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
    <name>ScenarioController</name>
    <message>
        <source>Cannot Open Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more.</source>
        <translation></translation>
    </message>
    <message>
        <source>Scenario not opened: %1 is missing</source>
        <translation></translation>
    </message>
    <message>
        <source>Trace File Missing</source>
        <translation></translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more. Locate it?</source>
        <translation></translation>
    </message>
    <message>
        <source>Locate %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.json.zst);;All files (*)</source>
        <translation></translation>
    </message>
    <message>
        <source>No job is open.</source>
        <translation></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Scenarios (*.sightline)</source>
        <translation></translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation></translation>
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
    <name>TimelineLabelPainter</name>
    <message>
        <source>host %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1 (added)</source>
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
    <name>WhatIfDisplay</name>
    <message>
        <source>peak %1 GB</source>
        <translation></translation>
    </message>
    <message>
        <source>Iteration %1 ms against %2 ms per step (%3), replayed in %4 ms.</source>
        <translation></translation>
    </message>
    <message>
        <source>⚠ Self-check: %1</source>
        <translation></translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events per step (up to %3 ms per step).</source>
        <translation></translation>
    </message>
    <message>
        <source>The strategy as edited cannot run (see the Strategy dock).</source>
        <translation></translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt shows the job without it.</source>
        <translation></translation>
    </message>
    <message>
        <source>The strategy failed.</source>
        <translation></translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt and the What-if dock show the last what-if that ran, now stale.</source>
        <translation></translation>
    </message>
    <message>
        <source>The strategy failed; the What-if dock shows the last what-if that ran, now stale.</source>
        <translation></translation>
    </message>
    <message>
        <source> (what-if)</source>
        <translation></translation>
    </message>
    <message>
        <source>Drawing the what-if…</source>
        <translation></translation>
    </message>
    <message>
        <source>The what-if cannot be drawn: %1</source>
        <translation></translation>
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
        <translation></translation>
    </message>
    <message>
        <source>what-if</source>
        <translation></translation>
    </message>
    <message>
        <source>baseline</source>
        <translation></translation>
    </message>
    <message>
        <source>Made by</source>
        <translation></translation>
    </message>
    <message>
        <source>the strategy (a fused op, bucket, chunk, copy or added rank&apos;s op)</source>
        <translation></translation>
    </message>
    <message>
        <source>Stands for</source>
        <translation></translation>
    </message>
    <message>
        <source>%1 on rank %2, measured %3</source>
        <translation></translation>
    </message>
    <message>
        <source>Baseline duration</source>
        <translation></translation>
    </message>
    <message>
        <source>Slack</source>
        <translation></translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation></translation>
    </message>
    <message>
        <source>The window replays in %1 ms against %2 ms (%3): the trace marks no steps. Replayed in %4 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput %1: a step computes on %2 times the measured job&apos;s samples.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events in the window (up to %3 ms).</source>
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
