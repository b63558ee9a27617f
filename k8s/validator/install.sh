#!/usr/bin/env bash
# Installs the Kubernetes schema validator (kubernetes-validate, pinned in requirements.txt) into
# k8s/validator/.venv, where the manifest tests find it. Idempotent: an installed validator of the
# pinned version is left alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
want=$(sed -n 's/^kubernetes-validate==//p' requirements.txt)
if [ -x .venv/bin/kubernetes-validate ] && [ "$(.venv/bin/kubernetes-validate --version 2>/dev/null)" = "$want" ]; then
    exit 0
fi
PYTHON="${PYTHON:-python3}"
rm -rf .venv
"$PYTHON" -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check --no-deps -r requirements.txt
echo "k8s/validator: kubernetes-validate $(.venv/bin/kubernetes-validate --version) in $(pwd)/.venv" >&2
