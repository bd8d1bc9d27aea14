#pragma once

#include <QMainWindow>
#include <QStringList>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QProgressDialog;
class QTableView;
class QTimer;
class RankListModel;
class TraceLoadJob;

namespace sightline {
class Status;
class Trace;
}

// The main window: opens a job (dialog, drag-and-drop, command line, recent files), loads it off the
// GUI thread behind a cancellable progress dialog, and lists its ranks. A failed load shows a dialog
// and keeps the job already open. Window state and recent files persist in QSettings.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openFiles(const QStringList& files);
    const std::shared_ptr<const sightline::Trace>& trace() const;

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void openFilesDialog();
    void openFolderDialog();
    void showAbout();
    void onLoaded(std::shared_ptr<const sightline::Trace> trace, const QStringList& files);
    void onFailed(const sightline::Status& status, const QStringList& files);
    void updateProgress();
    void addRecent(const QStringList& files);
    void rebuildRecentMenu();
    void updateTitle();

    RankListModel* m_model = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_summaryLabel = nullptr;
    TraceLoadJob* m_job = nullptr;
    QProgressDialog* m_progress = nullptr;
    QTimer* m_progressTimer = nullptr;
    QMenu* m_recentMenu = nullptr;
    QStringList m_files;
};
