"""Train one stage of the landmark model.

  python -m ceph_ml.train --stage global|fine --dataset DIR --splits train --out DIR [--iters N]

Seeded and deterministic in its sampling; --iters fixes the schedule (the value used is written
to <out>/<stage>.json so a run can be repeated exactly). --budget-s instead runs the cosine
schedule over wall-clock time (for shared machines of unknown speed).
"""
import argparse
import json
import math
import os
import time

import numpy as np
import torch

from .augment import intensity, rot_scale, sample
from .data import N_LANDMARKS, load_split
from .geometry import CTX_H, CTX_STEP, CTX_W, FINE_H, FINE_STRIDE, FINE_W, GLOBAL_H, GLOBAL_STRIDE, GLOBAL_W, PATCH
from .losses import dsnt_loss
from .model import FineNet, GlobalNet


def to_device_stack(arrs, H, W, device):
    t = torch.zeros((len(arrs), 1, H, W), dtype=torch.uint8)
    for i, a in enumerate(arrs):
        t[i, 0, : a.shape[0], : a.shape[1]] = torch.from_numpy(a)
    return t.to(device)


class GlobalTask:
    batch = 16
    lr = 2e-3

    def __init__(self, samples, device, gen):
        self.dev, self.gen = device, gen
        self.imgs = to_device_stack([s.glob for s in samples], GLOBAL_H, GLOBAL_W, device)
        lm = np.stack([[s.gframe.to_frame(*p) if m else (0.0, 0.0) for p, m in zip(s.landmarks, s.mask)] for s in samples])
        self.lm = torch.tensor(lm, dtype=torch.float32, device=device)
        self.mask = torch.tensor(np.stack([s.mask for s in samples]), device=device)
        self.model = GlobalNet(N_LANDMARKS).to(device)
        ys, xs = torch.meshgrid(torch.arange(GLOBAL_H, device=device, dtype=torch.float32), torch.arange(GLOBAL_W, device=device, dtype=torch.float32), indexing="ij")
        self.grid = torch.stack([xs, ys], -1)  # [H,W,2]
        self.centre = torch.tensor([(GLOBAL_W - 1) / 2, (GLOBAL_H - 1) / 2], device=device)

    def batch_loss(self, it):
        b = self.batch
        idx = torch.randint(0, self.imgs.shape[0], (b,), generator=self.gen, device=self.dev)
        m = rot_scale(b, 12, 0.12, 0.05, self.gen, self.dev)  # out offset -> src offset
        shift = (torch.rand(b, 2, generator=self.gen, device=self.dev) * 2 - 1) * 20
        src = self.centre + torch.einsum("bij,hwj->bhwi", m, self.grid - self.centre) + shift[:, None, None, :]
        x = intensity(sample(self.imgs[idx].float(), src), self.gen)
        minv = torch.linalg.inv(m)
        out = self.centre + torch.einsum("bij,bkj->bki", minv, self.lm[idx] - self.centre - shift[:, None, :])
        inside = (out[..., 0] > 2) & (out[..., 0] < GLOBAL_W - 3) & (out[..., 1] > 2) & (out[..., 1] < GLOBAL_H - 3)
        mask = self.mask[idx] & inside
        cells = (out - (GLOBAL_STRIDE - 1) / 2) / GLOBAL_STRIDE
        logits = self.model(x)
        loss, err = dsnt_loss(logits, cells, mask, sigma=1.0)
        return loss, err * GLOBAL_STRIDE  # error in canvas px


class FineTask:
    batch = 64
    lr = 2e-3
    margin = 128  # zero border kept around every stored frame so crops never leave the tensor
    crop = 104  # crop window (px) that holds a rotated/scaled 64-px patch grid

    def __init__(self, samples, device, gen):
        self.dev, self.gen = device, gen
        mg = self.margin
        self.fine = to_device_stack([np.pad(s.fine, mg) for s in samples], FINE_H + 2 * mg, FINE_W + 2 * mg, device)
        self.ctx = to_device_stack([np.pad(s.ctx, mg) for s in samples], CTX_H + 2 * mg, CTX_W + 2 * mg, device)
        lm = np.stack([[s.fframe.to_frame(*p) if m else (0.0, 0.0) for p, m in zip(s.landmarks, s.mask)] for s in samples])
        self.lm = torch.tensor(lm, dtype=torch.float32, device=device)  # fine-frame px
        # fine px -> context px, per image and axis: u_c = (u_f + 0.5) * k - 0.5
        self.kc = torch.tensor([[s.cframe.sx / s.fframe.sx, s.cframe.sy / s.fframe.sy] for s in samples], dtype=torch.float32, device=device)
        self.pairs = torch.tensor([(i, k) for i, s in enumerate(samples) for k in range(N_LANDMARKS) if s.mask[k]], device=device)
        self.model = FineNet(N_LANDMARKS).to(device)
        r = torch.arange(PATCH, device=device, dtype=torch.float32) - (PATCH - 1) / 2
        ys, xs = torch.meshgrid(r, r, indexing="ij")
        self.offs = torch.stack([xs, ys], -1)  # [P,P,2]

    def crop_sample(self, store, idx, grid_px):
        """Sample store[idx] at frame px grid_px [B,P,P,2], cropping a window first (cheap on CPU)."""
        mg, cs = self.margin, self.crop
        h, w = store.shape[-2] - 2 * mg, store.shape[-1] - 2 * mg
        lo = torch.floor(grid_px.reshape(grid_px.shape[0], -1, 2).min(dim=1).values) - 1
        x0 = lo[:, 0].clamp(-mg, w + mg - cs).long().tolist()
        y0 = lo[:, 1].clamp(-mg, h + mg - cs).long().tolist()
        crops = torch.stack([store[i, :, y + mg : y + mg + cs, x + mg : x + mg + cs] for i, x, y in zip(idx.tolist(), x0, y0)]).float()
        origin = torch.tensor(list(zip(x0, y0)), dtype=torch.float32, device=self.dev)
        return sample(crops, grid_px - origin[:, None, None, :])

    def batch_loss(self, it):
        b = self.batch
        sel = self.pairs[torch.randint(0, self.pairs.shape[0], (b,), generator=self.gen, device=self.dev)]
        idx, k = sel[:, 0], sel[:, 1]
        gt = self.lm[idx, k]  # [b,2] fine px
        # Centre error like a coarse stage would leave: mostly small, sometimes large.
        wide = (torch.rand(b, 1, generator=self.gen, device=self.dev) < 0.3).float()
        jit = (1 - wide) * torch.randn(b, 2, generator=self.gen, device=self.dev) * 6 + wide * (torch.rand(b, 2, generator=self.gen, device=self.dev) * 2 - 1) * 22
        centre = gt + jit
        m = rot_scale(b, 15, 0.1, 0.04, self.gen, self.dev)
        f_px = centre[:, None, None, :] + torch.einsum("bij,hwj->bhwi", m, self.offs)
        c_px = centre[:, None, None, :] + torch.einsum("bij,hwj->bhwi", m, CTX_STEP * self.offs)
        kc = self.kc[idx][:, None, None, :]
        xf = self.crop_sample(self.fine, idx, f_px)
        xc = self.crop_sample(self.ctx, idx, (c_px + 0.5) * kc - 0.5)
        x = intensity(torch.cat([xf, xc], 1), self.gen)
        d = torch.einsum("bij,bj->bi", torch.linalg.inv(m), gt - centre) + (PATCH - 1) / 2  # patch px
        cells = (d - (FINE_STRIDE - 1) / 2) / FINE_STRIDE
        logits = self.model(x, k)[:, None]
        loss, err = dsnt_loss(logits, cells[:, None, :], torch.ones(b, 1, dtype=torch.bool, device=self.dev), sigma=1.5)
        return loss, err * FINE_STRIDE  # error in fine px


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stage", choices=["global", "fine"], required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--splits", default="train")
    ap.add_argument("--out", required=True)
    ap.add_argument("--iters", type=int, default=0)
    ap.add_argument("--budget-s", type=float, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--batch", type=int, default=0, help="override the stage batch size")
    ap.add_argument("--init", default="", help="start from these weights (a warm restart of the schedule)")
    ap.add_argument("--lr", type=float, default=0, help="override the peak learning rate")
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if dev.type == "cpu":
        torch.set_num_threads(args.threads)
    else:
        torch.backends.cudnn.benchmark = True
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    gen = torch.Generator(device=dev)
    gen.manual_seed(args.seed)
    t0 = time.time()
    samples = load_split(args.dataset, args.splits.split(","))
    task = (GlobalTask if args.stage == "global" else FineTask)(samples, dev, gen)
    if args.batch:
        task.batch = args.batch
    print(f"[{args.stage}] {len(samples)} images loaded in {time.time() - t0:.1f}s on {dev}", flush=True)
    model = task.model
    if args.init:
        model.load_state_dict(torch.load(args.init, map_location=dev))
    if args.lr:
        task.lr = args.lr
    opt = torch.optim.AdamW(model.parameters(), lr=task.lr, weight_decay=1e-4)
    amp = dev.type == "cuda"

    def step(lr):
        for g in opt.param_groups:
            g["lr"] = lr
        with torch.autocast(device_type=dev.type, dtype=torch.bfloat16, enabled=amp):
            loss, err = task.batch_loss(it)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        return loss, err

    # Two schedules: a fixed step count (--iters, exactly repeatable), or a wall-clock budget
    # (--budget-s) where the cosine runs over elapsed time, so a shared, noisy CPU still ends on
    # time with a fully decayed rate. The steps a budget run took are recorded for a rerun.
    model.train()
    hist = []
    it = 0
    t_start = time.time()
    while True:
        if args.iters > 0:
            if it >= args.iters:
                break
            frac = it / args.iters
        else:
            frac = (time.time() - t0) / args.budget_s
            if frac >= 1:
                break
        warm = min(1.0, (it + 1) / 300)
        lr = task.lr * warm * 0.5 * (1 + math.cos(math.pi * min(1.0, frac)))
        loss, err = step(lr)
        if it % 200 == 0:
            hist.append((it, float(loss), float(err)))
            print(f"[{args.stage}] it {it} frac {frac:.3f} lr {lr:.2e} loss {float(loss):.4f} err_px {float(err):.3f} t {time.time() - t0:.0f}s", flush=True)
        it += 1
    total = it
    print(f"[{args.stage}] done: {total} steps in {time.time() - t_start:.0f}s", flush=True)
    os.makedirs(args.out, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(args.out, f"{args.stage}.pt"))
    with open(os.path.join(args.out, f"{args.stage}.json"), "w") as f:
        json.dump({"stage": args.stage, "splits": args.splits, "init": args.init or None, "iters": total, "seed": args.seed, "batch": task.batch, "lr": task.lr, "seconds": time.time() - t0, "device": str(dev), "history": hist}, f, indent=1)


if __name__ == "__main__":
    main()
