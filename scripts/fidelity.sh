#!/usr/bin/env bash
# gsnode against the reference on the same simulated network (docs/findings/fidelity.md): for each
# seed, one Shadow cell of gsnode's nodes and one of the interop go peer's (go-libp2p), on the same
# generated topology, then the table that compares them (scripts/fidelity-table.py) and each cell's
# `gsnode timeline`. Needs Shadow (GSNODE_SHADOW or --shadow's lookup) and interop/go/build.sh.
#
#   scripts/fidelity.sh OUT [SEED...]        default seeds 7 to 16
#   N=32 DEGREE=16 TRANSPORT=tcp ARM=wholend PAYLOAD=1048576 SCENARIO=home (the defaults)
#   SYSCALL_LATENCY=off   Shadow without its charge for non-blocking syscalls (docs/shadow.md)
#   GO_PEER=interop/go/bin/gopeer-report   the go reference at the report's versions (build.sh --report)
#
# A go cell under Shadow repeats itself exactly, as gsnode's does, so one run per seed is a sample
# of the seed, not of the run. Cells that exist under OUT are kept (delete one to rerun it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -ge 1 ] || { echo "usage: scripts/fidelity.sh OUT [SEED...]" >&2; exit 2; }
out="$1"; shift
seeds=("$@"); [ ${#seeds[@]} -gt 0 ] || seeds=(7 8 9 10 11 12 13 14 15 16)
n="${N:-32}" degree="${DEGREE:-16}" transport="${TRANSPORT:-tcp}" arm="${ARM:-wholend}"
payload="${PAYLOAD:-1048576}" scenario="${SCENARIO:-home}"
latency=(); [ "${SYSCALL_LATENCY:-on}" = off ] && latency=(--no-model-unblocked-syscall-latency)
mkdir -p "$out"
if [ -n "${GO_PEER:-}" ]; then export GSNODE_GO_PEER="$(cd "$(dirname "$GO_PEER")" && pwd)/$(basename "$GO_PEER")"; fi
for seed in "${seeds[@]}"; do
  for impl in go java; do
    cell="$out/$impl-s$seed"
    if [ -f "$cell/cell.json" ]; then echo "fidelity: $cell exists, kept" >&2; continue; fi
    echo "fidelity: seed $seed, $impl ($n hosts, degree $degree, $arm over $transport)" >&2
    "$root/gsnode" cell --backend shadow --n "$n" --degree "$degree" --seed "$seed" --scenario "$scenario" \
      --arm "$arm" --transport "$transport" --payload "$payload" --impl "$impl" "${latency[@]}" --out "$cell" >&2
    "$root/gsnode" timeline "$cell" > "$cell/timeline.txt"
  done
done
python3 "$root/scripts/fidelity-table.py" "$out"
