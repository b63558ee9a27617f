#!/usr/bin/env python3
"""One node sends a 1 MiB gossipsub message to each of 8 peers over QUIC: Kwik, Netty's QUIC
codec and quic-go side by side in one run.

Per implementation: 8 subscribers (the same implementation) listen; a publisher dials all 8,
subscribes (so with D = 8 all 8 are its mesh) and publishes one 1 MiB message 15 s after it
started. Reported: time to deliver (the last subscriber's 'message' t_ms minus the publisher's
'published' t_ms, one wall clock), the publisher's peak OS thread count, and its process CPU
seconds for the whole run (start-up and handshakes included) with the CPU of an identical run
that publishes 1 byte subtracted. Implementations alternate run by run; the 1-minute load average
is printed with each line.

usage: bench/fanout.py [--runs R] [--impl kwik,netty,go] [--size BYTES]
"""
import argparse, json, os, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from transfer import java_cmd, go_cmd  # noqa: E402

QUIC = "/ip4/127.0.0.1/udp/0/quic-v1"
IMPLS = {
    "kwik": lambda: java_cmd() + ["--quic-engine", "kwik"],
    "netty": lambda: java_cmd() + ["--quic-engine", "netty"],
    "go": go_cmd,
}


def threads(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def events_of(proc, sink):
    for line in proc.stdout:
        try:
            sink.append(json.loads(line))
        except ValueError:
            pass


def one_run(cmd, size, peers=8):
    subs, sub_events = [], []
    for i in range(peers):
        p = subprocess.Popen(cmd + ["--key-seed", str(200 + i), "--listen", QUIC, "--subscribe", "t"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        subs.append(p)
    addrs = []
    for p in subs:
        first = json.loads(p.stdout.readline())
        addrs.append(first["addrs"][0])
        events = []
        threading.Thread(target=events_of, args=(p, events), daemon=True).start()
        sub_events.append(events)
    args = ["--key-seed", "199", "--listen", QUIC, "--subscribe", "t", "--publish", "t", "--size", str(size),
            "--after", "15000", "--seconds", "3"]
    for a in addrs:
        args += ["--dial", a]
    pub = subprocess.Popen(cmd + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    pub_events = []
    reader = threading.Thread(target=events_of, args=(pub, pub_events), daemon=True)
    reader.start()
    peak = 0
    while True:
        # wait4 rather than poll(): it reaps the publisher and returns its CPU time.
        pid, status, usage = os.wait4(pub.pid, os.WNOHANG)
        if pid != 0:
            pub.returncode = os.waitstatus_to_exitcode(status)
            break
        peak = max(peak, threads(pub.pid))
        time.sleep(0.05)
    cpu = usage.ru_utime + usage.ru_stime
    reader.join(5)
    for p in subs:
        p.terminate()
    for p in subs:
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
    published = [e for e in pub_events if e["event"] == "published"]
    got = [next((e for e in ev if e["event"] == "message"), None) for ev in sub_events]
    if not published or any(g is None for g in got):
        return None, peak, cpu, sum(g is not None for g in got)
    t0 = published[0]["t_ms"]
    return max(g["t_ms"] for g in got) - t0, peak, cpu, peers


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--impl", default="kwik,netty,go")
    ap.add_argument("--size", type=int, default=1 << 20)
    a = ap.parse_args()
    impls = a.impl.split(",")
    cmds = {i: IMPLS[i]() for i in impls}
    print("impl   run  deliver_ms  peak_threads  cpu_s(1MiB)  cpu_s(1B)  delivered  load1")
    for r in range(a.runs):
        for i in impls:
            ms, peak, cpu, n = one_run(cmds[i], a.size)
            _, _, cpu_idle, _ = one_run(cmds[i], 1)
            load = os.getloadavg()[0]
            ms_text = f"{ms:10.1f}" if ms is not None else "    failed"
            cpu_text = f"{cpu:11.2f}"
            idle_text = f"{cpu_idle:9.2f}"
            print(f"{i:6} {r:3}  {ms_text}  {peak:12}  {cpu_text}  {idle_text}  {n:9}  {load:5.2f}", flush=True)


if __name__ == "__main__":
    main()
