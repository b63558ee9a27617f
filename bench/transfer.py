#!/usr/bin/env python3
"""One-stream throughput on loopback, Java->Java beside go->go in one run: TCP (yamux over Noise)
or QUIC (Kwik for Java, quic-go for go).

Each run starts a listener and a dialer process (interop/PEER-PROTOCOL.md) and has the dialer
send BYTES over /gsnode/transfer/1.0.0. Reported per run: MB/s as the sender measured it (stream
open to the receiver's digest) and process CPU seconds of both processes per GB moved, with the CPU
of an identical run that moves 0 bytes (start-up, handshake, JIT of the idle path) subtracted.
Implementations alternate run by run so that machine load falls on both alike; the 1-minute load
average is printed with every run.

usage: bench/transfer.py [--transport tcp|quic] [--bytes N] [--runs R] [--impl java,go]
Needs ./gsnode built (the launcher builds it) and interop/go/build.sh run.
"""
import argparse, json, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def java_cmd():
    jar = os.path.join(ROOT, "app", "target", "gsnode.jar")
    if not os.path.exists(jar):
        sys.exit("app/target/gsnode.jar is missing: run ./gsnode --help once to build it")
    java = os.environ.get("GSNODE_JAVA", "java")
    # The native libraries the build put beside the jar (BoringSSL for Noise and SHA-256, quiche):
    # without them the data path runs the JDK's crypto, as a node without them would.
    native = os.path.join(os.path.dirname(jar), "native")
    lib = ["-Djava.library.path=" + native] if os.path.isdir(native) else []
    return [java] + lib + ["-cp", jar, "io.gsnode.node.cli.PeerCommand"]


def go_cmd():
    path = os.path.join(ROOT, "interop", "go", "bin", "gopeer")
    if not os.path.exists(path):
        sys.exit("interop/go/bin/gopeer is missing: run interop/go/build.sh")
    return [path]


def js_cmd():
    path = os.path.join(ROOT, "interop", "js", "jspeer")
    if not os.path.isdir(os.path.join(ROOT, "interop", "js", "node_modules")):
        sys.exit("interop/js/node_modules is missing: run interop/js/install.sh")
    return [path]


IMPLS = {"java": java_cmd, "go": go_cmd}


def cpu_of(proc):
    """Waits for proc and returns its user+system CPU seconds."""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


LISTEN = {"tcp": "/ip4/127.0.0.1/tcp/0", "quic": "/ip4/127.0.0.1/udp/0/quic-v1"}


def one_run(cmd, nbytes, transport):
    listener = subprocess.Popen(cmd + ["--key-seed", "30", "--listen", LISTEN[transport]],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    addr = json.loads(listener.stdout.readline())["addrs"][0]
    args = ["--key-seed", "31", "--dial", addr, "--seconds", "0"]
    if nbytes:
        args += ["--send", str(nbytes)]
    dialer = subprocess.Popen(cmd + args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    sent = None
    for line in dialer.stdout:
        event = json.loads(line)
        if event["event"] == "sent":
            sent = event
    dialer_cpu = cpu_of(dialer)
    # The receiver's 'received' event precedes the dialer's 'sent'; stop it now.
    listener.terminate()
    listener.stdout.read()
    listener_cpu = cpu_of(listener)
    if nbytes and (sent is None or not sent["match"]):
        sys.exit(f"transfer failed: {sent}")
    return sent, dialer_cpu + listener_cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bytes", type=int, default=1 << 30)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--impl", default="java,go")
    ap.add_argument("--transport", choices=sorted(LISTEN), default="tcp")
    a = ap.parse_args()
    impls = a.impl.split(",")
    cmds = {i: IMPLS[i]() for i in impls}
    print(f"# {a.transport}: {a.bytes} bytes per run, {a.runs} runs, {os.cpu_count()} cores", flush=True)
    baseline = {}
    for i in impls:
        baseline[i] = statistics.median(one_run(cmds[i], 0, a.transport)[1] for _ in range(2))
        print(f"{i:5s} idle run CPU {baseline[i]:.2f} s (subtracted below)", flush=True)
    results = {i: [] for i in impls}
    for r in range(a.runs):
        for i in impls:
            load = os.getloadavg()[0]
            sent, cpu = one_run(cmds[i], a.bytes, a.transport)
            mbps = a.bytes / 1e6 / (sent["ms"] / 1e3)
            cpu_per_gb = (cpu - baseline[i]) / (a.bytes / 1e9)
            results[i].append((mbps, cpu_per_gb))
            print(f"{i:5s} run {r + 1}: {mbps:7.1f} MB/s  {cpu_per_gb:5.2f} CPU s/GB  (load {load:.2f})", flush=True)
    for i in impls:
        m = statistics.median(x[0] for x in results[i])
        c = statistics.median(x[1] for x in results[i])
        print(f"{i:5s} median: {m:7.1f} MB/s  {c:5.2f} CPU s/GB")


if __name__ == "__main__":
    main()
