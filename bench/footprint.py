#!/usr/bin/env python3
"""Footprint of one node (gsnode run) with the node JVM flags of LocalCellOptions, per JDK.

Per JDK: time from exec to the 'listening' event, RSS once idle, idle CPU per minute (measured
over --idle seconds while the node waits for its cell's epoch: router heartbeats only), and the
peak RSS of a receiver during a 1 MiB whole-message delivery (a 2-node local cell; the record's
rss_max_bytes). The 1-minute load average is printed with each line.

usage: bench/footprint.py [--jdk PATH]... [--idle S]
"""
import argparse, glob, json, os, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAR = os.path.join(ROOT, "app", "target", "gsnode.jar")
# Keep in step with CellOptions.NODE_JVM_FLAGS.
NODE_FLAGS = ["-XX:+UseSerialGC", "-Xms16m", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-Xss512k",
              "-XX:+IgnoreUnrecognizedVMOptions", "-Xshare:auto"]


def proc_status(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_node(java, topology, idle):
    with tempfile.TemporaryDirectory() as d:
        cmd = [java] + NODE_FLAGS + ["-cp", JAR, "io.gsnode.node.run.RunCommand", "--topology", topology,
                                     "--index", "1", "--loopback", "--port", "9555", "--epoch-file", os.path.join(d, "epoch")]
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = p.stdout.readline()
        listening_ms = (time.monotonic() - t0) * 1000
        if "listening" not in line:
            p.kill()
            sys.exit(f"{java}: no listening event: {line!r}")
        time.sleep(3)
        rss = proc_status(p.pid, "VmRSS")
        c0 = cpu_seconds(p.pid)
        time.sleep(idle)
        cpu_per_min = (cpu_seconds(p.pid) - c0) * 60 / idle
        p.kill()
        p.wait()
        return listening_ms, rss, cpu_per_min


def delivery_rss(java):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([java, "-jar", JAR, "cell", "--n", "2", "--degree", "1", "--payload", str(1 << 20),
                        "--hold", "4000", "--out", d], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        with open(os.path.join(d, "nodes", "node-1.json")) as f:
            r = json.load(f)
        return r["rss_max_bytes"], r["completion_ms"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jdk", action="append", help="a JDK home; default: every /usr/lib/jvm/* with bin/java")
    ap.add_argument("--idle", type=float, default=30)
    a = ap.parse_args()
    jdks = a.jdk or sorted(j for j in glob.glob("/usr/lib/jvm/*") if os.path.exists(os.path.join(j, "bin", "java"))
                           and not os.path.islink(j))
    with tempfile.TemporaryDirectory() as d:
        topo = os.path.join(d, "topology.json")
        subprocess.run(["java", "-jar", JAR, "topology", "--n", "2", "--degree", "1", "--out", topo], check=True,
                       stdout=subprocess.DEVNULL)
        print("jdk                              exec->listening  rss_idle  idle_cpu/min  rss_max(1MiB)  completion  load1")
        for jdk in jdks:
            java = os.path.join(jdk, "bin", "java")
            ms, rss, cpu = idle_node(java, topo, a.idle)
            peak, done = delivery_rss(java)
            print(f"{os.path.basename(jdk):32} {ms:12.0f} ms  {rss / 2**20:5.0f} MiB  {cpu:9.2f} s  {peak / 2**20:10.0f} MiB"
                  f"  {done or 0:8.0f} ms  {os.getloadavg()[0]:5.2f}", flush=True)


if __name__ == "__main__":
    main()
