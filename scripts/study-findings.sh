#!/usr/bin/env bash
# Regenerates a findings page from a study committed under results/studies/ (docs/studies.md,
# "Committing a study's results"): the page is gsnode study report's table and figure, under one
# line that says where it came from. Never edit such a page by hand; rerun this.
#
#   scripts/study-findings.sh results/studies/NAME docs/findings/NAME.md "TITLE"
#
# The figure goes beside the study's data (results/studies/NAME/figure.png and .svg).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ $# -eq 3 ] || { echo "usage: scripts/study-findings.sh STUDY_DIR PAGE TITLE" >&2; exit 2; }
study="$1" page="$2" title="$3"
[ -f "$study/study.json" ] || { echo "study-findings.sh: $study holds no study.json" >&2; exit 2; }
table=$("$root/gsnode" study report "$study" --csv "$study/table.csv" --figure "$study/figure")
rel=$(python3 -c 'import os,sys; print(os.path.relpath(sys.argv[1], os.path.dirname(sys.argv[2])))' "$study" "$page")
{
  echo "Findings: generated $(date -u +%Y-%m-%d) by \`scripts/study-findings.sh $study $page \"$title\"\` from the study committed in \`$study\`, on the builds listed below; regenerate it, never edit it. Reference: [../studies.md](../studies.md)."
  echo
  echo "# $title"
  echo
  echo "![the study as Figure 1, beside the report's published values]($rel/figure.png)"
  echo
  echo "$table" | tail -n +3
} > "$page"
echo "study-findings.sh: wrote $page, $study/table.csv and $study/figure.png" >&2
