// Counters that every resolution reads: how many isolation scopes are alive, and how many
// things watch the road (resolvers whose declared needs are being checked, containers that
// trace their resolutions).
//
// Swift's own atomics (the Synchronization module) would raise the Apple platform minimums
// to the 2024 releases; C11 atomics are there everywhere, and ThreadSanitizer sees them.

#ifndef RAVIOLI_ATOMICS_H
#define RAVIOLI_ATOMICS_H

#include <stdatomic.h>

extern _Atomic(long) ravioli_isolation_scope_count;

/// How many isolation scopes are alive (relaxed: a scope's own tasks always see it counted,
/// since they start after it is).
static inline long ravioli_isolation_scopes_alive(void) {
  return atomic_load_explicit(&ravioli_isolation_scope_count, memory_order_relaxed);
}

/// Adds `delta` (1 or -1) to the count.
static inline void ravioli_isolation_scopes_add(long delta) {
  atomic_fetch_add_explicit(&ravioli_isolation_scope_count, delta, memory_order_relaxed);
}

extern _Atomic(long) ravioli_road_watcher_count;

/// How many resolvers with checked needs are running, plus how many containers trace their
/// resolutions (relaxed: a thread always sees what it counted itself).
static inline long ravioli_road_watchers(void) {
  return atomic_load_explicit(&ravioli_road_watcher_count, memory_order_relaxed);
}

/// Adds `delta` (1 or -1) to the count.
static inline void ravioli_road_watchers_add(long delta) {
  atomic_fetch_add_explicit(&ravioli_road_watcher_count, delta, memory_order_relaxed);
}

#endif
