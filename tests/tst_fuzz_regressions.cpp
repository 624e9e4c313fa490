// SPDX-License-Identifier: MIT
// Replays the fuzz corpus and every fuzzer finding (tests/fuzz/regressions) through the same
// functions the fuzz targets call: none may crash.
#include "fuzz/fuzz_entries.h"

#include <QDir>
#include <QFile>
#include <QtTest>

class TestFuzzRegressions : public QObject
{
    Q_OBJECT
private slots:
    void replay_data();
    void replay();
};

void TestFuzzRegressions::replay_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("path");
    int n = 0;
    for (const char* target : {"config", "trace"})
        for (const char* kind : {"corpus", "regressions"}) {
            const QDir dir(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fuzz/%1/%2").arg(QLatin1String(kind), QLatin1String(target)));
            for (const QString& f : dir.entryList(QDir::Files)) {
                QTest::newRow(qPrintable(QStringLiteral("%1/%2/%3").arg(QLatin1String(kind), QLatin1String(target), f)))
                    << QString::fromLatin1(target) << dir.filePath(f);
                ++n;
            }
        }
    QVERIFY(n > 10);
}

void TestFuzzRegressions::replay()
{
    QFETCH(QString, target);
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray data = f.readAll();
    const auto* bytes = reinterpret_cast<const uint8_t*>(data.constData());
    if (target == QLatin1String("config"))
        fuzz::config(bytes, size_t(data.size()));
    else
        fuzz::trace(bytes, size_t(data.size()));
}

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
