<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ConfigField</name>
    <message>
        <location filename="../gui/core/configfields.cpp" line="50"/>
        <source>Dataset style</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="51"/>
        <source>map: __getitem__ + __len__, indexed by the sampler; iterable: __iter__, each worker iterates its own copy; files: a folder of real files, read and checksummed per sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="56"/>
        <source>map-style (synthetic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="57"/>
        <source>iterable-style (synthetic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="58"/>
        <source>files in a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="62"/>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="63"/>
        <source>len(dataset): how many samples an epoch has</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="67"/>
        <source>Bytes per sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="68"/>
        <source>size of one sample in the batch: what the workers write and the GPU copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="71"/>
        <source>I/O latency per sample (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="72"/>
        <source>time each sample waits for storage or network, like reading a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="92"/>
        <source>Latency distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="93"/>
        <source>constant: every sample waits the same; lognormal: most are quick, a few are slow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="96"/>
        <source>constant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="96"/>
        <source>lognormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="118"/>
        <source>Lognormal sigma</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="119"/>
        <source>spread of the lognormal latency: 0.5 gives a long tail of slow samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="136"/>
        <source>CPU work per sample (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="137"/>
        <source>real computation per sample (decoding, augmentation): it uses a core, unlike I/O latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="140"/>
        <source>Shard by worker id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="141"/>
        <source>iterable only: worker k yields samples k, k+N, ... Without it every worker yields the whole stream and each sample arrives N times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="147"/>
        <source>Folder of samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="148"/>
        <source>files dataset: every regular file in this folder is one sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="159"/>
        <source>Slow sample index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="160"/>
        <source>one sample that takes 250 ms: shows head-of-line blocking with in-order delivery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="162"/>
        <location filename="../gui/core/configfields.cpp" line="362"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="181"/>
        <source>batch_size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="182"/>
        <source>samples per batch; None turns automatic batching off (one sample per item)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="184"/>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="195"/>
        <source>shuffle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="196"/>
        <source>a new random order every epoch (RandomSampler); map-style only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="199"/>
        <source>drop_last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="200"/>
        <source>drop the last incomplete batch (with an iterable dataset: each worker&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="202"/>
        <source>sampler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="203"/>
        <source>DistributedSampler: this rank&apos;s share of the dataset, padded so every rank gets the same count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="206"/>
        <source>default (sequential or random)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="207"/>
        <source>DistributedSampler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="222"/>
        <source>num_replicas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="223"/>
        <source>number of ranks (processes) sharing the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="224"/>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="225"/>
        <source>which rank this loader is, from 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="226"/>
        <source>sampler seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="227"/>
        <source>every rank shuffles with seed + epoch, so ranks agree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="228"/>
        <source>sampler epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="229"/>
        <source>set_epoch() value of the first epoch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="235"/>
        <source>sampler shuffle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="236"/>
        <source>DistributedSampler shuffles by default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="241"/>
        <source>sampler drop_last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="242"/>
        <source>cut the dataset to a multiple of num_replicas instead of padding it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="246"/>
        <source>num_workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="247"/>
        <source>worker processes that load batches in parallel; 0 loads in the main process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="250"/>
        <source>prefetch_factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="251"/>
        <source>batches loaded in advance by each worker: prefetch_factor x num_workers are in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="257"/>
        <source>persistent_workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="258"/>
        <source>keep the worker processes between epochs instead of starting new ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="263"/>
        <source>pin_memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="264"/>
        <source>True: a pin-memory thread copies each batch into page-locked memory, so the copy to the GPU can be asynchronous. &quot;shared&quot; (beyond PyTorch): the workers&apos; batch slots themselves are page-locked, no pin copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="268"/>
        <source>False (pageable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="268"/>
        <source>True (pin thread)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="269"/>
        <source>&quot;shared&quot; (pinned slots)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="282"/>
        <source>in_order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="283"/>
        <source>deliver batches in sampler order (one slow batch holds back the others); False delivers whatever is ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="289"/>
        <source>timeout (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="290"/>
        <source>seconds to wait for a batch from the workers before raising; 0 waits forever</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="297"/>
        <source>multiprocessing_context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="298"/>
        <source>fork: workers are copies of the main process (fast start); spawn: each worker starts a fresh process and re-reads the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="301"/>
        <source>fork</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="301"/>
        <source>spawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="306"/>
        <source>worker start-up cost (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="307"/>
        <source>work each worker does before its first batch (worker_init_fn, opening files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="313"/>
        <source>Epochs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="314"/>
        <source>passes over the dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="316"/>
        <source>Batches per epoch (limit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="317"/>
        <source>stop each epoch early after this many batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="318"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="325"/>
        <source>Training step (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="326"/>
        <source>GPU time of one training step (the step kernel) per batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="327"/>
        <source>non_blocking copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="328"/>
        <source>.to(device, non_blocking=True): from pinned memory the host does not wait for the copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="329"/>
        <source>Separate copy stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="330"/>
        <source>copies on their own CUDA stream (a prefetcher), so they can overlap the previous step on the GPU; off: one stream, as in a plain loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="333"/>
        <source>On a worker exception</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="334"/>
        <source>stop: the exception ends the run; continue: the loop catches it and keeps calling next()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="337"/>
        <source>stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="337"/>
        <source>continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="340"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="341"/>
        <source>torch.manual_seed: the same seed gives the same shuffle and worker seeds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="344"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="345"/>
        <source>auto: a real CUDA device when one is usable, otherwise the simulated GPU (a model, labelled as such)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="348"/>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="348"/>
        <source>CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="349"/>
        <source>simulated GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="352"/>
        <source>Pinned copy bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="353"/>
        <source>simulated GPU: host-to-device bandwidth from page-locked memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="354"/>
        <source>Pageable copy bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="355"/>
        <source>simulated GPU: bandwidth when the driver must stage pageable memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="358"/>
        <source>Inject a fault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="359"/>
        <source>make one worker crash, hang, raise an exception or exit at a given batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="362"/>
        <source>crash (segfault)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="363"/>
        <source>hang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="363"/>
        <source>raise an exception</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="364"/>
        <source>exit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="388"/>
        <source>Fault: worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="389"/>
        <source>the worker that fails (-1: the main process, with num_workers 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="390"/>
        <source>Fault: at its batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="391"/>
        <source>the failing worker&apos;s own batch number in the epoch, from 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="434"/>
        <source>Dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="435"/>
        <source>DataLoader</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="436"/>
        <source>Training loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="437"/>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/configfields.cpp" line="438"/>
        <source>Fault injection</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigPanel</name>
    <message>
        <location filename="../gui/widgets/configpanel.cpp" line="207"/>
        <source>Not runnable: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EngineLauncher</name>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="63"/>
        <source>Cannot write the run&apos;s configuration to a temporary folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="133"/>
        <source>The engine crashed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="136"/>
        <source>The configuration was rejected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="136"/>
        <location filename="../gui/core/enginelauncher.cpp" line="144"/>
        <source>no details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="139"/>
        <source>The loader timed out: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="141"/>
        <source>A worker died: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="143"/>
        <source>A worker raised an exception: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="144"/>
        <source>The loader failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="146"/>
        <location filename="../gui/core/enginelauncher.cpp" line="170"/>
        <source>The run was stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="148"/>
        <source>The engine exited with status %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/enginelauncher.cpp" line="180"/>
        <source>Cannot start the engine (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EventFile</name>
    <message>
        <location filename="../gui/core/eventfile.cpp" line="21"/>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/eventfile.cpp" line="24"/>
        <source>%1 is not a Loaderscope events file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/eventfile.cpp" line="28"/>
        <source>%1 is truncated or from another version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/eventfile.cpp" line="31"/>
        <source>cannot read %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../gui/widgets/exporter.cpp" line="72"/>
        <source>the picture must be at least 200x150</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/exporter.cpp" line="76"/>
        <source>the picture is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/exporter.cpp" line="82"/>
        <location filename="../gui/widgets/exporter.cpp" line="93"/>
        <location filename="../gui/widgets/exporter.cpp" line="105"/>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/exporter.cpp" line="113"/>
        <source>unknown picture format &apos;%1&apos;: use .png, .svg or .pdf</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="68"/>
        <source>Run finished: %1 batches, %2 samples/s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="155"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="368"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="374"/>
        <source>Open configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="155"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="162"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="162"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="386"/>
        <source>Save configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="168"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="402"/>
        <source>Export picture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="169"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="177"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="180"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="186"/>
        <source>Export Chrome trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="177"/>
        <source>Run a configuration first: the trace is written at the end of a run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="181"/>
        <source>Chrome trace (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="186"/>
        <source>Cannot write %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="188"/>
        <source>Trace written to %1 (open it in ui.perfetto.dev).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="224"/>
        <source>About Loaderscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="225"/>
        <source>&lt;p&gt;&lt;b&gt;Loaderscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;A real PyTorch-style DataLoader worker pool and its live timeline: worker processes, shared-memory batch slots, the pin-memory thread and host-to-device copies.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="269"/>
        <source>Loaderscope — DataLoader timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="270"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="287"/>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="271"/>
        <source>Start the engine with this configuration (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="272"/>
        <source>&amp;Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="273"/>
        <source>Stop the run: workers are shut down in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="274"/>
        <source>&amp;Open configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="275"/>
        <source>&amp;Save configuration…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="276"/>
        <source>Export &amp;picture…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="277"/>
        <source>PNG, SVG or PDF of the timeline, the queue depth and the summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="278"/>
        <source>Export Chrome &amp;trace…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="279"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="280"/>
        <source>Zoom to &amp;fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="281"/>
        <source>&amp;Follow live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="282"/>
        <source>Keep the present in view; zooming or panning turns it off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="283"/>
        <source>&amp;Docs theme (light)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="284"/>
        <source>&amp;Large fonts (projector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="285"/>
        <source>&amp;About Loaderscope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="286"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="288"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="289"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="290"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="291"/>
        <source>Main toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="292"/>
        <source> Preset: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="293"/>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="294"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="297"/>
        <source>(choose a preset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="317"/>
        <source>num_workers=0: everything in the main process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="318"/>
        <source>num_workers=4: four worker processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="319"/>
        <source>pin_memory=True: pinned, asynchronous copies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="320"/>
        <source>pin_memory=False: pageable copies block the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="321"/>
        <source>iterable dataset without sharding (duplicates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="322"/>
        <source>iterable dataset sharded by worker id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="323"/>
        <source>workers started with fork</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="324"/>
        <source>workers started with spawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="325"/>
        <source>one slow sample, in_order=True (head-of-line blocking)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="326"/>
        <source>one slow sample, in_order=False</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="343"/>
        <source>%1 dataset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="344"/>
        <source>num_workers=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="346"/>
        <source>batch_size=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="348"/>
        <source>pin_memory=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="351"/>
        <source>simulated GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="353"/>
        <source>CUDA GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="368"/>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="375"/>
        <source>%1 is not a JSON configuration: %2 at byte %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="386"/>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="402"/>
        <source>The picture was not written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="405"/>
        <source>Picture written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="437"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="459"/>
        <source>GPU: simulated (a model, not a device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="437"/>
        <location filename="../gui/widgets/mainwindow.cpp" line="457"/>
        <source>GPU: CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="440"/>
        <source>Running… (the view missed %1 events; the complete record loads at the end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="451"/>
        <source>Running… engine pid %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="453"/>
        <source>The configuration is not runnable: see the message above the form.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="455"/>
        <source>Ready: press Run (F5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/mainwindow.cpp" line="458"/>
        <source>GPU: chosen at run time (simulated when none is usable)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Metrics</name>
    <message>
        <location filename="../gui/core/livemetrics.cpp" line="19"/>
        <source>not input-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/livemetrics.cpp" line="21"/>
        <source>moderately input-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/livemetrics.cpp" line="23"/>
        <source>highly input-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/livemetrics.cpp" line="25"/>
        <source>no batches delivered</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QChartView</name>
    <message>
        <location filename="../gui/widgets/queuechartview.cpp" line="48"/>
        <source>ready batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/queuechartview.cpp" line="49"/>
        <source>outstanding tasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/queuechartview.cpp" line="50"/>
        <source>pinned buffers in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/queuechartview.cpp" line="146"/>
        <source>time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/queuechartview.cpp" line="146"/>
        <source>time (ms)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../gui/main.cpp" line="75"/>
        <location filename="../gui/widgets/summarypanel.cpp" line="116"/>
        <location filename="../gui/widgets/summarypanel.cpp" line="163"/>
        <source>Verdict: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="69"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="69"/>
        <source>Samples/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="69"/>
        <source>First batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="69"/>
        <source>Data stall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="70"/>
        <source>GPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="70"/>
        <source>Copy/compute overlap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="70"/>
        <source>H2D bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="70"/>
        <source>Workers busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="90"/>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="106"/>
        <source>Summary (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="108"/>
        <location filename="../gui/widgets/summarypanel.cpp" line="145"/>
        <source>simulated GPU (a model, not a device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="108"/>
        <location filename="../gui/widgets/summarypanel.cpp" line="125"/>
        <location filename="../gui/widgets/summarypanel.cpp" line="146"/>
        <source>CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="124"/>
        <source>GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="124"/>
        <source>simulated (a model, not a device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="126"/>
        <source>Samples/s: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="128"/>
        <source>First batch: %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="129"/>
        <source>Data stall: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="130"/>
        <source>GPU busy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="132"/>
        <source>Copy/compute overlap: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="134"/>
        <source>H2D bandwidth: %1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="143"/>
        <source>Summary (final)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="151"/>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="157"/>
        <source>%1 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/summarypanel.cpp" line="167"/>
        <source>What to change:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineRenderer</name>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="122"/>
        <source>main process (training loop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="123"/>
        <source>pin-memory thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="129"/>
        <source>worker %1 · pid %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="129"/>
        <source>worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="131"/>
        <source>GPU copy (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="131"/>
        <source>GPU copy stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="133"/>
        <source>GPU compute (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="133"/>
        <source>GPU compute stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="160"/>
        <source>fetch sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="161"/>
        <source>collate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="162"/>
        <source>idle (waiting for an index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="163"/>
        <source>worker start-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="164"/>
        <source>waiting for data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="165"/>
        <source>training step (issue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="166"/>
        <source>starting workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="167"/>
        <source>shutting down workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="168"/>
        <source>pin copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="169"/>
        <source>host-to-device copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="170"/>
        <source>step kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="173"/>
        <source>host waits for the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="174"/>
        <source>host blocked: pageable copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="175"/>
        <source>host blocked: synchronous copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="176"/>
        <source>host blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="178"/>
        <source>event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="203"/>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="205"/>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="207"/>
        <source> µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/timelinerenderer.cpp" line="208"/>
        <source> ns</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="189"/>
        <source>%1 spans folded here: zoom in to see them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="195"/>
        <source>batch %1, epoch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="198"/>
        <source>sample %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="199"/>
        <source>%1 samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="202"/>
        <source>made by worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="202"/>
        <source>made in the main process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="205"/>
        <source>%1 KiB from %2 memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="205"/>
        <source>pinned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="205"/>
        <source>pageable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="207"/>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/widgets/timelineview.cpp" line="210"/>
        <source>duration %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkerStatsModel</name>
    <message>
        <location filename="../gui/core/workerstatsmodel.cpp" line="80"/>
        <source>worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/workerstatsmodel.cpp" line="81"/>
        <source>pid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/workerstatsmodel.cpp" line="82"/>
        <source>batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/workerstatsmodel.cpp" line="83"/>
        <source>samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/core/workerstatsmodel.cpp" line="84"/>
        <source>busy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../gui/main.cpp" line="35"/>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/main.cpp" line="40"/>
        <source>unknown preset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/main.cpp" line="52"/>
        <source>--size takes WIDTHxHEIGHT, for example 1600x900</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/main.cpp" line="56"/>
        <source>--scale takes a number from 0.1 to 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../gui/main.cpp" line="67"/>
        <source>the engine did not start</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
