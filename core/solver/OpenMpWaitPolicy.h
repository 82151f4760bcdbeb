#pragma once

namespace rb {

// Makes OpenMP's idle worker threads sleep instead of spinning, unless the user chose a policy
// (OMP_WAIT_POLICY). libgomp reads the policy once, as it loads, so the only way to change it is
// to set it and start the program again: call this first thing in main(). Why: by default the
// workers spin between parallel loops; on a desktop, where the GUI, Qt 3D's render thread and
// other programs share the cores, they spin while descheduled partners hold the next barrier up.
// Measured on this 2-core machine under load: 300 steps of a 256² island with one dye channel took
// 5.5 s with spinning workers and 0.7 s with sleeping ones; pipes alone 0.61 s and 0.26 s.
// Returns only when no restart happened (the policy was set already, or the restart failed).
void preferSleepingOpenMpWorkers(char** argv);

} // namespace rb
