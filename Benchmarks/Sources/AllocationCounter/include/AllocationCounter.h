#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned allocations) made by
/// this process so far, on every thread; 0 where counting is not supported.
uint64_t allocation_count(void);

/// Whether allocations are being counted on this platform.
int allocation_counting_is_supported(void);

/// Bytes currently allocated, heap and separately mapped blocks together, per the C library;
/// 0 where not supported.
uint64_t allocated_bytes(void);

#endif
