// SPDX-License-Identifier: MIT
// Config validation: DataLoader's constructor rules with its meaning, plus the engine's own rules.
#include "loaderscope/config/config.h"
#include "loaderscope/config/config_schema.h"
#include "loaderscope/shm/shm_layout.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace loaderscope;

class TestConfig : public QObject
{
    Q_OBJECT
private slots:
    void defaults();
    void badConfigs_data();
    void badConfigs();
    void goodConfigs_data();
    void goodConfigs();
    void canonicalRoundTrip();
    void shmTooSmall();
    void filesDataset();
    void workerWarning();
    void schemaIsWhatTheParserApplies();
};

void TestConfig::defaults()
{
    const Config c = parseConfig("{}");
    QCOMPARE(c.loader.num_workers, 4);
    QCOMPARE(c.loader.prefetch_factor, 2);
    QCOMPARE(c.batchSize(), 32);
    QCOMPARE(c.dataset.length, 4096);
    QVERIFY(c.loader.in_order);
    QCOMPARE(c.device.backend, DeviceConfig::Backend::Auto);
    // prefetch_factor is None without workers
    const Config z = parseConfig(R"({"loader": {"num_workers": 0}})");
    QCOMPARE(z.loader.prefetch_factor, 0);
    // the built-in default is valid
    parseConfig(defaultConfigJson());
    // comments are accepted
    parseConfig("{ // a comment\n \"seed\": 1 }");
}

void TestConfig::badConfigs_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    auto row = [](const char* name, const char* json, const char* field, const char* message) {
        QTest::newRow(name) << QString::fromUtf8(json) << QString::fromUtf8(field) << QString::fromUtf8(message);
    };
    // DataLoader.__init__ rules, in its order
    row("num_workers negative", R"({"loader":{"num_workers":-1}})", "loader.num_workers", "should be non-negative");
    row("timeout negative", R"({"loader":{"timeout":-1}})", "loader.timeout", "timeout option should be non-negative");
    row("prefetch without workers", R"({"loader":{"num_workers":0,"prefetch_factor":2}})", "loader.prefetch_factor", "only be specified in multiprocessing");
    row("prefetch negative", R"({"loader":{"prefetch_factor":-1}})", "loader.prefetch_factor", "should be non-negative");
    row("prefetch zero", R"({"loader":{"prefetch_factor":0}})", "loader.prefetch_factor", "greater than 0");
    row("persistent without workers", R"({"loader":{"num_workers":0,"persistent_workers":true}})", "loader.persistent_workers", "num_workers > 0");
    row("context without workers", R"({"loader":{"num_workers":0,"multiprocessing_context":"spawn"}})", "loader.multiprocessing_context", "num_workers=0");
    row("context unknown", R"({"loader":{"multiprocessing_context":"thread"}})", "loader.multiprocessing_context", "valid start method in ['fork', 'spawn']");
    row("context forkserver", R"({"loader":{"multiprocessing_context":"forkserver"}})", "loader.multiprocessing_context", "fork and spawn only");
    row("context not a string", R"({"loader":{"multiprocessing_context":3}})", "loader.multiprocessing_context", "start method name");
    row("iterable shuffle", R"({"dataset":{"kind":"iterable"},"loader":{"shuffle":true}})", "loader.shuffle", "expected unspecified shuffle option, but got shuffle=True");
    row("iterable sampler", R"({"dataset":{"kind":"iterable"},"loader":{"sampler":{"kind":"distributed","num_replicas":2}}})", "loader.sampler", "expected unspecified sampler option");
    row("sampler with shuffle", R"({"loader":{"shuffle":true,"sampler":{"kind":"distributed","num_replicas":2}}})", "loader.sampler", "mutually exclusive with shuffle");
    row("batch_size None with drop_last", R"({"loader":{"batch_size":null,"drop_last":true}})", "loader.drop_last", "mutually exclusive with drop_last");
    row("batch_size zero", R"({"loader":{"batch_size":0}})", "loader.batch_size", "positive integer value, but got batch_size=0");
    row("batch_size bool", R"({"loader":{"batch_size":true}})", "loader.batch_size", "batch_size=True");
    row("batch_size float", R"({"loader":{"batch_size":32.0}})", "loader.batch_size", "positive integer value");
    row("drop_last string", R"({"loader":{"drop_last":"yes"}})", "loader.drop_last", "drop_last should be a boolean value, but got drop_last='yes'");
    row("timeout with 0 workers", R"({"loader":{"num_workers":0,"timeout":5}})", "loader.timeout", "timeout must be 0 when num_workers is 0");
    row("distributed rank", R"({"loader":{"sampler":{"kind":"distributed","num_replicas":4,"rank":4}}})", "loader.sampler.rank", "Invalid rank 4, rank should be in the interval [0, 3]");
    row("distributed replicas", R"({"loader":{"sampler":{"kind":"distributed","num_replicas":0}}})", "loader.sampler.num_replicas", "positive integer");
    row("sampler kind", R"({"loader":{"sampler":{"kind":"weighted"}}})", "loader.sampler.kind", "unknown sampler kind");
    // the engine's own rules
    row("invalid JSON", "{\"loader\": {\"num_workers\": 2,}}", "", "invalid JSON at line 1");
    row("unknown top-level key", R"({"loadr":{}})", "loadr", "did you mean 'loader'?");
    row("unknown loader key", R"({"loader":{"num_worker":2}})", "loader.num_worker", "did you mean 'num_workers'?");
    row("key in wrong section", R"({"dataset":{"num_workers":2}})", "dataset.num_workers", "belongs in 'loader'");
    row("wrong type int", R"({"loader":{"num_workers":"4"}})", "loader.num_workers", "expected an integer, got a string");
    row("wrong type bool", R"({"loader":{"in_order":1}})", "loader.in_order", "expected true or false");
    row("too many workers", R"({"loader":{"num_workers":1000}})", "loader.num_workers", "out of range");
    row("dataset kind", R"({"dataset":{"kind":"parquet"}})", "dataset.kind", "unknown dataset kind 'parquet'");
    row("length zero", R"({"dataset":{"length":0}})", "dataset.length", "out of range");
    row("sample_bytes huge", R"({"dataset":{"sample_bytes":4294967296}})", "dataset.sample_bytes", "out of range");
    row("latency negative", R"({"dataset":{"io_latency_us":-5}})", "dataset.io_latency_us", "out of range");
    row("latency dist", R"({"dataset":{"io_latency_us":{"dist":"gamma","mean":5}}})", "dataset.io_latency_us.dist", "unknown distribution");
    row("latency no mean", R"({"dataset":{"io_latency_us":{"dist":"lognormal"}}})", "dataset.io_latency_us.mean", "missing");
    row("shard on map", R"({"dataset":{"kind":"map","shard":true}})", "dataset.shard", "iterable datasets only");
    row("files without path", R"({"dataset":{"kind":"files"}})", "dataset.path", "needs 'path'");
    row("files missing dir", R"({"dataset":{"kind":"files","path":"/nonexistent/loaderscope"}})", "dataset.path", "does not exist");
    row("path on map", R"({"dataset":{"kind":"map","path":"/tmp"}})", "dataset.path", "files dataset only");
    row("slow sample outside", R"({"dataset":{"length":10,"slow_samples":[{"index":10}]}})", "dataset.slow_samples", "outside the dataset");
    row("pin_memory string", R"({"loader":{"pin_memory":"yes"}})", "loader.pin_memory", "expected false, true or \"shared\"");
    row("pin shared without workers", R"({"loader":{"num_workers":0,"pin_memory":"shared"}})", "loader.pin_memory", "needs num_workers > 0");
    row("epochs zero", R"({"train":{"epochs":0}})", "train.epochs", "out of range");
    row("max_batches zero", R"({"train":{"max_batches":0}})", "train.max_batches", "out of range");
    row("step negative", R"({"train":{"step_us":-1}})", "train.step_us", "out of range");
    row("on_exception", R"({"train":{"on_exception":"ignore"}})", "train.on_exception", "expected 'stop' or 'continue'");
    row("backend", R"({"device":{"backend":"rocm"}})", "device.backend", "unknown backend 'rocm'");
    row("bandwidth zero", R"({"device":{"h2d_gbps_pinned":0}})", "device.h2d_gbps_pinned", "out of range");
    row("fault worker", R"({"loader":{"num_workers":2},"faults":[{"worker":2,"kind":"crash"}]})", "faults[0].worker", "does not exist");
    row("fault kind", R"({"faults":[{"worker":0,"kind":"explode"}]})", "faults[0].kind", "unknown fault kind 'explode'");
    row("fault crash main", R"({"loader":{"num_workers":0},"faults":[{"kind":"crash"}]})", "faults[0].kind", "only 'exception'");
    row("fault epoch", R"({"train":{"epochs":2},"faults":[{"worker":0,"kind":"hang","epoch":2}]})", "faults[0].epoch", "out of range");
    row("faults not array", R"({"faults":{"worker":0}})", "faults", "expected an array");
    row("dataset not object", R"({"dataset":[1,2]})", "dataset", "expected an object");
}

void TestConfig::badConfigs()
{
    QFETCH(QString, json);
    QFETCH(QString, field);
    QFETCH(QString, message);
    try {
        parseConfig(json.toStdString());
        QFAIL("accepted a bad config");
    } catch (const ConfigError& e) {
        QCOMPARE(QString::fromStdString(e.field()), field);
        const QString what = QString::fromStdString(e.what());
        if (!what.contains(message))
            QFAIL(qPrintable(QStringLiteral("message '%1' lacks '%2'").arg(what, message)));
    }
}

void TestConfig::goodConfigs_data()
{
    QTest::addColumn<QString>("json");
    QTest::newRow("iterable shuffle false") << R"({"dataset":{"kind":"iterable"},"loader":{"shuffle":false}})";
    QTest::newRow("no auto-batching") << R"({"loader":{"batch_size":null}})";
    QTest::newRow("prefetch null without workers") << R"({"loader":{"num_workers":0,"prefetch_factor":null,"multiprocessing_context":null}})";
    QTest::newRow("lognormal") << R"({"dataset":{"io_latency_us":{"dist":"lognormal","mean":500,"sigma":0.3}}})";
    QTest::newRow("distributed") << R"({"loader":{"sampler":{"kind":"distributed","num_replicas":4,"rank":3,"seed":7,"epoch":1}}})";
    QTest::newRow("exception in main") << R"({"loader":{"num_workers":0},"faults":[{"kind":"exception","at_batch":3}]})";
    QTest::newRow("pin shared") << R"({"loader":{"pin_memory":"shared"}})";
}

void TestConfig::goodConfigs()
{
    QFETCH(QString, json);
    try {
        parseConfig(json.toStdString());
    } catch (const ConfigError& e) {
        QFAIL(e.what());
    }
}

void TestConfig::canonicalRoundTrip()
{
    const Config a = parseConfig(R"({"seed":5,"dataset":{"kind":"iterable","length":77,"shard":true,
        "io_latency_us":{"dist":"lognormal","mean":300,"sigma":0.2}},
        "loader":{"batch_size":7,"num_workers":3,"prefetch_factor":4,"persistent_workers":true,
        "pin_memory":"shared","in_order":false,"timeout":2.5,"multiprocessing_context":"spawn"},
        "train":{"epochs":3,"max_batches":9,"step_us":10,"copy_stream":false},
        "faults":[{"worker":2,"at_batch":1,"kind":"hang","epoch":1}]})");
    const std::string once = configToJson(a);
    const Config b = parseConfig(once);
    QCOMPARE(configToJson(b), once);
    QCOMPARE(b.loader.start_method, StartMethod::Spawn);
    QCOMPARE(b.loader.pin_memory, PinMemory::Shared);
    QCOMPARE(b.faults.size(), size_t(1));
    QCOMPARE(b.dataset.io_latency.dist, Latency::Dist::Lognormal);
}

void TestConfig::shmTooSmall()
{
    // 64 samples of 1 GiB per batch, 10 slots: far more than any /dev/shm here.
    try {
        parseRunConfig(R"({"dataset":{"sample_bytes":1073741824},"loader":{"batch_size":64,"num_workers":2}})");
        QFAIL("accepted a config that cannot fit in /dev/shm");
    } catch (const ConfigError& e) {
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.contains(QStringLiteral("of /dev/shm")) && what.contains(QStringLiteral("is free")),
                 qPrintable(what));
    }
}

void TestConfig::filesDataset()
{
    QTemporaryDir dir;
    for (int i = 0; i < 3; ++i) {
        QFile f(dir.filePath(QStringLiteral("s%1.bin").arg(i)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(100 + i, 'x'));
    }
    QDir(dir.path()).mkdir(QStringLiteral("subdir")); // not a sample
    const Config c = parseConfig(QStringLiteral(R"({"dataset":{"kind":"files","path":"%1"}})").arg(dir.path()).toStdString());
    QCOMPARE(c.datasetLength(), int64_t(3));
    QVERIFY(QString::fromStdString(c.dataset.files[0]).endsWith(QStringLiteral("s0.bin")));
    QTemporaryDir empty;
    QVERIFY_THROWS_EXCEPTION(ConfigError, parseConfig(QStringLiteral(R"({"dataset":{"kind":"files","path":"%1"}})").arg(empty.path()).toStdString()));

    // A files dataset's latency is its real reads: no synthetic io_latency_us unless the config
    // sets one (it was the synthetic default, 1 ms, on top of every read).
    QCOMPARE(c.dataset.io_latency.mean_us, 0.0);
    QCOMPARE(defaultIoLatencyUs(DatasetConfig::Kind::Files), 0.0);
    const Config set = parseConfig(
        QStringLiteral(R"({"dataset":{"kind":"files","path":"%1","io_latency_us":250}})").arg(dir.path()).toStdString());
    QCOMPARE(set.dataset.io_latency.mean_us, 250.0);
    const Config lognormal = parseConfig(
        QStringLiteral(R"({"dataset":{"kind":"files","path":"%1","io_latency_us":{"dist":"lognormal","mean":300}}})").arg(dir.path()).toStdString());
    QCOMPARE(lognormal.dataset.io_latency.mean_us, 300.0);
    QVERIFY(lognormal.dataset.io_latency.dist == Latency::Dist::Lognormal);
    // The synthetic kinds keep the schema's default.
    QCOMPARE(parseConfig(R"({"dataset":{"kind":"iterable"}})").dataset.io_latency.mean_us, configKey("dataset.io_latency_us").number);
    QCOMPARE(configKey("dataset.io_latency_us").number, defaultIoLatencyUs(DatasetConfig::Kind::Map));
}

void TestConfig::workerWarning()
{
    // check_worker_number_rationality: a warning, never an error.
    const Config c = parseConfig(R"({"loader":{"num_workers":64}})");
    QVERIFY(!c.warnings.empty());
}


namespace {

/// A config with `value` at the schema key `path`, plus what the key needs to apply at all
/// (a sampler object for its members, a fault list, one slow sample).
std::string configWith(const std::string& path, const nlohmann::json& value)
{
    nlohmann::json j = nlohmann::json::object();
    const std::string name = path.substr(path.rfind('.') + 1);
    if (path.rfind("loader.sampler.", 0) == 0) {
        j["loader"]["sampler"] = {{"kind", "distributed"}, {"num_replicas", 1 << 20}};
        j["loader"]["sampler"][name] = value;
    } else if (path.rfind("dataset.slow_samples.", 0) == 0) {
        j["dataset"]["length"] = int64_t(1) << 40; // every index the schema allows is in the dataset
        j["dataset"]["slow_samples"] = nlohmann::json::array({{{"index", 0}}});
        j["dataset"]["slow_samples"][0][name] = value;
    } else if (path == "dataset.io_latency_us.dist" || path == "dataset.io_latency_us.sigma") {
        j["dataset"]["io_latency_us"] = {{"dist", "lognormal"}, {"mean", 10}};
        j["dataset"]["io_latency_us"][name] = value;
    } else if (path.find('.') == std::string::npos) {
        j[path] = value;
    } else {
        j[path.substr(0, path.find('.'))][name] = value;
    }
    return j.dump();
}

bool accepted(const std::string& text)
{
    try {
        parseConfig(text);
        return true;
    } catch (const ConfigError&) {
        return false;
    }
}

} // namespace

void TestConfig::schemaIsWhatTheParserApplies()
{
    // The app's form shows the schema's ranges, defaults and choices (config_schema.h); the engine
    // must accept exactly those. Keys whose bounds depend on other keys (a fault's worker and epoch,
    // the sampler's rank, a files dataset's path) are checked by their own rows above.
    const std::vector<std::string> dependent = {"faults.worker", "faults.epoch", "faults.at_batch", "faults.kind",
                                                "loader.sampler.rank", "dataset.path", "loader.pin_memory",
                                                "loader.batch_size", "dataset.sample_bytes"};
    int checked = 0;
    for (const ConfigKey& k : configKeys()) {
        if (std::find(dependent.begin(), dependent.end(), k.path) != dependent.end())
            continue;
        const QByteArray what = QByteArray::fromStdString(k.path);
        switch (k.type) {
        case ConfigKey::Type::Int:
            QVERIFY2(accepted(configWith(k.path, int64_t(k.min))), what);
            QVERIFY2(!accepted(configWith(k.path, int64_t(k.min) - 1)), what);
            if (k.max < 9e18) {
                QVERIFY2(accepted(configWith(k.path, int64_t(k.max))), what);
                QVERIFY2(!accepted(configWith(k.path, int64_t(k.max) + 1)), what);
            }
            break;
        case ConfigKey::Type::Number:
            QVERIFY2(accepted(configWith(k.path, k.min)), what);
            QVERIFY2(accepted(configWith(k.path, k.max)), what);
            QVERIFY2(!accepted(configWith(k.path, k.max * 1.01 + 1)), what);
            break;
        case ConfigKey::Type::Choice:
            for (const std::string& c : k.choices)
                if (c != "files") // needs a folder: filesDataset
                    QVERIFY2(accepted(configWith(k.path, c)), (what + " = " + QByteArray::fromStdString(c)).constData());
            QVERIFY2(!accepted(configWith(k.path, "no-such-choice")), what);
            break;
        case ConfigKey::Type::Bool:
        case ConfigKey::Type::Text:
            break;
        }
        ++checked;
    }
    QVERIFY(checked >= 25);

    // The defaults: what an empty config parses to.
    const Config c = parseConfig("{}");
    QCOMPARE(double(c.dataset.length), configKey("dataset.length").number);
    QCOMPARE(double(c.dataset.sample_bytes), configKey("dataset.sample_bytes").number);
    QCOMPARE(c.dataset.io_latency.mean_us, configKey("dataset.io_latency_us").number);
    QCOMPARE(double(c.batchSize()), configKey("loader.batch_size").number);
    QCOMPARE(double(c.loader.num_workers), configKey("loader.num_workers").number);
    QCOMPARE(double(c.loader.prefetch_factor), configKey("loader.prefetch_factor").number);
    QCOMPARE(c.loader.in_order, configKey("loader.in_order").flag());
    QCOMPARE(c.train.step_us, configKey("train.step_us").number);
    QCOMPARE(c.train.non_blocking, configKey("train.non_blocking").flag());
    QCOMPARE(c.device.h2d_gbps_pinned, configKey("device.h2d_gbps_pinned").number);
    QCOMPARE(int(c.device.backend), configKey("device.backend").choiceIndex(configKey("device.backend").text));
    QCOMPARE(int(c.dataset.kind), configKey("dataset.kind").choiceIndex(configKey("dataset.kind").text));
    // Choice order is the enum order (configToJson writes names from the schema).
    const Config spawn = parseConfig(R"({"loader":{"multiprocessing_context":"spawn"},"device":{"backend":"sim"}})");
    QCOMPARE(spawn.loader.start_method, StartMethod(configKey("loader.multiprocessing_context").choiceIndex("spawn")));
    QCOMPARE(spawn.device.backend, DeviceConfig::Backend(configKey("device.backend").choiceIndex("sim")));
    QVERIFY_THROWS_EXCEPTION(std::logic_error, configKey("loader.no_such_key"));
}

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
