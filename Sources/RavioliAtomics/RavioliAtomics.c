#include "RavioliAtomics.h"

_Atomic(long) ravioli_isolation_scope_count = 0;
_Atomic(long) ravioli_road_watcher_count = 0;
