#!/usr/bin/env python3
"""What one gossipsub node costs: Java (one or more JVM flag sets), go and js side by side on one
topology in one run.

Per implementation: N peers (interop/PEER-PROTOCOL.md) on loopback TCP with deterministic keys;
peer i dials peers i-1, i-2 and i-3 (those that exist), every peer subscribes to one topic, and
peer 0 publishes ONE message of --size bytes --after ms after it started. Peers start one by one,
each once the one before printed 'listening' (its address is needed for the dials). Every peer
stays up until the publish + --window s + a little, then gets SIGTERM. Implementations run one
after another (alternating run by run with --runs > 1), never at the same time.

Measured per node from /proc:
  listen_s        wall seconds from spawn to its 'listening' line
  start-up CPU    user+sys CPU seconds of the process when its 'listening' line arrives
  idle CPU        CPU from listening + 2 s to the publish instant, per minute (heartbeats, and for
                  the early peers also accepting the dials of the up to three peers started after)
  window CPU      CPU from the publish instant to publish + window
  PSS, RSS        /proc/PID/smaps_rollup Pss and VmRSS just before the publish and at window end
  threads         /proc/PID/status Threads at window end
  delivery        the node's 'message' t_ms minus the publisher's 'published' t_ms (one host clock)
The publish instant: a peer counts --after from its own start (a JVM from main, later than exec),
so CPU is sampled every 50 ms from peer 0's spawn + --after until its 'published' line arrives, and
the last sample at least 200 ms before that line's t_ms is "the publish instant" (the publish's own
hashing and encoding stays inside the window). That lead is printed as publish_lag_ms.

Summary per implementation: medians across nodes, delivery p50/p90/max, receivers that got the
message, ratios to go, the 1-minute load average and the host's CPU busy share over the window.
Delivery is the only thing checked: exit status 0 when every implementation delivered to all N-1
receivers, 1 otherwise. No timing or CPU figure is asserted; on a saturated host they measure CPU
contention, not the network or the node.

Java: $GSNODE_JAVA, else the JDK ./gsnode picks (scripts/jdk.sh). Variants: --java NAME=FLAGS
(repeatable, FLAGS space separated, may be empty); default 'node' (the cell node's JVM flags, as
`gsnode node-jvm` prints them: the class-data cache included once ./gsnode has made it) and
'defaults' (no flags).

usage: bench/footprint.py [--impl java,go,js] [--n N] [--runs R] [--size BYTES] [--after MS]
                          [--window S] [--key-seed S] [--java NAME=FLAGS]... [--json PATH] [--smoke]
Needs ./gsnode built (the launcher builds it), interop/go/build.sh and interop/js/install.sh run.
"""
import argparse, json, math, os, signal, statistics, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from transfer import ROOT, go_cmd, java_cmd, js_cmd  # noqa: E402

JAR = os.path.join(ROOT, "app", "target", "gsnode.jar")
TOPIC = "footprint"
LISTEN = "/ip4/127.0.0.1/tcp/0"
LISTEN_TIMEOUT_S = 60
IDLE_SETTLE_S = 2          # start-up work (JIT, first heartbeats, dials) is over by listening + 2 s
MEMORY_LEAD_S = 0.6        # smaps_rollup walks the page tables: read it before, not at, the publish
CPU_LEAD_S = 0.05          # CPU sampling starts this long before the planned publish
SAMPLE_EVERY_S = 0.05      # ... and repeats this often until the 'published' line arrives
PUBLISH_GUARD_S = 0.2      # "pre" = the last round at least this long before 'published' t_ms
MIN_IDLE_SPAN_S = 2        # shorter idle spans give no idle figure: CPU counts in 10 ms ticks
LINGER_S = 1.0             # the "little" after the window before SIGTERM
CLK_TCK = os.sysconf("SC_CLK_TCK")


class PeerError(Exception):
    """A peer that exited early or never listened: the implementation's run is abandoned."""


# ---------------------------------------------------------------- /proc readers

def cpu_seconds(pid):
    """User + system CPU seconds of the process (all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()  # the command name may contain spaces
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def status_field(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


def rss_bytes(pid):
    return status_field(pid, "VmRSS") * 1024


def pss_bytes(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    return None


def host_cpu_times():
    """(busy, total) jiffies of all CPUs from /proc/stat; idle and iowait count as not busy."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    total = sum(values[:8])  # guest time is already inside user and nice
    return total - values[3] - values[4], total


def busy_share(before, after):
    total = after[1] - before[1]
    return (after[0] - before[0]) / total if total > 0 else None


# ---------------------------------------------------------------- the Java side

def find_java():
    """$GSNODE_JAVA, else the JDK the ./gsnode launcher would pick; returns (path, how it was chosen)."""
    if os.environ.get("GSNODE_JAVA"):
        return os.environ["GSNODE_JAVA"], "$GSNODE_JAVA"
    # Source the launcher's own logic rather than copy it, so the two never disagree.
    out = subprocess.run(["bash", "-c", '. "$1/scripts/jdk.sh" && gsnode_find_jdk && echo "$GSNODE_JAVA_HOME"',
                          "jdk", ROOT], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"footprint: no JDK: {out.stderr.strip()}")
    return os.path.join(out.stdout.strip(), "bin", "java"), "scripts/jdk.sh (as ./gsnode)"


def node_jvm_flags(java):
    """The flags a cell's node JVM gets, as the jar itself prints them (gsnode node-jvm)."""
    out = subprocess.run([java, "-jar", JAR, "node-jvm"], capture_output=True, text=True, timeout=60)
    if out.returncode != 0 or not out.stdout.strip():
        sys.exit(f"footprint: gsnode node-jvm failed (exit {out.returncode}): {out.stderr.strip()[-500:]}")
    return [line.strip() for line in out.stdout.splitlines() if line.strip()], "gsnode node-jvm"


def parse_variant(text):
    name, sep, flags = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"--java wants NAME=FLAGS, got {text!r}")
    return name, flags.split()


def java_variants(requested, java):
    """{label: (flags, where they came from)} for every Java variant to run."""
    if requested:
        return {f"java:{name}": (flags, "--java") for name, flags in requested}
    flags, source = node_jvm_flags(java)
    return {"java:node": (flags, source), "java:defaults": ([], "no flags")}


def commands(impls, variants, java, impl_defaulted):
    """{label: command} in run order; js is skipped with a warning when missing and --impl was defaulted."""
    cmds = {}
    for impl in impls:
        if impl == "java":
            peer = java_cmd()  # [java, (library path,) -cp, jar, PeerCommand]: checks the jar is there
            for label, (flags, _) in variants.items():
                cmds[label] = [java] + flags + peer[1:]
        elif impl == "go":
            cmds["go"] = go_cmd()
        elif impl == "js":
            try:
                cmds["js"] = js_cmd()
            except SystemExit as missing:
                if not impl_defaulted:
                    raise
                print(f"warning: js skipped: {missing}", file=sys.stderr, flush=True)
        else:
            sys.exit(f"footprint: unknown implementation {impl!r} (java, go, js)")
    return cmds


# ---------------------------------------------------------------- one peer process

class Peer:
    """One started peer: its process, its JSON events (read by a thread) and what was sampled."""

    def __init__(self, index, cmd):
        self.index = index
        self.cmd = cmd
        self.stderr = tempfile.TemporaryFile()
        self.events = []
        self.cond = threading.Condition()
        self.closed = False          # stdout reached EOF
        self.spawn_wall = time.time()
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        self.figures = {"node": index}
        self.samples = {}            # name -> (wall time, CPU seconds)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if event.get("event") == "listening":
                # Start-up CPU is read on the spot: every ms after this line is no longer start-up.
                self.samples["listening"] = (time.time(), self.cpu())
            with self.cond:
                self.events.append(event)
                self.cond.notify_all()
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def cpu(self):
        try:
            return cpu_seconds(self.proc.pid)
        except OSError:
            return None

    def first(self, name):
        with self.cond:
            return next((e for e in self.events if e.get("event") == name), None)

    def wait_for(self, name, timeout):
        """The first event called name, or None once the timeout passed or stdout closed."""
        with self.cond:
            self.cond.wait_for(lambda: self.closed or any(e.get("event") == name for e in self.events), timeout)
        return self.first(name)

    def alive(self):
        return self.proc.poll() is None

    def sample_cpu(self, name):
        self.samples[name] = (time.time(), self.cpu())

    def sample_memory(self, suffix):
        try:
            self.figures["pss_" + suffix] = pss_bytes(self.proc.pid)
            self.figures["rss_" + suffix] = rss_bytes(self.proc.pid)
        except OSError:
            self.figures["pss_" + suffix] = self.figures["rss_" + suffix] = None

    def sample_threads(self):
        try:
            self.figures["threads"] = status_field(self.proc.pid, "Threads")
        except OSError:
            self.figures["threads"] = None

    def stderr_tail(self, lines=5):
        self.stderr.seek(0)
        text = self.stderr.read().decode(errors="replace").strip().splitlines()
        return " | ".join(text[-lines:]) or "(no stderr)"

    def stop(self):
        """SIGTERM, then SIGKILL if it lingers; always reaps the process."""
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.reader.join(5)
        self.stderr.close()


def start_peer(label, index, cmd, args):
    """Starts a peer and waits for its 'listening' line; a PeerError when it exits or stays silent."""
    peer = Peer(index, cmd + args)
    listening = peer.wait_for("listening", LISTEN_TIMEOUT_S)
    if listening is None:
        peer.proc.poll()
        if peer.proc.returncode is None:
            why = f"printed no 'listening' within {LISTEN_TIMEOUT_S} s"
        else:
            why = f"exited with status {peer.proc.returncode} before 'listening'"
        error = PeerError(f"{label} peer {index} {why}; stderr: {peer.stderr_tail()}")
        peer.stop()
        raise error
    peer.figures["startup_cpu_s"] = peer.samples["listening"][1]
    peer.figures["listen_s"] = peer.samples["listening"][0] - peer.spawn_wall
    return peer, listening["addrs"][0]


def peer_args(index, addrs, a):
    """Flags of peer index: listen, subscribe, dial the three before it; peer 0 also publishes."""
    args = ["--key-seed", str(a.key_seed + index), "--listen", LISTEN, "--subscribe", TOPIC]
    for earlier in range(index - 1, max(index - 4, -1), -1):
        args += ["--dial", addrs[earlier]]
    if index == 0:
        args += ["--publish", TOPIC, "--size", str(a.size), "--after", str(a.after)]
    return args


# ---------------------------------------------------------------- one run of one implementation

def sleep_until(wall):
    delay = wall - time.time()
    if delay > 0:
        time.sleep(delay)


def schedule_idle_start(peer, timers):
    """CPU sample at listening + 2 s, on a timer: later peers are still starting at that moment."""
    delay = peer.samples["listening"][0] + IDLE_SETTLE_S - time.time()
    timer = threading.Timer(max(delay, 0), peer.sample_cpu, args=("idle_start",))
    timer.daemon = True
    timer.start()
    timers.append(timer)


def run_once(label, cmd, a):
    """Starts N peers of one implementation, samples them, stops them; returns the run's record."""
    record = {"impl": label, "cmd": cmd, "errors": [], "warnings": [], "nodes": []}
    peers, timers, addrs = [], [], []
    try:
        for i in range(a.n):
            peer, addr = start_peer(label, i, cmd, peer_args(i, addrs, a))
            peers.append(peer)
            addrs.append(addr)
            schedule_idle_start(peer, timers)
        publish_wall = peers[0].spawn_wall + a.after / 1000
        sleep_until(publish_wall - MEMORY_LEAD_S)
        check_alive(label, peers, "the publish")
        for p in peers:
            p.sample_memory("pre")
        published, rounds = sample_until_published(peers, publish_wall - CPU_LEAD_S)
        if published is None:
            raise PeerError(f"{label} peer 0 printed no 'published'; stderr: {peers[0].stderr_tail()}")
        last = max(peers, key=lambda p: p.samples["listening"][0])
        if published["t_ms"] / 1000 < last.samples["listening"][0]:
            since = peers[0].spawn_wall
            raise PeerError(f"{label} peer 0 published at +{published['t_ms'] / 1000 - since:.1f} s, before every "
                            f"peer listened (peer {last.index} at +{last.samples['listening'][0] - since:.1f} s): "
                            f"raise --after")
        pre_wall, host_before, cpus = round_before(rounds, published["t_ms"] / 1000 - PUBLISH_GUARD_S)
        for p in peers:
            p.samples["pre"] = (pre_wall, cpus[p.index])
        record["publish_lag_ms"] = published["t_ms"] - pre_wall * 1000
        record.update(spawn0_wall=peers[0].spawn_wall, planned_publish_wall=publish_wall, pre_wall=pre_wall,
                      sample_rounds=[r[0] for r in rounds],
                      listening_wall=[p.samples["listening"][0] for p in peers])
        warn_short_idle(label, peers, pre_wall, record)
        sleep_until(published["t_ms"] / 1000 + a.window)
        for p in peers:
            p.sample_cpu("end")
        record["host_busy"] = busy_share(host_before, host_cpu_times())
        record["load1"] = os.getloadavg()[0]
        for p in peers:
            p.sample_memory("end")
            p.sample_threads()
        check_alive(label, peers, "the end of the window")
        time.sleep(LINGER_S)
        check_alive(label, peers, "SIGTERM")
    except PeerError as error:
        report_error(record, str(error))
    finally:
        for t in timers:
            t.cancel()
        for p in peers:
            p.stop()
    published = peers[0].first("published") if peers else None
    record["published"] = published
    record["nodes"] = [node_figures(p, published, a) for p in peers]
    record["received"] = sum(1 for node in record["nodes"][1:] if node["delivery_ms"] is not None)
    for p in peers:
        for e in p.events:
            if e.get("event") == "error":  # e.g. a failed dial: worth knowing, but delivery is the check
                report_warning(record, f"{label} peer {p.index} error event: {e.get('what')}")
    return record


def warn_short_idle(label, peers, pre_wall, record):
    short = [p.index for p in peers
             if "idle_start" not in p.samples or pre_wall - p.samples["idle_start"][0] < MIN_IDLE_SPAN_S]
    if short:
        report_warning(record, f"{label}: peers {short} listened less than {IDLE_SETTLE_S + MIN_IDLE_SPAN_S} s "
                               f"before the publish: no idle figure for them (raise --after)")


def sample_until_published(peers, start):
    """Rounds of (wall, host CPU times, {peer: CPU s}) from start until peer 0 prints 'published'.

    A peer counts --after from its own start (a JVM from main, hundreds of ms after exec), so the
    publish instant is only known afterwards, from the 'published' line: sample until it comes."""
    sleep_until(start)
    rounds, deadline = [], time.time() + 30
    while True:
        rounds.append((time.time(), host_cpu_times(), {p.index: p.cpu() for p in peers}))
        published = peers[0].wait_for("published", SAMPLE_EVERY_S)
        if published is not None or peers[0].closed or time.time() > deadline:
            return published, rounds


def round_before(rounds, wall):
    """The last round taken at or before wall, else the first: the publish's own hashing and
    encoding (before its 'published' line) must fall inside the window, not before it."""
    earlier = [r for r in rounds if r[0] <= wall]
    return earlier[-1] if earlier else rounds[0]


def check_alive(label, peers, when):
    for p in peers:
        if not p.alive():
            raise PeerError(f"{label} peer {p.index} exited early (status {p.proc.returncode}) before {when}; "
                            f"stderr: {p.stderr_tail()}")


def report_error(record, text):
    record["errors"].append(text)
    print(f"error: {text}", file=sys.stderr, flush=True)


def report_warning(record, text):
    record["warnings"].append(text)
    print(f"warning: {text}", file=sys.stderr, flush=True)


def cpu_between(peer, first, last):
    """CPU seconds and wall seconds between two samples, or (None, None) when one is missing."""
    if first not in peer.samples or last not in peer.samples:
        return None, None
    (t0, c0), (t1, c1) = peer.samples[first], peer.samples[last]
    if c0 is None or c1 is None or t1 <= t0:
        return None, None
    return c1 - c0, t1 - t0


def node_figures(peer, published, a):
    f = dict(peer.figures)
    idle_cpu, idle_s = cpu_between(peer, "idle_start", "pre")
    long_enough = idle_cpu is not None and idle_s >= MIN_IDLE_SPAN_S
    f["idle_cpu_per_min"] = idle_cpu * 60 / idle_s if long_enough else None
    f["idle_span_s"] = idle_s
    f["window_cpu_s"], f["window_span_s"] = cpu_between(peer, "pre", "end")
    message = peer.first("message")
    f["delivery_ms"] = None
    if peer.index > 0 and message is not None and published is not None:
        if message.get("topic") == TOPIC and message.get("size") == a.size:
            f["delivery_ms"] = message["t_ms"] - published["t_ms"]
    f["exit_status"] = peer.proc.returncode
    return f


# ---------------------------------------------------------------- printing

FIGURES = [  # key, column title, scale, format
    ("listen_s", "listen_s", 1, "{:8.2f}"),  # spawn to 'listening', wall clock
    ("startup_cpu_s", "start_cpu_s", 1, "{:11.2f}"),
    ("idle_cpu_per_min", "idle_cpu_s/min", 1, "{:14.2f}"),
    ("window_cpu_s", "window_cpu_s", 1, "{:12.2f}"),
    ("pss_pre", "pss_pre_MiB", 2 ** -20, "{:11.1f}"),
    ("rss_pre", "rss_pre_MiB", 2 ** -20, "{:11.1f}"),
    ("pss_end", "pss_end_MiB", 2 ** -20, "{:11.1f}"),
    ("rss_end", "rss_end_MiB", 2 ** -20, "{:11.1f}"),
    ("threads", "threads", 1, "{:7.0f}"),
]


def cell(value, scale, fmt):
    width = len(fmt.format(0))
    return fmt.format(value * scale) if value is not None else "-".rjust(width)


def print_nodes(record, run):
    for node in record["nodes"]:
        cells = "  ".join(cell(node.get(k), s, fmt) for k, _, s, fmt in FIGURES)
        delivery = "publisher" if node["node"] == 0 else cell(node["delivery_ms"], 1, "{:9.1f}")
        print(f"{record['impl']:16} {run:3} {node['node']:4}  {cells}  {delivery:>11}", flush=True)


def median_of(nodes, key):
    values = [n[key] for n in nodes if n.get(key) is not None]
    return statistics.median(values) if values else None


def nearest_rank(values, q):
    ordered = sorted(values)
    return ordered[max(math.ceil(q * len(ordered)) - 1, 0)] if ordered else None


def summarise(records):
    """Per implementation label: medians across all its nodes (all runs), delivery, host load."""
    summary = {}
    for label in dict.fromkeys(r["impl"] for r in records):
        mine = [r for r in records if r["impl"] == label]
        nodes = [n for r in mine for n in r["nodes"]]
        deliveries = [n["delivery_ms"] for n in nodes if n["node"] > 0 and n["delivery_ms"] is not None]
        s = {k: median_of(nodes, k) for k, _, _, _ in FIGURES}
        s.update(delivery_p50=nearest_rank(deliveries, 0.5), delivery_p90=nearest_rank(deliveries, 0.9),
                 delivery_max=max(deliveries) if deliveries else None,
                 received=sum(r["received"] for r in mine), receivers=sum(r["expected"] for r in mine),
                 load1=[r.get("load1") for r in mine], host_busy=[r.get("host_busy") for r in mine],
                 publish_lag_ms=[r.get("publish_lag_ms") for r in mine])
        summary[label] = s
    return summary


def joined(values, fmt):
    return "/".join(fmt.format(v) if v is not None else "-" for v in values)


def print_summary(summary):
    print("\n# summary: medians across nodes (publisher included); delivery over receivers, nearest rank")
    print(f"{'impl':16} {'':8}  " + "  ".join(title.rjust(len(fmt.format(0))) for _, title, _, fmt in FIGURES)
          + "  deliver_p50/p90/max_ms  received  load1  host_busy  publish_lag_ms")
    for label, s in summary.items():
        cells = "  ".join(cell(s[k], sc, fmt) for k, _, sc, fmt in FIGURES)
        delivery = "/".join(cell(s[k], 1, "{:.0f}").strip() for k in ("delivery_p50", "delivery_p90", "delivery_max"))
        print(f"{label:16} {'median':8}  {cells}  {delivery:>22}  {s['received']:>4}/{s['receivers']:<3}  "
              f"{joined(s['load1'], '{:.2f}'):>5}  {joined(s['host_busy'], '{:.0%}'):>9}  "
              f"{joined(s['publish_lag_ms'], '{:.0f}'):>14}", flush=True)


RATIO_KEYS = [("window_cpu_s", "window_cpu"), ("startup_cpu_s", "startup_cpu"), ("pss_pre", "pss_pre"),
              ("pss_end", "pss_end"), ("rss_pre", "rss_pre"), ("rss_end", "rss_end")]


def ratio(mine, go, key):
    """(ratio, lower bound): a CPU median of go under one tick (shown as 0.00) gives only a bound,
    since /proc/PID/stat's total is the exact runtime rounded down to ticks."""
    if mine is None or go is None:
        return None, None
    if go:
        return mine / go, None
    return None, (mine * CLK_TCK if key.endswith("cpu_s") and mine else None)


def ratios(summary):
    """Each non-go implementation's medians over go's: {pair: {figure: ratio, figure_at_least: bound}}."""
    go = summary.get("go")
    if go is None:
        return {}
    out = {}
    for label, s in summary.items():
        if label != "go":
            out[f"{label}/go"] = row = {}
            for key, name in RATIO_KEYS:
                row[name], row[name + "_at_least"] = ratio(s[key], go[key], key)
    return out


def ratio_cell(values, name):
    if values[name] is None and values[name + "_at_least"] is not None:
        return f">{values[name + '_at_least']:.0f}".rjust(13)
    return cell(values[name], 1, "{:13.2f}")


def print_ratios(table):
    if not table:
        return
    print("\n# ratios of medians to go ('>X': go's median is under one clock tick, so only a bound)")
    print(f"{'':22}" + "".join(f"{name:>13}" for _, name in RATIO_KEYS))
    for pair, values in table.items():
        print(f"{pair:22}" + "".join(ratio_cell(values, name) for _, name in RATIO_KEYS), flush=True)


# ---------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--impl", help="comma-separated of java, go, js (default: all three)")
    ap.add_argument("--n", type=int, default=8, help="peers per implementation (default 8)")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--size", type=int, default=1 << 20, help="bytes of the one message (default 1 MiB)")
    ap.add_argument("--after", type=int, default=20000, help="publish MS after peer 0 started (default 20000)")
    ap.add_argument("--window", type=float, default=6, help="delivery window in seconds (default 6)")
    ap.add_argument("--key-seed", type=int, default=4000, help="peer i's key seed is this + i")
    ap.add_argument("--java", action="append", type=parse_variant, metavar="NAME=FLAGS",
                    help="a Java variant (repeatable); default: node=<node JVM flags> and defaults=")
    ap.add_argument("--json", metavar="PATH", help="write every raw figure here")
    ap.add_argument("--smoke", action="store_true",
                    help="CI: N=3, --after 8000, --window 3, java (node variant only), go, js")
    a = ap.parse_args(argv)
    a.impl_defaulted = a.impl is None
    if a.smoke:
        a.n, a.after, a.window, a.runs = 3, 8000, 3, 1
    if a.n < 2:
        ap.error("--n must be at least 2 (one publisher, one receiver)")
    return a


def main(argv=None):
    a = parse_args(argv)
    # SIGTERM becomes SystemExit so that the finally blocks stop every peer, as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    impls = (a.impl or "java,go,js").split(",")
    java, java_source = find_java() if "java" in impls else (None, None)
    variants = java_variants(a.java, java) if java else {}
    if a.smoke and not a.java:
        variants = {k: v for k, v in variants.items() if k == "java:node"}
    cmds = commands(impls, variants, java, a.impl_defaulted)

    print(f"# footprint: {a.n} peers per implementation, loopback TCP, each dials the 3 before it; peer 0 "
          f"publishes {a.size} bytes at +{a.after} ms; window {a.window:g} s; {a.runs} run(s); {os.cpu_count()} cores")
    print("# a saturated host measures CPU contention, not the network: read load1 and host_busy beside each figure")
    print(f"# CPU from /proc/PID/stat counts {1000 // CLK_TCK} ms ticks: figures near 0.01 s (and ratios over them) are coarse")
    if java:
        print(f"# java: {java} (from {java_source})")
        for label, (flags, source) in variants.items():
            print(f"#   {label}: {' '.join(flags) or '(no flags)'}  [{source}]")
    print(f"\n{'impl':16} run node  " + "  ".join(title.rjust(len(fmt.format(0))) for _, title, _, fmt in FIGURES)
          + "  deliver_ms", flush=True)

    records = []
    for run in range(a.runs):
        for label, cmd in cmds.items():
            record = run_once(label, cmd, a)
            record.update(run=run, expected=a.n - 1)
            records.append(record)
            print_nodes(record, run)
    summary = summarise(records)
    print_summary(summary)
    table = ratios(summary)
    print_ratios(table)

    failed = [r for r in records if r["received"] < r["expected"] or r["errors"]]
    for r in failed:
        print(f"FAILED: {r['impl']} run {r['run']}: {r['received']}/{r['expected']} receivers got the message"
              + (f"; {len(r['errors'])} error(s) above" if r["errors"] else ""), file=sys.stderr)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"config": {k: v for k, v in vars(a).items()}, "java": java, "java_source": java_source,
                       "variants": {k: {"flags": v[0], "source": v[1]} for k, v in variants.items()},
                       "runs": records, "summary": summary, "ratios": table}, f, indent=1)
    return 1 if failed or not records else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # the peers are already stopped by run_once's finally
        sys.exit("footprint: interrupted")
