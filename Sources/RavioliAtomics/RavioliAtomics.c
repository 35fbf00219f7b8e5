#include "RavioliAtomics.h"

_Atomic(long) ravioli_isolation_scope_count = 0;
