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
        <source>Traces (*.json *.json.gz *.json.zst);;All files (*)</source>
        <translation>Trace 文件 (*.json *.json.gz *.json.zst);;所有文件 (*)</translation>
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
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 及另外 %n 个</numerusform>
        </translation>
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
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events per step (up to %3 ms per step).</source>
        <translation>两者均已去除分析器自身的开销：每个主机事件 %1 微秒，每步 %2 个事件（每步最多 %3 毫秒）。</translation>
    </message>
    <message>
        <source>peak %1 GB</source>
        <translation>峰值 %1 GB</translation>
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
        <source>Cannot Open Scenario</source>
        <translation>无法打开场景</translation>
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
    <message>
        <source>Unsaved Strategy</source>
        <translation>策略未保存</translation>
    </message>
    <message>
        <source>The strategy has changes that are not saved in a scenario. Save them?</source>
        <translation>策略有尚未保存到场景的更改。是否保存？</translation>
    </message>
    <message>
        <source>What If</source>
        <translation>假设</translation>
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
        <source>Replaying the what-if…</source>
        <translation>正在重放假设…</translation>
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
        <source>The scenario %1 uses %2, which is not there any more.</source>
        <translation>场景 %1 使用的 %2 已不存在。</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>The strategy as edited cannot run (see the Strategy dock).</source>
        <translation>当前编辑的策略无法运行（见策略面板）。</translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt and the What-if dock show the last what-if that ran, now stale.</source>
        <translation>策略失败；甘特图和假设分析面板显示上一次运行的假设分析，现已过期。</translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt shows the job without it.</source>
        <translation>策略失败；甘特图显示未应用策略的作业。</translation>
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
        <source>Iteration %1 ms against %2 ms per step (%3), replayed in %4 ms.</source>
        <translation>每步迭代 %1 ms，对比 %2 ms（%3），重放用时 %4 ms。</translation>
    </message>
    <message>
        <source>⚠ Self-check: %1</source>
        <translation>⚠ 自检：%1</translation>
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
        <source>(replaced by “%1” in the strategy&apos;s what-if)</source>
        <translation>（在策略的假设分析中已被“%1”取代）</translation>
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
    <name>TimelinePlottable</name>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>重放</translation>
    </message>
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
