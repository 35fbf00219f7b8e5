#include "RavioliAtomics.h"

_Atomic(long) ravioli_isolation_scope_count = 0;
_Atomic(long) ravioli_road_watcher_count = 0;
_Thread_local void *ravioli_thread_resolution_stack RAVIOLI_INITIAL_EXEC = 0;
_Thread_local void *ravioli_thread_parents_to_release = 0;
_Atomic(uintptr_t) ravioli_lookup_policy_setting = 0;
