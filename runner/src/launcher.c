/*
 * The first program of every sandbox, started by the runner as the slot's
 * unprivileged uid with an empty environment. It waits on fd 3 until the
 * runner has moved it into the run's cgroup, sets the rlimits, and execs
 * bubblewrap. It replaces `sh -c 'read <&3; exec prlimit ... bwrap'`, which
 * cost two more execs (about 1.5 ms) on every run.
 *
 *   launcher CPU_SOFT_S CPU_HARD_S FSIZE_BYTES NOFILE STACK_BYTES -- BWRAP ARGS...
 *
 * The stack limit (soft and hard) is the run's memory limit, so deep
 * recursion is bounded by memory, not by the inherited 8 MB. It is clamped to
 * the hard limit the runner itself has, which an unprivileged uid cannot raise.
 *
 * No RLIMIT_NPROC: since Linux 5.14 it is counted per user namespace and
 * released asynchronously, so back-to-back sandboxes on one uid hit it
 * spuriously (EAGAIN from bwrap's clone). The run's pids cgroup limits
 * processes instead, exactly and per run.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static int limit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit r = { soft, hard };
    return setrlimit(resource, &r);
}

int main(int argc, char **argv) {
    if (argc < 8 || strcmp(argv[6], "--") != 0) {
        fprintf(stderr, "launcher: usage: CPU_SOFT CPU_HARD FSIZE NOFILE STACK -- PROGRAM ARGS...\n");
        return 125;
    }
    char go;
    ssize_t n;
    do n = read(3, &go, 1); while (n < 0 && errno == EINTR);
    if (n != 1) {
        fprintf(stderr, "launcher: the runner did not confirm the cgroup\n");
        return 125;
    }
    close(3);
    rlim_t cpu_soft = strtoull(argv[1], 0, 10), cpu_hard = strtoull(argv[2], 0, 10);
    rlim_t fsize = strtoull(argv[3], 0, 10), nofile = strtoull(argv[4], 0, 10);
    rlim_t stack = strtoull(argv[5], 0, 10);
    struct rlimit current;
    if (getrlimit(RLIMIT_STACK, &current) == 0 && current.rlim_max != RLIM_INFINITY && stack > current.rlim_max)
        stack = current.rlim_max;
    if (limit(RLIMIT_CPU, cpu_soft, cpu_hard) || limit(RLIMIT_FSIZE, fsize, fsize) ||
        limit(RLIMIT_NOFILE, nofile, nofile) || limit(RLIMIT_STACK, stack, stack) || limit(RLIMIT_CORE, 0, 0)) {
        perror("launcher: setrlimit");
        return 125;
    }
    execv(argv[7], argv + 7);
    perror("launcher: exec");
    return 125;
}
