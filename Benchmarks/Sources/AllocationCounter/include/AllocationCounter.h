#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned allocations) made by the
/// calling thread while it had counting enabled; 0 where counting is not supported.
uint64_t allocation_count(void);

/// Starts (nonzero) or stops (0) counting the calling thread's allocations. Counting starts
/// off, so that timed code does not pay for it.
void allocation_counting_set_enabled(int enabled);

/// Whether allocations are being counted on this platform.
int allocation_counting_is_supported(void);

/// Bytes currently allocated, heap and separately mapped blocks together, per the C library;
/// 0 where not supported.
uint64_t allocated_bytes(void);

#endif
