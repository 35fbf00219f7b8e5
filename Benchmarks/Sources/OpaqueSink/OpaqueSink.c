// The benchmarks' black hole: a function whose body Swift cannot see (no link-time
// optimization crosses into it), which costs a call and a return. It writes nothing, so two
// threads sinking at once share no cache line through it.
#include "OpaqueSink.h"

void opaque_sink(const void *value) { (void)value; }
