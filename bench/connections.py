#!/usr/bin/env python3
"""Handshake time and threads per connection, Java beside go, in one run.

For each implementation: start N listeners, then one dialer that dials all of them in turn.
Each listener first takes one connection from a go dialer, so that the figures do not include a
listener's own first-handshake costs (class loading, JIT). Reported: the dialer's handshake times
(its 'dialed' events: dial start to a connection ready for streams; go's Connect also waits for
identify), cold (the dialer's first) and warm (the median of the rest); OS threads of the dialer before
dialing and with N connections open, and of one listener with N dialers connected to it (go
dialers, which are cheap to start), hence threads per connection on either side. The 1-minute
load average is printed with each line.

usage: bench/connections.py [--transport quic|tcp] [--peers 8,64] [--impl java,go]
"""
import argparse, json, os, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from transfer import IMPLS, LISTEN  # noqa: E402


def threads(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return -1


def start(cmd, args):
    return subprocess.Popen(cmd + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def first_event(proc, name):
    for line in proc.stdout:
        event = json.loads(line)
        if event["event"] == name:
            return event
    raise RuntimeError(f"process ended before a '{name}' event")


def stop(procs):
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()


def dialer_side(cmd, listener_cmd, transport, n, warmer):
    """One dialer of cmd dialing n listeners of listener_cmd, each warmed up first by one dial from warmer."""
    listeners = [start(listener_cmd, ["--key-seed", str(100 + i), "--listen", LISTEN[transport]]) for i in range(n)]
    try:
        addrs = [first_event(p, "listening")["addrs"][0] for p in listeners]
        # A listener's first handshake pays for class loading and JIT: take it out of the figure.
        for i, a in enumerate(addrs):
            subprocess.run(warmer + ["--key-seed", str(300 + i), "--dial", a, "--ping", "3", "--seconds", "0"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        args = ["--key-seed", "99"]
        for a in addrs:
            args += ["--dial", a]
        dialer = start(cmd, args)
        first_event(dialer, "listening")
        idle = threads(dialer.pid)
        dialed, failed = [], []
        for line in dialer.stdout:
            event = json.loads(line)
            if event["event"] == "dialed":
                dialed.append(event["ms"])
            elif event["event"] == "error":
                failed.append(event["what"])
            if len(dialed) + len(failed) == n:
                break
        time.sleep(2)
        busy = threads(dialer.pid)
        stop([dialer])
        return dialed, failed, idle, busy
    finally:
        stop(listeners)


def listener_side(cmd, dialer_cmd, transport, n):
    """One listener of cmd with n dialers of dialer_cmd connected."""
    listener = start(cmd, ["--key-seed", "98", "--listen", LISTEN[transport]])
    dialers = []
    try:
        addr = first_event(listener, "listening")["addrs"][0]
        time.sleep(1)
        idle = threads(listener.pid)
        dialers = [start(dialer_cmd, ["--key-seed", str(200 + i), "--dial", addr]) for i in range(n)]
        for d in dialers:
            first_event(d, "dialed")
        time.sleep(2)
        return idle, threads(listener.pid)
    finally:
        stop(dialers + [listener])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--transport", choices=sorted(LISTEN), default="quic")
    ap.add_argument("--peers", default="8,64")
    ap.add_argument("--impl", default="java,go")
    a = ap.parse_args()
    cmds = {i: IMPLS[i]() for i in a.impl.split(",")}
    go = IMPLS["go"]()
    print(f"# {a.transport}, {os.cpu_count()} cores", flush=True)
    for n in [int(x) for x in a.peers.split(",")]:
        for name, cmd in cmds.items():
            # Handshakes between two of a kind at 8 peers; at more, the listeners are go processes.
            lname = name if n <= 8 else "go"
            dialed, failed, idle, busy = dialer_side(cmd, cmd if n <= 8 else go, a.transport, n, go)
            for f in failed:
                print(f"{name:5s} dial FAILED: {f}", flush=True)
            ok = len(dialed)
            warm = statistics.median(dialed[1:]) if ok > 1 else float("nan")
            print(f"{name:5s} dials {n:3d} {lname} listeners ({ok} connected): handshake cold {dialed[0]:7.2f} ms, "
                  f"warm median {warm:6.2f} ms; threads {idle} idle -> {busy} ({(busy - idle) / max(ok, 1):.2f}/connection)"
                  f"  (load {os.getloadavg()[0]:.2f})", flush=True)
            lidle, lbusy = listener_side(cmd, go, a.transport, n)
            print(f"{name:5s} listens, {n:3d} go dialers: threads {lidle} idle -> {lbusy} ({(lbusy - lidle) / n:.2f}/connection)"
                  f"  (load {os.getloadavg()[0]:.2f})", flush=True)

if __name__ == "__main__":
    main()
