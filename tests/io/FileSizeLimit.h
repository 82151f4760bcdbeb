#pragma once

#include <sys/resource.h>

namespace rb::test {

// Lowers this process's file-size limit for the scope (as `ulimit -f` does), with SIGXFSZ
// ignored, so a write past it fails with EFBIG ("File too large") instead of killing the test:
// it stands in for a full disk, and works as root too, unlike a read-only folder.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes);
    ~FileSizeLimit();
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    rlimit saved_{};
    void (*previousHandler_)(int) = nullptr;
};

} // namespace rb::test
