/*
 * shadow_guard: an LD_PRELOAD library that answers socket calls the way Shadow 3.3.0's syscall
 * handlers do and writes one line per call Shadow would refuse or not implement to the
 * file named by SHADOW_GUARD_LOG. ShadowModeTest runs `gsnode run --shadow` under it on loopback:
 * the node must still complete (so every refusal is tolerated), and the log says which forbidden
 * calls it made.
 *
 * Line format: CATEGORY call details
 *   REFUSED      Shadow returns an error (ENOPROTOOPT, EOPNOTSUPP, EINVAL, EAFNOSUPPORT)
 *   UNSUPPORTED  Shadow has no such syscall (ENOSYS)
 *   ENUMERATION  interface enumeration (also REFUSED where Shadow refuses it)
 *
 * Only AF_INET/AF_INET6 sockets are judged; other descriptors pass through untouched. Signals are
 * judged too: Shadow 3.3.0 refuses real-time signals (tgkill answers EOPNOTSUPP), which is how the
 * JDK wakes a thread blocked in a socket that another thread closes.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <net/if.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include <linux/sockios.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void note(const char *fmt, ...) {
    const char *path = getenv("SHADOW_GUARD_LOG");
    if (path == NULL) return;
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (len < 0) return;
    if (len > (int) sizeof line - 2) len = sizeof line - 2;
    line[len++] = '\n';
    pthread_mutex_lock(&log_lock);
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd >= 0) {
        ssize_t ignored = write(fd, line, (size_t) len);
        (void) ignored;
        close(fd);
    }
    pthread_mutex_unlock(&log_lock);
}

#define REAL(name, type) static type real_##name; if (!real_##name) real_##name = (type) dlsym(RTLD_NEXT, #name)

typedef int (*getsockopt_fn)(int, int, int, void *, socklen_t *);
typedef int (*socket_fn)(int, int, int);
typedef int (*setsockopt_fn)(int, int, int, const void *, socklen_t);
typedef int (*ioctl_fn)(int, unsigned long, ...);
typedef int (*getifaddrs_fn)(struct ifaddrs **);
typedef int (*pthread_kill_fn)(pthread_t, int);

/* 1 for a UDP inet socket, 2 for a TCP inet socket, 0 for anything else. */
static int inet_kind(int fd) {
    REAL(getsockopt, getsockopt_fn);
    int domain = 0, type = 0;
    socklen_t len = sizeof domain;
    if (real_getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &len) != 0) return 0;
    if (domain != AF_INET && domain != AF_INET6) return 0;
    len = sizeof type;
    if (real_getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) != 0) return 0;
    return type == SOCK_DGRAM ? 1 : type == SOCK_STREAM ? 2 : 0;
}

static const char *kind_name(int kind) { return kind == 1 ? "udp" : "tcp"; }

int socket(int domain, int type, int protocol) {
    REAL(socket, socket_fn);
    if (domain == AF_INET6) {
        note("REFUSED socket AF_INET6 type=%d", type & 0xf);
        errno = EAFNOSUPPORT;
        return -1;
    }
    return real_socket(domain, type, protocol);
}

/* Shadow's legacy_tcp.rs / udp.rs setsockopt tables. */
static int setsockopt_allowed(int kind, int level, int name, const void *value, socklen_t len) {
    if (level == SOL_SOCKET) {
        if (name == SO_SNDBUF || name == SO_RCVBUF || name == SO_BROADCAST) return 1;
        if (kind == 2 && (name == SO_REUSEADDR || name == SO_REUSEPORT || name == SO_KEEPALIVE)) return 1;
        return 0;
    }
    if (kind == 2 && level == IPPROTO_TCP) {
        if (name == TCP_NODELAY) return len >= (socklen_t) sizeof(int) && *(const int *) value != 0;
        if (name == TCP_CONGESTION) return len >= 4 && strncmp((const char *) value, "reno", 4) == 0;
    }
    return 0;
}

int setsockopt(int fd, int level, int name, const void *value, socklen_t len) {
    REAL(setsockopt, setsockopt_fn);
    int kind = inet_kind(fd);
    if (kind != 0 && !setsockopt_allowed(kind, level, name, value, len)) {
        note("REFUSED setsockopt %s level=%d name=%d", kind_name(kind), level, name);
        errno = ENOPROTOOPT;
        return -1;
    }
    return real_setsockopt(fd, level, name, value, len);
}

int getsockopt(int fd, int level, int name, void *value, socklen_t *len) {
    REAL(getsockopt, getsockopt_fn);
    int kind = inet_kind(fd);
    if (kind != 0) {
        int ok = 0;
        if (level == SOL_SOCKET) {
            ok = name == SO_SNDBUF || name == SO_RCVBUF || name == SO_ERROR || name == SO_DOMAIN || name == SO_TYPE
                    || name == SO_PROTOCOL || name == SO_ACCEPTCONN || name == SO_BROADCAST;
        } else if (kind == 2 && level == IPPROTO_TCP) {
            ok = name == TCP_INFO || name == TCP_NODELAY || name == TCP_CONGESTION;
        }
        if (!ok) {
            note("REFUSED getsockopt %s level=%d name=%d", kind_name(kind), level, name);
            errno = level == SOL_SOCKET ? ENOPROTOOPT : EOPNOTSUPP;
            return -1;
        }
    }
    return real_getsockopt(fd, level, name, value, len);
}

int ioctl(int fd, unsigned long request, ...) {
    REAL(ioctl, ioctl_fn);
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    if (request == SIOCGIFCONF) {
        note("ENUMERATION ioctl SIOCGIFCONF (REFUSED: EINVAL)");
        errno = EINVAL;
        return -1;
    }
    int kind = inet_kind(fd);
    if (kind != 0 && request != FIONREAD && request != FIONBIO && request != TIOCOUTQ && request != SIOCGSTAMP) {
        note("REFUSED ioctl %s request=0x%lx", kind_name(kind), request);
        errno = EINVAL;
        return -1;
    }
    return real_ioctl(fd, request, arg);
}

int getifaddrs(struct ifaddrs **out) {
    REAL(getifaddrs, getifaddrs_fn);
    /* Shadow answers the netlink requests behind it, but a node must not look for its address. */
    note("ENUMERATION getifaddrs");
    return real_getifaddrs(out);
}

int sendmmsg(int fd, struct mmsghdr *v, unsigned int n, int flags) {
    (void) fd; (void) v; (void) n; (void) flags;
    note("UNSUPPORTED sendmmsg");
    errno = ENOSYS;
    return -1;
}

int recvmmsg(int fd, struct mmsghdr *v, unsigned int n, int flags, struct timespec *timeout) {
    (void) fd; (void) v; (void) n; (void) flags; (void) timeout;
    note("UNSUPPORTED recvmmsg");
    errno = ENOSYS;
    return -1;
}

ssize_t sendfile(int out, int in, off_t *offset, size_t count) {
    (void) out; (void) in; (void) offset; (void) count;
    note("UNSUPPORTED sendfile");
    errno = ENOSYS;
    return -1;
}

ssize_t sendfile64(int out, int in, off_t *offset, size_t count) {
    (void) out; (void) in; (void) offset; (void) count;
    note("UNSUPPORTED sendfile64");
    errno = ENOSYS;
    return -1;
}

ssize_t splice(int in, loff_t *off_in, int out, loff_t *off_out, size_t len, unsigned int flags) {
    (void) in; (void) off_in; (void) out; (void) off_out; (void) len; (void) flags;
    note("UNSUPPORTED splice");
    errno = ENOSYS;
    return -1;
}

/* The JDK's NativeThread.signal (closing a socket another thread is blocked in) sends SIGRTMAX-2
 * through pthread_kill; Shadow answers EOPNOTSUPP for any real-time signal. */
int pthread_kill(pthread_t thread, int sig) {
    REAL(pthread_kill, pthread_kill_fn);
    if (sig >= SIGRTMIN && sig <= SIGRTMAX) {
        note("REFUSED pthread_kill real-time signal %d", sig);
        return EOPNOTSUPP;
    }
    return real_pthread_kill(thread, sig);
}

