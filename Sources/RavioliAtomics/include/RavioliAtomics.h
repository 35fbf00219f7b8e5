#ifndef RAVIOLI_ATOMICS_H
#define RAVIOLI_ATOMICS_H

#include <stdint.h>

/// The registration generation: a process-wide count of changes to any container's
/// registrations (and of containers going away). Resolution reads it (acquire) to know
/// whether a look-up it remembers still holds; every change advances it (release), after
/// the change. Swift's own atomics (the Synchronization module) would raise the Apple
/// minimums to macOS 15 and iOS 18, so this one C11 atomic lives here.
uint64_t ravioli_registration_generation(void);

/// Advances the registration generation; call after changing a container's registrations.
void ravioli_advance_registration_generation(void);

#endif
