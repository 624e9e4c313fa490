// SPDX-License-Identifier: MIT
// The main window's actions, menus and toolbar, with their texts, shortcuts and tooltips in the
// current language. Created once; MainWindow wires them to what they do.
#pragma once

#include <QObject>

class QAction;
class QActionGroup;
class QComboBox;
class QLabel;
class QMainWindow;
class QMenu;
class QMenuBar;
class QSpinBox;
class QToolBar;

struct MainActions : public QObject
{
    Q_OBJECT
public:
    explicit MainActions(QMainWindow* window);
    void retranslate();
    /// Sizes the preset box for the entry it shows and its list for the longest (after its
    /// entries change; the box calls it itself when the entry shown changes).
    void fitPresetBox();
    /// The preset bar beside the main toolbar, or on a row of its own when both do not fit.
    void placePresetBar();

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    // The constructor's three steps: the actions (shortcuts, checkable), the menu bar, the
    // toolbars with the preset box and the slow-motion control.
    void makeActions();
    void makeMenus(QMenuBar* bar);
    void makeToolbars(QMainWindow* w);

public:

    // File
    QAction *open, *save, *exportPicture, *pictureSlowSamples, *exportTrace, *openRecording, *openProfile, *watchScript, *attachJob, *quit;
    // Run
    QAction *run, *stop, *repeat;
    // View
    QAction *fit, *follow, *zoomIn, *zoomOut, *find, *largeFonts, *stepChart;
    QActionGroup* themes;
    QAction *themeSystem, *themeLight, *themeDark;
    // Tools
    QAction *sweep, *compare, *statistics, *showStacks;
    // Lessons: the instructor's own quiz questions
    QAction *classQuiz, *importQuestions, *exportQuestions, *clearQuestions;
    // Language
    QAction *langEn, *langTr;
    // Help
    QAction *shortcuts, *about;

    QMenu *file, *runMenu, *view, *themeMenu, *tools, *lessons, *language, *help;
    QToolBar* toolbar;
    QToolBar* presetBar;
    QMainWindow* m_window;
    QLabel* presetLabel;
    QComboBox* presets;
    QLabel* slowLabel;
    QSpinBox* slowMotion;
};
