// An LD_PRELOAD shim that makes fsync and fdatasync wait first, as a slow disk does.
//   SLOW_FSYNC_US  microseconds each call waits (100000 when unset, as in run-tests.sh)
//   SLOW_WHICH     "fsync" or "fdatasync" to slow only that one (both when unset)
// Used by run-tests.sh.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int delay(const char *call) {
    const char *which = getenv("SLOW_WHICH");
    if (which && strcmp(which, call) != 0) return 0;
    const char *micros = getenv("SLOW_FSYNC_US");
    return micros ? atoi(micros) : 100000;
}

int fsync(int fd) {
    usleep(delay("fsync"));
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return real(fd);
}

int fdatasync(int fd) {
    usleep(delay("fdatasync"));
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    return real(fd);
}
