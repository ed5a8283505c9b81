#!/usr/bin/env bash
# One command from the dataset to shipped ONNX files + validation metrics.
#   ml/run.sh DATASET_DIR OUT_DIR SPLITS NAME [BUDGET_S]
# SPLITS: "train" (the model whose Test1 figures we report) or "train,test1" (production, all 300).
# Trains the coarse and the fine stage side by side, evaluates on test1, exports ONNX + manifest.
# Set ITERS_GLOBAL / ITERS_FINE to repeat a run exactly (the counts used are in OUT_DIR/*.json).
set -euo pipefail
DATASET=$1 OUT=$2 SPLITS=$3 NAME=$4 BUDGET=${5:-300}
PY=${PYTHON:-python3}
cd "$(dirname "$0")"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
gi=(); fi=()
[ -n "${ITERS_GLOBAL:-}" ] && gi=(--iters "$ITERS_GLOBAL")
[ -n "${ITERS_FINE:-}" ] && fi=(--iters "$ITERS_FINE")
$PY -m ceph_ml.train --stage global --dataset "$DATASET" --splits "$SPLITS" --out "$OUT" --budget-s "$BUDGET" --threads ${THREADS:-1} ${GLOBAL_BATCH:+--batch $GLOBAL_BATCH} "${gi[@]}" > "$OUT/train-global.log" 2>&1 &
pg=$!
$PY -m ceph_ml.train --stage fine --dataset "$DATASET" --splits "$SPLITS" --out "$OUT" --budget-s "$BUDGET" --threads ${THREADS:-1} ${FINE_BATCH:+--batch $FINE_BATCH} "${fi[@]}" > "$OUT/train-fine.log" 2>&1 &
pf=$!
wait $pg; wait $pf
$PY -m ceph_ml.evaluate --dataset "$DATASET" --split test1 --weights "$OUT" --out "$OUT/metrics-test1.json" ${EVAL_LIMIT:+--limit $EVAL_LIMIT} > "$OUT/eval.log" 2>&1
$PY -m ceph_ml.export --weights "$OUT" --dataset "$DATASET" --name "$NAME" --trained-on "isbi2015 $SPLITS" --out "$OUT/onnx" > "$OUT/export.log" 2>&1
tail -3 "$OUT/eval.log"
