#pragma once

#include "generator/GeneratorSettings.h"
#include "model/Map.h"

#include <QFutureWatcher>
#include <QImage>
#include <QLabel>
#include <QTimer>

#include <atomic>
#include <memory>

namespace rb::panels {

// A thumbnail of what Generate would make: the same settings at about kCells cells on the longer
// side (the cell size scaled so the map covers the same ground; every feature of the generator is
// sized relative to the map or in metres), generated off the GUI thread a moment after the last
// change, coloured by height with the initial water in blue. A newer request cancels an older one.
class GeneratorPreview : public QLabel {
    Q_OBJECT
public:
    explicit GeneratorPreview(QWidget* parent = nullptr);
    ~GeneratorPreview() override;

    void request(const gen::GeneratorSettings& settings); // debounced
    bool busy() const;

    static constexpr int kCells = 128;
    static gen::GeneratorSettings previewSettings(const gen::GeneratorSettings& settings);
    static QImage render(const Map& map);

signals:
    void updated(); // a new thumbnail (or a message) is showing

private:
    struct Outcome {
        QImage image;
        QString message; // when the settings are refused
        bool cancelled = false;
    };
    void start();
    void finish();

    gen::GeneratorSettings pending_;
    QTimer debounce_;
    QFutureWatcher<Outcome> watcher_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    bool restartWhenDone_ = false;
};

} // namespace rb::panels
