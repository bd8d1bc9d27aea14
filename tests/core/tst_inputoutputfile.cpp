// InputFile and OutputFile, the one way paths are read and written: devices, FIFOs, sockets and folders
// refused at once in every role, size limits by role, and writes that are whole or absent: a file-size
// limit (a full disk to write()), a device as the target, a symlink at the target (replaced, never written
// through) and a missing folder each end in an error naming the file, with the old file untouched.

#include "core/base/inputfile.h"
#include "core/base/outputfile.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace sightline;

namespace {

std::string contentsOf(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void put(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary) << text;
}

} // namespace

class TestInputOutputFile : public QObject {
    Q_OBJECT

private slots:
    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        QTest::newRow("zero device") << "/dev/zero" << "character device";
        QTest::newRow("random device") << "/dev/urandom" << "character device";
        QTest::newRow("folder") << "/tmp" << "folder";
        QTest::newRow("fifo") << "FIFO" << "FIFO";
        QTest::newRow("socket") << "SOCKET" << "socket";
    }

    void refusesWhatIsNotARegularFile()
    {
        QFETCH(QString, path);
        QFETCH(QString, says);
        QTemporaryDir dir;
        std::string p = path.toStdString();
        FileDescriptor keep;
        if (path == QLatin1String("FIFO")) {
            p = dir.filePath(QStringLiteral("pipe")).toStdString();
            QCOMPARE(::mkfifo(p.c_str(), 0600), 0);
        } else if (path == QLatin1String("SOCKET")) {
            p = dir.filePath(QStringLiteral("sock")).toStdString();
            keep.reset(::socket(AF_UNIX, SOCK_STREAM, 0));
            sockaddr_un address {};
            address.sun_family = AF_UNIX;
            std::snprintf(address.sun_path, sizeof address.sun_path, "%s", p.c_str());
            QCOMPARE(::bind(keep.get(), reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        }
        QElapsedTimer timer;
        timer.start();
        for (InputFile::Role role : { InputFile::Role::Strategy, InputFile::Role::Scenario, InputFile::Role::Manifest, InputFile::Role::Trace }) {
            const Expected<std::string> text = InputFile::read(p, role);
            QVERIFY(!text);
            QCOMPARE(text.status().file(), p);
            QVERIFY2(QString::fromStdString(text.status().detail()).contains(says), text.status().detail().c_str());
        }
        QVERIFY(timer.elapsed() < 5000); // refused at once, not read or waited on
    }

    void boundsBySize()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("big.json")).toStdString();
        put(path, std::string(static_cast<std::size_t>(InputFile::sizeLimit(InputFile::Role::Strategy)) + 1, ' '));
        const Expected<std::string> big = InputFile::read(path, InputFile::Role::Strategy);
        QVERIFY(!big);
        QCOMPARE(big.status().code(), ErrorCode::TooLarge);
        QVERIFY(big.status().detail().find(std::to_string(InputFile::sizeLimit(InputFile::Role::Strategy))) != std::string::npos);
        QVERIFY(InputFile::read(path, InputFile::Role::Manifest)); // 16 MiB for a manifest
        put(path, "");
        QCOMPARE(InputFile::read(path, InputFile::Role::Scenario).status().code(), ErrorCode::EmptyFile);
        QCOMPARE(InputFile::read(dir.filePath(QStringLiteral("none")).toStdString(), InputFile::Role::Scenario).status().code(),
            ErrorCode::FileNotFound);
        put(path, "{\"version\": 1}");
        QCOMPARE(*InputFile::read(path, InputFile::Role::Scenario), std::string("{\"version\": 1}"));
    }

    void writesWholeAndReplaces()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("out.json")).toStdString();
        put(path, "old");
        QVERIFY(OutputFile::writeWhole(path, "new text").ok());
        QCOMPARE(contentsOf(path), std::string("new text"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left behind
    }

    // A symlink at the target is replaced by the new file; its target keeps what it held.
    void neverWritesThroughASymlink()
    {
        QTemporaryDir dir;
        const std::string victim = dir.filePath(QStringLiteral("victim")).toStdString();
        const std::string link = dir.filePath(QStringLiteral("ddp_args.json")).toStdString();
        put(victim, "precious");
        QCOMPARE(::symlink(victim.c_str(), link.c_str()), 0);
        QVERIFY(OutputFile::writeWhole(link, "{}").ok());
        QCOMPARE(contentsOf(victim), std::string("precious"));
        struct stat st {};
        QCOMPARE(::lstat(link.c_str(), &st), 0);
        QVERIFY(S_ISREG(st.st_mode));
        QCOMPARE(contentsOf(link), std::string("{}"));
    }

    void refusesADeviceOrFolderTarget()
    {
        const Status full = OutputFile::writeWhole("/dev/full", "x");
        QCOMPARE(full.code(), ErrorCode::WriteFailed);
        QCOMPARE(full.file(), std::string("/dev/full"));
        QTemporaryDir dir;
        QCOMPARE(OutputFile::writeWhole(dir.path().toStdString(), "x").code(), ErrorCode::WriteFailed);
        QCOMPARE(OutputFile::writeWhole(dir.filePath(QStringLiteral("no/such/folder/x")).toStdString(), "x").code(), ErrorCode::WriteFailed);
    }

    // write() on a full disk fails as it does past the file-size limit: the error names the file, and
    // the old file and the folder stay as they were.
    void aFullDiskIsAnError()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("trace.json")).toStdString();
        put(path, "old");
        rlimit saved {};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previous = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved;
        small.rlim_cur = 4096;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        OutputFile file;
        Status s = file.open(path);
        if (s.ok())
            s = file.write(std::string(1 << 20, 'x'));
        const Status committed = file.commit();
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previous);
        QCOMPARE(s.code(), ErrorCode::WriteFailed);
        QCOMPARE(committed.code(), ErrorCode::WriteFailed); // the first error sticks
        QCOMPARE(s.file(), path);
        file.discard();
        QCOMPARE(contentsOf(path), std::string("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }
};

QTEST_APPLESS_MAIN(TestInputOutputFile)
#include "tst_inputoutputfile.moc"
