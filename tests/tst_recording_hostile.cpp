// SPDX-License-Identifier: MIT
// Reliability (issues 12, 44, 45): recordings and streams that are cut, tampered with or newer than
// this build, read by the engine's own readers: each is noticed, named and bounded, never trusted.
// Written with the engine's writers, read back in process and by `loaderscope-engine trace`.
#include "testutil.h"

#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/outputs/stream_writer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace testutil;

namespace {

/// A closed recording of `chunks` chunks of 100 events each, by the engine's own writer.
void writeRecording(const QString& path, int chunks)
{
    loaderscope::RecordingHeader h;
    h.num_workers = 1;
    loaderscope::RecordingWriter w(path.toStdString(), h);
    for (int c = 0; c < chunks; ++c) {
        for (int i = 0; i < 100; ++i) {
            loaderscope::Event e{};
            e.kind = loaderscope::EventKind::Fetch;
            e.t0 = uint64_t(1'000'000 + (c * 100 + i) * 1000);
            e.t1 = e.t0 + 500;
            e.arg0 = i;
            w.add(e);
        }
        w.flush();
    }
    std::string error;
    QVERIFY2(w.close(&error), error.c_str());
}

/// The largest "progress N/M" the command printed never passes M; returns the last N.
int checkProgress(const QByteArray& err)
{
    int last = 0;
    for (const QByteArray& line : err.split('\n'))
        if (line.startsWith("progress ")) {
            const QList<QByteArray> nm = line.mid(9).split('/');
            if (nm.size() != 2 || nm[0].toInt() > nm[1].toInt())
                return -1;
            last = nm[0].toInt();
        }
    return last;
}

} // namespace

namespace {

/// A version 3 stream as `loaderscope stream` writes it: start, two chunks, a beacon, the end.
std::vector<uint8_t> streamBytes(const std::function<void(std::vector<uint8_t>&, const char* what)>& tamper = {})
{
    using namespace loaderscope;
    RecordingHeader h;
    h.num_workers = 1;
    StreamInfoRecord info;
    info.monotonic_ns = 1000;
    info.realtime_ns = 1'700'000'000'000'000'000;
    info.pid = 42;
    std::vector<uint8_t> out = encodeStreamStart(h, info, {{"host", "gpu-7"}, {"boot_id", "b00t"}, {"k=ey", "v\nalue"}});
    if (tamper)
        tamper(out, "start");
    std::vector<Event> events(10);
    for (int i = 0; i < 10; ++i) {
        events[size_t(i)].kind = EventKind::Fetch;
        events[size_t(i)].t0 = uint64_t(2000 + i * 100);
        events[size_t(i)].t1 = events[size_t(i)].t0 + 50;
        events[size_t(i)].arg0 = i;
    }
    encodeEventChunk(events.data(), 5, out);
    StreamBeacon b;
    b.monotonic_ns = 2500;
    b.events = 5;
    std::vector<uint8_t> frame;
    encodeRecordFrame(kFrameBeacon, b.monotonic_ns, &b, sizeof b, frame);
    if (tamper)
        tamper(frame, "beacon");
    out.insert(out.end(), frame.begin(), frame.end());
    encodeEventChunk(events.data() + 5, 5, out);
    StreamEnd e;
    e.reason = uint32_t(StreamEndReason::Finished);
    e.events = 10;
    e.beacons = 1;
    frame.clear();
    encodeRecordFrame(kFrameEnd, 3000, &e, sizeof e, frame);
    if (tamper)
        tamper(frame, "end");
    out.insert(out.end(), frame.begin(), frame.end());
    return out;
}

QString writeBytes(const QTemporaryDir& dir, const QString& name, const std::vector<uint8_t>& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
    return path;
}

/// Rewrites a record frame's payload through `edit` and fixes its checksum (a well-formed frame
/// whose content lies).
void editRecord(std::vector<uint8_t>& frame, size_t frameAt, const std::function<void(std::vector<uint8_t>&)>& edit)
{
    loaderscope::ChunkHeader h;
    std::memcpy(&h, frame.data() + frameAt, sizeof h);
    std::vector<uint8_t> payload(frame.begin() + long(frameAt + sizeof h), frame.begin() + long(frameAt + sizeof h + h.payload_bytes));
    edit(payload);
    std::vector<uint8_t> rebuilt(frame.begin(), frame.begin() + long(frameAt));
    loaderscope::encodeRecordFrame(h.magic, h.t_min, payload.data(), payload.size(), rebuilt);
    rebuilt.insert(rebuilt.end(), frame.begin() + long(frameAt + sizeof h + h.payload_bytes), frame.end());
    frame = rebuilt;
}

} // namespace

class TestRecordingHostile : public QObject
{
    Q_OBJECT
private slots:
    void truncatedRecordingIsNoticed();
    void streamRecordsAreCheckedAsRead();
    void newerFormatIsNamed();
};

void TestRecordingHostile::streamRecordsAreCheckedAsRead()
{
    // The records of a version 3 stream are read back whole; a record that lies about its size, a
    // flipped byte, a record kind in a version 2 file, a cut zstd stream or a zstd bomb stop the
    // reading there, said by shortfall(), never read out of bounds.
    using namespace loaderscope;
    QTemporaryDir dir;
    {
        const RecordingReader r(writeBytes(dir, QStringLiteral("good.stream"), streamBytes()).toStdString());
        QCOMPARE(r.version(), 3);
        QVERIFY(r.streamInfo().has_value());
        QCOMPARE(r.streamInfo()->record.pid, 42);
        QCOMPARE(r.streamInfo()->field("host"), std::string("gpu-7"));
        QCOMPARE(r.streamInfo()->field("k_ey"), std::string("v alue")); // no '=' in a key, no newline in a value
        QCOMPARE(r.beacons().size(), size_t(1));
        QVERIFY(r.streamEnd().has_value());
        QCOMPARE(r.indexedEvents(), uint64_t(10));
        QCOMPARE(r.chunks(), size_t(2));
        QVERIFY(!r.shortfall().truncated);
    }
    // A flipped byte in the beacon: reading stops before it (5 events), reported.
    {
        const auto bytes = streamBytes([](std::vector<uint8_t>& f, const char* what) {
            if (std::string(what) == "beacon")
                f.back() ^= 0x40;
        });
        const RecordingReader r(writeBytes(dir, QStringLiteral("flipped.stream"), bytes).toStdString());
        QVERIFY(r.corrupt());
        QCOMPARE(r.indexedEvents(), uint64_t(5));
        QVERIFY(r.shortfall().truncated);
    }
    // A record claiming more bytes than its frame holds, or fewer than its own size word.
    for (uint32_t claimed : {uint32_t(4096), uint32_t(2)}) {
        const auto bytes = streamBytes([&](std::vector<uint8_t>& f, const char* what) {
            if (std::string(what) == "end")
                editRecord(f, 0, [&](std::vector<uint8_t>& p) { std::memcpy(p.data(), &claimed, sizeof claimed); });
        });
        const RecordingReader r(writeBytes(dir, QStringLiteral("lying.stream"), bytes).toStdString());
        QVERIFY(r.corrupt());
        QVERIFY(!r.streamEnd().has_value());
        QCOMPARE(r.indexedEvents(), uint64_t(10));
        QVERIFY(r.shortfall().truncated);
    }
    // A later layout's longer record: the known fields are taken, the rest skipped.
    {
        const auto bytes = streamBytes([](std::vector<uint8_t>& f, const char* what) {
            if (std::string(what) == "beacon")
                editRecord(f, 0, [](std::vector<uint8_t>& p) {
                    const uint32_t longer = uint32_t(p.size() + 16);
                    p.resize(p.size() + 16, 0xee);
                    std::memcpy(p.data(), &longer, sizeof longer);
                });
        });
        const RecordingReader r(writeBytes(dir, QStringLiteral("later.stream"), bytes).toStdString());
        QVERIFY(!r.corrupt());
        QCOMPARE(r.beacons().size(), size_t(1));
        QCOMPARE(r.beacons()[0].events, uint64_t(5));
        QVERIFY(!r.shortfall().truncated);
    }
    // Version 2 knows no records: a beacon there is a corrupt chunk.
    {
        auto bytes = streamBytes();
        std::memcpy(bytes.data(), kRecordingMagicV2, sizeof kRecordingMagicV2);
        const RecordingReader r(writeBytes(dir, QStringLiteral("v2.lsrec"), bytes).toStdString());
        QCOMPARE(r.version(), 2);
        QVERIFY(r.corrupt());
        QCOMPARE(r.indexedEvents(), uint64_t(0));
    }
    // No end record: a stream cut at a frame boundary still reads as cut.
    {
        auto bytes = streamBytes();
        bytes.resize(bytes.size() - 32 - sizeof(StreamEnd));
        const RecordingReader r(writeBytes(dir, QStringLiteral("noend.stream"), bytes).toStdString());
        const auto cut = r.shortfall();
        QVERIFY(cut.truncated && cut.noEnd);
        QVERIFY(describeShortfall(cut).find("no end record") != std::string::npos);
        QCOMPARE(r.indexedEvents(), uint64_t(10));
    }
    // Issue 46, item 5: cut right after its header (before even the stream-info record), a stream
    // is cut as any other, not a complete empty run.
    {
        auto bytes = streamBytes();
        bytes.resize(sizeof(RecordingHeader));
        const RecordingReader r(writeBytes(dir, QStringLiteral("headeronly.stream"), bytes).toStdString());
        QCOMPARE(r.version(), 3);
        const auto cut = r.shortfall();
        QVERIFY(cut.truncated && cut.noEnd);
        QCOMPARE(r.indexedEvents(), uint64_t(0));
    }
    // zstd: the whole stream reads as the plain one; cut, it reads up to the cut; a bomb (a tiny
    // file that decompresses to far more than a recording would) stops at the limit.
    {
        const auto plain = streamBytes();
        std::vector<uint8_t> packed;
        {
            int fds[2];
            QVERIFY(pipe(fds) == 0);
            StreamSink sink(fds[1], 3);
            // Two zstd frames, as the stream ends one after each beacon.
            const size_t half = plain.size() / 2;
            QVERIFY(sink.write(plain.data(), half) == StreamSink::Status::Ok);
            QVERIFY(sink.endFrame() == StreamSink::Status::Ok);
            QVERIFY(sink.write(plain.data() + half, plain.size() - half) == StreamSink::Status::Ok);
            QVERIFY(sink.endFrame() == StreamSink::Status::Ok);
            ::close(fds[1]);
            uint8_t buf[4096];
            for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;)
                packed.insert(packed.end(), buf, buf + n);
            ::close(fds[0]);
        }
        const RecordingReader whole(writeBytes(dir, QStringLiteral("s.zst"), packed).toStdString());
        QVERIFY(whole.compressed());
        QCOMPARE(whole.indexedEvents(), uint64_t(10));
        QVERIFY(!whole.shortfall().truncated);
        packed.resize(packed.size() - 8);
        const RecordingReader cut(writeBytes(dir, QStringLiteral("cut.zst"), packed).toStdString());
        QVERIFY(cut.shortfall().truncated && cut.shortfall().compressedCut);
        QVERIFY(cut.indexedEvents() < 10);
        // Cut inside its first zstd frame: nothing to read, and the error says why.
        packed.resize(20);
        try {
            const RecordingReader early(writeBytes(dir, QStringLiteral("early.zst"), packed).toStdString());
            QFAIL("a zstd stream cut before a recording's header was read");
        } catch (const RecordingError& e) {
            QVERIFY2(std::string(e.what()).find("zstd") != std::string::npos, e.what());
        }
        // 300 MiB of zeros after a whole stream, in a few KiB of zstd.
        const QString path = dir.filePath(QStringLiteral("bomb.zst"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            StreamSink sink(f.handle(), 3);
            QVERIFY(sink.write(plain) == StreamSink::Status::Ok);
            const std::vector<uint8_t> zeros(size_t(1) << 20, 0);
            for (int i = 0; i < 300; ++i)
                QVERIFY(sink.write(zeros) == StreamSink::Status::Ok);
            QVERIFY(sink.endFrame() == StreamSink::Status::Ok);
        }
        QVERIFY(QFileInfo(path).size() < (1 << 20));
        const RecordingReader r(path.toStdString());
        QVERIFY(r.shortfall().compressedCut);
        QCOMPARE(r.indexedEvents(), uint64_t(10));
        QVERIFY(r.indexedBytes() < (uint64_t(257) << 20));
    }
}

void TestRecordingHostile::truncatedRecordingIsNoticed()
{
    // A recording cut short (a copy interrupted, a full disk) is exported with a warning naming
    // where reading stopped, or refused when nothing could be read; progress never passes its total.
    QTemporaryDir dir;
    const QString whole = dir.filePath(QStringLiteral("whole.lsrec"));
    writeRecording(whole, 5);
    const qint64 size = QFileInfo(whole).size();
    auto trace = [&](const QString& rec) {
        return runEngineArgs({QStringLiteral("trace"), QStringLiteral("--recording"), rec, QStringLiteral("--out"),
                              dir.filePath(QFileInfo(rec).baseName() + QStringLiteral(".json"))});
    };
    EngineResult r = trace(whole);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!r.err.contains("warning"), r.err.constData());
    QCOMPARE(checkProgress(r.err), 5); // one line per chunk: 5/5, never 6/5

    auto cut = [&](const QString& name, qint64 bytes) {
        const QString path = dir.filePath(name);
        QFile::copy(whole, path);
        QFile f(path);
        f.resize(bytes);
        return path;
    };
    // Cut inside the last chunk: four chunks exported, the warning says where it stopped.
    const QString late = cut(QStringLiteral("late.lsrec"), size - 10);
    const loaderscope::RecordingReader lateReader(late.toStdString());
    r = trace(late);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("warning") && r.err.contains("400 events") &&
                 r.err.contains("byte " + QByteArray::number(qulonglong(lateReader.indexedBytes()))),
             r.err.constData());
    QVERIFY(checkProgress(r.err) >= 0);
    QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("late.json"))));
    // Cut inside the first chunk: nothing to export, exit 3, no empty trace.
    r = trace(cut(QStringLiteral("early.lsrec"), qint64(sizeof(loaderscope::RecordingHeader)) + 30));
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("0 events") && r.err.contains("byte 72"), r.err.constData());
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("early.json"))));
}

void TestRecordingHostile::newerFormatIsNamed()
{
    // A recording or stream of a newer probe (format 5, laid out otherwise) is refused by name:
    // both versions and the way out, not "not a Loaderscope recording".
    QTemporaryDir dir;
    const QString whole = dir.filePath(QStringLiteral("whole.lsrec"));
    writeRecording(whole, 2);
    const QString newer = dir.filePath(QStringLiteral("newer.lsrec"));
    QFile::copy(whole, newer);
    {
        QFile f(newer);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(5);
        f.write("005");
        f.write(QByteArray(40, '\x7f')); // a header this version cannot make sense of
    }
    const QByteArray said = "was written by a newer Loaderscope (recording format 5; this Loaderscope " LOADERSCOPE_VERSION
                            " reads formats 2 to 4): open it with a newer Loaderscope, or upgrade this one";
    try {
        loaderscope::RecordingReader r(newer.toStdString());
        QFAIL("a format 5 recording was read");
    } catch (const loaderscope::RecordingError& e) {
        QVERIFY2(QByteArray(e.what()).contains(said), e.what());
    }
    for (const QString& verb : {QStringLiteral("trace"), QStringLiteral("analyze")}) {
        QStringList args{verb, QStringLiteral("--recording"), newer};
        if (verb == QLatin1String("trace"))
            args << QStringLiteral("--out") << dir.filePath(QStringLiteral("t.json"));
        const EngineResult r = runEngineArgs(args);
        QVERIFY2(r.exitCode == 2 || r.exitCode == 3, qPrintable(verb + QString::number(r.exitCode)));
        QVERIFY2(r.err.contains(said), r.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestRecordingHostile)
#include "tst_recording_hostile.moc"
