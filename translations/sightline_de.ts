<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AggregateModel</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Gesamt</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Eigen</translation>
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
        <translation>eigener des Geräts</translation>
    </message>
    <message>
        <source>The memory each device may use; out of memory is judged against it</source>
        <translation>Der Speicher, den jedes Gerät nutzen darf; daran wird Speichermangel gemessen</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>baseline</source>
        <translation>Ausgangslage</translation>
    </message>
    <message>
        <source>what-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <source>change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>iteration (ms)</source>
        <translation>Iteration (ms)</translation>
    </message>
    <message>
        <source>critical path (ms)</source>
        <translation>kritischer Pfad (ms)</translation>
    </message>
    <message>
        <source>  %1 (ms)</source>
        <translation>  %1 (ms)</translation>
    </message>
    <message>
        <source>peak memory (GB)</source>
        <translation>Spitzenspeicher (GB)</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>Speicher erschöpft</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>op (rank)</source>
        <translation>Op (Rank)</translation>
    </message>
    <message>
        <source>baseline (ms)</source>
        <translation>Ausgangslage (ms)</translation>
    </message>
    <message>
        <source>what-if (ms)</source>
        <translation>Was-wäre-wenn (ms)</translation>
    </message>
    <message>
        <source>change (ms)</source>
        <translation>Änderung (ms)</translation>
    </message>
    <message>
        <source>The measured ops whose time the strategy changed most; click one to show it</source>
        <translation>Die gemessenen Ops, deren Zeit die Strategie am stärksten änderte; anklicken zeigt sie</translation>
    </message>
    <message>
        <source>gradient tensor</source>
        <translation>Gradienten-Tensor</translation>
    </message>
    <message>
        <source>The gradient tensors whose wait from ready to all-reduced the strategy changed most (first rank); click one to show the all-reduce that carried it</source>
        <translation>Die Gradienten-Tensoren, deren Wartezeit von bereit bis reduziert die Strategie am stärksten änderte (erster Rank); anklicken zeigt das All-Reduce, das ihn trug</translation>
    </message>
    <message>
        <source>step %1, #%2, %3 MB</source>
        <translation>Schritt %1, Nr. %2, %3 MB</translation>
    </message>
    <message>
        <source>exposed communication (ms)</source>
        <translation>nicht verdeckte Kommunikation (ms)</translation>
    </message>
    <message>
        <source>device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>baseline peak (GB)</source>
        <translation>Spitze Ausgangslage (GB)</translation>
    </message>
    <message>
        <source>what-if peak (GB)</source>
        <translation>Spitze Was-wäre-wenn (GB)</translation>
    </message>
    <message>
        <source>budget (GB)</source>
        <translation>Budget (GB)</translation>
    </message>
    <message>
        <source>Each device&apos;s peak memory before and after against its budget, the highest what-if peak first</source>
        <translation>Der Spitzenspeicher jedes Geräts vorher und nachher gegen sein Budget, die höchste Was-wäre-wenn-Spitze zuerst</translation>
    </message>
    <message>
        <source>rank %1, GPU %2</source>
        <translation>Rank %1, GPU %2</translation>
    </message>
    <message>
        <source>No allocator events: the estimate holds the model state alone, a lower bound</source>
        <translation>Keine Allokator-Ereignisse: die Schätzung enthält nur den Modellzustand, eine untere Schranke</translation>
    </message>
    <message>
        <source>highest peak (GB)</source>
        <translation>höchste Spitze (GB)</translation>
    </message>
    <message>
        <source>Stale: these figures are of the last strategy that ran. %1</source>
        <translation>Veraltet: Diese Zahlen gehören zur zuletzt gelaufenen Strategie. %1</translation>
    </message>
    <message>
        <source>rank %1, host</source>
        <translation>Rank %1, Host</translation>
    </message>
</context>
<context>
    <name>Core</name>
    <message>
        <source>replayed times lie beyond ±2^62 ns: the figures are no measure of a job</source>
        <translation>Wiedergegebene Zeiten liegen jenseits von ±2^62 ns: Die Zahlen sind kein Maß für einen Job</translation>
    </message>
    <message>
        <source>the critical path (%1) does not span the replay (%2): part of the replayed time is on no path from the window&apos;s start</source>
        <translation>Der kritische Pfad (%1) umfasst nicht die ganze Wiedergabe (%2): Ein Teil der wiedergegebenen Zeit liegt auf keinem Pfad vom Beginn des Fensters</translation>
    </message>
    <message>
        <source>%1 replayed steps took no time: their work ended before the step before theirs did, which no dependency of the trace made them wait for</source>
        <translation>%1 wiedergegebene Schritte dauerten keine Zeit: Ihre Arbeit endete, bevor der Schritt davor endete, und keine Abhängigkeit des Traces ließ sie darauf warten</translation>
    </message>
    <message>
        <source>the replay runs %1 past the end of every rank&apos;s steps (%2 of %3): work outside the steps is not in the iteration</source>
        <translation>Die Wiedergabe läuft %1 über das Ende der Schritte aller Ranks hinaus (%2 von %3): Arbeit außerhalb der Schritte zählt nicht zur Iteration</translation>
    </message>
    <message>
        <source>rank %1&apos;s steps (%2) outlast the replay (%3)</source>
        <translation>Die Schritte von Rank %1 (%2) dauern länger als die Wiedergabe (%3)</translation>
    </message>
    <message>
        <source>rank %1&apos;s steps begin %2 after rank %3&apos;s end: their clocks are apart and no collective ties them (two runs, or one rank&apos;s file twice?), so the replay&apos;s span and its critical path cross the gap; each rank&apos;s steps are its own</source>
        <translation>Die Schritte von Rank %1 beginnen %2 nach dem Ende von Rank %3: Ihre Uhren liegen auseinander und keine kollektive Operation verbindet sie (zwei Läufe oder die Datei eines Ranks doppelt?), daher überspannen die Dauer der Wiedergabe und ihr kritischer Pfad die Lücke; die Schritte jedes Ranks sind seine eigenen</translation>
    </message>
    <message>
        <source>rank %1&apos;s first replayed step took %2 against %3 for the steps after it: it carries what the window began with (ranks that began at different times, work begun before it) or durations of its own that differ from theirs, and the iteration, their mean, with it</source>
        <translation>Der erste wiedergegebene Schritt von Rank %1 dauerte %2 gegenüber %3 für die folgenden Schritte: Er trägt, womit das Fenster begann (Ranks, die zu verschiedenen Zeiten begannen, Arbeit, die vor ihm begann), oder eigene Dauern, die von ihren abweichen, und die Iteration, ihr Mittel, mit ihm</translation>
    </message>
    <message>
        <source>on a job without a GPU the profiler also slows the ops&apos; own compute, which a cost per event does not take out: figures of the job without the profiler may still be up to 30 % slow (the CPU pairs of docs/fidelity.md: +27 % on the accumulation base)</source>
        <translation>Bei einem Job ohne GPU verlangsamt der Profiler auch die eigene Berechnung der Ops, die ein Aufwand pro Ereignis nicht herausrechnet: Zahlen des Jobs ohne Profiler können noch bis zu 30 % zu langsam sein (die CPU-Paare in docs/fidelity.md: +27 % bei der Akkumulationsbasis)</translation>
    </message>
    <message>
        <source>%1 makes the job&apos;s work wait for itself in a cycle: the strategy cannot be replayed as it stands (%2)</source>
        <translation>%1 lässt die Arbeit des Jobs in einem Zyklus auf sich selbst warten: Die Strategie kann so nicht wiedergegeben werden (%2)</translation>
    </message>
    <message>
        <source>%1, applied after %2, makes the job&apos;s work wait for itself in a cycle: the strategy cannot be replayed as it stands (%3)</source>
        <translation>%1, angewendet nach %2, lässt die Arbeit des Jobs in einem Zyklus auf sich selbst warten: Die Strategie kann so nicht wiedergegeben werden (%3)</translation>
    </message>
    <message>
        <source>the what-if is bound by its host (%1 % of its critical path is host work and launches, against %2 % in the baseline): its time rests on the estimate of the profiler&apos;s cost per host event, and host-bound predictions of the GPU check set were up to 30 % slow; the job without the profiler may be faster</source>
        <translation>Das Was-wäre-wenn ist an seinen Host gebunden (%1 % seines kritischen Pfads sind Host-Arbeit und Starts, gegenüber %2 % in der Ausgangslage): Seine Zeit beruht auf der Schätzung des Profiler-Aufwands pro Host-Ereignis, und hostgebundene Vorhersagen der GPU-Prüfmenge waren bis zu 30 % zu langsam; der Job ohne Profiler kann schneller sein</translation>
    </message>
    <message>
        <source>%1. Its steps&apos; host work differs by %2 % (rank %3: step %4 %5 ms, step %6 %7 ms), and the what-if copies each step&apos;s own: replayed one step at a time, it shows how far that moves it</source>
        <translation>%1. Die Host-Arbeit seiner Schritte unterscheidet sich um %2 % (Rank %3: Schritt %4 %5 ms, Schritt %6 %7 ms), und das Was-wäre-wenn übernimmt die jedes Schritts: Schritt für Schritt wiedergegeben zeigt es, wie weit das es verschiebt</translation>
    </message>
    <message>
        <source>the trace&apos;s %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: the cost model keeps %5 us per step, not the trace&apos;s, and times transfers of %6–%7 MB by it (gloo&apos;s per-call cost on the calibration set&apos;s 1 MB buckets, docs/fidelity.md: it may differ on this job&apos;s host)</source>
        <translation>Die %1 %2-Übertragungen des Traces haben alle etwa eine Größe (%3–%4 MB), die einen Aufwand pro Aufruf nicht von der Bandbreite trennen kann: Das Kostenmodell behält %5 us pro Schritt, nicht den des Traces, und zeitet damit Übertragungen von %6–%7 MB (der Aufwand pro Aufruf von gloo bei den 1-MB-Buckets der Kalibrierungsmenge, docs/fidelity.md: Er kann auf dem Host dieses Jobs abweichen)</translation>
    </message>
    <message>
        <source>the trace&apos;s %1 %2 transfers are all of about one size (%3–%4 MB), which cannot tell a per-call cost from the bandwidth: the cost model keeps %5 us per step, not the trace&apos;s, and times transfers of %6–%7 MB by it, and a per-call cost it does not know may make them far slower or faster</source>
        <translation>Die %1 %2-Übertragungen des Traces haben alle etwa eine Größe (%3–%4 MB), die einen Aufwand pro Aufruf nicht von der Bandbreite trennen kann: Das Kostenmodell behält %5 us pro Schritt, nicht den des Traces, und zeitet damit Übertragungen von %6–%7 MB, und ein unbekannter Aufwand pro Aufruf kann sie viel langsamer oder schneller machen</translation>
    </message>
    <message>
        <source>the cost model fits the trace&apos;s %1 %2 transfers with a mean error of %3 %: the %4 transfer times it gives may be off by as much</source>
        <translation>Das Kostenmodell passt die %1 %2-Übertragungen des Traces mit einem mittleren Fehler von %3 % an: Die %4 Übertragungszeiten, die es liefert, können ebenso weit daneben liegen</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by parameters the fit could not separate (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 Übertragungen laufen über %2-Verbindungen, über die der Trace keine Übertragung gemessen hat: Sie werden mit Parametern gezeitet, die die Anpassung nicht trennen konnte (%3 us pro Schritt, %4 GB/s; der Netzwerk-Pass setzt sie)</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: they are timed by the cost model&apos;s defaults (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 Übertragungen laufen über %2-Verbindungen, über die der Trace keine Übertragung gemessen hat: Sie werden mit den Vorgaben des Kostenmodells gezeitet (%3 us pro Schritt, %4 GB/s; der Netzwerk-Pass setzt sie)</translation>
    </message>
    <message>
        <source>the trace names no hosts: %1 ranks per host are assumed (the network pass&apos;s ranks_per_host sets them)</source>
        <translation>Der Trace nennt keine Hosts: %1 Ranks pro Host werden angenommen (ranks_per_host des Netzwerk-Passes setzt sie)</translation>
    </message>
    <message>
        <source>the trace&apos;s devices do not say how the GPUs of a host connect: %1 is assumed (the network pass&apos;s intra_host sets it)</source>
        <translation>Die Geräte des Traces sagen nicht, wie die GPUs eines Hosts verbunden sind: %1 wird angenommen (intra_host des Netzwerk-Passes setzt es)</translation>
    </message>
    <message>
        <source>profiler overhead: %1</source>
        <translation>Profiler-Aufwand: %1</translation>
    </message>
    <message>
        <source>baseline: %1</source>
        <translation>Ausgangslage: %1</translation>
    </message>
    <message>
        <source>what-if: %1</source>
        <translation>Was-wäre-wenn: %1</translation>
    </message>
    <message>
        <source>cost model: %1</source>
        <translation>Kostenmodell: %1</translation>
    </message>
    <message>
        <source>the job would grow from %1 to %2 items, more than the %3 a what-if may hold within the memory limit (at about %4 bytes each, %5); %6</source>
        <translation>Der Job würde von %1 auf %2 Einträge wachsen, mehr als die %3, die ein Was-wäre-wenn innerhalb der Speichergrenze halten darf (bei etwa %4 Bytes je Eintrag, %5); %6</translation>
    </message>
    <message>
        <source>Runs k micro-batches of forward and backward per optimizer step, with one gradient synchronisation.</source>
        <translation>Führt k Mikro-Batches Vorwärts- und Rückwärtsrechnung pro Optimiererschritt aus, mit einer Gradientensynchronisation.</translation>
    </message>
    <message>
        <source>micro-batches per optimizer step (k)</source>
        <translation>Mikro-Batches pro Optimiererschritt (k)</translation>
    </message>
    <message>
        <source>split: the measured batch is split into k micro-batches; repeat: each micro-batch is the measured batch</source>
        <translation>split: Der gemessene Batch wird in k Mikro-Batches geteilt; repeat: Jeder Mikro-Batch ist der gemessene Batch</translation>
    </message>
    <message>
        <source>the part of a device op&apos;s time that does not shrink with fewer samples</source>
        <translation>der Teil der Zeit einer Geräte-Op, der mit weniger Samples nicht schrumpft</translation>
    </message>
    <message>
        <source>the share of a device op&apos;s time above the floor that does not shrink either (weights read once per micro-batch, partly filled waves)</source>
        <translation>der Anteil der Zeit einer Geräte-Op oberhalb des Sockels, der ebenfalls nicht schrumpft (Gewichte einmal pro Mikro-Batch gelesen, teilweise gefüllte Wellen)</translation>
    </message>
    <message>
        <source>the job has no forward or backward work in its steps (the trace marks no phases)</source>
        <translation>Der Job hat in seinen Schritten keine Vorwärts- oder Rückwärtsarbeit (der Trace markiert keine Phasen)</translation>
    </message>
    <message>
        <source>one micro-batch leaves the job as it is</source>
        <translation>Ein Mikro-Batch lässt den Job, wie er ist</translation>
    </message>
    <message>
        <source>choose fewer micro-batches</source>
        <translation>Wählen Sie weniger Mikro-Batches</translation>
    </message>
    <message>
        <source>Runs compute in 16-bit precision: kernels scaled by what bounds them, gradients halved, weight casts added.</source>
        <translation>Rechnet in 16-Bit-Genauigkeit: Kernel nach dem skaliert, was sie begrenzt, Gradienten halbiert, Gewichtsumwandlungen hinzugefügt.</translation>
    </message>
    <message>
        <source>the 16-bit type compute runs in</source>
        <translation>der 16-Bit-Typ, in dem gerechnet wird</translation>
    </message>
    <message>
        <source>time factor of matrix, convolution and attention kernels (left out: from the device&apos;s datasheet and each kernel&apos;s precision)</source>
        <translation>Zeitfaktor von Matrix-, Faltungs- und Attention-Kerneln (weggelassen: aus dem Datenblatt des Geräts und der Genauigkeit jedes Kernels)</translation>
    </message>
    <message>
        <source>time factor of normalisation, softmax and reduction kernels</source>
        <translation>Zeitfaktor von Normalisierungs-, Softmax- und Reduktionskerneln</translation>
    </message>
    <message>
        <source>time factor of elementwise and other memory-bound kernels</source>
        <translation>Zeitfaktor elementweiser und anderer speichergebundener Kernel</translation>
    </message>
    <message>
        <source>time factor of the optimizer&apos;s kernels (fp32 master weights)</source>
        <translation>Zeitfaktor der Optimiererkernel (FP32-Mastergewichte)</translation>
    </message>
    <message>
        <source>factor of the bytes of gradient transfers (backward-phase communication)</source>
        <translation>Faktor der Bytes von Gradientenübertragungen (Kommunikation der Rückwärtsphase)</translation>
    </message>
    <message>
        <source>device memory bandwidth a weight cast runs at (6 bytes per element)</source>
        <translation>Speicherbandbreite des Geräts, mit der eine Gewichtsumwandlung läuft (6 Bytes pro Element)</translation>
    </message>
    <message>
        <source>host time of each weight cast (the op and its launch)</source>
        <translation>Host-Zeit jeder Gewichtsumwandlung (die Op und ihr Start)</translation>
    </message>
    <message>
        <source>share of the activation bytes kept for backward that remains (left out: half, but where autocast runs the saving op in fp32)</source>
        <translation>Anteil der für die Rückwärtsrechnung behaltenen Aktivierungsbytes, der bleibt (weggelassen: die Hälfte, außer wo Autocast die speichernde Op in FP32 ausführt)</translation>
    </message>
    <message>
        <source>the %1 has no %2 units faster than FP32 (its datasheet): matrix kernels keep their time</source>
        <translation>Das Gerät %1 hat keine %2-Einheiten, die schneller als FP32 sind (laut Datenblatt): Matrixkernel behalten ihre Zeit</translation>
    </message>
    <message>
        <source>the trace names no device, so matrix kernels take a stated default of %1 of their time, not its datasheet&apos;s rates; set matmul_factor</source>
        <translation>Der Trace nennt kein Gerät, daher nehmen Matrixkernel einen festgelegten Standard von %1 ihrer Zeit an, nicht die Raten eines Datenblatts; setzen Sie matmul_factor</translation>
    </message>
    <message>
        <source>the device catalog does not know &apos;%1&apos;, so matrix kernels take a stated default of %2 of their time, not its datasheet&apos;s rates; set matmul_factor</source>
        <translation>Der Gerätekatalog kennt &apos;%1&apos; nicht, daher nehmen Matrixkernel einen festgelegten Standard von %2 ihrer Zeit an, nicht die Raten seines Datenblatts; setzen Sie matmul_factor</translation>
    </message>
    <message>
        <source>matrix kernels holding %1 % of the matrix time spell no precision in their names; they were taken as FP32 (PyTorch&apos;s default)</source>
        <translation>Matrixkernel mit %1 % der Matrixzeit nennen in ihren Namen keine Genauigkeit; sie wurden als FP32 angenommen (PyTorchs Standard)</translation>
    </message>
    <message>
        <source>the job has no compute kernels to scale</source>
        <translation>Der Job hat keine Rechenkernel zum Skalieren</translation>
    </message>
    <message>
        <source>%1 forward matrix ops have no recorded weight shape (record_shapes off?); their casts are left out</source>
        <translation>%1 Vorwärts-Matrix-Ops haben keine aufgezeichnete Gewichtsform (record_shapes aus?); ihre Umwandlungen werden weggelassen</translation>
    </message>
    <message>
        <source>%1 gradient transfers are measured, so their times were scaled by the bytes factor; --comm model times them by the cost model</source>
        <translation>%1 Gradientenübertragungen sind gemessen, daher wurden ihre Zeiten mit dem Bytefaktor skaliert; --comm model zeitet sie mit dem Kostenmodell</translation>
    </message>
    <message>
        <source>Sets link bandwidths and latencies, the hosts, the all-reduce algorithm and the overlap slowdown.</source>
        <translation>Setzt Bandbreiten und Latenzen der Verbindungen, die Hosts, den All-Reduce-Algorithmus und die Verlangsamung durch Überlappung.</translation>
    </message>
    <message>
        <source>NVLink bandwidth per GPU</source>
        <translation>NVLink-Bandbreite pro GPU</translation>
    </message>
    <message>
        <source>PCIe bandwidth per GPU</source>
        <translation>PCIe-Bandbreite pro GPU</translation>
    </message>
    <message>
        <source>network bandwidth per host</source>
        <translation>Netzwerkbandbreite pro Host</translation>
    </message>
    <message>
        <source>NVLink latency per algorithm step</source>
        <translation>NVLink-Latenz pro Algorithmusschritt</translation>
    </message>
    <message>
        <source>PCIe latency per algorithm step</source>
        <translation>PCIe-Latenz pro Algorithmusschritt</translation>
    </message>
    <message>
        <source>network latency per algorithm step</source>
        <translation>Netzwerklatenz pro Algorithmusschritt</translation>
    </message>
    <message>
        <source>multiplies every link&apos;s bandwidth, after the values above</source>
        <translation>multipliziert die Bandbreite jeder Verbindung, nach den Werten oben</translation>
    </message>
    <message>
        <source>ranks per host, in rank order</source>
        <translation>Ranks pro Host, in Rank-Reihenfolge</translation>
    </message>
    <message>
        <source>how GPUs in one host reach each other</source>
        <translation>wie GPUs eines Hosts einander erreichen</translation>
    </message>
    <message>
        <source>the all-reduce algorithm</source>
        <translation>der All-Reduce-Algorithmus</translation>
    </message>
    <message>
        <source>slowdown of compute while communication overlaps it (0.1: 10%)</source>
        <translation>Verlangsamung der Berechnung, während Kommunikation sie überlappt (0.1: 10%)</translation>
    </message>
    <message>
        <source>%1 bandwidth falls to %2 bytes/s (the scales of every network step multiply); at least 1000 bytes/s is modelled</source>
        <translation>Die %1-Bandbreite fällt auf %2 Bytes/s (die Skalierungen aller Netzwerkschritte multiplizieren sich); modelliert werden mindestens 1000 Bytes/s</translation>
    </message>
    <message>
        <source>Fuses runs of neighbouring compute kernels on a stream into one kernel.</source>
        <translation>Verschmilzt Folgen benachbarter Rechenkernel eines Streams zu einem Kernel.</translation>
    </message>
    <message>
        <source>kernel names that may fuse: * any characters, ? any one</source>
        <translation>Kernelnamen, die verschmelzen dürfen: * beliebige Zeichen, ? ein beliebiges</translation>
    </message>
    <message>
        <source>elementwise: elementwise, normalisation and reduction kernels (what a fusing compiler fuses); all: matrix kernels too</source>
        <translation>elementwise: elementweise, Normalisierungs- und Reduktionskernel (was ein verschmelzender Compiler verschmilzt); all: auch Matrixkernel</translation>
    </message>
    <message>
        <source>only kernels launched inside a host span of this name (a layer, a named range); empty: anywhere</source>
        <translation>nur Kernel, die innerhalb einer Host-Spanne dieses Namens gestartet wurden (eine Schicht, ein benannter Bereich); leer: überall</translation>
    </message>
    <message>
        <source>the most kernels one fused kernel takes; 0: no limit</source>
        <translation>die meisten Kernel, die ein verschmolzener Kernel aufnimmt; 0: keine Grenze</translation>
    </message>
    <message>
        <source>only these measured kernels (ids as &quot;3-9,12&quot;, as picked in the window): neighbours among them fuse; left out, any</source>
        <translation>nur diese gemessenen Kernel (IDs wie &quot;3-9,12&quot;, wie im Fenster ausgewählt): Nachbarn unter ihnen verschmelzen; weggelassen: alle</translation>
    </message>
    <message>
        <source>no two neighbouring kernels on a stream can fuse</source>
        <translation>Keine zwei benachbarten Kernel eines Streams können verschmelzen</translation>
    </message>
    <message>
        <source>%1 kernels fused into %2</source>
        <translation>%1 Kernel zu %2 verschmolzen</translation>
    </message>
    <message>
        <source>memory-bound kernels (elementwise, normalisation, layout) take %1 % of the device&apos;s kernel time, and fused kernels keep the sum of their times (ratio 1): a compiler that fuses them also saves their memory traffic and may re-plan layouts, so the job compiled may be much faster than this; set ratio for what it saves</source>
        <translation>Speichergebundene Kernel (elementweise, Normalisierung, Layout) nehmen %1 % der Kernelzeit des Geräts ein, und verschmolzene Kernel behalten die Summe ihrer Zeiten (ratio 1): Ein Compiler, der sie verschmilzt, spart auch ihren Speicherverkehr und kann Layouts neu planen, daher kann der kompilierte Job viel schneller sein; setzen Sie ratio auf das, was er spart</translation>
    </message>
    <message>
        <source>%1 tensor iterations without a total or with a partition cut short (a trace cut mid-iteration) are kept as measured</source>
        <translation>%1 Tensor-Iterationen ohne Gesamtgröße oder mit abgeschnittener Partition (ein mitten in der Iteration abgeschnittener Trace) bleiben wie gemessen</translation>
    </message>
    <message>
        <source>a BytePS job&apos;s partitions and servers are re-cut together, from the job before the first of them: the steps between tensor_partition and worker_count would be lost; give those two one after the other</source>
        <translation>Partitionen und Server eines BytePS-Jobs werden gemeinsam neu geschnitten, aus dem Job vor dem ersten von ihnen: Die Schritte zwischen tensor_partition und worker_count gingen verloren; geben Sie diese beiden direkt nacheinander an</translation>
    </message>
    <message>
        <source>Recomputes the chosen layers&apos; forward work before their backward instead of keeping activations.</source>
        <translation>Berechnet die Vorwärtsarbeit der gewählten Schichten vor ihrer Rückwärtsrechnung neu, statt Aktivierungen zu behalten.</translation>
    </message>
    <message>
        <source>the layers: auto (repeated numbered forward spans, or a layer-wise job&apos;s layers), or a pattern of span names (* and ?)</source>
        <translation>die Schichten: auto (wiederholte nummerierte Vorwärts-Spannen oder die Schichten eines schichtweisen Jobs) oder ein Muster von Spannennamen (* und ?)</translation>
    </message>
    <message>
        <source>recompute every k-th layer of each step (1: all)</source>
        <translation>jede k-te Schicht jedes Schritts neu berechnen (1: alle)</translation>
    </message>
    <message>
        <source>only the layers whose span or forward work holds one of these measured ops (ids as &quot;3-9,12&quot;, as picked in the window); left out, every layer</source>
        <translation>nur die Schichten, deren Spanne oder Vorwärtsarbeit eine dieser gemessenen Ops enthält (IDs wie &quot;3-9,12&quot;, wie im Fenster ausgewählt); weggelassen: jede Schicht</translation>
    </message>
    <message>
        <source>no layer with a backward was found (%1); name the layers&apos; spans with &apos;layers&apos;</source>
        <translation>Keine Schicht mit Rückwärtsrechnung gefunden (%1); benennen Sie die Spannen der Schichten mit &apos;layers&apos;</translation>
    </message>
    <message>
        <source>%1 of the chosen layers are recomputed by an earlier step already; they are left as they are</source>
        <translation>%1 der gewählten Schichten werden schon von einem früheren Schritt neu berechnet; sie bleiben, wie sie sind</translation>
    </message>
    <message>
        <source>%1 of %2 layer forwards recomputed (layers: %3)</source>
        <translation>%1 von %2 Schicht-Vorwärtsrechnungen neu berechnet (Schichten: %3)</translation>
    </message>
    <message>
        <source>%1 of %2 layer forwards recomputed (layers: %3; those of the chosen ops)</source>
        <translation>%1 von %2 Schicht-Vorwärtsrechnungen neu berechnet (Schichten: %3; die der gewählten Ops)</translation>
    </message>
    <message>
        <source>Makes the matched items a percentage faster (or slower).</source>
        <translation>Macht die passenden Einträge um einen Prozentsatz schneller (oder langsamer).</translation>
    </message>
    <message>
        <source>how much less of its own time each matched item takes; below zero, more</source>
        <translation>wie viel weniger ihrer eigenen Zeit jeder passende Eintrag braucht; unter null: mehr</translation>
    </message>
    <message>
        <source>item names to match: * any characters, ? any one</source>
        <translation>Namen der Einträge, die passen: * beliebige Zeichen, ? ein beliebiges</translation>
    </message>
    <message>
        <source>kind of item to match</source>
        <translation>Art der Einträge, die passen</translation>
    </message>
    <message>
        <source>global rank to match; -1 for all</source>
        <translation>globaler Rank, der passt; -1 für alle</translation>
    </message>
    <message>
        <source>only items made from these measured ops (ids as &quot;3-9,12&quot;, as picked in the window); left out, any</source>
        <translation>nur Einträge aus diesen gemessenen Ops (IDs wie &quot;3-9,12&quot;, wie im Fenster ausgewählt); weggelassen: alle</translation>
    </message>
    <message>
        <source>rank %1 is not in the job</source>
        <translation>Rank %1 ist nicht im Job</translation>
    </message>
    <message>
        <source>no item matched &apos;%1&apos; (kind %2)</source>
        <translation>Kein Eintrag passte zu &apos;%1&apos; (Art %2)</translation>
    </message>
    <message>
        <source>no item matched &apos;%1&apos; (kind %2) among the chosen ops</source>
        <translation>Kein Eintrag unter den gewählten Ops passte zu &apos;%1&apos; (Art %2)</translation>
    </message>
    <message>
        <source>%1 matched ops enclose other work: %2 items inside them (nested host work and the device work it launched) take the speed-up with them</source>
        <translation>%1 passende Ops umschließen andere Arbeit: %2 Einträge in ihnen (verschachtelte Host-Arbeit und die Gerätearbeit, die sie startete) nehmen die Beschleunigung mit</translation>
    </message>
    <message>
        <source>%1 matched ops enclose other work: %2 items inside them (nested host work) take the speed-up with them</source>
        <translation>%1 passende Ops umschließen andere Arbeit: %2 Einträge in ihnen (verschachtelte Host-Arbeit) nehmen die Beschleunigung mit</translation>
    </message>
    <message>
        <source>%1 matched transfers are timed by the cost model, which this pass does not change; the network pass does</source>
        <translation>%1 passende Übertragungen werden vom Kostenmodell gezeitet, das dieser Pass nicht ändert; der Netzwerk-Pass tut es</translation>
    </message>
    <message>
        <source>Gives one rank the median durations of the other ranks.</source>
        <translation>Gibt einem Rank die Median-Dauern der anderen Ranks.</translation>
    </message>
    <message>
        <source>global rank whose items take the other ranks&apos; median durations</source>
        <translation>globaler Rank, dessen Einträge die Median-Dauern der anderen Ranks übernehmen</translation>
    </message>
    <message>
        <source>the job has one rank: there is no other to take durations from</source>
        <translation>Der Job hat einen Rank: Es gibt keinen anderen, von dem Dauern übernommen werden können</translation>
    </message>
    <message>
        <source>%1 of rank %2&apos;s %3 items have no counterpart on the other ranks and keep their durations</source>
        <translation>%1 der %3 Einträge von Rank %2 haben auf den anderen Ranks kein Gegenstück und behalten ihre Dauern</translation>
    </message>
    <message>
        <source>%1 of rank %2&apos;s items have counterparts on fewer than half of the %3 other ranks (tracks matched by role: the main thread, the backward thread, the n-th compute stream...); their median may not be the others&apos; pace</source>
        <translation>%1 Einträge von Rank %2 haben Gegenstücke auf weniger als der Hälfte der %3 anderen Ranks (Spuren nach Rolle zugeordnet: der Hauptthread, der Rückwärtsthread, der n-te Rechen-Stream ...); ihr Median muss nicht das Tempo der anderen sein</translation>
    </message>
    <message>
        <source>Re-buckets the gradient all-reduces, by DDP&apos;s bucket_cap_mb or Horovod&apos;s fusion threshold and cycle time.</source>
        <translation>Teilt die Gradienten-All-Reduces neu in Buckets, nach bucket_cap_mb von DDP oder Fusionsschwelle und Zykluszeit von Horovod.</translation>
    </message>
    <message>
        <source>DDP style: the bucket size cap (give this or threshold_bytes)</source>
        <translation>DDP-Stil: die Obergrenze der Bucket-Größe (diese oder threshold_bytes angeben)</translation>
    </message>
    <message>
        <source>DDP style: the cap of the first bucket</source>
        <translation>DDP-Stil: die Obergrenze des ersten Buckets</translation>
    </message>
    <message>
        <source>Horovod style: the fusion threshold (give this or bucket_cap_mb)</source>
        <translation>Horovod-Stil: die Fusionsschwelle (diese oder bucket_cap_mb angeben)</translation>
    </message>
    <message>
        <source>Horovod style: the cycle time; tensors ready in one cycle fuse</source>
        <translation>Horovod-Stil: die Zykluszeit; in einem Zyklus bereite Tensoren verschmelzen</translation>
    </message>
    <message>
        <source>%1 gradient all-reduces become %2 (%3)</source>
        <translation>%1 Gradienten-All-Reduces werden zu %2 (%3)</translation>
    </message>
    <message>
        <source>%1 waits on measured buckets by work that began before a new bucket could be ready were dropped</source>
        <translation>%1 Wartezeiten auf gemessene Buckets durch Arbeit, die begann, bevor ein neuer Bucket bereit sein konnte, wurden verworfen</translation>
    </message>
    <message>
        <source>pieces of %1 bytes would add %2 items, more than %3; choose larger pieces</source>
        <translation>Stücke von %1 Bytes würden %2 Einträge hinzufügen, mehr als %3; wählen Sie größere Stücke</translation>
    </message>
    <message>
        <source>tensor %1: %2 partitions of measured_partition_bytes %3 bytes exceed 2^63 bytes; give the partition size the job used</source>
        <translation>Tensor %1: %2 Partitionen von measured_partition_bytes %3 Bytes überschreiten 2^63 Bytes; geben Sie die Partitionsgröße an, die der Job verwendete</translation>
    </message>
    <message>
        <source>%1 BytePS tensor iterations re-cut from %2 partitions of %3 bytes (as measured, taken as full) into %4 pieces of %5 bytes at most</source>
        <translation>%1 BytePS-Tensor-Iterationen neu geschnitten: aus %2 Partitionen von %3 Bytes (wie gemessen, als voll angenommen) in %4 Stücke von höchstens %5 Bytes</translation>
    </message>
    <message>
        <source>Splits every gradient all-reduce larger than the partition size into pieces.</source>
        <translation>Teilt jedes Gradienten-All-Reduce, das größer als die Partitionsgröße ist, in Stücke.</translation>
    </message>
    <message>
        <source>the largest piece (BytePS&apos;s default: 4 096 000 bytes)</source>
        <translation>das größte Stück (BytePS-Standard: 4 096 000 Bytes)</translation>
    </message>
    <message>
        <source>concurrent: the pieces run at once, sharing bandwidth (BytePS); sequential: one after the other on the stream</source>
        <translation>concurrent: Die Stücke laufen gleichzeitig und teilen sich die Bandbreite (BytePS); sequential: eines nach dem anderen auf dem Stream</translation>
    </message>
    <message>
        <source>BytePS jobs: the partition size the trace was recorded with (BytePS traces record no sizes)</source>
        <translation>BytePS-Jobs: die Partitionsgröße, mit der der Trace aufgezeichnet wurde (BytePS-Traces zeichnen keine Größen auf)</translation>
    </message>
    <message>
        <source>%1 of %2 gradient all-reduces split into pieces of %3 bytes at most</source>
        <translation>%1 von %2 Gradienten-All-Reduces in Stücke von höchstens %3 Bytes geteilt</translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now: each server&apos;s load is as measured, so the job runs as measured</source>
        <translation>BytePS-Worker mit %1 GPUs, %2 gemessen, %3 jetzt: Die Last jedes Servers ist wie gemessen, daher läuft der Job wie gemessen</translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now, sharing %4 servers: pushes and pulls take %5x their measured service</source>
        <translation>BytePS-Worker mit %1 GPUs, %2 gemessen, %3 jetzt, die sich %4 Server teilen: Pushes und Pulls brauchen das %5-fache ihrer gemessenen Bedienzeit</translation>
    </message>
    <message>
        <source>BytePS workers of %1 GPUs, %2 measured, %3 now, with a server per worker (as BytePS deploys them): pushes and pulls take %4x their measured service</source>
        <translation>BytePS-Worker mit %1 GPUs, %2 gemessen, %3 jetzt, mit einem Server pro Worker (wie BytePS sie verteilt): Pushes und Pulls brauchen das %4-fache ihrer gemessenen Bedienzeit</translation>
    </message>
    <message>
        <source>Scales data parallelism to another number of ranks, with collectives re-timed for the new group.</source>
        <translation>Skaliert die Datenparallelität auf eine andere Zahl von Ranks, mit kollektiven Operationen, die für die neue Gruppe neu gezeitet werden.</translation>
    </message>
    <message>
        <source>the number of data-parallel ranks</source>
        <translation>die Zahl der datenparallelen Ranks</translation>
    </message>
    <message>
        <source>ranks per host for the new ranks; left out: as measured</source>
        <translation>Ranks pro Host für die neuen Ranks; weggelassen: wie gemessen</translation>
    </message>
    <message>
        <source>the data-parallel group spans %1 of the job&apos;s %2 ranks: &apos;workers&apos; must make whole copies of the other groups (a multiple of %3)</source>
        <translation>Die datenparallele Gruppe umfasst %1 der %2 Ranks des Jobs: &apos;workers&apos; muss ganze Kopien der anderen Gruppen ergeben (ein Vielfaches von %3)</translation>
    </message>
    <message>
        <source>%1 workers of a data-parallel group of %2 in a world of %3 ranks make %4 ranks; at most %5 are modelled</source>
        <translation>%1 Worker einer datenparallelen Gruppe von %2 in einer Welt von %3 Ranks ergeben %4 Ranks; modelliert werden höchstens %5</translation>
    </message>
    <message>
        <source>the job has no data-parallel collective: the added ranks run alongside it and synchronise nothing (the gradient all-reduce that data parallelism adds is not in the trace to be scaled)</source>
        <translation>Der Job hat keine datenparallele kollektive Operation: Die hinzugefügten Ranks laufen daneben her und synchronisieren nichts (das Gradienten-All-Reduce, das Datenparallelität hinzufügt, ist nicht im Trace, um skaliert zu werden)</translation>
    </message>
    <message>
        <source>the job computes on its host: the added ranks would share the host&apos;s cores with the measured ones, which the pass does not model (one rank per core or more makes each step up to %1/%2 as long)</source>
        <translation>Der Job rechnet auf seinem Host: Die hinzugefügten Ranks teilten sich die Kerne des Hosts mit den gemessenen, was der Pass nicht modelliert (ein Rank pro Kern oder mehr macht jeden Schritt bis zu %1/%2 so lang)</translation>
    </message>
    <message>
        <source>%1 collectives whose role the trace does not tell span every rank and are taken as data-parallel</source>
        <translation>%1 kollektive Operationen, deren Rolle der Trace nicht nennt, umfassen alle Ranks und werden als datenparallel angenommen</translation>
    </message>
    <message>
        <source>%1 collectives of other parallelism (%2 in all) keep their groups&apos; sizes</source>
        <translation>%1 kollektive Operationen anderer Parallelität (%2 insgesamt) behalten die Größen ihrer Gruppen</translation>
    </message>
    <message>
        <source>the job holds %1 of %2 ranks; %3 data-parallel transfers with peers outside the trace now span a group of %4</source>
        <translation>Der Job enthält %1 von %2 Ranks; %3 datenparallele Übertragungen mit Partnern außerhalb des Traces umfassen jetzt eine Gruppe von %4</translation>
    </message>
    <message>
        <source>choose fewer workers</source>
        <translation>Wählen Sie weniger Worker</translation>
    </message>
    <message>
        <source>%1 collectives of other parallelism have only some of their ranks copied (the workers make a partial copy of the job); those parts keep their measured times</source>
        <translation>%1 kollektive Operationen anderer Parallelität haben nur einige ihrer Ranks kopiert (die Worker ergeben eine Teilkopie des Jobs); diese Teile behalten ihre gemessenen Zeiten</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a number</source>
        <translation>Parameter &apos;%1&apos; erwartet eine Zahl</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a whole number</source>
        <translation>Parameter &apos;%1&apos; erwartet eine ganze Zahl</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; must lie in %2</source>
        <translation>Parameter &apos;%1&apos; muss in %2 liegen</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants a text</source>
        <translation>Parameter &apos;%1&apos; erwartet einen Text</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; holds %2 characters; a name or pattern has at most %3</source>
        <translation>Parameter &apos;%1&apos; hat %2 Zeichen; ein Name oder Muster hat höchstens %3</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is one of %2, not &apos;%3&apos;</source>
        <translation>Parameter &apos;%1&apos; ist einer von %2, nicht &apos;%3&apos;</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; wants op ids, as text such as &quot;3-9,12&quot;</source>
        <translation>Parameter &apos;%1&apos; erwartet Op-IDs, als Text wie &quot;3-9,12&quot;</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos;: %2</source>
        <translation>Parameter &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>unknown parameter &apos;%1&apos;</source>
        <translation>unbekannter Parameter &apos;%1&apos;</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; is required</source>
        <translation>Parameter &apos;%1&apos; ist erforderlich</translation>
    </message>
    <message>
        <source>step %1 (%2): %3</source>
        <translation>Schritt %1 (%2): %3</translation>
    </message>
    <message>
        <source>step %1: unknown pass &apos;%2&apos;</source>
        <translation>Schritt %1: unbekannter Pass &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 is one already; a strategy holds one %2 step, as a second would redo the first on its own output</source>
        <translation>%1 ist bereits einer; eine Strategie hat einen %2-Schritt, da ein zweiter den ersten auf dessen eigener Ausgabe wiederholen würde</translation>
    </message>
    <message>
        <source>the layer-wise profile&apos;s layers</source>
        <translation>die Schichten des schichtweisen Profils</translation>
    </message>
    <message>
        <source>the layer-wise profile&apos;s layers matching &apos;%1&apos;</source>
        <translation>die Schichten des schichtweisen Profils, die zu &apos;%1&apos; passen</translation>
    </message>
    <message>
        <source>no repeated numbered annotation to take as layers</source>
        <translation>keine wiederholte nummerierte Annotation, die als Schichten gelten kann</translation>
    </message>
    <message>
        <source>the forward spans named %1N</source>
        <translation>die Vorwärts-Spannen namens %1N</translation>
    </message>
    <message>
        <source>the forward spans matching &apos;%1&apos;</source>
        <translation>die Vorwärts-Spannen, die zu &apos;%1&apos; passen</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>%1 all-reduces taken as gradients though nothing in the trace ties them to gradients</source>
        <translation>%1 All-Reduces als Gradienten angenommen, obwohl nichts im Trace sie an Gradienten bindet</translation>
    </message>
    <message>
        <source>%1 all-reduces of other parallelism (tensor-parallel and the like) left as they are</source>
        <translation>%1 All-Reduces anderer Parallelität (Tensor-Parallelität und dergleichen) bleiben, wie sie sind</translation>
    </message>
    <message>
        <source>gradients from the AccumulateGrad ops and their recorded shapes</source>
        <translation>Gradienten aus den AccumulateGrad-Ops und ihren aufgezeichneten Formen</translation>
    </message>
    <message>
        <source>one tensor per measured all-reduce (the trace records no gradient shapes the same on every rank)</source>
        <translation>ein Tensor pro gemessenem All-Reduce (der Trace zeichnet keine auf allen Ranks gleichen Gradientenformen auf)</translation>
    </message>
    <message>
        <source>%1 data-parallel groups</source>
        <translation>%1 datenparallele Gruppen</translation>
    </message>
    <message>
        <source>%1 AccumulateGrad ops without a dense shape left out</source>
        <translation>%1 AccumulateGrad-Ops ohne dichte Form weggelassen</translation>
    </message>
    <message>
        <source>each rank&apos;s own all-reduce transfers (their peers are outside the job); overlapping transfers are one fused bucket</source>
        <translation>die eigenen All-Reduce-Übertragungen jedes Ranks (ihre Partner sind außerhalb des Jobs); überlappende Übertragungen sind ein verschmolzener Bucket</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>Ist ein Ordner, keine Datei</translation>
    </message>
    <message>
        <source>is a FIFO (named pipe), not a regular file</source>
        <translation>Ist ein FIFO (Named Pipe), keine reguläre Datei</translation>
    </message>
    <message>
        <source>is a character device, not a regular file</source>
        <translation>Ist ein zeichenorientiertes Gerät, keine reguläre Datei</translation>
    </message>
    <message>
        <source>is a block device, not a regular file</source>
        <translation>Ist ein Blockgerät, keine reguläre Datei</translation>
    </message>
    <message>
        <source>is a socket, not a regular file</source>
        <translation>Ist ein Socket, keine reguläre Datei</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>Ist keine reguläre Datei</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>Trace</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>export manifest</source>
        <translation>Export-Manifest</translation>
    </message>
    <message>
        <source>a %1 file holds at most %2 bytes; this one has %3</source>
        <translation>Eine %1-Datei enthält höchstens %2 Bytes; diese hat %3</translation>
    </message>
    <message>
        <source>a %1 file holds at most %2 bytes; this one has %3 or more</source>
        <translation>Eine %1-Datei enthält höchstens %2 Bytes; diese hat %3 oder mehr</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>Die Datei ist leer</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>is a folder, not a file to write</source>
        <translation>Ist ein Ordner, keine Datei zum Schreiben</translation>
    </message>
    <message>
        <source>exists and is not a regular file: only a regular file is replaced</source>
        <translation>Existiert und ist keine reguläre Datei: Nur eine reguläre Datei wird ersetzt</translation>
    </message>
    <message>
        <source>cannot create a file in %1</source>
        <translation>In %1 kann keine Datei angelegt werden</translation>
    </message>
    <message>
        <source>not open</source>
        <translation>Nicht geöffnet</translation>
    </message>
    <message>
        <source>cannot write</source>
        <translation>Kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>cannot flush to disk</source>
        <translation>Daten können nicht auf den Datenträger geschrieben werden</translation>
    </message>
    <message>
        <source>cannot close</source>
        <translation>Kann nicht geschlossen werden</translation>
    </message>
    <message>
        <source>cannot replace the file</source>
        <translation>Die Datei kann nicht ersetzt werden</translation>
    </message>
    <message>
        <source>%1 would need about %2 of memory, above the limit of %3 (--max-memory-gb)</source>
        <translation>%1 würde etwa %2 Speicher benötigen, mehr als die Grenze von %3 (--max-memory-gb) erlaubt</translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto) or Chrome trace JSON</source>
        <translation>PyTorch-Profiler- (Kineto) oder Chrome-Trace-JSON</translation>
    </message>
    <message>
        <source>Horovod timeline (HOROVOD_TIMELINE)</source>
        <translation>Horovod-Zeitleiste (HOROVOD_TIMELINE)</translation>
    </message>
    <message>
        <source>BytePS communication timeline</source>
        <translation>BytePS-Kommunikationszeitleiste</translation>
    </message>
    <message>
        <source>TensorFlow 1.x timeline</source>
        <translation>TensorFlow-1.x-Zeitleiste</translation>
    </message>
    <message>
        <source>the JSON text ends early (%1: %2)</source>
        <translation>Der JSON-Text endet vorzeitig (%1: %2)</translation>
    </message>
    <message>
        <source>the text is %1; traces are read as UTF-8</source>
        <translation>Der Text ist %1; Traces werden als UTF-8 gelesen</translation>
    </message>
    <message>
        <source>the file holds only whitespace</source>
        <translation>Die Datei enthält nur Leerraum</translation>
    </message>
    <message>
        <source>not JSON: a trace starts with &apos;{&apos; or &apos;[&apos;</source>
        <translation>Kein JSON: Ein Trace beginnt mit &apos;{&apos; oder &apos;[&apos;</translation>
    </message>
    <message>
        <source>the JSON object has no &quot;traceEvents&quot; array</source>
        <translation>Das JSON-Objekt hat kein Array &quot;traceEvents&quot;</translation>
    </message>
    <message>
        <source>the JSON document is neither an object nor an array of events</source>
        <translation>Das JSON-Dokument ist weder ein Objekt noch ein Array von Ereignissen</translation>
    </message>
    <message>
        <source>text follows the end of the JSON document</source>
        <translation>Auf das Ende des JSON-Dokuments folgt weiterer Text</translation>
    </message>
    <message>
        <source>the trace holds no events</source>
        <translation>Der Trace enthält keine Ereignisse</translation>
    </message>
    <message>
        <source>the trace holds only metadata events</source>
        <translation>Der Trace enthält nur Metadaten-Ereignisse</translation>
    </message>
    <message>
        <source>no usable event (%1 skipped; first problem: %2)</source>
        <translation>Kein brauchbares Ereignis (%1 übersprungen; erstes Problem: %2)</translation>
    </message>
    <message>
        <source>&quot;traceEvents&quot; is not an array</source>
        <translation>&quot;traceEvents&quot; ist kein Array</translation>
    </message>
    <message>
        <source>the document holds &quot;traceEvents&quot; more than once; the events of each are read</source>
        <translation>Das Dokument enthält &quot;traceEvents&quot; mehrfach; die Ereignisse aller Vorkommen werden gelesen</translation>
    </message>
    <message>
        <source>baseTimeNanoseconds is not an integer number of nanoseconds; ignored</source>
        <translation>baseTimeNanoseconds ist keine ganze Zahl von Nanosekunden; ignoriert</translation>
    </message>
    <message>
        <source>the host name is not a string; ignored</source>
        <translation>Der Hostname ist keine Zeichenkette; ignoriert</translation>
    </message>
    <message>
        <source>deviceProperties is not an array; ignored</source>
        <translation>deviceProperties ist kein Array; ignoriert</translation>
    </message>
    <message>
        <source>devices in deviceProperties that are not objects; skipped</source>
        <translation>Geräte in deviceProperties, die keine Objekte sind; übersprungen</translation>
    </message>
    <message>
        <source>devices in deviceProperties without a device number &quot;id&quot; and a byte count &quot;totalGlobalMem&quot; that fit; skipped</source>
        <translation>Geräte in deviceProperties ohne eine Gerätenummer &quot;id&quot; und eine Byteanzahl &quot;totalGlobalMem&quot;, die in den Wertebereich passen; übersprungen</translation>
    </message>
    <message>
        <source>distributedInfo is not an object; ignored</source>
        <translation>distributedInfo ist kein Objekt; ignoriert</translation>
    </message>
    <message>
        <source>distributedInfo.rank is not a rank number; ignored</source>
        <translation>distributedInfo.rank ist keine Rank-Nummer; ignoriert</translation>
    </message>
    <message>
        <source>distributedInfo.world_size is not a positive count; ignored</source>
        <translation>distributedInfo.world_size ist keine positive Anzahl; ignoriert</translation>
    </message>
    <message>
        <source>distributedInfo.pg_config is not an array; ignored</source>
        <translation>distributedInfo.pg_config ist kein Array; ignoriert</translation>
    </message>
    <message>
        <source>process groups in distributedInfo.pg_config that are not objects; skipped</source>
        <translation>Prozessgruppen in distributedInfo.pg_config, die keine Objekte sind; übersprungen</translation>
    </message>
    <message>
        <source>process group fields that are not strings; ignored</source>
        <translation>Prozessgruppenfelder, die keine Zeichenketten sind; ignoriert</translation>
    </message>
    <message>
        <source>process group ranks that are not an array; ignored</source>
        <translation>Prozessgruppen-Ranks, die kein Array sind; ignoriert</translation>
    </message>
    <message>
        <source>process group ranks that are not rank numbers; ignored</source>
        <translation>Prozessgruppen-Ranks, die keine Rank-Nummern sind; ignoriert</translation>
    </message>
    <message>
        <source>the first piece opens with no event</source>
        <translation>Das erste Teilstück beginnt ohne Ereignis</translation>
    </message>
    <message>
        <source>the JSON array does not hold trace events</source>
        <translation>Das JSON-Array enthält keine Trace-Ereignisse</translation>
    </message>
    <message>
        <source>an event is not a JSON object; skipped</source>
        <translation>Ein Ereignis ist kein JSON-Objekt; übersprungen</translation>
    </message>
    <message>
        <source>allocator events (&quot;[memory]&quot;) without a usable &quot;Bytes&quot;; not counted</source>
        <translation>Allokator-Ereignisse (&quot;[memory]&quot;) ohne brauchbares Feld &quot;Bytes&quot;; nicht gezählt</translation>
    </message>
    <message>
        <source>allocator events (&quot;[memory]&quot;) of a petabyte or more; not counted</source>
        <translation>Allokator-Ereignisse (&quot;[memory]&quot;) von einem Petabyte oder mehr; nicht gezählt</translation>
    </message>
    <message>
        <source>events with a field of the wrong type (&quot;%1&quot;); skipped</source>
        <translation>Ereignisse mit einem Feld des falschen Typs (&quot;%1&quot;); übersprungen</translation>
    </message>
    <message>
        <source>events with a field of the wrong type (&quot;%1&quot;); the field is ignored</source>
        <translation>Ereignisse mit einem Feld des falschen Typs (&quot;%1&quot;); das Feld wird ignoriert</translation>
    </message>
    <message>
        <source>events with an argument of the wrong type (&quot;%1&quot;); the argument is ignored</source>
        <translation>Ereignisse mit einem Argument des falschen Typs (&quot;%1&quot;); das Argument wird ignoriert</translation>
    </message>
    <message>
        <source>events with an argument out of range (&quot;%1&quot;); the argument is ignored</source>
        <translation>Ereignisse mit einem Argument außerhalb des zulässigen Bereichs (&quot;%1&quot;); das Argument wird ignoriert</translation>
    </message>
    <message>
        <source>metadata events whose args.name or args.labels is not a string; ignored</source>
        <translation>Metadaten-Ereignisse, deren args.name oder args.labels keine Zeichenkette ist; ignoriert</translation>
    </message>
    <message>
        <source>events without &quot;ph&quot;; skipped</source>
        <translation>Ereignisse ohne &quot;ph&quot;; übersprungen</translation>
    </message>
    <message>
        <source>events without &quot;ts&quot;; skipped</source>
        <translation>Ereignisse ohne &quot;ts&quot;; übersprungen</translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; is not a representable number; skipped</source>
        <translation>Ereignisse, deren &quot;ts&quot; keine darstellbare Zahl ist; übersprungen</translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; is not a number; skipped</source>
        <translation>Ereignisse, deren &quot;ts&quot; keine Zahl ist; übersprungen</translation>
    </message>
    <message>
        <source>events whose &quot;ts&quot; lies more than 2^62 ns (146 years) from zero; skipped</source>
        <translation>Ereignisse, deren &quot;ts&quot; mehr als 2^62 ns (146 Jahre) von null entfernt liegt; übersprungen</translation>
    </message>
    <message>
        <source>complete events (ph X) without &quot;dur&quot;; skipped</source>
        <translation>Complete-Ereignisse (ph X) ohne &quot;dur&quot;; übersprungen</translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a representable number; skipped</source>
        <translation>Ereignisse, deren &quot;dur&quot; keine darstellbare Zahl ist; übersprungen</translation>
    </message>
    <message>
        <source>events whose &quot;dur&quot; is not a number; skipped</source>
        <translation>Ereignisse, deren &quot;dur&quot; keine Zahl ist; übersprungen</translation>
    </message>
    <message>
        <source>events with a negative duration; skipped</source>
        <translation>Ereignisse mit negativer Dauer; übersprungen</translation>
    </message>
    <message>
        <source>events ending more than 2^62 ns (146 years) from zero; skipped</source>
        <translation>Ereignisse, die mehr als 2^62 ns (146 Jahre) von null entfernt enden; übersprungen</translation>
    </message>
    <message>
        <source>end events (ph E) without a matching begin; skipped</source>
        <translation>End-Ereignisse (ph E) ohne passenden Beginn; übersprungen</translation>
    </message>
    <message>
        <source>end events (ph E) before their begin; ended at the begin</source>
        <translation>End-Ereignisse (ph E) vor ihrem Beginn; am Beginn beendet</translation>
    </message>
    <message>
        <source>async end events without a matching begin; skipped</source>
        <translation>Asynchrone End-Ereignisse ohne passenden Beginn; übersprungen</translation>
    </message>
    <message>
        <source>flow events without &quot;id&quot;; skipped</source>
        <translation>Flow-Ereignisse ohne &quot;id&quot;; übersprungen</translation>
    </message>
    <message>
        <source>events of phase &apos;%1&apos; are not represented; skipped</source>
        <translation>Ereignisse der Phase &apos;%1&apos; werden nicht dargestellt; übersprungen</translation>
    </message>
    <message>
        <source>object events (ph N, O, D) without &quot;id&quot;; skipped</source>
        <translation>Objekt-Ereignisse (ph N, O, D) ohne &quot;id&quot;; übersprungen</translation>
    </message>
    <message>
        <source>events whose &quot;shape&quot; is not a list of whole numbers; the shape is ignored</source>
        <translation>Ereignisse, deren &quot;shape&quot; keine Liste ganzer Zahlen ist; die Form wird ignoriert</translation>
    </message>
    <message>
        <source>begin events never ended; they run to the end of the trace</source>
        <translation>Nie beendete Beginn-Ereignisse; sie laufen bis zum Ende des Traces</translation>
    </message>
    <message>
        <source>a second events array after the split one</source>
        <translation>Ein zweites Ereignis-Array nach dem geteilten</translation>
    </message>
    <message>
        <source>an escaped top-level key after the split array</source>
        <translation>Ein maskierter Schlüssel der obersten Ebene nach dem geteilten Array</translation>
    </message>
    <message>
        <source>a piece holds more than its array</source>
        <translation>Ein Teilstück enthält mehr als sein Array</translation>
    </message>
    <message>
        <source>the event array is not closed (streaming writer); read to its end</source>
        <translation>Das Ereignis-Array ist nicht geschlossen (Streaming-Schreiber); bis zu seinem Ende gelesen</translation>
    </message>
    <message>
        <source>out of memory closing the event array</source>
        <translation>Arbeitsspeicher erschöpft beim Schließen des Ereignis-Arrays</translation>
    </message>
    <message>
        <source>the event array is not closed and ends with an incomplete event; read up to the last complete event</source>
        <translation>Das Ereignis-Array ist nicht geschlossen und endet mit einem unvollständigen Ereignis; bis zum letzten vollständigen Ereignis gelesen</translation>
    </message>
    <message>
        <source>dependencies naming ops the trace does not have; ignored</source>
        <translation>Abhängigkeiten, die Ops nennen, die der Trace nicht enthält; ignoriert</translation>
    </message>
    <message>
        <source>the metadata ends early</source>
        <translation>Die Metadaten enden vorzeitig</translation>
    </message>
    <message>
        <source>the metadata is not JSON</source>
        <translation>Die Metadaten sind kein JSON</translation>
    </message>
    <message>
        <source>the metadata is not a JSON object</source>
        <translation>Die Metadaten sind kein JSON-Objekt</translation>
    </message>
    <message>
        <source>gradient_name_list is not a list</source>
        <translation>gradient_name_list ist keine Liste</translation>
    </message>
    <message>
        <source>gradient_name_list holds something other than names</source>
        <translation>gradient_name_list enthält etwas anderes als Namen</translation>
    </message>
    <message>
        <source>the GPU&apos;s folder holds no trace</source>
        <translation>Der Ordner der GPU enthält keinen Trace</translation>
    </message>
    <message>
        <source>the GPU&apos;s folder holds more than one trace</source>
        <translation>Der Ordner der GPU enthält mehr als einen Trace</translation>
    </message>
    <message>
        <source>args.step must be a whole number from 0 to 2147483647 (the iteration of a dPRO op); %1 event(s) give something else</source>
        <translation>args.step muss eine ganze Zahl von 0 bis 2147483647 sein (die Iteration einer dPRO-Op); %1 Ereignis(se) geben etwas anderes an</translation>
    </message>
    <message>
        <source>a dPRO job is one folder</source>
        <translation>Ein dPRO-Job ist ein einzelner Ordner</translation>
    </message>
    <message>
        <source>the folder holds no host*/&lt;gpu&gt;/ folders</source>
        <translation>Der Ordner enthält keine Ordner host*/&lt;gpu&gt;/</translation>
    </message>
    <message>
        <source>dPRO trace folder (host*/&lt;gpu&gt;/ with FW/BW/Comm/UPDATE traces)</source>
        <translation>dPRO-Trace-Ordner (host*/&lt;gpu&gt;/ mit FW/BW/Comm/UPDATE-Traces)</translation>
    </message>
    <message>
        <source>the decoded text of the job exceeds the limit of %1 (--max-decoded-gb; by default half of --max-memory-gb)</source>
        <translation>Der dekodierte Text des Jobs überschreitet die Grenze von %1 (--max-decoded-gb; standardmäßig die Hälfte von --max-memory-gb)</translation>
    </message>
    <message>
        <source>the decoded text exceeds 4 GiB, the most one file can hold</source>
        <translation>Der dekodierte Text überschreitet 4 GiB, das Maximum für eine Datei</translation>
    </message>
    <message>
        <source>out of memory after decoding %1 of text</source>
        <translation>Arbeitsspeicher erschöpft nach dem Dekodieren von %1 Text</translation>
    </message>
    <message>
        <source>the file exceeds 4 GiB, the most one file can hold</source>
        <translation>Die Datei überschreitet 4 GiB, das Maximum für eine Datei</translation>
    </message>
    <message>
        <source>out of memory for the file&apos;s text</source>
        <translation>Nicht genug Arbeitsspeicher für den Text der Datei</translation>
    </message>
    <message>
        <source>zlib initialisation failed</source>
        <translation>Initialisierung von zlib fehlgeschlagen</translation>
    </message>
    <message>
        <source>corrupt gzip data</source>
        <translation>Beschädigte gzip-Daten</translation>
    </message>
    <message>
        <source>gzip stream is truncated</source>
        <translation>Der gzip-Stream ist abgeschnitten</translation>
    </message>
    <message>
        <source>zstd stream is truncated</source>
        <translation>Der zstd-Stream ist abgeschnitten</translation>
    </message>
    <message>
        <source>the file decodes to no text</source>
        <translation>Die Datei ergibt dekodiert keinen Text</translation>
    </message>
    <message>
        <source>the file was truncated by another program while it was read</source>
        <translation>Die Datei wurde während des Lesens von einem anderen Programm gekürzt</translation>
    </message>
    <message>
        <source>no &quot;graph [&quot; in the file</source>
        <translation>Kein &quot;graph [&quot; in der Datei</translation>
    </message>
    <message>
        <source>a key was expected</source>
        <translation>Ein Schlüssel wurde erwartet</translation>
    </message>
    <message>
        <source>an edge names node %1, which the graph does not have</source>
        <translation>Eine Kante nennt den Knoten %1, den der Graph nicht enthält</translation>
    </message>
    <message>
        <source>not GML text here</source>
        <translation>Hier steht kein GML-Text</translation>
    </message>
    <message>
        <source>the file ends where a value was expected</source>
        <translation>Die Datei endet, wo ein Wert erwartet wurde</translation>
    </message>
    <message>
        <source>a value was expected</source>
        <translation>Ein Wert wurde erwartet</translation>
    </message>
    <message>
        <source>lists nested more than %1 deep</source>
        <translation>Mehr als %1 Ebenen tief verschachtelte Listen</translation>
    </message>
    <message>
        <source>a list is not closed</source>
        <translation>Eine Liste ist nicht geschlossen</translation>
    </message>
    <message>
        <source>the graph&apos;s list is not closed</source>
        <translation>Die Liste des Graphen ist nicht geschlossen</translation>
    </message>
    <message>
        <source>a node without a whole-number id</source>
        <translation>Ein Knoten ohne ganzzahlige ID</translation>
    </message>
    <message>
        <source>two nodes with id %1</source>
        <translation>Zwei Knoten mit ID %1</translation>
    </message>
    <message>
        <source>an edge without a whole-number source and target</source>
        <translation>Eine Kante ohne ganzzahlige Quelle und ganzzahliges Ziel</translation>
    </message>
    <message>
        <source>the timeline holds only the background loop&apos;s cycles: no tensor was negotiated</source>
        <translation>Die Zeitleiste enthält nur die Zyklen der Hintergrundschleife: Kein Tensor wurde ausgehandelt</translation>
    </message>
    <message>
        <source>readiness events naming a rank of 2^20 or more; kept as plain events</source>
        <translation>Bereitschaftsereignisse, die einen Rank von 2^20 oder mehr nennen; als einfache Ereignisse behalten</translation>
    </message>
    <message>
        <source>readiness events name %1 ranks, the highest %2: the world size is taken as %3, though %4 of its ranks never report ready</source>
        <translation>Bereitschaftsereignisse nennen %1 Ranks, der höchste %2: Als Weltgröße wird %3 angenommen, obwohl %4 ihrer Ranks nie Bereitschaft melden</translation>
    </message>
    <message>
        <source>tensors of a type whose size is not known; their bytes are 0</source>
        <translation>Tensoren eines Typs, dessen Größe unbekannt ist; ihre Bytes sind 0</translation>
    </message>
    <message>
        <source>this kind of file (%1) is not read as one rank of a job</source>
        <translation>Diese Art Datei (%1) wird nicht als ein Rank eines Jobs gelesen</translation>
    </message>
    <message>
        <source>this kind of file (%1) is read as one rank of a job, not as a whole job</source>
        <translation>Diese Art Datei (%1) wird als ein Rank eines Jobs gelesen, nicht als ganzer Job</translation>
    </message>
    <message>
        <source>unrecognised format; readable formats are %1</source>
        <translation>Unbekanntes Format; lesbare Formate sind %1</translation>
    </message>
    <message>
        <source>plain Chrome trace</source>
        <translation>einfacher Chrome-Trace</translation>
    </message>
    <message>
        <source>PyTorch profiler (Kineto) trace</source>
        <translation>PyTorch-Profiler-Trace (Kineto)</translation>
    </message>
    <message>
        <source>the file declares a world size of %1, %2 one of %3; the world size is taken as %4</source>
        <translation>Die Datei gibt eine Weltgröße von %1 an, %2 eine von %3; als Weltgröße wird %4 angenommen</translation>
    </message>
    <message>
        <source>rank %1 is not below the world size %2 the file declares; the world size is taken as %3</source>
        <translation>Rank %1 ist nicht kleiner als die von der Datei angegebene Weltgröße %2; als Weltgröße wird %3 angenommen</translation>
    </message>
    <message>
        <source>a job needs one rank per part</source>
        <translation>Ein Job braucht einen Rank pro Teil</translation>
    </message>
    <message>
        <source>distributedInfo.world_size %1 is not below %2; ignored</source>
        <translation>distributedInfo.world_size %1 ist nicht kleiner als %2; ignoriert</translation>
    </message>
    <message>
        <source>more than 4 billion events in one job</source>
        <translation>Mehr als 4 Milliarden Ereignisse in einem Job</translation>
    </message>
    <message>
        <source>the trace model of %1 ops from %2 files</source>
        <translation>Das Trace-Modell von %1 Ops aus %2 Dateien</translation>
    </message>
    <message>
        <source>a string holds a NUL byte</source>
        <translation>Eine Zeichenkette enthält ein NUL-Byte</translation>
    </message>
    <message>
        <source>a string holds the raw control character %1</source>
        <translation>Eine Zeichenkette enthält das rohe Steuerzeichen %1</translation>
    </message>
    <message>
        <source>the text is not valid UTF-8 (byte %1)</source>
        <translation>Der Text ist kein gültiges UTF-8 (Byte %1)</translation>
    </message>
    <message>
        <source>a string holds an invalid escape (a backslash before byte %1)</source>
        <translation>Eine Zeichenkette enthält eine ungültige Escape-Sequenz (einen Backslash vor Byte %1)</translation>
    </message>
    <message>
        <source>values are nested deeper than %1 levels</source>
        <translation>Werte sind tiefer als %1 Ebenen verschachtelt</translation>
    </message>
    <message>
        <source>a %1 closes nothing</source>
        <translation>Ein %1 schließt nichts</translation>
    </message>
    <message>
        <source>a %1 closes the &apos;%2&apos; opened at byte %3</source>
        <translation>Ein %1 schließt das bei Byte %3 geöffnete &apos;%2&apos;</translation>
    </message>
    <message>
        <source>a NUL byte outside any string</source>
        <translation>Ein NUL-Byte außerhalb jeder Zeichenkette</translation>
    </message>
    <message>
        <source>a layer-wise profile describes a whole job and cannot be combined with other files</source>
        <translation>Ein schichtweises Profil beschreibt einen ganzen Job und kann nicht mit anderen Dateien kombiniert werden</translation>
    </message>
    <message>
        <source>the profile has no layers</source>
        <translation>Das Profil hat keine Schichten</translation>
    </message>
    <message>
        <source>worker count %1 (the profile&apos;s) is not in [1, %2]</source>
        <translation>Worker-Anzahl %1 (die des Profils) liegt nicht in [1, %2]</translation>
    </message>
    <message>
        <source>worker count %1 is not in [1, %2]</source>
        <translation>Worker-Anzahl %1 liegt nicht in [1, %2]</translation>
    </message>
    <message>
        <source>iteration count %1 is not in [1, %2]</source>
        <translation>Iterationsanzahl %1 liegt nicht in [1, %2]</translation>
    </message>
    <message>
        <source>bandwidth must be a finite number of GB/s, 0 or more</source>
        <translation>Die Bandbreite muss eine endliche Zahl von GB/s sein, 0 oder mehr</translation>
    </message>
    <message>
        <source>latency must not be negative</source>
        <translation>Die Latenz darf nicht negativ sein</translation>
    </message>
    <message>
        <source>I/O, H2D and update times must not be negative</source>
        <translation>I/O-, H2D- und Update-Zeiten dürfen nicht negativ sein</translation>
    </message>
    <message>
        <source>layer %1 has a negative time</source>
        <translation>Schicht %1 hat eine negative Zeit</translation>
    </message>
    <message>
        <source>layer %1 keeps 2^50 bytes (1 PiB) or more</source>
        <translation>Schicht %1 behält 2^50 Bytes (1 PiB) oder mehr</translation>
    </message>
    <message>
        <source>the job would last 2^62 ns (146 years) or longer</source>
        <translation>Der Job würde 2^62 ns (146 Jahre) oder länger dauern</translation>
    </message>
    <message>
        <source>the layer-wise job of %1 workers, %2 layers and %3 iterations</source>
        <translation>Der schichtweise Job mit %1 Workern, %2 Schichten und %3 Iterationen</translation>
    </message>
    <message>
        <source>the layer-wise job would have %1 ops, more than the %2 its dependency graph can number</source>
        <translation>Der schichtweise Job hätte %1 Ops, mehr als die %2, die sein Abhängigkeitsgraph nummerieren kann</translation>
    </message>
    <message>
        <source>the profile has no communication times: all-reduce ops last 0 ns (give a bandwidth to model them)</source>
        <translation>Das Profil hat keine Kommunikationszeiten: All-Reduce-Ops dauern 0 ns (geben Sie eine Bandbreite an, um sie zu modellieren)</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
    <message>
        <source>%1 is not a number: %2</source>
        <translation>%1 ist keine Zahl: %2</translation>
    </message>
    <message>
        <source>%1 is out of range: %2 (times must stay below 2^62 ns)</source>
        <translation>%1 liegt außerhalb des zulässigen Bereichs: %2 (Zeiten müssen unter 2^62 ns bleiben)</translation>
    </message>
    <message>
        <source>%1 is out of range: %2</source>
        <translation>%1 liegt außerhalb des zulässigen Bereichs: %2</translation>
    </message>
    <message>
        <source>%1 is negative: %2</source>
        <translation>%1 ist negativ: %2</translation>
    </message>
    <message>
        <source>layer name %1 is longer than %2 bytes (%3)</source>
        <translation>Schichtname %1 ist länger als %2 Bytes (%3)</translation>
    </message>
    <message>
        <source>%1 layer names hold bytes that are not UTF-8 text or control characters; they are shown as U+FFFD</source>
        <translation>%1 Schichtnamen enthalten Bytes, die kein gültiger UTF-8-Text sind oder Steuerzeichen darstellen; sie werden als U+FFFD angezeigt</translation>
    </message>
    <message>
        <source>%1 layers repeat the name of an earlier layer (first: %2); their ops share names</source>
        <translation>%1 Schichten wiederholen den Namen einer früheren Schicht (erste: %2); ihre Ops tragen dieselben Namen</translation>
    </message>
    <message>
        <source>device name longer than %1 bytes</source>
        <translation>Gerätename länger als %1 Bytes</translation>
    </message>
    <message>
        <source>unknown time unit %1</source>
        <translation>Unbekannte Zeiteinheit %1</translation>
    </message>
    <message>
        <source>job time %1</source>
        <translation>Jobzeit %1</translation>
    </message>
    <message>
        <source>worker count is not an integer: %1</source>
        <translation>Worker-Anzahl ist keine ganze Zahl: %1</translation>
    </message>
    <message>
        <source>worker count %1 is out of range (1 to 2^31 - 1)</source>
        <translation>Worker-Anzahl %1 liegt außerhalb des zulässigen Bereichs (1 bis 2^31 - 1)</translation>
    </message>
    <message>
        <source>optimizer states is not an integer: %1</source>
        <translation>Der Wert für die Optimiererzustände ist keine ganze Zahl: %1</translation>
    </message>
    <message>
        <source>optimizer states %1 is out of range (0 to %2)</source>
        <translation>Der Wert %1 für die Optimiererzustände liegt außerhalb des zulässigen Bereichs (0 bis %2)</translation>
    </message>
    <message>
        <source>line 1: the file is empty</source>
        <translation>Zeile 1: Die Datei ist leer</translation>
    </message>
    <message>
        <source>not a layer-wise profile (a CSV with a header row, a B-Caffe comm log or a PipeDream graph.txt)</source>
        <translation>Kein schichtweises Profil (eine CSV-Datei mit Kopfzeile, ein B-Caffe-Kommunikationsprotokoll oder eine PipeDream-graph.txt)</translation>
    </message>
    <message>
        <source>column %1 has an unknown time unit %2</source>
        <translation>Spalte %1 hat eine unbekannte Zeiteinheit %2</translation>
    </message>
    <message>
        <source>column %1 must be in bytes, not %2</source>
        <translation>Spalte %1 muss in Bytes angegeben sein, nicht in %2</translation>
    </message>
    <message>
        <source>unterminated quoted header field</source>
        <translation>Nicht abgeschlossenes Kopfzeilenfeld in Anführungszeichen</translation>
    </message>
    <message>
        <source>the header has no &apos;%1&apos; column (expected: layer, forward, backward[, communication][, gradient bytes])</source>
        <translation>Die Kopfzeile hat keine Spalte &apos;%1&apos; (erwartet: layer, forward, backward[, communication][, gradient bytes])</translation>
    </message>
    <message>
        <source>unterminated quoted field</source>
        <translation>Nicht abgeschlossenes Feld in Anführungszeichen</translation>
    </message>
    <message>
        <source>no value for column %1 (%2 fields, the header has %3)</source>
        <translation>Kein Wert für Spalte %1 (%2 Felder, die Kopfzeile hat %3)</translation>
    </message>
    <message>
        <source>empty layer name</source>
        <translation>Leerer Schichtname</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>Spalte %1</translation>
    </message>
    <message>
        <source>no header row (expected: layer, forward, backward[, communication][, gradient bytes])</source>
        <translation>Keine Kopfzeile (erwartet: layer, forward, backward[, communication][, gradient bytes])</translation>
    </message>
    <message>
        <source>no layer rows after the header</source>
        <translation>Keine Schichtzeilen nach der Kopfzeile</translation>
    </message>
    <message>
        <source>%1 is not an integer: %2</source>
        <translation>%1 ist keine ganze Zahl: %2</translation>
    </message>
    <message>
        <source>expected [param_id, size, compute_time, communication_time(, merged_time)], found an unterminated quote</source>
        <translation>Erwartet: [param_id, size, compute_time, communication_time(, merged_time)], gefunden: ein nicht abgeschlossenes Anführungszeichen</translation>
    </message>
    <message>
        <source>expected [param_id, size, compute_time, communication_time(, merged_time)], found %1 fields</source>
        <translation>Erwartet: [param_id, size, compute_time, communication_time(, merged_time)], gefunden: %1 Felder</translation>
    </message>
    <message>
        <source>size %1 fp32 elements is more bytes than an int64 holds</source>
        <translation>Eine Größe von %1 FP32-Elementen ergibt mehr Bytes, als ein int64 fassen kann</translation>
    </message>
    <message>
        <source>param_id %1 does not follow the start of a dump (0)</source>
        <translation>param_id %1 folgt nicht auf den Beginn eines Dumps (0)</translation>
    </message>
    <message>
        <source>param_id %1 does not follow %2</source>
        <translation>param_id %1 folgt nicht auf %2</translation>
    </message>
    <message>
        <source>the gradient bytes of layer %1 exceed an int64</source>
        <translation>Die Gradientenbytes von Schicht %1 überschreiten ein int64</translation>
    </message>
    <message>
        <source>the communication time of layer %1 exceeds 2^62 ns</source>
        <translation>Die Kommunikationszeit von Schicht %1 überschreitet 2^62 ns</translation>
    </message>
    <message>
        <source>no [param_id, size, compute_time, communication_time] records</source>
        <translation>Keine Datensätze [param_id, size, compute_time, communication_time]</translation>
    </message>
    <message>
        <source>B-Caffe comm logs give no forward times: forward ops last 0 ns</source>
        <translation>B-Caffe-Kommunikationsprotokolle enthalten keine Vorwärtszeiten: Vorwärts-Ops dauern 0 ns</translation>
    </message>
    <message>
        <source>neither a node line (&apos;nodeK -- layer -- key=value, ...&apos;) nor an edge line (&apos;nodeA -- nodeB&apos;): %1</source>
        <translation>Weder eine Knotenzeile (&apos;nodeK -- layer -- key=value, ...&apos;) noch eine Kantenzeile (&apos;nodeA -- nodeB&apos;): %1</translation>
    </message>
    <message>
        <source>node line without a layer description: %1</source>
        <translation>Knotenzeile ohne Schichtbeschreibung: %1</translation>
    </message>
    <message>
        <source>attribute is not key=value: %1</source>
        <translation>Attribut hat nicht die Form key=value: %1</translation>
    </message>
    <message>
        <source>unterminated quoted attribute</source>
        <translation>Nicht abgeschlossenes Attribut in Anführungszeichen</translation>
    </message>
    <message>
        <source>node %1 has no %2</source>
        <translation>Knoten %1 hat kein %2</translation>
    </message>
    <message>
        <source>node %1 is declared twice (first on line %2)</source>
        <translation>Knoten %1 ist doppelt deklariert (zuerst in Zeile %2)</translation>
    </message>
    <message>
        <source>no node lines (&apos;nodeK -- layer -- forward_compute_time=..., ...&apos;)</source>
        <translation>Keine Knotenzeilen (&apos;nodeK -- layer -- forward_compute_time=..., ...&apos;)</translation>
    </message>
    <message>
        <source>edge to an undeclared node %1</source>
        <translation>Kante zu einem nicht deklarierten Knoten %1</translation>
    </message>
    <message>
        <source>the layer graph has a cycle through node %1</source>
        <translation>Der Schichtgraph hat einen Zyklus durch Knoten %1</translation>
    </message>
    <message>
        <source>distributedInfo.rank %1 is not below %2</source>
        <translation>distributedInfo.rank %1 ist nicht kleiner als %2</translation>
    </message>
    <message>
        <source>rank %1 (from distributed_info) is also the rank of %2</source>
        <translation>Rank %1 (aus distributed_info) ist auch der Rank von %2</translation>
    </message>
    <message>
        <source>its name says rank %1, which %2 already has; read as rank %3 (%4). Two files of one rank are often two exports or two runs of one process: load the files of one run only</source>
        <translation>Der Dateiname nennt Rank %1, den %2 bereits hat; die Datei wird als Rank %3 gelesen (%4). Zwei Dateien eines Ranks sind oft zwei Exporte oder zwei Läufe eines Prozesses: Laden Sie nur die Dateien eines Laufs</translation>
    </message>
    <message>
        <source>baseTimeNanoseconds would move times more than 2^62 ns (146 years) from zero; times are kept relative to it</source>
        <translation>baseTimeNanoseconds würde Zeiten um mehr als 2^62 ns (146 Jahre) von null weg verschieben; die Zeiten bleiben relativ dazu</translation>
    </message>
    <message>
        <source>flow events on a track without slices; ignored</source>
        <translation>Flow-Ereignisse auf einer Spur ohne Slices; ignoriert</translation>
    </message>
    <message>
        <source>input shapes with a negative, fractional or too large dimension (a tensor of 2^62 bytes or more); ignored</source>
        <translation>Eingabeformen mit negativer, gebrochener oder zu großer Dimension (ein Tensor von 2^62 Bytes oder mehr); ignoriert</translation>
    </message>
    <message>
        <source>stream waits whose recorded op starts after the wait (a record the trace does not hold, or a later one); ignored</source>
        <translation>Stream-Wartevorgänge, deren aufgezeichnete Op nach dem Warten beginnt (eine Aufzeichnung, die der Trace nicht enthält, oder eine spätere); ignoriert</translation>
    </message>
    <message>
        <source>flow events with no slice to bind to; ignored</source>
        <translation>Flow-Ereignisse ohne Slice, an das sie sich binden können; ignoriert</translation>
    </message>
    <message>
        <source>flows with only one end in the trace; ignored</source>
        <translation>Flows mit nur einem Ende im Trace; ignoriert</translation>
    </message>
    <message>
        <source>launch flows (ac2g) that do not lead from a host call to a device op; ignored</source>
        <translation>Start-Flows (ac2g), die nicht von einem Host-Aufruf zu einer Geräte-Op führen; ignoriert</translation>
    </message>
    <message>
        <source>flows that lead to an op starting before their source; ignored</source>
        <translation>Flows, die zu einer Op führen, die vor ihrer Quelle beginnt; ignoriert</translation>
    </message>
    <message>
        <source>flows that lead from an op to itself; ignored</source>
        <translation>Flows, die von einer Op zu ihr selbst führen; ignoriert</translation>
    </message>
    <message>
        <source>message or tensor sizes beyond 2^63 bytes; taken as unknown</source>
        <translation>Nachrichten- oder Tensorgrößen über 2^63 Bytes; als unbekannt angenommen</translation>
    </message>
    <message>
        <source>%1 step marker span(s) repeat the number of another (the first: ProfilerStep#%2); each number keeps its longest span as the step, and the ops of the others count to no step or a neighbouring one</source>
        <translation>%1 Schrittmarken-Spanne(n) wiederholen die Nummer einer anderen (die erste: ProfilerStep#%2); jede Nummer behält ihre längste Spanne als Schritt, und die Ops der übrigen zählen zu keinem oder zu einem benachbarten Schritt</translation>
    </message>
    <message>
        <source>%1 tensor objects without a usable snapshot of their allocation (allocated_bytes below a petabyte); not counted</source>
        <translation>%1 Tensor-Objekte ohne brauchbare Momentaufnahme ihrer Allokation (allocated_bytes unter einem Petabyte); nicht gezählt</translation>
    </message>
    <message>
        <source>the files of one job must come from one kind of profiler: this file is read as “%1”, %2 as “%3”</source>
        <translation>Die Dateien eines Jobs müssen von derselben Art Profiler stammen: Diese Datei wird als “%1” gelesen, %2 als “%3”</translation>
    </message>
    <message>
        <source>this file (%1) describes a whole job and cannot be combined with other files</source>
        <translation>Diese Datei (%1) beschreibt einen ganzen Job und kann nicht mit anderen Dateien kombiniert werden</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>Datei oder Ordner nicht vorhanden</translation>
    </message>
    <message>
        <source>no input files</source>
        <translation>Keine Eingabedateien</translation>
    </message>
    <message>
        <source>out of memory while loading the file</source>
        <translation>Arbeitsspeicher erschöpft beim Laden der Datei</translation>
    </message>
    <message>
        <source>the dependency graph and replay of %1 ops</source>
        <translation>Der Abhängigkeitsgraph samt Wiedergabe von %1 Ops</translation>
    </message>
    <message>
        <source>%1 data-parallel</source>
        <translation>%1 datenparallel</translation>
    </message>
    <message>
        <source>%1 tensor-parallel</source>
        <translation>%1 tensorparallel</translation>
    </message>
    <message>
        <source>%1 pipeline</source>
        <translation>%1 Pipeline</translation>
    </message>
    <message>
        <source>%1 expert</source>
        <translation>%1 Experten</translation>
    </message>
    <message>
        <source>%1 unknown</source>
        <translation>%1 unbekannt</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>no collectives</source>
        <translation>keine kollektiven Operationen</translation>
    </message>
    <message>
        <source>explicit buckets: ranges of tensors in ready order, such as 0-3,4,5-9 (or give bucket_cap_mb or threshold_bytes)</source>
        <translation>explizite Buckets: Bereiche von Tensoren in der Reihenfolge, in der sie bereit werden, etwa 0-3,4,5-9 (oder bucket_cap_mb oder threshold_bytes angeben)</translation>
    </message>
    <message>
        <source>&apos;groups&apos; covers %1 tensors, but a step of the job has %2</source>
        <translation>&apos;groups&apos; umfasst %1 Tensoren, aber ein Schritt des Jobs hat %2</translation>
    </message>
    <message>
        <source>&apos;groups&apos; must be ranges of tensors from 0 in ready order without a gap, such as 0-3,4,5-9, not “%1”</source>
        <translation>&apos;groups&apos; muss Bereiche von Tensoren ab 0 in der Reihenfolge sein, in der sie bereit werden, ohne Lücke, etwa 0-3,4,5-9, nicht „%1“</translation>
    </message>
    <message>
        <source>give one of &apos;bucket_cap_mb&apos;, &apos;threshold_bytes&apos; and &apos;groups&apos;</source>
        <translation>Geben Sie genau eines von &apos;bucket_cap_mb&apos;, &apos;threshold_bytes&apos; und &apos;groups&apos; an</translation>
    </message>
    <message>
        <source>the job&apos;s steps have no gradient tensors</source>
        <translation>die Schritte des Jobs haben keine Gradienten-Tensoren</translation>
    </message>
    <message>
        <source>computation</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>kernel launches</source>
        <translation>Kernel-Starts</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>E/A</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>host work</source>
        <translation>Host-Arbeit</translation>
    </message>
    <message>
        <source>the iteration is %1 ms shorter, though no share of the critical path is</source>
        <translation>die Iteration ist %1 ms kürzer, obwohl kein Anteil des kritischen Pfads kürzer ist</translation>
    </message>
    <message>
        <source>the search stopped at its limit of %1 rounds</source>
        <translation>die Suche hielt an ihrer Grenze von %1 Runden an</translation>
    </message>
    <message>
        <source>tensor fusion was not searched: %1</source>
        <translation>Tensor-Fusion wurde nicht durchsucht: %1</translation>
    </message>
    <message>
        <source>the search stopped at its limit of %1 candidates</source>
        <translation>die Suche hielt an ihrer Grenze von %1 Kandidaten an</translation>
    </message>
    <message>
        <source>%1 of the %2 candidates failed; the first: %3</source>
        <translation>%1 der %2 Kandidaten schlugen fehl; der erste: %3</translation>
    </message>
    <message>
        <source>the search&apos;s processes returned outcomes of other candidates</source>
        <translation>die Prozesse der Suche lieferten Ergebnisse anderer Kandidaten</translation>
    </message>
    <message>
        <source>the search&apos;s processes left candidates without an outcome</source>
        <translation>die Prozesse der Suche ließen Kandidaten ohne Ergebnis</translation>
    </message>
    <message>
        <source>the job does not fit its devices, and neither recomputation, gradient accumulation nor mixed precision applies to it</source>
        <translation>der Job passt nicht auf seine Geräte, und weder Neuberechnung noch Gradientenakkumulation noch gemischte Genauigkeit lassen sich auf ihn anwenden</translation>
    </message>
    <message>
        <source>the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the search tried makes it fit: the lowest peak, %1, is kept</source>
        <translation>der Job passt nicht auf seine Geräte, und keine Neuberechnung, Gradientenakkumulation oder gemischte Genauigkeit, die die Suche versuchte, lässt ihn passen: die niedrigste Spitze, %1, wird behalten</translation>
    </message>
    <message>
        <source>no point of the frontier fits the device budget</source>
        <translation>kein Punkt der Front passt in das Gerätebudget</translation>
    </message>
    <message>
        <source>the job has no gradients a parameter server would receive: %1</source>
        <translation>der Job hat keine Gradienten, die ein Parameterserver empfangen würde: %1</translation>
    </message>
    <message>
        <source>%1 of the device counts are beyond what the job may grow to within its memory limit: the model alone gives them</source>
        <translation>%1 der Gerätezahlen gehen über das hinaus, was der Job innerhalb seiner Speichergrenze werden darf: nur das Modell liefert sie</translation>
    </message>
    <message>
        <source>yes: also fuse kernels another stream or the host waits for (a gradient&apos;s producer), which then waits for the fused kernel&apos;s end; no: such a kernel ends a run</source>
        <translation>yes: auch Kernel fusionieren, auf die ein anderer Stream oder der Host wartet (der Erzeuger eines Gradienten); dieser wartet dann auf das Ende des fusionierten Kernels; no: ein solcher Kernel beendet eine Folge</translation>
    </message>
    <message>
        <source>per_rank: each rank keeps its measured batch (weak scaling); global: the measured global batch is shared among the workers (strong scaling)</source>
        <translation>per_rank: Jeder Rank behält seinen gemessenen Batch (schwache Skalierung); global: Der gemessene globale Batch wird unter den Workern aufgeteilt (starke Skalierung)</translation>
    </message>
    <message>
        <source>the measured global batch of %1 data-parallel ranks is shared among %2: each rank computes on %3 times its measured samples, its device work taking a fixed 6 % of its time above 5 us and the rest in proportion, and its activations in proportion</source>
        <translation>Der gemessene globale Batch von %1 datenparallelen Ranks wird unter %2 aufgeteilt: Jeder Rank rechnet auf dem %3-Fachen seiner gemessenen Samples, seine Gerätearbeit mit festen 6 % ihrer Zeit über 5 us und dem Rest im Verhältnis, und seine Aktivierungen im Verhältnis</translation>
    </message>
    <message>
        <source>a global batch of %1 samples (%2 per rank, %3) does not split evenly among %4 workers</source>
        <translation>Ein globaler Batch von %1 Samples (%2 pro Rank, %3) lässt sich nicht gleichmäßig auf %4 Worker aufteilen</translation>
    </message>
    <message>
        <source>batch &apos;global&apos; is not modelled for BytePS jobs: their pushes and pulls are re-cut from the measured stages, which keep the measured batch</source>
        <translation>Batch &apos;global&apos; wird für BytePS-Jobs nicht modelliert: Ihre Pushes und Pulls werden aus den gemessenen Stufen neu geschnitten, die den gemessenen Batch behalten</translation>
    </message>
    <message>
        <source>the asynchronous parameter server is a model of the job (its compute, its gradient bytes and the network&apos;s bandwidth) whose workers drift apart, set beside worker_count&apos;s asynchronous replays, whose workers stay in lock-step; both take the server&apos;s update to cost nothing</source>
        <translation>der asynchrone Parameterserver ist ein Modell des Jobs (seine Rechenzeit, seine Gradientenbytes und die Bandbreite des Netzes), dessen Worker auseinanderdriften, neben den asynchronen Replays von worker_count, deren Worker im Gleichschritt bleiben; beide nehmen an, dass das Update des Servers nichts kostet</translation>
    </message>
    <message>
        <source>the trace names no hosts: the workers are placed %1 to a host (worker_count&apos;s ranks_per_host sets them)</source>
        <translation>der Trace nennt keine Hosts: die Worker werden zu %1 je Host platziert (ranks_per_host von worker_count legt sie fest)</translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; needs the job&apos;s data-parallel collectives, whose gradients the servers would take, and the job has none</source>
        <translation>Modus &apos;async_ps&apos; braucht die datenparallelen Kollektive des Jobs, deren Gradienten die Server annähmen, und der Job hat keine</translation>
    </message>
    <message>
        <source>asynchronous parameter server: each of %1 workers pushes every gradient bucket to a server (%2 in all, each on a host of its own) and pulls it back, waiting for no other worker; the iteration is the workers&apos; mean step, in which the job makes %1 steps</source>
        <translation>asynchroner Parameterserver: jeder der %1 Worker sendet jeden Gradienten-Bucket an einen Server (%2 insgesamt, jeder auf einem eigenen Host) und holt ihn zurück, ohne auf einen anderen Worker zu warten; die Iteration ist der mittlere Schritt der Worker, in dem der Job %1 Schritte macht</translation>
    </message>
    <message>
        <source>the replayed workers start in lock-step, as measured, and sharing the servers&apos; interfaces equally keeps them so, where real workers drift apart: the replay is the most contended case (scale --mode async-ps models the drift), and the servers&apos; update is taken to cost nothing</source>
        <translation>die nachgespielten Worker beginnen wie gemessen im Gleichschritt, und die gleichmäßige Teilung der Schnittstellen der Server hält sie darin, wo echte Worker auseinanderdriften: das Replay ist der Fall größter Konkurrenz (scale --mode async-ps modelliert die Drift), und das Update der Server gilt als kostenlos</translation>
    </message>
    <message>
        <source>the servers the workers share: of a BytePS job (left out: one per worker), or of mode async_ps (left out: one)</source>
        <translation>die Server, die sich die Worker teilen: eines BytePS-Jobs (weggelassen: einer je Worker) oder des Modus async_ps (weggelassen: einer)</translation>
    </message>
    <message>
        <source>sync: the workers all-reduce their gradients and wait for one another; async_ps: each pushes its gradients to parameter servers and pulls the parameters back, waiting for no other worker</source>
        <translation>sync: die Worker reduzieren ihre Gradienten per All-Reduce und warten aufeinander; async_ps: jeder sendet seine Gradienten an Parameterserver und holt die Parameter zurück, ohne auf einen anderen Worker zu warten</translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; is not modelled for BytePS jobs: their servers are measured, and synchronous</source>
        <translation>Modus &apos;async_ps&apos; wird für BytePS-Jobs nicht modelliert: ihre Server sind gemessen, und synchron</translation>
    </message>
    <message>
        <source>mode &apos;async_ps&apos; needs every rank of the job: the trace holds %1 of %2, whose transfers have peers outside it</source>
        <translation>Modus &apos;async_ps&apos; braucht jeden Rank des Jobs: der Trace enthält %1 von %2, deren Transfers Partner außerhalb haben</translation>
    </message>
    <message>
        <source>ranks_per_host cannot place the workers once worker_count&apos;s async_ps mode has put the parameter servers on hosts of their own: give it before that step</source>
        <translation>ranks_per_host kann die Worker nicht mehr platzieren, nachdem der Modus async_ps von worker_count die Parameterserver auf eigene Hosts gesetzt hat: geben Sie es vor diesem Schritt an</translation>
    </message>
    <message>
        <source>the workers already push to parameter servers (an earlier worker_count step in mode async_ps): one worker_count step sets them</source>
        <translation>die Worker senden bereits an Parameterserver (ein früherer worker_count-Schritt im Modus async_ps): ein einziger worker_count-Schritt legt sie fest</translation>
    </message>
    <message>
        <source>a BytePS trace gives each partition&apos;s pushes and pulls but not the partitions&apos; sizes, which the asynchronous model starts from; whatif with worker_count and its servers replays more BytePS workers as the synchronous job they are</source>
        <translation>Ein BytePS-Trace enthält Push und Pull jeder Partition, aber nicht die Größen der Partitionen, von denen das asynchrone Modell ausgeht; whatif mit worker_count und seinen Servern gibt mehr BytePS-Worker als den synchronen Job wieder, der sie sind</translation>
    </message>
    <message>
        <source>the trace measured no transfer between hosts, and every push and pull crosses the network to a server&apos;s host: they take the cost model&apos;s default network of %1 GB/s (the network pass, in the base strategy, sets it)</source>
        <translation>Der Trace hat keine Übertragung zwischen Hosts gemessen, und jedes Push und Pull geht über das Netzwerk zum Host eines Servers: Sie nutzen das Standardnetzwerk des Kostenmodells mit %1 GB/s (der Pass network in der Basisstrategie legt es fest)</translation>
    </message>
    <message>
        <source>%1 on the critical path %2 ms shorter per step (%3 → %4 ms)</source>
        <translation>%1 auf dem kritischen Pfad %2 ms kürzer je Schritt (%3 → %4 ms)</translation>
    </message>
    <message>
        <source>the job&apos;s steps hold different numbers of gradient tensors: tensor fusion was searched by its caps only, not by groups of tensors</source>
        <translation>Die Schritte des Jobs enthalten unterschiedlich viele Gradiententensoren: Tensorfusion wurde nur über ihre Obergrenzen durchsucht, nicht über Gruppen von Tensoren</translation>
    </message>
    <message>
        <source>the trace records no memory use the estimator can read (no tensor shapes or allocations): every point&apos;s peak is unknown, so whether a point fits its budget cannot be told</source>
        <translation>Der Trace enthält keinen Speicherverbrauch, den der Schätzer lesen kann (keine Tensorformen oder Allokationen): Die Spitze jedes Punkts ist unbekannt, daher lässt sich nicht sagen, ob ein Punkt in sein Budget passt</translation>
    </message>
    <message>
        <source>the model and the replays part by up to %1 % (at %2 workers: %3 ms by the model, %4 ms replayed): the replays run the whole job (its host work, every collective, the order of its work), the model only what its parameters name</source>
        <translation>Modell und Wiedergaben weichen um bis zu %1 % voneinander ab (bei %2 Workern: %3 ms laut Modell, %4 ms wiedergegeben): Die Wiedergaben führen den ganzen Job aus (seine Host-Arbeit, jede kollektive Operation, die Reihenfolge seiner Arbeit), das Modell nur, was seine Parameter nennen</translation>
    </message>
    <message>
        <source>step %1 (grad_accumulation) made micro-batches whose copies keep the measured micro-batch&apos;s times, by which this pass finds its work: give this step before that one, which then repeats its changes in every micro-batch</source>
        <translation>Schritt %1 (grad_accumulation) hat Mikro-Batches erzeugt, deren Kopien die Zeiten des gemessenen Mikro-Batches behalten, über die dieser Pass seine Arbeit findet: Geben Sie diesen Schritt vor jenem an, der dann seine Änderungen in jedem Mikro-Batch wiederholt</translation>
    </message>
    <message>
        <source>the checks of their own figures warned on %1 of the frontier&apos;s %2 points: their times or peaks may be wrong (each, replayed alone, says why)</source>
        <translation>die Selbstprüfungen ihrer eigenen Zahlen warnten bei %1 der %2 Punkte der Front: ihre Zeiten oder Spitzen können falsch sein (jeder sagt, allein nachgespielt, warum)</translation>
    </message>
    <message>
        <source>the checks of their own figures warned on %1 of the %2 worker counts replayed: those replays may be wrong (each, replayed alone, says why)</source>
        <translation>die Selbstprüfungen ihrer eigenen Zahlen warnten bei %1 der %2 nachgespielten Worker-Anzahlen: diese Nachspiele können falsch sein (jedes sagt, allein nachgespielt, warum)</translation>
    </message>
    <message>
        <source>the fastest point within the budget: %1</source>
        <translation>der schnellste Punkt innerhalb des Budgets: %1</translation>
    </message>
    <message>
        <source>layer-wise profile (CSV with a header row, B-Caffe log, PipeDream graph.txt)</source>
        <translation>schichtweises Profil (CSV mit Kopfzeile, B-Caffe-Protokoll, PipeDream-graph.txt)</translation>
    </message>
    <message>
        <source>synchronous scaling times the gradients&apos; all-reduces, and cannot here: %1</source>
        <translation>synchrones Skalieren beruht auf den All-Reduces der Gradienten und ist hier nicht möglich: %1</translation>
    </message>
    <message>
        <source>the baseline the search compares with: %1</source>
        <translation>die Ausgangslage, mit der die Suche vergleicht: %1</translation>
    </message>
    <message>
        <source>the job does not fit its devices, and no recomputation, gradient accumulation or mixed precision the search tried lowers its peak of %1: the job is searched as it is</source>
        <translation>der Job passt nicht auf seine Geräte, und keine Neuberechnung, Gradientenakkumulation oder gemischte Genauigkeit, die die Suche versuchte, senkt seine Spitze von %1: der Job wird so durchsucht, wie er ist</translation>
    </message>
    <message>
        <source>the base strategy&apos;s step %1 (worker_count) sets the device count, which the search chooses itself: leave it out of the base and give the device counts to try</source>
        <translation>Schritt %1 (worker_count) der Basisstrategie legt die Zahl der Geräte fest, die die Suche selbst wählt: Lassen Sie ihn aus der Basis weg und geben Sie die zu prüfenden Gerätezahlen an</translation>
    </message>
    <message>
        <source>no strategy of the frontier could be replayed at the device counts asked for (the warnings on the candidates that failed or were left out say why)</source>
        <translation>keine Strategie der Front ließ sich bei den verlangten Gerätezahlen nachspielen (die Warnungen zu den gescheiterten oder ausgelassenen Kandidaten sagen, warum)</translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute, which it makes at the job&apos;s measured device count, not at the base&apos;s worker_count</source>
        <translation>„Speicher zuerst“ ließ die Wahl der neu zu berechnenden Schichten durch die Front aus, die sie bei der gemessenen Gerätezahl des Jobs trifft, nicht beim worker_count der Basis</translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute: it may take %1 what-ifs, more than the %2 the limit of candidates leaves</source>
        <translation>„Speicher zuerst“ ließ die Wahl der neu zu berechnenden Schichten durch die Front aus: Sie kann %1 Was-wäre-wenn-Läufe brauchen, mehr als die %2, die die Grenze der Kandidaten lässt</translation>
    </message>
    <message>
        <source>memory first left out the frontier&apos;s choice of layers to recompute: %1</source>
        <translation>„Speicher zuerst“ ließ die Wahl der neu zu berechnenden Schichten durch die Front aus: %1</translation>
    </message>
    <message>
        <source>the job&apos;s %1 ranks are %2 data-parallel replicas of %3 ranks each (the other parallelism within a replica): a count of workers or devices here counts replicas, each %3 devices</source>
        <translation>die %1 Ränge des Jobs sind %2 datenparallele Replikate zu je %3 Rängen (die übrige Parallelität liegt innerhalb eines Replikats): eine Zahl von Workern oder Geräten zählt hier Replikate, jedes %3 Geräte</translation>
    </message>
    <message>
        <source>memory first&apos;s frontier of layers to recompute may have missed its choice: %1</source>
        <translation>die Front der neu zu berechnenden Schichten von „Speicher zuerst“ hat ihre Wahl vielleicht verfehlt: %1</translation>
    </message>
    <message>
        <source>%1 was left out of the best strategy: it shortened the iteration by %2 ms (%3 %), less than the %4 % a step must gain</source>
        <translation>%1 wurde aus der besten Strategie weggelassen: es verkürzte die Iteration um %2 ms (%3 %), weniger als die %4 %, die ein Schritt gewinnen muss</translation>
    </message>
    <message>
        <source>%1 was left out of the best strategy: without it the iteration is %2 ms shorter</source>
        <translation>%1 wurde aus der besten Strategie weggelassen: ohne es ist die Iteration %2 ms kürzer</translation>
    </message>
    <message>
        <source>the data loader holds each step %1 ms in the training process (loading, or waiting for its workers); DataLoader workers that keep up take it off the step (num_workers, set in the training script: the strategy&apos;s configs do not reach it, so the best leaves it out)</source>
        <translation>der Datenlader hält jeden Schritt %1 ms im Trainingsprozess auf (beim Laden oder beim Warten auf seine Worker); DataLoader-Worker, die mithalten, nehmen das aus dem Schritt (num_workers, im Trainingsskript gesetzt: die Konfigurationen der Strategie erreichen es nicht, daher lässt die beste es weg)</translation>
    </message>
    <message>
        <source>%1 transfers outside the forward pass are of no parallelism the trace tells, so they are not taken for gradients and keep their bytes</source>
        <translation>%1 Übertragungen außerhalb des Vorwärtsdurchlaufs gehören zu keiner Parallelität, die der Trace nennt; sie gelten nicht als Gradienten und behalten ihre Bytes</translation>
    </message>
    <message>
        <source>host %1</source>
        <translation>Host %1</translation>
    </message>
    <message>
        <source>one host, as the trace names no hosts and %1 ranks to a host are taken</source>
        <translation>einem Host, da die Aufzeichnung keine Hosts nennt und %1 Ränge je Host angenommen werden</translation>
    </message>
    <message>
        <source>ranks %1 shared the cores of %2: each one&apos;s measured times hold the others&apos; load, and the ranks left keep those times, as if they still shared the cores (shared hosts: %3)</source>
        <translation>die Ränge %1 teilten sich die Kerne von %2: die gemessenen Zeiten jedes Rangs enthalten die Last der anderen, und die verbleibenden Ränge behalten diese Zeiten, als teilten sie sich die Kerne weiterhin (geteilte Hosts: %3)</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over: the cost model&apos;s defaults for them would be faster than the %5 links it measured, so they are timed no faster than those (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 Übertragungen laufen über %2-Verbindungen, über die der Trace keine Übertragung gemessen hat: Die Vorgaben des Kostenmodells wären für sie schneller als die gemessenen %5-Verbindungen, daher werden sie nicht schneller als diese gezeitet (%3 us pro Schritt, %4 GB/s; der Netzwerk-Pass setzt sie)</translation>
    </message>
    <message>
        <source>rebuilt with its own measured buckets (%1), the job replays %2 against its baseline (%3 against %4 ms): re-bucketing alone moves it that much, and the figures of this step carry it</source>
        <translation>mit seinen eigenen gemessenen Buckets (%1) neu aufgebaut, wird der Job um %2 gegenüber seiner Basis wiedergegeben (%3 gegenüber %4 ms): Schon das Neu-Bucketing verschiebt ihn so weit, und die Zahlen dieses Schritts enthalten das</translation>
    </message>
    <message>
        <source>the model all-reduces %1 gradient buckets a step where the job&apos;s step has %2: the trace gives the others no gradient of their own, so their bytes go with their neighbours&apos;, in fewer and larger all-reduces than the job&apos;s</source>
        <translation>das Modell führt %1 Gradienten-Buckets je Schritt als All-Reduce aus, wo der Schritt des Jobs %2 hat: Die Aufzeichnung gibt den übrigen keinen eigenen Gradienten, daher gehen ihre Bytes mit denen ihrer Nachbarn, in weniger und größeren All-Reduces als im Job</translation>
    </message>
    <message>
        <source>%1 transfers cross %2 links, which the trace measured no transfer over on their own: its %5 transfers crossed them, so they are timed at the bandwidth those were fitted to, which the links reach at least, and at the default latency (%3 us per step, %4 GB/s; the network pass sets them)</source>
        <translation>%1 Übertragungen laufen über %2-Verbindungen, über die der Trace keine Übertragung für sich allein gemessen hat: Seine %5-Übertragungen liefen über sie, daher werden sie mit der für jene angepassten Bandbreite, die diese Verbindungen mindestens erreichen, und mit der vorgegebenen Latenz gezeitet (%3 us pro Schritt, %4 GB/s; der Netzwerk-Pass setzt sie)</translation>
    </message>
    <message>
        <source>the trace records no time for its %1 forward ops: the iterations leave the forward out, and what recomputes, repeats or re-costs it is counted as free</source>
        <translation>der Trace verzeichnet keine Zeit für seine %1 Vorwärts-Ops: Die Iterationen lassen den Vorwärtsdurchlauf aus, und was ihn neu berechnet, wiederholt oder neu bewertet, wird als kostenlos gezählt</translation>
    </message>
    <message>
        <source>the trace records no allocator events, so the profiler likely ran without profile_memory, while its cost per host event was calibrated with it: the job without the profiler may be slower than estimated</source>
        <translation>der Trace verzeichnet keine Allokator-Ereignisse, der Profiler lief also wohl ohne profile_memory, während seine Kosten pro Host-Ereignis mit profile_memory kalibriert wurden: Der Job ohne Profiler kann langsamer sein als geschätzt</translation>
    </message>
    <message>
        <source>the profile does not say how many workers it ran on: a job of %1 data-parallel workers is assumed (the worker_count pass sets another)</source>
        <translation>das Profil sagt nicht, auf wie vielen Workern es lief: ein Job aus %1 datenparallelen Workern wird angenommen (der Pass worker_count setzt eine andere Zahl)</translation>
    </message>
    <message>
        <source>the Input layer&apos;s forward time (%1 ms) is PipeDream&apos;s loading of a batch: it is taken as the job&apos;s I/O per iteration, which overlaps the iteration before</source>
        <translation>die Vorwärtszeit der Input-Schicht (%1 ms) ist das Laden eines Batches durch PipeDream: sie wird als E/A des Jobs je Iteration genommen, die sich mit der vorigen Iteration überlappt</translation>
    </message>
    <message>
        <source>%1 GPUs are not whole BytePS workers of %2 GPUs (the measured worker&apos;s): the what-if runs %3 workers, %4 GPUs</source>
        <translation>%1 GPUs sind keine ganzen BytePS-Worker aus je %2 GPUs (wie der gemessene Worker): das Was-wäre-wenn rechnet mit %3 Workern, %4 GPUs</translation>
    </message>
    <message>
        <source>the re-cut pieces&apos; stages are timed as queues on each GPU, and each piece&apos;s stage spans its wait for its turn, which the measured job spent between stages or waiting for another GPU: the exposed communication counts those waits and is not comparable with the measured job&apos;s; compare the iteration time</source>
        <translation>die Stufen der neu geschnittenen Stücke werden als Warteschlangen je GPU gerechnet, und die Stufe jedes Stücks umfasst das Warten, bis es an der Reihe ist, das der gemessene Job zwischen den Stufen oder beim Warten auf eine andere GPU verbrachte: die nicht überdeckte Kommunikation zählt dieses Warten mit und ist mit der des gemessenen Jobs nicht vergleichbar; vergleichen Sie die Iterationszeit</translation>
    </message>
    <message>
        <source>step %1 (grad_accumulation) made micro-batches, each computing on its share of the samples: give this step, which changes the samples, before that one</source>
        <translation>Schritt %1 (grad_accumulation) hat Mikro-Batches gebildet, die jeweils ihren Anteil der Samples berechnen: Geben Sie diesen Schritt, der die Samples ändert, vor jenem an</translation>
    </message>
    <message>
        <source>give one of &apos;samples&apos; and &apos;factor&apos;</source>
        <translation>geben Sie genau einen von &apos;samples&apos; und &apos;factor&apos; an</translation>
    </message>
    <message>
        <source>the trace&apos;s input shapes do not show the measured batch (record them with record_shapes), so &apos;samples&apos; has nothing to compare with: give &apos;factor&apos;, the samples over the measured ones</source>
        <translation>die Eingabeformen der Aufzeichnung zeigen den gemessenen Batch nicht (mit record_shapes aufzeichnen), also hat &apos;samples&apos; keinen Vergleich: geben Sie &apos;factor&apos; an, die Samples im Verhältnis zu den gemessenen</translation>
    </message>
    <message>
        <source>Changes the samples each rank computes on per step; its compute and activations follow them.</source>
        <translation>Ändert die Samples, die jeder Rang pro Schritt berechnet; seine Berechnung und Aktivierungen folgen ihnen.</translation>
    </message>
    <message>
        <source>the batch per rank and step (left out: factor gives it; against the batch the trace&apos;s input shapes show)</source>
        <translation>der Batch pro Rang und Schritt (weggelassen: factor bestimmt ihn; gegenüber dem Batch, den die Eingabeformen der Aufzeichnung zeigen)</translation>
    </message>
    <message>
        <source>the samples over those each rank computed on before this step, the measured ones unless a step changed them (left out: samples gives them)</source>
        <translation>die Samples im Verhältnis zu denen, die jeder Rang vor diesem Schritt berechnete, den gemessenen, sofern kein Schritt sie änderte (weggelassen: samples bestimmt sie)</translation>
    </message>
    <message>
        <source>the part of a device op&apos;s time that does not change with the samples</source>
        <translation>der Teil der Zeit einer Geräteoperation, der sich mit den Samples nicht ändert</translation>
    </message>
    <message>
        <source>the share of a device op&apos;s time above the floor that does not change either (weights read once, partly filled waves)</source>
        <translation>der Anteil der Zeit einer Geräteoperation über dem Sockel, der sich ebenfalls nicht ändert (einmal gelesene Gewichte, teilweise gefüllte Wellen)</translation>
    </message>
    <message>
        <source>the same samples leave the job as it is</source>
        <translation>dieselben Samples lassen den Job unverändert</translation>
    </message>
    <message>
        <source>each rank computes on %1 times its measured batch of %2 samples (%3) a step: compare throughput, samples per second, not the iteration</source>
        <translation>jeder Rang berechnet pro Schritt das %1-fache seines gemessenen Batches von %2 Samples (%3): vergleichen Sie den Durchsatz, Samples pro Sekunde, nicht die Iteration</translation>
    </message>
    <message>
        <source>each rank computes on %1 times its measured samples a step: compare throughput, samples per second, not the iteration</source>
        <translation>jeder Rang berechnet pro Schritt das %1-fache seiner gemessenen Samples: vergleichen Sie den Durchsatz, Samples pro Sekunde, nicht die Iteration</translation>
    </message>
    <message>
        <source>a factor of %1 of a batch of %2 samples is not a whole number of samples (%3)</source>
        <translation>ein Faktor %1 eines Batches von %2 Samples ergibt keine ganze Zahl von Samples (%3)</translation>
    </message>
    <message>
        <source>the folder holds no .json, .json.gz or .json.zst trace files, and too many other files (%1) to look for a profile among: open the profile&apos;s file itself</source>
        <translation>Der Ordner enthält keine Trace-Dateien .json, .json.gz oder .json.zst und zu viele andere Dateien (%1), um darunter ein Profil zu suchen: Öffnen Sie die Datei des Profils selbst</translation>
    </message>
    <message>
        <source>the folder holds no .json, .json.gz or .json.zst trace files, nor any other file Sightline reads</source>
        <translation>Der Ordner enthält weder Trace-Dateien .json, .json.gz oder .json.zst noch eine andere Datei, die Sightline liest</translation>
    </message>
    <message>
        <source>the folder holds %1 profiles (%2), each of a whole job (%3): open one of them</source>
        <translation>Der Ordner enthält %1 Profile (%2), jedes eines ganzen Jobs (%3): Öffnen Sie eines davon</translation>
    </message>
    <message>
        <source>the job has no layers to recompute (%1): no point of the frontier recomputes</source>
        <translation>der Job hat keine Schichten zum Neuberechnen (%1): kein Punkt der Front berechnet neu</translation>
    </message>
    <message>
        <source>the trace marks no forward or backward phases, so gradient accumulation cannot split its steps: no point of the frontier accumulates</source>
        <translation>der Trace kennzeichnet keine Vorwärts- oder Rückwärtsphasen, daher kann die Gradientenakkumulation seine Schritte nicht aufteilen: kein Punkt der Front akkumuliert</translation>
    </message>
    <message>
        <source>a batch of %1 samples (%2) cannot make %3 micro-batches of one sample or more: each would hold %4 samples, which no data loader gives, and the figures are of those fractions</source>
        <translation>Ein Batch von %1 Samples (%2) ergibt keine %3 Mikro-Batches mit mindestens einem Sample: jeder hielte %4 Samples, die kein Datenlader liefert, und die Zahlen gelten für diese Bruchteile</translation>
    </message>
    <message>
        <source>a batch of %1 samples (%2) does not split evenly into %3 micro-batches: the figures are of micro-batches of %4 samples each, which a data loader cannot give</source>
        <translation>Ein Batch von %1 Samples (%2) teilt sich nicht gleichmäßig in %3 Mikro-Batches: die Zahlen gelten für Mikro-Batches von je %4 Samples, die ein Datenlader nicht liefern kann</translation>
    </message>
    <message>
        <source>%1 rank-steps run %2 micro-batches of 1/%2 of their batch</source>
        <translation>%1 Rank-Schritte führen %2 Mikro-Batches mit je 1/%2 ihres Batches aus</translation>
    </message>
    <message>
        <source>left out %1 of the %2 candidates: a rank&apos;s batch or micro-batch would hold less than one sample of the batch the trace shows, which no data loader gives</source>
        <translation>%1 der %2 Kandidaten ausgelassen: ein Batch oder Mikro-Batch eines Ranks hielte weniger als ein Sample des Batches, den der Trace zeigt, was kein Datenlader liefert</translation>
    </message>
    <message>
        <source>a global batch of %1 samples (%2 per rank, %3) gives each of %4 workers %5 samples, less than one: no data loader gives that, and the figures are of those fractions</source>
        <translation>Ein globaler Batch von %1 Samples (%2 je Rank, %3) gibt jedem von %4 Workern %5 Samples, weniger als eines: das liefert kein Datenlader, und die Zahlen gelten für diese Bruchteile</translation>
    </message>
    <message>
        <source>%1 rank-steps run %2 micro-batches of their whole batch: a step computes on %2 times its samples, so compare throughput, samples per second, not the iteration</source>
        <translation>%1 Rank-Schritte führen %2 Mikro-Batches mit ihrem ganzen Batch aus: ein Schritt rechnet auf dem %2-Fachen seiner Samples, also ist der Durchsatz (Samples pro Sekunde) zu vergleichen, nicht die Iteration</translation>
    </message>
    <message>
        <source>worker_count scales weakly: each device keeps its batch and its memory, so the device count changes the time only, and a step of more devices makes more samples: across counts, the frontier and its fastest point compare the time the measured global batch takes (the iteration times the measured devices over the count)</source>
        <translation>worker_count skaliert schwach: jedes Gerät behält seinen Batch und seinen Speicher, sodass die Geräteanzahl nur die Zeit ändert, und ein Schritt mit mehr Geräten ergibt mehr Samples: über die Anzahlen hinweg vergleichen die Front und ihr schnellster Punkt die Zeit, die der gemessene globale Batch braucht (die Iteration mal die gemessenen Geräte durch die Anzahl)</translation>
    </message>
    <message>
        <source>the trace does not show the batch (its input shapes are not recorded): whether the micro-batches and the devices&apos; shares of the global batch hold whole samples, or any, cannot be told, and nothing is left out for it</source>
        <translation>Der Trace zeigt den Batch nicht (seine Eingabeformen sind nicht aufgezeichnet): ob die Mikro-Batches und die Anteile der Geräte am globalen Batch ganze Samples halten, oder überhaupt welche, lässt sich nicht sagen, und nichts wird deswegen ausgelassen</translation>
    </message>
    <message>
        <source>%1 of the device counts give each worker less than one sample of the global batch of %2 a step computes on, which no data loader gives: they are not replayed, and the model&apos;s figures there are of fractions of a sample</source>
        <translation>%1 der Geräteanzahlen geben jedem Worker weniger als ein Sample des globalen Batches von %2, auf dem ein Schritt rechnet, was kein Datenlader liefert: sie werden nicht nachgespielt, und die Zahlen des Modells gelten dort für Bruchteile eines Samples</translation>
    </message>
    <message>
        <source>the trace does not show the batch (its input shapes are not recorded): whether %1 times a rank&apos;s measured batch holds whole samples, or any, cannot be told</source>
        <translation>Der Trace zeigt den Batch nicht (seine Eingabeformen sind nicht aufgezeichnet): ob das %1-Fache des gemessenen Batches eines Ranks ganze Samples hält, oder überhaupt welche, lässt sich nicht sagen</translation>
    </message>
    <message>
        <source>the frontier&apos;s micro-batches</source>
        <translation>die Mikro-Batches der Front</translation>
    </message>
    <message>
        <source>the frontier&apos;s points in bf16</source>
        <translation>die Punkte der Front in bf16</translation>
    </message>
    <message>
        <source>memory first&apos;s choices that hold one</source>
        <translation>die Wahlen von „Speicher zuerst“, die einen solchen halten</translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) is one already, and a strategy holds one: %3 are left out</source>
        <translation>Schritt %1 (%2) der Basis ist bereits einer, und eine Strategie hält nur einen: %3 werden ausgelassen</translation>
    </message>
    <message>
        <source>the search&apos;s bucket choices</source>
        <translation>die Bucket-Wahlen der Suche</translation>
    </message>
    <message>
        <source>the search&apos;s partition sizes</source>
        <translation>die Partitionsgrößen der Suche</translation>
    </message>
    <message>
        <source>the search&apos;s kernel fusions</source>
        <translation>die Kernel-Fusionen der Suche</translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) decides the buckets: the frontier&apos;s bucket choices are left out</source>
        <translation>Schritt %1 (%2) der Basis legt die Buckets fest: die Bucket-Wahlen der Front werden ausgelassen</translation>
    </message>
    <message>
        <source>the %1 pieces of %2 bytes are smaller than the %3 partitions of %4 bytes the trace measured: each stage&apos;s service is scaled to a piece&apos;s bytes, as if a partition&apos;s turn held no cost per message, which a trace of one partition size cannot tell apart; the pieces may queue longer than replayed (up to %5 times as long, were a partition&apos;s whole service such a cost), and the smaller the pieces, the more this may flatter them</source>
        <translation>die %1 Stücke zu %2 Bytes sind kleiner als die %3 Partitionen zu %4 Bytes, die der Trace gemessen hat: die Bedienzeit jeder Stufe wird auf die Bytes eines Stücks skaliert, als hätte der Durchgang einer Partition keine Kosten je Nachricht, was ein Trace mit einer einzigen Partitionsgröße nicht unterscheiden kann; die Stücke können länger warten als nachgespielt (bis zu %5-mal so lange, wäre die ganze Bedienzeit einer Partition solche Kosten), und je kleiner die Stücke, desto günstiger erscheinen sie womöglich</translation>
    </message>
    <message>
        <source>the base&apos;s step %1 (%2) decides the buckets: the search&apos;s bucket choices are left out</source>
        <translation>Schritt %1 (%2) der Basis legt die Buckets fest: die Bucket-Wahlen der Suche werden ausgelassen</translation>
    </message>
    <message>
        <source>a step of the fewest devices computes on %1 times the samples a step of the job&apos;s %2 does (their devices each keep their batch): the speedup compares the time per sample, not the iterations</source>
        <translation>ein Schritt der wenigsten Geräte rechnet auf dem %1-Fachen der Samples eines Schritts der %2 Geräte des Jobs (jedes Gerät behält seinen Batch): der Speedup vergleicht die Zeit je Sample, nicht die Iterationen</translation>
    </message>
    <message>
        <source>the replay at worker count %1: %2</source>
        <translation>das Replay bei der Worker-Anzahl %1: %2</translation>
    </message>
    <message>
        <source>the replays at worker counts %1 (as the one at %2 says it): %3</source>
        <translation>die Replays bei den Worker-Anzahlen %1 (so, wie das bei %2 es sagt): %3</translation>
    </message>
    <message>
        <source>ranks %1 took turns on one GPU (index %2) of %3: each one&apos;s measured kernel times hold the others&apos; turns. Each rank now has a GPU of its own, and its kernels take their share of the shared GPU&apos;s time, 1/k of it where k ranks&apos; kernels ran at once (%4 ms of kernels as measured, %5 ms so shared; shared GPUs: %6). The GPU&apos;s switches between the ranks stay in that share: on the H100 sets it came 13 to 18 % above the kernels of a rank alone on the GPU. Their collectives run on host threads, which the trace cannot tell from processes that each saw a GPU of their own as that index: the network pass&apos;s ranks_per_host 1 takes them so</source>
        <translation>die Ränge %1 wechselten sich auf einer GPU (Index %2) von %3 ab: die gemessenen Kernelzeiten jedes Rangs enthalten die Anteile der anderen. Jeder Rang hat nun eine eigene GPU, und seine Kernel erhalten ihren Anteil an der Zeit der geteilten GPU, 1/k davon, wo Kernel von k Rängen gleichzeitig liefen (%4 ms Kernel gemessen, %5 ms so geteilt; geteilte GPUs: %6). Die Wechsel der GPU zwischen den Rängen bleiben in diesem Anteil: auf den H100-Sätzen lag er 13 bis 18 % über den Kerneln eines Rangs allein auf der GPU. Ihre Kollektive laufen auf Host-Threads, was die Aufzeichnung nicht von Prozessen unterscheiden kann, die jeweils eine eigene GPU unter diesem Index sahen: ranks_per_host 1 des Netzwerk-Passes nimmt sie so an</translation>
    </message>
    <message>
        <source>%1, while the path moved onto %2, %3 ms longer (%4 → %5 ms)</source>
        <translation>%1, während sich der Pfad auf %2 verlagerte, %3 ms länger (%4 → %5 ms)</translation>
    </message>
    <message>
        <source>the frontier</source>
        <translation>die Front</translation>
    </message>
    <message>
        <source>memory first</source>
        <translation>„Speicher zuerst“</translation>
    </message>
    <message>
        <source>%1 micro-batches split none of a rank&apos;s batches at the device counts tried (%2 samples; %3) into whole samples, which DeepSpeed refuses and no data loader gives: %4 tries %5 micro-batches instead</source>
        <translation>%1 Mikro-Batches teilen keinen der Batches eines Ranks bei den versuchten Gerätezahlen (%2 Samples; %3) in ganze Samples, was DeepSpeed ablehnt und kein Data Loader liefert: %4 versucht stattdessen %5 Mikro-Batches</translation>
    </message>
    <message>
        <source>the fused computation segment of %1 kernels from %2 repeats alike on %3 of the %4 streams and steps of its kind: the others hold its kernels another number of times (a warm-up kernel, a step cut short, kernels that follow the data), and %5 of their kernels that repeat it stay unfused</source>
        <translation>das fusionierte Rechensegment aus %1 Kerneln ab %2 wiederholt sich gleich auf %3 der %4 Streams und Schritte seiner Art: die anderen enthalten seine Kernel in anderer Anzahl (ein Aufwärmkernel, ein verkürzter Schritt, datenabhängige Kernel), und %5 ihrer Kernel, die es wiederholen, bleiben unfusioniert</translation>
    </message>
    <message>
        <source>%1 of the %2 transfers record no size (the trace does not say how many bytes they move): the cost model cannot time them, so they keep their measured times, and no change of bandwidth, link or group size moves them, other than to a group of one rank, which moves nothing</source>
        <translation>%1 der %2 Übertragungen nennen keine Größe (der Trace sagt nicht, wie viele Bytes sie bewegen): das Kostenmodell kann sie nicht messen, daher behalten sie ihre gemessenen Zeiten, und keine Änderung der Bandbreite, der Verbindung oder der Gruppengröße verschiebt sie, außer zu einer Gruppe aus einem Rang, die nichts überträgt</translation>
    </message>
    <message>
        <source>%1 micro-batches do not split a rank&apos;s batch at %2 devices (%3 samples; %4) into whole samples, which DeepSpeed refuses and no data loader gives: %5 holds no point of them there</source>
        <translation>%1 Mikro-Batches teilen den Batch eines Ranks bei %2 Geräten (%3 Samples; %4) nicht in ganze Samples, was DeepSpeed ablehnt und kein Data Loader liefert: %5 hat dort keinen Punkt von ihnen</translation>
    </message>
    <message>
        <source>with the profiler&apos;s estimated cost put back, the host work of a step (%1 ms) outlasts the what-if&apos;s iteration (%2 ms): its time rests on the estimate of the profiler&apos;s cost per host event, and where the profiler cost this host less, or the strategy adds host work the what-if does not hold, the job stays bound by its host (a GPU check set&apos;s prediction was 29 % fast so); the job without the profiler may be slower</source>
        <translation>mit den geschätzten Kosten des Profilers wieder hinzugerechnet übersteigt die Host-Arbeit eines Schritts (%1 ms) die Iteration des Was-wäre-wenn (%2 ms): seine Zeit beruht auf der Schätzung der Profiler-Kosten je Host-Ereignis, und wo der Profiler diesen Host weniger kostete oder die Strategie Host-Arbeit hinzufügt, die das Was-wäre-wenn nicht enthält, bleibt der Job durch seinen Host gebunden (eine Vorhersage des GPU-Prüfsatzes lag so 29 % zu schnell); der Job ohne Profiler kann langsamer sein</translation>
    </message>
    <message>
        <source>traffic: a memory-bound kernel whose op recorded its input shapes takes its bytes at the bandwidth the job&apos;s own elementwise kernels reach (never more than it measured), the others keep ratio of their time; ratio: every kernel keeps ratio of its time</source>
        <translation>traffic: ein speichergebundener Kernel, dessen Op ihre Eingabeformen aufgezeichnet hat, braucht für seine Bytes so lange wie bei der Bandbreite, die die eigenen elementweisen Kernel des Jobs erreichen (nie länger als gemessen), die übrigen behalten ratio ihrer Zeit; ratio: jeder Kernel behält ratio seiner Zeit</translation>
    </message>
    <message>
        <source>the time a fused kernel keeps of the kernels not priced by their traffic, as a share of their sum</source>
        <translation>die Zeit, die ein verschmolzener Kernel von den nicht nach ihrem Datenverkehr bemessenen Kerneln behält, als Anteil ihrer Summe</translation>
    </message>
    <message>
        <source>channels_last: cuDNN&apos;s layout conversions around convolutions (nchwToNhwc, nhwcToNchw) go, as a compiler that plans channels-last layouts removes them; keep: they keep their time</source>
        <translation>channels_last: die Layout-Umwandlungen von cuDNN um Faltungen (nchwToNhwc, nhwcToNchw) entfallen, wie ein Compiler sie entfernt, der Channels-last-Layouts plant; keep: sie behalten ihre Zeit</translation>
    </message>
    <message>
        <source>%1 layout conversions around convolutions removed (channels-last layouts)</source>
        <translation>%1 Layout-Umwandlungen um Faltungen entfernt (Channels-last-Layouts)</translation>
    </message>
    <message>
        <source>fused kernels move the outputs they pass one another through memory, as the kernels they fuse did: a compiler that keeps them on chip may take up to %1 % less of the device&apos;s kernel time than this</source>
        <translation>verschmolzene Kernel reichen einander ihre Ausgaben über den Speicher weiter, wie es die verschmolzenen Kernel taten: ein Compiler, der sie auf dem Chip hält, braucht womöglich bis zu %1 % weniger Kernelzeit des Geräts als hier</translation>
    </message>
    <message>
        <source>the job&apos;s elementwise kernels moved their bytes at %1 TB/s, more than the %2 TB/s of memory bandwidth its device&apos;s datasheet gives (%3): caches served them, so the fused kernels priced at that rate may be too fast</source>
        <translation>die elementweisen Kernel des Jobs bewegten ihre Bytes mit %1 TB/s, mehr als die %2 TB/s Speicherbandbreite, die das Datenblatt seines Geräts angibt (%3): Caches haben sie bedient, daher sind die mit dieser Rate bemessenen verschmolzenen Kernel womöglich zu schnell</translation>
    </message>
</context>
<context>
    <name>CriticalPathModel</name>
    <message>
        <source>%1 (all ranks)</source>
        <translation>%1 (alle Ranks)</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Counts as</source>
        <translation>Zählt als</translation>
    </message>
    <message>
        <source>Time on path</source>
        <translation>Zeit auf dem Pfad</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
</context>
<context>
    <name>ExportController</name>
    <message>
        <source>&amp;Export View…</source>
        <translation>Ansicht &amp;exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;Replayed Timeline…</source>
        <translation>&amp;Nachgespielte Zeitleiste exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;Strategy…</source>
        <translation>&amp;Strategie exportieren…</translation>
    </message>
    <message>
        <source>Write the strategy as the frameworks take it: DDP, DeepSpeed, Horovod, BytePS, XLA</source>
        <translation>Die Strategie so schreiben, wie die Frameworks sie nehmen: DDP, DeepSpeed, Horovod, BytePS, XLA</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>Ansicht exportieren</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>Export Failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Export Replayed Timeline</source>
        <translation>Nachgespielte Zeitleiste exportieren</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome-Trace-JSON (*.json)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>The job was not replayed.</source>
        <translation>Der Job wurde nicht nachgespielt.</translation>
    </message>
    <message>
        <source>No what-if has run for the strategy as it stands.</source>
        <translation>Für die Strategie in ihrem jetzigen Stand ist noch kein Was-wäre-wenn gelaufen.</translation>
    </message>
    <message>
        <source>Export Strategy</source>
        <translation>Strategie exportieren</translation>
    </message>
    <message>
        <source>The export writes, per framework:</source>
        <translation>Der Export schreibt, je Framework:</translation>
    </message>
    <message>
        <source>Choose Folder…</source>
        <translation>Ordner wählen…</translation>
    </message>
    <message>
        <source>Export Strategy to a Folder</source>
        <translation>Strategie in einen Ordner exportieren</translation>
    </message>
    <message>
        <source>Wrote:
%1</source>
        <translation>Geschrieben:
%1</translation>
    </message>
    <message>
        <source>Strategy Exported</source>
        <translation>Strategie exportiert</translation>
    </message>
</context>
<context>
    <name>FrontierPlot</name>
    <message>
        <source>Peak memory per device (GB)</source>
        <translation>Spitzenspeicher je Gerät (GB)</translation>
    </message>
    <message>
        <source>Iteration (ms)</source>
        <translation>Iteration (ms)</translation>
    </message>
    <message numerus="yes">
        <source>%n device(s)</source>
        <translation>
            <numerusform>%n Gerät</numerusform>
            <numerusform>%n Geräte</numerusform>
        </translation>
    </message>
    <message>
        <source>The job as it is</source>
        <translation>Der Job, wie er ist</translation>
    </message>
</context>
<context>
    <name>KindText</name>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU-Op</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>Kollektiv</translation>
    </message>
    <message>
        <source>send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>receive</source>
        <translation>Empfangen</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>Kopie</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>Memset</translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation>Runtime-Aufruf</translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation>Synchronisation</translation>
    </message>
    <message>
        <source>annotation</source>
        <translation>Annotation</translation>
    </message>
    <message>
        <source>I/O</source>
        <translation>E/A</translation>
    </message>
    <message>
        <source>the previous op on its thread or stream</source>
        <translation>die vorige Op auf seinem Thread oder Stream</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>the host waits for the device</source>
        <translation>der Host wartet auf das Gerät</translation>
    </message>
    <message>
        <source>a stream waits for an event</source>
        <translation>ein Stream wartet auf ein Ereignis</translation>
    </message>
    <message>
        <source>enclosing op</source>
        <translation>umschließende Op</translation>
    </message>
    <message>
        <source>end of the enclosing op</source>
        <translation>Ende der umschließenden Op</translation>
    </message>
    <message>
        <source>forward to backward</source>
        <translation>Vorwärts zu Rückwärts</translation>
    </message>
    <message>
        <source>recorded flow</source>
        <translation>aufgezeichneter Fluss</translation>
    </message>
    <message>
        <source>gradient to its collective</source>
        <translation>Gradient zu seinem Kollektiv</translation>
    </message>
    <message>
        <source>collective to the optimizer</source>
        <translation>Kollektiv zum Optimierer</translation>
    </message>
    <message>
        <source>recorded dependency</source>
        <translation>aufgezeichnete Abhängigkeit</translation>
    </message>
    <message>
        <source>joins the collective</source>
        <translation>tritt dem Kollektiv bei</translation>
    </message>
    <message>
        <source>the collective releases it</source>
        <translation>das Kollektiv gibt es frei</translation>
    </message>
    <message>
        <source>another thread wakes it</source>
        <translation>ein anderer Thread weckt es</translation>
    </message>
    <message>
        <source>joins the op around it</source>
        <translation>schließt sich der Op darum an</translation>
    </message>
    <message>
        <source>staging copy for the host collective</source>
        <translation>Bereitstellungskopie für das Host-Kollektiv</translation>
    </message>
    <message>
        <source>start of the replayed window</source>
        <translation>Beginn des nachgespielten Fensters</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Open trace files (File ▸ Open, or drop them here) to see the ranks of a job.</source>
        <translation>Öffnen Sie Trace-Dateien (Datei ▸ Öffnen, oder hierher ziehen), um die Ranks eines Jobs zu sehen.</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Critical Path</source>
        <translation>Kritischer Pfad</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Files…</source>
        <translation>Dateien ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Critical Path</source>
        <translation>&amp;Kritischer Pfad</translation>
    </message>
    <message>
        <source>&amp;Whole Job</source>
        <translation>&amp;Ganzer Job</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Sightline</source>
        <translation>Ü&amp;ber Sightline</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Open Trace Files</source>
        <translation>Trace-Dateien öffnen</translation>
    </message>
    <message>
        <source>Open a Folder of Trace Files</source>
        <translation>Einen Ordner mit Trace-Dateien öffnen</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Laden</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message numerus="yes">
        <source>Loading %n files…</source>
        <translation>
            <numerusform>%n Datei wird geladen…</numerusform>
            <numerusform>%n Dateien werden geladen…</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message numerus="yes">
        <source>%1 trace, world size %2, %n rank(s) loaded, </source>
        <translation>
            <numerusform>%1-Trace, Weltgröße %2, %n Rank geladen, </numerusform>
            <numerusform>%1-Trace, Weltgröße %2, %n Ranks geladen, </numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ops.</source>
        <translation>%1 Ops.</translation>
    </message>
    <message>
        <source>The job could not be replayed: %1</source>
        <translation>Der Job konnte nicht nachgespielt werden: %1</translation>
    </message>
    <message>
        <source>Loading cancelled</source>
        <translation>Laden abgebrochen</translation>
    </message>
    <message>
        <source>Loading failed</source>
        <translation>Laden fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cannot Open Trace</source>
        <translation>Trace kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>About Sightline</source>
        <translation>Über Sightline</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Sightline %1&lt;/h3&gt;&lt;p&gt;A timeline and what-if explorer for distributed deep-learning training.&lt;/p&gt;&lt;p&gt;Loads PyTorch profiler (Kineto) and Chrome traces from every rank of a job.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Sightline %1&lt;/h3&gt;&lt;p&gt;Zeitleiste und Was-wäre-wenn-Explorer für verteiltes Deep-Learning-Training.&lt;/p&gt;&lt;p&gt;Lädt PyTorch-Profiler- (Kineto) und Chrome-Traces aller Ranks eines Jobs.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Selection</source>
        <translation>Auswahl</translation>
    </message>
    <message numerus="yes">
        <source>Selection: %n op(s), %1</source>
        <translation>
            <numerusform>Auswahl: %n Op, %1</numerusform>
            <numerusform>Auswahl: %n Ops, %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Colour By</source>
        <translation>&amp;Färben nach</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>&amp;Art</translation>
    </message>
    <message>
        <source>&amp;Slack</source>
        <translation>&amp;Puffer</translation>
    </message>
    <message>
        <source>Building the dependency graph and replaying…</source>
        <translation>Abhängigkeitsgraph wird erstellt und nachgespielt…</translation>
    </message>
    <message>
        <source>Replay cancelled: the timeline shows the measured trace only</source>
        <translation>Nachspielen abgebrochen: die Zeitleiste zeigt nur den gemessenen Trace</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Spuren</translation>
    </message>
    <message>
        <source>Loaded; analysing…</source>
        <translation>Geladen; wird analysiert…</translation>
    </message>
    <message>
        <source>Replayed, but its times lie beyond ±146 years: the trace&apos;s durations are past any real job</source>
        <translation>Nachgespielt, doch die Zeiten liegen jenseits von ±146 Jahren: Die Dauern der Aufzeichnung übersteigen jeden echten Job</translation>
    </message>
    <message>
        <source>Fit the whole job in the view</source>
        <translation>Den ganzen Job in die Ansicht einpassen</translation>
    </message>
    <message>
        <source>Reset &amp;Layout</source>
        <translation>&amp;Layout zurücksetzen</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message numerus="yes">
        <source>%n rank(s), %1 ops</source>
        <translation>
            <numerusform>%n Rank, %1 Ops</numerusform>
            <numerusform>%n Ranks, %1 Ops</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded in %1 s, graph and replay in %2 s</source>
        <translation>geladen in %1 s, Graph und Replay in %2 s</translation>
    </message>
    <message>
        <source>, %1 ms measured</source>
        <translation>, %1 ms gemessen</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>What-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <source>No pass is switched on: the job runs as measured.</source>
        <translation>Kein Pass ist eingeschaltet: Der Job läuft wie gemessen.</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>Show the strategy panel: switch passes on and watch the job change</source>
        <translation>Strategie-Bereich zeigen: Passes einschalten und zusehen, wie sich der Job ändert</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>Szenario speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Traces and scenarios (*.json *.json.gz *.json.zst *.sightline);;Scenarios (*.sightline);;All files (*)</source>
        <translation>Traces und Szenarien (*.json *.json.gz *.json.zst *.sightline);;Szenarien (*.sightline);;Alle Dateien (*)</translation>
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
            <numerusform>%1 und %n weitere[*] — Sightline</numerusform>
            <numerusform>%1 und %n weitere[*] — Sightline</numerusform>
        </translation>
    </message>
    <message>
        <source>Unsaved Strategy</source>
        <translation>Ungespeicherte Strategie</translation>
    </message>
    <message>
        <source>The strategy has changes that are not saved in a scenario. Save them?</source>
        <translation>Die Strategie hat Änderungen, die nicht in einem Szenario gespeichert sind. Speichern?</translation>
    </message>
    <message>
        <source>&amp;Measured</source>
        <translation>&amp;Gemessen</translation>
    </message>
    <message>
        <source>&amp;Replayed</source>
        <translation>&amp;Nachgespielt</translation>
    </message>
    <message>
        <source>&amp;What-if</source>
        <translation>&amp;Was-wäre-wenn</translation>
    </message>
    <message>
        <source>&amp;Both</source>
        <translation>&amp;Beides</translation>
    </message>
    <message>
        <source>The job as measured</source>
        <translation>Der Job wie gemessen</translation>
    </message>
    <message>
        <source>The job replayed from its measured costs</source>
        <translation>Der Job, aus seinen gemessenen Kosten nachgespielt</translation>
    </message>
    <message>
        <source>The job the strategy makes, replayed; ops made by a pass are hatched</source>
        <translation>Der Job, den die Strategie macht, nachgespielt; von einem Pass erzeugte Ops sind schraffiert</translation>
    </message>
    <message>
        <source>With a strategy, each track&apos;s what-if rows under its baseline rows; without, the replayed times under the measured ones</source>
        <translation>Mit Strategie die Was-wäre-wenn-Zeilen jeder Spur unter ihren Ausgangszeilen; ohne die nachgespielten Zeiten unter den gemessenen</translation>
    </message>
    <message>
        <source>&amp;Change in Duration</source>
        <translation>&amp;Änderung der Dauer</translation>
    </message>
    <message>
        <source> (what-if)</source>
        <translation> (Was-wäre-wenn)</translation>
    </message>
    <message>
        <source>Replaying the what-if…</source>
        <translation>Was-wäre-wenn wird nachgespielt…</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>what-if failed</source>
        <translation>Was-wäre-wenn fehlgeschlagen</translation>
    </message>
    <message>
        <source>Gantt</source>
        <translation>Gantt</translation>
    </message>
    <message>
        <source>Find an op by name</source>
        <translation>Eine Op nach Namen suchen</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Go to the next match</source>
        <translation>Zum nächsten Treffer</translation>
    </message>
    <message>
        <source>Shift+Enter</source>
        <translation>Umschalt+Eingabe</translation>
    </message>
    <message>
        <source>Go to the previous match</source>
        <translation>Zum vorigen Treffer</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) while loading, listed below.</source>
        <translation>
            <numerusform>%n Warnung beim Laden, unten aufgeführt.</numerusform>
            <numerusform>%n Warnungen beim Laden, unten aufgeführt.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 (%3 times)</source>
        <translation>%1: %2 (%3-mal)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>iteration %1 ms per step replayed</source>
        <translation>Iteration %1 ms je Schritt im Replay</translation>
    </message>
    <message>
        <source>what-if %1 ms per step (%2)</source>
        <translation>Was-wäre-wenn %1 ms je Schritt (%2)</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n self-check warning(s)</source>
        <translation>
            <numerusform>⚠ %n Warnung der Selbstprüfung</numerusform>
            <numerusform>⚠ %n Warnungen der Selbstprüfung</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>critical path %1 ms over %n step(s)</source>
        <translation>
            <numerusform>kritischer Pfad %1 ms über %n Schritt</numerusform>
            <numerusform>kritischer Pfad %1 ms über %n Schritte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed; the critical path is %1 ms long over %n step(s)</source>
        <translation>
            <numerusform>Nachgespielt; der kritische Pfad ist %1 ms lang über %n Schritt</numerusform>
            <numerusform>Nachgespielt; der kritische Pfad ist %1 ms lang über %n Schritte</numerusform>
        </translation>
    </message>
    <message>
        <source>Shift+drag over the Gantt to sum up the ops of an area.</source>
        <translation>Umschalt+Ziehen über das Gantt fasst die Ops eines Bereichs zusammen.</translation>
    </message>
    <message>
        <source>No step runs: the job runs as measured.</source>
        <translation>Kein Schritt läuft: Der Job läuft wie gemessen.</translation>
    </message>
    <message>
        <source>Step %1 (%2) is pending, not run: give %3.</source>
        <translation>Schritt %1 (%2) wartet und läuft nicht: %3 angeben.</translation>
    </message>
    <message>
        <source>&amp;Legend</source>
        <translation>&amp;Legende</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>the trace marks no steps: its window replays in %1 ms</source>
        <translation>der Trace markiert keine Schritte: sein Fenster wird in %1 ms nachgespielt</translation>
    </message>
    <message>
        <source>what-if window %1 ms (%2)</source>
        <translation>Was-wäre-wenn-Fenster %1 ms (%2)</translation>
    </message>
    <message>
        <source>Replayed; the critical path is %1 ms long over the window (the trace marks no steps)</source>
        <translation>Nachgespielt; der kritische Pfad ist über das Fenster %1 ms lang (der Trace markiert keine Schritte)</translation>
    </message>
    <message>
        <source>critical path %1 ms over the window</source>
        <translation>kritischer Pfad %1 ms über das Fenster</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Hide this message</source>
        <translation>Diese Meldung ausblenden</translation>
    </message>
</context>
<context>
    <name>OpActions</name>
    <message>
        <source>What If</source>
        <translation>Was wäre wenn</translation>
    </message>
    <message numerus="yes">
        <source>Fuse These %n Op(s)</source>
        <translation>
            <numerusform>Diese %n Op fusionieren</numerusform>
            <numerusform>Diese %n Ops fusionieren</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Make These %n Op(s) 20 % Faster</source>
        <translation>
            <numerusform>Diese %n Op um 20 % beschleunigen</numerusform>
            <numerusform>Diese %n Ops um 20 % beschleunigen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Recompute the Layers of These %n Op(s)</source>
        <translation>
            <numerusform>Die Schichten dieser %n Op neu berechnen</numerusform>
            <numerusform>Die Schichten dieser %n Ops neu berechnen</numerusform>
        </translation>
    </message>
    <message>
        <source>(replaced by “%1” in the strategy&apos;s what-if)</source>
        <translation>(im Was-wäre-wenn der Strategie durch „%1“ ersetzt)</translation>
    </message>
    <message>
        <source>Make “%1” 20 % Faster</source>
        <translation>„%1“ um 20 % beschleunigen</translation>
    </message>
    <message>
        <source>Fuse Kernels Named “%1”</source>
        <translation>Kernels namens „%1“ fusionieren</translation>
    </message>
    <message>
        <source>Fuse the Kernels Launched Inside “%1”</source>
        <translation>Die in „%1“ gestarteten Kernels fusionieren</translation>
    </message>
    <message>
        <source>Recompute “%1” Before Its Backward</source>
        <translation>„%1“ vor seinem Backward neu berechnen</translation>
    </message>
</context>
<context>
    <name>OpDetailsPanel</name>
    <message>
        <source>Click an op in the timeline to see its details.</source>
        <translation>Klicken Sie auf eine Op in der Zeitleiste, um ihre Details zu sehen.</translation>
    </message>
    <message numerus="yes">
        <source>%1 across %n rank(s) (%2)</source>
        <translation>
            <numerusform>%1 über %n Rank (%2)</numerusform>
            <numerusform>%1 über %n Ranks (%2)</numerusform>
        </translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>Spur</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Beginn</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Replayed duration</source>
        <translation>Nachgespielte Dauer</translation>
    </message>
    <message>
        <source>Slack</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation>keiner: auf dem kritischen Pfad</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Nachgespielt</translation>
    </message>
    <message>
        <source>no: outside the replayed steps</source>
        <translation>nein: außerhalb der nachgespielten Schritte</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>Wartet auf</translation>
    </message>
    <message>
        <source>&lt;li&gt;nothing&lt;/li&gt;</source>
        <translation>&lt;li&gt;nichts&lt;/li&gt;</translation>
    </message>
    <message>
        <source>Released</source>
        <translation>Gibt frei</translation>
    </message>
</context>
<context>
    <name>OpSearchBar</name>
    <message>
        <source>Find ops by name (regular expression)</source>
        <translation>Ops nach Namen suchen (regulärer Ausdruck)</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Vorheriger</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Nächster</translation>
    </message>
    <message>
        <source>invalid: %1</source>
        <translation>ungültig: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
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
        <translation>Gewinn</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source> with </source>
        <translation> mit </translation>
    </message>
    <message>
        <source>⚠ %1 (the replay&apos;s self-checks warned: the gain may be wrong)</source>
        <translation>⚠ %1 (die Selbstprüfungen des Nachspielens warnten: der Gewinn kann falsch sein)</translation>
    </message>
</context>
<context>
    <name>OptimizePanel</name>
    <message>
        <source>Shortest iteration within the budget</source>
        <translation>Kürzeste Iteration im Budget</translation>
    </message>
    <message>
        <source>Fewest devices that fit</source>
        <translation>Wenigste Geräte, die passen</translation>
    </message>
    <message>
        <source>Optimize</source>
        <translation>Optimieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <source>Frontier</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>Iteration (ms)</source>
        <translation>Iteration (ms)</translation>
    </message>
    <message>
        <source>Load into Strategy Dock</source>
        <translation>In das Strategie-Dock laden</translation>
    </message>
    <message>
        <source>Replace the Strategy dock&apos;s steps with the strategy found (Undo brings them back)</source>
        <translation>Die Schritte des Strategie-Docks durch die gefundene Strategie ersetzen (Rückgängig holt sie zurück)</translation>
    </message>
    <message>
        <source>Changes that shortened the iteration alone, from the strategy the search had then; double-click one to load it</source>
        <translation>Änderungen, die die Iteration allein verkürzten, gegenüber der Strategie, die die Suche da hatte; Doppelklick lädt eine</translation>
    </message>
    <message>
        <source>Opportunities:</source>
        <translation>Gelegenheiten:</translation>
    </message>
    <message>
        <source>Load the optimized strategy</source>
        <translation>Optimierte Strategie laden</translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation>%1 laden</translation>
    </message>
    <message>
        <source>Find the Frontier</source>
        <translation>Front finden</translation>
    </message>
    <message>
        <source>Click a point to load its strategy.</source>
        <translation>Einen Punkt anklicken, um seine Strategie zu laden.</translation>
    </message>
    <message>
        <source>Load a frontier point (%1 ms, %2 GB)</source>
        <translation>Einen Punkt der Front laden (%1 ms, %2 GB)</translation>
    </message>
    <message>
        <source>Synchronous all-reduce</source>
        <translation>Synchrones All-Reduce</translation>
    </message>
    <message>
        <source>Asynchronous parameter server</source>
        <translation>Asynchroner Parameterserver</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>Skalieren</translation>
    </message>
    <message>
        <source>Throughput from 1 to 64 workers, from this profile</source>
        <translation>Durchsatz von 1 bis 64 Workern, aus diesem Profil</translation>
    </message>
    <message>
        <source>Open a job to search its strategies.</source>
        <translation>Öffnen Sie einen Job, um seine Strategien zu durchsuchen.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>Round %1: %2 ms per iteration</source>
        <translation>Runde %1: %2 ms je Iteration</translation>
    </message>
    <message numerus="yes">
        <source>%1 ms → %2 ms per iteration (%3×), peak %4 → %5 GB; %n round(s), %6 candidates</source>
        <translation>
            <numerusform>%1 ms → %2 ms je Iteration (%3×), Spitze %4 → %5 GB; %n Runde, %6 Kandidaten</numerusform>
            <numerusform>%1 ms → %2 ms je Iteration (%3×), Spitze %4 → %5 GB; %n Runden, %6 Kandidaten</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing the search tried beats the job as it is.</source>
        <translation>Nichts, was die Suche versuchte, schlägt den Job, wie er ist.</translation>
    </message>
    <message>
        <source>Search done.</source>
        <translation>Suche fertig.</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s), each replayed alone; click one to load its strategy.</source>
        <translation>
            <numerusform>%n Punkt, für sich wiedergegeben; anklicken lädt seine Strategie.</numerusform>
            <numerusform>%n Punkte, jeder für sich wiedergegeben; einen anklicken lädt seine Strategie.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fewest devices that fit: %1 (%2 ms).</source>
        <translation>Wenigste Geräte, die passen: %1 (%2 ms).</translation>
    </message>
    <message>
        <source>Fewest devices that fit: %1, at %2 ms per iteration and %3 GB.</source>
        <translation>Wenigste Geräte, die passen: %1, mit %2 ms je Iteration und %3 GB.</translation>
    </message>
    <message>
        <source>Frontier done.</source>
        <translation>Front fertig.</translation>
    </message>
    <message>
        <source>Scaling done.</source>
        <translation>Skalierung fertig.</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>Die Suche schlug fehl: %1</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n warning(s) about these figures (hover to read them)</source>
        <translation>
            <numerusform>⚠ %n Warnung zu diesen Zahlen (zum Lesen darauf zeigen)</numerusform>
            <numerusform>⚠ %n Warnungen zu diesen Zahlen (zum Lesen darauf zeigen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fastest within the budget: %1 ms on %n device(s).</source>
        <translation>
            <numerusform>Am schnellsten im Budget: %1 ms auf %n Gerät.</numerusform>
            <numerusform>Am schnellsten im Budget: %1 ms auf %n Geräten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Global batch shared</source>
        <translation>Globaler Batch geteilt</translation>
    </message>
    <message>
        <source>Batch per device kept</source>
        <translation>Batch je Gerät behalten</translation>
    </message>
    <message>
        <source>Other device counts share the measured global batch, so fewer devices each take more samples and memory (strong scaling: the frontier&apos;s and the fewest devices&apos; default), or each device keeps its measured batch (weak scaling)</source>
        <translation>Andere Gerätezahlen teilen den gemessenen globalen Batch, sodass weniger Geräte je mehr Samples und Speicher nehmen (starke Skalierung: Vorgabe für die Front und die wenigsten Geräte), oder jedes Gerät behält seinen gemessenen Batch (schwache Skalierung)</translation>
    </message>
    <message>
        <source>The workers share the measured global batch (strong scaling), or each keeps its measured batch (weak scaling, the usual throughput curve); the parameter server&apos;s workers keep theirs</source>
        <translation>Die Worker teilen den gemessenen globalen Batch (starke Skalierung), oder jeder behält seinen gemessenen Batch (schwache Skalierung, die übliche Durchsatzkurve); die Worker des Parameterservers behalten ihren</translation>
    </message>
    <message>
        <source>What the search looks for: the fastest strategy whose peak fits each device&apos;s memory (the memory budget, which the Strategy dock shares), or the fewest devices with a strategy that fits, from the time–memory frontier</source>
        <translation>Wonach die Suche sucht: die schnellste Strategie, deren Spitze in den Speicher jedes Geräts passt (das Speicherbudget, das das Strategie-Dock teilt), oder die wenigsten Geräte mit einer passenden Strategie, aus der Zeit-Speicher-Front</translation>
    </message>
    <message>
        <source>%v of %m what-ifs</source>
        <translation>%v von %m Was-wäre-wenn-Läufen</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>Speicherbudget</translation>
    </message>
    <message>
        <source>The strategies no other beats in both time and memory (recomputed layers, accumulation, mixed precision, gradient buckets), each replayed alone</source>
        <translation>Die Strategien, die keine andere in Zeit und Speicher zugleich schlägt (neu berechnete Schichten, Akkumulation, gemischte Genauigkeit, Gradienten-Buckets), jede allein nachgespielt</translation>
    </message>
    <message numerus="yes">
        <source>The job as it is (the cross): %1 ms and %2 GB on %n device(s).</source>
        <translation>
            <numerusform>Der Job, wie er ist (das Kreuz): %1 ms und %2 GB auf %n Gerät.</numerusform>
            <numerusform>Der Job, wie er ist (das Kreuz): %1 ms und %2 GB auf %n Geräten.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RankListModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Tracks</source>
        <translation>Spuren</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>Ops</translation>
    </message>
    <message>
        <source>Collectives</source>
        <translation>Kollektive</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Mean step</source>
        <translation>Mittlerer Schritt</translation>
    </message>
</context>
<context>
    <name>RankSummaryChart</name>
    <message>
        <source>rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>GPU time (ms)</source>
        <translation>GPU-Zeit (ms)</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>compute overlapping communication</source>
        <translation>Rechnen parallel zur Kommunikation</translation>
    </message>
    <message>
        <source>exposed communication</source>
        <translation>nicht überdeckte Kommunikation</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>untätig</translation>
    </message>
    <message>
        <source>mean step (ms)</source>
        <translation>mittlerer Schritt (ms)</translation>
    </message>
    <message>
        <source>measured step</source>
        <translation>gemessener Schritt</translation>
    </message>
    <message>
        <source>replayed step</source>
        <translation>nachgespielter Schritt</translation>
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
        <translation>Rechnen</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>Exposed comm.</source>
        <translation>Nicht überdeckte Komm.</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Untätig</translation>
    </message>
    <message>
        <source>Overlap</source>
        <translation>Überlappung</translation>
    </message>
    <message>
        <source>Measured step</source>
        <translation>Gemessener Schritt</translation>
    </message>
    <message>
        <source>Replayed step</source>
        <translation>Nachgespielter Schritt</translation>
    </message>
</context>
<context>
    <name>RecentJobs</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 und %n weitere</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScalingPlot</name>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Steps per second, all workers</source>
        <translation>Schritte je Sekunde, alle Worker</translation>
    </message>
    <message>
        <source>Model (synchronous all-reduce)</source>
        <translation>Modell (synchrones All-Reduce)</translation>
    </message>
    <message>
        <source>Model (asynchronous parameter server)</source>
        <translation>Modell (asynchroner Parameterserver)</translation>
    </message>
    <message>
        <source>Replayed (worker_count)</source>
        <translation>Wiedergegeben (worker_count)</translation>
    </message>
    <message>
        <source>Measured (the trace)</source>
        <translation>Gemessen (die Aufzeichnung)</translation>
    </message>
    <message>
        <source>Perfect scaling</source>
        <translation>Perfekte Skalierung</translation>
    </message>
    <message>
        <source>No whole samples per worker</source>
        <translation>Keine ganzen Samples je Worker</translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>too large for a scenario file</source>
        <translation>zu groß für eine Szenariodatei</translation>
    </message>
    <message>
        <source>not a scenario (not a JSON object: %1)</source>
        <translation>kein Szenario (kein JSON-Objekt: %1)</translation>
    </message>
    <message>
        <source>not a scenario (no &quot;version&quot;)</source>
        <translation>kein Szenario (kein &quot;version&quot;)</translation>
    </message>
    <message>
        <source>made by a newer Sightline (format version %1; this one reads %2)</source>
        <translation>von einem neueren Sightline erstellt (Formatversion %1; dieses liest %2)</translation>
    </message>
    <message>
        <source>&quot;traces&quot; wants a list of trace files</source>
        <translation>&quot;traces&quot; erwartet eine Liste von Trace-Dateien</translation>
    </message>
    <message>
        <source>&quot;traces&quot; holds something that is not a file name</source>
        <translation>&quot;traces&quot; enthält etwas, das kein Dateiname ist</translation>
    </message>
    <message>
        <source>&quot;alignment.offsets_ns&quot; wants whole nanoseconds as decimal strings, at most a day either way</source>
        <translation>&quot;alignment.offsets_ns&quot; erwartet ganze Nanosekunden als Dezimalzeichenketten, höchstens einen Tag in jede Richtung</translation>
    </message>
    <message>
        <source>&quot;steps.%1&quot; wants a step number, or -1 for every step</source>
        <translation>&quot;steps.%1&quot; erwartet eine Schrittnummer oder -1 für jeden Schritt</translation>
    </message>
    <message>
        <source>&quot;memory_budget_bytes&quot; wants a number of bytes</source>
        <translation>&quot;memory_budget_bytes&quot; erwartet eine Anzahl Bytes</translation>
    </message>
    <message>
        <source>&quot;steps.first&quot; comes after &quot;steps.last&quot;</source>
        <translation>&quot;steps.first&quot; liegt nach &quot;steps.last&quot;</translation>
    </message>
    <message>
        <source>&quot;view&quot; wants one of %1</source>
        <translation>„view“ erwartet einen von %1</translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <source>Cannot Open Scenario</source>
        <translation>Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more.</source>
        <translation>Das Szenario %1 verwendet %2, das nicht mehr vorhanden ist.</translation>
    </message>
    <message>
        <source>Scenario not opened: %1 is missing</source>
        <translation>Szenario nicht geöffnet: %1 fehlt</translation>
    </message>
    <message>
        <source>Trace File Missing</source>
        <translation>Trace-Datei fehlt</translation>
    </message>
    <message>
        <source>The scenario %1 uses %2, which is not there any more. Locate it?</source>
        <translation>Das Szenario %1 verwendet %2, das nicht mehr vorhanden ist. Suchen?</translation>
    </message>
    <message>
        <source>Locate %1</source>
        <translation>%1 suchen</translation>
    </message>
    <message>
        <source>Traces (*.json *.json.gz *.json.zst);;All files (*)</source>
        <translation>Traces (*.json *.json.gz *.json.zst);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No job is open.</source>
        <translation>Kein Job ist geöffnet.</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Scenarios (*.sightline)</source>
        <translation>Szenarien (*.sightline)</translation>
    </message>
    <message>
        <source>Cannot Save Scenario</source>
        <translation>Szenario kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
</context>
<context>
    <name>ShortcutSheet</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>Wirkung</translation>
    </message>
</context>
<context>
    <name>StatusText</name>
    <message>
        <source>No error.</source>
        <translation>Kein Fehler.</translation>
    </message>
    <message>
        <source>The file or folder does not exist.</source>
        <translation>Die Datei oder der Ordner existiert nicht.</translation>
    </message>
    <message>
        <source>The file could not be read.</source>
        <translation>Die Datei konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation>Die Datei ist leer.</translation>
    </message>
    <message>
        <source>The compressed data is corrupt or incomplete.</source>
        <translation>Die komprimierten Daten sind beschädigt oder unvollständig.</translation>
    </message>
    <message>
        <source>The file is not a trace Sightline can read.</source>
        <translation>Die Datei ist kein Trace, den Sightline lesen kann.</translation>
    </message>
    <message>
        <source>The file is not valid JSON.</source>
        <translation>Die Datei ist kein gültiges JSON.</translation>
    </message>
    <message>
        <source>The file ends in the middle of the JSON text; it may have been cut off.</source>
        <translation>Die Datei endet mitten im JSON-Text; sie wurde womöglich abgeschnitten.</translation>
    </message>
    <message>
        <source>A value has the wrong type.</source>
        <translation>Ein Wert hat den falschen Typ.</translation>
    </message>
    <message>
        <source>An event has a negative duration.</source>
        <translation>Ein Ereignis hat eine negative Dauer.</translation>
    </message>
    <message>
        <source>An event lacks a required field.</source>
        <translation>Einem Ereignis fehlt ein Pflichtfeld.</translation>
    </message>
    <message>
        <source>A begin or end event has no partner.</source>
        <translation>Ein Beginn- oder End-Ereignis hat kein Gegenstück.</translation>
    </message>
    <message>
        <source>Two files claim the same rank.</source>
        <translation>Zwei Dateien beanspruchen denselben Rank.</translation>
    </message>
    <message>
        <source>The trace holds no events.</source>
        <translation>Der Trace enthält keine Ereignisse.</translation>
    </message>
    <message>
        <source>A number is out of the representable range.</source>
        <translation>Eine Zahl liegt außerhalb des darstellbaren Bereichs.</translation>
    </message>
    <message>
        <source>An event type is not supported.</source>
        <translation>Ein Ereignistyp wird nicht unterstützt.</translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The request does not fit this trace.</source>
        <translation>Die Anfrage passt nicht zu diesem Trace.</translation>
    </message>
    <message>
        <source>The operations wait for each other in a cycle, so they cannot be replayed.</source>
        <translation>Die Operationen warten im Kreis aufeinander und können daher nicht nachgespielt werden.</translation>
    </message>
    <message>
        <source>Unknown error.</source>
        <translation>Unbekannter Fehler.</translation>
    </message>
    <message>
        <source>%1 (at byte %2):</source>
        <translation>%1 (bei Byte %2):</translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>Details: %1</translation>
    </message>
    <message>
        <source>The job is too large: it exceeds a limit on decoded text or memory.</source>
        <translation>Der Job ist zu groß: Er überschreitet eine Grenze für dekodierten Text oder Speicher.</translation>
    </message>
    <message>
        <source>The file could not be written whole; nothing was replaced.</source>
        <translation>Die Datei konnte nicht vollständig geschrieben werden; nichts wurde ersetzt.</translation>
    </message>
    <message>
        <source>The machine ran out of memory.</source>
        <translation>Dem Rechner ist der Arbeitsspeicher ausgegangen.</translation>
    </message>
    <message>
        <source>The strategy cannot run.</source>
        <translation>Die Strategie kann nicht laufen.</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>Datei: %1</translation>
    </message>
</context>
<context>
    <name>StrategyModel</name>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>%1 verschieben</translation>
    </message>
    <message>
        <source>Switch on %1</source>
        <translation>%1 einschalten</translation>
    </message>
    <message>
        <source>Switch off %1</source>
        <translation>%1 ausschalten</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>%1 auf %2 setzen</translation>
    </message>
    <message>
        <source>Leave %1 out</source>
        <translation>%1 weglassen</translation>
    </message>
    <message>
        <source>Use each device&apos;s memory as the budget</source>
        <translation>Den Speicher jedes Geräts als Budget nehmen</translation>
    </message>
    <message>
        <source>Set the memory budget to %1 GB</source>
        <translation>Speicherbudget auf %1 GB setzen</translation>
    </message>
    <message>
        <source>No pass of this name</source>
        <translation>Kein Pass dieses Namens</translation>
    </message>
    <message numerus="yes">
        <source>%n op(s)</source>
        <translation>
            <numerusform>%n Op</numerusform>
            <numerusform>%n Ops</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — pending: give %2</source>
        <translation>%1 — wartet: %2 angeben</translation>
    </message>
</context>
<context>
    <name>StrategyPanel</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add the chosen pass at the end of the strategy</source>
        <translation>Den gewählten Pass am Ende der Strategie hinzufügen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Runter</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Memory budget</source>
        <translation>Speicherbudget</translation>
    </message>
    <message>
        <source>No pass of this name</source>
        <translation>Kein Pass dieses Namens</translation>
    </message>
    <message>
        <source>Add a pass to change the job.</source>
        <translation>Fügen Sie einen Pass hinzu, um den Job zu ändern.</translation>
    </message>
    <message>
        <source>Give this parameter; left out, the pass finds it from the job (its description says how)</source>
        <translation>Diesen Parameter angeben; weggelassen ermittelt der Pass ihn aus dem Job (seine Beschreibung sagt, wie)</translation>
    </message>
    <message>
        <source>Replaying the what-if…</source>
        <translation>Was-wäre-wenn wird nachgespielt…</translation>
    </message>
    <message>
        <source>out of memory (%1)</source>
        <translation>Speicher erschöpft (%1)</translation>
    </message>
    <message>
        <source>Use Selection</source>
        <translation>Auswahl übernehmen</translation>
    </message>
    <message>
        <source>Take the ops selected in the Gantt (an area, or rows of the critical path)</source>
        <translation>Die im Gantt ausgewählten Ops übernehmen (einen Bereich oder Zeilen des kritischen Pfads)</translation>
    </message>
    <message>
        <source>Required: the step is pending until it is given (Enter gives the value shown).</source>
        <translation>Erforderlich: Der Schritt wartet, bis er angegeben ist (Eingabe übernimmt den gezeigten Wert).</translation>
    </message>
</context>
<context>
    <name>TimelineLabelPainter</name>
    <message>
        <source>host %1</source>
        <translation>Host %1</translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation>unbenannter Host</translation>
    </message>
    <message>
        <source>rank %1 (added)</source>
        <translation>Rank %1 (hinzugefügt)</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>nachgespielt</translation>
    </message>
</context>
<context>
    <name>TimelineLegend</name>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>CPU-Op</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>Kommunikation</translation>
    </message>
    <message>
        <source>copy, memset</source>
        <translation>Kopie, Memset</translation>
    </message>
    <message>
        <source>runtime call</source>
        <translation>Runtime-Aufruf</translation>
    </message>
    <message>
        <source>synchronize</source>
        <translation>Synchronisation</translation>
    </message>
    <message>
        <source>annotation, step</source>
        <translation>Annotation, Schritt</translation>
    </message>
    <message>
        <source>I/O, data loading</source>
        <translation>E/A, Datenladen</translation>
    </message>
    <message>
        <source>much shorter</source>
        <translation>viel kürzer</translation>
    </message>
    <message>
        <source>shorter</source>
        <translation>kürzer</translation>
    </message>
    <message>
        <source>the same</source>
        <translation>gleich</translation>
    </message>
    <message>
        <source>longer</source>
        <translation>länger</translation>
    </message>
    <message>
        <source>much longer</source>
        <translation>viel länger</translation>
    </message>
    <message>
        <source>no slack: critical</source>
        <translation>kein Puffer: kritisch</translation>
    </message>
    <message>
        <source>under 1 % of the path</source>
        <translation>unter 1 % des Pfads</translation>
    </message>
    <message>
        <source>under 10 %</source>
        <translation>unter 10 %</translation>
    </message>
    <message>
        <source>more</source>
        <translation>mehr</translation>
    </message>
    <message>
        <source>not replayed</source>
        <translation>nicht nachgespielt</translation>
    </message>
    <message>
        <source>critical path</source>
        <translation>kritischer Pfad</translation>
    </message>
    <message>
        <source>baseline&apos;s critical path</source>
        <translation>kritischer Pfad der Ausgangslage</translation>
    </message>
    <message>
        <source>made by the strategy</source>
        <translation>von der Strategie erzeugt</translation>
    </message>
    <message>
        <source>search match</source>
        <translation>Suchtreffer</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>%1 ops, %2
widest: %3</source>
        <translation>%1 Ops, %2
längste: %3</translation>
    </message>
    <message>
        <source>ranks with a GPU op running</source>
        <translation>Ranks mit laufender GPU-Op</translation>
    </message>
    <message>
        <source>communication ops in flight</source>
        <translation>laufende Kommunikations-Ops</translation>
    </message>
    <message>
        <source>ranks with a GPU op running (blue), communication ops in flight (orange)</source>
        <translation>Ranks mit laufender GPU-Op (blau), laufende Kommunikations-Ops (orange)</translation>
    </message>
    <message>
        <source>Expand Host</source>
        <translation>Host aufklappen</translation>
    </message>
    <message>
        <source>Collapse Host</source>
        <translation>Host zuklappen</translation>
    </message>
    <message>
        <source>Hide Host</source>
        <translation>Host ausblenden</translation>
    </message>
    <message>
        <source>Expand Rank</source>
        <translation>Rank aufklappen</translation>
    </message>
    <message>
        <source>Collapse Rank</source>
        <translation>Rank zuklappen</translation>
    </message>
    <message>
        <source>Hide Rank</source>
        <translation>Rank ausblenden</translation>
    </message>
    <message>
        <source>Spread Lanes</source>
        <translation>Bahnen aufteilen</translation>
    </message>
    <message>
        <source>Merge Lanes</source>
        <translation>Bahnen zusammenlegen</translation>
    </message>
    <message>
        <source>Hide Track</source>
        <translation>Spur ausblenden</translation>
    </message>
    <message>
        <source>Collapse All Ranks</source>
        <translation>Alle Ranks zuklappen</translation>
    </message>
    <message>
        <source>Expand All Ranks</source>
        <translation>Alle Ranks aufklappen</translation>
    </message>
    <message>
        <source>Show All Tracks</source>
        <translation>Alle Spuren einblenden</translation>
    </message>
    <message>
        <source>at %1
%2 ranks with a GPU op running
%3 communication ops in flight</source>
        <translation>bei %1
%2 Ranks mit laufender GPU-Op
%3 laufende Kommunikations-Ops</translation>
    </message>
    <message>
        <source>made by the strategy</source>
        <translation>von der Strategie erzeugt</translation>
    </message>
    <message>
        <source>W / S, wheel</source>
        <translation>W / S, Mausrad</translation>
    </message>
    <message>
        <source>Zoom the time axis in / out, about the mouse pointer</source>
        <translation>Die Zeitachse um den Mauszeiger vergrößern / verkleinern</translation>
    </message>
    <message>
        <source>A / D, drag</source>
        <translation>A / D, Ziehen</translation>
    </message>
    <message>
        <source>Pan the time axis left / right</source>
        <translation>Die Zeitachse nach links / rechts verschieben</translation>
    </message>
    <message>
        <source>Shift+wheel, Page Up / Page Down, Up / Down</source>
        <translation>Umschalt+Mausrad, Bild auf / Bild ab, Pfeil hoch / runter</translation>
    </message>
    <message>
        <source>Scroll the rows</source>
        <translation>Die Zeilen rollen</translation>
    </message>
    <message>
        <source>Shift+drag</source>
        <translation>Umschalt+Ziehen</translation>
    </message>
    <message>
        <source>Select an area: its ops go to the Selection dock, its duration to the axis</source>
        <translation>Einen Bereich auswählen: seine Ops kommen in den Auswahl-Bereich, seine Dauer auf die Achse</translation>
    </message>
    <message>
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <source>Fit the selected area, else the selected op</source>
        <translation>Den ausgewählten Bereich einpassen, sonst die ausgewählte Op</translation>
    </message>
    <message>
        <source>Show the whole job</source>
        <translation>Den ganzen Job zeigen</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>Klick</translation>
    </message>
    <message>
        <source>Select an op; on a name in the gutter, fold or unfold it</source>
        <translation>Eine Op auswählen; auf einem Namen am linken Rand diesen ein- oder ausklappen</translation>
    </message>
    <message>
        <source>Double click on a header row</source>
        <translation>Doppelklick auf eine Kopfzeile</translation>
    </message>
    <message>
        <source>Fold or unfold the host or rank</source>
        <translation>Den Host oder Rank ein- oder ausklappen</translation>
    </message>
    <message>
        <source>Right click</source>
        <translation>Rechtsklick</translation>
    </message>
    <message>
        <source>What-if steps on the op or the area, and the track menu</source>
        <translation>Was-wäre-wenn-Schritte für die Op oder den Bereich, und das Spurmenü</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Strg+Mausrad</translation>
    </message>
    <message>
        <source>Make the rows taller or lower</source>
        <translation>Die Zeilen höher oder niedriger machen</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selected area</source>
        <translation>Den ausgewählten Bereich aufheben</translation>
    </message>
    <message>
        <source>start %1, duration %2</source>
        <translation>Beginn %1, Dauer %2</translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation>Rank %1 · %2</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 Byte</translation>
    </message>
</context>
<context>
    <name>TrackTreeModel</name>
    <message>
        <source>host %1</source>
        <translation>Host %1</translation>
    </message>
    <message>
        <source>unnamed host</source>
        <translation>unbenannter Host</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU-Threads</translation>
    </message>
    <message>
        <source>GPU streams</source>
        <translation>GPU-Streams</translation>
    </message>
    <message>
        <source>Communication channels</source>
        <translation>Kommunikationskanäle</translation>
    </message>
    <message>
        <source>Other tracks</source>
        <translation>Andere Spuren</translation>
    </message>
    <message>
        <source>%1: collapsed in the timeline</source>
        <translation>%1: in der Zeitleiste zugeklappt</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>Spur</translation>
    </message>
    <message>
        <source>Ops</source>
        <translation>Ops</translation>
    </message>
</context>
<context>
    <name>TrackTreePanel</name>
    <message>
        <source>Move Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move the selected row up among its siblings (Alt+Up)</source>
        <translation>Die gewählte Zeile unter ihren Geschwistern nach oben schieben (Alt+Hoch)</translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Move the selected row down among its siblings (Alt+Down)</source>
        <translation>Die gewählte Zeile unter ihren Geschwistern nach unten schieben (Alt+Runter)</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>Alle einblenden</translation>
    </message>
    <message>
        <source>Show every hidden track</source>
        <translation>Alle ausgeblendeten Spuren einblenden</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Restore the job&apos;s own order, show every track and undo collapsing</source>
        <translation>Die Reihenfolge des Jobs wiederherstellen, alle Spuren einblenden und Zuklappen aufheben</translation>
    </message>
    <message>
        <source>Filter tracks</source>
        <translation>Spuren filtern</translation>
    </message>
</context>
<context>
    <name>WhatIfDisplay</name>
    <message>
        <source>peak %1 GB</source>
        <translation>Spitze %1 GB</translation>
    </message>
    <message>
        <source>Iteration %1 ms against %2 ms per step (%3), replayed in %4 ms.</source>
        <translation>Iteration %1 ms gegenüber %2 ms je Schritt (%3), nachgespielt in %4 ms.</translation>
    </message>
    <message>
        <source>⚠ Self-check: %1</source>
        <translation>⚠ Selbstprüfung: %1</translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events per step (up to %3 ms per step).</source>
        <translation>Beide ohne die eigenen Kosten des Profilers: %1 µs je Host-Ereignis, %2 Ereignisse je Schritt (bis zu %3 ms je Schritt).</translation>
    </message>
    <message>
        <source>The strategy as edited cannot run (see the Strategy dock).</source>
        <translation>Die Strategie in ihrem jetzigen Stand kann nicht laufen (siehe Strategie-Bereich).</translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt shows the job without it.</source>
        <translation>Die Strategie ist fehlgeschlagen; das Gantt zeigt den Job ohne sie.</translation>
    </message>
    <message>
        <source>The strategy failed.</source>
        <translation>Die Strategie ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>The strategy failed; the Gantt and the What-if dock show the last what-if that ran, now stale.</source>
        <translation>Die Strategie ist fehlgeschlagen; Gantt und Was-wäre-wenn-Bereich zeigen das zuletzt gelaufene Was-wäre-wenn, nun veraltet.</translation>
    </message>
    <message>
        <source>The strategy failed; the What-if dock shows the last what-if that ran, now stale.</source>
        <translation>Die Strategie ist fehlgeschlagen; der Was-wäre-wenn-Bereich zeigt das zuletzt gelaufene Was-wäre-wenn, nun veraltet.</translation>
    </message>
    <message>
        <source> (what-if)</source>
        <translation> (Was-wäre-wenn)</translation>
    </message>
    <message>
        <source>Drawing the what-if…</source>
        <translation>Was-wäre-wenn wird gezeichnet…</translation>
    </message>
    <message>
        <source>The what-if cannot be drawn: %1</source>
        <translation>Das Was-wäre-wenn kann nicht gezeichnet werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Showing the what-if: %n op(s), of which %1 made by the strategy</source>
        <translation>
            <numerusform>Was-wäre-wenn: %n Op, davon %1 von der Strategie erzeugt</numerusform>
            <numerusform>Was-wäre-wenn: %n Ops, davon %1 von der Strategie erzeugt</numerusform>
        </translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Replay</translation>
    </message>
    <message>
        <source>what-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Ausgangslage</translation>
    </message>
    <message>
        <source>Made by</source>
        <translation>Erzeugt von</translation>
    </message>
    <message>
        <source>the strategy (a fused op, bucket, chunk, copy or added rank&apos;s op)</source>
        <translation>der Strategie (fusionierte Op, Bucket, Teilstück, Kopie oder Op eines hinzugefügten Ranks)</translation>
    </message>
    <message>
        <source>Stands for</source>
        <translation>Steht für</translation>
    </message>
    <message>
        <source>%1 on rank %2, measured %3</source>
        <translation>%1 auf Rank %2, gemessen %3</translation>
    </message>
    <message>
        <source>Baseline duration</source>
        <translation>Dauer in der Ausgangslage</translation>
    </message>
    <message>
        <source>Slack</source>
        <translation>Puffer</translation>
    </message>
    <message>
        <source>none: on the critical path</source>
        <translation>keiner: auf dem kritischen Pfad</translation>
    </message>
    <message>
        <source>The window replays in %1 ms against %2 ms (%3): the trace marks no steps. Replayed in %4 ms.</source>
        <translation>Das Fenster wird in %1 ms statt %2 ms nachgespielt (%3): der Trace markiert keine Schritte. Nachgespielt in %4 ms.</translation>
    </message>
    <message>
        <source>Throughput %1: a step computes on %2 times the measured job&apos;s samples.</source>
        <translation>Durchsatz %1: ein Schritt berechnet das %2-fache der Samples des gemessenen Jobs.</translation>
    </message>
    <message>
        <source>Both without the profiler&apos;s own cost: %1 µs per host event, %2 events in the window (up to %3 ms).</source>
        <translation>Beide ohne die eigenen Kosten des Profilers: %1 µs je Host-Ereignis, %2 Ereignisse im Fenster (bis zu %3 ms).</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Timeline and what-if explorer for distributed training.</source>
        <translation>Zeitleiste und Was-wäre-wenn-Explorer für verteiltes Training.</translation>
    </message>
    <message>
        <source>Open the files, save the window at 1600×1000 as an image and quit.</source>
        <translation>Die Dateien öffnen, das Fenster in 1600×1000 als Bild speichern und beenden.</translation>
    </message>
    <message>
        <source>Highlight the critical path.</source>
        <translation>Den kritischen Pfad hervorheben.</translation>
    </message>
    <message>
        <source>The language of the window, e.g. de or zh_CN (default: the system&apos;s).</source>
        <translation>Die Sprache des Fensters, z. B. de oder zh_CN (Standard: die des Systems).</translation>
    </message>
    <message>
        <source>Trace files or folders of one job, or a scenario file (.sightline), to open.</source>
        <translation>Zu öffnende Trace-Dateien oder -Ordner eines Jobs oder eine Szenariodatei (.sightline).</translation>
    </message>
    <message>
        <source>Switch on the strategy in this JSON file (as sightline-cli whatif takes it) for the job.</source>
        <translation>Die Strategie in dieser JSON-Datei (wie sightline-cli whatif sie nimmt) für den Job einschalten.</translation>
    </message>
    <message>
        <source>What the timeline shows: measured, replayed, whatif (the strategy&apos;s what-if) or both (with a strategy, its baseline and what-if; without, the measured and replayed times).</source>
        <translation>Was die Zeitleiste zeigt: measured (gemessen), replayed (nachgespielt), whatif (das Was-wäre-wenn der Strategie) oder both (mit Strategie Ausgangslage und Was-wäre-wenn; ohne die gemessenen und nachgespielten Zeiten).</translation>
    </message>
    <message>
        <source>Open the files, save the whole window as laid out on the screen (docks, toolbars, status bar) and quit.</source>
        <translation>Die Dateien öffnen, das ganze Fenster so, wie es auf dem Bildschirm liegt (Bereiche, Werkzeugleisten, Statusleiste), speichern und beenden.</translation>
    </message>
    <message>
        <source>The Gantt&apos;s rows&apos; height in pixels, 8 to 40 (default 18; Ctrl+wheel changes it).</source>
        <translation>Die Höhe der Gantt-Zeilen in Pixeln, 8 bis 40 (Standard 18; Strg+Mausrad ändert sie).</translation>
    </message>
</context>
</TS>
