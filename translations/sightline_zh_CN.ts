<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AggregateModel</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>自身</translation>
    </message>
</context>
<context>
    <name>BudgetSpinBox</name>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>device&apos;s own</source>
        <translation>设备自身</translation>
    </message>
    <message>
        <source>The memory each device may use; out of memory is judged against it</source>
        <translation>每个设备可用的内存；据此判断内存不足</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>what-if</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>iteration (ms)</source>
        <translation>迭代（毫秒）</translation>
    </message>
    <message>
        <source>critical path (ms)</source>
        <translation>关键路径（毫秒）</translation>
    </message>
    <message>
        <source>  %1 (ms)</source>
        <translation>  %1（毫秒）</translation>
    </message>
    <message>
        <source>peak memory (GB)</source>
        <translation>峰值内存（GB）</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>op (rank)</source>
        <translation>操作（rank）</translation>
    </message>
    <message>
        <source>baseline (ms)</source>
        <translation>基线（毫秒）</translation>
    </message>
    <message>
        <source>what-if (ms)</source>
        <translation>假设（毫秒）</translation>
    </message>
    <message>
        <source>change (ms)</source>
        <translation>变化（毫秒）</translation>
    </message>
    <message>
        <source>The measured ops whose time the strategy changed most; click one to show it</source>
        <translation>策略改变时间最多的测量操作；点击可显示</translation>
    </message>
    <message>
        <source>gradient tensor</source>
        <translation>梯度张量</translation>
    </message>
    <message>
        <source>The gradient tensors whose wait from ready to all-reduced the strategy changed most (first rank); click one to show the all-reduce that carried it</source>
        <translation>策略使其从就绪到完成全归约的等待时间变化最大的梯度张量（第一个 rank）；点击可显示承载它的全归约</translation>
    </message>
    <message>
        <source>step %1, #%2, %3 MB</source>
        <translation>第 %1 步，第 %2 个，%3 MB</translation>
    </message>
    <message>
        <source>exposed communication (ms)</source>
        <translation>未被掩盖的通信（毫秒）</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>baseline peak (GB)</source>
        <translation>基线峰值（GB）</translation>
    </message>
    <message>
        <source>what-if peak (GB)</source>
        <translation>假设峰值（GB）</translation>
    </message>
    <message>
        <source>budget (GB)</source>
        <translation>预算（GB）</translation>
    </message>
    <message>
        <source>Each device&apos;s peak memory before and after against its budget, the highest what-if peak first</source>
        <translation>每个设备改动前后的峰值内存与其预算的对比，假设峰值最高的排在最前</translation>
    </message>
    <message>
        <source>rank %1, GPU %2</source>
        <translation>rank %1，GPU %2</translation>
    </message>
    <message>
        <source>No allocator events: the estimate holds the model state alone, a lower bound</source>
        <translation>没有分配器事件：估计只包含模型状态，是一个下界</translation>
    </message>
    <message>
        <source>highest peak (GB)</source>
        <translation>最高峰值（GB）</translation>
    </message>
    <message>
        <source>Stale: these figures are of the last strategy that ran. %1</source>
        <translation>已过期：这些数字属于上一次成功运行的策略。%1</translation>
    </message>
    <message>
        <source>rank %1, host</source>
        <translation>rank %1，主机</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>replayed times lie beyond ±2^62 ns: the figures are no measure of a job</source>
        <translation>回放时间超出 ±2^62 ns：这些数字不能衡量作业</translation>
    </message>
    <message>
        <source>the critical path (%1) does not span the replay (%2): part of the replayed time is on no path from the window&apos;s start</source>
        <translation>关键路径（%1）未覆盖整个回放（%2）：部分回放时间不在任何从窗口起点出发的路径上</translation>
    </message>
    <message>
        <source>%1 replayed steps took no time: their work ended before the step before theirs did, which no dependency of the trace made them wait for</source>
        <translation>%1 个回放步骤耗时为零：它们的工作在前一步骤结束之前就已结束，而 trace 中没有任何依赖让它们等待</translation>
    </message>
    <message>
        <source>the replay runs %1 past the end of every rank&apos;s steps (%2 of %3): work outside the steps is not in the iteration</source>
        <translation>回放比所有 rank 的步骤结束时间多运行了 %1（%2 / %3）：步骤之外的工作不计入迭代</translation>
    </message>
    <message>
        <source>rank %1&apos;s steps (%2) outlast the replay (%3)</source>
        <translation>rank %1 的步骤（%2）比回放（%3）更长</translation>
    </message>
    <message>
        <source>rank %1&apos;s steps begin %2 after rank %3&apos;s end: their clocks are apart and no collective ties them (two runs, or one rank&apos;s file twice?), so the replay&apos;s span and its critical path cross the gap; each rank&apos;s steps are its own</source>
        <translation>rank %1 的步骤在 rank %3 结束 %2 之后才开始：它们的时钟相距甚远，且没有集合通信把它们联系起来（两次运行，或同一 rank 的文件出现了两次？），因此回放的跨度及其关键路径跨越了这段间隙；每个 rank 的步骤各自独立</translation>
    </message>
    <message>
        <source>rank %1&apos;s first replayed step took %2 against %3 for the steps after it: it carries what the window began with (ranks that began at different times, work begun before it) or durations of its own that differ from theirs, and the iteration, their mean, with it</source>
        <translation>rank %1 的第一个回放步骤耗时 %2，而之后的步骤为 %3：它带有窗口开始时的状态（各 rank 开始时间不同，或在它之前已开始的工作），或与其他步骤不同的自身耗时，迭代时间（它们的平均值）也随之受影响</translation>
    </message>
    <message>
        <source>on a job without a GPU the profiler also slows the ops&apos; own compute, which a cost per event does not take out: figures of the job without the profiler may still be up to 30 % slow (the CPU pairs of docs/fidelity.md: +27 % on the accumulation base)</source>
        <translation>在没有 GPU 的作业上，profiler 还会拖慢算子自身的计算，而按事件计的开销无法扣除这部分：不带 profiler 的作业数字仍可能慢达 30 %（docs/fidelity.md 中的 CPU 对：累积基线上为 +27 %）</translation>
    </message>
    <message>
        <source>%1 makes the job&apos;s work wait for itself in a cycle: the strategy cannot be replayed as it stands (%2)</source>
        <translation>%1 使作业的工作在循环中等待自身：该策略目前无法回放（%2）</translation>
    </message>
    <message>
        <source>%1, applied after %2, makes the job&apos;s work wait for itself in a cycle: the strategy cannot be replayed as it stands (%3)</source>
        <translation>%1（在 %2 之后应用）使作业的工作在循环中等待自身：该策略目前无法回放（%3）</translation>
    </message>
    <message>
        <source>the what-if is bound by its host (%1 % of its critical path is host work and launches, against %2 % in the baseline): its time rests on the estimate of the profiler&apos;s cost per host event, and host-bound predictions of the GPU check set were up to 30 % slow; the job without the profiler may be faster</source>
        <translation>该假设分析受主机限制（其关键路径的 %1 % 为主机工作和启动，基线中为 %2 %）：其时间依赖于对每个主机事件 profiler 开销的估计，而 GPU 校验集中受主机限制的预测最多慢 30 %；不带 profiler 的作业可能更快</translation>
    </message>
    <message>
        <source>%1. Its steps&apos; host work differs by %2 % (rank %3: step %4 %5 ms, step %6 %7 ms), and the what-if copies each step&apos;s own: replayed one step at a time, it shows how far that moves it</source>
        <translation>%1。其各步骤的主机工作相差 %2 %（rank %3：步骤 %4 为 %5 ms，步骤 %6 为 %7 ms），而假设分析沿用每个步骤各自的值：逐步回放可以看出这对结果影响多大</translation>
    </message>
    <message>
        <source>the trace&apos;s %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: the cost model keeps %5 us per step, not the trace&apos;s, and times transfers of %6–%7 MB by it (gloo&apos;s per-call cost on the calibration set&apos;s 1 MB buckets, docs/fidelity.md: it may differ on this job&apos;s host)</source>
        <translation>trace 中的 %1 个 %2 传输大小都差不多（%3–%4 MB），无法区分每次调用的开销与带宽：成本模型保留每步 %5 us（而非 trace 的值），并据此为 %6–%7 MB 的传输计时（gloo 在校准集 1 MB 桶上的每次调用开销，见 docs/fidelity.md：在本作业的主机上可能不同）</translation>
    </message>
    <message>
        <source>the trace&apos;s %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: the cost model keeps %5 us per step, not the trace&apos;s, and times transfers of %6–%7 MB by it, and a per-call cost it does not know may make them far slower or faster</source>
        <translation>trace 中的 %1 个 %2 传输大小都差不多（%3–%4 MB），无法区分每次调用的开销与带宽：成本模型保留每步 %5 us（而非 trace 的值），并据此为 %6–%7 MB 的传输计时；未知的每次调用开销可能使它们慢得多或快得多</translation>
    </message>
    <message>
        <source>the cost model fits the trace&apos;s %1 %2 transfers with a mean error of %3 %: the %4 transfer times it gives may be off by as much</source>
        <translation>成本模型拟合 trace 中 %1 个 %2 传输的平均误差为 %3 %：它给出的 %4 个传输时间可能有同样大的偏差</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by parameters the fit could not separate (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 个传输经过 %2 链路，而 trace 未在其上测到任何传输：它们按拟合无法区分的参数计时（每步 %3 us，%4 GB/s；由 network 步骤设置）</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by the cost model&apos;s defaults (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 个传输经过 %2 链路，而 trace 未在其上测到任何传输：它们按成本模型的默认值计时（每步 %3 us，%4 GB/s；由 network 步骤设置）</translation>
    </message>
    <message>
        <source>the trace names no hosts: %1 ranks per host are assumed (the network pass&apos;s ranks_per_host sets them)</source>
        <translation>trace 未给出主机名：假定每台主机 %1 个 rank（由 network 步骤的 ranks_per_host 设置）</translation>
    </message>
    <message>
        <source>the trace&apos;s devices do not say how the GPUs of a host connect: %1 is assumed (the network pass&apos;s intra_host sets it)</source>
        <translation>trace 中的设备未说明同一主机的 GPU 如何互连：假定为 %1（由 network 步骤的 intra_host 设置）</translation>
    </message>
    <message>
        <source>profiler overhead: %1</source>
        <translation>profiler 开销：%1</translation>
    </message>
    <message>
        <source>baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>what-if: %1</source>
        <translation>假设分析：%1</translation>
    </message>
    <message>
        <source>cost model: %1</source>
        <translation>成本模型：%1</translation>
    </message>
    <message>
        <source>the job would grow from %1 to %2 items, more than the %3 a what-if may hold within the memory limit (at about %4 bytes each, %5); %6</source>
        <translation>作业将从 %1 项增长到 %2 项，超过了假设分析在内存限制内可容纳的 %3 项（每项约 %4 字节，共 %5）；%6</translation>
    </message>
    <message>
        <source>Runs k micro-batches of forward and backward per optimizer step, with one gradient synchronisation.</source>
        <translation>每个优化器步骤运行 k 个微批次的前向和反向计算，只做一次梯度同步。</translation>
    </message>
    <message>
        <source>micro-batches per optimizer step (k)</source>
        <translation>每个优化器步骤的微批次数（k）</translation>
    </message>
    <message>
        <source>split: the measured batch is split into k micro-batches; repeat: each micro-batch is the measured batch</source>
        <translation>split：把测得的批次拆成 k 个微批次；repeat：每个微批次都是测得的批次</translation>
    </message>
    <message>
        <source>the part of a device op&apos;s time that does not shrink with fewer samples</source>
        <translation>设备算子时间中不随样本减少而缩短的部分</translation>
    </message>
    <message>
        <source>the share of a device op&apos;s time above the floor that does not shrink either (weights read once per micro-batch, partly filled waves)</source>
        <translation>设备算子时间中高于下限、同样不会缩短的比例（每个微批次读取一次权重、未填满的 wave）</translation>
    </message>
    <message>
        <source>the job has no forward or backward work in its steps (the trace marks no phases)</source>
        <translation>作业的步骤中没有前向或反向工作（trace 未标记阶段）</translation>
    </message>
    <message>
        <source>one micro-batch leaves the job as it is</source>
        <translation>一个微批次不改变作业</translation>
    </message>
    <message>
        <source>choose fewer micro-batches</source>
        <translation>请选择更少的微批次</translation>
    </message>
    <message>
        <source>Runs compute in 16-bit precision: kernels scaled by what bounds them, gradients halved, weight casts added.</source>
        <translation>以 16 位精度计算：按限制因素缩放内核，梯度减半，并加入权重转换。</translation>
    </message>
    <message>
        <source>the 16-bit type compute runs in</source>
        <translation>计算所用的 16 位类型</translation>
    </message>
    <message>
        <source>time factor of matrix, convolution and attention kernels (left out: from the device&apos;s datasheet and each kernel&apos;s precision)</source>
        <translation>矩阵、卷积和注意力内核的时间系数（省略时：根据设备数据手册和各内核的精度）</translation>
    </message>
    <message>
        <source>time factor of normalisation, softmax and reduction kernels</source>
        <translation>归一化、softmax 和归约内核的时间系数</translation>
    </message>
    <message>
        <source>time factor of elementwise and other memory-bound kernels</source>
        <translation>逐元素及其他受内存限制内核的时间系数</translation>
    </message>
    <message>
        <source>time factor of the optimizer&apos;s kernels (fp32 master weights)</source>
        <translation>优化器内核的时间系数（fp32 主权重）</translation>
    </message>
    <message>
        <source>factor of the bytes of gradient transfers (backward-phase communication)</source>
        <translation>梯度传输字节数的系数（反向阶段的通信）</translation>
    </message>
    <message>
        <source>device memory bandwidth a weight cast runs at (6 bytes per element)</source>
        <translation>权重转换运行时的设备内存带宽（每元素 6 字节）</translation>
    </message>
    <message>
        <source>host time of each weight cast (the op and its launch)</source>
        <translation>每次权重转换的主机时间（算子及其启动）</translation>
    </message>
    <message>
        <source>share of the activation bytes kept for backward that remains (left out: half, but where autocast runs the saving op in fp32)</source>
        <translation>为反向保留的激活字节中剩余的比例（省略时：一半，但 autocast 以 fp32 运行保存算子之处除外）</translation>
    </message>
    <message>
        <source>the %1 has no %2 units faster than FP32 (its datasheet): matrix kernels keep their time</source>
        <translation>%1 没有比 FP32 更快的 %2 单元（据其数据手册）：矩阵内核保持原有时间</translation>
    </message>
    <message>
        <source>the trace names no device, so matrix kernels take a stated default of %1 of their time, not its datasheet&apos;s rates; set matmul_factor</source>
        <translation>trace 未给出设备，因此矩阵内核采用设定的默认值，即其时间的 %1，而非数据手册的速率；请设置 matmul_factor</translation>
    </message>
    <message>
        <source>the device catalog does not know &apos;%1&apos;, so matrix kernels take a stated default of %2 of their time, not its datasheet&apos;s rates; set matmul_factor</source>
        <translation>设备目录中没有 &apos;%1&apos;，因此矩阵内核采用设定的默认值，即其时间的 %2，而非其数据手册的速率；请设置 matmul_factor</translation>
    </message>
    <message>
        <source>matrix kernels holding %1 % of the matrix time spell no precision in their names; they were taken as FP32 (PyTorch&apos;s default)</source>
        <translation>占矩阵时间 %1 % 的矩阵内核名称中未体现精度；已按 FP32（PyTorch 的默认值）处理</translation>
    </message>
    <message>
        <source>the job has no compute kernels to scale</source>
        <translation>作业没有可缩放的计算内核</translation>
    </message>
    <message>
        <source>%1 forward matrix ops have no recorded weight shape (record_shapes off?); their casts are left out</source>
        <translation>%1 个前向矩阵算子没有记录权重形状（record_shapes 未开启？）；省略它们的转换</translation>
    </message>
    <message>
        <source>%1 gradient transfers are measured, so their times were scaled by the bytes factor; --comm model times them by the cost model</source>
        <translation>%1 个梯度传输是测量值，因此其时间按字节系数缩放；--comm model 会用成本模型为它们计时</translation>
    </message>
    <message>
        <source>Sets link bandwidths and latencies, the hosts, the all-reduce algorithm and the overlap slowdown.</source>
        <translation>设置链路带宽和延迟、主机、all-reduce 算法以及重叠时的减速。</translation>
    </message>
    <message>
        <source>NVLink bandwidth per GPU</source>
        <translation>每个 GPU 的 NVLink 带宽</translation>
    </message>
    <message>
        <source>PCIe bandwidth per GPU</source>
        <translation>每个 GPU 的 PCIe 带宽</translation>
    </message>
    <message>
        <source>network bandwidth per host</source>
        <translation>每台主机的网络带宽</translation>
    </message>
    <message>
        <source>NVLink latency per algorithm step</source>
        <translation>每个算法步骤的 NVLink 延迟</translation>
    </message>
    <message>
        <source>PCIe latency per algorithm step</source>
        <translation>每个算法步骤的 PCIe 延迟</translation>
    </message>
    <message>
        <source>network latency per algorithm step</source>
        <translation>每个算法步骤的网络延迟</translation>
    </message>
    <message>
        <source>multiplies every link&apos;s bandwidth, after the values above</source>
        <translation>在上述数值之后，将每条链路的带宽相乘</translation>
    </message>
    <message>
        <source>ranks per host, in rank order</source>
        <translation>每台主机的 rank 数，按 rank 顺序</translation>
    </message>
    <message>
        <source>how GPUs in one host reach each other</source>
        <translation>同一主机内 GPU 之间如何互连</translation>
    </message>
    <message>
        <source>the all-reduce algorithm</source>
        <translation>all-reduce 算法</translation>
    </message>
    <message>
        <source>slowdown of compute while communication overlaps it (0.1: 10%)</source>
        <translation>通信与计算重叠时计算的减速（0.1：10%）</translation>
    </message>
    <message>
        <source>%1 bandwidth falls to %2 bytes/s (the scales of every network step multiply); at least 1000 bytes/s is modelled</source>
        <translation>%1 带宽降到 %2 字节/秒（所有 network 步骤的缩放相乘）；最低可建模 1000 字节/秒</translation>
    </message>
    <message>
        <source>Fuses runs of neighbouring compute kernels on a stream into one kernel.</source>
        <translation>将同一流上相邻的计算内核序列融合为一个内核。</translation>
    </message>
    <message>
        <source>kernel names that may fuse: * any characters, ? any one</source>
        <translation>可融合的内核名称：* 表示任意字符，? 表示任意单个字符</translation>
    </message>
    <message>
        <source>elementwise: elementwise, normalisation and reduction kernels (what a fusing compiler fuses); all: matrix kernels too</source>
        <translation>elementwise：逐元素、归一化和归约内核（融合编译器会融合的内核）；all：也包括矩阵内核</translation>
    </message>
    <message>
        <source>only kernels launched inside a host span of this name (a layer, a named range); empty: anywhere</source>
        <translation>仅限在此名称的主机区间（一层、一个命名范围）内启动的内核；为空：任意位置</translation>
    </message>
    <message>
        <source>the most kernels one fused kernel takes; 0: no limit</source>
        <translation>一个融合内核最多包含的内核数；0：不限</translation>
    </message>
    <message>
        <source>only these measured kernels (ids as &quot;3-9,12&quot;, as picked in the window): neighbours among them fuse; left out, any</source>
        <translation>仅限这些测得的内核（ID 形如 &quot;3-9,12&quot;，即窗口中所选）：其中相邻者融合；省略时：任意</translation>
    </message>
    <message>
        <source>no two neighbouring kernels on a stream can fuse</source>
        <translation>同一流上没有可以融合的相邻内核</translation>
    </message>
    <message>
        <source>%1 kernels fused into %2</source>
        <translation>%1 个内核融合为 %2 个</translation>
    </message>
    <message>
        <source>memory-bound kernels (elementwise, normalisation, layout) take %1 % of the device&apos;s kernel time, and fused kernels keep the sum of their times (ratio 1): a compiler that fuses them also saves their memory traffic and may re-plan layouts, so the job compiled may be much faster than this; set ratio for what it saves</source>
        <translation>受内存限制的内核（逐元素、归一化、布局）占设备内核时间的 %1 %，而融合内核保留其时间之和（ratio 1）：融合它们的编译器还会节省内存流量并可能重新规划布局，因此编译后的作业可能比这快得多；请将 ratio 设为其节省的比例</translation>
    </message>
    <message>
        <source>%1 tensor iterations without a total or with a partition cut short (a trace cut mid-iteration) are kept as measured</source>
        <translation>%1 个没有总大小或分区被截断（trace 在迭代中途截断）的张量迭代保持测得的样子</translation>
    </message>
    <message>
        <source>a BytePS job&apos;s partitions and servers are re-cut together, from the job before the first of them: the steps between tensor_partition and worker_count would be lost; give those two one after the other</source>
        <translation>BytePS 作业的分区和服务器要一起重新切分，基于第一个相关步骤之前的作业：tensor_partition 与 worker_count 之间的步骤会丢失；请把这两个步骤连在一起给出</translation>
    </message>
    <message>
        <source>Recomputes the chosen layers&apos; forward work before their backward instead of keeping activations.</source>
        <translation>在反向之前重新计算所选层的前向工作，而不保留激活。</translation>
    </message>
    <message>
        <source>the layers: auto (repeated numbered forward spans, or a layer-wise job&apos;s layers), or a pattern of span names (* and ?)</source>
        <translation>层：auto（重复编号的前向区间，或逐层作业的层），或区间名称的模式（* 和 ?）</translation>
    </message>
    <message>
        <source>recompute every k-th layer of each step (1: all)</source>
        <translation>每个步骤中每隔 k 层重新计算一次（1：全部）</translation>
    </message>
    <message>
        <source>only the layers whose span or forward work holds one of these measured ops (ids as &quot;3-9,12&quot;, as picked in the window); left out, every layer</source>
        <translation>仅限其区间或前向工作包含这些测得算子之一的层（ID 形如 &quot;3-9,12&quot;，即窗口中所选）；省略时：所有层</translation>
    </message>
    <message>
        <source>no layer with a backward was found (%1); name the layers&apos; spans with &apos;layers&apos;</source>
        <translation>未找到带反向的层（%1）；请用 &apos;layers&apos; 指定层的区间名称</translation>
    </message>
    <message>
        <source>%1 of the chosen layers are recomputed by an earlier step already; they are left as they are</source>
        <translation>所选层中有 %1 个已由之前的步骤重新计算；保持不变</translation>
    </message>
    <message>
        <source>%1 of %2 layer forwards recomputed (layers: %3)</source>
        <translation>%2 个层前向中重新计算了 %1 个（层：%3）</translation>
    </message>
    <message>
        <source>%1 of %2 layer forwards recomputed (layers: %3; those of the chosen ops)</source>
        <translation>%2 个层前向中重新计算了 %1 个（层：%3；所选算子所在的层）</translation>
    </message>
    <message>
        <source>Makes the matched items a percentage faster (or slower).</source>
        <translation>使匹配的项按百分比变快（或变慢）。</translation>
    </message>
    <message>
        <source>how much less of its own time each matched item takes; below zero, more</source>
        <translation>每个匹配项自身时间减少多少；小于零则为增加</translation>
    </message>
    <message>
        <source>item names to match: * any characters, ? any one</source>
        <translation>要匹配的项名称：* 表示任意字符，? 表示任意单个字符</translation>
    </message>
    <message>
        <source>kind of item to match</source>
        <translation>要匹配的项的类型</translation>
    </message>
    <message>
        <source>global rank to match; -1 for all</source>
        <translation>要匹配的全局 rank；-1 表示全部</translation>
    </message>
    <message>
        <source>only items made from these measured ops (ids as &quot;3-9,12&quot;, as picked in the window); left out, any</source>
        <translation>仅限由这些测得算子生成的项（ID 形如 &quot;3-9,12&quot;，即窗口中所选）；省略时：任意</translation>
    </message>
    <message>
        <source>rank %1 is not in the job</source>
        <translation>rank %1 不在作业中</translation>
    </message>
    <message>
        <source>no item matched &apos;%1&apos; (kind %2)</source>
        <translation>没有项匹配 &apos;%1&apos;（类型 %2）</translation>
    </message>
    <message>
        <source>no item matched &apos;%1&apos; (kind %2) among the chosen ops</source>
        <translation>所选算子中没有项匹配 &apos;%1&apos;（类型 %2）</translation>
    </message>
    <message>
        <source>%1 matched ops enclose other work: %2 items inside them (nested host work and the device work it launched) take the speed-up with them</source>
        <translation>%1 个匹配算子包含其他工作：其中的 %2 个项（嵌套的主机工作及其启动的设备工作）随之加速</translation>
    </message>
    <message>
        <source>%1 matched ops enclose other work: %2 items inside them (nested host work) take the speed-up with them</source>
        <translation>%1 个匹配算子包含其他工作：其中的 %2 个项（嵌套的主机工作）随之加速</translation>
    </message>
    <message>
        <source>%1 matched transfers are timed by the cost model, which this pass does not change; the network pass does</source>
        <translation>%1 个匹配的传输由成本模型计时，本步骤不改变成本模型；network 步骤可以</translation>
    </message>
    <message>
        <source>Gives one rank the median durations of the other ranks.</source>
        <translation>让一个 rank 采用其他 rank 的中位耗时。</translation>
    </message>
    <message>
        <source>global rank whose items take the other ranks&apos; median durations</source>
        <translation>其各项采用其他 rank 中位耗时的全局 rank</translation>
    </message>
    <message>
        <source>the job has one rank: there is no other to take durations from</source>
        <translation>作业只有一个 rank：没有其他 rank 可供取耗时</translation>
    </message>
    <message>
        <source>%1 of rank %2&apos;s %3 items have no counterpart on the other ranks and keep their durations</source>
        <translation>rank %2 的 %3 个项中有 %1 个在其他 rank 上没有对应项，保持原耗时</translation>
    </message>
    <message>
        <source>%1 of rank %2&apos;s items have counterparts on fewer than half of the %3 other ranks (tracks matched by role: the main thread, the backward thread, the n-th compute stream...); their median may not be the others&apos; pace</source>
        <translation>rank %2 的 %1 个项仅在不到一半（共 %3 个）其他 rank 上有对应项（按角色匹配轨道：主线程、反向线程、第 n 个计算流……）；其中位数未必代表其他 rank 的节奏</translation>
    </message>
    <message>
        <source>Re-buckets the gradient all-reduces, by DDP&apos;s bucket_cap_mb or Horovod&apos;s fusion threshold and cycle time.</source>
        <translation>按 DDP 的 bucket_cap_mb 或 Horovod 的融合阈值和周期时间，重新划分梯度 all-reduce 的桶。</translation>
    </message>
    <message>
        <source>DDP style: the bucket size cap (give this or threshold_bytes)</source>
        <translation>DDP 方式：桶大小上限（给出此项或 threshold_bytes）</translation>
    </message>
    <message>
        <source>DDP style: the cap of the first bucket</source>
        <translation>DDP 方式：第一个桶的上限</translation>
    </message>
    <message>
        <source>Horovod style: the fusion threshold (give this or bucket_cap_mb)</source>
        <translation>Horovod 方式：融合阈值（给出此项或 bucket_cap_mb）</translation>
    </message>
    <message>
        <source>Horovod style: the cycle time; tensors ready in one cycle fuse</source>
        <translation>Horovod 方式：周期时间；同一周期内就绪的张量融合</translation>
    </message>
    <message>
        <source>%1 gradient all-reduces become %2 (%3)</source>
        <translation>%1 个梯度 all-reduce 变为 %2 个（%3）</translation>
    </message>
    <message>
        <source>%1 waits on measured buckets by work that began before a new bucket could be ready were dropped</source>
        <translation>已丢弃 %1 个等待：这些工作在新桶可能就绪之前就已开始，却在等待测得的桶</translation>
    </message>
    <message>
        <source>pieces of %1 bytes would add %2 items, more than %3; choose larger pieces</source>
        <translation>%1 字节的分片将增加 %2 个项，超过 %3；请选择更大的分片</translation>
    </message>
    <message>
        <source>tensor %1: %2 partitions of measured_partition_bytes %3 bytes exceed 2^63 bytes; give the partition size the job used</source>
        <translation>张量 %1：%2 个 measured_partition_bytes 为 %3 字节的分区超过 2^63 字节；请给出作业实际使用的分区大小</translation>
    </message>
    <message>
        <source>%1 BytePS tensor iterations re-cut from %2 partitions of %3 bytes (as measured, taken as full) into %4 pieces of %5 bytes at most</source>
        <translation>%1 个 BytePS 张量迭代被重新切分：由 %2 个 %3 字节的分区（按测量值，视为满）切为 %4 个最多 %5 字节的分片</translation>
    </message>
    <message>
        <source>Splits every gradient all-reduce larger than the partition size into pieces.</source>
        <translation>将每个大于分区大小的梯度 all-reduce 切分为多个分片。</translation>
    </message>
    <message>
        <source>the largest piece (BytePS&apos;s default: 4 096 000 bytes)</source>
        <translation>最大分片（BytePS 默认：4 096 000 字节）</translation>
    </message>
    <message>
        <source>concurrent: the pieces run at once, sharing bandwidth (BytePS); sequential: one after the other on the stream</source>
        <translation>concurrent：分片同时运行，共享带宽（BytePS）；sequential：在流上依次运行</translation>
    </message>
    <message>
        <source>BytePS jobs: the partition size the trace was recorded with (BytePS traces record no sizes)</source>
        <translation>BytePS 作业：录制 trace 时的分区大小（BytePS trace 不记录大小）</translation>
    </message>
    <message>
        <source>%1 of %2 gradient all-reduces split into pieces of %3 bytes at most</source>
        <translation>%2 个梯度 all-reduce 中有 %1 个被切分为最多 %3 字节的分片</translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now: each server&apos;s load is as measured, so the job runs as measured</source>
        <translation>BytePS worker 各有 %1 个 GPU，测得 %2 个，现为 %3 个：每个服务器的负载与测量时相同，因此作业按测量运行</translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now, sharing %4 servers: pushes and pulls take %5x their measured service</source>
        <translation>BytePS worker 各有 %1 个 GPU，测得 %2 个，现为 %3 个，共享 %4 台服务器：push 和 pull 耗时为测得服务时间的 %5 倍</translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now, with a server per worker (as BytePS deploys them): pushes and pulls take %4x their measured service</source>
        <translation>BytePS worker 各有 %1 个 GPU，测得 %2 个，现为 %3 个，每个 worker 一台服务器（BytePS 的部署方式）：push 和 pull 耗时为测得服务时间的 %4 倍</translation>
    </message>
    <message>
        <source>Scales data parallelism to another number of ranks, with collectives re-timed for the new group.</source>
        <translation>将数据并行扩展到另一个 rank 数，并为新组重新计算集合通信的时间。</translation>
    </message>
    <message>
        <source>the number of data-parallel ranks</source>
        <translation>数据并行的 rank 数</translation>
    </message>
    <message>
        <source>ranks per host for the new ranks; left out: as measured</source>
        <translation>新 rank 的每主机 rank 数；省略时：与测量相同</translation>
    </message>
    <message>
        <source>the data-parallel group spans %1 of the job&apos;s %2 ranks: &apos;workers&apos; must make whole copies of the other groups (a multiple of %3)</source>
        <translation>数据并行组占作业 %2 个 rank 中的 %1 个：&apos;workers&apos; 必须构成其他组的完整副本（%3 的倍数）</translation>
    </message>
    <message>
        <source>%1 workers of a data-parallel group of %2 in a world of %3 ranks make %4 ranks; at most %5 are modelled</source>
        <translation>在 %3 个 rank 的环境中，%2 个一组的数据并行组扩展到 %1 个 worker 将得到 %4 个 rank；最多可建模 %5 个</translation>
    </message>
    <message>
        <source>the job has no data-parallel collective: the added ranks run alongside it and synchronise nothing (the gradient all-reduce that data parallelism adds is not in the trace to be scaled)</source>
        <translation>作业没有数据并行的集合通信：新增的 rank 与之并行运行，不做任何同步（数据并行会加入的梯度 all-reduce 不在 trace 中，无法缩放）</translation>
    </message>
    <message>
        <source>the job computes on its host: the added ranks would share the host&apos;s cores with the measured ones, which the pass does not model (one rank per core or more makes each step up to %1/%2 as long)</source>
        <translation>作业在主机上计算：新增的 rank 将与测得的 rank 共享主机核心，而本步骤不对此建模（每核一个或更多 rank 会使每一步最长变为 %1/%2 倍）</translation>
    </message>
    <message>
        <source>%1 collectives whose role the trace does not tell span every rank and are taken as data-parallel</source>
        <translation>%1 个 trace 未说明角色的集合通信覆盖所有 rank，按数据并行处理</translation>
    </message>
    <message>
        <source>%1 collectives of other parallelism (%2 in all) keep their groups&apos; sizes</source>
        <translation>%1 个其他并行方式的集合通信（共 %2）保持其组大小</translation>
    </message>
    <message>
        <source>the job holds %1 of %2 ranks; %3 data-parallel transfers with peers outside the trace now span a group of %4</source>
        <translation>作业包含 %2 个 rank 中的 %1 个；%3 个与 trace 之外的对端进行的数据并行传输现在覆盖 %4 个成员的组</translation>
    </message>
    <message>
        <source>choose fewer workers</source>
        <translation>请选择更少的 worker</translation>
    </message>
    <message>
        <source>%1 collectives of other parallelism have only some of their ranks copied (the workers make a partial copy of the job); those parts keep their measured times</source>
        <translation>%1 个其他并行方式的集合通信只复制了部分 rank（worker 构成作业的部分副本）；这些部分保持测得的时间</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a number</source>
        <translation>参数 &apos;%1&apos; 需要一个数字</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a whole number</source>
        <translation>参数 &apos;%1&apos; 需要一个整数</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; must lie in %2</source>
        <translation>参数 &apos;%1&apos; 必须在 %2 范围内</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a text</source>
        <translation>参数 &apos;%1&apos; 需要一段文本</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; holds %2 characters; a name or pattern has at most %3</source>
        <translation>参数 &apos;%1&apos; 有 %2 个字符；名称或模式最多 %3 个字符</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is one of %2, not &apos;%3&apos;</source>
        <translation>参数 &apos;%1&apos; 应为 %2 之一，而不是 &apos;%3&apos;</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants op ids, as text such as &quot;3-9,12&quot;</source>
        <translation>参数 &apos;%1&apos; 需要算子 ID，写成 &quot;3-9,12&quot; 这样的文本</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos;: %2</source>
        <translation>参数 &apos;%1&apos;：%2</translation>
    </message>
    <message>
        <source>unknown parameter &apos;%1&apos;</source>
        <translation>未知参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is required</source>
        <translation>参数 &apos;%1&apos; 是必需的</translation>
    </message>
    <message>
        <source>step %1 (%2): %3</source>
        <translation>步骤 %1（%2）：%3</translation>
    </message>
    <message>
        <source>step %1: unknown pass &apos;%2&apos;</source>
        <translation>步骤 %1：未知的 pass &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 is one already; a strategy holds one %2 step, as a second would redo the first on its own output</source>
        <translation>%1 已经是此类步骤；一个策略只能有一个 %2 步骤，因为第二个会在第一个的输出上重做一遍</translation>
    </message>
    <message>
        <source>the layer-wise profile&apos;s layers</source>
        <translation>逐层性能剖析中的层</translation>
    </message>
    <message>
        <source>the layer-wise profile&apos;s layers matching &apos;%1&apos;</source>
        <translation>逐层性能剖析中匹配 &apos;%1&apos; 的层</translation>
    </message>
    <message>
        <source>no repeated numbered annotation to take as layers</source>
        <translation>没有可作为层的重复编号标注</translation>
    </message>
    <message>
        <source>the forward spans named %1N</source>
        <translation>名为 %1N 的前向区间</translation>
    </message>
    <message>
        <source>the forward spans matching &apos;%1&apos;</source>
        <translation>匹配 &apos;%1&apos; 的前向区间</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>%1 all-reduces taken as gradients though nothing in the trace ties them to gradients</source>
        <translation>%1 个 all-reduce 按梯度处理，尽管 trace 中没有任何信息将其与梯度关联</translation>
    </message>
    <message>
        <source>%1 all-reduces of other parallelism (tensor-parallel and the like) left as they are</source>
        <translation>%1 个其他并行方式（张量并行等）的 all-reduce 保持不变</translation>
    </message>
    <message>
        <source>gradients from the AccumulateGrad ops and their recorded shapes</source>
        <translation>来自 AccumulateGrad 算子及其记录形状的梯度</translation>
    </message>
    <message>
        <source>one tensor per measured all-reduce (the trace records no gradient shapes the same on every rank)</source>
        <translation>每个测得的 all-reduce 对应一个张量（trace 未记录在各 rank 上一致的梯度形状）</translation>
    </message>
    <message>
        <source>%1 data-parallel groups</source>
        <translation>%1 个数据并行组</translation>
    </message>
    <message>
        <source>%1 AccumulateGrad ops without a dense shape left out</source>
        <translation>省略了 %1 个没有稠密形状的 AccumulateGrad 算子</translation>
    </message>
    <message>
        <source>each rank&apos;s own all-reduce transfers (their peers are outside the job); overlapping transfers are one fused bucket</source>
        <translation>每个 rank 自身的 all-reduce 传输（其对端在作业之外）；相互重叠的传输视为一个融合桶</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a regular file</source>
        <translation>是 FIFO（命名管道），不是普通文件</translation>
    </message>
    <message>
        <source>is a character device, not a regular file</source>
        <translation>是字符设备，不是普通文件</translation>
    </message>
    <message>
        <source>is a block device, not a regular file</source>
        <translation>是块设备，不是普通文件</translation>
    </message>
    <message>
        <source>is a socket, not a regular file</source>
        <translation>是套接字，不是普通文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>trace</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>export manifest</source>
        <translation>导出清单</translation>
    </message>
    <message>
        <source>a %1 file holds at most %2 bytes; this one has %3</source>
        <translation>%1文件最多 %2 字节；此文件有 %3 字节</translation>
    </message>
    <message>
        <source>a %1 file holds at most %2 bytes; this one has %3 or more</source>
        <translation>%1文件最多 %2 字节；此文件至少有 %3 字节</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件为空</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>is a folder, not a file to write</source>
        <translation>是文件夹，不是可写入的文件</translation>
    </message>
    <message>
        <source>exists and is not a regular file: only a regular file is replaced</source>
        <translation>已存在且不是普通文件：只会替换普通文件</translation>
    </message>
    <message>
        <source>cannot create a file in %1</source>
        <translation>无法在 %1 中创建文件</translation>
    </message>
    <message>
        <source>not open</source>
        <translation>未打开</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>无法写入</translation>
    </message>
    <message>
        <source>cannot flush to disk</source>
        <translation>无法刷新到磁盘</translation>
    </message>
    <message>
        <source>cannot close</source>
        <translation>无法关闭</translation>
    </message>
    <message>
        <source>cannot replace the file</source>
        <translation>无法替换文件</translation>
    </message>
    <message>
        <source>%1 would need about %2 of memory, above the limit of %3 (--max-memory-gb)</source>
        <translation>%1 大约需要 %2 内存，超过了 %3 的上限（--max-memory-gb）</translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto) or Chrome trace JSON</source>
        <translation>PyTorch profiler（Kineto）或 Chrome trace JSON</translation>
    </message>
    <message>
        <source>Horovod timeline (HOROVOD_TIMELINE)</source>
        <translation>Horovod 时间线（HOROVOD_TIMELINE）</translation>
    </message>
    <message>
        <source>BytePS communication timeline</source>
        <translation>BytePS 通信时间线</translation>
    </message>
    <message>
        <source>TensorFlow 1.x timeline</source>
        <translation>TensorFlow 1.x 时间线</translation>
    </message>
    <message>
        <source>the JSON text ends early (%1: %2)</source>
        <translation>JSON 文本提前结束（%1：%2）</translation>
    </message>
    <message>
        <source>the text is %1; traces are read as UTF-8</source>
        <translation>文本编码为 %1；trace 按 UTF-8 读取</translation>
    </message>
    <message>
        <source>the file holds only whitespace</source>
        <translation>文件只包含空白字符</translation>
    </message>
    <message>
        <source>not JSON: a trace starts with &apos;{&apos; or &apos;[&apos;</source>
        <translation>不是 JSON：trace 应以 &apos;{&apos; 或 &apos;[&apos; 开头</translation>
    </message>
    <message>
        <source>the JSON object has no &quot;traceEvents&quot; array</source>
        <translation>该 JSON 对象没有 &quot;traceEvents&quot; 数组</translation>
    </message>
    <message>
        <source>the JSON document is neither an object nor an array of events</source>
        <translation>该 JSON 文档既不是对象，也不是事件数组</translation>
    </message>
    <message>
        <source>text follows the end of the JSON document</source>
        <translation>JSON 文档结束后还有文本</translation>
    </message>
    <message>
        <source>the trace holds no events</source>
        <translation>该 trace 不含任何事件</translation>
    </message>
    <message>
        <source>the trace holds only metadata events</source>
        <translation>该 trace 只含元数据事件</translation>
    </message>
    <message>
        <source>no usable event (%1 skipped; first problem: %2)</source>
        <translation>没有可用的事件（跳过了 %1 个；第一个问题：%2）</translation>
    </message>
    <message>
        <source>&quot;traceEvents&quot; is not an array</source>
        <translation>&quot;traceEvents&quot; 不是数组</translation>
    </message>
    <message>
        <source>the document holds &quot;traceEvents&quot; more than once; the events of each are read</source>
        <translation>文档中多次出现 &quot;traceEvents&quot;；每一处的事件都会读取</translation>
    </message>
    <message>
        <source>baseTimeNanoseconds is not an integer number of nanoseconds; ignored</source>
        <translation>baseTimeNanoseconds 不是整数纳秒值；已忽略</translation>
    </message>
    <message>
        <source>the host name is not a string; ignored</source>
        <translation>主机名不是字符串；已忽略</translation>
    </message>
    <message>
        <source>deviceProperties is not an array; ignored</source>
        <translation>deviceProperties 不是数组；已忽略</translation>
    </message>
    <message>
        <source>devices in deviceProperties that are not objects; skipped</source>
        <translation>deviceProperties 中不是对象的设备；已跳过</translation>
    </message>
    <message>
        <source>devices in deviceProperties without a device number &quot;id&quot; and a byte count &quot;totalGlobalMem&quot; that fit; skipped</source>
        <translation>deviceProperties 中缺少在有效范围内的设备编号 &quot;id&quot; 和字节数 &quot;totalGlobalMem&quot; 的设备；已跳过</translation>
    </message>
    <message>
        <source>distributedInfo is not an object; ignored</source>
        <translation>distributedInfo 不是对象；已忽略</translation>
    </message>
    <message>
        <source>distributedInfo.rank is not a rank number; ignored</source>
        <translation>distributedInfo.rank 不是有效的 rank 编号；已忽略</translation>
    </message>
    <message>
        <source>distributedInfo.world_size is not a positive count; ignored</source>
        <translation>distributedInfo.world_size 不是正整数；已忽略</translation>
    </message>
    <message>
        <source>distributedInfo.pg_config is not an array; ignored</source>
        <translation>distributedInfo.pg_config 不是数组；已忽略</translation>
    </message>
    <message>
        <source>process groups in distributedInfo.pg_config that are not objects; skipped</source>
        <translation>distributedInfo.pg_config 中不是对象的进程组；已跳过</translation>
    </message>
    <message>
        <source>process group fields that are not strings; ignored</source>
        <translation>不是字符串的进程组字段；已忽略</translation>
    </message>
    <message>
        <source>process group ranks that are not an array; ignored</source>
        <translation>不是数组的进程组 rank 列表；已忽略</translation>
    </message>
    <message>
        <source>process group ranks that are not rank numbers; ignored</source>
        <translation>不是有效 rank 编号的进程组 rank；已忽略</translation>
    </message>
    <message>
        <source>the first piece opens with no event</source>
        <translation>第一个分片的开头不是事件</translation>
    </message>
    <message>
        <source>the JSON array does not hold trace events</source>
        <translation>该 JSON 数组不包含 trace 事件</translation>
    </message>
    <message>
        <source>an event is not a JSON object; skipped</source>
        <translation>事件不是 JSON 对象；已跳过</translation>
    </message>
    <message>
        <source>allocator events (&quot;[memory]&quot;) without a usable &quot;Bytes&quot;; not counted</source>
        <translation>没有可用 &quot;Bytes&quot; 的分配器事件（&quot;[memory]&quot;）；不计入</translation>
    </message>
    <message>
        <source>allocator events (&quot;[memory]&quot;) of a petabyte or more; not counted</source>
        <translation>达到 1 PB 或以上的分配器事件（&quot;[memory]&quot;）；不计入</translation>
    </message>
    <message>
        <source>events with a field of the wrong type (&quot;%1&quot;); skipped</source>
        <translation>含有类型错误字段（&quot;%1&quot;）的事件；已跳过</translation>
    </message>
    <message>
        <source>events with a field of the wrong type (&quot;%1&quot;); the field is ignored</source>
        <translation>含有类型错误字段（&quot;%1&quot;）的事件；已忽略该字段</translation>
    </message>
    <message>
        <source>events with an argument of the wrong type (&quot;%1&quot;); the argument is ignored</source>
        <translation>含有类型错误参数（&quot;%1&quot;）的事件；已忽略该参数</translation>
    </message>
    <message>
        <source>events with an argument out of range (&quot;%1&quot;); the argument is ignored</source>
        <translation>含有超出范围参数（&quot;%1&quot;）的事件；已忽略该参数</translation>
    </message>
    <message>
        <source>metadata events whose args.name or args.labels is not a string; ignored</source>
        <translation>args.name 或 args.labels 不是字符串的元数据事件；已忽略</translation>
    </message>
    <message>
        <source>events without &quot;ph&quot;; skipped</source>
        <translation>没有 &quot;ph&quot; 的事件；已跳过</translation>
    </message>
    <message>
        <source>events without &quot;ts&quot;; skipped</source>
        <translation>没有 &quot;ts&quot; 的事件；已跳过</translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; is not a representable number; skipped</source>
        <translation>&quot;ts&quot; 不是可表示数值的事件；已跳过</translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; is not a number; skipped</source>
        <translation>&quot;ts&quot; 不是数字的事件；已跳过</translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; lies more than 2^62 ns (146 years) from zero; skipped</source>
        <translation>&quot;ts&quot; 距零点超过 2^62 ns（146 年）的事件；已跳过</translation>
    </message>
    <message>
        <source>complete events (ph X) without &quot;dur&quot;; skipped</source>
        <translation>没有 &quot;dur&quot; 的完整事件（ph X）；已跳过</translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a representable number; skipped</source>
        <translation>&quot;dur&quot; 不是可表示数值的事件；已跳过</translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a number; skipped</source>
        <translation>&quot;dur&quot; 不是数字的事件；已跳过</translation>
    </message>
    <message>
        <source>events with a negative duration; skipped</source>
        <translation>时长为负的事件；已跳过</translation>
    </message>
    <message>
        <source>events ending more than 2^62 ns (146 years) from zero; skipped</source>
        <translation>结束时间距零点超过 2^62 ns（146 年）的事件；已跳过</translation>
    </message>
    <message>
        <source>end events (ph E) without a matching begin; skipped</source>
        <translation>没有匹配开始事件的结束事件（ph E）；已跳过</translation>
    </message>
    <message>
        <source>end events (ph E) before their begin; ended at the begin</source>
        <translation>早于其开始事件的结束事件（ph E）；按开始时刻结束</translation>
    </message>
    <message>
        <source>async end events without a matching begin; skipped</source>
        <translation>没有匹配开始事件的异步结束事件；已跳过</translation>
    </message>
    <message>
        <source>flow events without &quot;id&quot;; skipped</source>
        <translation>没有 &quot;id&quot; 的流事件；已跳过</translation>
    </message>
    <message>
        <source>events of phase &apos;%1&apos; are not represented; skipped</source>
        <translation>无法表示阶段为 &apos;%1&apos; 的事件；已跳过</translation>
    </message>
    <message>
        <source>object events (ph N, O, D) without &quot;id&quot;; skipped</source>
        <translation>没有 &quot;id&quot; 的对象事件（ph N, O, D）；已跳过</translation>
    </message>
    <message>
        <source>events whose &quot;shape&quot; is not a list of whole numbers; the shape is ignored</source>
        <translation>&quot;shape&quot; 不是整数列表的事件；已忽略该形状</translation>
    </message>
    <message>
        <source>begin events never ended; they run to the end of the trace</source>
        <translation>开始事件从未结束；它们一直持续到 trace 末尾</translation>
    </message>
    <message>
        <source>a second events array after the split one</source>
        <translation>已切分的事件数组之后还有第二个事件数组</translation>
    </message>
    <message>
        <source>an escaped top-level key after the split array</source>
        <translation>已切分的数组之后出现含转义的顶层键</translation>
    </message>
    <message>
        <source>a piece holds more than its array</source>
        <translation>某个分片含有超出其数组的内容</translation>
    </message>
    <message>
        <source>the event array is not closed (streaming writer); read to its end</source>
        <translation>事件数组未闭合（流式写入）；已读到其末尾</translation>
    </message>
    <message>
        <source>out of memory closing the event array</source>
        <translation>闭合事件数组时内存不足</translation>
    </message>
    <message>
        <source>the event array is not closed and ends with an incomplete event; read up to the last complete event</source>
        <translation>事件数组未闭合，且以不完整的事件结尾；已读到最后一个完整事件</translation>
    </message>
    <message>
        <source>dependencies naming ops the trace does not have; ignored</source>
        <translation>指向 trace 中不存在的算子的依赖；已忽略</translation>
    </message>
    <message>
        <source>the metadata ends early</source>
        <translation>元数据提前结束</translation>
    </message>
    <message>
        <source>the metadata is not JSON</source>
        <translation>元数据不是 JSON</translation>
    </message>
    <message>
        <source>the metadata is not a JSON object</source>
        <translation>元数据不是 JSON 对象</translation>
    </message>
    <message>
        <source>gradient_name_list is not a list</source>
        <translation>gradient_name_list 不是列表</translation>
    </message>
    <message>
        <source>gradient_name_list holds something other than names</source>
        <translation>gradient_name_list 中含有名称以外的内容</translation>
    </message>
    <message>
        <source>the GPU&apos;s folder holds no trace</source>
        <translation>该 GPU 的文件夹中没有 trace</translation>
    </message>
    <message>
        <source>the GPU&apos;s folder holds more than one trace</source>
        <translation>该 GPU 的文件夹中有多个 trace</translation>
    </message>
    <message>
        <source>args.step must be a whole number from 0 to 2147483647 (the iteration of a dPRO op); %1 event(s) give something else</source>
        <translation>args.step 必须是 0 到 2147483647 之间的整数（dPRO 算子所在的迭代）；%1 个事件给出了其他值</translation>
    </message>
    <message>
        <source>a dPRO job is one folder</source>
        <translation>一个 dPRO 作业就是一个文件夹</translation>
    </message>
    <message>
        <source>the folder holds no host*/&lt;gpu&gt;/ folders</source>
        <translation>文件夹中没有 host*/&lt;gpu&gt;/ 文件夹</translation>
    </message>
    <message>
        <source>dPRO trace folder (host*/&lt;gpu&gt;/ with FW/BW/Comm/UPDATE traces)</source>
        <translation>dPRO trace 文件夹（host*/&lt;gpu&gt;/，含 FW/BW/Comm/UPDATE trace）</translation>
    </message>
    <message>
        <source>the decoded text of the job exceeds the limit of %1 (--max-decoded-gb; by default half of --max-memory-gb)</source>
        <translation>作业解码后的文本超过了 %1 的上限（--max-decoded-gb；默认为 --max-memory-gb 的一半）</translation>
    </message>
    <message>
        <source>the decoded text exceeds 4 GiB, the most one file can hold</source>
        <translation>解码后的文本超过 4 GiB，即单个文件的上限</translation>
    </message>
    <message>
        <source>out of memory after decoding %1 of text</source>
        <translation>解码 %1 文本后内存不足</translation>
    </message>
    <message>
        <source>the file exceeds 4 GiB, the most one file can hold</source>
        <translation>文件超过 4 GiB，即单个文件的上限</translation>
    </message>
    <message>
        <source>out of memory for the file&apos;s text</source>
        <translation>内存不足，无法容纳文件的文本</translation>
    </message>
    <message>
        <source>zlib initialisation failed</source>
        <translation>zlib 初始化失败</translation>
    </message>
    <message>
        <source>corrupt gzip data</source>
        <translation>gzip 数据已损坏</translation>
    </message>
    <message>
        <source>gzip stream is truncated</source>
        <translation>gzip 流被截断</translation>
    </message>
    <message>
        <source>zstd stream is truncated</source>
        <translation>zstd 流被截断</translation>
    </message>
    <message>
        <source>the file decodes to no text</source>
        <translation>文件解码后没有文本</translation>
    </message>
    <message>
        <source>the file was truncated by another program while it was read</source>
        <translation>读取期间文件被另一个程序截断</translation>
    </message>
    <message>
        <source>no &quot;graph [&quot; in the file</source>
        <translation>文件中没有 &quot;graph [&quot;</translation>
    </message>
    <message>
        <source>a key was expected</source>
        <translation>此处应为键</translation>
    </message>
    <message>
        <source>an edge names node %1, which the graph does not have</source>
        <translation>某条边指向节点 %1，而图中没有该节点</translation>
    </message>
    <message>
        <source>not GML text here</source>
        <translation>此处不是 GML 文本</translation>
    </message>
    <message>
        <source>the file ends where a value was expected</source>
        <translation>文件在应为值的位置结束</translation>
    </message>
    <message>
        <source>a value was expected</source>
        <translation>此处应为值</translation>
    </message>
    <message>
        <source>lists nested more than %1 deep</source>
        <translation>列表嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a list is not closed</source>
        <translation>列表未闭合</translation>
    </message>
    <message>
        <source>the graph&apos;s list is not closed</source>
        <translation>图的列表未闭合</translation>
    </message>
    <message>
        <source>a node without a whole-number id</source>
        <translation>节点没有整数 id</translation>
    </message>
    <message>
        <source>two nodes with id %1</source>
        <translation>有两个节点的 id 均为 %1</translation>
    </message>
    <message>
        <source>an edge without a whole-number source and target</source>
        <translation>某条边缺少整数形式的 source 和 target</translation>
    </message>
    <message>
        <source>the timeline holds only the background loop&apos;s cycles: no tensor was negotiated</source>
        <translation>时间线中只有后台循环的周期：没有协商任何张量</translation>
    </message>
    <message>
        <source>readiness events naming a rank of 2^20 or more; kept as plain events</source>
        <translation>提到 2^20 或更大 rank 的就绪事件；作为普通事件保留</translation>
    </message>
    <message>
        <source>readiness events name %1 ranks, the highest %2: the world size is taken as %3, though %4 of its ranks never report ready</source>
        <translation>就绪事件提到了 %1 个 rank，最大为 %2：world size 取为 %3，尽管其中 %4 个 rank 从未报告就绪</translation>
    </message>
    <message>
        <source>tensors of a type whose size is not known; their bytes are 0</source>
        <translation>类型大小未知的张量；其字节数记为 0</translation>
    </message>
    <message>
        <source>this kind of file (%1) is not read as one rank of a job</source>
        <translation>此类文件（%1）不能作为作业的一个 rank 读取</translation>
    </message>
    <message>
        <source>this kind of file (%1) is read as one rank of a job, not as a whole job</source>
        <translation>此类文件（%1）作为作业的一个 rank 读取，而不是作为整个作业</translation>
    </message>
    <message>
        <source>unrecognised format; readable formats are %1</source>
        <translation>无法识别的格式；可读取的格式为 %1</translation>
    </message>
    <message>
        <source>plain Chrome trace</source>
        <translation>普通 Chrome trace</translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto) trace</source>
        <translation>PyTorch profiler（Kineto）trace</translation>
    </message>
    <message>
        <source>the file declares a world size of %1, %2 one of %3; the world size is taken as %4</source>
        <translation>此文件声明的 world size 为 %1，%2 声明的为 %3；world size 取为 %4</translation>
    </message>
    <message>
        <source>rank %1 is not below the world size %2 the file declares; the world size is taken as %3</source>
        <translation>rank %1 不小于文件声明的 world size %2；world size 取为 %3</translation>
    </message>
    <message>
        <source>a job needs one rank per part</source>
        <translation>作业的每个部分都需要对应一个 rank</translation>
    </message>
    <message>
        <source>distributedInfo.world_size %1 is not below %2; ignored</source>
        <translation>distributedInfo.world_size %1 不小于 %2；已忽略</translation>
    </message>
    <message>
        <source>more than 4 billion events in one job</source>
        <translation>一个作业中的事件超过 40 亿个</translation>
    </message>
    <message>
        <source>the trace model of %1 ops from %2 files</source>
        <translation>来自 %2 个文件、含 %1 个算子的 trace 模型</translation>
    </message>
    <message>
        <source>a string holds a NUL byte</source>
        <translation>字符串中含有 NUL 字节</translation>
    </message>
    <message>
        <source>a string holds the raw control character %1</source>
        <translation>字符串中含有未转义的控制字符 %1</translation>
    </message>
    <message>
        <source>the text is not valid UTF-8 (byte %1)</source>
        <translation>文本不是有效的 UTF-8（字节 %1）</translation>
    </message>
    <message>
        <source>a string holds an invalid escape (a backslash before byte %1)</source>
        <translation>字符串中含有无效的转义（反斜杠后跟字节 %1）</translation>
    </message>
    <message>
        <source>values are nested deeper than %1 levels</source>
        <translation>值的嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a %1 closes nothing</source>
        <translation>%1 没有对应的左括号</translation>
    </message>
    <message>
        <source>a %1 closes the &apos;%2&apos; opened at byte %3</source>
        <translation>%1 闭合的是第 %3 字节处打开的 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>a NUL byte outside any string</source>
        <translation>字符串之外出现 NUL 字节</translation>
    </message>
    <message>
        <source>a layer-wise profile describes a whole job and cannot be combined with other files</source>
        <translation>逐层性能剖析描述的是整个作业，不能与其他文件组合</translation>
    </message>
    <message>
        <source>the profile has no layers</source>
        <translation>该性能剖析中没有层</translation>
    </message>
    <message>
        <source>worker count %1 (the profile&apos;s) is not in [1, %2]</source>
        <translation>worker 数 %1（来自性能剖析）不在 [1, %2] 范围内</translation>
    </message>
    <message>
        <source>worker count %1 is not in [1, %2]</source>
        <translation>worker 数 %1 不在 [1, %2] 范围内</translation>
    </message>
    <message>
        <source>iteration count %1 is not in [1, %2]</source>
        <translation>迭代次数 %1 不在 [1, %2] 范围内</translation>
    </message>
    <message>
        <source>bandwidth must be a finite number of GB/s, 0 or more</source>
        <translation>带宽必须是不小于 0 的有限 GB/s 数值</translation>
    </message>
    <message>
        <source>latency must not be negative</source>
        <translation>延迟不能为负</translation>
    </message>
    <message>
        <source>I/O, H2D and update times must not be negative</source>
        <translation>I/O、H2D 和更新时间不能为负</translation>
    </message>
    <message>
        <source>layer %1 has a negative time</source>
        <translation>层 %1 的时间为负</translation>
    </message>
    <message>
        <source>layer %1 keeps 2^50 bytes (1 PiB) or more</source>
        <translation>层 %1 保留的数据达到 2^50 字节（1 PiB）或以上</translation>
    </message>
    <message>
        <source>the job would last 2^62 ns (146 years) or longer</source>
        <translation>作业将持续 2^62 ns（146 年）或更久</translation>
    </message>
    <message>
        <source>the layer-wise job of %1 workers, %2 layers and %3 iterations</source>
        <translation>含 %1 个 worker、%2 层、%3 次迭代的逐层作业</translation>
    </message>
    <message>
        <source>the layer-wise job would have %1 ops, more than the %2 its dependency graph can number</source>
        <translation>逐层作业将有 %1 个算子，超过其依赖图可编号的 %2 个</translation>
    </message>
    <message>
        <source>the profile has no communication times: all-reduce ops last 0 ns (give a bandwidth to model them)</source>
        <translation>该性能剖析没有通信时间：all-reduce 算子耗时为 0 ns（请给出带宽以对其建模）</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>%1 is not a number: %2</source>
        <translation>%1 不是数字：%2</translation>
    </message>
    <message>
        <source>%1 is out of range: %2 (times must stay below 2^62 ns)</source>
        <translation>%1 超出范围：%2（时间必须小于 2^62 ns）</translation>
    </message>
    <message>
        <source>%1 is out of range: %2</source>
        <translation>%1 超出范围：%2</translation>
    </message>
    <message>
        <source>%1 is negative: %2</source>
        <translation>%1 为负数：%2</translation>
    </message>
    <message>
        <source>layer name %1 is longer than %2 bytes (%3)</source>
        <translation>层名称 %1 超过 %2 字节（%3 字节）</translation>
    </message>
    <message>
        <source>%1 layer names hold bytes that are not UTF-8 text or control characters; they are shown as U+FFFD</source>
        <translation>%1 个层名称含有不属于 UTF-8 文本的字节或控制字符；这些字节显示为 U+FFFD</translation>
    </message>
    <message>
        <source>%1 layers repeat the name of an earlier layer (first: %2); their ops share names</source>
        <translation>%1 个层与之前的层重名（第一个：%2）；它们的算子名称相同</translation>
    </message>
    <message>
        <source>device name longer than %1 bytes</source>
        <translation>设备名称超过 %1 字节</translation>
    </message>
    <message>
        <source>unknown time unit %1</source>
        <translation>未知的时间单位 %1</translation>
    </message>
    <message>
        <source>job time %1</source>
        <translation>作业时间 %1</translation>
    </message>
    <message>
        <source>worker count is not an integer: %1</source>
        <translation>worker 数不是整数：%1</translation>
    </message>
    <message>
        <source>worker count %1 is out of range (1 to 2^31 - 1)</source>
        <translation>worker 数 %1 超出范围（1 到 2^31 - 1）</translation>
    </message>
    <message>
        <source>optimizer states is not an integer: %1</source>
        <translation>优化器状态数不是整数：%1</translation>
    </message>
    <message>
        <source>optimizer states %1 is out of range (0 to %2)</source>
        <translation>优化器状态数 %1 超出范围（0 到 %2）</translation>
    </message>
    <message>
        <source>line 1: the file is empty</source>
        <translation>第 1 行：文件为空</translation>
    </message>
    <message>
        <source>not a layer-wise profile (a CSV with a header row, a B-Caffe comm log or a PipeDream graph.txt)</source>
        <translation>不是逐层性能剖析（带表头行的 CSV、B-Caffe 通信日志或 PipeDream graph.txt）</translation>
    </message>
    <message>
        <source>column %1 has an unknown time unit %2</source>
        <translation>列 %1 的时间单位 %2 未知</translation>
    </message>
    <message>
        <source>column %1 must be in bytes, not %2</source>
        <translation>列 %1 必须以字节为单位，而不是 %2</translation>
    </message>
    <message>
        <source>unterminated quoted header field</source>
        <translation>带引号的表头字段未闭合</translation>
    </message>
    <message>
        <source>the header has no &apos;%1&apos; column (expected: layer, forward, backward[, communication][, gradient bytes])</source>
        <translation>表头中没有 &apos;%1&apos; 列（应为：layer, forward, backward[, communication][, gradient bytes]）</translation>
    </message>
    <message>
        <source>unterminated quoted field</source>
        <translation>带引号的字段未闭合</translation>
    </message>
    <message>
        <source>no value for column %1 (%2 fields, the header has %3)</source>
        <translation>列 %1 没有值（此行有 %2 个字段，表头有 %3 个）</translation>
    </message>
    <message>
        <source>empty layer name</source>
        <translation>层名称为空</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>列 %1</translation>
    </message>
    <message>
        <source>no header row (expected: layer, forward, backward[, communication][, gradient bytes])</source>
        <translation>没有表头行（应为：layer, forward, backward[, communication][, gradient bytes]）</translation>
    </message>
    <message>
        <source>no layer rows after the header</source>
        <translation>表头之后没有层数据行</translation>
    </message>
    <message>
        <source>%1 is not an integer: %2</source>
        <translation>%1 不是整数：%2</translation>
    </message>
    <message>
        <source>expected [param_id, size, compute_time, communication_time(, merged_time)], found an unterminated quote</source>
        <translation>应为 [param_id, size, compute_time, communication_time(, merged_time)]，却遇到未闭合的引号</translation>
    </message>
    <message>
        <source>expected [param_id, size, compute_time, communication_time(, merged_time)], found %1 fields</source>
        <translation>应为 [param_id, size, compute_time, communication_time(, merged_time)]，实际有 %1 个字段</translation>
    </message>
    <message>
        <source>size %1 fp32 elements is more bytes than an int64 holds</source>
        <translation>大小为 %1 个 fp32 元素，其字节数超出 int64 的表示范围</translation>
    </message>
    <message>
        <source>param_id %1 does not follow the start of a dump (0)</source>
        <translation>param_id %1 没有紧接在转储开头（0）之后</translation>
    </message>
    <message>
        <source>param_id %1 does not follow %2</source>
        <translation>param_id %1 没有紧接在 %2 之后</translation>
    </message>
    <message>
        <source>the gradient bytes of layer %1 exceed an int64</source>
        <translation>层 %1 的梯度字节数超出 int64 的表示范围</translation>
    </message>
    <message>
        <source>the communication time of layer %1 exceeds 2^62 ns</source>
        <translation>层 %1 的通信时间超过 2^62 ns</translation>
    </message>
    <message>
        <source>no [param_id, size, compute_time, communication_time] records</source>
        <translation>没有 [param_id, size, compute_time, communication_time] 记录</translation>
    </message>
    <message>
        <source>B-Caffe comm logs give no forward times: forward ops last 0 ns</source>
        <translation>B-Caffe 通信日志不提供前向时间：前向算子耗时为 0 ns</translation>
    </message>
    <message>
        <source>neither a node line (&apos;nodeK -- layer -- key=value, ...&apos;) nor an edge line (&apos;nodeA -- nodeB&apos;): %1</source>
        <translation>既不是节点行（&apos;nodeK -- layer -- key=value, ...&apos;）也不是边行（&apos;nodeA -- nodeB&apos;）：%1</translation>
    </message>
    <message>
        <source>node line without a layer description: %1</source>
        <translation>节点行缺少层描述：%1</translation>
    </message>
    <message>
        <source>attribute is not key=value: %1</source>
        <translation>属性不是 key=value 形式：%1</translation>
    </message>
    <message>
        <source>unterminated quoted attribute</source>
        <translation>带引号的属性未闭合</translation>
    </message>
    <message>
        <source>node %1 has no %2</source>
        <translation>节点 %1 没有 %2</translation>
    </message>
    <message>
        <source>node %1 is declared twice (first on line %2)</source>
        <translation>节点 %1 被声明了两次（首次在第 %2 行）</translation>
    </message>
    <message>
        <source>no node lines (&apos;nodeK -- layer -- forward_compute_time=..., ...&apos;)</source>
        <translation>没有节点行（&apos;nodeK -- layer -- forward_compute_time=..., ...&apos;）</translation>
    </message>
    <message>
        <source>edge to an undeclared node %1</source>
        <translation>边指向未声明的节点 %1</translation>
    </message>
    <message>
        <source>the layer graph has a cycle through node %1</source>
        <translation>层图中存在经过节点 %1 的环</translation>
    </message>
    <message>
        <source>distributedInfo.rank %1 is not below %2</source>
        <translation>distributedInfo.rank %1 不小于 %2</translation>
    </message>
    <message>
        <source>rank %1 (from distributed_info) is also the rank of %2</source>
        <translation>rank %1（来自 distributed_info）也是 %2 的 rank</translation>
    </message>
    <message>
        <source>its name says rank %1, which %2 already has; read as rank %3 (%4). Two files of one rank are often two exports or two runs of one process: load the files of one run only</source>
        <translation>其文件名表明是 rank %1，但 %2 已占用该 rank；改按 rank %3 读取（%4）。同一 rank 出现两个文件，通常是同一进程的两次导出或两次运行：请只加载同一次运行的文件</translation>
    </message>
    <message>
        <source>baseTimeNanoseconds would move times more than 2^62 ns (146 years) from zero; times are kept relative to it</source>
        <translation>baseTimeNanoseconds 会使时间偏离零点超过 2^62 ns（146 年）；时间保持为相对于它的值</translation>
    </message>
    <message>
        <source>flow events on a track without slices; ignored</source>
        <translation>位于没有切片的轨道上的流事件；已忽略</translation>
    </message>
    <message>
        <source>input shapes with a negative, fractional or too large dimension (a tensor of 2^62 bytes or more); ignored</source>
        <translation>含有负数、小数或过大维度（张量达到 2^62 字节或以上）的输入形状；已忽略</translation>
    </message>
    <message>
        <source>stream waits whose recorded op starts after the wait (a record the trace does not hold, or a later one); ignored</source>
        <translation>所记录算子在等待之后才开始的流等待（trace 中没有对应的记录，或是更晚的记录）；已忽略</translation>
    </message>
    <message>
        <source>flow events with no slice to bind to; ignored</source>
        <translation>没有可绑定切片的流事件；已忽略</translation>
    </message>
    <message>
        <source>flows with only one end in the trace; ignored</source>
        <translation>只有一端在 trace 中的流；已忽略</translation>
    </message>
    <message>
        <source>launch flows (ac2g) that do not lead from a host call to a device op; ignored</source>
        <translation>并非从主机调用指向设备算子的启动流（ac2g）；已忽略</translation>
    </message>
    <message>
        <source>flows that lead to an op starting before their source; ignored</source>
        <translation>指向的算子早于其源开始的流；已忽略</translation>
    </message>
    <message>
        <source>flows that lead from an op to itself; ignored</source>
        <translation>从算子指向其自身的流；已忽略</translation>
    </message>
    <message>
        <source>message or tensor sizes beyond 2^63 bytes; taken as unknown</source>
        <translation>超过 2^63 字节的消息或张量大小；视为未知</translation>
    </message>
    <message>
        <source>%1 step marker span(s) repeat the number of another (the first: ProfilerStep#%2); each number keeps its longest span as the step, and the ops of the others count to no step or a neighbouring one</source>
        <translation>%1 个步骤标记区间与其他区间编号重复（第一个：ProfilerStep#%2）；每个编号保留其最长的区间作为步骤，其余区间的算子不计入任何步骤或计入相邻步骤</translation>
    </message>
    <message>
        <source>%1 tensor objects without a usable snapshot of their allocation (allocated_bytes below a petabyte); not counted</source>
        <translation>%1 个张量对象没有可用的分配快照（allocated_bytes 须小于 1 PB）；不计入</translation>
    </message>
    <message>
        <source>the files of one job must come from one kind of profiler: this file is read as “%1”, %2 as “%3”</source>
        <translation>同一作业的文件必须来自同一种 profiler：此文件被读作“%1”，而 %2 被读作“%3”</translation>
    </message>
    <message>
        <source>this file (%1) describes a whole job and cannot be combined with other files</source>
        <translation>此文件（%1）描述的是整个作业，不能与其他文件组合</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>no input files</source>
        <translation>没有输入文件</translation>
    </message>
    <message>
        <source>out of memory while loading the file</source>
        <translation>加载文件时内存不足</translation>
    </message>
    <message>
        <source>the dependency graph and replay of %1 ops</source>
        <translation>%1 个算子的依赖图与回放</translation>
    </message>
    <message>
        <source>%1 data-parallel</source>
        <translation>%1 个数据并行</translation>
    </message>
    <message>
        <source>%1 tensor-parallel</source>
        <translation>%1 个张量并行</translation>
    </message>
    <message>
        <source>%1 pipeline</source>
        <translation>%1 个流水线并行</translation>
    </message>
    <message>
        <source>%1 expert</source>
        <translation>%1 个专家并行</translation>
    </message>
    <message>
        <source>%1 unknown</source>
        <translation>%1 个角色未知</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>no collectives</source>
        <translation>没有集合通信</translation>
    </message>
    <message>
        <source>explicit buckets: ranges of tensors in ready order, such as 0-3,4,5-9 (or give bucket_cap_mb or threshold_bytes)</source>
        <translation>显式分桶：按就绪顺序排列的张量范围，例如 0-3,4,5-9（或给出 bucket_cap_mb 或 threshold_bytes）</translation>
    </message>
    <message>
        <source>&apos;groups&apos; covers %1 tensors, but a step of the job has %2</source>
        <translation>&apos;groups&apos; 覆盖 %1 个张量，但作业的一个步骤有 %2 个</translation>
    </message>
    <message>
        <source>&apos;groups&apos; must be ranges of tensors from 0 in ready order without a gap, such as 0-3,4,5-9, not “%1”</source>
        <translation>&apos;groups&apos; 必须是从 0 开始、按就绪顺序、没有空缺的张量范围，例如 0-3,4,5-9，而不是“%1”</translation>
    </message>
    <message>
        <source>give one of &apos;bucket_cap_mb&apos;, &apos;threshold_bytes&apos; and &apos;groups&apos;</source>
        <translation>请给出 &apos;bucket_cap_mb&apos;、&apos;threshold_bytes&apos; 和 &apos;groups&apos; 中的一项</translation>
    </message>
    <message>
        <source>the job&apos;s steps have no gradient tensors</source>
        <translation>作业的步骤中没有梯度张量</translation>
    </message>
    <message>
        <source>computation</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>kernel launches</source>
        <translation>内核启动</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>I/O</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>host work</source>
        <translation>主机工作</translation>
    </message>
    <message>
        <source>the iteration is %1 ms shorter, though no share of the critical path is</source>
        <translation>迭代缩短了 %1 毫秒，但关键路径的各部分都没有缩短</translation>
    </message>
    <message>
        <source>the search stopped at its limit of %1 rounds</source>
        <translation>搜索在达到 %1 轮的上限时停止</translation>
    </message>
    <message>
        <source>tensor fusion was not searched: %1</source>
        <translation>未搜索张量融合：%1</translation>
    </message>
    <message>
        <source>the search stopped at its limit of %1 candidates</source>
        <translation>搜索在达到 %1 个候选的上限时停止</translation>
    </message>
    <message>
        <source>%1 of the %2 candidates failed; the first: %3</source>
        <translation>%2 个候选中有 %1 个失败；第一个：%3</translation>
    </message>
    <message>
        <source>the search&apos;s processes returned outcomes of other candidates</source>
        <translation>搜索的进程返回了其他候选的结果</translation>
    </message>
    <message>
        <source>the search&apos;s processes left candidates without an outcome</source>
        <translation>搜索的进程留下了没有结果的候选</translation>
    </message>
    <message>
        <source>the job does not fit its devices, and neither recomputation, gradient accumulation nor mixed precision applies to it</source>
        <translation>作业超出其设备的内存，而重计算、梯度累积和混合精度都不适用于它</translation>
    </message>
    <message>
        <source>the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the search tried makes it fit: the lowest peak, %1, is kept</source>
        <translation>作业超出其设备的内存，搜索尝试的重计算、梯度累积或混合精度都无法使其容纳：保留峰值最低的方案（%1）</translation>
    </message>
    <message>
        <source>no point of the frontier fits the device budget</source>
        <translation>前沿上没有任何点能满足设备内存预算</translation>
    </message>
    <message>
        <source>the job has no gradients a parameter server would receive: %1</source>
        <translation>作业没有参数服务器会接收的梯度：%1</translation>
    </message>
    <message>
        <source>%1 of the device counts are beyond what the job may grow to within its memory limit: the model alone gives them</source>
        <translation>有 %1 个设备数量超出了作业在其内存上限内可增长到的规模：这些只由模型给出</translation>
    </message>
    <message>
        <source>yes: also fuse kernels another stream or the host waits for (a gradient&apos;s producer), which then waits for the fused kernel&apos;s end; no: such a kernel ends a run</source>
        <translation>yes：也融合其他流或主机所等待的内核（梯度的生成者），等待者随后等待融合内核结束；no：这样的内核结束一段连续内核</translation>
    </message>
    <message>
        <source>per_rank: each rank keeps its measured batch (weak scaling); global: the measured global batch is shared among the workers (strong scaling)</source>
        <translation>per_rank：每个 rank 保留其测得的批量（弱扩展）；global：测得的全局批量由各 worker 分担（强扩展）</translation>
    </message>
    <message>
        <source>the measured global batch of %1 data-parallel ranks is shared among %2: each rank computes on %3 times its measured samples, its device work taking a fixed 6 % of its time above 5 us and the rest in proportion, and its activations in proportion</source>
        <translation>%1 个数据并行 rank 的测得全局批量由 %2 个分担：每个 rank 计算其测得样本的 %3 倍，其设备工作中 5 us 以上时间的 6 % 固定、其余按比例，激活也按比例</translation>
    </message>
    <message>
        <source>a global batch of %1 samples (%2 per rank, %3) does not split evenly among %4 workers</source>
        <translation>%1 个样本的全局批量（每 rank %2，%3）无法在 %4 个 worker 间均分</translation>
    </message>
    <message>
        <source>batch &apos;global&apos; is not modelled for BytePS jobs: their pushes and pulls are re-cut from the measured stages, which keep the measured batch</source>
        <translation>BytePS 作业不建模批量 &apos;global&apos;：其推送和拉取由测得的阶段重新切分，这些阶段保留测得的批量</translation>
    </message>
    <message>
        <source>the asynchronous parameter server is a model of the job (its compute, its gradient bytes and the network&apos;s bandwidth) whose workers drift apart, set beside worker_count&apos;s asynchronous replays, whose workers stay in lock-step; both take the server&apos;s update to cost nothing</source>
        <translation>异步参数服务器是作业的模型(其计算、梯度字节数和网络带宽),其中 worker 逐渐错开,并与 worker_count 的异步回放并列,后者的 worker 保持同步步调;两者都假定服务器的更新不耗时</translation>
    </message>
    <message>
        <source>the trace names no hosts: the workers are placed %1 to a host (worker_count&apos;s ranks_per_host sets them)</source>
        <translation>trace 未给出主机名:每台主机放置 %1 个 worker(由 worker_count 的 ranks_per_host 设定)</translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; needs the job&apos;s data-parallel collectives, whose gradients the servers would take, and the job has none</source>
        <translation>模式 &apos;async_ps&apos; 需要作业的数据并行集合通信(服务器接收其梯度),而该作业没有</translation>
    </message>
    <message>
        <source>asynchronous parameter server: each of %1 workers pushes every gradient bucket to a server (%2 in all, each on a host of its own) and pulls it back, waiting for no other worker; the iteration is the workers&apos; mean step, in which the job makes %1 steps</source>
        <translation>异步参数服务器:%1 个 worker 各自将每个梯度桶推送到一台服务器(共 %2 台,各在独立主机上)并拉回,不等待其他 worker;迭代时间为 worker 的平均步长,作业在其中完成 %1 步</translation>
    </message>
    <message>
        <source>the replayed workers start in lock-step, as measured, and sharing the servers&apos; interfaces equally keeps them so, where real workers drift apart: the replay is the most contended case (scale --mode async-ps models the drift), and the servers&apos; update is taken to cost nothing</source>
        <translation>回放的 worker 按测量时的同步步调开始,平分服务器接口使其保持同步,而真实的 worker 会逐渐错开:回放是竞争最激烈的情形(scale --mode async-ps 对错开建模),且服务器的更新视为不耗时</translation>
    </message>
    <message>
        <source>the servers the workers share: of a BytePS job (left out: one per worker), or of mode async_ps (left out: one)</source>
        <translation>worker 共享的服务器:BytePS 作业的(省略时:每个 worker 一台),或模式 async_ps 的(省略时:一台)</translation>
    </message>
    <message>
        <source>sync: the workers all-reduce their gradients and wait for one another; async_ps: each pushes its gradients to parameter servers and pulls the parameters back, waiting for no other worker</source>
        <translation>sync:worker 对梯度做 all-reduce 并相互等待;async_ps:每个 worker 将梯度推送到参数服务器并拉回参数,不等待其他 worker</translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; is not modelled for BytePS jobs: their servers are measured, and synchronous</source>
        <translation>BytePS 作业不支持模式 &apos;async_ps&apos;:其服务器是测量所得且为同步的</translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; needs every rank of the job: the trace holds %1 of %2, whose transfers have peers outside it</source>
        <translation>模式 &apos;async_ps&apos; 需要作业的所有 rank:trace 只含 %2 个中的 %1 个,其传输的对端不在其中</translation>
    </message>
    <message>
        <source>ranks_per_host cannot place the workers once worker_count&apos;s async_ps mode has put the parameter servers on hosts of their own: give it before that step</source>
        <translation>worker_count 的 async_ps 模式已将参数服务器放在各自的主机上后,ranks_per_host 无法再放置 worker:请在该步骤之前给出</translation>
    </message>
    <message>
        <source>the workers already push to parameter servers (an earlier worker_count step in mode async_ps): one worker_count step sets them</source>
        <translation>worker 已在向参数服务器推送(之前有一个 async_ps 模式的 worker_count 步骤):只能用一个 worker_count 步骤设定它们</translation>
    </message>
    <message>
        <source>a BytePS trace gives each partition&apos;s pushes and pulls but not the partitions&apos; sizes, which the asynchronous model starts from; whatif with worker_count and its servers replays more BytePS workers as the synchronous job they are</source>
        <translation>BytePS 跟踪给出每个分区的推送和拉取，但没有给出分区大小，而异步模型需要以此为起点；whatif 配合 worker_count 及其服务器可将更多 BytePS worker 按其本来的同步作业重放</translation>
    </message>
    <message>
        <source>the trace measured no transfer between hosts, and every push and pull crosses the network to a server&apos;s host: they take the cost model&apos;s default network of %1 GB/s (the network pass, in the base strategy, sets it)</source>
        <translation>跟踪中没有测得主机之间的传输，而每次推送和拉取都要经网络到达服务器所在主机：它们采用成本模型的默认网络 %1 GB/s（可在基础策略中用 network pass 设定）</translation>
    </message>
    <message>
        <source>%1 on the critical path %2 ms shorter per step (%3 → %4 ms)</source>
        <translation>关键路径上的%1每步缩短 %2 ms（%3 → %4 ms）</translation>
    </message>
    <message>
        <source>the job&apos;s steps hold different numbers of gradient tensors: tensor fusion was searched by its caps only, not by groups of tensors</source>
        <translation>作业各步的梯度张量数量不同：张量融合只按其上限搜索，没有按张量分组搜索</translation>
    </message>
    <message>
        <source>the trace records no memory use the estimator can read (no tensor shapes or allocations): every point&apos;s peak is unknown, so whether a point fits its budget cannot be told</source>
        <translation>跟踪中没有估算器可读取的内存使用（没有张量形状或分配）：每个点的峰值未知，因此无法判断某个点是否在预算之内</translation>
    </message>
    <message>
        <source>the model and the replays part by up to %1 % (at %2 workers: %3 ms by the model, %4 ms replayed): the replays run the whole job (its host work, every collective, the order of its work), the model only what its parameters name</source>
        <translation>模型与重放相差最多 %1 %（在 %2 个 worker 时：模型 %3 ms，重放 %4 ms）：重放运行整个作业（其主机工作、每个集合通信、工作的顺序），模型只包含其参数所列的内容</translation>
    </message>
    <message>
        <source>step %1 (grad_accumulation) made micro-batches whose copies keep the measured micro-batch&apos;s times, by which this pass finds its work: give this step before that one, which then repeats its changes in every micro-batch</source>
        <translation>第 %1 步（grad_accumulation）生成的微批次副本保留了所测微批次的时间，而本 pass 正是按这些时间查找其工作：请把本步放在那一步之前，那一步随后会在每个微批次中重复本步的更改</translation>
    </message>
    <message>
        <source>the checks of their own figures warned on %1 of the frontier&apos;s %2 points: their times or peaks may be wrong (each, replayed alone, says why)</source>
        <translation>前沿的 %2 个点中有 %1 个的自检对其自身数值发出了警告：它们的时间或峰值可能有误（每个点单独重放时会说明原因）</translation>
    </message>
    <message>
        <source>the checks of their own figures warned on %1 of the %2 worker counts replayed: those replays may be wrong (each, replayed alone, says why)</source>
        <translation>重放的 %2 个 worker 数中有 %1 个的自检对其自身数值发出了警告：这些重放可能有误（每个单独重放时会说明原因）</translation>
    </message>
    <message>
        <source>the fastest point within the budget: %1</source>
        <translation>预算内最快的点：%1</translation>
    </message>
    <message>
        <source>layer-wise profile (CSV with a header row, B-Caffe log, PipeDream graph.txt)</source>
        <translation>逐层性能剖析（带表头行的 CSV、B-Caffe 日志、PipeDream graph.txt）</translation>
    </message>
    <message>
        <source>synchronous scaling times the gradients&apos; all-reduces, and cannot here: %1</source>
        <translation>同步扩展基于梯度的 all-reduce 计时，此处无法进行：%1</translation>
    </message>
    <message>
        <source>the baseline the search compares with: %1</source>
        <translation>搜索所对比的基线：%1</translation>
    </message>
    <message>
        <source>the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the search tried lowers its peak of %1: the job is searched as it is</source>
        <translation>作业超出其设备的内存，搜索尝试的重计算、梯度累积或混合精度都无法降低其峰值（%1）：按作业原样搜索</translation>
    </message>
    <message>
        <source>the base strategy&apos;s step %1 (worker_count) sets the device count, which the search chooses itself: leave it out of the base and give the device counts to try</source>
        <translation>基础策略的第 %1 步（worker_count）设定了设备数，而设备数由搜索自行选择：请从基础策略中去掉它，并给出要尝试的设备数</translation>
    </message>
    <message>
        <source>no strategy of the frontier could be replayed at the device counts asked for (the warnings on the candidates that failed or were left out say why)</source>
        <translation>前沿中没有任何策略能在所要求的设备数下重放（关于失败或被略去候选的警告说明了原因）</translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute, which it makes at the job&apos;s measured device count, not at the base&apos;s worker_count</source>
        <translation>内存优先未采用前沿对重计算层的选择：前沿按作业实测的设备数做出选择，而非基础策略的 worker_count</translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute: it may take %1 what-ifs, more than the %2 the limit of candidates leaves</source>
        <translation>内存优先未采用前沿对重计算层的选择：它可能需要 %1 个假设分析，超过候选上限剩余的 %2 个</translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute: %1</source>
        <translation>内存优先未采用前沿对重计算层的选择：%1</translation>
    </message>
    <message>
        <source>the job&apos;s %1 ranks are %2 data-parallel replicas of %3 ranks each (the other parallelism within a replica): a count of workers or devices here counts replicas, each %3 devices</source>
        <translation>作业的 %1 个 rank 是 %2 个数据并行副本，每个副本 %3 个 rank（其他并行方式在副本之内）：此处的 worker 数或设备数计的是副本，每个副本 %3 个设备</translation>
    </message>
    <message>
        <source>memory first&apos;s frontier of layers to recompute may have missed its choice: %1</source>
        <translation>内存优先的重计算层前沿可能错过了它的选择：%1</translation>
    </message>
    <message>
        <source>%1 was left out of the best strategy: it shortened the iteration by %2 ms (%3 %), less than the %4 % a step must gain</source>
        <translation>%1 未列入最佳策略：它只将迭代缩短了 %2 ms（%3 %），少于每一步必须带来的 %4 %</translation>
    </message>
    <message>
        <source>%1 was left out of the best strategy: without it the iteration is %2 ms shorter</source>
        <translation>%1 未列入最佳策略：去掉它，迭代缩短 %2 ms</translation>
    </message>
    <message>
        <source>the data loader holds each step %1 ms in the training process (loading, or waiting for its workers); DataLoader workers that keep up take it off the step (num_workers, set in the training script: the strategy&apos;s configs do not reach it, so the best leaves it out)</source>
        <translation>数据加载器在训练进程中让每一步停留 %1 ms（加载，或等待其工作进程）；跟得上的 DataLoader 工作进程可将其移出该步（num_workers，在训练脚本中设置：策略的配置无法触及，因此最佳策略不包含它）</translation>
    </message>
    <message>
        <source>%1 transfers outside the forward pass are of no parallelism the trace tells, so they are not taken for gradients and keep their bytes</source>
        <translation>%1 个前向传播之外的传输不属于追踪能说明的任何并行方式，因此不视为梯度，保留其字节数</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>one host, as the trace names no hosts and %1 ranks to a host are taken</source>
        <translation>一台主机（跟踪未给出主机名，按每台主机 %1 个 rank 计）</translation>
    </message>
    <message>
        <source>ranks %1 shared the cores of %2: each one&apos;s measured times hold the others&apos; load, and the ranks left keep those times, as if they still shared the cores (shared hosts: %3)</source>
        <translation>rank %1 共享%2的 CPU 核心：每个 rank 测得的时间包含了其他 rank 的负载，剩下的 rank 沿用这些时间，如同它们仍共享这些核心（共享的主机：%3）</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: the cost model&apos;s defaults for them would be faster than the %5 links it measured, so they are timed no faster than those (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 个传输经过 %2 链路，而 trace 未在其上测到任何传输：成本模型对它们的默认值会快于 trace 测得的 %5 链路，因此按不快于后者计时（每步 %3 us，%4 GB/s；由 network 步骤设置）</translation>
    </message>
    <message>
        <source>rebuilt with its own measured buckets (%1), the job replays %2 against its baseline (%3 against %4 ms): re-bucketing alone moves it that much, and the figures of this step carry it</source>
        <translation>以其自身测得的桶（%1）重建后，该作业的重放相对其基线为 %2（%3 对 %4 ms）：仅重新分桶就带来这一变化，本步骤的数字也包含它</translation>
    </message>
    <message>
        <source>the model all-reduces %1 gradient buckets a step where the job&apos;s step has %2: the trace gives the others no gradient of their own, so their bytes go with their neighbours&apos;, in fewer and larger all-reduces than the job&apos;s</source>
        <translation>模型每步对 %1 个梯度桶做 all-reduce，而作业每步有 %2 个：跟踪未给其余桶各自的梯度，因此它们的字节随相邻桶一起，以比作业更少、更大的 all-reduce 传输</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over on their own: its %5 transfers crossed them, so they are timed at the bandwidth those were fitted to, which the links reach at least, and at the default latency (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 个传输经过 %2 链路，trace 未单独测得经过这些链路的传输：其 %5 传输经过了它们，因此按那些传输拟合出的带宽（这些链路至少能达到）和默认延迟计时（每步 %3 us，%4 GB/s；网络 pass 可设置）</translation>
    </message>
    <message>
        <source>the trace records no time for its %1 forward ops: the iterations leave the forward out, and what recomputes, repeats or re-costs it is counted as free</source>
        <translation>trace 未记录其 %1 个前向 op 的时间：迭代中不含前向部分，重新计算、重复或重新估算前向的操作都被视为零开销</translation>
    </message>
    <message>
        <source>the trace records no allocator events, so the profiler likely ran without profile_memory, while its cost per host event was calibrated with it: the job without the profiler may be slower than estimated</source>
        <translation>trace 未记录分配器事件，因此 profiler 很可能未开启 profile_memory，而其每个主机事件的开销是在开启时标定的：不带 profiler 的作业可能比估计的更慢</translation>
    </message>
    <message>
        <source>the profile does not say how many workers it ran on: a job of %1 data-parallel workers is assumed (the worker_count pass sets another)</source>
        <translation>该性能剖析未说明运行时使用了多少个 worker：假定为由 %1 个数据并行 worker 组成的作业（worker_count 遍可设置其他数目）</translation>
    </message>
    <message>
        <source>the Input layer&apos;s forward time (%1 ms) is PipeDream&apos;s loading of a batch: it is taken as the job&apos;s I/O per iteration, which overlaps the iteration before</source>
        <translation>Input 层的前向时间（%1 ms）是 PipeDream 加载一个批次的时间：它被视为作业每次迭代的 I/O，可与上一次迭代重叠</translation>
    </message>
    <message>
        <source>%1 GPUs are not whole BytePS workers of %2 GPUs (the measured worker&apos;s): the what-if runs %3 workers, %4 GPUs</source>
        <translation>%1 个 GPU 不构成完整的 BytePS worker（每个 worker 有 %2 个 GPU，与实测的 worker 相同）：该假设分析按 %3 个 worker、%4 个 GPU 计算</translation>
    </message>
    <message>
        <source>the re-cut pieces&apos; stages are timed as queues on each GPU, and each piece&apos;s stage spans its wait for its turn, which the measured job spent between stages or waiting for another GPU: the exposed communication counts those waits and is not comparable with the measured job&apos;s; compare the iteration time</source>
        <translation>重新切分的分片各阶段按每个 GPU 上的队列计时，每个分片的阶段包含其排队等待的时间，而测得的作业把这段时间花在阶段之间或等待另一块 GPU 上：暴露的通信因此计入了这些等待，不能与测得作业的数值相比；请比较迭代时间</translation>
    </message>
    <message>
        <source>step %1 (grad_accumulation) made micro-batches, each computing on its share of the samples: give this step, which changes the samples, before that one</source>
        <translation>步骤 %1（grad_accumulation）已生成微批次，每个微批次计算其所占的样本：请将此改变样本的步骤放在该步骤之前</translation>
    </message>
    <message>
        <source>give one of &apos;samples&apos; and &apos;factor&apos;</source>
        <translation>请在 &apos;samples&apos; 和 &apos;factor&apos; 中给出其一</translation>
    </message>
    <message>
        <source>the trace&apos;s input shapes do not show the measured batch (record them with record_shapes), so &apos;samples&apos; has nothing to compare with: give &apos;factor&apos;, the samples over the measured ones</source>
        <translation>跟踪的输入形状未显示实测批次（请用 record_shapes 记录），因此 &apos;samples&apos; 无从比较：请给出 &apos;factor&apos;，即样本数与实测样本数之比</translation>
    </message>
    <message>
        <source>Changes the samples each rank computes on per step; its compute and activations follow them.</source>
        <translation>改变每个 rank 每步计算的样本数；其计算和激活随之变化。</translation>
    </message>
    <message>
        <source>the batch per rank and step (left out: factor gives it; against the batch the trace&apos;s input shapes show)</source>
        <translation>每个 rank 每步的批次（省略时：由 factor 给出；相对于跟踪输入形状显示的批次）</translation>
    </message>
    <message>
        <source>the samples over those each rank computed on before this step, the measured ones unless a step changed them (left out: samples gives them)</source>
        <translation>样本数与此步骤之前每个 rank 计算的样本数之比，若无步骤改变则为实测样本数（省略时：由 samples 给出）</translation>
    </message>
    <message>
        <source>the part of a device op&apos;s time that does not change with the samples</source>
        <translation>设备操作时间中不随样本数变化的部分</translation>
    </message>
    <message>
        <source>the share of a device op&apos;s time above the floor that does not change either (weights read once, partly filled waves)</source>
        <translation>设备操作在下限以上的时间中同样不变的份额（权重只读一次、部分填充的波次）</translation>
    </message>
    <message>
        <source>the same samples leave the job as it is</source>
        <translation>相同的样本数使作业保持不变</translation>
    </message>
    <message>
        <source>each rank computes on %1 times its measured batch of %2 samples (%3) a step: compare throughput, samples per second, not the iteration</source>
        <translation>每个 rank 每步计算其实测批次 %2 个样本（%3）的 %1 倍：请比较吞吐量（每秒样本数），而非迭代时间</translation>
    </message>
    <message>
        <source>each rank computes on %1 times its measured samples a step: compare throughput, samples per second, not the iteration</source>
        <translation>每个 rank 每步计算其实测样本数的 %1 倍：请比较吞吐量（每秒样本数），而非迭代时间</translation>
    </message>
    <message>
        <source>a factor of %1 of a batch of %2 samples is not a whole number of samples (%3)</source>
        <translation>%2 个样本的批次乘以因子 %1 不是整数个样本（%3）</translation>
    </message>
    <message>
        <source>the folder holds no .json, .json.gz or .json.zst trace files, and too many other files (%1) to look for a profile among: open the profile&apos;s file itself</source>
        <translation>文件夹中没有 .json、.json.gz 或 .json.zst 跟踪文件，其他文件又太多（%1 个），无法从中查找性能剖析：请直接打开剖析文件</translation>
    </message>
    <message>
        <source>the folder holds no .json, .json.gz or .json.zst trace files, nor any other file Sightline reads</source>
        <translation>文件夹中既没有 .json、.json.gz 或 .json.zst 跟踪文件，也没有 Sightline 可读取的其他文件</translation>
    </message>
    <message>
        <source>the folder holds %1 profiles (%2), each of a whole job (%3): open one of them</source>
        <translation>文件夹中有 %1 个性能剖析（%2），每个都是一个完整作业（%3）：请打开其中一个</translation>
    </message>
    <message>
        <source>the job has no layers to recompute (%1): no point of the frontier recomputes</source>
        <translation>作业没有可重计算的层（%1）：前沿上没有任何点进行重计算</translation>
    </message>
    <message>
        <source>the trace marks no forward or backward phases, so gradient accumulation cannot split its steps: no point of the frontier accumulates</source>
        <translation>跟踪未标出前向或反向阶段，梯度累积无法拆分其步骤：前沿上没有任何点进行累积</translation>
    </message>
    <message>
        <source>a batch of %1 samples (%2) cannot make %3 micro-batches of one sample or more: each would hold %4 samples, which no data loader gives, and the figures are of those fractions</source>
        <translation>%1 个样本的批次（%2）无法组成 %3 个至少含一个样本的微批次：每个只含 %4 个样本，没有数据加载器会给出这样的批次，这些数字针对的是这些分数</translation>
    </message>
    <message>
        <source>a batch of %1 samples (%2) does not split evenly into %3 micro-batches: the figures are of micro-batches of %4 samples each, which a data loader cannot give</source>
        <translation>%1 个样本的批次（%2）不能均分为 %3 个微批次：这些数字针对的是每个含 %4 个样本的微批次，数据加载器无法给出</translation>
    </message>
    <message>
        <source>%1 rank-steps run %2 micro-batches of 1/%2 of their batch</source>
        <translation>%1 个 rank 步骤各运行 %2 个微批次，每个为其批次的 1/%2</translation>
    </message>
    <message>
        <source>left out %1 of the %2 candidates: a rank&apos;s batch or micro-batch would hold less than one sample of the batch the trace shows, which no data loader gives</source>
        <translation>%2 个候选中有 %1 个被略去：某个 rank 的批次或微批次将含不到一个样本（以 trace 显示的批次计），没有数据加载器会给出这样的批次</translation>
    </message>
    <message>
        <source>a global batch of %1 samples (%2 per rank, %3) gives each of %4 workers %5 samples, less than one: no data loader gives that, and the figures are of those fractions</source>
        <translation>%1 个样本的全局批次（每个 rank %2 个，%3）分给 %4 个 worker 后每个只有 %5 个样本，不到一个：没有数据加载器会给出这样的批次，这些数字针对的是这些分数</translation>
    </message>
    <message>
        <source>%1 rank-steps run %2 micro-batches of their whole batch: a step computes on %2 times its samples, so compare throughput, samples per second, not the iteration</source>
        <translation>%1 个 rank 步骤各运行 %2 个其完整批次大小的微批次：一个步骤计算 %2 倍的样本，因此应比较吞吐量（每秒样本数），而不是迭代时间</translation>
    </message>
    <message>
        <source>worker_count scales weakly: each device keeps its batch and its memory, so the device count changes the time only, and a step of more devices makes more samples: across counts, the frontier and its fastest point compare the time the measured global batch takes (the iteration times the measured devices over the count)</source>
        <translation>worker_count 弱扩展：每个设备保留自己的批次和内存，因此设备数只改变时间，而设备越多一个步骤产生的样本越多：跨设备数时，前沿及其最快点比较的是测得的全局批次所需的时间（迭代时间乘以测得的设备数再除以该设备数）</translation>
    </message>
    <message>
        <source>the trace does not show the batch (its input shapes are not recorded): whether the micro-batches and the devices&apos; shares of the global batch hold whole samples, or any, cannot be told, and nothing is left out for it</source>
        <translation>trace 没有显示批次（未记录其输入形状）：无法判断微批次以及各设备分到的全局批次份额是否含整数个样本、甚至是否含有样本，也不会因此略去任何候选</translation>
    </message>
    <message>
        <source>%1 of the device counts give each worker less than one sample of the global batch of %2 a step computes on, which no data loader gives: they are not replayed, and the model&apos;s figures there are of fractions of a sample</source>
        <translation>%1 个设备数使每个 worker 分到的样本少于一个步骤所计算的全局批次 %2 中的一个样本，任何数据加载器都不会这样供给：它们不被重放，模型在那里的数值是样本的分数</translation>
    </message>
    <message>
        <source>the trace does not show the batch (its input shapes are not recorded): whether %1 times a rank&apos;s measured batch holds whole samples, or any, cannot be told</source>
        <translation>trace 未显示批次（未记录其输入形状）：无法判断 rank 测得批次的 %1 倍是否包含整数个样本，或是否包含任何样本</translation>
    </message>
    <message>
        <source>the frontier&apos;s micro-batches</source>
        <translation>前沿自身的微批次</translation>
    </message>
    <message>
        <source>the frontier&apos;s points in bf16</source>
        <translation>前沿中 bf16 的点</translation>
    </message>
    <message>
        <source>memory first&apos;s choices that hold one</source>
        <translation>内存优先中包含该步骤的选项</translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) is one already, and a strategy holds one: %3 are left out</source>
        <translation>基础策略的第 %1 步（%2）已是此类步骤，而一个策略只含一个：%3 被略去</translation>
    </message>
    <message>
        <source>the search&apos;s bucket choices</source>
        <translation>搜索自身的分桶选择</translation>
    </message>
    <message>
        <source>the search&apos;s partition sizes</source>
        <translation>搜索自身的分片大小</translation>
    </message>
    <message>
        <source>the search&apos;s kernel fusions</source>
        <translation>搜索自身的内核融合</translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) decides the buckets: the frontier&apos;s bucket choices are left out</source>
        <translation>基础策略的第 %1 步（%2）已决定分桶：前沿的分桶选择被略去</translation>
    </message>
    <message>
        <source>the %1 pieces of %2 bytes are smaller than the %3 partitions of %4 bytes the trace measured: each stage&apos;s service is scaled to a piece&apos;s bytes, as if a partition&apos;s turn held no cost per message, which a trace of one partition size cannot tell apart; the pieces may queue longer than replayed (up to %5 times as long, were a partition&apos;s whole service such a cost), and the smaller the pieces, the more this may flatter them</source>
        <translation>%1 个 %2 字节的分片小于 trace 测得的 %3 个 %4 字节的分区：每个阶段的服务时间按分片的字节数缩放，仿佛一个分区的轮次不含每条消息的固定开销，而只用一种分区大小录制的 trace 无法把这种开销区分出来；分片的排队时间可能长于重放的结果（若一个分区的全部服务时间都是这种开销，最多可达 %5 倍），分片越小，结果可能越偏乐观</translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) decides the buckets: the search&apos;s bucket choices are left out</source>
        <translation>基础策略的第 %1 步（%2）已决定分桶：搜索的分桶选择被略去</translation>
    </message>
    <message>
        <source>a step of the fewest devices computes on %1 times the samples a step of the job&apos;s %2 does (their devices each keep their batch): the speedup compares the time per sample, not the iterations</source>
        <translation>最少设备的一个步骤所计算的样本数是作业 %2 个设备一个步骤的 %1 倍（每个设备保留其批次）：加速比比较的是每个样本的时间，而不是迭代时间</translation>
    </message>
    <message>
        <source>the replay at worker count %1: %2</source>
        <translation>worker 数为 %1 时的重放：%2</translation>
    </message>
    <message>
        <source>the replays at worker counts %1 (as the one at %2 says it): %3</source>
        <translation>worker 数为 %1 时的重放（按 %2 时的说法）：%3</translation>
    </message>
    <message>
        <source>ranks %1 took turns on one GPU (index %2) of %3: each one&apos;s measured kernel times hold the others&apos; turns. Each rank now has a GPU of its own, and its kernels take their share of the shared GPU&apos;s time, 1/k of it where k ranks&apos; kernels ran at once (%4 ms of kernels as measured, %5 ms so shared; shared GPUs: %6). The GPU&apos;s switches between the ranks stay in that share: on the H100 sets it came 13 to 18 % above the kernels of a rank alone on the GPU. Their collectives run on host threads, which the trace cannot tell from processes that each saw a GPU of their own as that index: the network pass&apos;s ranks_per_host 1 takes them so</source>
        <translation>rank %1 在%3的同一块 GPU（索引 %2）上轮流运行：每个 rank 测得的 kernel 时间包含了其他 rank 的轮次。现在每个 rank 都有自己的 GPU，其 kernel 取得共享 GPU 时间中的份额，在 k 个 rank 的 kernel 同时运行之处取其 1/k（测得 kernel %4 ms，如此分摊后 %5 ms；共享的 GPU：%6）。GPU 在各 rank 之间的切换仍留在该份额中：在 H100 数据集上，它比单个 rank 独占 GPU 时的 kernel 高出 13% 到 18%。它们的集合通信在主机线程上运行，跟踪无法将其与各自以该索引看到自己 GPU 的进程区分开：network pass 的 ranks_per_host 1 会按后者处理</translation>
    </message>
    <message>
        <source>%1, while the path moved onto %2, %3 ms longer (%4 → %5 ms)</source>
        <translation>%1，而路径移到了%2上，每步增加 %3 ms（%4 → %5 ms）</translation>
    </message>
    <message>
        <source>the frontier</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>memory first</source>
        <translation>内存优先</translation>
    </message>
    <message>
        <source>%1 micro-batches split none of a rank&apos;s batches at the device counts tried (%2 samples; %3) into whole samples, which DeepSpeed refuses and no data loader gives: %4 tries %5 micro-batches instead</source>
        <translation>%1 个微批次在所尝试的设备数下都无法把一个 rank 的批次（%2 个样本；%3）分成整数个样本，DeepSpeed 会拒绝，数据加载器也给不出：%4 改为尝试 %5 个微批次</translation>
    </message>
    <message>
        <source>the fused computation segment of %1 kernels from %2 repeats alike on %3 of the %4 streams and steps of its kind: the others hold its kernels another number of times (a warm-up kernel, a step cut short, kernels that follow the data), and %5 of their kernels that repeat it stay unfused</source>
        <translation>从 %2 开始的 %1 个 kernel 的融合计算段，在同类的 %4 个流与步中只有 %3 个以相同方式重复：其余的以不同次数包含这些 kernel（预热 kernel、被截短的步、随数据变化的 kernel），其中重复该段的 %5 个 kernel 保持不融合</translation>
    </message>
    <message>
        <source>%1 of the %2 transfers record no size (the trace does not say how many bytes they move): the cost model cannot time them, so they keep their measured times, and no change of bandwidth, link or group size moves them, other than to a group of one rank, which moves nothing</source>
        <translation>%2 次传输中有 %1 次未记录大小（trace 未说明其传输的字节数）：成本模型无法为其计时，因此保留测得的时间，带宽、链路或组大小的任何改变都不会影响它们，除非组缩小为一个 rank（此时不传输任何数据）</translation>
    </message>
    <message>
        <source>%1 micro-batches do not split a rank&apos;s batch at %2 devices (%3 samples; %4) into whole samples, which DeepSpeed refuses and no data loader gives: %5 holds no point of them there</source>
        <translation>%1 个微批次无法把 %2 个设备时一个 rank 的批次（%3 个样本；%4）分成整数个样本，DeepSpeed 会拒绝，数据加载器也给不出：%5 在该设备数下不含它们的点</translation>
    </message>
    <message>
        <source>with the profiler&apos;s estimated cost put back, the host work of a step (%1 ms) outlasts the what-if&apos;s iteration (%2 ms): its time rests on the estimate of the profiler&apos;s cost per host event, and where the profiler cost this host less, or the strategy adds host work the what-if does not hold, the job stays bound by its host (a GPU check set&apos;s prediction was 29 % fast so); the job without the profiler may be slower</source>
        <translation>将性能分析器的估计开销加回后，一个步骤的主机工作（%1 ms）超过了假设分析的迭代时间（%2 ms）：其时间取决于对性能分析器每个主机事件开销的估计；若性能分析器在此主机上的开销更小，或策略增加了假设分析未包含的主机工作，作业仍受主机限制（GPU 检验集的一项预测因此快了 29 %）；不带性能分析器的作业可能更慢</translation>
    </message>
    <message>
        <source>traffic: a memory-bound kernel whose op recorded its input shapes takes its bytes at the bandwidth the job&apos;s own elementwise kernels reach (never more than it measured), the others keep ratio of their time; ratio: every kernel keeps ratio of its time</source>
        <translation>traffic：其算子记录了输入形状的访存受限内核，按作业自身逐元素内核达到的带宽传输其字节所需的时间计（不超过实测时间），其余内核保留其时间的 ratio；ratio：每个内核保留其时间的 ratio</translation>
    </message>
    <message>
        <source>the time a fused kernel keeps of the kernels not priced by their traffic, as a share of their sum</source>
        <translation>融合内核对未按数据流量计价的内核所保留的时间，占其总和的比例</translation>
    </message>
    <message>
        <source>channels_last: cuDNN&apos;s layout conversions around convolutions (nchwToNhwc, nhwcToNchw) go, as a compiler that plans channels-last layouts removes them; keep: they keep their time</source>
        <translation>channels_last：去掉 cuDNN 在卷积前后的布局转换（nchwToNhwc、nhwcToNchw），如规划 channels-last 布局的编译器所做；keep：保留其时间</translation>
    </message>
    <message>
        <source>%1 layout conversions around convolutions removed (channels-last layouts)</source>
        <translation>已去掉卷积前后的 %1 次布局转换（channels-last 布局）</translation>
    </message>
    <message>
        <source>fused kernels move the outputs they pass one another through memory, as the kernels they fuse did: a compiler that keeps them on chip may take up to %1 % less of the device&apos;s kernel time than this</source>
        <translation>融合内核之间传递的输出仍经由显存，与被融合的内核相同：将其保留在片上的编译器可能比此处少用至多 %1 % 的设备内核时间</translation>
    </message>
    <message>
        <source>the job&apos;s elementwise kernels moved their bytes at %1 TB/s, more than the %2 TB/s of memory bandwidth its device&apos;s datasheet gives (%3): caches served them, so the fused kernels priced at that rate may be too fast</source>
        <translation>作业的逐元素内核以 %1 TB/s 传输其字节，超过其设备数据手册给出的 %2 TB/s 显存带宽（%3）：这些内核由缓存提供数据，因此按该速率计价的融合内核可能过快</translation>
    </message>
</context>
<context>
    <name>CriticalPathModel</name>
    <message>
        <source>%1 (all ranks)</source>
        <translation>%1（所有 rank）</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Counts as</source>
        <translation>计为</translation>
    </message>
    <message>
        <source>Time on path</source>
        <translation>路径上时间</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>&amp;Export View…</source>
        <translation>导出视图(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Replayed Timeline…</source>
        <translation>导出重放时间线(&amp;R)…</translation>
    </message>
    <message>
        <source>Export &amp;Strategy…</source>
        <translation>导出策略(&amp;S)…</translation>
    </message>
    <message>
        <source>Write the strategy as the frameworks take it: DDP, DeepSpeed, Horovod, BytePS, XLA</source>
        <translation>按各框架接受的格式写出策略：DDP、DeepSpeed、Horovod、BytePS、XLA</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Export Replayed Timeline</source>
        <translation>导出重放时间线</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome trace JSON (*.json)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>The job was not replayed.</source>
        <translation>该作业未被重放。</translation>
    </message>
    <message>
        <source>No what-if has run for the strategy as it stands.</source>
        <translation>当前策略尚未运行假设分析。</translation>
    </message>
    <message>
        <source>Export Strategy</source>
        <translation>导出策略</translation>
    </message>
    <message>
        <source>The export writes, per framework:</source>
        <translation>导出将按框架写入：</translation>
    </message>
    <message>
        <source>Choose Folder…</source>
        <translation>选择文件夹…</translation>
    </message>
    <message>
        <source>Export Strategy to a Folder</source>
        <translation>将策略导出到文件夹</translation>
    </message>
    <message>
        <source>Wrote:
%1</source>
        <translation>已写入：
%1</translation>
    </message>
    <message>
        <source>Strategy Exported</source>
        <translation>策略已导出</translation>
    </message>
</context>
<context>
    <name>FrontierPlot</name>
    <message>
        <source>Peak memory per device (GB)</source>
        <translation>每设备峰值内存（GB）</translation>
    </message>
    <message>
        <source>Iteration (ms)</source>
        <translation>迭代（毫秒）</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>The job as it is</source>
        <translation>作业原样</translation>
    </message>
</context>
<context>
    <name>KindText</name>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>receive</source>
        <translation>接收</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>拷贝</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>memset</translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation>运行时调用</translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>annotation</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>I/O</translation>
    </message>
    <message>
        <source>the previous op on its thread or stream</source>
        <translation>同一线程或流上的前一个算子</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>the host waits for the device</source>
        <translation>主机等待设备</translation>
    </message>
    <message>
        <source>a stream waits for an event</source>
        <translation>流等待事件</translation>
    </message>
    <message>
        <source>enclosing op</source>
        <translation>外层算子</translation>
    </message>
    <message>
        <source>end of the enclosing op</source>
        <translation>外层算子的结束</translation>
    </message>
    <message>
        <source>forward to backward</source>
        <translation>前向到反向</translation>
    </message>
    <message>
        <source>recorded flow</source>
        <translation>记录的流</translation>
    </message>
    <message>
        <source>gradient to its collective</source>
        <translation>梯度到其集合通信</translation>
    </message>
    <message>
        <source>collective to the optimizer</source>
        <translation>集合通信到优化器</translation>
    </message>
    <message>
        <source>recorded dependency</source>
        <translation>记录的依赖</translation>
    </message>
    <message>
        <source>joins the collective</source>
        <translation>加入集合通信</translation>
    </message>
    <message>
        <source>the collective releases it</source>
        <translation>集合通信释放它</translation>
    </message>
    <message>
        <source>another thread wakes it</source>
        <translation>另一线程唤醒它</translation>
    </message>
    <message>
        <source>joins the op around it</source>
        <translation>并入外围的算子</translation>
    </message>
    <message>
        <source>staging copy for the host collective</source>
        <translation>主机集合通信的暂存拷贝</translation>
    </message>
    <message>
        <source>start of the replayed window</source>
        <translation>重放窗口的开始</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open trace files (File ▸ Open, or drop them here) to see the ranks of a job.</source>
        <translation>打开 trace 文件（文件 ▸ 打开，或拖放到此处）以查看作业的各个 rank。</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 列表</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Files…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Critical Path</source>
        <translation>关键路径(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Whole Job</source>
        <translation>整个作业(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Sightline</source>
        <translation>关于 Sightline(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Open Trace Files</source>
        <translation>打开 trace 文件</translation>
    </message>
    <message>
        <source>Open a Folder of Trace Files</source>
        <translation>打开包含 trace 文件的文件夹</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>加载中</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Loading %n files…</source>
        <translation>
            <numerusform>正在加载 %n 个文件…</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message numerus="yes">
        <source>%1 trace, world size %2, %n rank(s) loaded, </source>
        <translation>
            <numerusform>%1 trace，world size %2，已加载 %n 个 rank，</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ops.</source>
        <translation>%1 个操作。</translation>
    </message>
    <message>
        <source>The job could not be replayed: %1</source>
        <translation>无法重放该作业：%1</translation>
    </message>
    <message>
        <source>Loading cancelled</source>
        <translation>已取消加载</translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation>加载失败</translation>
    </message>
    <message>
        <source>Cannot Open Trace</source>
        <translation>无法打开 trace</translation>
    </message>
    <message>
        <source>About Sightline</source>
        <translation>关于 Sightline</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sightline %1&lt;/h3&gt;&lt;p&gt;A timeline and what-if explorer for distributed deep-learning training.&lt;/p&gt;&lt;p&gt;Loads PyTorch profiler (Kineto) and Chrome traces from every rank of a job.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Sightline %1&lt;/h3&gt;&lt;p&gt;面向分布式深度学习训练的时间线与假设分析工具。&lt;/p&gt;&lt;p&gt;可加载作业中每个 rank 的 PyTorch profiler（Kineto）和 Chrome trace。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>选区</translation>
    </message>
    <message numerus="yes">
        <source>Selection: %n op(s), %1</source>
        <translation>
            <numerusform>选区：%n 个操作，%1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Colour By</source>
        <translation>着色依据(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>类型(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Slack</source>
        <translation>松弛时间(&amp;S)</translation>
    </message>
    <message>
        <source>Building the dependency graph and replaying…</source>
        <translation>正在构建依赖图并重放…</translation>
    </message>
    <message>
        <source>Replay cancelled: the timeline shows the measured trace only</source>
        <translation>已取消重放：时间线仅显示测量的 trace</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Loaded; analysing…</source>
        <translation>已加载；正在分析…</translation>
    </message>
    <message>
        <source>Replayed, but its times lie beyond ±146 years: the trace&apos;s durations are past any real job</source>
        <translation>已重放，但其时间超出 ±146 年：追踪中的时长超出了任何真实作业</translation>
    </message>
    <message>
        <source>Fit the whole job in the view</source>
        <translation>使整个作业适合视图</translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s), %1 ops</source>
        <translation>
            <numerusform>%n 个 rank，%1 个操作</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded in %1 s, graph and replay in %2 s</source>
        <translation>加载 %1 秒，图与重放 %2 秒</translation>
    </message>
    <message>
        <source>, %1 ms measured</source>
        <translation>，测量 %1 毫秒</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>What-if</source>
        <translation>假设分析</translation>
    </message>
    <message>
        <source>No pass is switched on: the job runs as measured.</source>
        <translation>没有启用任何 pass：作业按测量运行。</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Show the strategy panel: switch passes on and watch the job change</source>
        <translation>显示策略面板：启用 pass 并观察作业变化</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Traces and scenarios (*.json *.json.gz *.json.zst *.sightline);;Scenarios (*.sightline);;All files (*)</source>
        <translation>Trace 与场景 (*.json *.json.gz *.json.zst *.sightline);;场景 (*.sightline);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1[*] — Sightline</source>
        <translation>%1[*] — Sightline</translation>
    </message>
    <message>
        <source>Sightline[*]</source>
        <translation>Sightline[*]</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more[*] — Sightline</source>
        <translation>
            <numerusform>%1 及另外 %n 个[*] — Sightline</numerusform>
        </translation>
    </message>
    <message>
        <source>Unsaved Strategy</source>
        <translation>策略未保存</translation>
    </message>
    <message>
        <source>The strategy has changes that are not saved in a scenario. Save them?</source>
        <translation>策略有尚未保存到场景的更改。是否保存？</translation>
    </message>
    <message>
        <source>&amp;Measured</source>
        <translation>测量(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Replayed</source>
        <translation>重放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;What-if</source>
        <translation>假设(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Both</source>
        <translation>两者(&amp;B)</translation>
    </message>
    <message>
        <source>The job as measured</source>
        <translation>测量的作业</translation>
    </message>
    <message>
        <source>The job replayed from its measured costs</source>
        <translation>按测量开销重放的作业</translation>
    </message>
    <message>
        <source>The job the strategy makes, replayed; ops made by a pass are hatched</source>
        <translation>策略生成的作业的重放；由某个变换生成的算子以斜线标出</translation>
    </message>
    <message>
        <source>With a strategy, each track&apos;s what-if rows under its baseline rows; without, the replayed times under the measured ones</source>
        <translation>有策略时，每条轨道的假设行位于其基线行之下；无策略时，重放时间位于测量时间之下</translation>
    </message>
    <message>
        <source>&amp;Change in Duration</source>
        <translation>时长变化(&amp;C)</translation>
    </message>
    <message>
        <source> (what-if)</source>
        <translation>（假设）</translation>
    </message>
    <message>
        <source>Replaying the what-if…</source>
        <translation>正在重放假设…</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>what-if failed</source>
        <translation>假设分析失败</translation>
    </message>
    <message>
        <source>Gantt</source>
        <translation>甘特图</translation>
    </message>
    <message>
        <source>Find an op by name</source>
        <translation>按名称查找算子</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>回车</translation>
    </message>
    <message>
        <source>Go to the next match</source>
        <translation>转到下一个匹配</translation>
    </message>
    <message>
        <source>Shift+Enter</source>
        <translation>Shift+回车</translation>
    </message>
    <message>
        <source>Go to the previous match</source>
        <translation>转到上一个匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) while loading, listed below.</source>
        <translation>
            <numerusform>加载时有 %n 条警告，列于下方。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 (%3 times)</source>
        <translation>%1：%2（%3 次）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>iteration %1 ms per step replayed</source>
        <translation>重放每步迭代 %1 ms</translation>
    </message>
    <message>
        <source>what-if %1 ms per step (%2)</source>
        <translation>假设分析每步 %1 ms（%2）</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n self-check warning(s)</source>
        <translation>
            <numerusform>⚠ %n 条自检警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>critical path %1 ms over %n step(s)</source>
        <translation>
            <numerusform>关键路径 %1 ms，跨 %n 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed; the critical path is %1 ms long over %n step(s)</source>
        <translation>
            <numerusform>已重放；关键路径长 %1 ms，跨 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Shift+drag over the Gantt to sum up the ops of an area.</source>
        <translation>在甘特图上 Shift+拖动，汇总一个区域内的算子。</translation>
    </message>
    <message>
        <source>No step runs: the job runs as measured.</source>
        <translation>没有步骤运行：作业按测量运行。</translation>
    </message>
    <message>
        <source>Step %1 (%2) is pending, not run: give %3.</source>
        <translation>步骤 %1（%2）待定，未运行：请给出 %3。</translation>
    </message>
    <message>
        <source>&amp;Legend</source>
        <translation>图例(&amp;L)</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>the trace marks no steps: its window replays in %1 ms</source>
        <translation>trace 未标记步骤：其时间窗口重放为 %1 ms</translation>
    </message>
    <message>
        <source>what-if window %1 ms (%2)</source>
        <translation>假设分析时间窗口 %1 ms（%2）</translation>
    </message>
    <message>
        <source>Replayed; the critical path is %1 ms long over the window (the trace marks no steps)</source>
        <translation>已重放；关键路径在整个时间窗口上长 %1 ms（trace 未标记步骤）</translation>
    </message>
    <message>
        <source>critical path %1 ms over the window</source>
        <translation>关键路径在整个时间窗口上 %1 ms</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Hide this message</source>
        <translation>隐藏此消息</translation>
    </message>
</context>
<context>
    <name>OpActions</name>
    <message>
        <source>What If</source>
        <translation>假设</translation>
    </message>
    <message numerus="yes">
        <source>Fuse These %n Op(s)</source>
        <translation>
            <numerusform>融合这 %n 个操作</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Make These %n Op(s) 20 % Faster</source>
        <translation>
            <numerusform>使这 %n 个操作加快 20 %</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Recompute the Layers of These %n Op(s)</source>
        <translation>
            <numerusform>重新计算这 %n 个操作所在的层</numerusform>
        </translation>
    </message>
    <message>
        <source>(replaced by “%1” in the strategy&apos;s what-if)</source>
        <translation>（在策略的假设分析中已被“%1”取代）</translation>
    </message>
    <message>
        <source>Make “%1” 20 % Faster</source>
        <translation>使“%1”加快 20 %</translation>
    </message>
    <message>
        <source>Fuse Kernels Named “%1”</source>
        <translation>融合名为“%1”的 kernel</translation>
    </message>
    <message>
        <source>Fuse the Kernels Launched Inside “%1”</source>
        <translation>融合在“%1”内启动的 kernel</translation>
    </message>
    <message>
        <source>Recompute “%1” Before Its Backward</source>
        <translation>在反向传播前重新计算“%1”</translation>
    </message>
</context>
<context>
    <name>OpDetailsPanel</name>
    <message>
        <source>Click an op in the timeline to see its details.</source>
        <translation>在时间线中点击一个操作以查看详情。</translation>
    </message>
    <message numerus="yes">
        <source>%1 across %n rank(s) (%2)</source>
        <translation>
            <numerusform>%1，跨 %n 个 rank（%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Replayed duration</source>
        <translation>重放时长</translation>
    </message>
    <message>
        <source>Slack</source>
        <translation>松弛时间</translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation>无：位于关键路径上</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>已重放</translation>
    </message>
    <message>
        <source>no: outside the replayed steps</source>
        <translation>否：不在重放的步内</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>等待</translation>
    </message>
    <message>
        <source>&lt;li&gt;nothing&lt;/li&gt;</source>
        <translation>&lt;li&gt;无&lt;/li&gt;</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>释放</translation>
    </message>
</context>
<context>
    <name>OpSearchBar</name>
    <message>
        <source>Find ops by name (regular expression)</source>
        <translation>按名称查找操作（正则表达式）</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>无效：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>OpportunityModel</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Gain</source>
        <translation>收益</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source> with </source>
        <translation> 连同 </translation>
    </message>
    <message>
        <source>⚠ %1 (the replay&apos;s self-checks warned: the gain may be wrong)</source>
        <translation>⚠ %1（该次重放的自检发出了警告：收益可能有误）</translation>
    </message>
</context>
<context>
    <name>OptimizePanel</name>
    <message>
        <source>Shortest iteration within the budget</source>
        <translation>预算内最短迭代</translation>
    </message>
    <message>
        <source>Fewest devices that fit</source>
        <translation>能容纳的最少设备</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>优化</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Iteration (ms)</source>
        <translation>迭代（毫秒）</translation>
    </message>
    <message>
        <source>Load into Strategy Dock</source>
        <translation>载入策略面板</translation>
    </message>
    <message>
        <source>Replace the Strategy dock&apos;s steps with the strategy found (Undo brings them back)</source>
        <translation>用找到的策略替换策略面板的步骤（撤销可恢复）</translation>
    </message>
    <message>
        <source>Changes that shortened the iteration alone, from the strategy the search had then; double-click one to load it</source>
        <translation>相对于搜索当时的策略、单独就能缩短迭代的更改；双击载入</translation>
    </message>
    <message>
        <source>Opportunities:</source>
        <translation>优化机会：</translation>
    </message>
    <message>
        <source>Load the optimized strategy</source>
        <translation>载入优化后的策略</translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation>载入 %1</translation>
    </message>
    <message>
        <source>Find the Frontier</source>
        <translation>求前沿</translation>
    </message>
    <message>
        <source>Click a point to load its strategy.</source>
        <translation>点击一个点以载入其策略。</translation>
    </message>
    <message>
        <source>Load a frontier point (%1 ms, %2 GB)</source>
        <translation>载入前沿上的一个点（%1 毫秒，%2 GB）</translation>
    </message>
    <message>
        <source>Synchronous all-reduce</source>
        <translation>同步 all-reduce</translation>
    </message>
    <message>
        <source>Asynchronous parameter server</source>
        <translation>异步参数服务器</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>扩展</translation>
    </message>
    <message>
        <source>Throughput from 1 to 64 workers, from this profile</source>
        <translation>根据此性能记录，计算 1 到 64 个工作进程的吞吐量</translation>
    </message>
    <message>
        <source>Open a job to search its strategies.</source>
        <translation>打开一个作业以搜索其策略。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Round %1: %2 ms per iteration</source>
        <translation>第 %1 轮：每次迭代 %2 毫秒</translation>
    </message>
    <message numerus="yes">
        <source>%1 ms → %2 ms per iteration (%3×), peak %4 → %5 GB; %n round(s), %6 candidates</source>
        <translation>
            <numerusform>每次迭代 %1 毫秒 → %2 毫秒（%3×），峰值 %4 → %5 GB；%n 轮，%6 个候选</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing the search tried beats the job as it is.</source>
        <translation>搜索尝试的策略都不比作业原样更好。</translation>
    </message>
    <message>
        <source>Search done.</source>
        <translation>搜索完成。</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s), each replayed alone; click one to load its strategy.</source>
        <translation>
            <numerusform>%n 个点，每个都单独回放；点击一个以载入其策略。</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewest devices that fit: %1 (%2 ms).</source>
        <translation>能容纳的最少设备：%1（%2 毫秒）。</translation>
    </message>
    <message>
        <source>Fewest devices that fit: %1, at %2 ms per iteration and %3 GB.</source>
        <translation>能容纳的最少设备：%1，每次迭代 %2 毫秒，%3 GB。</translation>
    </message>
    <message>
        <source>Frontier done.</source>
        <translation>前沿完成。</translation>
    </message>
    <message>
        <source>Scaling done.</source>
        <translation>扩展完成。</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n warning(s) about these figures (hover to read them)</source>
        <translation>
            <numerusform>⚠ 关于这些数字有 %n 条警告（悬停可阅读）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fastest within the budget: %1 ms on %n device(s).</source>
        <translation>
            <numerusform>预算内最快：%n 个设备上 %1 毫秒。</numerusform>
        </translation>
    </message>
    <message>
        <source>Global batch shared</source>
        <translation>共享全局批量</translation>
    </message>
    <message>
        <source>Batch per device kept</source>
        <translation>每设备保留批量</translation>
    </message>
    <message>
        <source>Other device counts share the measured global batch, so fewer devices each take more samples and memory (strong scaling: the frontier&apos;s and the fewest devices&apos; default), or each device keeps its measured batch (weak scaling)</source>
        <translation>其他设备数共享测得的全局批量，设备越少每台承担的样本和内存越多（强扩展：前沿与最少设备的默认），或每台设备保留其测得的批量（弱扩展）</translation>
    </message>
    <message>
        <source>The workers share the measured global batch (strong scaling), or each keeps its measured batch (weak scaling, the usual throughput curve); the parameter server&apos;s workers keep theirs</source>
        <translation>各 worker 共享测得的全局批量（强扩展），或各自保留测得的批量（弱扩展，常见的吞吐曲线）；参数服务器的 worker 保留各自的批量</translation>
    </message>
    <message>
        <source>What the search looks for: the fastest strategy whose peak fits each device&apos;s memory (the memory budget, which the Strategy dock shares), or the fewest devices with a strategy that fits, from the time–memory frontier</source>
        <translation>搜索的目标：峰值放得进每个设备内存（内存预算，与策略面板共用）的最快策略，或者有可行策略的最少设备数（取自时间–内存前沿）</translation>
    </message>
    <message>
        <source>%v of %m what-ifs</source>
        <translation>%v / %m 个假设分析</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>内存预算</translation>
    </message>
    <message>
        <source>The strategies no other beats in both time and memory (recomputed layers, accumulation, mixed precision, gradient buckets), each replayed alone</source>
        <translation>在时间和内存上都不被其他策略超越的策略（重算的层、累积、混合精度、梯度分桶），每个都单独重放</translation>
    </message>
    <message numerus="yes">
        <source>The job as it is (the cross): %1 ms and %2 GB on %n device(s).</source>
        <translation>
            <numerusform>作业原样（×）：%n 个设备上 %1 毫秒、%2 GB。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RankListModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>集合通信</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation>平均步时</translation>
    </message>
</context>
<context>
    <name>RankSummaryChart</name>
    <message>
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <source>GPU time (ms)</source>
        <translation>GPU 时间（毫秒）</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>compute overlapping communication</source>
        <translation>与通信重叠的计算</translation>
    </message>
    <message>
        <source>exposed communication</source>
        <translation>暴露的通信</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>mean step (ms)</source>
        <translation>平均步时（毫秒）</translation>
    </message>
    <message>
        <source>measured step</source>
        <translation>测量步时</translation>
    </message>
    <message>
        <source>replayed step</source>
        <translation>重放步时</translation>
    </message>
</context>
<context>
    <name>RankSummaryModel</name>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Exposed comm.</source>
        <translation>暴露通信</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>Measured step</source>
        <translation>测量步时</translation>
    </message>
    <message>
        <source>Replayed step</source>
        <translation>重放步时</translation>
    </message>
</context>
<context>
    <name>RecentJobs</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScalingPlot</name>
    <message>
        <source>Workers</source>
        <translation>工作进程</translation>
    </message>
    <message>
        <source>Steps per second, all workers</source>
        <translation>每秒步数（所有工作进程）</translation>
    </message>
    <message>
        <source>Model (synchronous all-reduce)</source>
        <translation>模型（同步 all-reduce）</translation>
    </message>
    <message>
        <source>Model (asynchronous parameter server)</source>
        <translation>模型（异步参数服务器）</translation>
    </message>
    <message>
        <source>Replayed (worker_count)</source>
        <translation>回放（worker_count）</translation>
    </message>
    <message>
        <source>Measured (the trace)</source>
        <translation>实测（跟踪）</translation>
    </message>
    <message>
        <source>Perfect scaling</source>
        <translation>理想扩展</translation>
    </message>
    <message>
        <source>No whole samples per worker</source>
        <translation>每个工作进程的样本数不是整数</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>too large for a scenario file</source>
        <translation>作为场景文件过大</translation>
    </message>
    <message>
        <source>not a scenario (not a JSON object: %1)</source>
        <translation>不是场景（不是 JSON 对象：%1）</translation>
    </message>
    <message>
        <source>not a scenario (no &quot;version&quot;)</source>
        <translation>不是场景（没有 &quot;version&quot;）</translation>
    </message>
    <message>
        <source>made by a newer Sightline (format version %1; this one reads %2)</source>
        <translation>由更新版本的 Sightline 创建（格式版本 %1；本版本读取 %2）</translation>
    </message>
    <message>
        <source>&quot;traces&quot; wants a list of trace files</source>
        <translation>&quot;traces&quot; 应为 trace 文件列表</translation>
    </message>
    <message>
        <source>&quot;traces&quot; holds something that is not a file name</source>
        <translation>&quot;traces&quot; 含有不是文件名的内容</translation>
    </message>
    <message>
        <source>&quot;alignment.offsets_ns&quot; wants whole nanoseconds as decimal strings, at most a day either way</source>
        <translation>&quot;alignment.offsets_ns&quot; 应为以十进制字符串表示的整数纳秒，正负均不超过一天</translation>
    </message>
    <message>
        <source>&quot;steps.%1&quot; wants a step number, or -1 for every step</source>
        <translation>&quot;steps.%1&quot; 应为步骤编号，或 -1 表示每个步骤</translation>
    </message>
    <message>
        <source>&quot;memory_budget_bytes&quot; wants a number of bytes</source>
        <translation>&quot;memory_budget_bytes&quot; 应为字节数</translation>
    </message>
    <message>
        <source>&quot;steps.first&quot; comes after &quot;steps.last&quot;</source>
        <translation>&quot;steps.first&quot; 位于 &quot;steps.last&quot; 之后</translation>
    </message>
    <message>
        <source>&quot;view&quot; wants one of %1</source>
        <translation>“view”应为以下之一：%1</translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <source>Cannot Open Scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more.</source>
        <translation>场景 %1 使用的 %2 已不存在。</translation>
    </message>
    <message>
        <source>Scenario not opened: %1 is missing</source>
        <translation>未打开场景：缺少 %1</translation>
    </message>
    <message>
        <source>Trace File Missing</source>
        <translation>缺少 Trace 文件</translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more. Locate it?</source>
        <translation>场景 %1 使用的 %2 已不存在。是否查找？</translation>
    </message>
    <message>
        <source>Locate %1</source>
        <translation>查找 %1</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.json.zst);;All files (*)</source>
        <translation>Trace 文件 (*.json *.json.gz *.json.zst);;所有文件 (*)</translation>
    </message>
    <message>
        <source>No job is open.</source>
        <translation>没有打开的作业。</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenarios (*.sightline)</source>
        <translation>场景 (*.sightline)</translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>作用</translation>
    </message>
</context>
<context>
    <name>StatusText</name>
    <message>
        <source>No error.</source>
        <translation>没有错误。</translation>
    </message>
    <message>
        <source>The file or folder does not exist.</source>
        <translation>文件或文件夹不存在。</translation>
    </message>
    <message>
        <source>The file could not be read.</source>
        <translation>无法读取文件。</translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation>文件为空。</translation>
    </message>
    <message>
        <source>The compressed data is corrupt or incomplete.</source>
        <translation>压缩数据已损坏或不完整。</translation>
    </message>
    <message>
        <source>The file is not a trace Sightline can read.</source>
        <translation>该文件不是 Sightline 可读取的 trace。</translation>
    </message>
    <message>
        <source>The file is not valid JSON.</source>
        <translation>文件不是有效的 JSON。</translation>
    </message>
    <message>
        <source>The file ends in the middle of the JSON text; it may have been cut off.</source>
        <translation>文件在 JSON 文本中途结束；可能已被截断。</translation>
    </message>
    <message>
        <source>A value has the wrong type.</source>
        <translation>某个值的类型错误。</translation>
    </message>
    <message>
        <source>An event has a negative duration.</source>
        <translation>某个事件的时长为负。</translation>
    </message>
    <message>
        <source>An event lacks a required field.</source>
        <translation>某个事件缺少必需字段。</translation>
    </message>
    <message>
        <source>A begin or end event has no partner.</source>
        <translation>某个开始或结束事件没有配对。</translation>
    </message>
    <message>
        <source>Two files claim the same rank.</source>
        <translation>两个文件声明了同一个 rank。</translation>
    </message>
    <message>
        <source>The trace holds no events.</source>
        <translation>该 trace 不含任何事件。</translation>
    </message>
    <message>
        <source>A number is out of the representable range.</source>
        <translation>某个数值超出可表示范围。</translation>
    </message>
    <message>
        <source>An event type is not supported.</source>
        <translation>不支持某种事件类型。</translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation>加载已取消。</translation>
    </message>
    <message>
        <source>The request does not fit this trace.</source>
        <translation>该请求与此 trace 不符。</translation>
    </message>
    <message>
        <source>The operations wait for each other in a cycle, so they cannot be replayed.</source>
        <translation>这些操作循环相互等待，因此无法重放。</translation>
    </message>
    <message>
        <source>Unknown error.</source>
        <translation>未知错误。</translation>
    </message>
    <message>
        <source>%1 (at byte %2):</source>
        <translation>%1（位于第 %2 字节）：</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>详情：%1</translation>
    </message>
    <message>
        <source>The job is too large: it exceeds a limit on decoded text or memory.</source>
        <translation>该作业过大：超出了解码文本或内存的限制。</translation>
    </message>
    <message>
        <source>The file could not be written whole; nothing was replaced.</source>
        <translation>文件未能完整写入；未替换任何内容。</translation>
    </message>
    <message>
        <source>The machine ran out of memory.</source>
        <translation>机器内存不足。</translation>
    </message>
    <message>
        <source>The strategy cannot run.</source>
        <translation>策略无法运行。</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
</context>
<context>
    <name>StrategyModel</name>
    <message>
        <source>Add %1</source>
        <translation>添加 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <source>Switch on %1</source>
        <translation>启用 %1</translation>
    </message>
    <message>
        <source>Switch off %1</source>
        <translation>停用 %1</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>将 %1 设为 %2</translation>
    </message>
    <message>
        <source>Leave %1 out</source>
        <translation>省略 %1</translation>
    </message>
    <message>
        <source>Use each device&apos;s memory as the budget</source>
        <translation>以各设备自身内存为预算</translation>
    </message>
    <message>
        <source>Set the memory budget to %1 GB</source>
        <translation>将内存预算设为 %1 GB</translation>
    </message>
    <message>
        <source>No pass of this name</source>
        <translation>没有此名称的 pass</translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n 个操作</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — pending: give %2</source>
        <translation>%1 — 待定：请给出 %2</translation>
    </message>
</context>
<context>
    <name>StrategyPanel</name>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add the chosen pass at the end of the strategy</source>
        <translation>将所选 pass 添加到策略末尾</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>内存预算</translation>
    </message>
    <message>
        <source>No pass of this name</source>
        <translation>没有此名称的 pass</translation>
    </message>
    <message>
        <source>Add a pass to change the job.</source>
        <translation>添加一个 pass 来改变作业。</translation>
    </message>
    <message>
        <source>Give this parameter; left out, the pass finds it from the job (its description says how)</source>
        <translation>指定此参数；省略时 pass 从作业中得出它（参数说明写明如何得出）</translation>
    </message>
    <message>
        <source>Replaying the what-if…</source>
        <translation>正在重放假设…</translation>
    </message>
    <message>
        <source>out of memory (%1)</source>
        <translation>内存不足（%1）</translation>
    </message>
    <message>
        <source>Use Selection</source>
        <translation>使用选区</translation>
    </message>
    <message>
        <source>Take the ops selected in the Gantt (an area, or rows of the critical path)</source>
        <translation>采用甘特图中选中的操作（一个区域，或关键路径的若干行）</translation>
    </message>
    <message>
        <source>Required: the step is pending until it is given (Enter gives the value shown).</source>
        <translation>必需：给出之前该步骤处于待定状态（按回车采用显示的值）。</translation>
    </message>
</context>
<context>
    <name>TimelineLabelPainter</name>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation>未命名主机</translation>
    </message>
    <message>
        <source>rank %1 (added)</source>
        <translation>rank %1（新增）</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>重放</translation>
    </message>
</context>
<context>
    <name>TimelineLegend</name>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU 算子</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>copy, memset</source>
        <translation>拷贝、memset</translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation>运行时调用</translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>annotation, step</source>
        <translation>标注、步骤</translation>
    </message>
    <message>
        <source>I/O, data loading</source>
        <translation>I/O、数据加载</translation>
    </message>
    <message>
        <source>much shorter</source>
        <translation>短得多</translation>
    </message>
    <message>
        <source>shorter</source>
        <translation>更短</translation>
    </message>
    <message>
        <source>the same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>longer</source>
        <translation>更长</translation>
    </message>
    <message>
        <source>much longer</source>
        <translation>长得多</translation>
    </message>
    <message>
        <source>no slack: critical</source>
        <translation>无松弛：关键</translation>
    </message>
    <message>
        <source>under 1 % of the path</source>
        <translation>不到路径的 1 %</translation>
    </message>
    <message>
        <source>under 10 %</source>
        <translation>不到 10 %</translation>
    </message>
    <message>
        <source>more</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>not replayed</source>
        <translation>未重放</translation>
    </message>
    <message>
        <source>critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>baseline&apos;s critical path</source>
        <translation>基线的关键路径</translation>
    </message>
    <message>
        <source>made by the strategy</source>
        <translation>由策略生成</translation>
    </message>
    <message>
        <source>search match</source>
        <translation>搜索匹配</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>%1 ops, %2
widest: %3</source>
        <translation>%1 个操作，%2
最长：%3</translation>
    </message>
    <message>
        <source>ranks with a GPU op running</source>
        <translation>有 GPU 操作运行的 rank 数</translation>
    </message>
    <message>
        <source>communication ops in flight</source>
        <translation>进行中的通信操作</translation>
    </message>
    <message>
        <source>ranks with a GPU op running (blue), communication ops in flight (orange)</source>
        <translation>有 GPU 操作运行的 rank 数（蓝），进行中的通信操作（橙）</translation>
    </message>
    <message>
        <source>Expand Host</source>
        <translation>展开主机</translation>
    </message>
    <message>
        <source>Collapse Host</source>
        <translation>折叠主机</translation>
    </message>
    <message>
        <source>Hide Host</source>
        <translation>隐藏主机</translation>
    </message>
    <message>
        <source>Expand Rank</source>
        <translation>展开 Rank</translation>
    </message>
    <message>
        <source>Collapse Rank</source>
        <translation>折叠 Rank</translation>
    </message>
    <message>
        <source>Hide Rank</source>
        <translation>隐藏 Rank</translation>
    </message>
    <message>
        <source>Spread Lanes</source>
        <translation>展开子通道</translation>
    </message>
    <message>
        <source>Merge Lanes</source>
        <translation>合并子通道</translation>
    </message>
    <message>
        <source>Hide Track</source>
        <translation>隐藏轨道</translation>
    </message>
    <message>
        <source>Collapse All Ranks</source>
        <translation>折叠所有 Rank</translation>
    </message>
    <message>
        <source>Expand All Ranks</source>
        <translation>展开所有 Rank</translation>
    </message>
    <message>
        <source>Show All Tracks</source>
        <translation>显示所有轨道</translation>
    </message>
    <message>
        <source>at %1
%2 ranks with a GPU op running
%3 communication ops in flight</source>
        <translation>时间 %1
%2 个 Rank 正在运行 GPU 操作
%3 个通信操作进行中</translation>
    </message>
    <message>
        <source>made by the strategy</source>
        <translation>由策略生成</translation>
    </message>
    <message>
        <source>W / S, wheel</source>
        <translation>W / S，滚轮</translation>
    </message>
    <message>
        <source>Zoom the time axis in / out, about the mouse pointer</source>
        <translation>以鼠标指针为中心放大 / 缩小时间轴</translation>
    </message>
    <message>
        <source>A / D, drag</source>
        <translation>A / D，拖动</translation>
    </message>
    <message>
        <source>Pan the time axis left / right</source>
        <translation>向左 / 向右平移时间轴</translation>
    </message>
    <message>
        <source>Shift+wheel, Page Up / Page Down, Up / Down</source>
        <translation>Shift+滚轮，Page Up / Page Down，上 / 下</translation>
    </message>
    <message>
        <source>Scroll the rows</source>
        <translation>滚动各行</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Shift+拖动</translation>
    </message>
    <message>
        <source>Select an area: its ops go to the Selection dock, its duration to the axis</source>
        <translation>选择区域：其中的算子列入选择面板，其时长显示在时间轴上</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the selected area, else the selected op</source>
        <translation>适配所选区域，否则适配所选算子</translation>
    </message>
    <message>
        <source>Show the whole job</source>
        <translation>显示整个作业</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select an op; on a name in the gutter, fold or unfold it</source>
        <translation>选择算子；在左侧名称栏的名称上单击则折叠或展开</translation>
    </message>
    <message>
        <source>Double click on a header row</source>
        <translation>双击标题行</translation>
    </message>
    <message>
        <source>Fold or unfold the host or rank</source>
        <translation>折叠或展开主机或 rank</translation>
    </message>
    <message>
        <source>Right click</source>
        <translation>右键单击</translation>
    </message>
    <message>
        <source>What-if steps on the op or the area, and the track menu</source>
        <translation>针对算子或区域的假设分析步骤，以及轨道菜单</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+滚轮</translation>
    </message>
    <message>
        <source>Make the rows taller or lower</source>
        <translation>调高或调低各行</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selected area</source>
        <translation>清除所选区域</translation>
    </message>
    <message>
        <source>start %1, duration %2</source>
        <translation>开始 %1，时长 %2</translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation>rank %1 · %2</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
</context>
<context>
    <name>TrackTreeModel</name>
    <message>
        <source>host %1</source>
        <translation>主机 %1</translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation>未命名主机</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU 线程</translation>
    </message>
    <message>
        <source>GPU streams</source>
        <translation>GPU 流</translation>
    </message>
    <message>
        <source>Communication channels</source>
        <translation>通信通道</translation>
    </message>
    <message>
        <source>Other tracks</source>
        <translation>其他轨道</translation>
    </message>
    <message>
        <source>%1: collapsed in the timeline</source>
        <translation>%1：已在时间线中折叠</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>轨道</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>操作数</translation>
    </message>
</context>
<context>
    <name>TrackTreePanel</name>
    <message>
        <source>Move Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move the selected row up among its siblings (Alt+Up)</source>
        <translation>在同级之间上移所选行 (Alt+Up)</translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Move the selected row down among its siblings (Alt+Down)</source>
        <translation>在同级之间下移所选行 (Alt+Down)</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Show every hidden track</source>
        <translation>显示所有隐藏的轨道</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Restore the job&apos;s own order, show every track and undo collapsing</source>
        <translation>恢复作业原有顺序，显示所有轨道并取消折叠</translation>
    </message>
    <message>
        <source>Filter tracks</source>
        <translation>筛选轨道</translation>
    </message>
</context>
<context>
    <name>WhatIfDisplay</name>
    <message>
        <source>peak %1 GB</source>
        <translation>峰值 %1 GB</translation>
    </message>
    <message>
        <source>Iteration %1 ms against %2 ms per step (%3), replayed in %4 ms.</source>
        <translation>每步迭代 %1 ms，对比 %2 ms（%3），重放用时 %4 ms。</translation>
    </message>
    <message>
        <source>⚠ Self-check: %1</source>
        <translation>⚠ 自检：%1</translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events per step (up to %3 ms per step).</source>
        <translation>两者均已去除分析器自身的开销：每个主机事件 %1 微秒，每步 %2 个事件（每步最多 %3 毫秒）。</translation>
    </message>
    <message>
        <source>The strategy as edited cannot run (see the Strategy dock).</source>
        <translation>当前编辑的策略无法运行（见策略面板）。</translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt shows the job without it.</source>
        <translation>策略失败；甘特图显示未应用策略的作业。</translation>
    </message>
    <message>
        <source>The strategy failed.</source>
        <translation>策略失败。</translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt and the What-if dock show the last what-if that ran, now stale.</source>
        <translation>策略失败；甘特图和假设分析面板显示上一次运行的假设分析，现已过期。</translation>
    </message>
    <message>
        <source>The strategy failed; the What-if dock shows the last what-if that ran, now stale.</source>
        <translation>策略失败；假设分析面板显示上一次运行的假设分析，现已过期。</translation>
    </message>
    <message>
        <source> (what-if)</source>
        <translation>（假设）</translation>
    </message>
    <message>
        <source>Drawing the what-if…</source>
        <translation>正在绘制假设…</translation>
    </message>
    <message>
        <source>The what-if cannot be drawn: %1</source>
        <translation>无法绘制假设：%1</translation>
    </message>
    <message numerus="yes">
        <source>Showing the what-if: %n op(s), of which %1 made by the strategy</source>
        <translation>
            <numerusform>正在显示假设：%n 个算子，其中 %1 个由策略生成</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>重放</translation>
    </message>
    <message>
        <source>what-if</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>生成者</translation>
    </message>
    <message>
        <source>the strategy (a fused op, bucket, chunk, copy or added rank&apos;s op)</source>
        <translation>策略（融合算子、桶、分块、副本或新增 rank 的算子）</translation>
    </message>
    <message>
        <source>Stands for</source>
        <translation>对应</translation>
    </message>
    <message>
        <source>%1 on rank %2, measured %3</source>
        <translation>rank %2 上的 %1，测量 %3</translation>
    </message>
    <message>
        <source>Baseline duration</source>
        <translation>基线时长</translation>
    </message>
    <message>
        <source>Slack</source>
        <translation>松弛时间</translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation>无：位于关键路径上</translation>
    </message>
    <message>
        <source>The window replays in %1 ms against %2 ms (%3): the trace marks no steps. Replayed in %4 ms.</source>
        <translation>时间窗口重放为 %1 ms，对比 %2 ms（%3）：trace 未标记步骤。重放耗时 %4 ms。</translation>
    </message>
    <message>
        <source>Throughput %1: a step computes on %2 times the measured job&apos;s samples.</source>
        <translation>吞吐量 %1：每步计算的样本数是实测作业的 %2 倍。</translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events in the window (up to %3 ms).</source>
        <translation>两者均已去除分析器自身的开销：每个主机事件 %1 微秒，窗口内 %2 个事件（最多 %3 毫秒）。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Timeline and what-if explorer for distributed training.</source>
        <translation>面向分布式训练的时间线与假设分析工具。</translation>
    </message>
    <message>
        <source>Open the files, save the window at 1600×1000 as an image and quit.</source>
        <translation>打开文件，将 1600×1000 的窗口保存为图像后退出。</translation>
    </message>
    <message>
        <source>Highlight the critical path.</source>
        <translation>突出显示关键路径。</translation>
    </message>
    <message>
        <source>The language of the window, e.g. de or zh_CN (default: the system&apos;s).</source>
        <translation>窗口语言，例如 de 或 zh_CN（默认：系统语言）。</translation>
    </message>
    <message>
        <source>Trace files or folders of one job, or a scenario file (.sightline), to open.</source>
        <translation>要打开的一个作业的 trace 文件或文件夹，或一个场景文件 (.sightline)。</translation>
    </message>
    <message>
        <source>Switch on the strategy in this JSON file (as sightline-cli whatif takes it) for the job.</source>
        <translation>为作业启用此 JSON 文件中的策略（格式同 sightline-cli whatif）。</translation>
    </message>
    <message>
        <source>What the timeline shows: measured, replayed, whatif (the strategy&apos;s what-if) or both (with a strategy, its baseline and what-if; without, the measured and replayed times).</source>
        <translation>时间线显示的内容：measured（测量）、replayed（重放）、whatif（策略的假设）或 both（有策略时为基线与假设；无策略时为测量与重放时间）。</translation>
    </message>
    <message>
        <source>Open the files, save the whole window as laid out on the screen (docks, toolbars, status bar) and quit.</source>
        <translation>打开文件，按屏幕上的布局保存整个窗口（面板、工具栏、状态栏）为图像并退出。</translation>
    </message>
    <message>
        <source>The Gantt&apos;s rows&apos; height in pixels, 8 to 40 (default 18; Ctrl+wheel changes it).</source>
        <translation>甘特图行高（像素），8 到 40（默认 18；Ctrl+滚轮可调整）。</translation>
    </message>
</context>
</TS>
