"""Evaluate trained weights on a split with the two-stage PyTorch path.

  python -m ceph_ml.evaluate --dataset DIR --split test1 --weights DIR --out metrics.json

Reports pooled MRE/SD/SDR (ISBI 19 landmarks vs manifest.json), the same without the Test1 images
that have a near-duplicate in train, the extra 19 landmarks vs manifest38.json where present, the
coarse stage alone, and how often the facing check picks the right orientation.
"""
import argparse
import json
import os
import time

import numpy as np
import torch

from .data import N_LANDMARKS, duplicate_ids, landmark_names, load_manifests, load_split
from .model import FineNet, GlobalNet
from .pipeline import facing_scores, predict

THRESH = [2.0, 2.5, 3.0, 4.0]


def summarise(errs: np.ndarray):
    """errs [n_img, n_lm] in mm with NaN for missing -> metrics dict."""
    v = errs[~np.isnan(errs)]
    if v.size == 0:
        return {"n": 0}
    out = {
        "n": int(v.size),
        "images": int((~np.isnan(errs)).any(1).sum()),
        "mre_mm": float(v.mean()),
        "sd_mm": float(v.std()),
        "sdr": {f"{t:g}": float(100 * (v <= t).mean()) for t in THRESH},
    }
    return out


def load_models(weights, dev):
    g = GlobalNet(N_LANDMARKS).to(dev).eval()
    f = FineNet(N_LANDMARKS).to(dev).eval()
    g.load_state_dict(torch.load(os.path.join(weights, "global.pt"), map_location=dev))
    f.load_state_dict(torch.load(os.path.join(weights, "fine.pt"), map_location=dev))
    return g, f


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--split", default="test1")
    ap.add_argument("--weights", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--passes", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if dev.type == "cpu":
        torch.set_num_threads(2)
    gnet, fnet = load_models(args.weights, dev)
    samples = load_split(args.dataset, [args.split])
    if args.limit:
        samples = samples[: args.limit]
    m19, m38 = load_manifests(args.dataset)
    names, _ = landmark_names(m19, m38)
    dups = duplicate_ids(args.dataset)
    import cv2

    res = {}
    for passes in sorted({1, args.passes}):
        fine = np.full((len(samples), N_LANDMARKS), np.nan)
        coarse = np.full((len(samples), N_LANDMARKS), np.nan)
        facing_ok = 0
        t0 = time.time()
        for i, s in enumerate(samples):
            img = cv2.imread(os.path.join(args.dataset, "images", f"{s.id}.jpg"), cv2.IMREAD_GRAYSCALE)
            p = predict(gnet, fnet, img, dev, passes=passes)
            for k in range(N_LANDMARKS):
                if s.mask[k]:
                    fine[i, k] = np.linalg.norm(p["fine"][k] - s.landmarks[k]) * s.spacing_mm
                    coarse[i, k] = np.linalg.norm(p["coarse"][k] - s.landmarks[k]) * s.spacing_mm
            if passes == 1:
                a, b = facing_scores(gnet, img, dev)
                facing_ok += int(a > b)
        keep = np.array([s.id not in dups for s in samples])
        per = {names[k]: summarise(fine[:, k : k + 1]) for k in range(N_LANDMARKS)}
        res[f"passes_{passes}"] = {
            "isbi19": summarise(fine[:, :19]),
            "isbi19_without_train_duplicates": summarise(fine[keep, :19]),
            "extra19_vs_manifest38": summarise(fine[:, 19:]),
            "coarse_isbi19": summarise(coarse[:, :19]),
            "per_landmark": per,
            "seconds": time.time() - t0,
        }
        if passes == 1:
            res["facing_correct"] = f"{facing_ok}/{len(samples)}"
        print(passes, json.dumps(res[f"passes_{passes}"]["isbi19"]), flush=True)
    res.update(
        {
            "split": args.split,
            "n_images": len(samples),
            "excluded_duplicates": sorted(dups & {s.id for s in samples}),
            "landmark_names": names,
        }
    )
    with open(args.out, "w") as f:
        json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
