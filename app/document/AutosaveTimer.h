#pragma once

#include <QObject>

class QTimer;

namespace rb::editor {

// When the editing session autosaves: every N minutes (QSettings "autosave/minutes", default 2,
// 0 = never), or every RIVERBED_AUTOSAVE_SECONDS seconds when that environment variable is set
// (tests, and anyone who wants seconds). The session decides whether there is anything to save.
class AutosaveTimer : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultMinutes = 2;
    static constexpr const char* kSettingsKey = "autosave/minutes";
    static constexpr const char* kSecondsVariable = "RIVERBED_AUTOSAVE_SECONDS";

    explicit AutosaveTimer(QObject* parent = nullptr);

    int minutes() const; // the setting (the environment variable, if set, overrides it)
    void setMinutes(int minutes); // stored in QSettings; 0 turns autosave off
    int intervalSeconds() const { return intervalSeconds_; } // in force; 0: off

signals:
    void due();

private:
    void apply(int seconds);

    QTimer* timer_ = nullptr;
    int intervalSeconds_ = 0;
};

} // namespace rb::editor
