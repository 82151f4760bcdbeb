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

// Under an address-space limit (ulimit -v) sizes OpenMP's team to the workers whose stacks fit in
// a quarter of the room left now, down to none. libgomp cannot report a worker it fails to start
// except by ending the program ("libgomp: Thread creation failed: Resource temporarily
// unavailable", exit 1, found by issue 33's hostile run just above the start-up's needs); with the
// team sized here the program runs, or meets the limit in an allocation it reports as out of
// memory. Without a limit it changes nothing. Call it early in main(), before the data grows.
void fitOpenMpTeamToAddressLimit();

} // namespace rb
