#pragma once

#include <QString>

namespace rb::io {

// The name of a bundle's staging folder starts with this, then the owner tag (BundleFolder.h).
// Here, beside the tag, so that tidying and transactions know it without knowing bundles.
inline constexpr char kBundleStagingPrefix[] = ".riverbed-bundle-";

// Who owns a staging file, staging folder or commit journal, written into its name as
// "PID.BOOT.HOST": the process id, the first 8 hex digits of the kernel's boot id and the host
// name. With all three a later run can tell a leftover of a killed or crashed run (its PID gone,
// or written before the last reboot) from the work of a process still running, even when the PID
// has since been reused after a reboot. Names from older versions carry the PID alone.
QString stagingOwnerTag();

// Whether the owner named by `tag` can no longer finish its work: another boot of this machine, or
// a PID that no longer runs. False for a tag that is not one (a file the user named alike), and for
// another host's (a shared folder: its process may still be running, and only it can tell).
bool stagingOwnerGone(const QString& tag);

bool isOwnStagingTag(const QString& tag);

} // namespace rb::io
