#!/usr/bin/env python3
"""The table of docs/findings/fidelity.md from scripts/fidelity.sh's cells: per seed, gsnode's and
the go peer's receiver p50 and p99, with what the timelines say about the publisher (its mesh at
the publish, its copies, the first receiver's first copy) and the whole cell's mesh and gossip;
then the medians over the seeds and gsnode's difference from go, and the shape: quantiles of every
receiver's completion time pooled over the seeds, and the median over seeds of the k-th receiver's
completion. Reads OUT/{java,go}-sSEED/."""
import json
import os
import statistics
import sys


def cell(path):
    summary = json.load(open(os.path.join(path, "cell.json")))
    records = [json.loads(l) for l in open(os.path.join(path, "records.jsonl")) if l.strip()]
    pub = next(r for r in records if r["role"] == "publisher")
    copies = (pub.get("timeline") or {}).get("copies", [])
    firsts = [f["at_ms"] for r in records if r["role"] == "receiver" and r.get("timeline")
              for f in r["timeline"]["first_copies"][:1]]
    return {
        "p50": summary["p50_ms"], "p99": summary["p99_ms"],
        "pub_mesh": pub["mesh"]["at_publish"],
        "pushes": sum(1 for c in copies if c["kind"] == "push"),
        "answers": sum(1 for c in copies if c["kind"] == "iwant"),
        "first": min(firsts) if firsts else None,
        "mesh": statistics.mean(r["mesh"]["at_publish"] for r in records),
        "iwant": sum(r["msgs"]["iwant_sent"] for r in records),
        "prune": sum(r["msgs"]["prune_sent"] for r in records),
        "completions": sorted(r["completion_ms"] for r in records
                              if r["role"] == "receiver" and r["completion_ms"] is not None),
    }


def quantile(xs, q):
    """Linear interpolation between closest ranks, as numpy's default."""
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def fmt(v, digits=0):
    return "-" if v is None else f"{v:,.{digits}f}"


def main(out):
    seeds = sorted({int(d.split("-s")[1]) for d in os.listdir(out) if d.startswith(("java-s", "go-s"))
                    and os.path.isfile(os.path.join(out, d, "cell.json"))})
    rows = {}
    print("| seed | go p50 / p99 (ms) | gsnode p50 / p99 (ms) | publisher mesh go / gsnode | publisher copies go / gsnode "
          "(push + IWANT) | first receiver's first copy go / gsnode (ms) | mean mesh go / gsnode | IWANTs go / gsnode | "
          "PRUNEs go / gsnode |")
    print("| ---: | --- | --- | --- | --- | --- | --- | --- | --- |")
    for s in seeds:
        g, j = (os.path.join(out, f"{i}-s{s}") for i in ("go", "java"))
        if not (os.path.isfile(os.path.join(g, "cell.json")) and os.path.isfile(os.path.join(j, "cell.json"))):
            continue
        g, j = cell(g), cell(j)
        rows[s] = (g, j)
        print(f"| {s} | {fmt(g['p50'])} / {fmt(g['p99'])} | {fmt(j['p50'])} / {fmt(j['p99'])} | {g['pub_mesh']} / {j['pub_mesh']} "
              f"| {g['pushes']} + {g['answers']} / {j['pushes']} + {j['answers']} | {fmt(g['first'])} / {fmt(j['first'])} "
              f"| {g['mesh']:.2f} / {j['mesh']:.2f} | {g['iwant']} / {j['iwant']} | {g['prune']} / {j['prune']} |")
    if not rows:
        sys.exit(f"fidelity-table: no seed under {out} has both a go and a gsnode cell")
    print()
    for q in ("p50", "p99"):
        gm = statistics.median(g[q] for g, _ in rows.values() if g[q] is not None)
        jm = statistics.median(j[q] for _, j in rows.values() if j[q] is not None)
        print(f"median {q} over {len(rows)} seeds: go {gm:,.0f} ms, gsnode {jm:,.0f} ms, gsnode {100 * (jm - gm) / gm:+.1f} %")
    print()
    print("| shape (ms) | go | gsnode | gsnode against go |")
    print("| --- | ---: | ---: | ---: |")
    shape = []
    for q in (0.05, 0.10, 0.25, 0.50, 0.75, 0.90, 0.99):
        shape.append((f"every receiver pooled over the seeds, q{round(q * 100)}",
                      *(quantile([c for cells in rows.values() for c in cells[i]["completions"]], q) for i in (0, 1))))
    for k in (1, 5, 15):
        shape.append((f"receiver {k} to complete, median over the seeds",
                      *(statistics.median(cells[i]["completions"][k - 1] for cells in rows.values()
                                          if len(cells[i]["completions"]) >= k) for i in (0, 1))))
    for name, g, j in shape:
        print(f"| {name} | {g:,.0f} | {j:,.0f} | {100 * (j - g) / g:+.1f} % |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/fidelity-table.py OUT")
    main(sys.argv[1])
