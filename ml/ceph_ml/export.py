"""Export trained weights to ONNX (opset 13) plus the model manifest the server reads.

  python -m ceph_ml.export --weights DIR --dataset DIR --name ceph-landmarks-v1 --out models/
"""
import argparse
import hashlib
import json
import os

import torch

from .data import N_LANDMARKS, landmark_names, load_manifests
from .decode import WINDOW_R
from .geometry import CTX_STEP, FINE_STRIDE, GLOBAL_H, GLOBAL_STRIDE, GLOBAL_W, MAX_FRAME_SIDE, PATCH, REF_SIZE
from .model import FineNet, GlobalNet


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def environment():
    """Exact versions the weights were trained and exported with (the release records them)."""
    import platform

    import onnx

    return {
        "python": platform.python_version(),
        "torch": torch.__version__,
        "onnx": onnx.__version__,
        "numpy": __import__("numpy").__version__,
        "opencv": __import__("cv2").__version__,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--version", default="1.0.0")
    ap.add_argument("--trained-on", default="isbi2015 train (150 images)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--card", default="", help="file name of the model card beside the manifest")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    g = GlobalNet(N_LANDMARKS).eval()
    f = FineNet(N_LANDMARKS).eval()
    g.load_state_dict(torch.load(os.path.join(args.weights, "global.pt"), map_location="cpu"))
    f.load_state_dict(torch.load(os.path.join(args.weights, "fine.pt"), map_location="cpu"))
    gpath = os.path.join(args.out, f"{args.name}.global.onnx")
    fpath = os.path.join(args.out, f"{args.name}.fine.onnx")
    legacy = {"dynamo": False} if "dynamo" in torch.onnx.export.__code__.co_varnames else {}
    torch.onnx.export(
        g,
        torch.zeros(1, 1, GLOBAL_H, GLOBAL_W),
        gpath,
        opset_version=13,
        input_names=["image"],
        output_names=["heatmaps"],
        dynamic_axes={"image": {0: "batch"}, "heatmaps": {0: "batch"}},
        do_constant_folding=True,
        **legacy,
    )
    fargs = (torch.zeros(4, 2, PATCH, PATCH), torch.arange(4, dtype=torch.int64))
    fkw = dict(
        opset_version=13,
        input_names=["patches", "landmark"],
        output_names=["heatmaps"],
        dynamic_axes={"patches": {0: "n"}, "landmark": {0: "n"}, "heatmaps": {0: "n"}},
        do_constant_folding=True,
    )
    torch.onnx.export(f, fargs, fpath, **fkw, **legacy)
    m19, m38 = load_manifests(args.dataset)
    names, short = landmark_names(m19, m38)
    manifest = {
        "id": args.name,
        "version": args.version,
        "format": "ceppro-two-stage-heatmap/2",
        "trained_on": args.trained_on,
        "landmarks": [{"index": i, "name": n, "short_name": s} for i, (n, s) in enumerate(zip(names, short))],
        "global": {
            "file": os.path.basename(gpath),
            "sha256": sha256(gpath),
            "input": [1, 1, GLOBAL_H, GLOBAL_W],
            "width": GLOBAL_W,
            "height": GLOBAL_H,
            "stride": GLOBAL_STRIDE,
            "letterbox": True,
        },
        "fine": {
            "file": os.path.basename(fpath),
            "sha256": sha256(fpath),
            "patch": PATCH,
            "stride": FINE_STRIDE,
            "context_step": CTX_STEP,
            "ref_size": REF_SIZE,
            "max_frame_side": MAX_FRAME_SIDE,
        },
        "decode": {"window_radius": WINDOW_R},
        "reference_facing": "right",
        "training_environment": environment(),
    }
    if args.card:
        manifest["card"] = args.card
    with open(os.path.join(args.out, f"{args.name}.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
    print(json.dumps(manifest)[:400])


if __name__ == "__main__":
    main()
