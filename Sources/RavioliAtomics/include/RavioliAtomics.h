// What every resolution reads, kept in C for its cost: counters of how many isolation scopes
// are alive and how many things watch the road (resolvers whose declared needs are being
// checked, containers that trace their resolutions), the current thread's resolution stack,
// the word that publishes the global lookup policy, and atomic access to the words that
// lock-free reads go through.
//
// Swift's own atomics (the Synchronization module) would raise the Apple platform minimums
// to the 2024 releases; C11 atomics are there everywhere, and ThreadSanitizer sees them. A C11
// thread-local is read with one load, where `pthread_getspecific` is a call (and a Swift
// `static let` holding its key, a `swift_once` check) on every resolution.
//
// One Swift type imports this module, Ravioli's `AtomicWord`, publicly: the inlinable parts
// of resolution call these functions through it, and they are then inlined where a request
// is made, in the caller's module. A client sees none of these names unless it imports the
// module itself. The thread-local is read only inside Ravioli's own module.

#ifndef RAVIOLI_ATOMICS_H
#define RAVIOLI_ATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

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

// With glibc, the initial-exec model reads the thread-local at a fixed offset from the thread
// pointer, where the default for position-independent code calls `__tls_get_addr` at every
// access. It holds for a library linked into the program or loaded with it, as SwiftPM
// builds Ravioli (test bundles on Linux are one executable); one that is `dlopen`ed later
// takes the variable from the spare static thread-local storage that glibc keeps for this.
// Not with other C libraries: Android's and musl refuse initial-exec thread-locals in a
// library loaded with `dlopen`, as Android loads native code.
#if defined(__linux__) && defined(__GLIBC__)
#define RAVIOLI_INITIAL_EXEC __attribute__((tls_model("initial-exec")))
#else
#define RAVIOLI_INITIAL_EXEC
#endif

extern _Thread_local void *ravioli_thread_resolution_stack RAVIOLI_INITIAL_EXEC;

/// The current thread's resolution stack (a retained Swift object), or NULL before the
/// thread's first resolution and after the thread's end released it.
static inline void *ravioli_resolution_stack(void) {
  return ravioli_thread_resolution_stack;
}

/// Sets the current thread's resolution stack.
static inline void ravioli_set_resolution_stack(void *stack) {
  ravioli_thread_resolution_stack = stack;
}

// Not on any road: the default model, which works however the library is loaded.
extern _Thread_local void *ravioli_thread_parents_to_release;

/// The containers whose parents the current thread is letting go of, or NULL when it is not.
static inline void *ravioli_parents_to_release(void) {
  return ravioli_thread_parents_to_release;
}

/// Sets what `ravioli_parents_to_release` answers.
static inline void ravioli_set_parents_to_release(void *pending) {
  ravioli_thread_parents_to_release = pending;
}

/// Roughly where the current thread's stack pointer is: the caller's frame, where a Swift
/// local's address would need a stack protector in the function that takes it.
static inline __attribute__((always_inline)) uintptr_t ravioli_stack_pointer(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

extern _Atomic(uintptr_t) ravioli_lookup_policy_setting;

/// The word that holds the global lookup policy's setting (a retained Swift object, or 0),
/// read and replaced only through the atomic functions below.
static inline uintptr_t *ravioli_lookup_policy_word(void) {
  return (uintptr_t *)&ravioli_lookup_policy_setting;
}

/// Atomic access to a word (an `UnsafeMutablePointer<UInt>` that Swift allocated, or the
/// policy word above): the words that lock-free reads of registrations and of the lookup
/// policy go through (see `PublishedReference` and `ReadSections`). Sequentially consistent
/// where a reader and a writer each store one word and then load the other's, so that at
/// least one of them sees the other's store.
static inline uintptr_t ravioli_word_load(uintptr_t *word) {
  return atomic_load_explicit((_Atomic(uintptr_t) *)word, memory_order_seq_cst);
}

static inline uintptr_t ravioli_word_load_acquire(uintptr_t *word) {
  return atomic_load_explicit((_Atomic(uintptr_t) *)word, memory_order_acquire);
}

static inline void ravioli_word_store(uintptr_t *word, uintptr_t value) {
  atomic_store_explicit((_Atomic(uintptr_t) *)word, value, memory_order_seq_cst);
}

static inline void ravioli_word_store_relaxed(uintptr_t *word, uintptr_t value) {
  atomic_store_explicit((_Atomic(uintptr_t) *)word, value, memory_order_relaxed);
}

/// A release store that ends a read section. The compiler fence before it emits no instruction,
/// but keeps every reference count taken before it before it: Swift's LLVM-level ARC optimizer
/// moves a retain down past loads and stores, atomic ones included, and stops only at other
/// instructions, a fence among them. Without it, a reader's retain of what it found in its
/// section could run after the section ended, when a writer may already have freed it.
static inline void ravioli_word_store_release_after_retains(uintptr_t *word, uintptr_t value) {
  atomic_signal_fence(memory_order_seq_cst);
  atomic_store_explicit((_Atomic(uintptr_t) *)word, value, memory_order_release);
}

static inline uintptr_t ravioli_word_exchange(uintptr_t *word, uintptr_t value) {
  return atomic_exchange_explicit((_Atomic(uintptr_t) *)word, value, memory_order_seq_cst);
}

/// Stores `desired` if the word holds `expected`; returns what the word held (`expected` if
/// the store was made).
static inline uintptr_t ravioli_word_compare_exchange(
    uintptr_t *word, uintptr_t expected, uintptr_t desired) {
  atomic_compare_exchange_strong_explicit(
      (_Atomic(uintptr_t) *)word, &expected, desired, memory_order_acq_rel,
      memory_order_acquire);
  return expected;
}

#endif
