"""Inputs and PyTorch outputs for the ONNX-vs-PyTorch parity check of an export.

  python -m ceph_ml.parity --weights DIR --dataset DIR --out DIR

Writes real inputs (coarse canvases of 4 training films, 38 refinement patch pairs of one film)
and the PyTorch outputs as little-endian float32 files with a JSON index; the Node side
(tools/src/onnx-parity.ts) runs the exported ONNX files on the same inputs through
onnxruntime-node and fails on a difference above 1e-3.
"""
import argparse
import json
import os

import numpy as np
import torch

from .augment import sample
from .data import N_LANDMARKS, load_split
from .evaluate import load_models
from .geometry import CTX_STEP, PATCH


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    torch.set_num_threads(2)
    os.makedirs(args.out, exist_ok=True)
    g, f = load_models(args.weights, "cpu")
    samples = load_split(args.dataset, ["train"])[:4]
    canv = torch.from_numpy(np.stack([s.glob for s in samples])).float()[:, None]
    s = samples[0]
    r = torch.arange(PATCH, dtype=torch.float32) - (PATCH - 1) / 2
    ys, xs = torch.meshgrid(r, r, indexing="ij")
    offs = torch.stack([xs, ys], -1)
    fin = torch.from_numpy(s.fine).float()[None, None]
    ctx = torch.from_numpy(s.ctx).float()[None, None]
    kc = torch.tensor([s.cframe.sx / s.fframe.sx, s.cframe.sy / s.fframe.sy])
    pats = []
    for k in range(N_LANDMARKS):
        p = s.landmarks[k] if s.mask[k] else s.landmarks[0]
        c = torch.tensor(s.fframe.to_frame(*p), dtype=torch.float32)
        pats.append(torch.cat([sample(fin, (c + offs)[None]), sample(ctx, ((c + CTX_STEP * offs + 0.5) * kc - 0.5)[None])], 1))
    pats = torch.cat(pats)
    ids = torch.arange(N_LANDMARKS)
    with torch.no_grad():
        gout = g(canv)
        fout = f(pats, ids)
    index = {}
    for name, t in (("global_in", canv), ("global_out", gout), ("fine_in", pats), ("fine_out", fout)):
        a = t.numpy().astype("<f4")
        a.tofile(os.path.join(args.out, f"{name}.f32"))
        index[name] = list(a.shape)
    with open(os.path.join(args.out, "index.json"), "w") as fh:
        json.dump(index, fh)
    print(f"parity inputs/outputs written to {args.out}: {index}")


if __name__ == "__main__":
    main()
