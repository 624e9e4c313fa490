<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AdviceProver</name>
    <message>
        <location filename="../gui/advice/model/adviceprover.cpp" line="54" />
        <source>Stopped.</source>
        <translation>Stopped.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/adviceprover.cpp" line="55" />
        <source>The measurement failed: %1</source>
        <translation>The measurement failed: %1</translation>
    </message>
</context>
<context>
    <name>AnalysisWindows</name>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="37" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="85" />
        <source>Open PyTorch profiler traces</source>
        <translation>Open PyTorch profiler traces</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="90" />
        <source>Reading the profiler traces…</source>
        <translation>Reading the profiler traces…</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="103" />
        <source>rank %1 · %2 · data stall %3</source>
        <translation>rank %1 · %2 · data stall %3</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="113" />
        <source>Ranks of one job</source>
        <translation>Ranks of one job</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="115" />
        <source>Straggler: %1</source>
        <translation>Straggler: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="116" />
        <source>No rank's loader holds the others back.</source>
        <translation>No rank's loader holds the others back.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="128" />
        <location filename="../gui/runs/analysiswindows.cpp" line="181" />
        <location filename="../gui/runs/analysiswindows.cpp" line="188" />
        <location filename="../gui/runs/analysiswindows.cpp" line="197" />
        <source>Compare runs</source>
        <translation>Compare runs</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="128" />
        <source>Run at least two configurations first: finished runs are kept here.</source>
        <translation>Run at least two configurations first: finished runs are kept here.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="158" />
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="158" />
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="191" />
        <source>Two runs batch for batch (each on its own time axis), their figures side by side.</source>
        <translation>Two runs batch for batch (each on its own time axis), their figures side by side.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="192" />
        <source>Two runs on one time axis (from each run's start), their figures side by side.</source>
        <translation>Two runs on one time axis (from each run's start), their figures side by side.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="199" />
        <source>Reading the runs…</source>
        <translation>Reading the runs…</translation>
    </message>
</context>
<context>
    <name>AttachDialog</name>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="132" />
        <source>Attach to a running job</source>
        <translation>Attach to a running job</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="134" />
        <source>Jobs of yours that are running now under the probe (python3 -m loaderscope run, or loaderscope.watch() in the script). Choose one to follow it live; choose the ranks of one job to see them stacked, the slowest named. Watching never slows or stops the job.</source>
        <translation>Jobs of yours that are running now under the probe (python3 -m loaderscope run, or loaderscope.watch() in the script). Choose one to follow it live; choose the ranks of one job to see them stacked, the slowest named. Watching never slows or stops the job.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="151" />
        <source>On another machine (over SSH; the job needs `python3 -m loaderscope run`, or LOADERSCOPE_WATCH=1, there):</source>
        <translation>On another machine (over SSH; the job needs `python3 -m loaderscope run`, or LOADERSCOPE_WATCH=1, there):</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="159" />
        <source>user@host, an alias from ~/.ssh/config, or node1,node2</source>
        <translation>user@host, an alias from ~/.ssh/config, or node1,node2</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="160" />
        <source>List jobs</source>
        <translation>List jobs</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="164" />
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="166" />
        <source>The command that runs the Python with Loaderscope's probe on the host (default python3).</source>
        <translation>The command that runs the Python with Loaderscope's probe on the host (default python3).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="167" />
        <source>Remote Python</source>
        <translation>Remote Python</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="168" />
        <source>Compress the stream (zstd): for slow links</source>
        <translation>Compress the stream (zstd): for slow links</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="204" />
        <source>Attach</source>
        <translation>Attach</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="240" />
        <source>Asking %1 for its jobs…</source>
        <translation>Asking %1 for its jobs…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>script</source>
        <translation>script</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>pid</source>
        <translation>pid</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>started</source>
        <translation>started</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <source>host</source>
        <translation>host</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <source>state</source>
        <translation>state</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="267" />
        <source>No job is running under the probe there.</source>
        <translation>No job is running under the probe there.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="268" />
        <source>Jobs running there: %1. Choose one, or the ranks of one job.</source>
        <translation>Jobs running there: %1. Choose one, or the ranks of one job.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="298" />
        <source>Probe on %1: an older build that does not say its version; this app is %2. If attaching fails, install this app's wheel there.</source>
        <translation>Probe on %1: an older build that does not say its version; this app is %2. If attaching fails, install this app's wheel there.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="300" />
        <source>Probe on %1: %2, the same version as this app.</source>
        <translation>Probe on %1: %2, the same version as this app.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="302" />
        <source>Probe on %1: %2; this app is %3. A stream in a format this app does not read is refused with both versions named: then install this app's wheel there.</source>
        <translation>Probe on %1: %2; this app is %3. A stream in a format this app does not read is refused with both versions named: then install this app's wheel there.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="339" />
        <source>Choose a job first: one here, or list the jobs on a host.</source>
        <translation>Choose a job first: one here, or list the jobs on a host.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>workers</source>
        <translation>workers</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="261" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="363" />
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
</context>
<context>
    <name>ClassQuiz</name>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="136" />
        <source>Lesson %1: %2</source>
        <translation>Lesson %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="137" />
        <source>Question %1 of %2 (imported)</source>
        <translation>Question %1 of %2 (imported)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="138" />
        <source>Question %1 of %2</source>
        <translation>Question %1 of %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="162" />
        <source>Reveal the answer</source>
        <translation>Reveal the answer</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="162" />
        <source>Show the explanation</source>
        <translation>Show the explanation</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="162" />
        <source>Next question</source>
        <translation>Next question</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="168" />
        <source>Class quiz</source>
        <translation>Class quiz</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="169" />
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="170" />
        <source>Show me</source>
        <translation>Show me</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="171" />
        <source>Run this lesson's experiment and the one it is contrasted with</source>
        <translation>Run this lesson's experiment and the one it is contrasted with</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="172" />
        <source>Close (Esc)</source>
        <translation>Close (Esc)</translation>
    </message>
</context>
<context>
    <name>CompareChooser</name>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="19" />
        <source>Compare runs</source>
        <translation>Compare runs</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="21" />
        <source>Tick two runs to compare (the two newest are ticked):</source>
        <translation>Tick two runs to compare (the two newest are ticked):</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="35" />
        <source>Runs of different lengths</source>
        <translation>Runs of different lengths</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="37" />
        <source>Align at their start, on one time axis</source>
        <translation>Align at their start, on one time axis</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="38" />
        <source>Per batch: each run scaled so that a batch is as wide in both</source>
        <translation>Per batch: each run scaled so that a batch is as wide in both</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="44" />
        <source>Compare</source>
        <translation>Compare</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="57" />
        <source>engine run</source>
        <translation>engine run</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="58" />
        <source>watched job</source>
        <translation>watched job</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="59" />
        <source>recording</source>
        <translation>recording</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="60" />
        <source>%1, %2 batches</source>
        <translation>%1, %2 batches</translation>
    </message>
</context>
<context>
    <name>ConfigDescription</name>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="25" />
        <source>configuration not valid</source>
        <translation>configuration not valid</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="35" />
        <source>%1 dataset</source>
        <translation>%1 dataset</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="36" />
        <source>num_workers=%1</source>
        <translation>num_workers=%1</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="37" />
        <source>batch_size=%1</source>
        <translation>batch_size=%1</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="51" />
        <source>simulated GPU</source>
        <translation>simulated GPU</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="53" />
        <source>CUDA GPU</source>
        <translation>CUDA GPU</translation>
    </message>
</context>
<context>
    <name>ConfigField</name>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="228" />
        <source>Dataset style</source>
        <translation>Dataset style</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="229" />
        <source>map: __getitem__ + __len__, indexed by the sampler; iterable: __iter__, each worker iterates its own copy; files: a folder of real files, read and checksummed per sample</source>
        <translation>map: __getitem__ + __len__, indexed by the sampler; iterable: __iter__, each worker iterates its own copy; files: a folder of real files, read and checksummed per sample</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="232" />
        <source>map-style (synthetic)</source>
        <translation>map-style (synthetic)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="233" />
        <source>iterable-style (synthetic)</source>
        <translation>iterable-style (synthetic)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="234" />
        <source>files in a folder</source>
        <translation>files in a folder</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="236" />
        <source>Samples</source>
        <translation>Samples</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="237" />
        <source>len(dataset): how many samples an epoch has</source>
        <translation>len(dataset): how many samples an epoch has</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="241" />
        <source>Bytes per sample</source>
        <translation>Bytes per sample</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="242" />
        <source>size of one sample in the batch: what the workers write and the GPU copies</source>
        <translation>size of one sample in the batch: what the workers write and the GPU copies</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="142" />
        <source>I/O latency per sample (µs)</source>
        <translation>I/O latency per sample (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="143" />
        <source>time each sample waits for storage or network, like reading a file</source>
        <translation>time each sample waits for storage or network, like reading a file</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="161" />
        <source>Latency distribution</source>
        <translation>Latency distribution</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="162" />
        <source>constant: every sample waits the same; lognormal: most are quick, a few are slow</source>
        <translation>constant: every sample waits the same; lognormal: most are quick, a few are slow</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="163" />
        <source>constant</source>
        <translation>constant</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="163" />
        <source>lognormal</source>
        <translation>lognormal</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="185" />
        <source>Lognormal sigma</source>
        <translation>Lognormal sigma</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="186" />
        <source>spread of the lognormal latency: 0.5 gives a long tail of slow samples</source>
        <translation>spread of the lognormal latency: 0.5 gives a long tail of slow samples</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="244" />
        <source>CPU work per sample (µs)</source>
        <translation>CPU work per sample (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="245" />
        <source>real computation per sample (decoding, augmentation): it uses a core, unlike I/O latency</source>
        <translation>real computation per sample (decoding, augmentation): it uses a core, unlike I/O latency</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="247" />
        <source>Shard by worker id</source>
        <translation>Shard by worker id</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="248" />
        <source>iterable only: worker k yields samples k, k+N, ... Without it every worker yields the whole stream and each sample arrives N times</source>
        <translation>iterable only: worker k yields samples k, k+N, ... Without it every worker yields the whole stream and each sample arrives N times</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="253" />
        <source>Folder of samples</source>
        <translation>Folder of samples</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="254" />
        <source>files dataset: every regular file in this folder is one sample</source>
        <translation>files dataset: every regular file in this folder is one sample</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="204" />
        <source>Slow sample index</source>
        <translation>Slow sample index</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="205" />
        <source>one sample that takes 250 ms: shows head-of-line blocking with in-order delivery</source>
        <translation>one sample that takes 250 ms: shows head-of-line blocking with in-order delivery</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="207" />
        <location filename="../gui/config/model/configfields.cpp" line="408" />
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="358" />
        <source>batch_size</source>
        <translation>batch_size</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="359" />
        <source>samples per batch; None turns automatic batching off (one sample per item)</source>
        <translation>samples per batch; None turns automatic batching off (one sample per item)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="360" />
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="363" />
        <source>shuffle</source>
        <translation>shuffle</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="364" />
        <source>a new random order every epoch (RandomSampler); map-style only</source>
        <translation>a new random order every epoch (RandomSampler); map-style only</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="365" />
        <source>drop_last</source>
        <translation>drop_last</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="366" />
        <source>drop the last incomplete batch (with an iterable dataset: each worker's)</source>
        <translation>drop the last incomplete batch (with an iterable dataset: each worker's)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="275" />
        <source>sampler</source>
        <translation>sampler</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="276" />
        <source>DistributedSampler: this rank's share of the dataset, padded so every rank gets the same count</source>
        <translation>DistributedSampler: this rank's share of the dataset, padded so every rank gets the same count</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="278" />
        <source>default (sequential or random)</source>
        <translation>default (sequential or random)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="279" />
        <source>DistributedSampler</source>
        <translation>DistributedSampler</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="295" />
        <source>num_replicas</source>
        <translation>num_replicas</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="296" />
        <source>number of ranks (processes) sharing the dataset</source>
        <translation>number of ranks (processes) sharing the dataset</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="297" />
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="298" />
        <source>which rank this loader is, from 0</source>
        <translation>which rank this loader is, from 0</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="299" />
        <source>sampler seed</source>
        <translation>sampler seed</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="300" />
        <source>every rank shuffles with seed + epoch, so ranks agree</source>
        <translation>every rank shuffles with seed + epoch, so ranks agree</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="301" />
        <source>sampler epoch</source>
        <translation>sampler epoch</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="302" />
        <source>set_epoch() value of the first epoch</source>
        <translation>set_epoch() value of the first epoch</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="303" />
        <source>sampler shuffle</source>
        <translation>sampler shuffle</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="304" />
        <source>DistributedSampler shuffles by default</source>
        <translation>DistributedSampler shuffles by default</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="305" />
        <source>sampler drop_last</source>
        <translation>sampler drop_last</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="306" />
        <source>cut the dataset to a multiple of num_replicas instead of padding it</source>
        <translation>cut the dataset to a multiple of num_replicas instead of padding it</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="316" />
        <source>num_workers</source>
        <translation>num_workers</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="317" />
        <source>worker processes that load batches in parallel; 0 loads in the main process</source>
        <translation>worker processes that load batches in parallel; 0 loads in the main process</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="322" />
        <source>prefetch_factor</source>
        <translation>prefetch_factor</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="323" />
        <source>batches loaded in advance by each worker: prefetch_factor x num_workers are in flight</source>
        <translation>batches loaded in advance by each worker: prefetch_factor x num_workers are in flight</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="324" />
        <source>persistent_workers</source>
        <translation>persistent_workers</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="325" />
        <source>keep the worker processes between epochs instead of starting new ones</source>
        <translation>keep the worker processes between epochs instead of starting new ones</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="327" />
        <source>pin_memory</source>
        <translation>pin_memory</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="328" />
        <source>True: a pin-memory thread copies each batch into page-locked memory, so the copy to the GPU can be asynchronous. "shared" (beyond PyTorch): the workers' batch slots themselves are page-locked, no pin copy</source>
        <translation>True: a pin-memory thread copies each batch into page-locked memory, so the copy to the GPU can be asynchronous. "shared" (beyond PyTorch): the workers' batch slots themselves are page-locked, no pin copy</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="330" />
        <source>False (pageable)</source>
        <translation>False (pageable)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="330" />
        <source>True (pin thread)</source>
        <translation>True (pin thread)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="331" />
        <source>"shared" (pinned slots)</source>
        <translation>"shared" (pinned slots)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="344" />
        <source>in_order</source>
        <translation>in_order</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="345" />
        <source>deliver batches in sampler order (one slow batch holds back the others); False delivers whatever is ready</source>
        <translation>deliver batches in sampler order (one slow batch holds back the others); False delivers whatever is ready</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="346" />
        <source>timeout (s)</source>
        <translation>timeout (s)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="347" />
        <source>seconds to wait for a batch from the workers before raising; 0 waits forever</source>
        <translation>seconds to wait for a batch from the workers before raising; 0 waits forever</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="348" />
        <source>multiprocessing_context</source>
        <translation>multiprocessing_context</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="349" />
        <source>fork: workers are copies of the main process (fast start); spawn: each worker starts a fresh process and re-reads the dataset</source>
        <translation>fork: workers are copies of the main process (fast start); spawn: each worker starts a fresh process and re-reads the dataset</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="350" />
        <source>fork</source>
        <translation>fork</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="350" />
        <source>spawn</source>
        <translation>spawn</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="351" />
        <source>worker start-up cost (µs)</source>
        <translation>worker start-up cost (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="352" />
        <source>work each worker does before its first batch (worker_init_fn, opening files)</source>
        <translation>work each worker does before its first batch (worker_init_fn, opening files)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="373" />
        <source>Epochs</source>
        <translation>Epochs</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="374" />
        <source>passes over the dataset</source>
        <translation>passes over the dataset</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="376" />
        <source>Batches per epoch (limit)</source>
        <translation>Batches per epoch (limit)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="377" />
        <source>stop each epoch early after this many batches</source>
        <translation>stop each epoch early after this many batches</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="378" />
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="381" />
        <source>Training step (µs)</source>
        <translation>Training step (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="382" />
        <source>GPU time of one training step (the step kernel) per batch</source>
        <translation>GPU time of one training step (the step kernel) per batch</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="383" />
        <source>non_blocking copies</source>
        <translation>non_blocking copies</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="384" />
        <source>.to(device, non_blocking=True): from pinned memory the host does not wait for the copy</source>
        <translation>.to(device, non_blocking=True): from pinned memory the host does not wait for the copy</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="385" />
        <source>Separate copy stream</source>
        <translation>Separate copy stream</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="386" />
        <source>copies on their own CUDA stream (a prefetcher), so they can overlap the previous step on the GPU; off: one stream, as in a plain loop</source>
        <translation>copies on their own CUDA stream (a prefetcher), so they can overlap the previous step on the GPU; off: one stream, as in a plain loop</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="387" />
        <source>On a worker exception</source>
        <translation>On a worker exception</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="388" />
        <source>stop: the exception ends the run; continue: the loop catches it and keeps calling next()</source>
        <translation>stop: the exception ends the run; continue: the loop catches it and keeps calling next()</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="389" />
        <source>stop</source>
        <translation>stop</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="389" />
        <source>continue</source>
        <translation>continue</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="390" />
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="391" />
        <source>torch.manual_seed: the same seed gives the same shuffle and worker seeds</source>
        <translation>torch.manual_seed: the same seed gives the same shuffle and worker seeds</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="392" />
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="393" />
        <source>auto: a real CUDA device when one is usable, otherwise the simulated GPU (a model, labelled as such)</source>
        <translation>auto: a real CUDA device when one is usable, otherwise the simulated GPU (a model, labelled as such)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="394" />
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="394" />
        <source>CUDA device</source>
        <translation>CUDA device</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="395" />
        <source>simulated GPU</source>
        <translation>simulated GPU</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="396" />
        <source>Pinned copy bandwidth (GB/s)</source>
        <translation>Pinned copy bandwidth (GB/s)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="397" />
        <source>simulated GPU: host-to-device bandwidth from page-locked memory</source>
        <translation>simulated GPU: host-to-device bandwidth from page-locked memory</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="398" />
        <source>Pageable copy bandwidth (GB/s)</source>
        <translation>Pageable copy bandwidth (GB/s)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="399" />
        <source>simulated GPU: bandwidth when the driver must stage pageable memory</source>
        <translation>simulated GPU: bandwidth when the driver must stage pageable memory</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="406" />
        <source>Inject a fault</source>
        <translation>Inject a fault</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="407" />
        <source>make one worker crash, hang, raise an exception or exit at a given batch</source>
        <translation>make one worker crash, hang, raise an exception or exit at a given batch</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="408" />
        <source>crash (segfault)</source>
        <translation>crash (segfault)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="409" />
        <source>hang</source>
        <translation>hang</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="409" />
        <source>raise an exception</source>
        <translation>raise an exception</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="410" />
        <source>exit</source>
        <translation>exit</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="436" />
        <source>Fault: worker</source>
        <translation>Fault: worker</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="437" />
        <source>the worker that fails (-1: the main process, with num_workers 0)</source>
        <translation>the worker that fails (-1: the main process, with num_workers 0)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="438" />
        <source>Fault: at its batch</source>
        <translation>Fault: at its batch</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="439" />
        <source>the failing worker's own batch number in the epoch, from 0</source>
        <translation>the failing worker's own batch number in the epoch, from 0</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="492" />
        <source>Dataset</source>
        <translation>Dataset</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="493" />
        <source>DataLoader</source>
        <translation>DataLoader</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="494" />
        <source>Training loop</source>
        <translation>Training loop</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="495" />
        <source>Device</source>
        <translation>Device</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="496" />
        <source>Fault injection</source>
        <translation>Fault injection</translation>
    </message>
</context>
<context>
    <name>ConfigPanel</name>
    <message>
        <location filename="../gui/config/configpanel.cpp" line="250" />
        <source>Not runnable: %1</source>
        <translation>Not runnable: %1</translation>
    </message>
</context>
<context>
    <name>CounterSeries</name>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="52" />
        <source>count</source>
        <translation>count</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="54" />
        <source>ready batches</source>
        <translation>ready batches</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="54" />
        <source>outstanding tasks</source>
        <translation>outstanding tasks</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="54" />
        <source>pinned buffers in use</source>
        <translation>pinned buffers in use</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="176" />
        <source>main process</source>
        <translation>main process</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="176" />
        <location filename="../gui/timeline/model/counterseries.cpp" line="182" />
        <source>worker %1</source>
        <translation>worker %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="182" />
        <source>main</source>
        <translation>main</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="208" />
        <source>%1 (RSS)</source>
        <translation>%1 (RSS)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="218" />
        <source>slots</source>
        <translation>slots</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="226" />
        <source>/dev/shm (this run)</source>
        <translation>/dev/shm (this run)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="232" />
        <source>pinned</source>
        <translation>pinned</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="242" />
        <source>MiB (USS; RSS)</source>
        <translation>MiB (USS; RSS)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="242" />
        <source>MiB (USS)</source>
        <translation>MiB (USS)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="259" />
        <source>RSS %1</source>
        <translation>RSS %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="261" />
        <source>PSS %1</source>
        <translation>PSS %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="263" />
        <source>USS %1</source>
        <translation>USS %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="268" />
        <source>batch slots in use: %1</source>
        <translation>batch slots in use: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="269" />
        <source>/dev/shm, every user: %1 used of %2</source>
        <translation>/dev/shm, every user: %1 used of %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="272" />
        <source>/dev/shm, this run: %1; files: %2</source>
        <translation>/dev/shm, this run: %1; files: %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="275" />
        <source>pinned host memory: %1</source>
        <translation>pinned host memory: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="38" />
        <source>ms per step</source>
        <translation>ms per step</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="41" />
        <source>waiting for data</source>
        <translation>waiting for data</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="41" />
        <source>+ hand-over of the batch</source>
        <translation>+ hand-over of the batch</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="41" />
        <source>+ host blocked by a copy</source>
        <translation>+ host blocked by a copy</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="42" />
        <source>+ the step: the whole iteration</source>
        <translation>+ the step: the whole iteration</translation>
    </message>
</context>
<context>
    <name>DetailsPanel</name>
    <message>
        <location filename="../gui/app/detailspanel.cpp" line="29" />
        <source>Click a span on the timeline to see it here (its batch is highlighted in every lane); drag across the timeline to measure a time range; Esc clears.</source>
        <translation>Click a span on the timeline to see it here (its batch is highlighted in every lane); drag across the timeline to measure a time range; Esc clears.</translation>
    </message>
</context>
<context>
    <name>DockLayout</name>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="174" />
        <location filename="../gui/app/docklayout.cpp" line="176" />
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="175" />
        <source>Lessons</source>
        <translation>Lessons</translation>
    </message>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="177" />
        <source>Summary</source>
        <translation>Summary</translation>
    </message>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="178" />
        <source>Details</source>
        <translation>Details</translation>
    </message>
</context>
<context>
    <name>EngineCommand</name>
    <message>
        <location filename="../gui/runs/model/enginecommand.cpp" line="46" />
        <source>Cannot make a temporary folder: %1</source>
        <translation>Cannot make a temporary folder: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginecommand.cpp" line="56" />
        <source>Cannot write %1 to a temporary folder.</source>
        <translation>Cannot write %1 to a temporary folder.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginecommand.cpp" line="113" />
        <source>Cannot start %1: %2</source>
        <translation>Cannot start %1: %2</translation>
    </message>
</context>
<context>
    <name>EngineLauncher</name>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="72" />
        <source>Cannot make a temporary folder for the run: %1</source>
        <translation>Cannot make a temporary folder for the run: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="77" />
        <source>Cannot write the run's configuration to a temporary folder.</source>
        <translation>Cannot write the run's configuration to a temporary folder.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="180" />
        <source>The engine crashed.</source>
        <translation>The engine crashed.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="183" />
        <source>The configuration was rejected: %1</source>
        <translation>The configuration was rejected: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="183" />
        <location filename="../gui/runs/model/enginelauncher.cpp" line="191" />
        <source>no details</source>
        <translation>no details</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="186" />
        <source>The loader timed out: %1</source>
        <translation>The loader timed out: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="188" />
        <source>A worker died: %1</source>
        <translation>A worker died: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="190" />
        <source>A worker raised an exception: %1</source>
        <translation>A worker raised an exception: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="191" />
        <source>The loader failed: %1</source>
        <translation>The loader failed: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="193" />
        <location filename="../gui/runs/model/enginelauncher.cpp" line="262" />
        <source>The run was stopped.</source>
        <translation>The run was stopped.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="195" />
        <source>The engine exited with status %1.</source>
        <translation>The engine exited with status %1.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="217" />
        <source>The script was ended by a signal.</source>
        <translation>The script was ended by a signal.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="221" />
        <source>The script exited with status %1.</source>
        <translation>The script exited with status %1.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="262" />
        <source>The job was stopped.</source>
        <translation>The job was stopped.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="282" />
        <source>Cannot start Python (%1): %2</source>
        <translation>Cannot start Python (%1): %2</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="283" />
        <source>Cannot start the engine (%1): %2</source>
        <translation>Cannot start the engine (%1): %2</translation>
    </message>
</context>
<context>
    <name>EventFile</name>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="95" />
        <location filename="../gui/sources/model/eventfile.cpp" line="119" />
        <location filename="../gui/sources/model/openedrecording.cpp" line="61" />
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="13" />
        <source>%1 is truncated: reading stopped at byte %2 of %3, after %4 events</source>
        <translation>%1 is truncated: reading stopped at byte %2 of %3, after %4 events</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="19" />
        <source>(the header counts %1)</source>
        <translation>(the header counts %1)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="28" />
        <source>%1 is damaged (%2), after %3 events</source>
        <translation>%1 is damaged (%2), after %3 events</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="31" />
        <source>%1 is damaged: reading stopped at byte %2, after %3 events</source>
        <translation>%1 is damaged: reading stopped at byte %2, after %3 events</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="140" />
        <location filename="../gui/sources/model/openedrecording.cpp" line="39" />
        <source>not enough memory to read %1</source>
        <translation>not enough memory to read %1</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../gui/app/exporter.cpp" line="129" />
        <source>the rest of the advice (%1 of its lines)</source>
        <translation>the rest of the advice (%1 of its lines)</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="132" />
        <source>Left out at this size: %1. Export a larger picture to see them.</source>
        <translation>Left out at this size: %1. Export a larger picture to see them.</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="140" />
        <source>the queue chart</source>
        <translation>the queue chart</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="141" />
        <source>the memory chart</source>
        <translation>the memory chart</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="142" />
        <source>the step chart</source>
        <translation>the step chart</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="159" />
        <source>The slowest samples (%1)</source>
        <translation>The slowest samples (%1)</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="301" />
        <location filename="../gui/app/exporter.cpp" line="339" />
        <source>the slowest samples beyond the first %1</source>
        <translation>the slowest samples beyond the first %1</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="340" />
        <source>the slowest samples' table</source>
        <translation>the slowest samples' table</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="384" />
        <source>the picture must be at least 200x150</source>
        <translation>the picture must be at least 200x150</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="395" />
        <source>the picture is too large</source>
        <translation>the picture is too large</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="401" />
        <location filename="../gui/app/exporter.cpp" line="414" />
        <location filename="../gui/app/exporter.cpp" line="427" />
        <location filename="../gui/app/exporter.cpp" line="436" />
        <source>cannot write %1</source>
        <translation>cannot write %1</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="386" />
        <source>unknown picture format '%1': use .png, .svg or .pdf</source>
        <translation>unknown picture format '%1': use .png, .svg or .pdf</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="44" />
        <location filename="../gui/app/fileactions.cpp" line="118" />
        <source>Open configuration</source>
        <translation>Open configuration</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="54" />
        <source>%1 is not a JSON configuration: %2 at byte %3</source>
        <translation>%1 is not a JSON configuration: %2 at byte %3</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="64" />
        <location filename="../gui/app/fileactions.cpp" line="125" />
        <source>Save configuration</source>
        <translation>Save configuration</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="64" />
        <source>The configuration was not saved: %1</source>
        <translation>The configuration was not saved: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="83" />
        <location filename="../gui/app/fileactions.cpp" line="132" />
        <source>Export picture</source>
        <translation>Export picture</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="83" />
        <source>The picture was not written: %1</source>
        <translation>The picture was not written: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="86" />
        <source>Picture written to %1.</source>
        <translation>Picture written to %1.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="93" />
        <source>Writing the Chrome trace…</source>
        <translation>Writing the Chrome trace…</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="110" />
        <location filename="../gui/app/fileactions.cpp" line="142" />
        <location filename="../gui/app/fileactions.cpp" line="145" />
        <source>Export Chrome trace</source>
        <translation>Export Chrome trace</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="110" />
        <source>The trace was not written: %1</source>
        <translation>The trace was not written: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="112" />
        <source>Trace written to %1 (open it in ui.perfetto.dev).</source>
        <translation>Trace written to %1 (open it in ui.perfetto.dev).</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="118" />
        <location filename="../gui/app/fileactions.cpp" line="125" />
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="133" />
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="142" />
        <source>Run a configuration first: the trace is made from a finished run's recording.</source>
        <translation>Run a configuration first: the trace is made from a finished run's recording.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="146" />
        <source>Chrome trace (*.json)</source>
        <translation>Chrome trace (*.json)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="153" />
        <source>Open PyTorch profiler traces</source>
        <translation>Open PyTorch profiler traces</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="154" />
        <source>Profiler traces (*.json *.json.gz *.gz);;All files (*)</source>
        <translation>Profiler traces (*.json *.json.gz *.gz);;All files (*)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="181" />
        <source>Profiler trace %1: %2 steps.</source>
        <translation>Profiler trace %1: %2 steps.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="187" />
        <location filename="../gui/app/fileactions.cpp" line="212" />
        <location filename="../gui/app/fileactions.cpp" line="241" />
        <source>Open recordings</source>
        <translation>Open recordings</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="188" />
        <source>Recordings (*.lsrec *.events);;All files (*)</source>
        <translation>Recordings (*.lsrec *.events);;All files (*)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="212" />
        <source>Stop the run first: the timeline shows it.</source>
        <translation>Stop the run first: the timeline shows it.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="227" />
        <source>Reading %1…</source>
        <translation>Reading %1…</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="241" />
        <source>The recording was not opened: %1</source>
        <translation>The recording was not opened: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="268" />
        <source>Loaderscope trace %1: %2 events, read back as its run's recording.</source>
        <translation>Loaderscope trace %1: %2 events, read back as its run's recording.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="270" />
        <source>Recording %1: %2 events.</source>
        <translation>Recording %1: %2 events.</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="107" />
        <source>batch 17, sample 123, worker 2</source>
        <translation>batch 17, sample 123, worker 2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="108" />
        <source>Find a batch, a sample or a worker on the timeline</source>
        <translation>Find a batch, a sample or a worker on the timeline</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="109" />
        <source>Previous</source>
        <translation>Previous</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="110" />
        <source>The previous match (Shift+F3, Shift+Enter)</source>
        <translation>The previous match (Shift+F3, Shift+Enter)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="111" />
        <source>Next</source>
        <translation>Next</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="112" />
        <source>The next match (F3, Enter)</source>
        <translation>The next match (F3, Enter)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="114" />
        <source>Close the find bar (Esc)</source>
        <translation>Close the find bar (Esc)</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="47" />
        <source>duration (ms, log scale)</source>
        <translation>duration (ms, log scale)</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="49" />
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="135" />
        <source>all</source>
        <translation>all</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="136" />
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="137" />
        <source>main process</source>
        <translation>main process</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="138" />
        <source>worker %1</source>
        <translation>worker %1</translation>
    </message>
</context>
<context>
    <name>ImportedTrace</name>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="23" />
        <source>rank %1 · </source>
        <translation>rank %1 · </translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="26" />
        <source>loop · %1</source>
        <translation>loop · %1</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="27" />
        <source>CPU threads</source>
        <translation>CPU threads</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="31" />
        <source>GPU copies</source>
        <translation>GPU copies</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="32" />
        <source>GPU kernels</source>
        <translation>GPU kernels</translation>
    </message>
</context>
<context>
    <name>JobConfigView</name>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="96" />
        <source>Model this job</source>
        <translation>Model this job</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="97" />
        <source>Fit the engine to what was observed and run it (once the job has ended)</source>
        <translation>Fit the engine to what was observed and run it (once the job has ended)</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="98" />
        <source>Edit the configuration</source>
        <translation>Edit the configuration</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="99" />
        <source>Back to the engine's configuration, which you can change and run</source>
        <translation>Back to the engine's configuration, which you can change and run</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="105" />
        <source>Your job's DataLoader</source>
        <translation>Your job's DataLoader</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="105" />
        <source>Your job's DataLoader: %1</source>
        <translation>Your job's DataLoader: %1</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="108" />
        <source>This recording does not say what ran (an older Loaderscope made it, or its job was killed before it iterated a DataLoader): its figures are shown, with no configuration and no advice.</source>
        <translation>This recording does not say what ran (an older Loaderscope made it, or its job was killed before it iterated a DataLoader): its figures are shown, with no configuration and no advice.</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="110" />
        <source>As the probe recorded it from the job (read-only: these arguments are set in the script).</source>
        <translation>As the probe recorded it from the job (read-only: these arguments are set in the script).</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="113" />
        <source>Waiting for the job to iterate a DataLoader…</source>
        <translation>Waiting for the job to iterate a DataLoader…</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="114" />
        <source>As the probe read it from the job (read-only: these arguments are set in the script).</source>
        <translation>As the probe read it from the job (read-only: these arguments are set in the script).</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="129" />
        <source>DataLoader %1</source>
        <translation>DataLoader %1</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="130" />
        <source>DataLoader</source>
        <translation>DataLoader</translation>
    </message>
</context>
<context>
    <name>JobWatch</name>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="114" />
        <location filename="../gui/jobs/jobwatch.cpp" line="165" />
        <location filename="../gui/jobs/jobwatch.cpp" line="238" />
        <source>Attach to a running job</source>
        <translation>Attach to a running job</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="114" />
        <source>Stop the current run first.</source>
        <translation>Stop the current run first.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="38" />
        <source>Connection lost</source>
        <translation>Connection lost</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="39" />
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="51" />
        <source>Sweeping the model of your job: %1 of %2 runs</source>
        <translation>Sweeping the model of your job: %1 of %2 runs</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="68" />
        <source>The model's sweep was cancelled: the advice above is the first guess.</source>
        <translation>The model's sweep was cancelled: the advice above is the first guess.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="159" />
        <source>%1 (pid %2)</source>
        <translation>%1 (pid %2)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="161" />
        <source>The job %1 ended before it could be attached to: nothing is being followed.</source>
        <translation>The job %1 ended before it could be attached to: nothing is being followed.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="163" />
        <source>Its recording is %1: open it to see the whole run.</source>
        <translation>Its recording is %1: open it to see the whole run.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="164" />
        <source>It left no recording (run it with --events FILE to keep one).</source>
        <translation>It left no recording (run it with --events FILE to keep one).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="169" />
        <source>Open its recording</source>
        <translation>Open its recording</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="176" />
        <source>The job %1 had ended: still showing the previous run.</source>
        <translation>The job %1 had ended: still showing the previous run.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="236" />
        <source>No job is running under the probe on %1.</source>
        <translation>No job is running under the probe on %1.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="320" />
        <source>For %1 the model predicted %2 samples/s; this run measured %3 (%4): %5</source>
        <translation>For %1 the model predicted %2 samples/s; this run measured %3 (%4): %5</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="322" />
        <source>within the prediction.</source>
        <translation>within the prediction.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="322" />
        <source>outside the prediction.</source>
        <translation>outside the prediction.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="341" />
        <source>Checking num_workers and prefetch_factor on the model of your job…</source>
        <translation>Checking num_workers and prefetch_factor on the model of your job…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="342" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>LessonEffect</name>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="34" />
        <source>samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="35" />
        <source>data stall</source>
        <translation>data stall</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="36" />
        <source>samples delivered</source>
        <translation>samples delivered</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="37" />
        <source>batches delivered</source>
        <translation>batches delivered</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="38" />
        <source>worker start-up time</source>
        <translation>worker start-up time</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="39" />
        <source>batches ready and waiting (mean)</source>
        <translation>batches ready and waiting (mean)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="41" />
        <source>a worker's USS growth (mean)</source>
        <translation>a worker's USS growth (mean)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="82" />
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="248" />
        <source>%1 points</source>
        <translation>%1 points</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="223" />
        <source>%1: %2 at least %3 times %4</source>
        <translation>%1: %2 at least %3 times %4</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="225" />
        <source>%1: %2 at least %3 points above %4</source>
        <translation>%1: %2 at least %3 points above %4</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="229" />
        <source>%1: %2 at least %3 more than %4</source>
        <translation>%1: %2 at least %3 more than %4</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="236" />
        <source>%1: median %2 (%3–%4), %5 runs</source>
        <translation>%1: median %2 (%3–%4), %5 runs</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="250" />
        <source>Seen: %1; the lesson needs at least %2.</source>
        <translation>Seen: %1; the lesson needs at least %2.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="251" />
        <source>Not seen this time: %1; the lesson needs at least %2. Other work on this machine can hide an effect: press Show me again.</source>
        <translation>Not seen this time: %1; the lesson needs at least %2. Other work on this machine can hide an effect: press Show me again.</translation>
    </message>
</context>
<context>
    <name>LessonRunner</name>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="98" />
        <source>run %1 of %2 (%3) ended without its figures: %4</source>
        <translation>run %1 of %2 (%3) ended without its figures: %4</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="148" />
        <source>The lesson: %1.</source>
        <translation>The lesson: %1.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="154" />
        <source>Show me: run %1 of %2, %3…</source>
        <translation>Show me: run %1 of %2, %3…</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="156" />
        <source>Show me cancelled: nothing was judged.</source>
        <translation>Show me cancelled: nothing was judged.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="158" />
        <source>Show me stopped: %1</source>
        <translation>Show me stopped: %1</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="163" />
        <source>Measured, alternately (median, lowest–highest):</source>
        <translation>Measured, alternately (median, lowest–highest):</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="176" />
        <source>slowed ×%1 (the slowed run's figures)</source>
        <translation>slowed ×%1 (the slowed run's figures)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="183" />
        <source>Slowed ×%1: these are the slowed runs' figures, as on the timeline.</source>
        <translation>Slowed ×%1: these are the slowed runs' figures, as on the timeline.</translation>
    </message>
</context>
<context>
    <name>Lessons</name>
    <message>
        <location filename="../gui/workshop/model/lessons.cpp" line="20" />
        <source>cannot read %1</source>
        <translation>cannot read %1</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessons.cpp" line="145" />
        <source>Look: %1</source>
        <translation>Look: %1</translation>
    </message>
</context>
<context>
    <name>LessonsPanel</name>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="222" />
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="226" />
        <source>Run the experiment</source>
        <translation>Run the experiment</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="227" />
        <source>Check the answer</source>
        <translation>Check the answer</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="326" />
        <source>Show me</source>
        <translation>Show me</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="228" />
        <source>Try again</source>
        <translation>Try again</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="229" />
        <source>Show the answer</source>
        <translation>Show the answer</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="230" />
        <source>Previous question</source>
        <translation>Previous question</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="231" />
        <source>Next question</source>
        <translation>Next question</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="278" />
        <source>Lesson %1 of %2</source>
        <translation>Lesson %1 of %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="288" />
        <source>Run the experiment that shows the answer</source>
        <translation>Run the experiment that shows the answer</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="289" />
        <source>Run this experiment and the one it is contrasted with %1 times each, alternately, measure the lesson's effect and show the last two stacked</source>
        <translation>Run this experiment and the one it is contrasted with %1 times each, alternately, measure the lesson's effect and show the last two stacked</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="295" />
        <source>What Show me measures:</source>
        <translation>What Show me measures:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="296" />
        <source>%1 (the medians of %2 runs each, alternately).</source>
        <translation>%1 (the medians of %2 runs each, alternately).</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="326" />
        <source>Cancel Show me</source>
        <translation>Cancel Show me</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="343" />
        <source>Question %1 of %2 (imported)</source>
        <translation>Question %1 of %2 (imported)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="344" />
        <source>Question %1 of %2</source>
        <translation>Question %1 of %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="516" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="521" />
        <source>Press "Show me" to run this experiment and the one it is contrasted with, stacked on one time axis.</source>
        <translation>Press "Show me" to run this experiment and the one it is contrasted with, stacked on one time axis.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="336" />
        <source>Quiz</source>
        <translation>Quiz</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="299" />
        <source>What to look for:</source>
        <translation>What to look for:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="336" />
        <source>Difficulty %1 %2</source>
        <translation>Difficulty %1 %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="467" />
        <source>Choose an answer first.</source>
        <translation>Choose an answer first.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="482" />
        <source>Try again, or show the answer.</source>
        <translation>Try again, or show the answer.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="508" />
        <source>Right!</source>
        <translation>Right!</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="481" />
        <source>Not quite.</source>
        <translation>Not quite.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="509" />
        <source>The answer:</source>
        <translation>The answer:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="520" />
        <source>Press "Show me" to run the experiment that proves it.</source>
        <translation>Press "Show me" to run the experiment that proves it.</translation>
    </message>
</context>
<context>
    <name>LiveRanksWindow</name>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="68" />
        <source>Reconnect</source>
        <translation>Reconnect</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="269" />
        <source>rank %1 · %2 samples/s · data stall %3 · %4</source>
        <translation>rank %1 · %2 samples/s · data stall %3 · %4</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="273" />
        <source>live</source>
        <translation>live</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="273" />
        <source>ended</source>
        <translation>ended</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="274" />
        <source>rank %1 · waiting for its first batch</source>
        <translation>rank %1 · waiting for its first batch</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="276" />
        <source>%1 on %2</source>
        <translation>%1 on %2</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="300" />
        <source>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</source>
        <translation>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="303" />
        <source>No rank's loader holds the others back (so far).</source>
        <translation>No rank's loader holds the others back (so far).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="317" />
        <source>%1's wall clock is %2 s %3</source>
        <translation>%1's wall clock is %2 s %3</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="319" />
        <source>ahead</source>
        <translation>ahead</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="319" />
        <source>behind</source>
        <translation>behind</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="321" />
        <source>Measuring the hosts' clocks…</source>
        <translation>Measuring the hosts' clocks…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="322" />
        <source>Clocks aligned within ±%1 ms (%2 of %3 ranks measured).</source>
        <translation>Clocks aligned within ±%1 ms (%2 of %3 ranks measured).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="327" />
        <source>Corrected: %1.</source>
        <translation>Corrected: %1.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="331" />
        <source>Ranks of one job (live)</source>
        <translation>Ranks of one job (live)</translation>
    </message>
</context>
<context>
    <name>MainActions</name>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="225" />
        <source>&amp;Open configuration…</source>
        <translation>&amp;Open configuration…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="226" />
        <source>&amp;Save configuration…</source>
        <translation>&amp;Save configuration…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="227" />
        <source>Export &amp;picture…</source>
        <translation>Export &amp;picture…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="228" />
        <source>PNG, SVG or PDF of the timeline, the queue depth, the legend and the summary (and the step chart when View ▸ Step chart shows it)</source>
        <translation>PNG, SVG or PDF of the timeline, the queue depth, the legend and the summary (and the step chart when View ▸ Step chart shows it)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="230" />
        <source>Pictures &amp;add the slowest samples</source>
        <translation>Pictures &amp;add the slowest samples</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="231" />
        <source>Export picture adds a table of the run's 20 slowest samples under the summary</source>
        <translation>Export picture adds a table of the run's 20 slowest samples under the summary</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="232" />
        <source>Export Chrome &amp;trace…</source>
        <translation>Export Chrome &amp;trace…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="233" />
        <source>Open &amp;recording(s)…</source>
        <translation>Open &amp;recording(s)…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="234" />
        <source>A recording made anywhere (loaderscope-engine run --events, or python3 -m loaderscope run --events): its timeline and figures; several files are the ranks of one job</source>
        <translation>A recording made anywhere (loaderscope-engine run --events, or python3 -m loaderscope run --events): its timeline and figures; several files are the ranks of one job</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="236" />
        <source>Open PyTorch &amp;profiler trace(s)…</source>
        <translation>Open PyTorch &amp;profiler trace(s)…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="237" />
        <source>A Chrome/Kineto trace from torch.profiler: the loader's verdict; several files are the ranks of one job</source>
        <translation>A Chrome/Kineto trace from torch.profiler: the loader's verdict; several files are the ranks of one job</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="238" />
        <source>&amp;Watch a Python script…</source>
        <translation>&amp;Watch a Python script…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="239" />
        <source>Run your own PyTorch training script with its DataLoaders recorded live (no change to the script)</source>
        <translation>Run your own PyTorch training script with its DataLoaders recorded live (no change to the script)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="240" />
        <source>&amp;Attach to a running job…</source>
        <translation>&amp;Attach to a running job…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="241" />
        <source>Follow a job already running under the probe; several ranks of one job are shown stacked</source>
        <translation>Follow a job already running under the probe; several ranks of one job are shown stacked</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="242" />
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="243" />
        <location filename="../gui/app/mainactions.cpp" line="281" />
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="244" />
        <source>Start the engine with this configuration (F5)</source>
        <translation>Start the engine with this configuration (F5)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="245" />
        <source>&amp;Stop</source>
        <translation>&amp;Stop</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="246" />
        <source>Stop the run: workers are shut down in order</source>
        <translation>Stop the run: workers are shut down in order</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="247" />
        <source>Re&amp;peat</source>
        <translation>Re&amp;peat</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="248" />
        <source>Start the run again each time it ends (a workshop's demonstration loop)</source>
        <translation>Start the run again each time it ends (a workshop's demonstration loop)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="249" />
        <source>Zoom to &amp;fit</source>
        <translation>Zoom to &amp;fit</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="250" />
        <source>The whole run (Home)</source>
        <translation>The whole run (Home)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="251" />
        <source>&amp;Follow live</source>
        <translation>&amp;Follow live</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="252" />
        <source>Keep the present in view; zooming or panning turns it off (F)</source>
        <translation>Keep the present in view; zooming or panning turns it off (F)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="253" />
        <source>Zoom &amp;in</source>
        <translation>Zoom &amp;in</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="254" />
        <source>Zoom &amp;out</source>
        <translation>Zoom &amp;out</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="255" />
        <source>&amp;Find a batch, sample or worker…</source>
        <translation>&amp;Find a batch, sample or worker…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="256" />
        <source>&amp;Theme</source>
        <translation>&amp;Theme</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="257" />
        <source>As the &amp;desktop</source>
        <translation>As the &amp;desktop</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="258" />
        <source>&amp;Light</source>
        <translation>&amp;Light</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="259" />
        <source>&amp;Dark</source>
        <translation>&amp;Dark</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="260" />
        <source>&amp;Large fonts (projector)</source>
        <translation>&amp;Large fonts (projector)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="261" />
        <source>&amp;Step chart: the stall over the run</source>
        <translation>&amp;Step chart: the stall over the run</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="262" />
        <source>Under the timeline, on its time axis: each step of the loop, its wait for data, the hand-over, the host blocked by a copy and the step stacked, so a slow step stands out at any zoom</source>
        <translation>Under the timeline, on its time axis: each step of the loop, its wait for data, the hand-over, the host blocked by a copy and the step stacked, so a slow step stands out at any zoom</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="264" />
        <source>Parameter &amp;sweep…</source>
        <translation>Parameter &amp;sweep…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="265" />
        <source>&amp;Compare runs…</source>
        <translation>&amp;Compare runs…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="266" />
        <source>S&amp;tatistics</source>
        <translation>S&amp;tatistics</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="267" />
        <source>Each stage's latency (p50 to p99.9, max) and the slowest samples, with what each cost the loop</source>
        <translation>Each stage's latency (p50 to p99.9, max) and the slowest samples, with what each cost the loop</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="268" />
        <source>Show Python stac&amp;ks</source>
        <translation>Show Python stac&amp;ks</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="269" />
        <source>What the watched job's main thread and DataLoader workers are doing now: their Python stacks, taken without stopping the job (also on the timeline's right-click menu)</source>
        <translation>What the watched job's main thread and DataLoader workers are doing now: their Python stacks, taken without stopping the job (also on the timeline's right-click menu)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="271" />
        <source>&amp;Class quiz (full screen)</source>
        <translation>&amp;Class quiz (full screen)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="272" />
        <source>One question at a time in large type for a projector: reveal the answer, then the explanation, then run the experiment</source>
        <translation>One question at a time in large type for a projector: reveal the answer, then the explanation, then run the experiment</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="273" />
        <source>&amp;Import questions…</source>
        <translation>&amp;Import questions…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="274" />
        <source>Your own quiz questions (workshop text, Moodle GIFT or Aiken), each shown in its lesson's quiz</source>
        <translation>Your own quiz questions (workshop text, Moodle GIFT or Aiken), each shown in its lesson's quiz</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="275" />
        <source>&amp;Export questions…</source>
        <translation>&amp;Export questions…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="276" />
        <source>The imported questions as a Moodle GIFT file</source>
        <translation>The imported questions as a Moodle GIFT file</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="277" />
        <source>&amp;Remove imported questions…</source>
        <translation>&amp;Remove imported questions…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="278" />
        <source>&amp;Keyboard shortcuts and legend</source>
        <translation>&amp;Keyboard shortcuts and legend</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="279" />
        <source>&amp;About Loaderscope</source>
        <translation>&amp;About Loaderscope</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="280" />
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="282" />
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="283" />
        <source>&amp;Tools</source>
        <translation>&amp;Tools</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="284" />
        <source>L&amp;essons</source>
        <translation>L&amp;essons</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="285" />
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="286" />
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="287" />
        <source>Main toolbar</source>
        <translation>Main toolbar</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="288" />
        <source>Presets</source>
        <translation>Presets</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="289" />
        <source> Preset: </source>
        <translation> Preset: </translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="290" />
        <source>Slow motion:</source>
        <translation>Slow motion:</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="291" />
        <source>Stretch the experiment's latencies so events can be followed by eye; the figures are then the slowed run's, as its timeline is</source>
        <translation>Stretch the experiment's latencies so events can be followed by eye; the figures are then the slowed run's, as its timeline is</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="65" />
        <source>Run finished: %1 batches, %2 samples/s.</source>
        <translation>Run finished: %1 batches, %2 samples/s.</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="111" />
        <source>Reading the run's complete record…</source>
        <translation>Reading the run's complete record…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="248" />
        <source>Sample %1's fetch is not on the timeline (its detail is not held): shown is its time.</source>
        <translation>Sample %1's fetch is not on the timeline (its detail is not held): shown is its time.</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="215" />
        <source>About Loaderscope</source>
        <translation>About Loaderscope</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="216" />
        <source>&lt;p&gt;&lt;b&gt;Loaderscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;A real PyTorch-style DataLoader worker pool and its live timeline: worker processes, shared-memory batch slots, the pin-memory thread and host-to-device copies.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Loaderscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;A real PyTorch-style DataLoader worker pool and its live timeline: worker processes, shared-memory batch slots, the pin-memory thread and host-to-device copies.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="63" />
        <source>Run finished, slowed ×%3: %1 batches, %2 samples/s (the slowed run's figures).</source>
        <translation>Run finished, slowed ×%3: %1 batches, %2 samples/s (the slowed run's figures).</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="325" />
        <source>Loaderscope — DataLoader timeline</source>
        <translation>Loaderscope — DataLoader timeline</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="330" />
        <source>(choose a preset)</source>
        <translation>(choose a preset)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="442" />
        <source>slowed ×%1 (the slowed run's figures)</source>
        <translation>slowed ×%1 (the slowed run's figures)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="195" />
        <source>Set %1 = %2: press Run (F5) to see the effect.</source>
        <translation>Set %1 = %2: press Run (F5) to see the effect.</translation>
    </message>
</context>
<context>
    <name>ModelAdviceText</name>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="39" />
        <source>At the job's own setting the model is %1 off the job: too far to advise anything; the advice above is the closed formula's first guess.</source>
        <translation>At the job's own setting the model is %1 off the job: too far to advise anything; the advice above is the closed formula's first guess.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="44" />
        <source>The model of your job finds nothing faster than its own setting (%1) beyond the spread of its runs: predicted %2 samples/s.</source>
        <translation>The model of your job finds nothing faster than its own setting (%1) beyond the spread of its runs: predicted %2 samples/s.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="46" />
        <source>The model of your job advises %1: predicted %2 samples/s (the job measured %3).</source>
        <translation>The model of your job advises %1: predicted %2 samples/s (the job measured %3).</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="50" />
        <source>At the job's own setting the model is %1 off the job: read its prediction with care.</source>
        <translation>At the job's own setting the model is %1 off the job: read its prediction with care.</translation>
    </message>
</context>
<context>
    <name>ModelAdvisor</name>
    <message>
        <location filename="../gui/advice/model/modeladvisor.cpp" line="177" />
        <source>The model's sweep failed: %1</source>
        <translation>The model's sweep failed: %1</translation>
    </message>
</context>
<context>
    <name>ModelComparison</name>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="50" />
        <source>samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="52" />
        <source>the data stall</source>
        <translation>the data stall</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="55" />
        <source>the workers' CPU</source>
        <translation>the workers' CPU</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="57" />
        <source>the workers' wait for a core</source>
        <translation>the workers' wait for a core</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="59" />
        <source>the workers' I/O</source>
        <translation>the workers' I/O</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="67" />
        <source>The model of your job: %1 samples/s; the job itself: %2 samples/s (%3).</source>
        <translation>The model of your job: %1 samples/s; the job itself: %2 samples/s (%3).</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="73" />
        <source>Data stall: model %1, job %2. The workers' time on the CPU: model %3, job %4; waiting for a core: model %5, job %6; in I/O: model %7, job %8.</source>
        <translation>Data stall: model %1, job %2. The workers' time on the CPU: model %3, job %4; waiting for a core: model %5, job %6; in I/O: model %7, job %8.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="80" />
        <source>They agree (samples/s within 15%, the shares of time within 10 points): try knobs on the model (Tools ▸ Parameter sweep, Prove it) and take what wins back to the script.</source>
        <translation>They agree (samples/s within 15%, the shares of time within 10 points): try knobs on the model (Tools ▸ Parameter sweep, Prove it) and take what wins back to the script.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="82" />
        <source>They disagree on %1: the model has part of the job wrong (for example a cost of the main process, or I/O where the job waits for a core), so read its advice with care.</source>
        <translation>They disagree on %1: the model has part of the job wrong (for example a cost of the main process, or I/O where the job waits for a core), so read its advice with care.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="93" />
        <source>In the job, next() spends %1 of the loop fetching each batch's tensors from the worker that made it (PyTorch passes their memory as file descriptors, through a thread of the worker that needs the worker's GIL while its Python code runs); in the model, %2 (loader.handovers_per_batch, and the worker's modelled GIL: loader.handover_rounds, loader.gil_switch_interval_us), so its data stall differs by part of it.</source>
        <translation>In the job, next() spends %1 of the loop fetching each batch's tensors from the worker that made it (PyTorch passes their memory as file descriptors, through a thread of the worker that needs the worker's GIL while its Python code runs); in the model, %2 (loader.handovers_per_batch, and the worker's modelled GIL: loader.handover_rounds, loader.gil_switch_interval_us), so its data stall differs by part of it.</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="23" />
        <source>num_workers=0: everything in the main process</source>
        <translation>num_workers=0: everything in the main process</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="24" />
        <source>num_workers=4: four worker processes</source>
        <translation>num_workers=4: four worker processes</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="25" />
        <source>pin_memory=True: pinned, asynchronous copies</source>
        <translation>pin_memory=True: pinned, asynchronous copies</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="26" />
        <source>pin_memory=False: pageable copies block the host</source>
        <translation>pin_memory=False: pageable copies block the host</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="27" />
        <source>iterable dataset without sharding (duplicates)</source>
        <translation>iterable dataset without sharding (duplicates)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="28" />
        <source>iterable dataset sharded by worker id</source>
        <translation>iterable dataset sharded by worker id</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="29" />
        <source>workers started with fork</source>
        <translation>workers started with fork</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="30" />
        <source>workers started with spawn</source>
        <translation>workers started with spawn</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="31" />
        <source>one slow sample, in_order=True (head-of-line blocking)</source>
        <translation>one slow sample, in_order=True (head-of-line blocking)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="32" />
        <source>one slow sample, in_order=False</source>
        <translation>one slow sample, in_order=False</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="33" />
        <source>prefetch_factor=4: the window of batches in flight</source>
        <translation>prefetch_factor=4: the window of batches in flight</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="34" />
        <source>persistent_workers=True over three epochs</source>
        <translation>persistent_workers=True over three epochs</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="35" />
        <source>a worker crashes in the middle of the epoch</source>
        <translation>a worker crashes in the middle of the epoch</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="36" />
        <source>batch_size=32 with drop_last=True</source>
        <translation>batch_size=32 with drop_last=True</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="37" />
        <source>DistributedSampler: rank 1 of 4</source>
        <translation>DistributedSampler: rank 1 of 4</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="39" />
        <source>copy-on-read: refcounted Python objects (the workers' memory grows)</source>
        <translation>copy-on-read: refcounted Python objects (the workers' memory grows)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="40" />
        <source>copy-on-read: one contiguous array (the pages stay shared)</source>
        <translation>copy-on-read: one contiguous array (the pages stay shared)</translation>
    </message>
</context>
<context>
    <name>ProbeInstallOffer</name>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="23" />
        <source>For this user only (pip --user: a Python outside a venv)</source>
        <translation>For this user only (pip --user: a Python outside a venv)</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="25" />
        <source>Install the probe</source>
        <translation>Install the probe</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="27" />
        <source>Not now</source>
        <translation>Not now</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="65" />
        <source>The Python "%1" on %2 has no Loaderscope probe. This app carries its own (%3): install it there with pip (no root, no compiler, nothing downloaded)? Nothing is sent or installed until you click.</source>
        <translation>The Python "%1" on %2 has no Loaderscope probe. This app carries its own (%3): install it there with pip (no root, no compiler, nothing downloaded)? Nothing is sent or installed until you click.</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="70" />
        <source>The Python "%1" on %2 has no Loaderscope probe, and this app carries no wheel to install there (the Debian package and ./run.sh package carry one; ./run.sh wheel makes it). See "Install the probe on your GPU server" in the README.</source>
        <translation>The Python "%1" on %2 has no Loaderscope probe, and this app carries no wheel to install there (the Debian package and ./run.sh package carry one; ./run.sh wheel makes it). See "Install the probe on your GPU server" in the README.</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="111" />
        <source>On %1: %2 (the wheel copied over ssh)…</source>
        <translation>On %1: %2 (the wheel copied over ssh)…</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="113" />
        <source>On %1 ran: %2</source>
        <translation>On %1 ran: %2</translation>
    </message>
</context>
<context>
    <name>ProveIt</name>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="12" />
        <source>Measuring %1 of %2…</source>
        <translation>Measuring %1 of %2…</translation>
    </message>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="13" />
        <source>Proving the advice: %1</source>
        <translation>Proving the advice: %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="22" />
        <source>The advice was measured: see the summary.</source>
        <translation>The advice was measured: see the summary.</translation>
    </message>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="34" />
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
</context>
<context>
    <name>QChartView</name>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="169" />
        <source>time (s)</source>
        <translation>time (s)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="169" />
        <source>time (ms)</source>
        <translation>time (ms)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="281" />
        <source>at %1 s</source>
        <translation>at %1 s</translation>
    </message>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="282" />
        <source>at %1 ms</source>
        <translation>at %1 ms</translation>
    </message>
</context>
<context>
    <name>QShortcut</name>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="23" />
        <source>Home</source>
        <translation>Home</translation>
    </message>
</context>
<context>
    <name>QuestionBank</name>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="144" />
        <source>a NUL byte (at byte %1): not a text file</source>
        <translation>a NUL byte (at byte %1): not a text file</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="155" />
        <source>bytes that are not UTF-8 (0x%1 at byte %2): save the file as UTF-8</source>
        <translation>bytes that are not UTF-8 (0x%1 at byte %2): save the file as UTF-8</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="173" />
        <source>not a question file: neither the workshop format ("Zorluk N" topic lines), GIFT ({ } answers) nor Aiken (ANSWER: lines)</source>
        <translation>not a question file: neither the workshop format ("Zorluk N" topic lines), GIFT ({ } answers) nor Aiken (ANSWER: lines)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="184" />
        <source>unknown lesson "%1"</source>
        <translation>unknown lesson "%1"</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="203" />
        <source>%1 is larger than %2 MiB: not a question file</source>
        <translation>%1 is larger than %2 MiB: not a question file</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="332" />
        <source>line %1: %2</source>
        <translation>line %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="27" />
        <source>a question needs at least two answers</source>
        <translation>a question needs at least two answers</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="29" />
        <source>%1 answers; at most %2 fit the quiz</source>
        <translation>%1 answers; at most %2 fit the quiz</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="31" />
        <source>no answer is marked right</source>
        <translation>no answer is marked right</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="33" />
        <source>%1 answers are marked right; exactly one must be</source>
        <translation>%1 answers are marked right; exactly one must be</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="90" />
        <location filename="../gui/workshop/model/questionreaders.cpp" line="492" />
        <source>answer "%1" where "%2" was expected</source>
        <translation>answer "%1" where "%2" was expected</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="99" />
        <source>a ✓ inside answer %1: it goes at the end of the right answer</source>
        <translation>a ✓ inside answer %1: it goes at the end of the right answer</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="103" />
        <location filename="../gui/workshop/model/questionreaders.cpp" line="332" />
        <source>answer %1 is empty</source>
        <translation>answer %1 is empty</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="128" />
        <source>the difficulty after "Zorluk" must be a number from 1 to %1</source>
        <translation>the difficulty after "Zorluk" must be a number from 1 to %1</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="137" />
        <source>no question after the topic line</source>
        <translation>no question after the topic line</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="142" />
        <source>no answers: each answer starts a line with "- a", "- b", ...</source>
        <translation>no answers: each answer starts a line with "- a", "- b", ...</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="152" />
        <source>no "Açıklama:" line with the explanation</source>
        <translation>no "Açıklama:" line with the explanation</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="161" />
        <source>an answer or explanation after the explanation of the question at line %1: is this question's "Zorluk N" topic line missing? Neither is imported</source>
        <translation>an answer or explanation after the explanation of the question at line %1: is this question's "Zorluk N" topic line missing? Neither is imported</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="171" />
        <source>the explanation after "Açıklama:" is empty</source>
        <translation>the explanation after "Açıklama:" is empty</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="192" />
        <source>a question without its topic line ending in "Zorluk N"</source>
        <translation>a question without its topic line ending in "Zorluk N"</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="204" />
        <source>no question: each starts with a topic line ending in "Zorluk N"</source>
        <translation>no question: each starts with a topic line ending in "Zorluk N"</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="288" />
        <source>difficulty=%1: the difficulty is a number from 1 to %2</source>
        <translation>difficulty=%1: the difficulty is a number from 1 to %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="292" />
        <source>"%1" in the loaderscope comment: it takes difficulty=N and lesson=ID</source>
        <translation>"%1" in the loaderscope comment: it takes difficulty=N and lesson=ID</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="303" />
        <source>an essay question (empty {}): only multiple choice is read</source>
        <translation>an essay question (empty {}): only multiple choice is read</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="305" />
        <source>a numerical question ({#...}): only multiple choice is read</source>
        <translation>a numerical question ({#...}): only multiple choice is read</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="307" />
        <source>a true/false question: only multiple choice is read</source>
        <translation>a true/false question: only multiple choice is read</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="309" />
        <source>a matching question (-&gt;): only multiple choice is read</source>
        <translation>a matching question (-&gt;): only multiple choice is read</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="311" />
        <source>text before the first answer: each answer starts with = (right) or ~ (wrong)</source>
        <translation>text before the first answer: each answer starts with = (right) or ~ (wrong)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="326" />
        <source>answer weights (%50%) are not read: one answer is right (=), the others wrong (~)</source>
        <translation>answer weights (%50%) are not read: one answer is right (=), the others wrong (~)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="342" />
        <source>no wrong answer (~): a short-answer question, only multiple choice is read</source>
        <translation>no wrong answer (~): a short-answer question, only multiple choice is read</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="359" />
        <source>the title after "::" is not closed with "::"</source>
        <translation>the title after "::" is not closed with "::"</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="374" />
        <source>no answers in { }: a description, not a question</source>
        <translation>no answers in { }: a description, not a question</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="381" />
        <source>the answers opened with { are not closed with } before the blank line</source>
        <translation>the answers opened with { are not closed with } before the blank line</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="386" />
        <source>a second { : one question per paragraph, separated by a blank line</source>
        <translation>a second { : one question per paragraph, separated by a blank line</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="395" />
        <source>no question before the answers</source>
        <translation>no question before the answers</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="456" />
        <location filename="../gui/workshop/model/questionreaders.cpp" line="547" />
        <source>no question in the file</source>
        <translation>no question in the file</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="484" />
        <source>an answer where a question was expected (the question is one line before "A.")</source>
        <translation>an answer where a question was expected (the question is one line before "A.")</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="503" />
        <source>ANSWER: "%1" is not one of the answers' letters</source>
        <translation>ANSWER: "%1" is not one of the answers' letters</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="511" />
        <source>a second line of question: an Aiken question is one line, then "A." or "A)" answers</source>
        <translation>a second line of question: an Aiken question is one line, then "A." or "A)" answers</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="516" />
        <source>expected answer "%1." or "ANSWER:"</source>
        <translation>expected answer "%1." or "ANSWER:"</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="522" />
        <source>no "ANSWER:" line after the answers</source>
        <translation>no "ANSWER:" line after the answers</translation>
    </message>
</context>
<context>
    <name>QuestionBankActions</name>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="22" />
        <source>Import questions</source>
        <translation>Import questions</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="23" />
        <source>Question files (*.txt *.gift);;All files (*)</source>
        <translation>Question files (*.txt *.gift);;All files (*)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="30" />
        <source>Questions imported: %1 new; the bank holds %2.</source>
        <translation>Questions imported: %1 new; the bank holds %2.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="36" />
        <location filename="../gui/workshop/questionbankactions.cpp" line="39" />
        <location filename="../gui/workshop/questionbankactions.cpp" line="45" />
        <source>Export questions</source>
        <translation>Export questions</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="36" />
        <source>There are no imported questions to export.</source>
        <translation>There are no imported questions to export.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="40" />
        <source>Moodle GIFT (*.gift *.txt)</source>
        <translation>Moodle GIFT (*.gift *.txt)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="47" />
        <source>Questions written to %1: %2</source>
        <translation>Questions written to %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="54" />
        <source>Remove imported questions</source>
        <translation>Remove imported questions</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="55" />
        <source>Remove the imported questions (%1)? The lessons' own questions stay.</source>
        <translation>Remove the imported questions (%1)? The lessons' own questions stay.</translation>
    </message>
</context>
<context>
    <name>QuestionImportDialog</name>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="170" />
        <source>Import questions</source>
        <translation>Import questions</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="175" />
        <source>File:</source>
        <translation>File:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="177" />
        <source>Recognised from the file</source>
        <translation>Recognised from the file</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="178" />
        <source>Workshop text ("Zorluk N", ✓, "Açıklama:")</source>
        <translation>Workshop text ("Zorluk N", ✓, "Açıklama:")</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="179" />
        <source>Moodle GIFT</source>
        <translation>Moodle GIFT</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="180" />
        <source>Moodle Aiken</source>
        <translation>Moodle Aiken</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="181" />
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="109" />
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="111" />
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="113" />
        <source>Right answer</source>
        <translation>Right answer</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="115" />
        <source>Difficulty</source>
        <translation>Difficulty</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="117" />
        <source>Lesson</source>
        <translation>Lesson</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="305" />
        <source>Malformed questions, skipped (%1); correct the file and import it again:</source>
        <translation>Malformed questions, skipped (%1); correct the file and import it again:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="76" />
        <source>not given</source>
        <translation>not given</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="52" />
        <source>(choose a lesson)</source>
        <translation>(choose a lesson)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="53" />
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="254" />
        <location filename="../gui/workshop/questionimportdialog.cpp" line="336" />
        <source>Reading %1…</source>
        <translation>Reading %1…</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="254" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="334" />
        <source>Questions read: %1 (%2).</source>
        <translation>Questions read: %1 (%2).</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="338" />
        <source>No questions read.</source>
        <translation>No questions read.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="340" />
        <source>Without a lesson: %1; a question is imported only with its lesson chosen.</source>
        <translation>Without a lesson: %1; a question is imported only with its lesson chosen.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="343" />
        <source>Import (%1)</source>
        <translation>Import (%1)</translation>
    </message>
</context>
<context>
    <name>RangeSummary</name>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="43" />
        <source>Measured range: %1</source>
        <translation>Measured range: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="46" />
        <source>from %1 to %2</source>
        <translation>from %1 to %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="48" />
        <source>part of this range is shown from aggregates; zoom in to read its detail back</source>
        <translation>part of this range is shown from aggregates; zoom in to read its detail back</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="52" />
        <source>batches received by the loop: %1</source>
        <translation>batches received by the loop: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="53" />
        <source>the loop waited for data: %1 of the range</source>
        <translation>the loop waited for data: %1 of the range</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="60" />
        <source>worker %1: busy %2, %3 samples</source>
        <translation>worker %1: busy %2, %3 samples</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="64" />
        <source>GPU busy: %1</source>
        <translation>GPU busy: %1</translation>
    </message>
</context>
<context>
    <name>RecordingRanksWindow</name>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="193" />
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="193" />
        <source>Data stall</source>
        <translation>Data stall</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="193" />
        <source>Samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="193" />
        <source>Batches</source>
        <translation>Batches</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>Workers</source>
        <translation>Workers</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="219" />
        <source>straggler</source>
        <translation>straggler</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="233" />
        <source>Ranks of one job (recordings)</source>
        <translation>Ranks of one job (recordings)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="332" />
        <location filename="../gui/jobs/recordingranks.cpp" line="234" />
        <source>Statistics of all ranks…</source>
        <translation>Statistics of all ranks…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="333" />
        <location filename="../gui/jobs/recordingranks.cpp" line="235" />
        <source>Each stage's latency over all the ranks (one histogram line per rank) and the slowest samples of any rank</source>
        <translation>Each stage's latency over all the ranks (one histogram line per rank) and the slowest samples of any rank</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="239" />
        <source>Reading the recordings (%1)…</source>
        <translation>Reading the recordings (%1)…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="246" />
        <source>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</source>
        <translation>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="250" />
        <source>Fewer than two ranks could be read: there is nothing to compare.</source>
        <translation>Fewer than two ranks could be read: there is nothing to compare.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="252" />
        <source>No rank's loader holds the others back.</source>
        <translation>No rank's loader holds the others back.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="270" />
        <source>Loading the timeline of rank %1…</source>
        <translation>Loading the timeline of rank %1…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="272" />
        <source>Timeline of rank %1 · %2 (double-click a row to show another rank)</source>
        <translation>Timeline of rank %1 · %2 (double-click a row to show another rank)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="276" />
        <source>Double-click a row to show that rank's timeline.</source>
        <translation>Double-click a row to show that rank's timeline.</translation>
    </message>
</context>
<context>
    <name>Remote</name>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="33" />
        <source>"%1" is not a port number</source>
        <translation>"%1" is not a port number</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="44" />
        <source>"%1" is not a host name</source>
        <translation>"%1" is not a host name</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="48" />
        <source>"%1" is not a user name</source>
        <translation>"%1" is not a user name</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="190" />
        <source>cannot start %1: %2 (Debian: openssh-client)</source>
        <translation>cannot start %1: %2 (Debian: openssh-client)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="206" />
        <source>%1's host key is not known (or has changed): run `ssh %1` once in a terminal and check the key, then try again.</source>
        <translation>%1's host key is not known (or has changed): run `ssh %1` once in a terminal and check the key, then try again.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="208" />
        <source>%1 refused the login without a prompt (BatchMode): load your key into the agent (`ssh-add`) or run `ssh %1` once in a terminal, then try again. ssh said: %2</source>
        <translation>%1 refused the login without a prompt (BatchMode): load your key into the agent (`ssh-add`) or run `ssh %1` once in a terminal, then try again. ssh said: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="210" />
        <source>%1 did not answer within %2 s (ssh: %3).</source>
        <translation>%1 did not answer within %2 s (ssh: %3).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="212" />
        <source>There is no host called %1 (ssh: %2).</source>
        <translation>There is no host called %1 (ssh: %2).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="214" />
        <source>%1 refused the connection: no SSH server listens there (ssh: %2).</source>
        <translation>%1 refused the connection: no SSH server listens there (ssh: %2).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="218" />
        <source>On %1, the job is no longer there: it ended before it could be followed (%2).</source>
        <translation>On %1, the job is no longer there: it ended before it could be followed (%2).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="225" />
        <source>On %1, the interpreter "%2" does not exist: set the remote interpreter (File ▸ Attach to a running job…) to the Python that has Loaderscope's probe.</source>
        <translation>On %1, the interpreter "%2" does not exist: set the remote interpreter (File ▸ Attach to a running job…) to the Python that has Loaderscope's probe.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="227" />
        <source>On %1, "%2" has no Loaderscope probe: install it there, or set the remote interpreter to the Python that has it.</source>
        <translation>On %1, "%2" has no Loaderscope probe: install it there, or set the remote interpreter to the Python that has it.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="229" />
        <source>ssh to %1 failed: %2</source>
        <translation>ssh to %1 failed: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="229" />
        <location filename="../gui/sources/model/remote.cpp" line="230" />
        <location filename="../gui/sources/model/remoteinstall.cpp" line="73" />
        <source>(no message)</source>
        <translation>(no message)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="230" />
        <source>On %1, the probe stopped with exit status %2: %3</source>
        <translation>On %1, the probe stopped with exit status %2: %3</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="239" />
        <source>%1 answered something that is not a list of segments: "%2"</source>
        <translation>%1 answered something that is not a list of segments: "%2"</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="244" />
        <source>%1 lists %2 segments: too many to be real</source>
        <translation>%1 lists %2 segments: too many to be real</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="60" />
        <source>On %1, no temporary folder could be made for the wheel (mktemp in $TMPDIR or /tmp): %2</source>
        <translation>On %1, no temporary folder could be made for the wheel (mktemp in $TMPDIR or /tmp): %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="62" />
        <source>The wheel did not arrive whole on %1 (the connection ended during the copy): try again.</source>
        <translation>The wheel did not arrive whole on %1 (the connection ended during the copy): try again.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="64" />
        <source>On %1, "%2" has no pip: name a venv's python (a venv brings pip; Debian and Ubuntu: python3-venv), or install pip for it.</source>
        <translation>On %1, "%2" has no pip: name a venv's python (a venv brings pip; Debian and Ubuntu: python3-venv), or install pip for it.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="66" />
        <source>On %1, "%2" is the system's Python, which pip may not change (PEP 668): make a venv there (python3 -m venv --system-site-packages ~/ls-venv keeps the system's torch visible) and name ~/ls-venv/bin/python, or the Python your job runs with.</source>
        <translation>On %1, "%2" is the system's Python, which pip may not change (PEP 668): make a venv there (python3 -m venv --system-site-packages ~/ls-venv keeps the system's torch visible) and name ~/ls-venv/bin/python, or the Python your job runs with.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="68" />
        <source>On %1, "%2" is a venv's Python: install without --user.</source>
        <translation>On %1, "%2" is a venv's Python: install without --user.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="70" />
        <source>On %1, "%2" cannot take this wheel (it needs CPython 3.9 or newer on x86_64 Linux with a recent enough glibc, see the README): build the probe there from its sdist instead. pip said: %3</source>
        <translation>On %1, "%2" cannot take this wheel (it needs CPython 3.9 or newer on x86_64 Linux with a recent enough glibc, see the README): build the probe there from its sdist instead. pip said: %3</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="73" />
        <source>On %1, pip stopped with exit status %2: %3</source>
        <translation>On %1, pip stopped with exit status %2: %3</translation>
    </message>
</context>
<context>
    <name>RemoteInstaller</name>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="99" />
        <source>An install is already running.</source>
        <translation>An install is already running.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="107" />
        <source>"%1" is not a probe wheel.</source>
        <translation>"%1" is not a probe wheel.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="112" />
        <source>Cannot read the wheel %1: %2</source>
        <translation>Cannot read the wheel %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="112" />
        <source>too large to be the probe's</source>
        <translation>too large to be the probe's</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="153" />
        <source>Installed on %1 into "%2": %3</source>
        <translation>Installed on %1 into "%2": %3</translation>
    </message>
</context>
<context>
    <name>RemoteReader</name>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="117" />
        <source>"%1" is not a segment name</source>
        <translation>"%1" is not a segment name</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="122" />
        <location filename="../gui/sources/model/remotereader.cpp" line="230" />
        <source>cannot save the stream to %1: %2</source>
        <translation>cannot save the stream to %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="154" />
        <source>%1 sent nothing within %2 s: the host or its Python does not answer.</source>
        <translation>%1 sent nothing within %2 s: the host or its Python does not answer.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="203" />
        <source>%1's compressed stream is damaged (%2)</source>
        <translation>%1's compressed stream is damaged (%2)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="209" />
        <source>%1's compressed stream expands without bound: not a stream</source>
        <translation>%1's compressed stream expands without bound: not a stream</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="252" />
        <source>%1 sent something that is not a Loaderscope stream (it begins "%2"): is the probe there the same version?</source>
        <translation>%1 sent something that is not a Loaderscope stream (it begins "%2"): is the probe there the same version?</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="256" />
        <source>%1 sent a file recording, not a stream</source>
        <translation>%1 sent a file recording, not a stream</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="270" />
        <source>%1's stream is damaged at byte %2: %3 events kept, the rest is dropped.</source>
        <translation>%1's stream is damaged at byte %2: %3 events kept, the rest is dropped.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="370" />
        <source>%1's stream is damaged (a chunk's checksum): %2 events kept.</source>
        <translation>%1's stream is damaged (a chunk's checksum): %2 events kept.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="413" />
        <source>%1's stream ended before its header was whole (%2 bytes). %3</source>
        <translation>%1's stream ended before its header was whole (%2 bytes). %3</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="428" />
        <source>Connection to %1 lost at %2 s; %3 events kept (saved in %4). The job runs on untouched.</source>
        <translation>Connection to %1 lost at %2 s; %3 events kept (saved in %4). The job runs on untouched.</translation>
    </message>
</context>
<context>
    <name>RemoteTarget</name>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="96" />
        <source>"%1" is not a segment name (see `python3 -m loaderscope list` on the host)</source>
        <translation>"%1" is not a segment name (see `python3 -m loaderscope list` on the host)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="101" />
        <source>no host: write user@host, an alias from ~/.ssh/config, or ssh://user@host/segment</source>
        <translation>no host: write user@host, an alias from ~/.ssh/config, or ssh://user@host/segment</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="116" />
        <source>%1 hosts: at most 64 at once</source>
        <translation>%1 hosts: at most 64 at once</translation>
    </message>
</context>
<context>
    <name>RunHistory</name>
    <message>
        <location filename="../gui/runs/model/runhistory.cpp" line="281" />
        <source>%1 · %2 samples/s · %3</source>
        <translation>%1 · %2 samples/s · %3</translation>
    </message>
</context>
<context>
    <name>RunSession</name>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="72" />
        <source>Cannot follow the job: %1</source>
        <translation>Cannot follow the job: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="41" />
        <source>The job ended without finishing its loop (it failed or was killed).</source>
        <translation>The job ended without finishing its loop (it failed or was killed).</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="267" />
        <source>Stopped watching; the job runs on.</source>
        <translation>Stopped watching; the job runs on.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="435" />
        <source>No watched job is running: Python stacks are taken from a live PyTorch job.</source>
        <translation>No watched job is running: Python stacks are taken from a live PyTorch job.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="442" />
        <source>Cannot ask the job for its stacks: %1</source>
        <translation>Cannot ask the job for its stacks: %1</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="137" />
        <source>the loop waits only {data_stall_fraction} of its time for data: the training step is the bottleneck; no loader knob will make this run faster</source>
        <translation>the loop waits only {data_stall_fraction} of its time for data: the training step is the bottleneck; no loader knob will make this run faster</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="141" />
        <source>apart from starting the workers ({startup_share}), the loop waits only {data_stall_fraction} of its time for data: the training step is the bottleneck; no loader knob will make this run faster</source>
        <translation>apart from starting the workers ({startup_share}), the loop waits only {data_stall_fraction} of its time for data: the training step is the bottleneck; no loader knob will make this run faster</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="147" />
        <source>{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the slowest, sample {slowest_sample}, took {slowest_ms} ms, {slowest_times_median} times the median: look at those samples (slowest_samples in the summary JSON, or python3 -m loaderscope slow on the recording): a huge or damaged file, a slow path in __getitem__</source>
        <translation>{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the slowest, sample {slowest_sample}, took {slowest_ms} ms, {slowest_times_median} times the median: look at those samples (slowest_samples in the summary JSON, or python3 -m loaderscope slow on the recording): a huge or damaged file, a slow path in __getitem__</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="162" />
        <source>the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop waits {data_stall_fraction} for data: pin_memory "shared" lets the workers write into pinned memory and removes that copy</source>
        <translation>the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop waits {data_stall_fraction} for data: pin_memory "shared" lets the workers write into pinned memory and removes that copy</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="169" />
        <source>the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop waits {data_stall_fraction} for data: PyTorch pins every batch on that one thread; batches of fewer bytes (for example uint8 instead of float32 until they reach the device) take it less time</source>
        <translation>the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop waits {data_stall_fraction} for data: PyTorch pins every batch on that one thread; batches of fewer bytes (for example uint8 instead of float32 until they reach the device) take it less time</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="177" />
        <source>copies from pageable memory block the host {pageable_blocked_fraction} of the loop while the driver stages them: set pin_memory=True</source>
        <translation>copies from pageable memory block the host {pageable_blocked_fraction} of the loop while the driver stages them: set pin_memory=True</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="181" />
        <source>copies from pageable memory block the host {pageable_blocked_fraction} of the loop while the driver stages them: set pin_memory=True (copies overlap the step only with non_blocking=True as well)</source>
        <translation>copies from pageable memory block the host {pageable_blocked_fraction} of the loop while the driver stages them: set pin_memory=True (copies overlap the step only with non_blocking=True as well)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="186" />
        <source>synchronous copies from pinned memory block the host {sync_copy_blocked_fraction} of the loop: set non_blocking=True so the host is free while they run</source>
        <translation>synchronous copies from pinned memory block the host {sync_copy_blocked_fraction} of the loop: set non_blocking=True so the host is free while they run</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="189" />
        <source>copies take {copy_share} of the loop and overlap the step kernel only {overlap_fraction}: issue them on a separate copy stream (train.copy_stream)</source>
        <translation>copies take {copy_share} of the loop and overlap the step kernel only {overlap_fraction}: issue them on a separate copy stream (train.copy_stream)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="195" />
        <source>starting the workers took {startup_ms_per_epoch} ms in each of {startups} epochs ({startup_share} of the loop): set persistent_workers=True</source>
        <translation>starting the workers took {startup_ms_per_epoch} ms in each of {startups} epochs ({startup_share} of the loop): set persistent_workers=True</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="89" />
        <source>the loop waits {data_stall_fraction} of its time for data; each sample spends {io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now {num_workers}, on {cores} cores): raise num_workers to {suggest}</source>
        <translation>the loop waits {data_stall_fraction} of its time for data; each sample spends {io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now {num_workers}, on {cores} cores): raise num_workers to {suggest}</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="96" />
        <source>the loop waits {data_stall_fraction} of its time for data; each sample spends {io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now {num_workers}, on {cores} cores): raise num_workers to {suggest}. PyTorch will warn that its suggested max number of workers is {cores} (the cores); more fit here because each worker sleeps on I/O {io_share} of a sample's time, and a sleeping worker leaves its core free</source>
        <translation>the loop waits {data_stall_fraction} of its time for data; each sample spends {io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now {num_workers}, on {cores} cores): raise num_workers to {suggest}. PyTorch will warn that its suggested max number of workers is {cores} (the cores); more fit here because each worker sleeps on I/O {io_share} of a sample's time, and a sleeping worker leaves its core free</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="105" />
        <source>the loop waits {data_stall_fraction} of its time for data, but the workers (num_workers={num_workers}) already use {cores_used} of the {cores} cores ({cpu_ms_per_sample} ms of CPU per sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores</source>
        <translation>the loop waits {data_stall_fraction} of its time for data, but the workers (num_workers={num_workers}) already use {cores_used} of the {cores} cores ({cpu_ms_per_sample} ms of CPU per sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="113" />
        <source>the loop waits {data_stall_fraction} of its time for data, but the job already uses {job_cores_used} of the {cores} cores: the fetches (num_workers={num_workers}) {cores_used} ({cpu_ms_per_sample} ms of CPU per sample), the rest handing batches on, receiving them and the training step on the CPU: more workers will not help; make each sample or the step cheaper, or add cores</source>
        <translation>the loop waits {data_stall_fraction} of its time for data, but the job already uses {job_cores_used} of the {cores} cores: the fetches (num_workers={num_workers}) {cores_used} ({cpu_ms_per_sample} ms of CPU per sample), the rest handing batches on, receiving them and the training step on the CPU: more workers will not help; make each sample or the step cheaper, or add cores</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="120" />
        <source>the loop waits {data_stall_fraction} of its time for data, but the workers (num_workers={num_workers}) wait for a free core {cpu_wait_share} of their busy time (the {cores} cores are taken by other work, or oversubscribed) ({cpu_ms_per_sample} ms of CPU per sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores</source>
        <translation>the loop waits {data_stall_fraction} of its time for data, but the workers (num_workers={num_workers}) wait for a free core {cpu_wait_share} of their busy time (the {cores} cores are taken by other work, or oversubscribed) ({cpu_ms_per_sample} ms of CPU per sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="127" />
        <source>the loop waits {data_stall_fraction} of its time for data although num_workers={num_workers} keeps up on average (about {needed} needed): batches arrive in bursts; raise prefetch_factor to {suggest} so more are ready in advance</source>
        <translation>the loop waits {data_stall_fraction} of its time for data although num_workers={num_workers} keeps up on average (about {needed} needed): batches arrive in bursts; raise prefetch_factor to {suggest} so more are ready in advance</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="132" />
        <source>workers are busy only {worker_busy_mean} of the time while the prefetch window stays full ({mean_ready_batches} of {window} batches ready on average): num_workers={suggest} would keep up and use less memory and CPU</source>
        <translation>workers are busy only {worker_busy_mean} of the time while the prefetch window stays full ({mean_ready_batches} of {window} batches ready on average): num_workers={suggest} would keep up and use less memory and CPU</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="154" />
        <source>{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the slowest, fetched by worker {slowest_worker} for batch {slowest_batch} (an iterable dataset's sample has no index), took {slowest_ms} ms, {slowest_times_median} times the median: look at what the dataset yields there</source>
        <translation>{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the slowest, fetched by worker {slowest_worker} for batch {slowest_batch} (an iterable dataset's sample has no index), took {slowest_ms} ms, {slowest_times_median} times the median: look at what the dataset yields there</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="199" />
        <source>spawn starts a fresh process per worker: {startup_ms_per_epoch} ms per epoch to start the workers (num_workers={num_workers}, {startup_share} of the loop); use multiprocessing_context "fork", or persistent_workers=True</source>
        <translation>spawn starts a fresh process per worker: {startup_ms_per_epoch} ms per epoch to start the workers (num_workers={num_workers}, {startup_share} of the loop); use multiprocessing_context "fork", or persistent_workers=True</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="205" />
        <source>the loop waited {head_of_line_fraction} of its time for a late batch while later batches were already ready and the workers stood idle {worker_idle_mean} of the time (the longest wait {longest_head_of_line_ms} ms): in_order=False delivers the ready batches meanwhile (batch order then varies from run to run)</source>
        <translation>the loop waited {head_of_line_fraction} of its time for a late batch while later batches were already ready and the workers stood idle {worker_idle_mean} of the time (the longest wait {longest_head_of_line_ms} ms): in_order=False delivers the ready batches meanwhile (batch order then varies from run to run)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="215" />
        <source>the loop waited {head_of_line_fraction} of its time for a late batch while later batches were already ready and the workers stood idle {worker_idle_mean} of the time (the longest wait {longest_head_of_line_ms} ms): upgrade to torch ≥ 2.6 for in_order=False, which delivers the ready batches meanwhile (this job's torch has no in_order)</source>
        <translation>the loop waited {head_of_line_fraction} of its time for a late batch while later batches were already ready and the workers stood idle {worker_idle_mean} of the time (the longest wait {longest_head_of_line_ms} ms): upgrade to torch ≥ 2.6 for in_order=False, which delivers the ready batches meanwhile (this job's torch has no in_order)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="225" />
        <source>each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at {main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every worker when CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or tensors instead of lists of Python objects</source>
        <translation>each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at {main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every worker when CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or tensors instead of lists of Python objects</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="233" />
        <source>each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at {main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every worker when CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or tensors instead of lists of Python objects (here: dataset.objects.layout "contiguous")</source>
        <translation>each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at {main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every worker when CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or tensors instead of lists of Python objects (here: dataset.objects.layout "contiguous")</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="241" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's {dev_shm_size_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in memory</source>
        <translation>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's {dev_shm_size_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in memory</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="247" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's {dev_shm_size_bytes}: lower num_workers to {suggest} so fewer batches wait in memory</source>
        <translation>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's {dev_shm_size_bytes}: lower num_workers to {suggest} so fewer batches wait in memory</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="252" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of the memory limit of {limit_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in memory</source>
        <translation>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of the memory limit of {limit_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in memory</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="258" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of the memory limit of {limit_bytes}: lower num_workers to {suggest} so fewer batches wait in memory</source>
        <translation>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of the memory limit of {limit_bytes}: lower num_workers to {suggest} so fewer batches wait in memory</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="264" />
        <source>the {num_workers} workers hold {worker_uss_bytes} of private memory ({worker_uss_mean_bytes} each), and the run uses {total_bytes} of its {limit_bytes} limit: lower num_workers to {suggest} (each worker holds its own copy of what it touched)</source>
        <translation>the {num_workers} workers hold {worker_uss_bytes} of private memory ({worker_uss_mean_bytes} each), and the run uses {total_bytes} of its {limit_bytes} limit: lower num_workers to {suggest} (each worker holds its own copy of what it touched)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="270" />
        <source>(measured on incomplete data: {events_lost} events were lost)</source>
        <translation>(measured on incomplete data: {events_lost} events were lost)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="276" />
        <source>no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data</source>
        <translation>no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="279" />
        <source>the DataLoader __next__ spans are on another thread than the steps (a background prefetcher): the loop's own wait is not in the trace; wrap it in record_function to measure it</source>
        <translation>the DataLoader __next__ spans are on another thread than the steps (a background prefetcher): the loop's own wait is not in the trace; wrap it in record_function to measure it</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="283" />
        <source>the loop waits {data_stall_fraction} of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper</source>
        <translation>the loop waits {data_stall_fraction} of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="286" />
        <source>{pageable_copies} of {copies} host-to-device copies are from pageable memory: set pin_memory=True</source>
        <translation>{pageable_copies} of {copies} host-to-device copies are from pageable memory: set pin_memory=True</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="289" />
        <source>copies overlap kernels only {overlap_fraction}: use non_blocking=True and issue the copies on a separate stream</source>
        <translation>copies overlap kernels only {overlap_fraction}: use non_blocking=True and issue the copies on a separate stream</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="292" />
        <source>not input-bound (the loop waits {data_stall_fraction} for data): the training step is the bottleneck; more workers will not help</source>
        <translation>not input-bound (the loop waits {data_stall_fraction} for data): the training step is the bottleneck; more workers will not help</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="295" />
        <source>rank {rank} waits {rank_stall_fraction} of its steps for data; the other ranks {other_ranks_stall_fraction} (median)</source>
        <translation>rank {rank} waits {rank_stall_fraction} of its steps for data; the other ranks {other_ranks_stall_fraction} (median)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="299" />
        <source>Measured: {knob} = {value} gives {gain} samples/s (medians of {runs} runs: {values}).</source>
        <translation>Measured: {knob} = {value} gives {gain} samples/s (medians of {runs} runs: {values}).</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="301" />
        <source>Confirmed.</source>
        <translation>Confirmed.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="302" />
        <source>Within the spread of the runs: not confirmed.</source>
        <translation>Within the spread of the runs: not confirmed.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="303" />
        <source>Not confirmed on this machine.</source>
        <translation>Not confirmed on this machine.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="304" />
        <source>The same throughput: confirmed.</source>
        <translation>The same throughput: confirmed.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="305" />
        <source>Slower: not confirmed.</source>
        <translation>Slower: not confirmed.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="306" />
        <source>{faster_value} was faster still.</source>
        <translation>{faster_value} was faster still.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="307" />
        <source>Not measured.</source>
        <translation>Not measured.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="309" />
        <source>not input-bound</source>
        <translation>not input-bound</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="312" />
        <source>moderately input-bound</source>
        <translation>moderately input-bound</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="315" />
        <source>highly input-bound</source>
        <translation>highly input-bound</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="318" />
        <source>no batches delivered</source>
        <translation>no batches delivered</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="321" />
        <source>no steps found</source>
        <translation>no steps found</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="324" />
        <source>no loader spans found</source>
        <translation>no loader spans found</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="327" />
        <source>loader wait not measured</source>
        <translation>loader wait not measured</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="330" />
        <source>unreliable trace</source>
        <translation>unreliable trace</translation>
    </message>
</context>
<context>
    <name>ShmReader</name>
    <message>
        <location filename="../gui/sources/model/shmreader.cpp" line="67" />
        <source>the run's shared memory was truncated; the live view stopped (the recording is complete)</source>
        <translation>the run's shared memory was truncated; the live view stopped (the recording is complete)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="14" />
        <source>Keyboard shortcuts and legend</source>
        <translation>Keyboard shortcuts and legend</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="14" />
        <source>Wheel</source>
        <translation>Wheel</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="14" />
        <source>zoom around the cursor</source>
        <translation>zoom around the cursor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="16" />
        <source>W, +</source>
        <translation>W, +</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="16" />
        <source>zoom in</source>
        <translation>zoom in</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="18" />
        <source>S, −</source>
        <translation>S, −</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="18" />
        <source>zoom out</source>
        <translation>zoom out</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="20" />
        <source>A, ←</source>
        <translation>A, ←</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="20" />
        <source>move back in time</source>
        <translation>move back in time</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="22" />
        <source>D, →</source>
        <translation>D, →</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="22" />
        <source>move forward in time</source>
        <translation>move forward in time</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="24" />
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="26" />
        <source>pan</source>
        <translation>pan</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="24" />
        <source>Shift+drag</source>
        <translation>Shift+drag</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="26" />
        <source>middle-button drag</source>
        <translation>middle-button drag</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="28" />
        <source>Drag</source>
        <translation>Drag</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="29" />
        <source>measure a time range: its length and what happened inside it</source>
        <translation>measure a time range: its length and what happened inside it</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="31" />
        <source>Click</source>
        <translation>Click</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="32" />
        <source>select a span: its batch is highlighted in every lane, the details pane describes it</source>
        <translation>select a span: its batch is highlighted in every lane, the details pane describes it</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="34" />
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="35" />
        <source>clear the selection and the measured range</source>
        <translation>clear the selection and the measured range</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="36" />
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="36" />
        <source>back to the previous zoom</source>
        <translation>back to the previous zoom</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="20" />
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="20" />
        <source>the whole run</source>
        <translation>the whole run</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="21" />
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="21" />
        <source>follow the run live</source>
        <translation>follow the run live</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="22" />
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="22" />
        <source>find a batch, a sample or a worker</source>
        <translation>find a batch, a sample or a worker</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="23" />
        <source>F3 / Shift+F3, Enter / Shift+Enter</source>
        <translation>F3 / Shift+F3, Enter / Shift+Enter</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="23" />
        <source>the next / previous match of the find bar</source>
        <translation>the next / previous match of the find bar</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="24" />
        <source>F5 / Shift+F5</source>
        <translation>F5 / Shift+F5</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="24" />
        <source>run / stop</source>
        <translation>run / stop</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="25" />
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="25" />
        <source>export a picture</source>
        <translation>export a picture</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="27" />
        <source>Keyboard and mouse</source>
        <translation>Keyboard and mouse</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="30" />
        <source>Legend</source>
        <translation>Legend</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="39" />
        <source>Narrow spans fold into one mark with a count (×N); a batch keeps its own mark. Over a long run, time whose detail is not held is drawn as stacked bars of each lane's busy share; zooming in reads the detail back.</source>
        <translation>Narrow spans fold into one mark with a count (×N); a batch keeps its own mark. Over a long run, time whose detail is not held is drawn as stacked bars of each lane's busy share; zooming in reads the detail back.</translation>
    </message>
</context>
<context>
    <name>StackRequests</name>
    <message>
        <location filename="../gui/jobs/stackrequests.cpp" line="20" />
        <source>No thread of the job answered within %1 s: a thread that holds Python's lock in C code answers when it lets go, and a probe older than this app does not answer.</source>
        <translation>No thread of the job answered within %1 s: a thread that holds Python's lock in C code answers when it lets go, and a probe older than this app does not answer.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/stackrequests.cpp" line="42" />
        <source>Asked the job for its threads' Python stacks; they show in the details pane as they come.</source>
        <translation>Asked the job for its threads' Python stacks; they show in the details pane as they come.</translation>
    </message>
</context>
<context>
    <name>StackText</name>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="34" />
        <source>Python stack</source>
        <translation>Python stack</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="36" />
        <source>main thread</source>
        <translation>main thread</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="38" />
        <source>fetching sample %1</source>
        <translation>fetching sample %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="40" />
        <source>batch %1, epoch %2</source>
        <translation>batch %1, epoch %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="41" />
        <source>at %1 into the run</source>
        <translation>at %1 into the run</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="43" />
        <source>taken by the probe: this fetch had run past its threshold (LOADERSCOPE_STACK_AFTER, at most half the DataLoader's timeout)</source>
        <translation>taken by the probe: this fetch had run past its threshold (LOADERSCOPE_STACK_AFTER, at most half the DataLoader's timeout)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="44" />
        <source>asked for (Show Python stacks)</source>
        <translation>asked for (Show Python stacks)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="46" />
        <source>Part of its text was lost (events lost while it was recorded).</source>
        <translation>Part of its text was lost (events lost while it was recorded).</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="49" />
        <source>(no Python frames)</source>
        <translation>(no Python frames)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="57" />
        <source>Click the mark to read it whole in the details pane.</source>
        <translation>Click the mark to read it whole in the details pane.</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="64" />
        <source>Python stacks of the job's threads: %1</source>
        <translation>Python stacks of the job's threads: %1</translation>
    </message>
</context>
<context>
    <name>StackedTimelines</name>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="136" />
        <source>Samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="140" />
        <source>Data stall</source>
        <translation>Data stall</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="144" />
        <source>GPU busy</source>
        <translation>GPU busy</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="146" />
        <source>Copy/compute overlap</source>
        <translation>Copy/compute overlap</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="149" />
        <source>Time per batch</source>
        <translation>Time per batch</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="161" />
        <source>difference</source>
        <translation>difference</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="134" />
        <source> points</source>
        <translation> points</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="139" />
        <source>First batch</source>
        <translation>First batch</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="147" />
        <source>H2D bandwidth</source>
        <translation>H2D bandwidth</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="180" />
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
</context>
<context>
    <name>StatisticsWindow</name>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="29" />
        <source>fetch (one sample)</source>
        <translation>fetch (one sample)</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="31" />
        <source>collate</source>
        <translation>collate</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="33" />
        <source>hand-over to the main process</source>
        <translation>hand-over to the main process</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="35" />
        <source>wait in next()</source>
        <translation>wait in next()</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="37" />
        <source>pin-memory copy</source>
        <translation>pin-memory copy</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="39" />
        <source>host-to-device copy</source>
        <translation>host-to-device copy</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="41" />
        <source>training step</source>
        <translation>training step</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="207" />
        <source>Statistics</source>
        <translation>Statistics</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="208" />
        <source>Latency of each stage</source>
        <translation>Latency of each stage</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="209" />
        <source>Slowest samples (click one to show it on the timeline)</source>
        <translation>Slowest samples (click one to show it on the timeline)</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="210" />
        <source>&amp;Histogram of:</source>
        <translation>&amp;Histogram of:</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="211" />
        <source>each line: one rank's spans, in % of them, by duration</source>
        <translation>each line: one rank's spans, in % of them, by duration</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="212" />
        <source>each line: one worker's spans, in % of them, by duration</source>
        <translation>each line: one worker's spans, in % of them, by duration</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>Stage</source>
        <translation>Stage</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>p99.9</source>
        <translation>p99.9</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>Max</source>
        <translation>Max</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>Sample</source>
        <translation>Sample</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>Epoch</source>
        <translation>Epoch</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>Fetch</source>
        <translation>Fetch</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>× median</source>
        <translation>× median</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Batch wait</source>
        <translation>Batch wait</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Head-of-line</source>
        <translation>Head-of-line</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Stall added</source>
        <translation>Stall added</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="224" />
        <source>No run yet: run one (F5), watch a job or open a recording.</source>
        <translation>No run yet: run one (F5), watch a job or open a recording.</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="226" />
        <source>The job's ranks together (%1): each stage's latency over all of them, and the slowest samples of any rank.</source>
        <translation>The job's ranks together (%1): each stage's latency over all of them, and the slowest samples of any rank.</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="228" />
        <source>The whole run.</source>
        <translation>The whole run.</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="229" />
        <source>Live: the run so far (updated as it goes).</source>
        <translation>Live: the run so far (updated as it goes).</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="70" />
        <source>Partial: %1 events were lost; a slow sample among them is not listed, and the distributions miss them.</source>
        <translation>Partial: %1 events were lost; a slow sample among them is not listed, and the distributions miss them.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="50" />
        <source>main</source>
        <translation>main</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <location filename="../gui/app/statusline.cpp" line="41" />
        <source>What went wrong</source>
        <translation>What went wrong</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="63" />
        <source>Watching %1 (pid %2)… Stop ends the job.</source>
        <translation>Watching %1 (pid %2)… Stop ends the job.</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="65" />
        <source>Following a running job… Stop only stops watching it.</source>
        <translation>Following a running job… Stop only stops watching it.</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="69" />
        <source>Running… engine pid %1</source>
        <translation>Running… engine pid %1</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="71" />
        <source>The configuration is not runnable: see the message above the form.</source>
        <translation>The configuration is not runnable: see the message above the form.</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="73" />
        <source>Ready: press Run (F5).</source>
        <translation>Ready: press Run (F5).</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="74" />
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="86" />
        <source>Worker %1 (pid %2) has not finished task %3 for %4 s</source>
        <translation>Worker %1 (pid %2) has not finished task %3 for %4 s</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="92" />
        <source>Running… (the view missed %1 events; the complete record loads at the end)</source>
        <translation>Running… (the view missed %1 events; the complete record loads at the end)</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="99" />
        <source>A PyTorch profiler trace</source>
        <translation>A PyTorch profiler trace</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="101" />
        <source>Your PyTorch job: its own CUDA device</source>
        <translation>Your PyTorch job: its own CUDA device</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="101" />
        <source>Your PyTorch job: no GPU work recorded</source>
        <translation>Your PyTorch job: no GPU work recorded</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="103" />
        <source>GPU: CUDA device</source>
        <translation>GPU: CUDA device</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="105" />
        <source>GPU: simulated (a model, not a device)</source>
        <translation>GPU: simulated (a model, not a device)</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="106" />
        <source>GPU: chosen at run time (simulated when none is usable)</source>
        <translation>GPU: chosen at run time (simulated when none is usable)</translation>
    </message>
</context>
<context>
    <name>StepMarks</name>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="34" />
        <source>epoch %1</source>
        <translation>epoch %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="35" />
        <source>w%1</source>
        <translation>w%1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="58" />
        <source>epoch %1 begins</source>
        <translation>epoch %1 begins</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="60" />
        <source>worker %1 restarts (a new process on its lane)</source>
        <translation>worker %1 restarts (a new process on its lane)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="60" />
        <source>worker %1 starts</source>
        <translation>worker %1 starts</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="61" />
        <source>the job's mark: %1</source>
        <translation>the job's mark: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="156" />
        <source>+%1 more labels (overlapping)</source>
        <translation>+%1 more labels (overlapping)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="177" />
        <source>and %1 more worker starts</source>
        <translation>and %1 more worker starts</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="186" />
        <source>epoch starts</source>
        <translation>epoch starts</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="186" />
        <source>worker starts</source>
        <translation>worker starts</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="186" />
        <source>the job's marks</source>
        <translation>the job's marks</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="283" />
        <source>Verdict: %1</source>
        <translation>Verdict: %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>Samples/s</source>
        <translation>Samples/s</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>First batch</source>
        <translation>First batch</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>Data stall</source>
        <translation>Data stall</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="137" />
        <source>GPU busy</source>
        <translation>GPU busy</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>The probe's own CPU</source>
        <translation>The probe's own CPU</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="137" />
        <source>Repeating slowdowns</source>
        <translation>Repeating slowdowns</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>Copy/compute overlap</source>
        <translation>Copy/compute overlap</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>H2D bandwidth</source>
        <translation>H2D bandwidth</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>Workers busy</source>
        <translation>Workers busy</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>Worker time</source>
        <translation>Worker time</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="139" />
        <source>Memory peak</source>
        <translation>Memory peak</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="139" />
        <source>Shared memory</source>
        <translation>Shared memory</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="143" />
        <source>Batch slots: the shared-memory segment's slots not free (each at its capacity). /dev/shm: the file system the segment lives on; a small one (Docker's 64 MB) ends runs with a bus error. Pinned: page-locked host memory for the copies.</source>
        <translation>Batch slots: the shared-memory segment's slots not free (each at its capacity). /dev/shm: the file system the segment lives on; a small one (Docker's 64 MB) ends runs with a bus error. Pinned: page-locked host memory for the copies.</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="146" />
        <source>Mean over the workers, each a share of the loop's time: on a CPU core, ready but waiting for a core, off the CPU in the dataset (I/O), and waiting for an index</source>
        <translation>Mean over the workers, each a share of the loop's time: on a CPU core, ready but waiting for a core, off the CPU in the dataset (I/O), and waiting for an index</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="148" />
        <source>Model this job</source>
        <translation>Model this job</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="149" />
        <source>Fit the engine to what was observed (per-sample I/O and CPU time, batch size, the loader's knobs) and run it: the sweep and Prove it can then try knobs on the model in seconds</source>
        <translation>Fit the engine to what was observed (per-sample I/O and CPU time, batch size, the loader's knobs) and run it: the sweep and Prove it can then try knobs on the model in seconds</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="151" />
        <source>Prove it: measure the advice</source>
        <translation>Prove it: measure the advice</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="223" />
        <source>The job failed: %1</source>
        <translation>The job failed: %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="245" />
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="248" />
        <source>Summary</source>
        <translation>Summary</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="248" />
        <source>Summary (partial: the run did not finish)</source>
        <translation>Summary (partial: the run did not finish)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="249" />
        <source>Summary (partial: events were lost)</source>
        <translation>Summary (partial: events were lost)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="251" />
        <source>Summary (live)</source>
        <translation>Summary (live)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="253" />
        <source>Summary (final, slowed ×%1)</source>
        <translation>Summary (final, slowed ×%1)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="254" />
        <source>Summary (live, slowed ×%1)</source>
        <translation>Summary (live, slowed ×%1)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="256" />
        <source>Of the previous run: the configuration has changed since. Run it (F5) to see its own figures.</source>
        <translation>Of the previous run: the configuration has changed since. Run it (F5) to see its own figures.</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="296" />
        <source>(a first guess: the model of your job is checking it)</source>
        <translation>(a first guess: the model of your job is checking it)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="302" />
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="250" />
        <source>Summary (final)</source>
        <translation>Summary (final)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="152" />
        <source>Runs a short sweep around each advised knob (the current value, the advised one, one beyond), three runs each, and reports the median samples/s and the spread before you change anything; Apply is offered for a change that is faster beyond the spread</source>
        <translation>Runs a short sweep around each advised knob (the current value, the advised one, one beyond), three runs each, and reports the median samples/s and the spread before you change anything; Apply is offered for a change that is faster beyond the spread</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="309" />
        <source>What to change:</source>
        <translation>What to change:</translation>
    </message>
</context>
<context>
    <name>SummaryText</name>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="103" />
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="101" />
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="105" />
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="106" />
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="111" />
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="117" />
        <source>PyTorch profiler trace</source>
        <translation>PyTorch profiler trace</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="119" />
        <source>your PyTorch job</source>
        <translation>your PyTorch job</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="120" />
        <source>your PyTorch job (torch %1)</source>
        <translation>your PyTorch job (torch %1)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="122" />
        <source>simulated GPU (a model, not a device)</source>
        <translation>simulated GPU (a model, not a device)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="124" />
        <source>CUDA device</source>
        <translation>CUDA device</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="139" />
        <source>%1 (from incomplete data: %2 events were lost)</source>
        <translation>%1 (from incomplete data: %2 events were lost)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="169" />
        <source>CPU %1, waiting for a core %2, I/O %3, idle %4</source>
        <translation>CPU %1, waiting for a core %2, I/O %3, idle %4</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="282" />
        <source>main %1 RSS, %2 USS</source>
        <translation>main %1 RSS, %2 USS</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="294" />
        <source>; workers up to %1 RSS (their USS was not read)</source>
        <translation>; workers up to %1 RSS (their USS was not read)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="296" />
        <source>; workers up to %1 USS (%2 of %3 read)</source>
        <translation>; workers up to %1 USS (%2 of %3 read)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="298" />
        <source>; workers up to %1 USS</source>
        <translation>; workers up to %1 USS</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="311" />
        <source>slots up to %1 in use (segment %2)</source>
        <translation>slots up to %1 in use (segment %2)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="312" />
        <source>slots up to %1 in use</source>
        <translation>slots up to %1 in use</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="314" />
        <source>this run's /dev/shm up to %1</source>
        <translation>this run's /dev/shm up to %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="316" />
        <source>/dev/shm %1, %2 free at least</source>
        <translation>/dev/shm %1, %2 free at least</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="318" />
        <source>pinned %1</source>
        <translation>pinned %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="324" />
        <source>RSS: the process's pages in memory, shared ones counted in full.
PSS: each shared page divided among the processes that map it (the PSS of all processes add up).
USS: memory only this process holds, freed when it ends: what a worker really costs.</source>
        <translation>RSS: the process's pages in memory, shared ones counted in full.
PSS: each shared page divided among the processes that map it (the PSS of all processes add up).
USS: memory only this process holds, freed when it ends: what a worker really costs.</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="336" />
        <source>%1 of the job's (%2 µs per sample)</source>
        <translation>%1 of the job's (%2 µs per sample)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="338" />
        <source>%1: more than %2, the figures show a job slowed by the watching</source>
        <translation>%1: more than %2, the figures show a job slowed by the watching</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="345" />
        <source>The probe's own CPU: %1</source>
        <translation>The probe's own CPU: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="352" />
        <source>in the step</source>
        <translation>in the step</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="352" />
        <source>in the wait for data</source>
        <translation>in the wait for data</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="354" />
        <source>at each epoch's start, %1 more %2 (%3 times, %4 in all)</source>
        <translation>at each epoch's start, %1 more %2 (%3 times, %4 in all)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="357" />
        <source>every %1 steps from step %2, %3 more %4 (%5 times, %6 in all)</source>
        <translation>every %1 steps from step %2, %3 more %4 (%5 times, %6 in all)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="369" />
        <source>Source: %1</source>
        <translation>Source: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="375" />
        <source>Samples/s: %1</source>
        <translation>Samples/s: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="377" />
        <source>First batch: %1</source>
        <translation>First batch: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="379" />
        <source>Data stall: %1</source>
        <translation>Data stall: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="381" />
        <source>Repeating slowdowns: %1</source>
        <translation>Repeating slowdowns: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="383" />
        <source>GPU busy: %1</source>
        <translation>GPU busy: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="385" />
        <source>Copy/compute overlap: %1</source>
        <translation>Copy/compute overlap: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="387" />
        <source>H2D bandwidth: %1</source>
        <translation>H2D bandwidth: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="389" />
        <source>Workers busy: %1</source>
        <translation>Workers busy: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="390" />
        <source>Worker time: %1</source>
        <translation>Worker time: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="393" />
        <source>Memory peak: %1</source>
        <translation>Memory peak: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="394" />
        <source>Shared memory: %1</source>
        <translation>Shared memory: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="408" />
        <source>Partial: %1 of at least %2 batches seen (%3 events lost); the figures cover what was seen</source>
        <translation>Partial: %1 of at least %2 batches seen (%3 events lost); the figures cover what was seen</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="414" />
        <source>%1 (over the part that ran)</source>
        <translation>%1 (over the part that ran)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="419" />
        <source>Verdict over the part that ran: %1</source>
        <translation>Verdict over the part that ran: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="432" />
        <source>Verdict: %1</source>
        <translation>Verdict: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="445" />
        <source>What to change:</source>
        <translation>What to change:</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="452" />
        <location filename="../gui/common/model/summarytext.cpp" line="454" />
        <source>Warning: %1</source>
        <translation>Warning: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="30" />
        <source>running the configuration…</source>
        <translation>running the configuration…</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="32" />
        <source>the configuration ran: %1 samples/s</source>
        <translation>the configuration ran: %1 samples/s</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="44" />
        <source>%1: failed (%2)</source>
        <translation>%1: failed (%2)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="46" />
        <source>%1: no result</source>
        <translation>%1: no result</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="47" />
        <source>%1: %2 samples/s</source>
        <translation>%1: %2 samples/s</translation>
    </message>
    <message>
        <location filename="../gui/common/model/spreadtext.cpp" line="28" />
        <source>%1 (%2–%3)</source>
        <comment>median samples/s (slowest–fastest run)</comment>
        <translation>%1 (%2–%3)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/spreadtext.cpp" line="34" />
        <source>%1 ± %2</source>
        <comment>samples/s ± percent</comment>
        <translation>%1 ± %2</translation>
    </message>
</context>
<context>
    <name>SweepDialog</name>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="53" />
        <source>Parameter sweep</source>
        <translation>Parameter sweep</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="84" />
        <source>values, separated by commas</source>
        <translation>values, separated by commas</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="89" />
        <source>Vary</source>
        <translation>Vary</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="91" />
        <source>and</source>
        <translation>and</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="104" />
        <source>Batches per run</source>
        <translation>Batches per run</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="108" />
        <source>Each combination is run this many times. The table shows the median and the spread; the best is applied only when it is faster beyond the spread.</source>
        <translation>Each combination is run this many times. The table shows the median and the spread; the best is applied only when it is faster beyond the spread.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="110" />
        <source>Runs per combination</source>
        <translation>Runs per combination</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="117" />
        <source>Run the sweep</source>
        <translation>Run the sweep</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="118" />
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="119" />
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="120" />
        <source>Export JSON…</source>
        <translation>Export JSON…</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="121" />
        <source>Apply best to the configuration</source>
        <translation>Apply best to the configuration</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="144" />
        <source>The best combination is now in the configuration.</source>
        <translation>The best combination is now in the configuration.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="162" />
        <location filename="../gui/runs/sweepdialog.cpp" line="165" />
        <source>Export the sweep</source>
        <translation>Export the sweep</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="167" />
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="168" />
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="152" />
        <source>Ran %1 of %2: %3</source>
        <translation>Ran %1 of %2: %3</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="212" />
        <source>Running…</source>
        <translation>Running…</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="230" />
        <source>The sweep was refused: check the knob values.</source>
        <translation>The sweep was refused: check the knob values.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="230" />
        <source>The sweep ended without results.</source>
        <translation>The sweep ended without results.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="235" />
        <source>Sweep complete.</source>
        <translation>Sweep complete.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="235" />
        <source>Sweep cancelled: the runs so far are shown.</source>
        <translation>Sweep cancelled: the runs so far are shown.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="237" />
        <source>The best %1 is at the edge of the values tried: the peak may lie beyond them; extend the range.</source>
        <translation>The best %1 is at the edge of the values tried: the peak may lie beyond them; extend the range.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="264" />
        <source>The best, %1 samples/s, is faster beyond the spread of the runs: confirmed.</source>
        <translation>The best, %1 samples/s, is faster beyond the spread of the runs: confirmed.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="267" />
        <source>The configuration's own values are the best (%1 samples/s): nothing to change.</source>
        <translation>The configuration's own values are the best (%1 samples/s): nothing to change.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="269" />
        <source>The best, %1 samples/s, was measured once: not confirmed (run each combination at least twice).</source>
        <translation>The best, %1 samples/s, was measured once: not confirmed (run each combination at least twice).</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="275" />
        <source>The best, %1 samples/s, is within the spread of another combination: not confirmed.</source>
        <translation>The best, %1 samples/s, is within the spread of another combination: not confirmed.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="276" />
        <source>The best, %1 samples/s, is within the spread of the configuration's own values (%2): not confirmed.</source>
        <translation>The best, %1 samples/s, is within the spread of the configuration's own values (%2): not confirmed.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="305" />
        <location filename="../gui/runs/sweepdialog.cpp" line="351" />
        <source>samples/s</source>
        <translation>samples/s</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>data stall</source>
        <translation>data stall</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>GPU busy</source>
        <translation>GPU busy</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>verdict</source>
        <translation>verdict</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="354" />
        <source>slowest and fastest run</source>
        <translation>slowest and fastest run</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="315" />
        <location filename="../gui/runs/sweepdialog.cpp" line="358" />
        <source>data stall (%)</source>
        <translation>data stall (%)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="287" />
        <source>Samples/s and data stall per combination (★ best)</source>
        <translation>Samples/s and data stall per combination (★ best)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>samples/s (median)</source>
        <translation>samples/s (median)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>spread (slowest–fastest)</source>
        <translation>spread (slowest–fastest)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="356" />
        <source>fastest run</source>
        <translation>fastest run</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="377" />
        <source>%1–%2 (%3 runs)</source>
        <translation>%1–%2 (%3 runs)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="424" />
        <source>The sweep was not written: %1</source>
        <translation>The sweep was not written: %1</translation>
    </message>
</context>
<context>
    <name>TimelineFind</name>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="120" />
        <source>there is no worker %1</source>
        <translation>there is no worker %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="125" />
        <source>worker %1 made no batch in the part of the run held in detail</source>
        <translation>worker %1 made no batch in the part of the run held in detail</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="130" />
        <source>sample %1 was not fetched in the part of the run held in detail</source>
        <translation>sample %1 was not fetched in the part of the run held in detail</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="135" />
        <source>batch %1 is not in the part of the run held in detail</source>
        <translation>batch %1 is not in the part of the run held in detail</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="155" />
        <source>batch %1 (epoch %2)</source>
        <translation>batch %1 (epoch %2)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="156" />
        <source>no batch</source>
        <translation>no batch</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="157" />
        <source>%1 · %2 of %3</source>
        <translation>%1 · %2 of %3</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="171" />
        <source>Batch %1, epoch %2</source>
        <translation>Batch %1, epoch %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="172" />
        <source>from %1 to %2 (%3)</source>
        <translation>from %1 to %2 (%3)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="190" />
        <source>%1 ×%2: %3</source>
        <translation>%1 ×%2: %3</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="191" />
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="137" />
        <source>type a batch (17, batch 17, epoch 1 batch 4), a sample (sample 123) or a worker (worker 2)</source>
        <translation>type a batch (17, batch 17, epoch 1 batch 4), a sample (sample 123) or a worker (worker 2)</translation>
    </message>
</context>
<context>
    <name>TimelineLayout</name>
    <message>
        <location filename="../gui/timeline/draw/timelinelayout.cpp" line="40" />
        <source>+%1 more (F1)</source>
        <translation>+%1 more (F1)</translation>
    </message>
</context>
<context>
    <name>TimelineRenderer</name>
    <message>
        <location filename="../gui/timeline/draw/timelinelayout.cpp" line="53" />
        <location filename="../gui/timeline/draw/timelinerenderer.cpp" line="129" />
        <source>Legend</source>
        <translation>Legend</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinerenderer.cpp" line="231" />
        <source>events lost: batches not seen</source>
        <translation>events lost: batches not seen</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="23" />
        <source>fetch sample</source>
        <translation>fetch sample</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="24" />
        <source>collate</source>
        <translation>collate</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="26" />
        <source>idle (waiting for an index)</source>
        <translation>idle (waiting for an index)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="22" />
        <source>worker start-up</source>
        <translation>worker start-up</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="27" />
        <source>waiting for data</source>
        <translation>waiting for data</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="29" />
        <source>training step (issue)</source>
        <translation>training step (issue)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="30" />
        <source>starting workers</source>
        <translation>starting workers</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="31" />
        <source>shutting down workers</source>
        <translation>shutting down workers</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="36" />
        <source>pin copy</source>
        <translation>pin copy</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="37" />
        <source>host-to-device copy</source>
        <translation>host-to-device copy</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="38" />
        <source>step kernel</source>
        <translation>step kernel</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="41" />
        <source>waiting while later batches are ready</source>
        <translation>waiting while later batches are ready</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="48" />
        <source>waiting for a core</source>
        <translation>waiting for a core</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="55" />
        <source>Python stack taken</source>
        <translation>Python stack taken</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="57" />
        <source>the job's mark</source>
        <translation>the job's mark</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="54" />
        <location filename="../gui/timeline/model/lanekinds.cpp" line="65" />
        <source>host waits for the GPU</source>
        <translation>host waits for the GPU</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="55" />
        <source>host blocked: pageable copy</source>
        <translation>host blocked: pageable copy</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="56" />
        <source>host blocked: synchronous copy</source>
        <translation>host blocked: synchronous copy</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="39" />
        <source>host blocked</source>
        <translation>host blocked</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="140" />
        <source>event</source>
        <translation>event</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="18" />
        <source>main process (training loop)</source>
        <translation>main process (training loop)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="23" />
        <source>pin-memory thread</source>
        <translation>pin-memory thread</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="72" />
        <source>worker %1 · pid %2</source>
        <translation>worker %1 · pid %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="72" />
        <source>worker %1</source>
        <translation>worker %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="29" />
        <source>GPU copy (simulated)</source>
        <translation>GPU copy (simulated)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="28" />
        <source>GPU copy stream</source>
        <translation>GPU copy stream</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="32" />
        <source>GPU compute (simulated)</source>
        <translation>GPU compute (simulated)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="31" />
        <source>GPU compute stream</source>
        <translation>GPU compute stream</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="62" />
        <source>training step</source>
        <translation>training step</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="64" />
        <source>host blocked by a copy</source>
        <translation>host blocked by a copy</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="69" />
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="70" />
        <source>start-up</source>
        <translation>start-up</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="72" />
        <source>copy from pinned memory</source>
        <translation>copy from pinned memory</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="73" />
        <source>copy from pageable memory</source>
        <translation>copy from pageable memory</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="20" />
        <source>worker started</source>
        <translation>worker started</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="35" />
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="42" />
        <source>worker stalled</source>
        <translation>worker stalled</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="369" />
        <source>at %1</source>
        <translation>at %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="376" />
        <source>Show Python stacks of the job's threads</source>
        <translation>Show Python stacks of the job's threads</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="379" />
        <source>Only a live watched PyTorch job has Python stacks to take</source>
        <translation>Only a live watched PyTorch job has Python stacks to take</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="382" />
        <source>Read this stack</source>
        <translation>Read this stack</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="407" />
        <source>%1 spans folded here</source>
        <translation>%1 spans folded here</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="410" />
        <location filename="../gui/timeline/timelineview.cpp" line="418" />
        <source>batch %1, epoch %2</source>
        <translation>batch %1, epoch %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="411" />
        <source>over %1: zoom in (W, or the wheel) to see them</source>
        <translation>over %1: zoom in (W, or the wheel) to see them</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="420" />
        <source>sample %1</source>
        <translation>sample %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="421" />
        <source>%1 samples</source>
        <translation>%1 samples</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="424" />
        <source>made by worker %1</source>
        <translation>made by worker %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="424" />
        <source>made in the main process</source>
        <translation>made in the main process</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="427" />
        <source>%1 KiB from %2 memory</source>
        <translation>%1 KiB from %2 memory</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="427" />
        <source>pinned</source>
        <translation>pinned</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="427" />
        <source>pageable</source>
        <translation>pageable</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="429" />
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="430" />
        <source>%1 later batches ready</source>
        <translation>%1 later batches ready</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="433" />
        <source>duration %1</source>
        <translation>duration %1</translation>
    </message>
</context>
<context>
    <name>UserFiles</name>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="36" />
        <source>cannot read %1: %2</source>
        <translation>cannot read %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="38" />
        <source>%1 is a directory or a block device, not a file</source>
        <translation>%1 is a directory or a block device, not a file</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="42" />
        <source>%1 is a FIFO that no process writes to</source>
        <translation>%1 is a FIFO that no process writes to</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="44" />
        <source>%1 gave nothing for 10 s: the program writing to it is stuck</source>
        <translation>%1 gave nothing for 10 s: the program writing to it is stuck</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="71" />
        <source>%1 is larger than %2 bytes: it is not a configuration</source>
        <translation>%1 is larger than %2 bytes: it is not a configuration</translation>
    </message>
</context>
<context>
    <name>WatchScriptDialog</name>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="50" />
        <source>Watch a Python script</source>
        <translation>Watch a Python script</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="52" />
        <source>Runs your training script as python3 would, with every torch.utils.data.DataLoader it makes recorded live: its real worker processes, each sample, the pin-memory thread. The script itself is not changed. It ends with the app (Stop ends it cleanly).</source>
        <translation>Runs your training script as python3 would, with every torch.utils.data.DataLoader it makes recorded live: its real worker processes, each sample, the pin-memory thread. The script itself is not changed. It ends with the app (Stop ends it cleanly).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="62" />
        <source>as on the command line, e.g. --epochs 2 --batch-size 64</source>
        <translation>as on the command line, e.g. --epochs 2 --batch-size 64</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="64" />
        <source>the script's folder</source>
        <translation>the script's folder</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="66" />
        <source>Script</source>
        <translation>Script</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="67" />
        <source>Training script</source>
        <translation>Training script</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="68" />
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python scripts (*.py);;All files (*)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="72" />
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="73" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="74" />
        <source>Working directory</source>
        <translation>Working directory</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="78" />
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="81" />
        <source>Watch</source>
        <translation>Watch</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="111" />
        <source>Choose the script to run.</source>
        <translation>Choose the script to run.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="113" />
        <source>Cannot read %1.</source>
        <translation>Cannot read %1.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="115" />
        <source>The working directory %1 does not exist.</source>
        <translation>The working directory %1 does not exist.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="117" />
        <source>%1 is not an executable Python interpreter.</source>
        <translation>%1 is not an executable Python interpreter.</translation>
    </message>
</context>
<context>
    <name>WorkerStatsModel</name>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="60" />
        <source>num_workers 0: the main process fetches every batch itself</source>
        <translation>num_workers 0: the main process fetches every batch itself</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="63" />
        <source>peaks: RSS %1, PSS %2, USS %3</source>
        <translation>peaks: RSS %1, PSS %2, USS %3</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="67" />
        <source>USS grew %1 with the samples read (copy-on-read)</source>
        <translation>USS grew %1 with the samples read (copy-on-read)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="71" />
        <source>batches made: %1</source>
        <translation>batches made: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="75" />
        <source>main</source>
        <translation>main</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="98" />
        <source>fetching samples and collating the batch, as a share of the loop's time</source>
        <translation>fetching samples and collating the batch, as a share of the loop's time</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="99" />
        <source>of which on a CPU core (the worker's CPU time)</source>
        <translation>of which on a CPU core (the worker's CPU time)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="100" />
        <source>of which ready to run but waiting for a core (more workers than free cores)</source>
        <translation>of which ready to run but waiting for a core (more workers than free cores)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="101" />
        <source>of which off the CPU inside the dataset: reading files, network, sleeps</source>
        <translation>of which off the CPU inside the dataset: reading files, network, sleeps</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="102" />
        <source>waiting for an index: the loop has not asked for more, or the prefetch window is full</source>
        <translation>waiting for an index: the loop has not asked for more, or the prefetch window is full</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="110" />
        <source>worker</source>
        <translation>worker</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="111" />
        <source>pid</source>
        <translation>pid</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="112" />
        <source>batches</source>
        <translation>batches</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="113" />
        <source>samples</source>
        <translation>samples</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="114" />
        <source>busy</source>
        <translation>busy</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="115" />
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="116" />
        <source>core wait</source>
        <translation>core wait</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="117" />
        <source>I/O</source>
        <translation>I/O</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="118" />
        <source>idle</source>
        <translation>idle</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="119" />
        <source>peak USS</source>
        <translation>peak USS</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../gui/app/main.cpp" line="79" />
        <source>The model of the job was not swept (--no-model-sweep): the advice above is the closed formula's first guess.</source>
        <translation>The model of the job was not swept (--no-model-sweep): the advice above is the closed formula's first guess.</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="87" />
        <source>checking num_workers and prefetch_factor on the model of the job: %1 of %2 runs</source>
        <translation>checking num_workers and prefetch_factor on the model of the job: %1 of %2 runs</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="92" />
        <source>The model of the job could not be swept (%1): the advice above is the closed formula's first guess.</source>
        <translation>The model of the job could not be swept (%1): the advice above is the closed formula's first guess.</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="110" />
        <source>none of the recordings could be read</source>
        <translation>none of the recordings could be read</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="130" />
        <source>Recording %1</source>
        <translation>Recording %1</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="132" />
        <source>Rank %1 of %2 recordings · %3</source>
        <translation>Rank %1 of %2 recordings · %3</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="134" />
        <source>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</source>
        <translation>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="137" />
        <source>No rank's loader holds the others back.</source>
        <translation>No rank's loader holds the others back.</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="142" />
        <source>rank %1 · data stall %2 · %3 samples/s</source>
        <translation>rank %1 · data stall %2 · %3 samples/s</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="163" />
        <source>--export draws a run, a lesson or recordings, not a profiler trace: open %1 in the window (File &gt; Open PyTorch profiler trace(s)) and export it from there</source>
        <translation>--export draws a run, a lesson or recordings, not a profiler trace: open %1 in the window (File &gt; Open PyTorch profiler trace(s)) and export it from there</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="182" />
        <source>--lesson takes a number from 1 to %1</source>
        <translation>--lesson takes a number from 1 to %1</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="190" />
        <location filename="../gui/app/main.cpp" line="468" />
        <source>unknown preset %1; the presets are: %2</source>
        <translation>unknown preset %1; the presets are: %2</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="203" />
        <source>--size takes WIDTHxHEIGHT, for example 1600x900</source>
        <translation>--size takes WIDTHxHEIGHT, for example 1600x900</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="207" />
        <source>--scale takes a number from 0.1 to 8</source>
        <translation>--scale takes a number from 0.1 to 8</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="215" />
        <source>--slow-samples takes a number from 1 to %1 (a run keeps its %1 slowest samples)</source>
        <translation>--slow-samples takes a number from 1 to %1 (a run keeps its %1 slowest samples)</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="229" />
        <source>the engine did not start</source>
        <translation>the engine did not start</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="319" />
        <source>unknown --%1 value "%2"; the values are: %3</source>
        <translation>unknown --%1 value "%2"; the values are: %3</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="369" />
        <source>there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): this looks like a server or an ssh session without X forwarding. To see the window, connect with "ssh -X" and start it again; to get a picture of a run without a display, use --export FILE.png (or .svg, .pdf), for example: loaderscope --export run.png</source>
        <translation>there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): this looks like a server or an ssh session without X forwarding. To see the window, connect with "ssh -X" and start it again; to get a picture of a run without a display, use --export FILE.png (or .svg, .pdf), for example: loaderscope --export run.png</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="403" />
        <source>cannot read %1</source>
        <translation>cannot read %1</translation>
    </message>
</context>
</TS>