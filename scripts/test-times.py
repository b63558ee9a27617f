#!/usr/bin/env python3
"""Where the test time went: the time of each module's tests and the slowest test classes.

Reads the Surefire and Failsafe XML reports under each module's target/ and prints two tables,
so that every run of scripts/test.sh ends with the numbers a developer needs to keep the suite
inside its budget (docs/testing.md). Usage: scripts/test-times.py [ROOT] [--top N]
"""
import argparse
import glob
import os
import sys
import xml.etree.ElementTree as ET


def reports(root):
    """(module, class name, seconds, tests, kind) for every report file under ROOT/*/target."""
    for kind in ("surefire-reports", "failsafe-reports"):
        for path in glob.glob(os.path.join(root, "*", "target", kind, "TEST-*.xml")):
            module = os.path.relpath(path, root).split(os.sep)[0]
            try:
                suite = ET.parse(path).getroot()
            except ET.ParseError as e:
                print(f"test-times: {path}: unreadable report ({e})", file=sys.stderr)
                continue
            yield module, suite.get("name", "?"), float(suite.get("time", "0") or 0), int(suite.get("tests", "0") or 0), kind


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    p.add_argument("--top", type=int, default=15, help="slowest classes to list (default 15)")
    a = p.parse_args()
    rows = list(reports(os.path.abspath(a.root)))
    if not rows:
        print("test-times: no test reports found", file=sys.stderr)
        return 0
    by_module = {}
    for module, _, secs, tests, _ in rows:
        s, t, c = by_module.get(module, (0.0, 0, 0))
        by_module[module] = (s + secs, t + tests, c + 1)
    total = sum(s for s, _, _ in by_module.values())
    print("== test time per module (sum over test classes; classes that ran in parallel overlap)")
    print(f"{'module':<22}{'seconds':>9}{'classes':>9}{'tests':>8}")
    for module, (s, t, c) in sorted(by_module.items(), key=lambda kv: -kv[1][0]):
        print(f"{module:<22}{s:>9.1f}{c:>9}{t:>8}")
    print(f"{'all':<22}{total:>9.1f}{sum(c for _, _, c in by_module.values()):>9}{sum(t for _, t, _ in by_module.values()):>8}")
    print(f"== the {a.top} slowest test classes")
    for module, name, secs, tests, kind in sorted(rows, key=lambda r: -r[2])[: a.top]:
        short = name.rsplit(".", 1)[-1]
        tag = " (failsafe)" if kind == "failsafe-reports" else ""
        print(f"{secs:>8.1f} s  {module:<20}{short}{tag} ({tests} tests)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
