#include "document/AutosaveTimer.h"

#include <QSettings>
#include <QTimer>

#include <algorithm>
#include <optional>

namespace rb::editor {

namespace {

// The environment's interval in seconds, if it holds a usable one.
std::optional<int> secondsFromEnvironment()
{
    bool ok = false;
    const int seconds = qEnvironmentVariableIntValue(AutosaveTimer::kSecondsVariable, &ok);
    if (!ok || seconds < 0) return std::nullopt;
    return seconds;
}

} // namespace

AutosaveTimer::AutosaveTimer(QObject* parent) : QObject(parent)
{
    timer_ = new QTimer(this);
    connect(timer_, &QTimer::timeout, this, &AutosaveTimer::due);
    apply(secondsFromEnvironment().value_or(minutes() * 60));
}

int AutosaveTimer::minutes() const
{
    return std::max(0, QSettings().value(kSettingsKey, kDefaultMinutes).toInt());
}

void AutosaveTimer::setMinutes(int minutes)
{
    QSettings().setValue(kSettingsKey, std::max(0, minutes));
    apply(secondsFromEnvironment().value_or(this->minutes() * 60));
}

void AutosaveTimer::apply(int seconds)
{
    intervalSeconds_ = seconds;
    if (seconds > 0) timer_->start(seconds * 1000);
    else timer_->stop();
}

} // namespace rb::editor
