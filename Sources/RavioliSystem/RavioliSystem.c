#include "RavioliSystem.h"

#if defined(__APPLE__)
#include <pthread.h>
#else
#include <sys/syscall.h>
#include <unistd.h>
#endif

_Atomic(long) ravioli_isolation_scope_count = 0;

bool ravioli_is_main_thread(void) {
#if defined(__APPLE__)
  return pthread_main_np() != 0;
#else
  // On Linux (and other systems with thread ids) the main thread's id is the process id.
  return syscall(SYS_gettid) == getpid();
#endif
}
