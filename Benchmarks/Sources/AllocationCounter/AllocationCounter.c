// Counts heap allocations by defining malloc and its relatives in the executable, which on
// Linux (ELF symbol interposition) takes the place of the C library's for every library in
// the process, the Swift runtime included. Each forwards to glibc's own implementation.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

// Per thread: only the measuring thread's allocations count, not those that other threads of
// the process (an earlier scenario's, the runtime's) happen to make meanwhile.
static _Thread_local uint64_t allocations;
// Off unless allocations are being counted, so that a timed allocation pays one load and a
// branch more than glibc's, baselines included.
static _Thread_local int counting;

static inline void count_one(void) {
  if (counting) {
    allocations += 1;
  }
}

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}

uint64_t allocation_count(void) { return allocations; }

int allocation_counting_is_supported(void) { return 1; }

void allocation_counting_set_enabled(int enabled) { counting = enabled != 0; }

uint64_t allocated_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  // Small blocks come from the heap; large ones (the tables' arrays, past glibc's threshold)
  // are mapped on their own.
  return (uint64_t)(info.uordblks + info.hblkhd);
}

#else

uint64_t allocation_count(void) { return 0; }
int allocation_counting_is_supported(void) { return 0; }
void allocation_counting_set_enabled(int enabled) { (void)enabled; }
uint64_t allocated_bytes(void) { return 0; }

#endif
