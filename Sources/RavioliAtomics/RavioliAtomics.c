#include "RavioliAtomics.h"

#include <stdatomic.h>

static _Atomic uint64_t generation = 1;

uint64_t ravioli_registration_generation(void) {
  return atomic_load_explicit(&generation, memory_order_acquire);
}

void ravioli_advance_registration_generation(void) {
  atomic_fetch_add_explicit(&generation, 1, memory_order_release);
}
