package main

// The process's own CPU time, memory and threads as the kernel reports them
// (Java: node/.../run/ProcessMetrics.java), and its TCP socket bytes.

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// cpuNanos is the CPU time of the whole process (user + system, all
// threads), or -1 when getrusage fails.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// procField is the first number after key at the start of a line of file,
// or nil where the file or the line is missing (not Linux, no /proc).
func procField(file, key string) *int64 {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), key); ok {
			fields := strings.Fields(rest)
			if len(fields) == 0 {
				return nil
			}
			v, err := strconv.ParseInt(fields[0], 10, 64)
			if err != nil {
				return nil
			}
			return &v
		}
	}
	return nil
}

func kib(v *int64) *int64 {
	if v == nil {
		return nil
	}
	b := *v * 1024
	return &b
}

// peakRSSBytes is VmHWM; pssBytes is Pss of smaps_rollup (shared pages in
// proportion); osThreads the kernel's thread count of the process.
func peakRSSBytes() *int64 { return kib(procField("/proc/self/status", "VmHWM:")) }
func pssBytes() *int64     { return kib(procField("/proc/self/smaps_rollup", "Pss:")) }
func osThreads() *int64    { return procField("/proc/self/status", "Threads:") }

// tcpBytes sums the payload bytes of the process's TCP sockets as the kernel
// counts them (TCP_INFO): what went through the sockets with every libp2p
// layer's overhead (multistream, Noise, yamux) and without TCP/IP headers,
// which is the Java record's meaning of bytes.rx/tx. Sockets are found under
// /proc/self/fd; the last reading of each is kept by inode, so a connection
// that closes still counts what it had carried at the previous reading. Only
// the sampling goroutine calls it.
type tcpBytes struct {
	last map[string][2]int64 // socket inode -> {rx, tx}
}

func newTCPBytes() *tcpBytes { return &tcpBytes{last: map[string][2]int64{}} }

// read returns the totals, or ok=false where /proc/self/fd is unreadable or
// has never listed a TCP socket: under Shadow the process's sockets are the
// simulator's and /proc/self/fd shows none, so the bytes are unknown (null in
// the record), not 0. Sampling starts at the publish, after the dials, so a
// TCP node on a real kernel always has sockets by then.
func (t *tcpBytes) read() (rx, tx int64, ok bool) {
	dir, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return 0, 0, false
	}
	for _, e := range dir {
		link, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil || !strings.HasPrefix(link, "socket:") {
			continue
		}
		fd, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		// Not a TCP socket (UDP, unix): ENOPROTOOPT. A descriptor closed and
		// reused since ReadDir is caught by the inode check below.
		info, err := unix.GetsockoptTCPInfo(fd, unix.SOL_TCP, unix.TCP_INFO)
		if err != nil {
			continue
		}
		if again, err := os.Readlink("/proc/self/fd/" + e.Name()); err != nil || again != link {
			continue
		}
		// bytes_sent counts retransmissions again; the socket's own bytes are
		// the rest. Neither counts the SYN or FIN.
		t.last[link] = [2]int64{int64(info.Bytes_received), int64(info.Bytes_sent - info.Bytes_retrans)}
	}
	if len(t.last) == 0 {
		return 0, 0, false
	}
	for _, v := range t.last {
		rx += v[0]
		tx += v[1]
	}
	return rx, tx, true
}
