#!/usr/bin/env bash
# One command from the dataset to the shipped model:
#   ml/release.sh [ISBI_DIR] [HAMEDAN_DIR]
# 1. warm start: the previous model's weights recovered from its ONNX files (INIT=none trains from scratch);
# 2. both stages trained side by side on the ISBI 2015 *training* split only, by step counts
#    (ITERS_GLOBAL, ITERS_FINE; every run checkpoints and resumes where it stopped);
# 3. export to ONNX + manifest; 4. ONNX-vs-PyTorch parity (fails above 1e-3);
# 5. calibration of refusal, confidence and review thresholds, fitted on the ISBI training films and
#    four re-imaged looks of each only (Hamedan is detected and reported, never fitted on; Test1 never read);
# 6. Node evaluation (production path) on ISBI Test1 and Hamedan, zero-shot and after a clinic
#    corrected 10 and 20 films (--adapt, clinic adaptation); 7. the model card's data and
#    tables rewritten from those metrics; 8. copy into models/.
# Environment: PYTHON (default /usr/bin/python3), OUT (ml/runs/<name>), NAME, VERSION, INIT.
# WEIGHTS_FROM=<dir with <name>.json and its two .onnx files> skips steps 1-4 and releases those
# weights with a new calibration, evaluation and card (how 2.1.0 was made from 2.0.0's files:
# WEIGHTS_FROM=models ml/release.sh); no PyTorch needed then.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
ISBI=$(realpath "${1:-$ROOT/../shared/datasets/isbi2015}")
HAMEDAN=$(realpath "${2:-$ROOT/../shared/datasets/hamedan}")
PY=${PYTHON:-/usr/bin/python3}
NAME=${NAME:-ceph-landmarks-v2}
VERSION=${VERSION:-2.1.0}
OUT=$(realpath -m "${OUT:-$ROOT/ml/runs/$NAME}")
INIT=${INIT:-$ROOT/models/v1/ceph-landmarks-v1}
ITERS_GLOBAL=${ITERS_GLOBAL:-1600}
ITERS_FINE=${ITERS_FINE:-3600}
LR=${LR:-1e-3}
SEED=${SEED:-7}
BASELINE=${BASELINE:-isbi2015-test1=$ROOT/models/v1/eval-test1/metrics.json}
WEIGHTS_FROM=${WEIGHTS_FROM:+$(realpath "$WEIGHTS_FROM")}
export PYTHONUNBUFFERED=1
mkdir -p "$OUT"
cd "$ROOT/ml"
if [ -n "${WEIGHTS_FROM:-}" ]; then
  mkdir -p "$OUT/onnx"
  cp "$WEIGHTS_FROM/$NAME".{json,global.onnx,fine.onnx} "$OUT/onnx/"
  node -e 'const f=process.argv[1], m=JSON.parse(require("fs").readFileSync(f)); m.version=process.argv[2];
    require("fs").writeFileSync(f, JSON.stringify(m, null, 1))' "$OUT/onnx/$NAME.json" "$VERSION"
else
  $PY -c 'import platform, torch; print("python", platform.python_version(), "torch", torch.__version__)' | tee "$OUT/environment.txt"

  train() { # stage iters (a stage that finished keeps its weights; an interrupted one resumes from its checkpoint)
    [ -f "$OUT/$1.pt" ] && return 0
    local a=()
    if [ "$INIT" != none ]; then
      [ -f "$OUT/init-$1.pt" ] || $PY -m ceph_ml.from_onnx --onnx "$INIT.$1.onnx" --stage "$1" --dataset "$ISBI" --out "$OUT/init-$1.pt"
      a=(--init "$OUT/init-$1.pt" --lr "$LR" --warmup 100)
    fi
    $PY -m ceph_ml.train --stage "$1" --dataset "$ISBI" --splits train --out "$OUT" --iters "$2" \
      --threads "${THREADS:-1}" --seed "$SEED" "${a[@]}" >> "$OUT/train-$1.log" 2>&1
  }
  if [ ! -f "$OUT/global.pt" ] || [ ! -f "$OUT/fine.pt" ]; then
    train global "$ITERS_GLOBAL" & pg=$!
    train fine "$ITERS_FINE" & pf=$!
    wait $pg; wait $pf
  fi

  $PY -m ceph_ml.export --weights "$OUT" --dataset "$ISBI" --name "$NAME" --version "$VERSION" \
    --trained-on "isbi2015 train (150 films)" --card "$NAME.card.json" --out "$OUT/onnx" > "$OUT/export.log"
  $PY -m ceph_ml.parity --weights "$OUT" --dataset "$ISBI" --out "$OUT/parity"
  cd "$ROOT"
  npx tsx tools/src/onnx-parity.ts "$OUT/parity" "$OUT/onnx/$NAME.json" --tolerance 1e-3
fi
cd "$ROOT"
npx tsx tools/src/calibrate-model.ts "$OUT/onnx/$NAME.json" --manifest "$ISBI/manifest.json" \
  --validation "$HAMEDAN/manifest.json" | tee "$OUT/calibration.log"
npx tsx tools/src/eval-landmarks.ts --model "$OUT/onnx/$NAME.json" --manifest "$ISBI/manifest.json" --split test1 \
  --adapt 10,20 --out "$OUT/eval/isbi2015-test1" | tee "$OUT/eval-isbi2015-test1.log"
npx tsx tools/src/eval-landmarks.ts --model "$OUT/onnx/$NAME.json" --manifest "$HAMEDAN/manifest.json" --split crossdevice \
  --adapt 10,20 --out "$OUT/eval/hamedan" | tee "$OUT/eval-hamedan.log"
# The same films as a clinic that chose machine porion in Settings sees them (the annotators' definition).
npx tsx tools/src/eval-landmarks.ts --model "$OUT/onnx/$NAME.json" --manifest "$HAMEDAN/manifest.json" --split crossdevice \
  --definitions Po=machine --adapt 10,20 --out "$OUT/eval/hamedan-machine-porion" | tee "$OUT/eval-hamedan-machine-porion.log"
cp "$OUT"/onnx/"$NAME".{json,global.onnx,fine.onnx} models/
mkdir -p models/eval models/training
rm -rf models/eval/isbi2015-test1 models/eval/hamedan models/eval/hamedan-machine-porion
cp -r "$OUT/eval/isbi2015-test1" "$OUT/eval/hamedan" "$OUT/eval/hamedan-machine-porion" models/eval/
# Training logs only when this run trained (WEIGHTS_FROM keeps the released weights' logs).
[ -f "$OUT/global.json" ] && cp "$OUT"/global.json models/training/"$NAME"-global.json
[ -f "$OUT/fine.json" ] && cp "$OUT"/fine.json models/training/"$NAME"-fine.json
cp "$OUT"/calibration.log models/training/"$NAME"-calibration.log
npx tsx tools/src/model-card.ts models/"$NAME".json \
  --eval isbi2015-test1=models/eval/isbi2015-test1/metrics.json --eval hamedan=models/eval/hamedan/metrics.json \
  --eval hamedan-machine-porion=models/eval/hamedan-machine-porion/metrics.json \
  --baseline "$BASELINE" --readme models/README.md
echo "released $NAME $VERSION into models/"
