/*
 * The first program of every sandbox, started by the runner (as root) with an
 * empty environment. It moves itself into the run's cgroups, joins the slot's
 * network namespace if it has one, drops to the slot's unprivileged uid, sets
 * the rlimits and execs bubblewrap:
 *
 *   launcher UID CPU_SOFT_S CPU_HARD_S FSIZE_BYTES NOFILE STACK_BYTES NETNS CGROUP_PROCS... -- BWRAP ARGS...
 *
 * NETNS is a path to open and setns() into, or "-" (bubblewrap then makes a
 * new network namespace). Each CGROUP_PROCS is a cgroup.procs file to write
 * "0" (this process) into, so not one instruction of the program runs outside
 * the run's cgroups. Doing this here, instead of the runner writing the pid
 * while the launcher waits on a pipe, saves a round trip through the runner's
 * event loop and keeps the cgroup writes off it (decision 032).
 *
 * Any failure before the exec is written to fd 3 (close-on-exec), and the
 * launcher exits with 125: the runner then knows the sandbox never started,
 * which no program's own exit status or stderr can fake.
 *
 * The stack limit (soft and hard) is the run's memory limit, so deep
 * recursion is bounded by memory, not by the inherited 8 MB. It is clamped to
 * the hard limit the runner itself has.
 *
 * No RLIMIT_NPROC: since Linux 5.14 it is counted per user namespace and
 * released asynchronously, so back-to-back sandboxes on one uid hit it
 * spuriously (EAGAIN from bwrap's clone). The run's pids cgroup limits
 * processes instead, exactly and per run.
 *
 *   launcher --hold-netns N
 *
 * makes N network namespaces, each with only a loopback interface (up, as
 * bubblewrap leaves its own), prints "/proc/<pid>/fd/<fd>" for each on one
 * line, and holds them until its stdin closes (the runner exiting). Each slot
 * uid gets one: creating and tearing down a network namespace per run was the
 * largest kernel cost of a sandbox's start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#define REPORT_FD 3

static void fail(const char *format, ...) {
    char message[512];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (n < 0) n = 0;
    if (n > (int)sizeof message - 1) n = sizeof message - 1;
    if (write(REPORT_FD, message, n) < 0) {
        /* No report pipe: stderr is all there is. */
        fprintf(stderr, "%s\n", message);
    }
    _exit(125);
}

static int limit(int resource, rlim_t soft, rlim_t hard) {
    struct rlimit r = { soft, hard };
    return setrlimit(resource, &r);
}

static int loopback_up(void) {
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0) return -1;
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.ifr_name, "lo");
    int rc = ioctl(s, SIOCGIFFLAGS, &ifr);
    if (rc == 0) {
        ifr.ifr_flags |= IFF_UP;
        rc = ioctl(s, SIOCSIFFLAGS, &ifr);
    }
    close(s);
    return rc;
}

static int hold_netns(int count) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    for (int i = 0; i < count; i++) {
        if (unshare(CLONE_NEWNET) != 0) {
            perror("launcher: unshare(CLONE_NEWNET)");
            return 1;
        }
        if (loopback_up() != 0) {
            perror("launcher: loopback up");
            return 1;
        }
        int fd = open("/proc/self/ns/net", O_RDONLY);
        if (fd < 0) {
            perror("launcher: open /proc/self/ns/net");
            return 1;
        }
        printf("%s/proc/%d/fd/%d", i ? " " : "", (int)getpid(), fd);
    }
    printf("\n");
    fflush(stdout);
    char buf[64];
    for (;;) {
        ssize_t n = read(0, buf, sizeof buf);
        if (n > 0 || (n < 0 && errno == EINTR)) continue;
        return 0;
    }
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--hold-netns") == 0) return hold_netns(atoi(argv[2]));

    int sep = 0;
    for (int i = 8; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) { sep = i; break; }
    if (argc < 10 || sep == 0 || sep + 1 >= argc)
        fail("launcher: usage: UID CPU_SOFT CPU_HARD FSIZE NOFILE STACK NETNS CGROUP_PROCS... -- PROGRAM ARGS...");
    /* Only the report pipe is close-on-exec; bubblewrap gets stdin, stdout and stderr. */
    if (fcntl(REPORT_FD, F_SETFD, FD_CLOEXEC) != 0) fail("launcher: no report pipe on fd 3");

    uid_t uid = (uid_t)strtoul(argv[1], 0, 10);
    if (uid == 0) fail("launcher: refusing to run as root");
    rlim_t cpu_soft = strtoull(argv[2], 0, 10), cpu_hard = strtoull(argv[3], 0, 10);
    rlim_t fsize = strtoull(argv[4], 0, 10), nofile = strtoull(argv[5], 0, 10);
    rlim_t stack = strtoull(argv[6], 0, 10);
    const char *netns = argv[7];

    for (int i = 8; i < sep; i++) {
        int fd = open(argv[i], O_WRONLY | O_CLOEXEC);
        if (fd < 0) fail("launcher: open %s: %s", argv[i], strerror(errno));
        if (write(fd, "0", 1) != 1) fail("launcher: join cgroup %s: %s", argv[i], strerror(errno));
        close(fd);
    }
    if (strcmp(netns, "-") != 0) {
        int fd = open(netns, O_RDONLY | O_CLOEXEC);
        if (fd < 0) fail("launcher: open %s: %s", netns, strerror(errno));
        if (setns(fd, CLONE_NEWNET) != 0) fail("launcher: setns %s: %s", netns, strerror(errno));
        close(fd);
    }

    struct rlimit current;
    if (getrlimit(RLIMIT_STACK, &current) == 0 && current.rlim_max != RLIM_INFINITY && stack > current.rlim_max)
        stack = current.rlim_max;
    if (limit(RLIMIT_CPU, cpu_soft, cpu_hard) || limit(RLIMIT_FSIZE, fsize, fsize) ||
        limit(RLIMIT_NOFILE, nofile, nofile) || limit(RLIMIT_STACK, stack, stack) || limit(RLIMIT_CORE, 0, 0))
        fail("launcher: setrlimit: %s", strerror(errno));

    /* The slot's uid and gid, and no supplementary groups; there is no way back. */
    if (setgroups(0, NULL) != 0 || setgid(uid) != 0 || setuid(uid) != 0)
        fail("launcher: drop to uid %u: %s", (unsigned)uid, strerror(errno));
    if (getuid() != uid || geteuid() != uid || getgid() != uid || getegid() != uid || setuid(0) == 0)
        fail("launcher: still privileged after dropping to uid %u", (unsigned)uid);

    execv(argv[sep + 1], argv + sep + 1);
    fail("launcher: exec %s: %s", argv[sep + 1], strerror(errno));
    return 125;
}
