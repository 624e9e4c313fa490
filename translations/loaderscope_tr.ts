<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>AdviceProver</name>
    <message>
        <location filename="../gui/advice/model/adviceprover.cpp" line="54" />
        <source>Stopped.</source>
        <translation>Durduruldu.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/adviceprover.cpp" line="55" />
        <source>The measurement failed: %1</source>
        <translation>Ölçüm başarısız oldu: %1</translation>
    </message>
</context>
<context>
    <name>AnalysisWindows</name>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="37" />
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="85" />
        <source>Open PyTorch profiler traces</source>
        <translation>PyTorch profiler izlerini aç</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="90" />
        <source>Reading the profiler traces…</source>
        <translation>Profiler izleri okunuyor…</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="103" />
        <source>rank %1 · %2 · data stall %3</source>
        <translation>rank %1 · %2 · veri beklemesi %3</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="113" />
        <source>Ranks of one job</source>
        <translation>Bir işin rank'leri</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="115" />
        <source>Straggler: %1</source>
        <translation>Geride kalan: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="116" />
        <source>No rank's loader holds the others back.</source>
        <translation>Hiçbir rank'in loader'ı diğerlerini geride tutmuyor.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="128" />
        <location filename="../gui/runs/analysiswindows.cpp" line="181" />
        <location filename="../gui/runs/analysiswindows.cpp" line="188" />
        <location filename="../gui/runs/analysiswindows.cpp" line="197" />
        <source>Compare runs</source>
        <translation>Çalıştırmaları karşılaştır</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="128" />
        <source>Run at least two configurations first: finished runs are kept here.</source>
        <translation>Önce en az iki yapılandırma çalıştırın: biten çalıştırmalar burada saklanır.</translation>
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
        <translation>İki çalıştırma batch batch (her biri kendi zaman ekseninde), rakamları yan yana.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="192" />
        <source>Two runs on one time axis (from each run's start), their figures side by side.</source>
        <translation>İki çalıştırma tek bir zaman ekseninde (her biri kendi başlangıcından), değerleri yan yana.</translation>
    </message>
    <message>
        <location filename="../gui/runs/analysiswindows.cpp" line="199" />
        <source>Reading the runs…</source>
        <translation>Çalıştırmalar okunuyor…</translation>
    </message>
</context>
<context>
    <name>AttachDialog</name>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="132" />
        <source>Attach to a running job</source>
        <translation>Çalışan bir işe bağlan</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="134" />
        <source>Jobs of yours that are running now under the probe (python3 -m loaderscope run, or loaderscope.watch() in the script). Choose one to follow it live; choose the ranks of one job to see them stacked, the slowest named. Watching never slows or stops the job.</source>
        <translation>Şu anda prob altında çalışan işleriniz (python3 -m loaderscope run ya da betikte loaderscope.watch()). Canlı izlemek için birini seçin; bir işin rank'lerini üst üste görmek için hepsini seçin, en yavaşı adıyla gösterilir. İzlemek işi asla yavaşlatmaz ya da durdurmaz.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="151" />
        <source>On another machine (over SSH; the job needs `python3 -m loaderscope run`, or LOADERSCOPE_WATCH=1, there):</source>
        <translation>Başka bir makinede (SSH üzerinden; iş orada `python3 -m loaderscope run` ile ya da LOADERSCOPE_WATCH=1 ile çalışmalı):</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="159" />
        <source>user@host, an alias from ~/.ssh/config, or node1,node2</source>
        <translation>kullanıcı@makine, ~/.ssh/config'ten bir takma ad ya da node1,node2</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="160" />
        <source>List jobs</source>
        <translation>İşleri listele</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="164" />
        <source>Host</source>
        <translation>Makine</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="166" />
        <source>The command that runs the Python with Loaderscope's probe on the host (default python3).</source>
        <translation>Makinede Loaderscope probe'u olan Python'u çalıştıran komut (varsayılan python3).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="167" />
        <source>Remote Python</source>
        <translation>Uzak Python</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="168" />
        <source>Compress the stream (zstd): for slow links</source>
        <translation>Akışı sıkıştır (zstd): yavaş bağlantılar için</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="204" />
        <source>Attach</source>
        <translation>Bağlan</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="240" />
        <source>Asking %1 for its jobs…</source>
        <translation>%1 makinesine işleri soruluyor…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>script</source>
        <translation>betik</translation>
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
        <translation>başlangıç</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <source>host</source>
        <translation>makine</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="253" />
        <source>state</source>
        <translation>durum</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="267" />
        <source>No job is running under the probe there.</source>
        <translation>Orada probe altında çalışan bir iş yok.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="268" />
        <source>Jobs running there: %1. Choose one, or the ranks of one job.</source>
        <translation>Orada çalışan iş sayısı: %1. Birini ya da bir işin rank'lerini seçin.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="298" />
        <source>Probe on %1: an older build that does not say its version; this app is %2. If attaching fails, install this app's wheel there.</source>
        <translation>%1 üzerindeki prob: sürümünü söylemeyen eski bir yapı; bu uygulama %2. Bağlanma başarısız olursa bu uygulamanın wheel paketini oraya kurun.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="300" />
        <source>Probe on %1: %2, the same version as this app.</source>
        <translation>%1 üzerindeki prob: %2, bu uygulamayla aynı sürüm.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="302" />
        <source>Probe on %1: %2; this app is %3. A stream in a format this app does not read is refused with both versions named: then install this app's wheel there.</source>
        <translation>%1 üzerindeki prob: %2; bu uygulama %3. Bu uygulamanın okumadığı biçimdeki bir akış, iki sürüm de belirtilerek reddedilir: o zaman bu uygulamanın wheel paketini oraya kurun.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="339" />
        <source>Choose a job first: one here, or list the jobs on a host.</source>
        <translation>Önce bir iş seçin: burada bir tane, ya da bir makinedeki işleri listeleyin.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="348" />
        <source>workers</source>
        <translation>worker'lar</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="261" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="363" />
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>ClassQuiz</name>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="136" />
        <source>Lesson %1: %2</source>
        <translation>Ders %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="137" />
        <source>Question %1 of %2 (imported)</source>
        <translation>Soru %1 / %2 (içe aktarılan)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="138" />
        <source>Question %1 of %2</source>
        <translation>Soru %1 / %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="162" />
        <source>Reveal the answer</source>
        <translation>Cevabı göster</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="162" />
        <source>Show the explanation</source>
        <translation>Açıklamayı göster</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="162" />
        <source>Next question</source>
        <translation>Sonraki soru</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="168" />
        <source>Class quiz</source>
        <translation>Sınıf quizi</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="169" />
        <source>Back</source>
        <translation>Geri</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="170" />
        <source>Show me</source>
        <translation>Göster</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="171" />
        <source>Run this lesson's experiment and the one it is contrasted with</source>
        <translation>Bu dersin deneyini ve karşılaştırıldığı deneyi çalıştır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/classquiz.cpp" line="172" />
        <source>Close (Esc)</source>
        <translation>Kapat (Esc)</translation>
    </message>
</context>
<context>
    <name>CompareChooser</name>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="19" />
        <source>Compare runs</source>
        <translation>Çalıştırmaları karşılaştır</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="21" />
        <source>Tick two runs to compare (the two newest are ticked):</source>
        <translation>Karşılaştırmak için iki çalıştırma işaretleyin (en yeni ikisi işaretli):</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="35" />
        <source>Runs of different lengths</source>
        <translation>Farklı uzunluktaki çalıştırmalar</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="37" />
        <source>Align at their start, on one time axis</source>
        <translation>Başlangıçlarında hizala, tek bir zaman ekseninde</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="38" />
        <source>Per batch: each run scaled so that a batch is as wide in both</source>
        <translation>Batch başına: her çalıştırma, bir batch ikisinde de aynı genişlikte olacak şekilde ölçeklenir</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="44" />
        <source>Compare</source>
        <translation>Karşılaştır</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="57" />
        <source>engine run</source>
        <translation>motor çalıştırması</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="58" />
        <source>watched job</source>
        <translation>izlenen iş</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="59" />
        <source>recording</source>
        <translation>kayıt</translation>
    </message>
    <message>
        <location filename="../gui/runs/comparechooser.cpp" line="60" />
        <source>%1, %2 batches</source>
        <translation>%1, %2 batch</translation>
    </message>
</context>
<context>
    <name>ConfigDescription</name>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="25" />
        <source>configuration not valid</source>
        <translation>yapılandırma geçerli değil</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configdescription.cpp" line="35" />
        <source>%1 dataset</source>
        <translation>%1 veri kümesi</translation>
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
        <translation>simüle GPU</translation>
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
        <translation>Veri kümesi türü</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="229" />
        <source>map: __getitem__ + __len__, indexed by the sampler; iterable: __iter__, each worker iterates its own copy; files: a folder of real files, read and checksummed per sample</source>
        <translation>map: __getitem__ + __len__, sampler tarafından indekslenir; iterable: __iter__, her worker kendi kopyasını dolaşır; files: gerçek dosyalardan oluşan bir klasör, her örnek okunur ve sağlama toplamı alınır</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="232" />
        <source>map-style (synthetic)</source>
        <translation>map-style (sentetik)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="233" />
        <source>iterable-style (synthetic)</source>
        <translation>iterable-style (sentetik)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="234" />
        <source>files in a folder</source>
        <translation>bir klasördeki dosyalar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="236" />
        <source>Samples</source>
        <translation>Örnek sayısı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="237" />
        <source>len(dataset): how many samples an epoch has</source>
        <translation>len(dataset): bir epoch'ta kaç örnek olduğu</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="241" />
        <source>Bytes per sample</source>
        <translation>Örnek başına bayt</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="242" />
        <source>size of one sample in the batch: what the workers write and the GPU copies</source>
        <translation>batch içindeki bir örneğin boyutu: worker'ların yazdığı ve GPU'nun kopyaladığı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="142" />
        <source>I/O latency per sample (µs)</source>
        <translation>Örnek başına G/Ç gecikmesi (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="143" />
        <source>time each sample waits for storage or network, like reading a file</source>
        <translation>her örneğin depolama ya da ağ için beklediği süre, bir dosya okumak gibi</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="161" />
        <source>Latency distribution</source>
        <translation>Gecikme dağılımı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="162" />
        <source>constant: every sample waits the same; lognormal: most are quick, a few are slow</source>
        <translation>sabit: her örnek aynı süre bekler; lognormal: çoğu hızlı, birkaçı yavaş</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="163" />
        <source>constant</source>
        <translation>sabit</translation>
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
        <translation>lognormal gecikmenin yayılımı: 0,5 uzun bir yavaş örnek kuyruğu verir</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="244" />
        <source>CPU work per sample (µs)</source>
        <translation>Örnek başına CPU işi (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="245" />
        <source>real computation per sample (decoding, augmentation): it uses a core, unlike I/O latency</source>
        <translation>örnek başına gerçek hesaplama (kod çözme, veri artırma): G/Ç gecikmesinin aksine bir çekirdek kullanır</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="247" />
        <source>Shard by worker id</source>
        <translation>Worker id'ye göre böl</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="248" />
        <source>iterable only: worker k yields samples k, k+N, ... Without it every worker yields the whole stream and each sample arrives N times</source>
        <translation>yalnızca iterable: worker k, k, k+N, ... örneklerini üretir. Bu olmadan her worker akışın tamamını üretir ve her örnek N kez gelir</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="253" />
        <source>Folder of samples</source>
        <translation>Örnek klasörü</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="254" />
        <source>files dataset: every regular file in this folder is one sample</source>
        <translation>files veri kümesi: bu klasördeki her normal dosya bir örnektir</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="204" />
        <source>Slow sample index</source>
        <translation>Yavaş örnek indeksi</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="205" />
        <source>one sample that takes 250 ms: shows head-of-line blocking with in-order delivery</source>
        <translation>250 ms süren tek bir örnek: sıralı teslimde sıra başı tıkanmasını gösterir</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="207" />
        <location filename="../gui/config/model/configfields.cpp" line="408" />
        <source>none</source>
        <translation>yok</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="358" />
        <source>batch_size</source>
        <translation>batch_size</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="359" />
        <source>samples per batch; None turns automatic batching off (one sample per item)</source>
        <translation>batch başına örnek; None otomatik batch oluşturmayı kapatır (öğe başına bir örnek)</translation>
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
        <translation>her epoch yeni bir rastgele sıra (RandomSampler); yalnızca map-style</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="365" />
        <source>drop_last</source>
        <translation>drop_last</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="366" />
        <source>drop the last incomplete batch (with an iterable dataset: each worker's)</source>
        <translation>son eksik batch'i at (iterable veri kümesinde: her worker'ınkini)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="275" />
        <source>sampler</source>
        <translation>sampler</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="276" />
        <source>DistributedSampler: this rank's share of the dataset, padded so every rank gets the same count</source>
        <translation>DistributedSampler: bu rank'in veri kümesindeki payı; her rank aynı sayıyı alsın diye doldurulur</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="278" />
        <source>default (sequential or random)</source>
        <translation>varsayılan (sıralı ya da rastgele)</translation>
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
        <translation>veri kümesini paylaşan rank (süreç) sayısı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="297" />
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="298" />
        <source>which rank this loader is, from 0</source>
        <translation>bu loader'ın hangi rank olduğu, 0'dan başlar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="299" />
        <source>sampler seed</source>
        <translation>sampler tohumu</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="300" />
        <source>every rank shuffles with seed + epoch, so ranks agree</source>
        <translation>her rank seed + epoch ile karıştırır, böylece rank'ler aynı sırada anlaşır</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="301" />
        <source>sampler epoch</source>
        <translation>sampler epoch'u</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="302" />
        <source>set_epoch() value of the first epoch</source>
        <translation>ilk epoch'un set_epoch() değeri</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="303" />
        <source>sampler shuffle</source>
        <translation>sampler shuffle</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="304" />
        <source>DistributedSampler shuffles by default</source>
        <translation>DistributedSampler varsayılan olarak karıştırır</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="305" />
        <source>sampler drop_last</source>
        <translation>sampler drop_last</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="306" />
        <source>cut the dataset to a multiple of num_replicas instead of padding it</source>
        <translation>veri kümesini doldurmak yerine num_replicas'ın katına kes</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="316" />
        <source>num_workers</source>
        <translation>num_workers</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="317" />
        <source>worker processes that load batches in parallel; 0 loads in the main process</source>
        <translation>batch'leri paralel yükleyen worker süreçleri; 0 ana süreçte yükler</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="322" />
        <source>prefetch_factor</source>
        <translation>prefetch_factor</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="323" />
        <source>batches loaded in advance by each worker: prefetch_factor x num_workers are in flight</source>
        <translation>her worker'ın önceden yüklediği batch'ler: prefetch_factor x num_workers batch yolda olur</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="324" />
        <source>persistent_workers</source>
        <translation>persistent_workers</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="325" />
        <source>keep the worker processes between epochs instead of starting new ones</source>
        <translation>epoch'lar arasında yenilerini başlatmak yerine worker süreçlerini koru</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="327" />
        <source>pin_memory</source>
        <translation>pin_memory</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="328" />
        <source>True: a pin-memory thread copies each batch into page-locked memory, so the copy to the GPU can be asynchronous. "shared" (beyond PyTorch): the workers' batch slots themselves are page-locked, no pin copy</source>
        <translation>True: bir pin-memory iş parçacığı her batch'i sayfa-kilitli belleğe kopyalar, böylece GPU'ya kopya asenkron olabilir. "shared" (PyTorch'un ötesinde): worker'ların batch yuvalarının kendisi sayfa-kilitlidir, pin kopyası olmaz</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="330" />
        <source>False (pageable)</source>
        <translation>False (sayfalanabilir)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="330" />
        <source>True (pin thread)</source>
        <translation>True (pin iş parçacığı)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="331" />
        <source>"shared" (pinned slots)</source>
        <translation>"shared" (sayfa-kilitli yuvalar)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="344" />
        <source>in_order</source>
        <translation>in_order</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="345" />
        <source>deliver batches in sampler order (one slow batch holds back the others); False delivers whatever is ready</source>
        <translation>batch'leri sampler sırasıyla teslim et (yavaş bir batch diğerlerini tutar); False hazır olanı teslim eder</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="346" />
        <source>timeout (s)</source>
        <translation>timeout (s)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="347" />
        <source>seconds to wait for a batch from the workers before raising; 0 waits forever</source>
        <translation>hata vermeden önce worker'lardan bir batch için beklenecek saniye; 0 sonsuza kadar bekler</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="348" />
        <source>multiprocessing_context</source>
        <translation>multiprocessing_context</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="349" />
        <source>fork: workers are copies of the main process (fast start); spawn: each worker starts a fresh process and re-reads the dataset</source>
        <translation>fork: worker'lar ana sürecin kopyalarıdır (hızlı başlangıç); spawn: her worker yeni bir süreç başlatır ve veri kümesini yeniden okur</translation>
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
        <translation>worker başlangıç maliyeti (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="352" />
        <source>work each worker does before its first batch (worker_init_fn, opening files)</source>
        <translation>her worker'ın ilk batch'inden önce yaptığı iş (worker_init_fn, dosya açma)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="373" />
        <source>Epochs</source>
        <translation>Epoch sayısı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="374" />
        <source>passes over the dataset</source>
        <translation>veri kümesi üzerinden geçiş sayısı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="376" />
        <source>Batches per epoch (limit)</source>
        <translation>Epoch başına batch (sınır)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="377" />
        <source>stop each epoch early after this many batches</source>
        <translation>her epoch'u bu kadar batch'ten sonra erken bitir</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="378" />
        <source>all</source>
        <translation>hepsi</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="381" />
        <source>Training step (µs)</source>
        <translation>Eğitim adımı (µs)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="382" />
        <source>GPU time of one training step (the step kernel) per batch</source>
        <translation>batch başına bir eğitim adımının GPU süresi (adım kernel'i)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="383" />
        <source>non_blocking copies</source>
        <translation>non_blocking kopyalar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="384" />
        <source>.to(device, non_blocking=True): from pinned memory the host does not wait for the copy</source>
        <translation>.to(device, non_blocking=True): sayfa-kilitli bellekten kopyalarken host kopyayı beklemez</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="385" />
        <source>Separate copy stream</source>
        <translation>Ayrı kopya stream'i</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="386" />
        <source>copies on their own CUDA stream (a prefetcher), so they can overlap the previous step on the GPU; off: one stream, as in a plain loop</source>
        <translation>kopyalar kendi CUDA stream'inde (bir prefetcher), böylece GPU'da önceki adımla örtüşebilir; kapalı: sade bir döngüdeki gibi tek stream</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="387" />
        <source>On a worker exception</source>
        <translation>Worker istisnasında</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="388" />
        <source>stop: the exception ends the run; continue: the loop catches it and keeps calling next()</source>
        <translation>stop: istisna çalıştırmayı bitirir; continue: döngü onu yakalar ve next() çağırmaya devam eder</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="389" />
        <source>stop</source>
        <translation>dur</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="389" />
        <source>continue</source>
        <translation>devam et</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="390" />
        <source>Seed</source>
        <translation>Tohum (seed)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="391" />
        <source>torch.manual_seed: the same seed gives the same shuffle and worker seeds</source>
        <translation>torch.manual_seed: aynı tohum aynı karıştırmayı ve worker tohumlarını verir</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="392" />
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="393" />
        <source>auto: a real CUDA device when one is usable, otherwise the simulated GPU (a model, labelled as such)</source>
        <translation>auto: kullanılabilir bir CUDA cihazı varsa o, yoksa simüle GPU (bir model, öyle etiketlenir)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="394" />
        <source>auto</source>
        <translation>otomatik</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="394" />
        <source>CUDA device</source>
        <translation>CUDA cihazı</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="395" />
        <source>simulated GPU</source>
        <translation>simüle GPU</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="396" />
        <source>Pinned copy bandwidth (GB/s)</source>
        <translation>Sabitlenmiş kopya bant genişliği (GB/s)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="397" />
        <source>simulated GPU: host-to-device bandwidth from page-locked memory</source>
        <translation>simüle GPU: sayfa-kilitli bellekten cihaza bant genişliği</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="398" />
        <source>Pageable copy bandwidth (GB/s)</source>
        <translation>Sayfalanabilir kopya bant genişliği (GB/s)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="399" />
        <source>simulated GPU: bandwidth when the driver must stage pageable memory</source>
        <translation>simüle GPU: sürücünün sayfalanabilir belleği ara tampondan geçirmesi gerektiğindeki bant genişliği</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="406" />
        <source>Inject a fault</source>
        <translation>Hata enjekte et</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="407" />
        <source>make one worker crash, hang, raise an exception or exit at a given batch</source>
        <translation>bir worker'ın belirli bir batch'te çökmesini, takılmasını, istisna fırlatmasını ya da çıkmasını sağla</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="408" />
        <source>crash (segfault)</source>
        <translation>çökme (segfault)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="409" />
        <source>hang</source>
        <translation>takılma</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="409" />
        <source>raise an exception</source>
        <translation>istisna fırlatma</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="410" />
        <source>exit</source>
        <translation>çıkış</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="436" />
        <source>Fault: worker</source>
        <translation>Hata: worker</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="437" />
        <source>the worker that fails (-1: the main process, with num_workers 0)</source>
        <translation>hata veren worker (-1: ana süreç, num_workers 0 ile)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="438" />
        <source>Fault: at its batch</source>
        <translation>Hata: batch'inde</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="439" />
        <source>the failing worker's own batch number in the epoch, from 0</source>
        <translation>hata veren worker'ın epoch içindeki kendi batch numarası, 0'dan başlar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="492" />
        <source>Dataset</source>
        <translation>Veri kümesi</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="493" />
        <source>DataLoader</source>
        <translation>DataLoader</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="494" />
        <source>Training loop</source>
        <translation>Eğitim döngüsü</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="495" />
        <source>Device</source>
        <translation>Cihaz</translation>
    </message>
    <message>
        <location filename="../gui/config/model/configfields.cpp" line="496" />
        <source>Fault injection</source>
        <translation>Hata enjeksiyonu</translation>
    </message>
</context>
<context>
    <name>ConfigPanel</name>
    <message>
        <location filename="../gui/config/configpanel.cpp" line="250" />
        <source>Not runnable: %1</source>
        <translation>Çalıştırılamaz: %1</translation>
    </message>
</context>
<context>
    <name>CounterSeries</name>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="52" />
        <source>count</source>
        <translation>adet</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="54" />
        <source>ready batches</source>
        <translation>hazır batch'ler</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="54" />
        <source>outstanding tasks</source>
        <translation>bekleyen görevler</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="54" />
        <source>pinned buffers in use</source>
        <translation>kullanımdaki sayfa-kilitli tamponlar</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="176" />
        <source>main process</source>
        <translation>ana süreç</translation>
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
        <translation>ana</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="208" />
        <source>%1 (RSS)</source>
        <translation>%1 (RSS)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="218" />
        <source>slots</source>
        <translation>slotlar</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="226" />
        <source>/dev/shm (this run)</source>
        <translation>/dev/shm (bu çalıştırma)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="232" />
        <source>pinned</source>
        <translation>sayfa-kilitli</translation>
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
        <translation>kullanımdaki batch slotları: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="269" />
        <source>/dev/shm, every user: %1 used of %2</source>
        <translation>/dev/shm, tüm kullanıcılar: %2 içinde %1 kullanılıyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="272" />
        <source>/dev/shm, this run: %1; files: %2</source>
        <translation>/dev/shm, bu çalıştırma: %1; dosya: %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/counterseries.cpp" line="275" />
        <source>pinned host memory: %1</source>
        <translation>sayfa-kilitli (pinned) host belleği: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="38" />
        <source>ms per step</source>
        <translation>ms / adım</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="41" />
        <source>waiting for data</source>
        <translation>veri bekleniyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="41" />
        <source>+ hand-over of the batch</source>
        <translation>+ batch'in ana sürece teslimi</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="41" />
        <source>+ host blocked by a copy</source>
        <translation>+ kopya host'u durduruyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/stepseries.cpp" line="42" />
        <source>+ the step: the whole iteration</source>
        <translation>+ adım: yinelemenin tamamı</translation>
    </message>
</context>
<context>
    <name>DetailsPanel</name>
    <message>
        <location filename="../gui/app/detailspanel.cpp" line="29" />
        <source>Click a span on the timeline to see it here (its batch is highlighted in every lane); drag across the timeline to measure a time range; Esc clears.</source>
        <translation>Burada görmek için zaman çizelgesinde bir aralığa tıklayın (batch'i her şeritte vurgulanır); bir zaman aralığını ölçmek için çizelge boyunca sürükleyin; Esc temizler.</translation>
    </message>
</context>
<context>
    <name>DockLayout</name>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="174" />
        <location filename="../gui/app/docklayout.cpp" line="176" />
        <source>Configuration</source>
        <translation>Yapılandırma</translation>
    </message>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="175" />
        <source>Lessons</source>
        <translation>Dersler</translation>
    </message>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="177" />
        <source>Summary</source>
        <translation>Özet</translation>
    </message>
    <message>
        <location filename="../gui/app/docklayout.cpp" line="178" />
        <source>Details</source>
        <translation>Ayrıntılar</translation>
    </message>
</context>
<context>
    <name>EngineCommand</name>
    <message>
        <location filename="../gui/runs/model/enginecommand.cpp" line="46" />
        <source>Cannot make a temporary folder: %1</source>
        <translation>Geçici klasör oluşturulamıyor: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginecommand.cpp" line="56" />
        <source>Cannot write %1 to a temporary folder.</source>
        <translation>%1 geçici bir klasöre yazılamıyor.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginecommand.cpp" line="113" />
        <source>Cannot start %1: %2</source>
        <translation>%1 başlatılamıyor: %2</translation>
    </message>
</context>
<context>
    <name>EngineLauncher</name>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="72" />
        <source>Cannot make a temporary folder for the run: %1</source>
        <translation>Çalıştırma için geçici klasör oluşturulamıyor: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="77" />
        <source>Cannot write the run's configuration to a temporary folder.</source>
        <translation>Çalıştırmanın yapılandırması geçici bir klasöre yazılamıyor.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="180" />
        <source>The engine crashed.</source>
        <translation>Motor çöktü.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="183" />
        <source>The configuration was rejected: %1</source>
        <translation>Yapılandırma reddedildi: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="183" />
        <location filename="../gui/runs/model/enginelauncher.cpp" line="191" />
        <source>no details</source>
        <translation>ayrıntı yok</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="186" />
        <source>The loader timed out: %1</source>
        <translation>Loader zaman aşımına uğradı: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="188" />
        <source>A worker died: %1</source>
        <translation>Bir worker öldü: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="190" />
        <source>A worker raised an exception: %1</source>
        <translation>Bir worker istisna fırlattı: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="191" />
        <source>The loader failed: %1</source>
        <translation>Loader başarısız oldu: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="193" />
        <location filename="../gui/runs/model/enginelauncher.cpp" line="262" />
        <source>The run was stopped.</source>
        <translation>Çalıştırma durduruldu.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="195" />
        <source>The engine exited with status %1.</source>
        <translation>Motor %1 durumuyla çıktı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="217" />
        <source>The script was ended by a signal.</source>
        <translation>Betik bir sinyalle sonlandırıldı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="221" />
        <source>The script exited with status %1.</source>
        <translation>Betik %1 durum koduyla çıktı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="262" />
        <source>The job was stopped.</source>
        <translation>İş durduruldu.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="282" />
        <source>Cannot start Python (%1): %2</source>
        <translation>Python başlatılamıyor (%1): %2</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/enginelauncher.cpp" line="283" />
        <source>Cannot start the engine (%1): %2</source>
        <translation>Motor başlatılamıyor (%1): %2</translation>
    </message>
</context>
<context>
    <name>EventFile</name>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="95" />
        <location filename="../gui/sources/model/eventfile.cpp" line="119" />
        <location filename="../gui/sources/model/openedrecording.cpp" line="61" />
        <source>cancelled</source>
        <translation>iptal edildi</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="13" />
        <source>%1 is truncated: reading stopped at byte %2 of %3, after %4 events</source>
        <translation>%1 kesik: okuma %3 baytın %2. baytında, %4 olaydan sonra durdu</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="19" />
        <source>(the header counts %1)</source>
        <translation>(başlık %1 olay sayıyor)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="28" />
        <source>%1 is damaged (%2), after %3 events</source>
        <translation>%1 hasarlı (%2), %3 olaydan sonra</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="31" />
        <source>%1 is damaged: reading stopped at byte %2, after %3 events</source>
        <translation>%1 hasarlı: okuma %2. baytta, %3 olaydan sonra durdu</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/eventfile.cpp" line="140" />
        <location filename="../gui/sources/model/openedrecording.cpp" line="39" />
        <source>not enough memory to read %1</source>
        <translation>%1 okumak için yeterli bellek yok</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <location filename="../gui/app/exporter.cpp" line="129" />
        <source>the rest of the advice (%1 of its lines)</source>
        <translation>önerilerin geri kalanı (satırlarından %1 tanesi)</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="132" />
        <source>Left out at this size: %1. Export a larger picture to see them.</source>
        <translation>Bu boyutta dışarıda bırakılanlar: %1. Görmek için daha büyük bir resim dışa aktarın.</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="140" />
        <source>the queue chart</source>
        <translation>kuyruk grafiği</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="141" />
        <source>the memory chart</source>
        <translation>bellek grafiği</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="142" />
        <source>the step chart</source>
        <translation>adım grafiği</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="159" />
        <source>The slowest samples (%1)</source>
        <translation>En yavaş örnekler (%1)</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="301" />
        <location filename="../gui/app/exporter.cpp" line="339" />
        <source>the slowest samples beyond the first %1</source>
        <translation>ilk %1 örnekten sonraki en yavaş örnekler</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="340" />
        <source>the slowest samples' table</source>
        <translation>en yavaş örnekler tablosu</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="384" />
        <source>the picture must be at least 200x150</source>
        <translation>resim en az 200x150 olmalı</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="395" />
        <source>the picture is too large</source>
        <translation>resim çok büyük</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="401" />
        <location filename="../gui/app/exporter.cpp" line="414" />
        <location filename="../gui/app/exporter.cpp" line="427" />
        <location filename="../gui/app/exporter.cpp" line="436" />
        <source>cannot write %1</source>
        <translation>%1 yazılamıyor</translation>
    </message>
    <message>
        <location filename="../gui/app/exporter.cpp" line="386" />
        <source>unknown picture format '%1': use .png, .svg or .pdf</source>
        <translation>bilinmeyen resim biçimi '%1': .png, .svg ya da .pdf kullanın</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="44" />
        <location filename="../gui/app/fileactions.cpp" line="118" />
        <source>Open configuration</source>
        <translation>Yapılandırmayı aç</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="54" />
        <source>%1 is not a JSON configuration: %2 at byte %3</source>
        <translation>%1 bir JSON yapılandırması değil: %3. baytta %2</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="64" />
        <location filename="../gui/app/fileactions.cpp" line="125" />
        <source>Save configuration</source>
        <translation>Yapılandırmayı kaydet</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="64" />
        <source>The configuration was not saved: %1</source>
        <translation>Yapılandırma kaydedilmedi: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="83" />
        <location filename="../gui/app/fileactions.cpp" line="132" />
        <source>Export picture</source>
        <translation>Resim dışa aktar</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="83" />
        <source>The picture was not written: %1</source>
        <translation>Resim yazılmadı: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="86" />
        <source>Picture written to %1.</source>
        <translation>Resim %1 dosyasına yazıldı.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="93" />
        <source>Writing the Chrome trace…</source>
        <translation>Chrome izi yazılıyor…</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="110" />
        <location filename="../gui/app/fileactions.cpp" line="142" />
        <location filename="../gui/app/fileactions.cpp" line="145" />
        <source>Export Chrome trace</source>
        <translation>Chrome izini dışa aktar</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="110" />
        <source>The trace was not written: %1</source>
        <translation>İz yazılmadı: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="112" />
        <source>Trace written to %1 (open it in ui.perfetto.dev).</source>
        <translation>İz %1 dosyasına yazıldı (ui.perfetto.dev'de açın).</translation>
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
        <translation>PNG resmi (*.png);;SVG çizimi (*.svg);;PDF belgesi (*.pdf)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="142" />
        <source>Run a configuration first: the trace is made from a finished run's recording.</source>
        <translation>Önce bir yapılandırma çalıştırın: iz, biten bir çalıştırmanın kaydından oluşturulur.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="146" />
        <source>Chrome trace (*.json)</source>
        <translation>Chrome izi (*.json)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="153" />
        <source>Open PyTorch profiler traces</source>
        <translation>PyTorch profiler izlerini aç</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="154" />
        <source>Profiler traces (*.json *.json.gz *.gz);;All files (*)</source>
        <translation>Profiler izleri (*.json *.json.gz *.gz);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="181" />
        <source>Profiler trace %1: %2 steps.</source>
        <translation>Profiler izi %1: %2 adım.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="187" />
        <location filename="../gui/app/fileactions.cpp" line="212" />
        <location filename="../gui/app/fileactions.cpp" line="241" />
        <source>Open recordings</source>
        <translation>Kayıtları aç</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="188" />
        <source>Recordings (*.lsrec *.events);;All files (*)</source>
        <translation>Kayıtlar (*.lsrec *.events);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="212" />
        <source>Stop the run first: the timeline shows it.</source>
        <translation>Önce çalıştırmayı durdurun: zaman çizelgesi onu gösteriyor.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="227" />
        <source>Reading %1…</source>
        <translation>%1 okunuyor…</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="241" />
        <source>The recording was not opened: %1</source>
        <translation>Kayıt açılmadı: %1</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="268" />
        <source>Loaderscope trace %1: %2 events, read back as its run's recording.</source>
        <translation>Loaderscope izi %1: %2 olay, çalıştırmanın kaydı olarak geri okundu.</translation>
    </message>
    <message>
        <location filename="../gui/app/fileactions.cpp" line="270" />
        <source>Recording %1: %2 events.</source>
        <translation>Kayıt %1: %2 olay.</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="107" />
        <source>batch 17, sample 123, worker 2</source>
        <translation>batch 17, örnek 123, worker 2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="108" />
        <source>Find a batch, a sample or a worker on the timeline</source>
        <translation>Zaman çizelgesinde bir batch, örnek veya worker bul</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="109" />
        <source>Previous</source>
        <translation>Önceki</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="110" />
        <source>The previous match (Shift+F3, Shift+Enter)</source>
        <translation>Önceki eşleşme (Shift+F3, Shift+Enter)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="111" />
        <source>Next</source>
        <translation>Sonraki</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="112" />
        <source>The next match (F3, Enter)</source>
        <translation>Sonraki eşleşme (F3, Enter)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/findbar.cpp" line="114" />
        <source>Close the find bar (Esc)</source>
        <translation>Arama çubuğunu kapat (Esc)</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="47" />
        <source>duration (ms, log scale)</source>
        <translation>süre (ms, logaritmik ölçek)</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="49" />
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="135" />
        <source>all</source>
        <translation>hepsi</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="136" />
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/histogramchart.cpp" line="137" />
        <source>main process</source>
        <translation>ana süreç</translation>
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
        <translation>döngü · %1</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="27" />
        <source>CPU threads</source>
        <translation>CPU iş parçacıkları</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="31" />
        <source>GPU copies</source>
        <translation>GPU kopyaları</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/importedtrace.cpp" line="32" />
        <source>GPU kernels</source>
        <translation>GPU çekirdekleri</translation>
    </message>
</context>
<context>
    <name>JobConfigView</name>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="96" />
        <source>Model this job</source>
        <translation>Bu işi modelle</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="97" />
        <source>Fit the engine to what was observed and run it (once the job has ended)</source>
        <translation>Motoru gözlemlenene uydur ve çalıştır (iş sona erdikten sonra)</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="98" />
        <source>Edit the configuration</source>
        <translation>Yapılandırmayı düzenle</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="99" />
        <source>Back to the engine's configuration, which you can change and run</source>
        <translation>Değiştirip çalıştırabileceğiniz motor yapılandırmasına dön</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="105" />
        <source>Your job's DataLoader</source>
        <translation>İşinizin DataLoader'ı</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="105" />
        <source>Your job's DataLoader: %1</source>
        <translation>İşinizin DataLoader'ı: %1</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="108" />
        <source>This recording does not say what ran (an older Loaderscope made it, or its job was killed before it iterated a DataLoader): its figures are shown, with no configuration and no advice.</source>
        <translation>Bu kayıt neyin çalıştığını söylemiyor (onu eski bir Loaderscope yazmış ya da işi bir DataLoader'ı dolaşmadan önce öldürülmüş): rakamları gösteriliyor; yapılandırma ve öneri yok.</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="110" />
        <source>As the probe recorded it from the job (read-only: these arguments are set in the script).</source>
        <translation>Probe'un işten kaydettiği hâliyle (salt okunur: bu argümanlar betikte ayarlanır).</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="113" />
        <source>Waiting for the job to iterate a DataLoader…</source>
        <translation>İşin bir DataLoader üzerinde dolaşması bekleniyor…</translation>
    </message>
    <message>
        <location filename="../gui/config/jobconfigview.cpp" line="114" />
        <source>As the probe read it from the job (read-only: these arguments are set in the script).</source>
        <translation>Probe'un işten okuduğu haliyle (salt okunur: bu argümanlar betikte ayarlanır).</translation>
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
        <translation>Çalışan bir işe bağlan</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="114" />
        <source>Stop the current run first.</source>
        <translation>Önce mevcut çalıştırmayı durdurun.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="38" />
        <source>Connection lost</source>
        <translation>Bağlantı koptu</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="39" />
        <source>Reconnect</source>
        <translation>Yeniden bağlan</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="51" />
        <source>Sweeping the model of your job: %1 of %2 runs</source>
        <translation>İşinizin modeli taranıyor: %1 / %2 çalıştırma</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="68" />
        <source>The model's sweep was cancelled: the advice above is the first guess.</source>
        <translation>Modelin taraması iptal edildi: yukarıdaki öneri ilk tahmindir.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="159" />
        <source>%1 (pid %2)</source>
        <translation>%1 (pid %2)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="161" />
        <source>The job %1 ended before it could be attached to: nothing is being followed.</source>
        <translation>%1 işi, ona bağlanılamadan sona erdi: hiçbir şey izlenmiyor.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="163" />
        <source>Its recording is %1: open it to see the whole run.</source>
        <translation>Kaydı %1: tüm çalıştırmayı görmek için açın.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="164" />
        <source>It left no recording (run it with --events FILE to keep one).</source>
        <translation>Geride kayıt bırakmadı (bir kayıt tutmak için --events DOSYA ile çalıştırın).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="169" />
        <source>Open its recording</source>
        <translation>Kaydını aç</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="176" />
        <source>The job %1 had ended: still showing the previous run.</source>
        <translation>%1 işi sona ermişti: hâlâ önceki çalıştırma gösteriliyor.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="236" />
        <source>No job is running under the probe on %1.</source>
        <translation>%1 üzerinde probe altında çalışan bir iş yok.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="320" />
        <source>For %1 the model predicted %2 samples/s; this run measured %3 (%4): %5</source>
        <translation>%1 için model %2 örnek/s tahmin etti; bu çalıştırmada ölçülen %3 (%4): %5</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="322" />
        <source>within the prediction.</source>
        <translation>tahmin aralığında.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="322" />
        <source>outside the prediction.</source>
        <translation>tahmin aralığının dışında.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="341" />
        <source>Checking num_workers and prefetch_factor on the model of your job…</source>
        <translation>num_workers ve prefetch_factor işinizin modeli üzerinde denetleniyor…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobwatch.cpp" line="342" />
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
</context>
<context>
    <name>LessonEffect</name>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="34" />
        <source>samples/s</source>
        <translation>örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="35" />
        <source>data stall</source>
        <translation>veri beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="36" />
        <source>samples delivered</source>
        <translation>teslim edilen örnek</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="37" />
        <source>batches delivered</source>
        <translation>teslim edilen batch</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="38" />
        <source>worker start-up time</source>
        <translation>worker başlangıç süresi</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="39" />
        <source>batches ready and waiting (mean)</source>
        <translation>hazır bekleyen batch'ler (ortalama)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="41" />
        <source>a worker's USS growth (mean)</source>
        <translation>bir worker'ın USS artışı (ortalama)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="82" />
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="248" />
        <source>%1 points</source>
        <translation>%1 puan</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="223" />
        <source>%1: %2 at least %3 times %4</source>
        <translation>%1: %2, %4 değerinin en az %3 katı</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="225" />
        <source>%1: %2 at least %3 points above %4</source>
        <translation>%1: %2, %4 değerinden en az %3 puan yüksek</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="229" />
        <source>%1: %2 at least %3 more than %4</source>
        <translation>%1: %2, %4 değerinden en az %3 fazla</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="236" />
        <source>%1: median %2 (%3–%4), %5 runs</source>
        <translation>%1: medyan %2 (%3–%4), %5 çalıştırma</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="250" />
        <source>Seen: %1; the lesson needs at least %2.</source>
        <translation>Görüldü: %1; ders en az %2 gerektiriyor.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessoneffect.cpp" line="251" />
        <source>Not seen this time: %1; the lesson needs at least %2. Other work on this machine can hide an effect: press Show me again.</source>
        <translation>Bu sefer görülmedi: %1; ders en az %2 gerektiriyor. Bu makinedeki başka işler bir etkiyi gizleyebilir: Göster'e yeniden basın.</translation>
    </message>
</context>
<context>
    <name>LessonRunner</name>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="98" />
        <source>run %1 of %2 (%3) ended without its figures: %4</source>
        <translation>%1/%2 çalıştırma (%3) rakamları olmadan bitti: %4</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="148" />
        <source>The lesson: %1.</source>
        <translation>Ders: %1.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="154" />
        <source>Show me: run %1 of %2, %3…</source>
        <translation>Göster: %1/%2 çalıştırma, %3…</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="156" />
        <source>Show me cancelled: nothing was judged.</source>
        <translation>Göster iptal edildi: hiçbir şey değerlendirilmedi.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="158" />
        <source>Show me stopped: %1</source>
        <translation>Göster durdu: %1</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="163" />
        <source>Measured, alternately (median, lowest–highest):</source>
        <translation>Sırayla ölçüldü (medyan, en düşük–en yüksek):</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="176" />
        <source>slowed ×%1 (the slowed run's figures)</source>
        <translation>×%1 yavaşlatıldı (yavaşlatılmış çalıştırmanın rakamları)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonrunner.cpp" line="183" />
        <source>Slowed ×%1: these are the slowed runs' figures, as on the timeline.</source>
        <translation>×%1 yavaşlatıldı: bunlar, zaman çizelgesindeki gibi, yavaşlatılmış çalıştırmaların rakamlarıdır.</translation>
    </message>
</context>
<context>
    <name>Lessons</name>
    <message>
        <location filename="../gui/workshop/model/lessons.cpp" line="20" />
        <source>cannot read %1</source>
        <translation>%1 okunamıyor</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/lessons.cpp" line="145" />
        <source>Look: %1</source>
        <translation>Bakın: %1</translation>
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
        <translation>Deneyi çalıştır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="227" />
        <source>Check the answer</source>
        <translation>Cevabı kontrol et</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="326" />
        <source>Show me</source>
        <translation>Göster</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="228" />
        <source>Try again</source>
        <translation>Yeniden dene</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="229" />
        <source>Show the answer</source>
        <translation>Cevabı göster</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="230" />
        <source>Previous question</source>
        <translation>Önceki soru</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="231" />
        <source>Next question</source>
        <translation>Sonraki soru</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="278" />
        <source>Lesson %1 of %2</source>
        <translation>Ders %1 / %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="288" />
        <source>Run the experiment that shows the answer</source>
        <translation>Cevabı gösteren deneyi çalıştır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="289" />
        <source>Run this experiment and the one it is contrasted with %1 times each, alternately, measure the lesson's effect and show the last two stacked</source>
        <translation>Bu deneyi ve karşılaştırıldığı deneyi sırayla %1'er kez çalıştır, dersin etkisini ölç ve son ikisini üst üste göster</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="295" />
        <source>What Show me measures:</source>
        <translation>Göster'in ölçtüğü:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="296" />
        <source>%1 (the medians of %2 runs each, alternately).</source>
        <translation>%1 (sırayla yapılan %2'şer çalıştırmanın medyanları).</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="326" />
        <source>Cancel Show me</source>
        <translation>Göster'i iptal et</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="343" />
        <source>Question %1 of %2 (imported)</source>
        <translation>Soru %1 / %2 (içe aktarılan)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="344" />
        <source>Question %1 of %2</source>
        <translation>Soru %1 / %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="516" />
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="521" />
        <source>Press "Show me" to run this experiment and the one it is contrasted with, stacked on one time axis.</source>
        <translation>Bu deneyi ve karşılaştırıldığı deneyi tek bir zaman ekseninde üst üste görmek için "Göster" düğmesine basın.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="336" />
        <source>Quiz</source>
        <translation>Soru</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="299" />
        <source>What to look for:</source>
        <translation>Neye bakmalı:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="336" />
        <source>Difficulty %1 %2</source>
        <translation>Zorluk %1 %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="467" />
        <source>Choose an answer first.</source>
        <translation>Önce bir cevap seçin.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="482" />
        <source>Try again, or show the answer.</source>
        <translation>Yeniden deneyin ya da cevabı gösterin.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="508" />
        <source>Right!</source>
        <translation>Doğru!</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="481" />
        <source>Not quite.</source>
        <translation>Tam değil.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="509" />
        <source>The answer:</source>
        <translation>Cevap:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/lessonspanel.cpp" line="520" />
        <source>Press "Show me" to run the experiment that proves it.</source>
        <translation>Bunu kanıtlayan deneyi çalıştırmak için "Göster"e basın.</translation>
    </message>
</context>
<context>
    <name>LiveRanksWindow</name>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="68" />
        <source>Reconnect</source>
        <translation>Yeniden bağlan</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="269" />
        <source>rank %1 · %2 samples/s · data stall %3 · %4</source>
        <translation>rank %1 · %2 örnek/s · veri beklemesi %3 · %4</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="273" />
        <source>live</source>
        <translation>canlı</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="273" />
        <source>ended</source>
        <translation>bitti</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="274" />
        <source>rank %1 · waiting for its first batch</source>
        <translation>rank %1 · ilk batch'ini bekliyor</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="276" />
        <source>%1 on %2</source>
        <translation>%1 · %2 üzerinde</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="300" />
        <source>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</source>
        <translation>Geride kalan: rank %1 zamanının %2 kadarını veri bekleyerek geçiriyor; diğer rank'ler %3 (medyan).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="303" />
        <source>No rank's loader holds the others back (so far).</source>
        <translation>Hiçbir rank'in loader'ı diğerlerini geride tutmuyor (şimdilik).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="317" />
        <source>%1's wall clock is %2 s %3</source>
        <translation>%1 makinesinin saati %2 s %3</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="319" />
        <source>ahead</source>
        <translation>ileride</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="319" />
        <source>behind</source>
        <translation>geride</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="321" />
        <source>Measuring the hosts' clocks…</source>
        <translation>Makinelerin saatleri ölçülüyor…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="322" />
        <source>Clocks aligned within ±%1 ms (%2 of %3 ranks measured).</source>
        <translation>Saatler ±%1 ms içinde hizalandı (%3 rank'ten %2 tanesi ölçüldü).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="327" />
        <source>Corrected: %1.</source>
        <translation>Düzeltildi: %1.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="331" />
        <source>Ranks of one job (live)</source>
        <translation>Bir işin rank'leri (canlı)</translation>
    </message>
</context>
<context>
    <name>MainActions</name>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="225" />
        <source>&amp;Open configuration…</source>
        <translation>Yapılandırmayı &amp;aç…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="226" />
        <source>&amp;Save configuration…</source>
        <translation>Yapılandırmayı &amp;kaydet…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="227" />
        <source>Export &amp;picture…</source>
        <translation>&amp;Resim dışa aktar…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="228" />
        <source>PNG, SVG or PDF of the timeline, the queue depth, the legend and the summary (and the step chart when View ▸ Step chart shows it)</source>
        <translation>Zaman çizelgesinin, kuyruk derinliğinin, göstergenin ve özetin PNG, SVG ya da PDF'i (Görünüm ▸ Adım grafiği açıkken adım grafiği de)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="230" />
        <source>Pictures &amp;add the slowest samples</source>
        <translation>Resimlere en yavaş örnekleri &amp;ekle</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="231" />
        <source>Export picture adds a table of the run's 20 slowest samples under the summary</source>
        <translation>Resim dışa aktarma, özetin altına çalıştırmanın en yavaş 20 örneğinin tablosunu ekler</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="232" />
        <source>Export Chrome &amp;trace…</source>
        <translation>Chrome &amp;izini dışa aktar…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="233" />
        <source>Open &amp;recording(s)…</source>
        <translation>&amp;Kayıtları aç…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="234" />
        <source>A recording made anywhere (loaderscope-engine run --events, or python3 -m loaderscope run --events): its timeline and figures; several files are the ranks of one job</source>
        <translation>Herhangi bir yerde yapılmış bir kayıt (loaderscope-engine run --events ya da python3 -m loaderscope run --events): zaman çizelgesi ve değerleri; birden çok dosya bir işin rank'leridir</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="236" />
        <source>Open PyTorch &amp;profiler trace(s)…</source>
        <translation>PyTorch &amp;profiler izlerini aç…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="237" />
        <source>A Chrome/Kineto trace from torch.profiler: the loader's verdict; several files are the ranks of one job</source>
        <translation>torch.profiler'dan bir Chrome/Kineto izi: loader için değerlendirme; birden çok dosya bir işin rank'leridir</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="238" />
        <source>&amp;Watch a Python script…</source>
        <translation>Bir Python betiğini &amp;izle…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="239" />
        <source>Run your own PyTorch training script with its DataLoaders recorded live (no change to the script)</source>
        <translation>Kendi PyTorch eğitim betiğinizi DataLoader'ları canlı kaydedilerek çalıştırır (betikte değişiklik gerekmez)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="240" />
        <source>&amp;Attach to a running job…</source>
        <translation>Çalışan bir işe &amp;bağlan…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="241" />
        <source>Follow a job already running under the probe; several ranks of one job are shown stacked</source>
        <translation>Prob altında zaten çalışan bir işi izler; bir işin birden çok rank'i üst üste gösterilir</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="242" />
        <source>&amp;Quit</source>
        <translation>Çı&amp;kış</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="243" />
        <location filename="../gui/app/mainactions.cpp" line="281" />
        <source>&amp;Run</source>
        <translation>Ç&amp;alıştır</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="244" />
        <source>Start the engine with this configuration (F5)</source>
        <translation>Motoru bu yapılandırmayla başlat (F5)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="245" />
        <source>&amp;Stop</source>
        <translation>&amp;Durdur</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="246" />
        <source>Stop the run: workers are shut down in order</source>
        <translation>Çalıştırmayı durdur: worker'lar sırayla kapatılır</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="247" />
        <source>Re&amp;peat</source>
        <translation>&amp;Tekrarla</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="248" />
        <source>Start the run again each time it ends (a workshop's demonstration loop)</source>
        <translation>Çalıştırma her bittiğinde yeniden başlat (atölyede gösterim döngüsü)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="249" />
        <source>Zoom to &amp;fit</source>
        <translation>&amp;Sığdır</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="250" />
        <source>The whole run (Home)</source>
        <translation>Çalıştırmanın tamamı (Home)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="251" />
        <source>&amp;Follow live</source>
        <translation>Canlı &amp;izle</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="252" />
        <source>Keep the present in view; zooming or panning turns it off (F)</source>
        <translation>Şimdiki anı görünür tut; yakınlaştırmak ya da kaydırmak bunu kapatır (F)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="253" />
        <source>Zoom &amp;in</source>
        <translation>&amp;Yakınlaştır</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="254" />
        <source>Zoom &amp;out</source>
        <translation>&amp;Uzaklaştır</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="255" />
        <source>&amp;Find a batch, sample or worker…</source>
        <translation>Bir batch, örnek ya da worker &amp;bul…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="256" />
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="257" />
        <source>As the &amp;desktop</source>
        <translation>&amp;Masaüstü gibi</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="258" />
        <source>&amp;Light</source>
        <translation>&amp;Açık</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="259" />
        <source>&amp;Dark</source>
        <translation>&amp;Koyu</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="260" />
        <source>&amp;Large fonts (projector)</source>
        <translation>&amp;Büyük yazı (projeksiyon)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="261" />
        <source>&amp;Step chart: the stall over the run</source>
        <translation>&amp;Adım grafiği: çalıştırma boyunca bekleme</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="262" />
        <source>Under the timeline, on its time axis: each step of the loop, its wait for data, the hand-over, the host blocked by a copy and the step stacked, so a slow step stands out at any zoom</source>
        <translation>Zaman çizelgesinin altında, onun zaman ekseninde: döngünün her adımı; veri beklemesi, ana sürece teslim, host'u durduran kopya ve adım üst üste, böylece yavaş bir adım her yakınlaştırmada göze çarpar</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="264" />
        <source>Parameter &amp;sweep…</source>
        <translation>Parametre &amp;taraması…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="265" />
        <source>&amp;Compare runs…</source>
        <translation>Çalıştırmaları &amp;karşılaştır…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="266" />
        <source>S&amp;tatistics</source>
        <translation>İ&amp;statistikler</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="267" />
        <source>Each stage's latency (p50 to p99.9, max) and the slowest samples, with what each cost the loop</source>
        <translation>Her aşamanın gecikmesi (p50'den p99,9'a, en çok) ve en yavaş örnekler, her birinin döngüye maliyetiyle</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="268" />
        <source>Show Python stac&amp;ks</source>
        <translation>Python yığınlarını gö&amp;ster</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="269" />
        <source>What the watched job's main thread and DataLoader workers are doing now: their Python stacks, taken without stopping the job (also on the timeline's right-click menu)</source>
        <translation>İzlenen işin ana thread'i ve DataLoader worker'ları şu an ne yapıyor: işi durdurmadan alınan Python yığınları (zaman çizelgesinin sağ tık menüsünde de)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="271" />
        <source>&amp;Class quiz (full screen)</source>
        <translation>&amp;Sınıf quizi (tam ekran)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="272" />
        <source>One question at a time in large type for a projector: reveal the answer, then the explanation, then run the experiment</source>
        <translation>Projeksiyon için büyük yazıyla her seferinde bir soru: önce cevabı, sonra açıklamayı gösterin, ardından deneyi çalıştırın</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="273" />
        <source>&amp;Import questions…</source>
        <translation>Soruları &amp;içe aktar…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="274" />
        <source>Your own quiz questions (workshop text, Moodle GIFT or Aiken), each shown in its lesson's quiz</source>
        <translation>Kendi quiz sorularınız (atölye metni, Moodle GIFT ya da Aiken); her biri kendi dersinin quizinde gösterilir</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="275" />
        <source>&amp;Export questions…</source>
        <translation>Soruları &amp;dışa aktar…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="276" />
        <source>The imported questions as a Moodle GIFT file</source>
        <translation>İçe aktarılan sorular, bir Moodle GIFT dosyası olarak</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="277" />
        <source>&amp;Remove imported questions…</source>
        <translation>İçe aktarılan soruları &amp;kaldır…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="278" />
        <source>&amp;Keyboard shortcuts and legend</source>
        <translation>&amp;Klavye kısayolları ve açıklama</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="279" />
        <source>&amp;About Loaderscope</source>
        <translation>Loaderscope &amp;hakkında</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="280" />
        <source>&amp;File</source>
        <translation>&amp;Dosya</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="282" />
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="283" />
        <source>&amp;Tools</source>
        <translation>&amp;Araçlar</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="284" />
        <source>L&amp;essons</source>
        <translation>D&amp;ersler</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="285" />
        <source>&amp;Language</source>
        <translation>D&amp;il</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="286" />
        <source>&amp;Help</source>
        <translation>&amp;Yardım</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="287" />
        <source>Main toolbar</source>
        <translation>Ana araç çubuğu</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="288" />
        <source>Presets</source>
        <translation>Hazır ayarlar</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="289" />
        <source> Preset: </source>
        <translation> Hazır ayar: </translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="290" />
        <source>Slow motion:</source>
        <translation>Ağır çekim:</translation>
    </message>
    <message>
        <location filename="../gui/app/mainactions.cpp" line="291" />
        <source>Stretch the experiment's latencies so events can be followed by eye; the figures are then the slowed run's, as its timeline is</source>
        <translation>Olayların gözle izlenebilmesi için deneyin gecikmelerini uzat; rakamlar da, zaman çizelgesi gibi, yavaşlatılmış çalıştırmanındır</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="65" />
        <source>Run finished: %1 batches, %2 samples/s.</source>
        <translation>Çalıştırma bitti: %1 batch, saniyede %2 örnek.</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="111" />
        <source>Reading the run's complete record…</source>
        <translation>Çalıştırmanın tam kaydı okunuyor…</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="248" />
        <source>Sample %1's fetch is not on the timeline (its detail is not held): shown is its time.</source>
        <translation>%1 numaralı örneğin getirmesi zaman çizelgesinde yok (ayrıntısı tutulmuyor): gösterilen, zamanıdır.</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="215" />
        <source>About Loaderscope</source>
        <translation>Loaderscope hakkında</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="216" />
        <source>&lt;p&gt;&lt;b&gt;Loaderscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;A real PyTorch-style DataLoader worker pool and its live timeline: worker processes, shared-memory batch slots, the pin-memory thread and host-to-device copies.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Loaderscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Gerçek, PyTorch tarzı bir DataLoader worker havuzu ve canlı zaman çizelgesi: worker süreçleri, paylaşımlı bellekteki batch yuvaları, pin-memory iş parçacığı ve host'tan cihaza kopyalar.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="63" />
        <source>Run finished, slowed ×%3: %1 batches, %2 samples/s (the slowed run's figures).</source>
        <translation>Çalıştırma bitti, ×%3 yavaşlatıldı: %1 batch, saniyede %2 örnek (yavaşlatılmış çalıştırmanın rakamları).</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="325" />
        <source>Loaderscope — DataLoader timeline</source>
        <translation>Loaderscope — DataLoader zaman çizelgesi</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="330" />
        <source>(choose a preset)</source>
        <translation>(bir hazır ayar seçin)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow.cpp" line="442" />
        <source>slowed ×%1 (the slowed run's figures)</source>
        <translation>×%1 yavaşlatıldı (yavaşlatılmış çalıştırmanın rakamları)</translation>
    </message>
    <message>
        <location filename="../gui/app/mainwindow_runs.cpp" line="195" />
        <source>Set %1 = %2: press Run (F5) to see the effect.</source>
        <translation>%1 = %2 ayarlandı: etkisini görmek için Çalıştır'a (F5) basın.</translation>
    </message>
</context>
<context>
    <name>ModelAdviceText</name>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="39" />
        <source>At the job's own setting the model is %1 off the job: too far to advise anything; the advice above is the closed formula's first guess.</source>
        <translation>İşin kendi ayarında model işten %1 sapıyor: bir şey önermek için fazla uzak; yukarıdaki öneri kapalı formülün ilk tahminidir.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="44" />
        <source>The model of your job finds nothing faster than its own setting (%1) beyond the spread of its runs: predicted %2 samples/s.</source>
        <translation>İşinizin modeli, çalıştırmalarının yayılımının ötesinde kendi ayarından (%1) daha hızlı bir şey bulmuyor: tahmin %2 örnek/s.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="46" />
        <source>The model of your job advises %1: predicted %2 samples/s (the job measured %3).</source>
        <translation>İşinizin modeli %1 öneriyor: tahmin %2 örnek/s (işte ölçülen %3).</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modeladvicetext.cpp" line="50" />
        <source>At the job's own setting the model is %1 off the job: read its prediction with care.</source>
        <translation>İşin kendi ayarında model işten %1 sapıyor: tahminini dikkatle okuyun.</translation>
    </message>
</context>
<context>
    <name>ModelAdvisor</name>
    <message>
        <location filename="../gui/advice/model/modeladvisor.cpp" line="177" />
        <source>The model's sweep failed: %1</source>
        <translation>Modelin taraması başarısız oldu: %1</translation>
    </message>
</context>
<context>
    <name>ModelComparison</name>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="50" />
        <source>samples/s</source>
        <translation>örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="52" />
        <source>the data stall</source>
        <translation>veri beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="55" />
        <source>the workers' CPU</source>
        <translation>worker'ların CPU'su</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="57" />
        <source>the workers' wait for a core</source>
        <translation>worker'ların çekirdek beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="59" />
        <source>the workers' I/O</source>
        <translation>worker'ların G/Ç'si</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="67" />
        <source>The model of your job: %1 samples/s; the job itself: %2 samples/s (%3).</source>
        <translation>İşinizin modeli: %1 örnek/s; işin kendisi: %2 örnek/s (%3).</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="73" />
        <source>Data stall: model %1, job %2. The workers' time on the CPU: model %3, job %4; waiting for a core: model %5, job %6; in I/O: model %7, job %8.</source>
        <translation>Veri beklemesi: model %1, iş %2. Worker'ların CPU'da geçen süresi: model %3, iş %4; çekirdek bekleme: model %5, iş %6; G/Ç'de: model %7, iş %8.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="80" />
        <source>They agree (samples/s within 15%, the shares of time within 10 points): try knobs on the model (Tools ▸ Parameter sweep, Prove it) and take what wins back to the script.</source>
        <translation>Uyuşuyorlar (örnek/s %15 içinde, süre payları 10 puan içinde): ayarları model üzerinde deneyin (Araçlar ▸ Parametre taraması, Kanıtla) ve kazananı betiğe taşıyın.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="82" />
        <source>They disagree on %1: the model has part of the job wrong (for example a cost of the main process, or I/O where the job waits for a core), so read its advice with care.</source>
        <translation>%1 konusunda uyuşmuyorlar: model işin bir kısmını yanlış kuruyor (örneğin ana sürecin bir maliyeti ya da işin çekirdek beklediği yerde G/Ç), bu yüzden önerilerini dikkatle okuyun.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/modelcomparison.cpp" line="93" />
        <source>In the job, next() spends %1 of the loop fetching each batch's tensors from the worker that made it (PyTorch passes their memory as file descriptors, through a thread of the worker that needs the worker's GIL while its Python code runs); in the model, %2 (loader.handovers_per_batch, and the worker's modelled GIL: loader.handover_rounds, loader.gil_switch_interval_us), so its data stall differs by part of it.</source>
        <translation>İşte next(), döngünün %1 kadarını her batch'in tensörlerini onu üreten worker'dan almakla geçiriyor (PyTorch onların belleğini dosya tanımlayıcıları olarak, worker'ın Python kodu çalışırken worker'ın GIL'ine ihtiyaç duyan bir iş parçacığı üzerinden aktarır); modelde %2 (loader.handovers_per_batch ve worker'ın modellenen GIL'i: loader.handover_rounds, loader.gil_switch_interval_us), bu yüzden veri beklemesi bunun bir kısmı kadar farklı çıkıyor.</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="23" />
        <source>num_workers=0: everything in the main process</source>
        <translation>num_workers=0: her şey ana süreçte</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="24" />
        <source>num_workers=4: four worker processes</source>
        <translation>num_workers=4: dört worker süreci</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="25" />
        <source>pin_memory=True: pinned, asynchronous copies</source>
        <translation>pin_memory=True: sayfa-kilitli, asenkron kopyalar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="26" />
        <source>pin_memory=False: pageable copies block the host</source>
        <translation>pin_memory=False: sayfalanabilir kopyalar host'u engeller</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="27" />
        <source>iterable dataset without sharding (duplicates)</source>
        <translation>bölmesiz iterable veri kümesi (tekrarlar)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="28" />
        <source>iterable dataset sharded by worker id</source>
        <translation>worker id'ye göre bölünmüş iterable veri kümesi</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="29" />
        <source>workers started with fork</source>
        <translation>fork ile başlatılan worker'lar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="30" />
        <source>workers started with spawn</source>
        <translation>spawn ile başlatılan worker'lar</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="31" />
        <source>one slow sample, in_order=True (head-of-line blocking)</source>
        <translation>tek yavaş örnek, in_order=True (sıra başı tıkanması)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="32" />
        <source>one slow sample, in_order=False</source>
        <translation>tek yavaş örnek, in_order=False</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="33" />
        <source>prefetch_factor=4: the window of batches in flight</source>
        <translation>prefetch_factor=4: yoldaki batch penceresi</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="34" />
        <source>persistent_workers=True over three epochs</source>
        <translation>üç epoch boyunca persistent_workers=True</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="35" />
        <source>a worker crashes in the middle of the epoch</source>
        <translation>bir worker epoch ortasında çöküyor</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="36" />
        <source>batch_size=32 with drop_last=True</source>
        <translation>batch_size=32 ve drop_last=True</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="37" />
        <source>DistributedSampler: rank 1 of 4</source>
        <translation>DistributedSampler: 4 rank'ten rank 1</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="39" />
        <source>copy-on-read: refcounted Python objects (the workers' memory grows)</source>
        <translation>okurken kopyalama: referans sayaçlı Python nesneleri (worker belleği büyür)</translation>
    </message>
    <message>
        <location filename="../gui/config/model/presets.cpp" line="40" />
        <source>copy-on-read: one contiguous array (the pages stay shared)</source>
        <translation>okurken kopyalama: tek bitişik dizi (sayfalar paylaşılmış kalır)</translation>
    </message>
</context>
<context>
    <name>ProbeInstallOffer</name>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="23" />
        <source>For this user only (pip --user: a Python outside a venv)</source>
        <translation>Yalnızca bu kullanıcı için (pip --user: venv dışındaki bir Python)</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="25" />
        <source>Install the probe</source>
        <translation>Probu kur</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="27" />
        <source>Not now</source>
        <translation>Şimdi değil</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="65" />
        <source>The Python "%1" on %2 has no Loaderscope probe. This app carries its own (%3): install it there with pip (no root, no compiler, nothing downloaded)? Nothing is sent or installed until you click.</source>
        <translation>%2 üzerindeki "%1" Python'unda Loaderscope probu yok. Bu uygulama kendi probunu taşıyor (%3): pip ile oraya kurulsun mu (root yok, derleyici yok, hiçbir şey indirilmez)? Siz tıklayana kadar hiçbir şey gönderilmez ya da kurulmaz.</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="70" />
        <source>The Python "%1" on %2 has no Loaderscope probe, and this app carries no wheel to install there (the Debian package and ./run.sh package carry one; ./run.sh wheel makes it). See "Install the probe on your GPU server" in the README.</source>
        <translation>%2 üzerindeki "%1" Python'unda Loaderscope probu yok ve bu uygulama oraya kurulacak bir wheel taşımıyor (Debian paketi ve ./run.sh package bir tane taşır; ./run.sh wheel onu yapar). README'deki "Install the probe on your GPU server" bölümüne bakın.</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="111" />
        <source>On %1: %2 (the wheel copied over ssh)…</source>
        <translation>%1 üzerinde: %2 (wheel ssh üzerinden kopyalandı)…</translation>
    </message>
    <message>
        <location filename="../gui/sources/probeinstalloffer.cpp" line="113" />
        <source>On %1 ran: %2</source>
        <translation>%1 üzerinde çalıştırılan: %2</translation>
    </message>
</context>
<context>
    <name>ProveIt</name>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="12" />
        <source>Measuring %1 of %2…</source>
        <translation>Ölçülüyor: %1 / %2…</translation>
    </message>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="13" />
        <source>Proving the advice: %1</source>
        <translation>Öneri ölçülüyor: %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="22" />
        <source>The advice was measured: see the summary.</source>
        <translation>Öneri ölçüldü: özete bakın.</translation>
    </message>
    <message>
        <location filename="../gui/advice/proveit.cpp" line="34" />
        <source>Starting…</source>
        <translation>Başlatılıyor…</translation>
    </message>
</context>
<context>
    <name>QChartView</name>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="169" />
        <source>time (s)</source>
        <translation>zaman (s)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="169" />
        <source>time (ms)</source>
        <translation>zaman (ms)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="281" />
        <source>at %1 s</source>
        <translation>%1 s anında</translation>
    </message>
    <message>
        <location filename="../gui/timeline/counterchartview.cpp" line="282" />
        <source>at %1 ms</source>
        <translation>%1 ms anında</translation>
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
        <translation>bir NUL baytı (%1. bayt): bu bir metin dosyası değil</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="155" />
        <source>bytes that are not UTF-8 (0x%1 at byte %2): save the file as UTF-8</source>
        <translation>UTF-8 olmayan baytlar (%2. baytta 0x%1): dosyayı UTF-8 olarak kaydedin</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="173" />
        <source>not a question file: neither the workshop format ("Zorluk N" topic lines), GIFT ({ } answers) nor Aiken (ANSWER: lines)</source>
        <translation>bir soru dosyası değil: ne atölye biçimi ("Zorluk N" konu satırları), ne GIFT ({ } cevapları) ne de Aiken (ANSWER: satırları)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="184" />
        <source>unknown lesson "%1"</source>
        <translation>bilinmeyen ders "%1"</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="203" />
        <source>%1 is larger than %2 MiB: not a question file</source>
        <translation>%1, %2 MiB'tan büyük: bir soru dosyası değil</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionbank.cpp" line="332" />
        <source>line %1: %2</source>
        <translation>satır %1: %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="27" />
        <source>a question needs at least two answers</source>
        <translation>bir sorunun en az iki cevabı olmalı</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="29" />
        <source>%1 answers; at most %2 fit the quiz</source>
        <translation>%1 cevap var; quizde en fazla %2 cevap yer alabilir</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="31" />
        <source>no answer is marked right</source>
        <translation>hiçbir cevap doğru olarak işaretlenmemiş</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="33" />
        <source>%1 answers are marked right; exactly one must be</source>
        <translation>%1 cevap doğru olarak işaretlenmiş; tam olarak biri doğru olmalı</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="90" />
        <location filename="../gui/workshop/model/questionreaders.cpp" line="492" />
        <source>answer "%1" where "%2" was expected</source>
        <translation>"%2" beklenirken "%1" cevabı geldi</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="99" />
        <source>a ✓ inside answer %1: it goes at the end of the right answer</source>
        <translation>%1 cevabının içinde ✓ var: ✓ doğru cevabın sonuna konur</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="103" />
        <location filename="../gui/workshop/model/questionreaders.cpp" line="332" />
        <source>answer %1 is empty</source>
        <translation>%1 cevabı boş</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="128" />
        <source>the difficulty after "Zorluk" must be a number from 1 to %1</source>
        <translation>"Zorluk"tan sonraki zorluk 1 ile %1 arasında bir sayı olmalı</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="137" />
        <source>no question after the topic line</source>
        <translation>konu satırından sonra soru yok</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="142" />
        <source>no answers: each answer starts a line with "- a", "- b", ...</source>
        <translation>cevap yok: her cevap satıra "- a", "- b", ... ile başlar</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="152" />
        <source>no "Açıklama:" line with the explanation</source>
        <translation>açıklamayı içeren "Açıklama:" satırı yok</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="161" />
        <source>an answer or explanation after the explanation of the question at line %1: is this question's "Zorluk N" topic line missing? Neither is imported</source>
        <translation>%1. satırdaki sorunun açıklamasından sonra bir cevap ya da açıklama var: bu sorunun "Zorluk N" konu satırı mı eksik? İkisi de içe aktarılmaz</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="171" />
        <source>the explanation after "Açıklama:" is empty</source>
        <translation>"Açıklama:"dan sonraki açıklama boş</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="192" />
        <source>a question without its topic line ending in "Zorluk N"</source>
        <translation>"Zorluk N" ile biten konu satırı olmayan bir soru</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="204" />
        <source>no question: each starts with a topic line ending in "Zorluk N"</source>
        <translation>soru yok: her soru "Zorluk N" ile biten bir konu satırıyla başlar</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="288" />
        <source>difficulty=%1: the difficulty is a number from 1 to %2</source>
        <translation>difficulty=%1: zorluk 1 ile %2 arasında bir sayıdır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="292" />
        <source>"%1" in the loaderscope comment: it takes difficulty=N and lesson=ID</source>
        <translation>loaderscope yorumunda "%1": yalnızca difficulty=N ve lesson=ID alır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="303" />
        <source>an essay question (empty {}): only multiple choice is read</source>
        <translation>bir kompozisyon sorusu (boş {}): yalnızca çoktan seçmeli sorular okunur</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="305" />
        <source>a numerical question ({#...}): only multiple choice is read</source>
        <translation>bir sayısal soru ({#...}): yalnızca çoktan seçmeli sorular okunur</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="307" />
        <source>a true/false question: only multiple choice is read</source>
        <translation>bir doğru/yanlış sorusu: yalnızca çoktan seçmeli sorular okunur</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="309" />
        <source>a matching question (-&gt;): only multiple choice is read</source>
        <translation>bir eşleştirme sorusu (-&gt;): yalnızca çoktan seçmeli sorular okunur</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="311" />
        <source>text before the first answer: each answer starts with = (right) or ~ (wrong)</source>
        <translation>ilk cevaptan önce metin var: her cevap = (doğru) ya da ~ (yanlış) ile başlar</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="326" />
        <source>answer weights (%50%) are not read: one answer is right (=), the others wrong (~)</source>
        <translation>cevap ağırlıkları (%50%) okunmaz: bir cevap doğru (=), diğerleri yanlıştır (~)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="342" />
        <source>no wrong answer (~): a short-answer question, only multiple choice is read</source>
        <translation>yanlış cevap (~) yok: bir kısa cevap sorusu; yalnızca çoktan seçmeli sorular okunur</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="359" />
        <source>the title after "::" is not closed with "::"</source>
        <translation>"::"dan sonraki başlık "::" ile kapatılmamış</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="374" />
        <source>no answers in { }: a description, not a question</source>
        <translation>{ } içinde cevap yok: bu bir soru değil, bir açıklama</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="381" />
        <source>the answers opened with { are not closed with } before the blank line</source>
        <translation>{ ile açılan cevaplar boş satırdan önce } ile kapatılmamış</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="386" />
        <source>a second { : one question per paragraph, separated by a blank line</source>
        <translation>ikinci bir { var: her paragrafta bir soru olur, sorular boş satırla ayrılır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="395" />
        <source>no question before the answers</source>
        <translation>cevaplardan önce soru yok</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="456" />
        <location filename="../gui/workshop/model/questionreaders.cpp" line="547" />
        <source>no question in the file</source>
        <translation>dosyada soru yok</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="484" />
        <source>an answer where a question was expected (the question is one line before "A.")</source>
        <translation>soru beklenirken bir cevap geldi (soru, "A."dan önceki tek satırdır)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="503" />
        <source>ANSWER: "%1" is not one of the answers' letters</source>
        <translation>ANSWER: "%1" cevapların harflerinden biri değil</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="511" />
        <source>a second line of question: an Aiken question is one line, then "A." or "A)" answers</source>
        <translation>sorunun ikinci satırı: bir Aiken sorusu tek satırdır, ardından "A." ya da "A)" cevapları gelir</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="516" />
        <source>expected answer "%1." or "ANSWER:"</source>
        <translation>"%1." cevabı ya da "ANSWER:" bekleniyordu</translation>
    </message>
    <message>
        <location filename="../gui/workshop/model/questionreaders.cpp" line="522" />
        <source>no "ANSWER:" line after the answers</source>
        <translation>cevaplardan sonra "ANSWER:" satırı yok</translation>
    </message>
</context>
<context>
    <name>QuestionBankActions</name>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="22" />
        <source>Import questions</source>
        <translation>Soruları içe aktar</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="23" />
        <source>Question files (*.txt *.gift);;All files (*)</source>
        <translation>Soru dosyaları (*.txt *.gift);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="30" />
        <source>Questions imported: %1 new; the bank holds %2.</source>
        <translation>Sorular içe aktarıldı: %1 yeni; soru bankasında %2 soru var.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="36" />
        <location filename="../gui/workshop/questionbankactions.cpp" line="39" />
        <location filename="../gui/workshop/questionbankactions.cpp" line="45" />
        <source>Export questions</source>
        <translation>Soruları dışa aktar</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="36" />
        <source>There are no imported questions to export.</source>
        <translation>Dışa aktarılacak içe aktarılmış soru yok.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="40" />
        <source>Moodle GIFT (*.gift *.txt)</source>
        <translation>Moodle GIFT (*.gift *.txt)</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="47" />
        <source>Questions written to %1: %2</source>
        <translation>Sorular %1 dosyasına yazıldı: %2</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="54" />
        <source>Remove imported questions</source>
        <translation>İçe aktarılan soruları kaldır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionbankactions.cpp" line="55" />
        <source>Remove the imported questions (%1)? The lessons' own questions stay.</source>
        <translation>İçe aktarılan sorular (%1) kaldırılsın mı? Derslerin kendi soruları kalır.</translation>
    </message>
</context>
<context>
    <name>QuestionImportDialog</name>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="170" />
        <source>Import questions</source>
        <translation>Soruları içe aktar</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="175" />
        <source>File:</source>
        <translation>Dosya:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="177" />
        <source>Recognised from the file</source>
        <translation>Dosyadan tanınan</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="178" />
        <source>Workshop text ("Zorluk N", ✓, "Açıklama:")</source>
        <translation>Atölye metni ("Zorluk N", ✓, "Açıklama:")</translation>
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
        <translation>Biçim:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="109" />
        <source>Line</source>
        <translation>Satır</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="111" />
        <source>Question</source>
        <translation>Soru</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="113" />
        <source>Right answer</source>
        <translation>Doğru cevap</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="115" />
        <source>Difficulty</source>
        <translation>Zorluk</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="117" />
        <source>Lesson</source>
        <translation>Ders</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="305" />
        <source>Malformed questions, skipped (%1); correct the file and import it again:</source>
        <translation>Hatalı sorular, atlandı (%1); dosyayı düzeltip yeniden içe aktarın:</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="76" />
        <source>not given</source>
        <translation>belirtilmemiş</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="52" />
        <source>(choose a lesson)</source>
        <translation>(bir ders seçin)</translation>
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
        <translation>%1 okunuyor…</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="254" />
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="334" />
        <source>Questions read: %1 (%2).</source>
        <translation>Okunan sorular: %1 (%2).</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="338" />
        <source>No questions read.</source>
        <translation>Hiç soru okunmadı.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="340" />
        <source>Without a lesson: %1; a question is imported only with its lesson chosen.</source>
        <translation>Dersi olmayan: %1; bir soru yalnızca dersi seçilince içe aktarılır.</translation>
    </message>
    <message>
        <location filename="../gui/workshop/questionimportdialog.cpp" line="343" />
        <source>Import (%1)</source>
        <translation>İçe aktar (%1)</translation>
    </message>
</context>
<context>
    <name>RangeSummary</name>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="43" />
        <source>Measured range: %1</source>
        <translation>Ölçülen aralık: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="46" />
        <source>from %1 to %2</source>
        <translation>%1 ile %2 arası</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="48" />
        <source>part of this range is shown from aggregates; zoom in to read its detail back</source>
        <translation>bu aralığın bir kısmı özet verilerden gösteriliyor; ayrıntısını geri okumak için yakınlaştırın</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="52" />
        <source>batches received by the loop: %1</source>
        <translation>döngünün aldığı batch'ler: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="53" />
        <source>the loop waited for data: %1 of the range</source>
        <translation>döngü veri bekledi: aralığın %1 kadarı</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="60" />
        <source>worker %1: busy %2, %3 samples</source>
        <translation>worker %1: meşgul %2, %3 örnek</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/rangesummary.cpp" line="64" />
        <source>GPU busy: %1</source>
        <translation>GPU meşgul: %1</translation>
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
        <translation>Veri beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="193" />
        <source>Samples/s</source>
        <translation>Örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="193" />
        <source>Batches</source>
        <translation>Batch'ler</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>Workers</source>
        <translation>Worker'lar</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>Events</source>
        <translation>Olaylar</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>File</source>
        <translation>Dosya</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="194" />
        <source>Note</source>
        <translation>Not</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="219" />
        <source>straggler</source>
        <translation>geride kalan</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="233" />
        <source>Ranks of one job (recordings)</source>
        <translation>Bir işin rank'leri (kayıtlar)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="332" />
        <location filename="../gui/jobs/recordingranks.cpp" line="234" />
        <source>Statistics of all ranks…</source>
        <translation>Tüm rank'lerin istatistikleri…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/liveranks.cpp" line="333" />
        <location filename="../gui/jobs/recordingranks.cpp" line="235" />
        <source>Each stage's latency over all the ranks (one histogram line per rank) and the slowest samples of any rank</source>
        <translation>Her aşamanın tüm rank'ler üzerindeki gecikmesi (rank başına bir histogram çizgisi) ve herhangi bir rank'in en yavaş örnekleri</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="239" />
        <source>Reading the recordings (%1)…</source>
        <translation>Kayıtlar okunuyor (%1)…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="250" />
        <source>Fewer than two ranks could be read: there is nothing to compare.</source>
        <translation>İkiden az rank okunabildi: karşılaştırılacak bir şey yok.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="246" />
        <source>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</source>
        <translation>Geride kalan: rank %1 zamanının %2 kadarını veri bekleyerek geçiriyor; diğer rank'ler %3 (medyan).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="252" />
        <source>No rank's loader holds the others back.</source>
        <translation>Hiçbir rank'in loader'ı diğerlerini geride tutmuyor.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="270" />
        <source>Loading the timeline of rank %1…</source>
        <translation>Rank %1'in zaman çizelgesi yükleniyor…</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="272" />
        <source>Timeline of rank %1 · %2 (double-click a row to show another rank)</source>
        <translation>Rank %1'in zaman çizelgesi · %2 (başka bir rank'i göstermek için bir satıra çift tıklayın)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/recordingranks.cpp" line="276" />
        <source>Double-click a row to show that rank's timeline.</source>
        <translation>Bir rank'in zaman çizelgesini göstermek için satırına çift tıklayın.</translation>
    </message>
</context>
<context>
    <name>Remote</name>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="33" />
        <source>"%1" is not a port number</source>
        <translation>"%1" bir port numarası değil</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="44" />
        <source>"%1" is not a host name</source>
        <translation>"%1" bir makine adı değil</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="48" />
        <source>"%1" is not a user name</source>
        <translation>"%1" bir kullanıcı adı değil</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="190" />
        <source>cannot start %1: %2 (Debian: openssh-client)</source>
        <translation>%1 başlatılamıyor: %2 (Debian: openssh-client)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="206" />
        <source>%1's host key is not known (or has changed): run `ssh %1` once in a terminal and check the key, then try again.</source>
        <translation>%1 makinesinin anahtarı bilinmiyor (ya da değişmiş): bir terminalde bir kez `ssh %1` çalıştırıp anahtarı denetleyin, sonra yeniden deneyin.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="208" />
        <source>%1 refused the login without a prompt (BatchMode): load your key into the agent (`ssh-add`) or run `ssh %1` once in a terminal, then try again. ssh said: %2</source>
        <translation>%1 soru sormadan (BatchMode) girişi reddetti: anahtarınızı ajana yükleyin (`ssh-add`) ya da bir terminalde bir kez `ssh %1` çalıştırın, sonra yeniden deneyin. ssh'in dediği: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="210" />
        <source>%1 did not answer within %2 s (ssh: %3).</source>
        <translation>%1 %2 s içinde yanıt vermedi (ssh: %3).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="212" />
        <source>There is no host called %1 (ssh: %2).</source>
        <translation>%1 adında bir makine yok (ssh: %2).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="214" />
        <source>%1 refused the connection: no SSH server listens there (ssh: %2).</source>
        <translation>%1 bağlantıyı reddetti: orada dinleyen bir SSH sunucusu yok (ssh: %2).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="218" />
        <source>On %1, the job is no longer there: it ended before it could be followed (%2).</source>
        <translation>%1 üzerinde iş artık yok: izlenemeden önce bitti (%2).</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="225" />
        <source>On %1, the interpreter "%2" does not exist: set the remote interpreter (File ▸ Attach to a running job…) to the Python that has Loaderscope's probe.</source>
        <translation>%1 üzerinde "%2" yorumlayıcısı yok: uzak yorumlayıcıyı (Dosya ▸ Çalışan bir işe bağlan…) Loaderscope probe'u olan Python olarak ayarlayın.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="227" />
        <source>On %1, "%2" has no Loaderscope probe: install it there, or set the remote interpreter to the Python that has it.</source>
        <translation>%1 üzerinde "%2" içinde Loaderscope probe'u yok: oraya kurun ya da uzak yorumlayıcıyı onu içeren Python olarak ayarlayın.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="229" />
        <source>ssh to %1 failed: %2</source>
        <translation>%1 makinesine ssh başarısız oldu: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="229" />
        <location filename="../gui/sources/model/remote.cpp" line="230" />
        <location filename="../gui/sources/model/remoteinstall.cpp" line="73" />
        <source>(no message)</source>
        <translation>(ileti yok)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="230" />
        <source>On %1, the probe stopped with exit status %2: %3</source>
        <translation>%1 üzerinde probe %2 çıkış durumuyla durdu: %3</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="239" />
        <source>%1 answered something that is not a list of segments: "%2"</source>
        <translation>%1 segment listesi olmayan bir şey yanıtladı: "%2"</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="244" />
        <source>%1 lists %2 segments: too many to be real</source>
        <translation>%1 %2 segment listeliyor: gerçek olamayacak kadar çok</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="60" />
        <source>On %1, no temporary folder could be made for the wheel (mktemp in $TMPDIR or /tmp): %2</source>
        <translation>%1 üzerinde wheel için geçici klasör oluşturulamadı ($TMPDIR veya /tmp içinde mktemp): %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="62" />
        <source>The wheel did not arrive whole on %1 (the connection ended during the copy): try again.</source>
        <translation>Wheel %1 üzerine eksiksiz ulaşmadı (bağlantı kopyalama sırasında kesildi): yeniden deneyin.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="64" />
        <source>On %1, "%2" has no pip: name a venv's python (a venv brings pip; Debian and Ubuntu: python3-venv), or install pip for it.</source>
        <translation>%1 üzerinde "%2" içinde pip yok: bir venv'in python'unu belirtin (venv pip'i getirir; Debian ve Ubuntu: python3-venv) ya da onun için pip kurun.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="66" />
        <source>On %1, "%2" is the system's Python, which pip may not change (PEP 668): make a venv there (python3 -m venv --system-site-packages ~/ls-venv keeps the system's torch visible) and name ~/ls-venv/bin/python, or the Python your job runs with.</source>
        <translation>%1 üzerinde "%2" sistemin Python'u, pip onu değiştiremez (PEP 668): orada bir venv oluşturun (python3 -m venv --system-site-packages ~/ls-venv sistemin torch'unu görünür tutar) ve ~/ls-venv/bin/python'u ya da işinizin çalıştığı Python'u belirtin.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="68" />
        <source>On %1, "%2" is a venv's Python: install without --user.</source>
        <translation>%1 üzerinde "%2" bir venv'in Python'u: --user olmadan kurun.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="70" />
        <source>On %1, "%2" cannot take this wheel (it needs CPython 3.9 or newer on x86_64 Linux with a recent enough glibc, see the README): build the probe there from its sdist instead. pip said: %3</source>
        <translation>%1 üzerinde "%2" bu wheel'i kabul edemiyor (x86_64 Linux üzerinde yeterince yeni bir glibc ile CPython 3.9 veya üstü gerekir, README'ye bakın): probu orada sdist'inden derleyin. pip'in dediği: %3</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="73" />
        <source>On %1, pip stopped with exit status %2: %3</source>
        <translation>%1 üzerinde pip %2 çıkış durumuyla durdu: %3</translation>
    </message>
</context>
<context>
    <name>RemoteInstaller</name>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="99" />
        <source>An install is already running.</source>
        <translation>Bir kurulum zaten sürüyor.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="107" />
        <source>"%1" is not a probe wheel.</source>
        <translation>"%1" bir prob wheel'i değil.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="112" />
        <source>Cannot read the wheel %1: %2</source>
        <translation>%1 wheel'i okunamıyor: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="112" />
        <source>too large to be the probe's</source>
        <translation>probunki olamayacak kadar büyük</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remoteinstall.cpp" line="153" />
        <source>Installed on %1 into "%2": %3</source>
        <translation>%1 üzerinde "%2" içine kuruldu: %3</translation>
    </message>
</context>
<context>
    <name>RemoteReader</name>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="117" />
        <source>"%1" is not a segment name</source>
        <translation>"%1" bir segment adı değil</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="122" />
        <location filename="../gui/sources/model/remotereader.cpp" line="230" />
        <source>cannot save the stream to %1: %2</source>
        <translation>akış %1 dosyasına kaydedilemiyor: %2</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="154" />
        <source>%1 sent nothing within %2 s: the host or its Python does not answer.</source>
        <translation>%1 %2 s içinde hiçbir şey göndermedi: makine ya da Python'u yanıt vermiyor.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="203" />
        <source>%1's compressed stream is damaged (%2)</source>
        <translation>%1 makinesinin sıkıştırılmış akışı bozuk (%2)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="209" />
        <source>%1's compressed stream expands without bound: not a stream</source>
        <translation>%1 makinesinin sıkıştırılmış akışı sınırsızca büyüyor: bu bir akış değil</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="252" />
        <source>%1 sent something that is not a Loaderscope stream (it begins "%2"): is the probe there the same version?</source>
        <translation>%1 Loaderscope akışı olmayan bir şey gönderdi ("%2" ile başlıyor): oradaki probe aynı sürüm mü?</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="256" />
        <source>%1 sent a file recording, not a stream</source>
        <translation>%1 akış değil, bir dosya kaydı gönderdi</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="270" />
        <source>%1's stream is damaged at byte %2: %3 events kept, the rest is dropped.</source>
        <translation>%1 makinesinin akışı %2. baytta bozuk: %3 olay tutuldu, gerisi atıldı.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="370" />
        <source>%1's stream is damaged (a chunk's checksum): %2 events kept.</source>
        <translation>%1 makinesinin akışı bozuk (bir parçanın sağlama toplamı): %2 olay tutuldu.</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="413" />
        <source>%1's stream ended before its header was whole (%2 bytes). %3</source>
        <translation>%1 makinesinin akışı başlığı tamamlanmadan bitti (%2 bayt). %3</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remotereader.cpp" line="428" />
        <source>Connection to %1 lost at %2 s; %3 events kept (saved in %4). The job runs on untouched.</source>
        <translation>%1 ile bağlantı %2. saniyede koptu; %3 olay tutuldu (%4 dosyasına kaydedildi). İş dokunulmadan sürüyor.</translation>
    </message>
</context>
<context>
    <name>RemoteTarget</name>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="96" />
        <source>"%1" is not a segment name (see `python3 -m loaderscope list` on the host)</source>
        <translation>"%1" bir segment adı değil (makinede `python3 -m loaderscope list` çıktısına bakın)</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="101" />
        <source>no host: write user@host, an alias from ~/.ssh/config, or ssh://user@host/segment</source>
        <translation>makine yok: kullanıcı@makine, ~/.ssh/config'ten bir takma ad ya da ssh://kullanıcı@makine/segment yazın</translation>
    </message>
    <message>
        <location filename="../gui/sources/model/remote.cpp" line="116" />
        <source>%1 hosts: at most 64 at once</source>
        <translation>%1 makine: aynı anda en çok 64</translation>
    </message>
</context>
<context>
    <name>RunHistory</name>
    <message>
        <location filename="../gui/runs/model/runhistory.cpp" line="281" />
        <source>%1 · %2 samples/s · %3</source>
        <translation>%1 · %2 örnek/s · %3</translation>
    </message>
</context>
<context>
    <name>RunSession</name>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="72" />
        <source>Cannot follow the job: %1</source>
        <translation>İş izlenemiyor: %1</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="41" />
        <source>The job ended without finishing its loop (it failed or was killed).</source>
        <translation>İş döngüsünü bitirmeden sona erdi (hata verdi ya da öldürüldü).</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="267" />
        <source>Stopped watching; the job runs on.</source>
        <translation>İzleme bırakıldı; iş çalışmaya devam ediyor.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="435" />
        <source>No watched job is running: Python stacks are taken from a live PyTorch job.</source>
        <translation>Çalışan izlenen bir iş yok: Python yığınları çalışmakta olan bir PyTorch işinden alınır.</translation>
    </message>
    <message>
        <location filename="../gui/runs/model/runsession.cpp" line="442" />
        <source>Cannot ask the job for its stacks: %1</source>
        <translation>İşten yığınları istenemiyor: %1</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="137" />
        <source>the loop waits only {data_stall_fraction} of its time for data: the training step is the bottleneck; no loader knob will make this run faster</source>
        <translation>döngü zamanının yalnızca {data_stall_fraction} kadarını veri beklerken geçiriyor: darboğaz eğitim adımı; hiçbir loader ayarı bu çalıştırmayı hızlandırmaz</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="141" />
        <source>apart from starting the workers ({startup_share}), the loop waits only {data_stall_fraction} of its time for data: the training step is the bottleneck; no loader knob will make this run faster</source>
        <translation>worker'ların başlatılması ({startup_share}) dışında döngü zamanının yalnızca {data_stall_fraction} kadarında veri bekliyor: darboğaz eğitim adımı; hiçbir loader ayarı bu çalıştırmayı hızlandırmaz</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="147" />
        <source>{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the slowest, sample {slowest_sample}, took {slowest_ms} ms, {slowest_times_median} times the median: look at those samples (slowest_samples in the summary JSON, or python3 -m loaderscope slow on the recording): a huge or damaged file, a slow path in __getitem__</source>
        <translation>döngünün veri beklemesinin {slow_stall_share} kadarı en yavaş örneklerini içeren {slow_batches} batch'ten geldi (olağan beklemenin {slow_stall_ms} ms ötesinde); en yavaşı, {slowest_sample} numaralı örnek, {slowest_ms} ms sürdü, medyanın {slowest_times_median} katı: bu örneklere bakın (özet JSON'undaki slowest_samples ya da kayıt üzerinde python3 -m loaderscope slow): çok büyük ya da bozuk bir dosya, __getitem__ içinde yavaş bir yol</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="162" />
        <source>the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop waits {data_stall_fraction} for data: pin_memory "shared" lets the workers write into pinned memory and removes that copy</source>
        <translation>pin-memory iş parçacığı zamanın {pin_busy_fraction} kadarında batch kopyalıyor ve döngü {data_stall_fraction} veri bekliyor: pin_memory "shared" worker'ların doğrudan sayfa-kilitli belleğe yazmasını sağlar ve bu kopyayı kaldırır</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="169" />
        <source>the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop waits {data_stall_fraction} for data: PyTorch pins every batch on that one thread; batches of fewer bytes (for example uint8 instead of float32 until they reach the device) take it less time</source>
        <translation>pin-memory iş parçacığı zamanın {pin_busy_fraction} kadarında batch kopyalıyor ve döngü {data_stall_fraction} veri bekliyor: PyTorch her batch'i o tek iş parçacığında sayfa-kilitli belleğe alıyor; daha az baytlı batch'ler (örneğin cihaza ulaşana kadar float32 yerine uint8) onu daha az meşgul eder</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="177" />
        <source>copies from pageable memory block the host {pageable_blocked_fraction} of the loop while the driver stages them: set pin_memory=True</source>
        <translation>sayfalanabilir bellekten yapılan kopyalar, sürücü onları ara belleğe alırken döngünün {pageable_blocked_fraction} kadarında host'u durduruyor: pin_memory=True yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="181" />
        <source>copies from pageable memory block the host {pageable_blocked_fraction} of the loop while the driver stages them: set pin_memory=True (copies overlap the step only with non_blocking=True as well)</source>
        <translation>sayfalanabilir bellekten yapılan kopyalar, sürücü onları ara belleğe alırken döngünün {pageable_blocked_fraction} kadarında host'u durduruyor: pin_memory=True yapın (kopyalar adımla ancak non_blocking=True ile birlikte örtüşür)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="186" />
        <source>synchronous copies from pinned memory block the host {sync_copy_blocked_fraction} of the loop: set non_blocking=True so the host is free while they run</source>
        <translation>sayfa-kilitli bellekten yapılan eşzamanlı kopyalar döngünün {sync_copy_blocked_fraction} kadarında host'u durduruyor: kopyalar sürerken host serbest kalsın diye non_blocking=True yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="189" />
        <source>copies take {copy_share} of the loop and overlap the step kernel only {overlap_fraction}: issue them on a separate copy stream (train.copy_stream)</source>
        <translation>kopyalar döngünün {copy_share} kadarını alıyor ve adım çekirdeğiyle yalnızca {overlap_fraction} örtüşüyor: onları ayrı bir kopya stream'inde başlatın (train.copy_stream)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="195" />
        <source>starting the workers took {startup_ms_per_epoch} ms in each of {startups} epochs ({startup_share} of the loop): set persistent_workers=True</source>
        <translation>worker'ları başlatmak {startups} epoch'un her birinde {startup_ms_per_epoch} ms sürdü (döngünün {startup_share} kadarı): persistent_workers=True yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="89" />
        <source>the loop waits {data_stall_fraction} of its time for data; each sample spends {io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now {num_workers}, on {cores} cores): raise num_workers to {suggest}</source>
        <translation>döngü zamanının {data_stall_fraction} kadarını veri beklerken geçiriyor; her örnek {io_ms_per_sample} ms CPU dışında (G/Ç) ve {cpu_ms_per_sample} ms CPU üzerinde geçiriyor, bu yüzden saniyede {target_samples_per_s} örneğe yetişmek için yaklaşık {suggest} worker gerekir (şu an {num_workers}, {cores} çekirdekte): num_workers değerini {suggest} yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="96" />
        <source>the loop waits {data_stall_fraction} of its time for data; each sample spends {io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now {num_workers}, on {cores} cores): raise num_workers to {suggest}. PyTorch will warn that its suggested max number of workers is {cores} (the cores); more fit here because each worker sleeps on I/O {io_share} of a sample's time, and a sleeping worker leaves its core free</source>
        <translation>döngü zamanının {data_stall_fraction} kadarını veri beklerken geçiriyor; her örnek {io_ms_per_sample} ms CPU dışında (G/Ç) ve {cpu_ms_per_sample} ms CPU üzerinde geçiriyor, bu yüzden saniyede {target_samples_per_s} örneğe yetişmek için yaklaşık {suggest} worker gerekir (şu an {num_workers}, {cores} çekirdekte): num_workers değerini {suggest} yapın. PyTorch, önerdiği en fazla worker sayısının {cores} (çekirdek sayısı) olduğunu söyleyerek uyaracak; burada daha fazlası sığar, çünkü her worker bir örneğin süresinin {io_share} kadarında G/Ç beklerken uyur ve uyuyan bir worker çekirdeğini boş bırakır</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="105" />
        <source>the loop waits {data_stall_fraction} of its time for data, but the workers (num_workers={num_workers}) already use {cores_used} of the {cores} cores ({cpu_ms_per_sample} ms of CPU per sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores</source>
        <translation>döngü zamanının {data_stall_fraction} kadarını veri beklerken geçiriyor, ama {num_workers} worker zaten {cores} çekirdeğin {cores_used} kadarını kullanıyor (örnek başına {cpu_ms_per_sample} ms CPU): daha fazla worker yardımcı olmaz; her örneği ucuzlatın (kod çözme, veri artırma) ya da çekirdek ekleyin</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="113" />
        <source>the loop waits {data_stall_fraction} of its time for data, but the job already uses {job_cores_used} of the {cores} cores: the fetches (num_workers={num_workers}) {cores_used} ({cpu_ms_per_sample} ms of CPU per sample), the rest handing batches on, receiving them and the training step on the CPU: more workers will not help; make each sample or the step cheaper, or add cores</source>
        <translation>döngü zamanının {data_stall_fraction} kadarını veri beklerken geçiriyor, ama iş zaten {cores} çekirdeğin {job_cores_used} kadarını kullanıyor: {num_workers} worker'ın örnek getirmesi {cores_used} (örnek başına {cpu_ms_per_sample} ms CPU), geri kalanı batch'leri iletmek, onları almak ve CPU üzerindeki eğitim adımı: daha fazla worker yardımcı olmaz; her örneği ya da adımı ucuzlatın veya çekirdek ekleyin</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="120" />
        <source>the loop waits {data_stall_fraction} of its time for data, but the workers (num_workers={num_workers}) wait for a free core {cpu_wait_share} of their busy time (the {cores} cores are taken by other work, or oversubscribed) ({cpu_ms_per_sample} ms of CPU per sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores</source>
        <translation>döngü zamanının {data_stall_fraction} kadarını veri beklerken geçiriyor, ama {num_workers} worker meşgul zamanlarının {cpu_wait_share} kadarında boş bir çekirdek bekliyor ({cores} çekirdek başka işlerle dolu ya da aşırı yüklenmiş) (örnek başına {cpu_ms_per_sample} ms CPU): daha fazla worker yardımcı olmaz; her örneği ucuzlatın (kod çözme, veri artırma) ya da çekirdek ekleyin</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="127" />
        <source>the loop waits {data_stall_fraction} of its time for data although num_workers={num_workers} keeps up on average (about {needed} needed): batches arrive in bursts; raise prefetch_factor to {suggest} so more are ready in advance</source>
        <translation>{num_workers} worker ortalamada yetişse de (yaklaşık {needed} gerekli) döngü zamanının {data_stall_fraction} kadarını veri beklerken geçiriyor: batch'ler dalgalar halinde geliyor; daha fazlası önceden hazır olsun diye prefetch_factor değerini {suggest} yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="132" />
        <source>workers are busy only {worker_busy_mean} of the time while the prefetch window stays full ({mean_ready_batches} of {window} batches ready on average): num_workers={suggest} would keep up and use less memory and CPU</source>
        <translation>ön getirme penceresi dolu kalırken worker'lar zamanın yalnızca {worker_busy_mean} kadarında meşgul (ortalamada {window} batch'ten {mean_ready_batches} tanesi hazır): {suggest} worker yetişir ve daha az bellek ve CPU kullanır</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="154" />
        <source>{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the slowest, fetched by worker {slowest_worker} for batch {slowest_batch} (an iterable dataset's sample has no index), took {slowest_ms} ms, {slowest_times_median} times the median: look at what the dataset yields there</source>
        <translation>döngünün veri beklemesinin {slow_stall_share} kadarı en yavaş örneklerini içeren {slow_batches} batch'ten geldi (olağan beklemenin {slow_stall_ms} ms ötesinde); en yavaşı, {slowest_worker} numaralı worker'ın {slowest_batch} numaralı batch için getirdiği örnek (iterable bir dataset'in örneğinin indeksi yoktur), {slowest_ms} ms sürdü, medyanın {slowest_times_median} katı: dataset'in orada ne ürettiğine bakın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="199" />
        <source>spawn starts a fresh process per worker: {startup_ms_per_epoch} ms per epoch to start the workers (num_workers={num_workers}, {startup_share} of the loop); use multiprocessing_context "fork", or persistent_workers=True</source>
        <translation>spawn her worker için yeni bir süreç başlatır: {num_workers} worker'ı başlatmak epoch başına {startup_ms_per_epoch} ms (döngünün {startup_share} kadarı); multiprocessing_context "fork" ya da persistent_workers=True kullanın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="205" />
        <source>the loop waited {head_of_line_fraction} of its time for a late batch while later batches were already ready and the workers stood idle {worker_idle_mean} of the time (the longest wait {longest_head_of_line_ms} ms): in_order=False delivers the ready batches meanwhile (batch order then varies from run to run)</source>
        <translation>sonraki batch'ler hazırken döngü zamanının {head_of_line_fraction} kadarını geciken bir batch'i bekleyerek geçirdi ve worker'lar zamanın {worker_idle_mean} kadarında boşta kaldı (en uzun bekleme {longest_head_of_line_ms} ms): in_order=False bu arada hazır batch'leri teslim eder (batch sırası o zaman çalıştırmadan çalıştırmaya değişir)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="215" />
        <source>the loop waited {head_of_line_fraction} of its time for a late batch while later batches were already ready and the workers stood idle {worker_idle_mean} of the time (the longest wait {longest_head_of_line_ms} ms): upgrade to torch ≥ 2.6 for in_order=False, which delivers the ready batches meanwhile (this job's torch has no in_order)</source>
        <translation>sonraki batch'ler hazırken döngü zamanının {head_of_line_fraction} kadarını geciken bir batch'i bekleyerek geçirdi ve worker'lar zamanın {worker_idle_mean} kadarında boşta kaldı (en uzun bekleme {longest_head_of_line_ms} ms): in_order=False için torch ≥ 2.6 sürümüne yükseltin; o bu arada hazır batch'leri teslim eder (bu işin torch sürümünde in_order yok)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="225" />
        <source>each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at {main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every worker when CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or tensors instead of lists of Python objects</source>
        <translation>her worker'ın yalnızca kendine ait belleği (USS) örnek okudukça ortalama {worker_uss_growth_mean_bytes} büyüdü (toplam {worker_uss_growth_bytes}; ana sürecin zirvesi {main_peak_rss_bytes}): CPython referans sayaçlarını yazdıkça veri kümesinin Python nesnelerinin sayfaları her worker'a kopyalanır (fork sonrası okurken kopyalama); veriyi Python nesnesi listeleri yerine numpy dizilerinde ya da tensörlerde tutun</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="233" />
        <source>each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at {main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every worker when CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or tensors instead of lists of Python objects (here: dataset.objects.layout "contiguous")</source>
        <translation>her worker'ın yalnızca kendine ait belleği (USS) örnek okudukça ortalama {worker_uss_growth_mean_bytes} büyüdü (toplam {worker_uss_growth_bytes}; ana sürecin zirvesi {main_peak_rss_bytes}): CPython referans sayaçlarını yazdıkça veri kümesinin Python nesnelerinin sayfaları her worker'a kopyalanır (fork sonrası okurken kopyalama); veriyi Python nesnesi listeleri yerine numpy dizilerinde ya da tensörlerde tutun (burada: dataset.objects.layout "contiguous")</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="241" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's {dev_shm_size_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in memory</source>
        <translation>paylaşılan bellekteki batch yuvaları (num_workers x prefetch_factor + {consumer_slots} adet, olay halkalarıyla birlikte {segment_bytes}) /dev/shm'in {dev_shm_size_bytes} boyutunun {segment_share} kadarını kaplıyor: bellekte daha az batch beklesin diye prefetch_factor değerini {suggest} yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="247" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's {dev_shm_size_bytes}: lower num_workers to {suggest} so fewer batches wait in memory</source>
        <translation>paylaşılan bellekteki batch yuvaları (num_workers x prefetch_factor + {consumer_slots} adet, olay halkalarıyla birlikte {segment_bytes}) /dev/shm'in {dev_shm_size_bytes} boyutunun {segment_share} kadarını kaplıyor: bellekte daha az batch beklesin diye num_workers değerini {suggest} yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="252" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of the memory limit of {limit_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in memory</source>
        <translation>paylaşılan bellekteki batch yuvaları (num_workers x prefetch_factor + {consumer_slots} adet, olay halkalarıyla birlikte {segment_bytes}) {limit_bytes} bellek sınırının {segment_share} kadarını kaplıyor: bellekte daha az batch beklesin diye prefetch_factor değerini {suggest} yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="258" />
        <source>the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} of them, {segment_bytes} with the event rings) take {segment_share} of the memory limit of {limit_bytes}: lower num_workers to {suggest} so fewer batches wait in memory</source>
        <translation>paylaşılan bellekteki batch yuvaları (num_workers x prefetch_factor + {consumer_slots} adet, olay halkalarıyla birlikte {segment_bytes}) {limit_bytes} bellek sınırının {segment_share} kadarını kaplıyor: bellekte daha az batch beklesin diye num_workers değerini {suggest} yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="264" />
        <source>the {num_workers} workers hold {worker_uss_bytes} of private memory ({worker_uss_mean_bytes} each), and the run uses {total_bytes} of its {limit_bytes} limit: lower num_workers to {suggest} (each worker holds its own copy of what it touched)</source>
        <translation>{num_workers} worker'ın yalnızca kendine ait belleği toplam {worker_uss_bytes} (her biri {worker_uss_mean_bytes}) ve çalıştırma {limit_bytes} sınırının {total_bytes} kadarını kullanıyor: num_workers değerini {suggest} yapın (her worker dokunduğu verinin kendi kopyasını tutar)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="270" />
        <source>(measured on incomplete data: {events_lost} events were lost)</source>
        <translation>(eksik veriyle ölçüldü: {events_lost} olay kayboldu)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="276" />
        <source>no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data</source>
        <translation>izde DataLoader __next__ aralığı yok: veri beklemesini ölçmek için DataLoader'ı dolaşan döngüyü profilleyin</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="279" />
        <source>the DataLoader __next__ spans are on another thread than the steps (a background prefetcher): the loop's own wait is not in the trace; wrap it in record_function to measure it</source>
        <translation>DataLoader __next__ aralıkları adımlardan başka bir iş parçacığında (arka planda önceden yükleyen bir iş parçacığı): döngünün kendi beklemesi izde yok; ölçmek için onu record_function içine alın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="283" />
        <source>the loop waits {data_stall_fraction} of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper</source>
        <translation>döngü, adımlarının {data_stall_fraction} kadarında DataLoader __next__ içinde bekliyor: num_workers'ı artırın ya da her örneği ucuzlatın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="286" />
        <source>{pageable_copies} of {copies} host-to-device copies are from pageable memory: set pin_memory=True</source>
        <translation>host'tan cihaza {copies} kopyanın {pageable_copies} tanesi sayfalanabilir bellekten: pin_memory=True yapın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="289" />
        <source>copies overlap kernels only {overlap_fraction}: use non_blocking=True and issue the copies on a separate stream</source>
        <translation>kopyalar kernel'lerle yalnızca {overlap_fraction} oranında örtüşüyor: non_blocking=True kullanın ve kopyaları ayrı bir stream'de başlatın</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="292" />
        <source>not input-bound (the loop waits {data_stall_fraction} for data): the training step is the bottleneck; more workers will not help</source>
        <translation>girdi darboğazı yok (döngü {data_stall_fraction} oranında veri bekliyor): darboğaz eğitim adımı; daha fazla worker yardımcı olmaz</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="295" />
        <source>rank {rank} waits {rank_stall_fraction} of its steps for data; the other ranks {other_ranks_stall_fraction} (median)</source>
        <translation>rank {rank} adımlarının {rank_stall_fraction} kadarında veri bekliyor; diğer rank'ler {other_ranks_stall_fraction} (medyan)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="299" />
        <source>Measured: {knob} = {value} gives {gain} samples/s (medians of {runs} runs: {values}).</source>
        <translation>Ölçüldü: {knob} = {value} ile örnek/s {gain} değişiyor ({runs} çalıştırmanın medyanları: {values}).</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="301" />
        <source>Confirmed.</source>
        <translation>Doğrulandı.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="302" />
        <source>Within the spread of the runs: not confirmed.</source>
        <translation>Çalıştırmaların yayılımı içinde: doğrulanmadı.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="303" />
        <source>Not confirmed on this machine.</source>
        <translation>Bu makinede doğrulanmadı.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="304" />
        <source>The same throughput: confirmed.</source>
        <translation>Aynı verim: doğrulandı.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="305" />
        <source>Slower: not confirmed.</source>
        <translation>Daha yavaş: doğrulanmadı.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="306" />
        <source>{faster_value} was faster still.</source>
        <translation>{faster_value} daha da hızlıydı.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="307" />
        <source>Not measured.</source>
        <translation>Ölçülmedi.</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="309" />
        <source>not input-bound</source>
        <translation>girdi darboğazı yok</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="312" />
        <source>moderately input-bound</source>
        <translation>orta düzeyde girdi darboğazı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="315" />
        <source>highly input-bound</source>
        <translation>yüksek düzeyde girdi darboğazı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="318" />
        <source>no batches delivered</source>
        <translation>hiç batch teslim edilmedi</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="321" />
        <source>no steps found</source>
        <translation>adım bulunamadı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="324" />
        <source>no loader spans found</source>
        <translation>DataLoader aralığı bulunamadı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="327" />
        <source>loader wait not measured</source>
        <translation>DataLoader beklemesi ölçülmedi</translation>
    </message>
    <message>
        <location filename="../engine/src/base/sentences.cpp" line="330" />
        <source>unreliable trace</source>
        <translation>güvenilmez iz</translation>
    </message>
</context>
<context>
    <name>ShmReader</name>
    <message>
        <location filename="../gui/sources/model/shmreader.cpp" line="67" />
        <source>the run's shared memory was truncated; the live view stopped (the recording is complete)</source>
        <translation>çalıştırmanın paylaşımlı belleği kesildi; canlı görünüm durdu (kayıt eksiksiz)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="14" />
        <source>Keyboard shortcuts and legend</source>
        <translation>Klavye kısayolları ve açıklama</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="14" />
        <source>Wheel</source>
        <translation>Tekerlek</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="14" />
        <source>zoom around the cursor</source>
        <translation>imlecin çevresinde yakınlaştır / uzaklaştır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="16" />
        <source>W, +</source>
        <translation>W, +</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="16" />
        <source>zoom in</source>
        <translation>yakınlaştır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="18" />
        <source>S, −</source>
        <translation>S, −</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="18" />
        <source>zoom out</source>
        <translation>uzaklaştır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="20" />
        <source>A, ←</source>
        <translation>A, ←</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="20" />
        <source>move back in time</source>
        <translation>zamanda geri git</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="22" />
        <source>D, →</source>
        <translation>D, →</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="22" />
        <source>move forward in time</source>
        <translation>zamanda ileri git</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="24" />
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="26" />
        <source>pan</source>
        <translation>kaydır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="24" />
        <source>Shift+drag</source>
        <translation>Shift+sürükle</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="26" />
        <source>middle-button drag</source>
        <translation>orta tuşla sürükle</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="28" />
        <source>Drag</source>
        <translation>Sürükle</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="29" />
        <source>measure a time range: its length and what happened inside it</source>
        <translation>bir zaman aralığını ölç: uzunluğu ve içinde ne olduğu</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="31" />
        <source>Click</source>
        <translation>Tıkla</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="32" />
        <source>select a span: its batch is highlighted in every lane, the details pane describes it</source>
        <translation>bir aralık seç: batch'i her şeritte vurgulanır, ayrıntılar bölmesi onu anlatır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="34" />
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="35" />
        <source>clear the selection and the measured range</source>
        <translation>seçimi ve ölçülen aralığı temizle</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="36" />
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinebindings.cpp" line="36" />
        <source>back to the previous zoom</source>
        <translation>önceki yakınlaştırmaya dön</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="20" />
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="20" />
        <source>the whole run</source>
        <translation>çalıştırmanın tamamı</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="21" />
        <source>F</source>
        <translation>F</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="21" />
        <source>follow the run live</source>
        <translation>çalıştırmayı canlı izle</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="22" />
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="22" />
        <source>find a batch, a sample or a worker</source>
        <translation>bir batch, örnek ya da worker bul</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="23" />
        <source>F3 / Shift+F3, Enter / Shift+Enter</source>
        <translation>F3 / Shift+F3, Enter / Shift+Enter</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="23" />
        <source>the next / previous match of the find bar</source>
        <translation>arama çubuğunun sonraki / önceki eşleşmesi</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="24" />
        <source>F5 / Shift+F5</source>
        <translation>F5 / Shift+F5</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="24" />
        <source>run / stop</source>
        <translation>çalıştır / durdur</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="25" />
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="25" />
        <source>export a picture</source>
        <translation>resim dışa aktar</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="27" />
        <source>Keyboard and mouse</source>
        <translation>Klavye ve fare</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="30" />
        <source>Legend</source>
        <translation>Açıklama</translation>
    </message>
    <message>
        <location filename="../gui/app/shortcutsdialog.cpp" line="39" />
        <source>Narrow spans fold into one mark with a count (×N); a batch keeps its own mark. Over a long run, time whose detail is not held is drawn as stacked bars of each lane's busy share; zooming in reads the detail back.</source>
        <translation>Dar aralıklar sayılı tek bir işarete katlanır (×N); bir batch kendi işaretini korur. Uzun bir çalıştırmada ayrıntısı tutulmayan zaman, her şeridin meşgul payının yığılmış çubuklarıyla çizilir; yakınlaştırmak ayrıntıyı geri okur.</translation>
    </message>
</context>
<context>
    <name>StackRequests</name>
    <message>
        <location filename="../gui/jobs/stackrequests.cpp" line="20" />
        <source>No thread of the job answered within %1 s: a thread that holds Python's lock in C code answers when it lets go, and a probe older than this app does not answer.</source>
        <translation>İşin hiçbir thread'i %1 s içinde yanıt vermedi: Python'un kilidini C kodunda tutan bir thread onu bıraktığında yanıtlar; bu uygulamadan eski bir probe ise yanıt vermez.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/stackrequests.cpp" line="42" />
        <source>Asked the job for its threads' Python stacks; they show in the details pane as they come.</source>
        <translation>İşten thread'lerinin Python yığınları istendi; geldikçe ayrıntılar bölmesinde görünürler.</translation>
    </message>
</context>
<context>
    <name>StackText</name>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="34" />
        <source>Python stack</source>
        <translation>Python yığını</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="36" />
        <source>main thread</source>
        <translation>ana thread</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="38" />
        <source>fetching sample %1</source>
        <translation>%1 numaralı örneği getiriyordu</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="40" />
        <source>batch %1, epoch %2</source>
        <translation>batch %1, epoch %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="41" />
        <source>at %1 into the run</source>
        <translation>çalıştırmanın %1 anında</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="43" />
        <source>taken by the probe: this fetch had run past its threshold (LOADERSCOPE_STACK_AFTER, at most half the DataLoader's timeout)</source>
        <translation>probe tarafından alındı: bu getirme eşiğini aşmıştı (LOADERSCOPE_STACK_AFTER, en çok DataLoader'ın timeout'unun yarısı)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="44" />
        <source>asked for (Show Python stacks)</source>
        <translation>istendi (Python yığınlarını göster)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="46" />
        <source>Part of its text was lost (events lost while it was recorded).</source>
        <translation>Metninin bir kısmı kayboldu (kaydedilirken olaylar kayboldu).</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="49" />
        <source>(no Python frames)</source>
        <translation>(Python çerçevesi yok)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="57" />
        <source>Click the mark to read it whole in the details pane.</source>
        <translation>Tamamını ayrıntılar bölmesinde okumak için işarete tıklayın.</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stacktext.cpp" line="64" />
        <source>Python stacks of the job's threads: %1</source>
        <translation>İşin thread'lerinin Python yığınları: %1</translation>
    </message>
</context>
<context>
    <name>StackedTimelines</name>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="136" />
        <source>Samples/s</source>
        <translation>Örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="140" />
        <source>Data stall</source>
        <translation>Veri beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="144" />
        <source>GPU busy</source>
        <translation>GPU meşgul</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="146" />
        <source>Copy/compute overlap</source>
        <translation>Kopya/hesaplama örtüşmesi</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="149" />
        <source>Time per batch</source>
        <translation>Batch başına süre</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="161" />
        <source>difference</source>
        <translation>fark</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="134" />
        <source> points</source>
        <translation> puan</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="139" />
        <source>First batch</source>
        <translation>İlk batch</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="147" />
        <source>H2D bandwidth</source>
        <translation>H2D bant genişliği</translation>
    </message>
    <message>
        <location filename="../gui/timeline/stackedtimelines.cpp" line="180" />
        <source>Verdict</source>
        <translation>Değerlendirme</translation>
    </message>
</context>
<context>
    <name>StatisticsWindow</name>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="29" />
        <source>fetch (one sample)</source>
        <translation>getirme (tek örnek)</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="31" />
        <source>collate</source>
        <translation>collate (birleştirme)</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="33" />
        <source>hand-over to the main process</source>
        <translation>ana sürece teslim</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="35" />
        <source>wait in next()</source>
        <translation>next() içinde bekleme</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="37" />
        <source>pin-memory copy</source>
        <translation>pin-memory kopyası</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="39" />
        <source>host-to-device copy</source>
        <translation>host'tan cihaza kopya</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="41" />
        <source>training step</source>
        <translation>eğitim adımı</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="207" />
        <source>Statistics</source>
        <translation>İstatistikler</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="208" />
        <source>Latency of each stage</source>
        <translation>Her aşamanın gecikmesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="209" />
        <source>Slowest samples (click one to show it on the timeline)</source>
        <translation>En yavaş örnekler (zaman çizelgesinde göstermek için birine tıklayın)</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="210" />
        <source>&amp;Histogram of:</source>
        <translation>&amp;Histogramı:</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="211" />
        <source>each line: one rank's spans, in % of them, by duration</source>
        <translation>her çizgi: bir rank'in aralıkları, süreye göre, yüzdesi olarak</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="212" />
        <source>each line: one worker's spans, in % of them, by duration</source>
        <translation>her çizgi: bir worker'ın aralıkları, süreye göre, yüzde olarak</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>Stage</source>
        <translation>Aşama</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>Count</source>
        <translation>Sayı</translation>
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
        <translation>p99,9</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="220" />
        <source>Max</source>
        <translation>En çok</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="32" />
        <source>Sample</source>
        <translation>Örnek</translation>
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
        <translation>Getirme</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>× median</source>
        <translation>× medyan</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Batch wait</source>
        <translation>Batch beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Head-of-line</source>
        <translation>Sıra başı</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Stall added</source>
        <translation>Eklenen bekleme</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>File</source>
        <translation>Dosya</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="33" />
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="224" />
        <source>No run yet: run one (F5), watch a job or open a recording.</source>
        <translation>Henüz çalıştırma yok: birini çalıştırın (F5), bir işi izleyin ya da bir kayıt açın.</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="226" />
        <source>The job's ranks together (%1): each stage's latency over all of them, and the slowest samples of any rank.</source>
        <translation>İşin rank'leri bir arada (%1): her aşamanın gecikmesi hepsinin üzerinden, ve herhangi bir rank'in en yavaş örnekleri.</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="228" />
        <source>The whole run.</source>
        <translation>Çalıştırmanın tamamı.</translation>
    </message>
    <message>
        <location filename="../gui/advice/statisticswindow.cpp" line="229" />
        <source>Live: the run so far (updated as it goes).</source>
        <translation>Canlı: şimdiye kadarki çalıştırma (ilerledikçe güncellenir).</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="70" />
        <source>Partial: %1 events were lost; a slow sample among them is not listed, and the distributions miss them.</source>
        <translation>Kısmi: %1 olay kayboldu; aralarındaki yavaş bir örnek listelenmez ve dağılımlar onları içermez.</translation>
    </message>
    <message>
        <location filename="../gui/advice/model/slowsampletable.cpp" line="50" />
        <source>main</source>
        <translation>ana</translation>
    </message>
</context>
<context>
    <name>StatusLine</name>
    <message>
        <location filename="../gui/app/statusline.cpp" line="41" />
        <source>What went wrong</source>
        <translation>Ne ters gitti</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="63" />
        <source>Watching %1 (pid %2)… Stop ends the job.</source>
        <translation>%1 izleniyor (pid %2)… Durdur işi sonlandırır.</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="65" />
        <source>Following a running job… Stop only stops watching it.</source>
        <translation>Çalışan bir iş izleniyor… Durdur yalnızca izlemeyi bırakır.</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="69" />
        <source>Running… engine pid %1</source>
        <translation>Çalışıyor… motor pid %1</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="71" />
        <source>The configuration is not runnable: see the message above the form.</source>
        <translation>Yapılandırma çalıştırılamaz: formun üstündeki mesaja bakın.</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="73" />
        <source>Ready: press Run (F5).</source>
        <translation>Hazır: Çalıştır'a basın (F5).</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="74" />
        <source>Details…</source>
        <translation>Ayrıntılar…</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="86" />
        <source>Worker %1 (pid %2) has not finished task %3 for %4 s</source>
        <translation>Worker %1 (pid %2), %3 numaralı görevi %4 saniyedir bitirmedi</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="92" />
        <source>Running… (the view missed %1 events; the complete record loads at the end)</source>
        <translation>Çalışıyor… (görünüm %1 olayı kaçırdı; tam kayıt sonda yüklenir)</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="99" />
        <source>A PyTorch profiler trace</source>
        <translation>Bir PyTorch profiler izi</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="101" />
        <source>Your PyTorch job: its own CUDA device</source>
        <translation>PyTorch işiniz: kendi CUDA cihazı</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="101" />
        <source>Your PyTorch job: no GPU work recorded</source>
        <translation>PyTorch işiniz: GPU işi kaydedilmedi</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="103" />
        <source>GPU: CUDA device</source>
        <translation>GPU: CUDA cihazı</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="105" />
        <source>GPU: simulated (a model, not a device)</source>
        <translation>GPU: simüle (bir model, cihaz değil)</translation>
    </message>
    <message>
        <location filename="../gui/app/statusline.cpp" line="106" />
        <source>GPU: chosen at run time (simulated when none is usable)</source>
        <translation>GPU: çalışırken seçilir (kullanılabilir cihaz yoksa simüle)</translation>
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
        <translation>epoch %1 başlıyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="60" />
        <source>worker %1 restarts (a new process on its lane)</source>
        <translation>worker %1 yeniden başlıyor (şeridinde yeni bir süreç)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="60" />
        <source>worker %1 starts</source>
        <translation>worker %1 başlıyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="61" />
        <source>the job's mark: %1</source>
        <translation>işin işareti: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="156" />
        <source>+%1 more labels (overlapping)</source>
        <translation>+%1 etiket daha (üst üste binen)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="177" />
        <source>and %1 more worker starts</source>
        <translation>ve %1 worker başlangıcı daha</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="186" />
        <source>epoch starts</source>
        <translation>epoch başlangıçları</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="186" />
        <source>worker starts</source>
        <translation>worker başlangıçları</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/stepmarks.cpp" line="186" />
        <source>the job's marks</source>
        <translation>işin işaretleri</translation>
    </message>
</context>
<context>
    <name>SummaryPanel</name>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="283" />
        <source>Verdict: %1</source>
        <translation>Değerlendirme: %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>Samples/s</source>
        <translation>Örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>First batch</source>
        <translation>İlk batch</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>Data stall</source>
        <translation>Veri beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="137" />
        <source>GPU busy</source>
        <translation>GPU meşgul</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>Source</source>
        <translation>Kaynak</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="136" />
        <source>The probe's own CPU</source>
        <translation>Probun kendi CPU'su</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="137" />
        <source>Repeating slowdowns</source>
        <translation>Yinelenen yavaşlamalar</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>Copy/compute overlap</source>
        <translation>Kopya/hesaplama örtüşmesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>H2D bandwidth</source>
        <translation>H2D bant genişliği</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>Workers busy</source>
        <translation>Worker'lar meşgul</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="138" />
        <source>Worker time</source>
        <translation>Worker zamanı</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="139" />
        <source>Memory peak</source>
        <translation>Bellek zirvesi</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="139" />
        <source>Shared memory</source>
        <translation>Paylaşılan bellek</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="143" />
        <source>Batch slots: the shared-memory segment's slots not free (each at its capacity). /dev/shm: the file system the segment lives on; a small one (Docker's 64 MB) ends runs with a bus error. Pinned: page-locked host memory for the copies.</source>
        <translation>Batch slotları: paylaşılan bellek segmentinin boş olmayan slotları (her biri kendi kapasitesiyle). /dev/shm: segmentin bulunduğu dosya sistemi; küçük bir /dev/shm (Docker'ın 64 MB'lık varsayılanı) çalıştırmaları bus error ile bitirir. Pinned: kopyalar için sayfaya kilitlenmiş host belleği.</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="146" />
        <source>Mean over the workers, each a share of the loop's time: on a CPU core, ready but waiting for a core, off the CPU in the dataset (I/O), and waiting for an index</source>
        <translation>Worker'ların ortalaması, her biri döngü süresinin payı olarak: bir CPU çekirdeğinde, hazır ama çekirdek bekliyor, veri kümesinde CPU dışında (G/Ç) ve bir indeks bekliyor</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="148" />
        <source>Model this job</source>
        <translation>Bu işi modelle</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="149" />
        <source>Fit the engine to what was observed (per-sample I/O and CPU time, batch size, the loader's knobs) and run it: the sweep and Prove it can then try knobs on the model in seconds</source>
        <translation>Motoru gözlemlenene (örnek başına G/Ç ve CPU süresi, batch boyutu, loader ayarları) uydurur ve çalıştırır: tarama ve Kanıtla ayarları model üzerinde saniyeler içinde deneyebilir</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="151" />
        <source>Prove it: measure the advice</source>
        <translation>Kanıtla: öneriyi ölç</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="223" />
        <source>The job failed: %1</source>
        <translation>İş başarısız oldu: %1</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="245" />
        <source>Details…</source>
        <translation>Ayrıntılar…</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="248" />
        <source>Summary</source>
        <translation>Özet</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="248" />
        <source>Summary (partial: the run did not finish)</source>
        <translation>Özet (kısmi: çalıştırma tamamlanmadı)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="249" />
        <source>Summary (partial: events were lost)</source>
        <translation>Özet (kısmi: olaylar kayboldu)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="251" />
        <source>Summary (live)</source>
        <translation>Özet (canlı)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="253" />
        <source>Summary (final, slowed ×%1)</source>
        <translation>Özet (son, ×%1 yavaşlatıldı)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="254" />
        <source>Summary (live, slowed ×%1)</source>
        <translation>Özet (canlı, ×%1 yavaşlatıldı)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="256" />
        <source>Of the previous run: the configuration has changed since. Run it (F5) to see its own figures.</source>
        <translation>Önceki çalıştırmanın: yapılandırma o zamandan beri değişti. Kendi değerlerini görmek için çalıştırın (F5).</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="296" />
        <source>(a first guess: the model of your job is checking it)</source>
        <translation>(ilk tahmin: işinizin modeli bunu denetliyor)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="302" />
        <source>Apply</source>
        <translation>Uygula</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="250" />
        <source>Summary (final)</source>
        <translation>Özet (son)</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="152" />
        <source>Runs a short sweep around each advised knob (the current value, the advised one, one beyond), three runs each, and reports the median samples/s and the spread before you change anything; Apply is offered for a change that is faster beyond the spread</source>
        <translation>Önerilen her ayar için kısa bir tarama çalıştırır (mevcut değer, önerilen değer ve bir ötesi), her biri üç kez, ve siz hiçbir şeyi değiştirmeden önce medyan örnek/s değerini ve yayılımı bildirir; Uygula, yayılımın ötesinde daha hızlı olan bir değişiklik için sunulur</translation>
    </message>
    <message>
        <location filename="../gui/advice/summarypanel.cpp" line="309" />
        <source>What to change:</source>
        <translation>Neyi değiştirmeli:</translation>
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
        <translation>PyTorch profiler izi</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="119" />
        <source>your PyTorch job</source>
        <translation>PyTorch işiniz</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="120" />
        <source>your PyTorch job (torch %1)</source>
        <translation>PyTorch işiniz (torch %1)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="122" />
        <source>simulated GPU (a model, not a device)</source>
        <translation>simüle GPU (bir model, cihaz değil)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="124" />
        <source>CUDA device</source>
        <translation>CUDA cihazı</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="139" />
        <source>%1 (from incomplete data: %2 events were lost)</source>
        <translation>%1 (eksik veriden: %2 olay kayboldu)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="169" />
        <source>CPU %1, waiting for a core %2, I/O %3, idle %4</source>
        <translation>CPU %1, çekirdek bekleme %2, G/Ç %3, boşta %4</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="282" />
        <source>main %1 RSS, %2 USS</source>
        <translation>ana %1 RSS, %2 USS</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="294" />
        <source>; workers up to %1 RSS (their USS was not read)</source>
        <translation>; worker'lar en fazla %1 RSS (USS'leri okunmadı)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="296" />
        <source>; workers up to %1 USS (%2 of %3 read)</source>
        <translation>; worker'lar en fazla %1 USS (%3 worker'ın %2 tanesi okundu)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="298" />
        <source>; workers up to %1 USS</source>
        <translation>; worker'lar en fazla %1 USS</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="311" />
        <source>slots up to %1 in use (segment %2)</source>
        <translation>kullanımdaki slotlar en fazla %1 (segment %2)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="312" />
        <source>slots up to %1 in use</source>
        <translation>kullanımdaki slotlar en fazla %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="314" />
        <source>this run's /dev/shm up to %1</source>
        <translation>bu çalıştırmanın /dev/shm kullanımı en çok %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="316" />
        <source>/dev/shm %1, %2 free at least</source>
        <translation>/dev/shm %1, en az %2 boş</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="318" />
        <source>pinned %1</source>
        <translation>sayfa-kilitli %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="324" />
        <source>RSS: the process's pages in memory, shared ones counted in full.
PSS: each shared page divided among the processes that map it (the PSS of all processes add up).
USS: memory only this process holds, freed when it ends: what a worker really costs.</source>
        <translation>RSS: sürecin bellekteki sayfaları; paylaşılanlar tam sayılır.
PSS: her paylaşılan sayfa, onu eşleyen süreçler arasında bölünür (tüm süreçlerin PSS'i toplanabilir).
USS: yalnızca bu sürecin tuttuğu, süreç bitince serbest kalan bellek: bir worker'ın gerçek maliyeti.</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="336" />
        <source>%1 of the job's (%2 µs per sample)</source>
        <translation>işinkinin %1 kadarı (örnek başına %2 µs)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="338" />
        <source>%1: more than %2, the figures show a job slowed by the watching</source>
        <translation>%1: %2 üzerinde, rakamlar izlemenin yavaşlattığı bir işi gösteriyor</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="345" />
        <source>The probe's own CPU: %1</source>
        <translation>Probun kendi CPU'su: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="352" />
        <source>in the step</source>
        <translation>adımda</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="352" />
        <source>in the wait for data</source>
        <translation>veri beklemesinde</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="354" />
        <source>at each epoch's start, %1 more %2 (%3 times, %4 in all)</source>
        <translation>her epoch'un başında %2 %1 fazla (%3 kez, toplam %4)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="357" />
        <source>every %1 steps from step %2, %3 more %4 (%5 times, %6 in all)</source>
        <translation>%2. adımdan başlayarak her %1 adımda bir, %4 %3 fazla (%5 kez, toplam %6)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="369" />
        <source>Source: %1</source>
        <translation>Kaynak: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="375" />
        <source>Samples/s: %1</source>
        <translation>Örnek/s: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="377" />
        <source>First batch: %1</source>
        <translation>İlk batch: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="379" />
        <source>Data stall: %1</source>
        <translation>Veri beklemesi: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="381" />
        <source>Repeating slowdowns: %1</source>
        <translation>Yinelenen yavaşlamalar: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="383" />
        <source>GPU busy: %1</source>
        <translation>GPU meşgul: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="385" />
        <source>Copy/compute overlap: %1</source>
        <translation>Kopya/hesaplama örtüşmesi: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="387" />
        <source>H2D bandwidth: %1</source>
        <translation>H2D bant genişliği: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="389" />
        <source>Workers busy: %1</source>
        <translation>Worker'lar meşgul: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="390" />
        <source>Worker time: %1</source>
        <translation>Worker zamanı: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="393" />
        <source>Memory peak: %1</source>
        <translation>Bellek zirvesi: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="394" />
        <source>Shared memory: %1</source>
        <translation>Paylaşılan bellek: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="408" />
        <source>Partial: %1 of at least %2 batches seen (%3 events lost); the figures cover what was seen</source>
        <translation>Kısmi: en az %2 batch'ten %1 tanesi görüldü (%3 olay kayboldu); rakamlar yalnızca görülenleri kapsar</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="414" />
        <source>%1 (over the part that ran)</source>
        <translation>%1 (çalışan kısım üzerinden)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="419" />
        <source>Verdict over the part that ran: %1</source>
        <translation>Çalışan kısım üzerinden karar: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="432" />
        <source>Verdict: %1</source>
        <translation>Değerlendirme: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="445" />
        <source>What to change:</source>
        <translation>Neyi değiştirmeli:</translation>
    </message>
    <message>
        <location filename="../gui/common/model/summarytext.cpp" line="452" />
        <location filename="../gui/common/model/summarytext.cpp" line="454" />
        <source>Warning: %1</source>
        <translation>Uyarı: %1</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="30" />
        <source>running the configuration…</source>
        <translation>yapılandırma çalıştırılıyor…</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="32" />
        <source>the configuration ran: %1 samples/s</source>
        <translation>yapılandırma çalıştı: %1 örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="44" />
        <source>%1: failed (%2)</source>
        <translation>%1: başarısız (%2)</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="46" />
        <source>%1: no result</source>
        <translation>%1: sonuç yok</translation>
    </message>
    <message>
        <location filename="../gui/common/model/progresstext.cpp" line="47" />
        <source>%1: %2 samples/s</source>
        <translation>%1: %2 örnek/s</translation>
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
        <translation>Parametre taraması</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="84" />
        <source>values, separated by commas</source>
        <translation>değerler, virgülle ayrılmış</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="89" />
        <source>Vary</source>
        <translation>Değiştir</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="91" />
        <source>and</source>
        <translation>ve</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="104" />
        <source>Batches per run</source>
        <translation>Çalıştırma başına batch</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="108" />
        <source>Each combination is run this many times. The table shows the median and the spread; the best is applied only when it is faster beyond the spread.</source>
        <translation>Her kombinasyon bu kadar kez çalıştırılır. Tablo medyanı ve yayılımı gösterir; en iyisi yalnızca yayılımın ötesinde daha hızlıysa uygulanır.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="110" />
        <source>Runs per combination</source>
        <translation>Kombinasyon başına çalıştırma</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="117" />
        <source>Run the sweep</source>
        <translation>Taramayı çalıştır</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="118" />
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="119" />
        <source>Export CSV…</source>
        <translation>CSV dışa aktar…</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="120" />
        <source>Export JSON…</source>
        <translation>JSON dışa aktar…</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="121" />
        <source>Apply best to the configuration</source>
        <translation>En iyisini yapılandırmaya uygula</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="144" />
        <source>The best combination is now in the configuration.</source>
        <translation>En iyi kombinasyon artık yapılandırmada.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="162" />
        <location filename="../gui/runs/sweepdialog.cpp" line="165" />
        <source>Export the sweep</source>
        <translation>Taramayı dışa aktar</translation>
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
        <translation>%1 / %2 çalıştırma bitti: %3</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="212" />
        <source>Running…</source>
        <translation>Çalışıyor…</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="230" />
        <source>The sweep was refused: check the knob values.</source>
        <translation>Tarama reddedildi: ayar değerlerini kontrol edin.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="230" />
        <source>The sweep ended without results.</source>
        <translation>Tarama sonuçsuz bitti.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="235" />
        <source>Sweep complete.</source>
        <translation>Tarama tamamlandı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="235" />
        <source>Sweep cancelled: the runs so far are shown.</source>
        <translation>Tarama iptal edildi: o ana kadarki çalıştırmalar gösteriliyor.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="237" />
        <source>The best %1 is at the edge of the values tried: the peak may lie beyond them; extend the range.</source>
        <translation>En iyi %1 denenen değerlerin kenarında: tepe noktası onların ötesinde olabilir; aralığı genişletin.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="264" />
        <source>The best, %1 samples/s, is faster beyond the spread of the runs: confirmed.</source>
        <translation>En iyisi, %1 örnek/s, çalıştırmaların yayılımının ötesinde daha hızlı: doğrulandı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="267" />
        <source>The configuration's own values are the best (%1 samples/s): nothing to change.</source>
        <translation>Yapılandırmanın kendi değerleri en iyisi (%1 örnek/s): değiştirilecek bir şey yok.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="269" />
        <source>The best, %1 samples/s, was measured once: not confirmed (run each combination at least twice).</source>
        <translation>En iyisi, %1 örnek/s, bir kez ölçüldü: doğrulanmadı (her kombinasyonu en az iki kez çalıştırın).</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="275" />
        <source>The best, %1 samples/s, is within the spread of another combination: not confirmed.</source>
        <translation>En iyisi, %1 örnek/s, başka bir kombinasyonun yayılımı içinde: doğrulanmadı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="276" />
        <source>The best, %1 samples/s, is within the spread of the configuration's own values (%2): not confirmed.</source>
        <translation>En iyisi, %1 örnek/s, yapılandırmanın kendi değerlerinin yayılımı içinde (%2): doğrulanmadı.</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="305" />
        <location filename="../gui/runs/sweepdialog.cpp" line="351" />
        <source>samples/s</source>
        <translation>örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>data stall</source>
        <translation>veri beklemesi</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>GPU busy</source>
        <translation>GPU meşgul</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>verdict</source>
        <translation>değerlendirme</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>error</source>
        <translation>hata</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="354" />
        <source>slowest and fastest run</source>
        <translation>en yavaş ve en hızlı çalıştırma</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="315" />
        <location filename="../gui/runs/sweepdialog.cpp" line="358" />
        <source>data stall (%)</source>
        <translation>veri beklemesi (%)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="287" />
        <source>Samples/s and data stall per combination (★ best)</source>
        <translation>Kombinasyon başına örnek/s ve veri beklemesi (★ en iyi)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>samples/s (median)</source>
        <translation>örnek/s (medyan)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="348" />
        <source>spread (slowest–fastest)</source>
        <translation>yayılım (en yavaş–en hızlı)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="356" />
        <source>fastest run</source>
        <translation>en hızlı çalıştırma</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="377" />
        <source>%1–%2 (%3 runs)</source>
        <translation>%1–%2 (%3 çalıştırma)</translation>
    </message>
    <message>
        <location filename="../gui/runs/sweepdialog.cpp" line="424" />
        <source>The sweep was not written: %1</source>
        <translation>Tarama yazılmadı: %1</translation>
    </message>
</context>
<context>
    <name>TimelineFind</name>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="120" />
        <source>there is no worker %1</source>
        <translation>worker %1 yok</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="125" />
        <source>worker %1 made no batch in the part of the run held in detail</source>
        <translation>worker %1, çalıştırmanın ayrıntılı tutulan kısmında hiç batch yapmadı</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="130" />
        <source>sample %1 was not fetched in the part of the run held in detail</source>
        <translation>örnek %1, çalıştırmanın ayrıntısı tutulan kısmında getirilmedi</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="135" />
        <source>batch %1 is not in the part of the run held in detail</source>
        <translation>batch %1, çalıştırmanın ayrıntısı tutulan kısmında yok</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="155" />
        <source>batch %1 (epoch %2)</source>
        <translation>batch %1 (epoch %2)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="156" />
        <source>no batch</source>
        <translation>batch yok</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="157" />
        <source>%1 · %2 of %3</source>
        <translation>%1 · %2 / %3</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="171" />
        <source>Batch %1, epoch %2</source>
        <translation>Batch %1, epoch %2</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/timelinefind.cpp" line="172" />
        <source>from %1 to %2 (%3)</source>
        <translation>%1 ile %2 arası (%3)</translation>
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
        <translation>bir batch (17, batch 17, epoch 1 batch 4), bir örnek (sample 123) ya da bir worker (worker 2) yazın</translation>
    </message>
</context>
<context>
    <name>TimelineLayout</name>
    <message>
        <location filename="../gui/timeline/draw/timelinelayout.cpp" line="40" />
        <source>+%1 more (F1)</source>
        <translation>+%1 tane daha (F1)</translation>
    </message>
</context>
<context>
    <name>TimelineRenderer</name>
    <message>
        <location filename="../gui/timeline/draw/timelinelayout.cpp" line="53" />
        <location filename="../gui/timeline/draw/timelinerenderer.cpp" line="129" />
        <source>Legend</source>
        <translation>Açıklama</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinerenderer.cpp" line="231" />
        <source>events lost: batches not seen</source>
        <translation>olaylar kayboldu: görülmeyen batch'ler</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="23" />
        <source>fetch sample</source>
        <translation>örnek getirme</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="24" />
        <source>collate</source>
        <translation>collate (birleştirme)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="26" />
        <source>idle (waiting for an index)</source>
        <translation>boşta (indeks bekliyor)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="22" />
        <source>worker start-up</source>
        <translation>worker başlangıcı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="27" />
        <source>waiting for data</source>
        <translation>veri bekleniyor</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="29" />
        <source>training step (issue)</source>
        <translation>eğitim adımı (başlatma)</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="30" />
        <source>starting workers</source>
        <translation>worker'lar başlatılıyor</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="31" />
        <source>shutting down workers</source>
        <translation>worker'lar kapatılıyor</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="36" />
        <source>pin copy</source>
        <translation>pin kopyası</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="37" />
        <source>host-to-device copy</source>
        <translation>host'tan cihaza kopya</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="38" />
        <source>step kernel</source>
        <translation>adım kernel'i</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="41" />
        <source>waiting while later batches are ready</source>
        <translation>sonraki batch'ler hazırken bekleme</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="48" />
        <source>waiting for a core</source>
        <translation>çekirdek bekleniyor</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="55" />
        <source>Python stack taken</source>
        <translation>Python yığını alındı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="57" />
        <source>the job's mark</source>
        <translation>işin işareti</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="54" />
        <location filename="../gui/timeline/model/lanekinds.cpp" line="65" />
        <source>host waits for the GPU</source>
        <translation>host GPU'yu bekliyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="55" />
        <source>host blocked: pageable copy</source>
        <translation>host engellendi: sayfalanabilir kopya</translation>
    </message>
    <message>
        <location filename="../gui/timeline/draw/timelinestyle.cpp" line="56" />
        <source>host blocked: synchronous copy</source>
        <translation>host engellendi: senkron kopya</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="39" />
        <source>host blocked</source>
        <translation>host engellendi</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="140" />
        <source>event</source>
        <translation>olay</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="18" />
        <source>main process (training loop)</source>
        <translation>ana süreç (eğitim döngüsü)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="23" />
        <source>pin-memory thread</source>
        <translation>pin-memory iş parçacığı</translation>
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
        <translation>GPU kopya (simüle)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="28" />
        <source>GPU copy stream</source>
        <translation>GPU kopya stream'i</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="32" />
        <source>GPU compute (simulated)</source>
        <translation>GPU hesaplama (simüle)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="31" />
        <source>GPU compute stream</source>
        <translation>GPU hesaplama stream'i</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="62" />
        <source>training step</source>
        <translation>eğitim adımı</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="64" />
        <source>host blocked by a copy</source>
        <translation>kopya host'u durduruyor</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="69" />
        <source>idle</source>
        <translation>boşta</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="70" />
        <source>start-up</source>
        <translation>başlatma</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="72" />
        <source>copy from pinned memory</source>
        <translation>sayfa-kilitli bellekten kopya</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/lanekinds.cpp" line="73" />
        <source>copy from pageable memory</source>
        <translation>sayfalanabilir bellekten kopya</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="20" />
        <source>worker started</source>
        <translation>worker başladı</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="35" />
        <source>error</source>
        <translation>hata</translation>
    </message>
    <message>
        <location filename="../engine/src/base/events.cpp" line="42" />
        <source>worker stalled</source>
        <translation>worker takıldı</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="369" />
        <source>at %1</source>
        <translation>%1 anında</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="376" />
        <source>Show Python stacks of the job's threads</source>
        <translation>İşin thread'lerinin Python yığınlarını göster</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="379" />
        <source>Only a live watched PyTorch job has Python stacks to take</source>
        <translation>Yalnızca izlenen ve çalışmakta olan bir PyTorch işinin alınacak Python yığınları vardır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="382" />
        <source>Read this stack</source>
        <translation>Bu yığını oku</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="407" />
        <source>%1 spans folded here</source>
        <translation>burada %1 aralık katlandı</translation>
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
        <translation>%1 boyunca: görmek için yakınlaştırın (W ya da tekerlek)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="420" />
        <source>sample %1</source>
        <translation>örnek %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="421" />
        <source>%1 samples</source>
        <translation>%1 örnek</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="424" />
        <source>made by worker %1</source>
        <translation>worker %1 yaptı</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="424" />
        <source>made in the main process</source>
        <translation>ana süreçte yapıldı</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="427" />
        <source>%1 KiB from %2 memory</source>
        <translation>%2 bellekten %1 KiB</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="427" />
        <source>pinned</source>
        <translation>sayfa-kilitli</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="427" />
        <source>pageable</source>
        <translation>sayfalanabilir</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="429" />
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="430" />
        <source>%1 later batches ready</source>
        <translation>%1 sonraki batch hazır</translation>
    </message>
    <message>
        <location filename="../gui/timeline/timelineview.cpp" line="433" />
        <source>duration %1</source>
        <translation>süre %1</translation>
    </message>
</context>
<context>
    <name>UserFiles</name>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="36" />
        <source>cannot read %1: %2</source>
        <translation>%1 okunamıyor: %2</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="38" />
        <source>%1 is a directory or a block device, not a file</source>
        <translation>%1 bir dizin ya da blok aygıtı, dosya değil</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="42" />
        <source>%1 is a FIFO that no process writes to</source>
        <translation>%1, hiçbir sürecin yazmadığı bir FIFO</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="44" />
        <source>%1 gave nothing for 10 s: the program writing to it is stuck</source>
        <translation>%1 10 sn boyunca hiçbir şey vermedi: ona yazan program takılmış</translation>
    </message>
    <message>
        <location filename="../gui/common/model/userfiles.cpp" line="71" />
        <source>%1 is larger than %2 bytes: it is not a configuration</source>
        <translation>%1, %2 bayttan büyük: bu bir yapılandırma değil</translation>
    </message>
</context>
<context>
    <name>WatchScriptDialog</name>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="50" />
        <source>Watch a Python script</source>
        <translation>Bir Python betiğini izle</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="52" />
        <source>Runs your training script as python3 would, with every torch.utils.data.DataLoader it makes recorded live: its real worker processes, each sample, the pin-memory thread. The script itself is not changed. It ends with the app (Stop ends it cleanly).</source>
        <translation>Eğitim betiğinizi python3 gibi çalıştırır; oluşturduğu her torch.utils.data.DataLoader canlı kaydedilir: gerçek worker süreçleri, her örnek, pin-memory iş parçacığı. Betiğin kendisi değişmez. Uygulamayla birlikte sona erer (Durdur temiz biçimde sonlandırır).</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="62" />
        <source>as on the command line, e.g. --epochs 2 --batch-size 64</source>
        <translation>komut satırındaki gibi, ör. --epochs 2 --batch-size 64</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="64" />
        <source>the script's folder</source>
        <translation>betiğin klasörü</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="66" />
        <source>Script</source>
        <translation>Betik</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="67" />
        <source>Training script</source>
        <translation>Eğitim betiği</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="68" />
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python betikleri (*.py);;Tüm dosyalar (*)</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="72" />
        <source>Arguments</source>
        <translation>Argümanlar</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="73" />
        <location filename="../gui/jobs/jobdialogs.cpp" line="74" />
        <source>Working directory</source>
        <translation>Çalışma dizini</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="78" />
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="81" />
        <source>Watch</source>
        <translation>İzle</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="111" />
        <source>Choose the script to run.</source>
        <translation>Çalıştırılacak betiği seçin.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="113" />
        <source>Cannot read %1.</source>
        <translation>%1 okunamıyor.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="115" />
        <source>The working directory %1 does not exist.</source>
        <translation>Çalışma dizini %1 yok.</translation>
    </message>
    <message>
        <location filename="../gui/jobs/jobdialogs.cpp" line="117" />
        <source>%1 is not an executable Python interpreter.</source>
        <translation>%1 çalıştırılabilir bir Python yorumlayıcısı değil.</translation>
    </message>
</context>
<context>
    <name>WorkerStatsModel</name>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="60" />
        <source>num_workers 0: the main process fetches every batch itself</source>
        <translation>num_workers 0: ana süreç her batch'i kendisi getirir</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="63" />
        <source>peaks: RSS %1, PSS %2, USS %3</source>
        <translation>zirveler: RSS %1, PSS %2, USS %3</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="67" />
        <source>USS grew %1 with the samples read (copy-on-read)</source>
        <translation>USS okunan örneklerle %1 büyüdü (okurken kopyalama)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="71" />
        <source>batches made: %1</source>
        <translation>üretilen batch: %1</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="75" />
        <source>main</source>
        <translation>ana</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="98" />
        <source>fetching samples and collating the batch, as a share of the loop's time</source>
        <translation>örnekleri getirme ve batch'i birleştirme, döngü süresinin payı olarak</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="99" />
        <source>of which on a CPU core (the worker's CPU time)</source>
        <translation>bunun bir CPU çekirdeğinde geçen kısmı (worker'ın CPU zamanı)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="100" />
        <source>of which ready to run but waiting for a core (more workers than free cores)</source>
        <translation>bunun çalışmaya hazır ama çekirdek bekleyen kısmı (boş çekirdekten fazla worker)</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="101" />
        <source>of which off the CPU inside the dataset: reading files, network, sleeps</source>
        <translation>bunun veri kümesi içinde CPU dışında geçen kısmı: dosya okuma, ağ, beklemeler</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="102" />
        <source>waiting for an index: the loop has not asked for more, or the prefetch window is full</source>
        <translation>bir indeks bekliyor: döngü daha fazlasını istemedi ya da ön getirme penceresi dolu</translation>
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
        <translation>batch</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="113" />
        <source>samples</source>
        <translation>örnek</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="114" />
        <source>busy</source>
        <translation>meşgul</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="115" />
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="116" />
        <source>core wait</source>
        <translation>çekirdek bekleme</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="117" />
        <source>I/O</source>
        <translation>G/Ç</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="118" />
        <source>idle</source>
        <translation>boşta</translation>
    </message>
    <message>
        <location filename="../gui/timeline/model/workerstatsmodel.cpp" line="119" />
        <source>peak USS</source>
        <translation>en yüksek USS</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../gui/app/main.cpp" line="79" />
        <source>The model of the job was not swept (--no-model-sweep): the advice above is the closed formula's first guess.</source>
        <translation>İşin modeli taranmadı (--no-model-sweep): yukarıdaki öneri kapalı formülün ilk tahminidir.</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="87" />
        <source>checking num_workers and prefetch_factor on the model of the job: %1 of %2 runs</source>
        <translation>işin modelinde num_workers ve prefetch_factor deneniyor: %1 / %2 çalıştırma</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="92" />
        <source>The model of the job could not be swept (%1): the advice above is the closed formula's first guess.</source>
        <translation>İşin modeli taranamadı (%1): yukarıdaki öneri kapalı formülün ilk tahminidir.</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="110" />
        <source>none of the recordings could be read</source>
        <translation>kayıtların hiçbiri okunamadı</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="130" />
        <source>Recording %1</source>
        <translation>Kayıt %1</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="132" />
        <source>Rank %1 of %2 recordings · %3</source>
        <translation>%2 kayıttan rank %1 · %3</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="134" />
        <source>Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).</source>
        <translation>Geride kalan: rank %1 zamanının %2 kadarını veri bekleyerek geçiriyor; diğer rank'ler %3 (medyan).</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="137" />
        <source>No rank's loader holds the others back.</source>
        <translation>Hiçbir rank'in loader'ı diğerlerini geride tutmuyor.</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="142" />
        <source>rank %1 · data stall %2 · %3 samples/s</source>
        <translation>rank %1 · veri beklemesi %2 · %3 örnek/s</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="163" />
        <source>--export draws a run, a lesson or recordings, not a profiler trace: open %1 in the window (File &gt; Open PyTorch profiler trace(s)) and export it from there</source>
        <translation>--export bir çalıştırmayı, bir dersi ya da kayıtları çizer, profiler izini değil: %1 dosyasını pencerede açın (Dosya &gt; PyTorch profiler izlerini aç) ve oradan dışa aktarın</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="182" />
        <source>--lesson takes a number from 1 to %1</source>
        <translation>--lesson 1 ile %1 arasında bir sayı alır</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="190" />
        <location filename="../gui/app/main.cpp" line="468" />
        <source>unknown preset %1; the presets are: %2</source>
        <translation>bilinmeyen hazır ayar %1; hazır ayarlar: %2</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="203" />
        <source>--size takes WIDTHxHEIGHT, for example 1600x900</source>
        <translation>--size GENİŞLİKxYÜKSEKLİK alır, örneğin 1600x900</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="207" />
        <source>--scale takes a number from 0.1 to 8</source>
        <translation>--scale 0,1 ile 8 arasında bir sayı alır</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="215" />
        <source>--slow-samples takes a number from 1 to %1 (a run keeps its %1 slowest samples)</source>
        <translation>--slow-samples 1 ile %1 arasında bir sayı alır (bir çalıştırma en yavaş %1 örneğini saklar)</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="229" />
        <source>the engine did not start</source>
        <translation>motor başlamadı</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="319" />
        <source>unknown --%1 value "%2"; the values are: %3</source>
        <translation>bilinmeyen --%1 değeri "%2"; geçerli değerler: %3</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="369" />
        <source>there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): this looks like a server or an ssh session without X forwarding. To see the window, connect with "ssh -X" and start it again; to get a picture of a run without a display, use --export FILE.png (or .svg, .pdf), for example: loaderscope --export run.png</source>
        <translation>pencerenin açılacağı bir ekran yok (ne DISPLAY ne WAYLAND_DISPLAY tanımlı): bu bir sunucu ya da X yönlendirmesi olmayan bir ssh oturumu gibi görünüyor. Pencereyi görmek için "ssh -X" ile bağlanıp yeniden başlatın; ekran olmadan bir çalıştırmanın resmini almak için --export DOSYA.png (ya da .svg, .pdf) kullanın, örneğin: loaderscope --export run.png</translation>
    </message>
    <message>
        <location filename="../gui/app/main.cpp" line="403" />
        <source>cannot read %1</source>
        <translation>%1 okunamıyor</translation>
    </message>
</context>
</TS>