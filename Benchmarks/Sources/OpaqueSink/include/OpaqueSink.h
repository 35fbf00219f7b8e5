#ifndef OPAQUE_SINK_H
#define OPAQUE_SINK_H

/// Does nothing with `value`. Compiled apart from the Swift code that calls it, so the Swift
/// optimizer cannot see that: it must assume the call reads, keeps or changes anything it can
/// reach, and so must keep the call and the work that made its argument.
void opaque_sink(const void *value);

#endif
