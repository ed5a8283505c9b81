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

from .augment import affine_view, device_look, draw_clutter, field_of_view, patch_grid, point_in_patch, rot_scale, sample
from .data import N_LANDMARKS, load_split
from .geometry import CTX_H, CTX_STEP, CTX_W, FINE_H, FINE_STRIDE, FINE_W, GLOBAL_H, GLOBAL_STRIDE, GLOBAL_W, PATCH, REF_SIZE, skull_size
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

    def __init__(self, samples, device, gen, rng):
        self.dev, self.gen, self.rng = device, gen, rng
        self.imgs = to_device_stack([s.glob for s in samples], GLOBAL_H, GLOBAL_W, device)
        lm = np.stack([[s.gframe.to_frame(*p) if m else (0.0, 0.0) for p, m in zip(s.landmarks, s.mask)] for s in samples])
        self.lm = torch.tensor(lm, dtype=torch.float32, device=device)
        self.mask = torch.tensor(np.stack([s.mask for s in samples]), device=device)
        self.model = GlobalNet(N_LANDMARKS).to(device)

    def batch_loss(self, it):
        b = self.batch
        idx = torch.randint(0, self.imgs.shape[0], (b,), generator=self.gen, device=self.dev)
        # Wide field-of-view range: the skull may fill 0.7x..1.45x of what it fills on ISBI films.
        m = rot_scale(b, 10, 0.45, 0.05, self.gen, self.dev)  # out offset -> src offset
        shift = (torch.rand(b, 2, generator=self.gen, device=self.dev) * 2 - 1) * 30
        raw, out, src = affine_view(self.imgs[idx].float(), self.lm[idx], m, shift)
        valid = sample(torch.ones_like(self.imgs[idx], dtype=torch.float32), src) > 0.5
        x = (
            torch.from_numpy(
                np.stack(
                    [self.film_look(a, v) for a, v in zip(raw[:, 0].clamp(0, 255).round().byte().cpu().numpy(), valid[:, 0].cpu().numpy())]
                )
            )[:, None]
            .float()
            .to(self.dev)
        )
        inside = (out[..., 0] > 2) & (out[..., 0] < GLOBAL_W - 3) & (out[..., 1] > 2) & (out[..., 1] < GLOBAL_H - 3)
        mask = self.mask[idx] & inside
        cells = (out - (GLOBAL_STRIDE - 1) / 2) / GLOBAL_STRIDE
        logits = self.model(x)
        loss, err = dsnt_loss(logits, cells, mask, sigma=1.0)
        return loss, err * GLOBAL_STRIDE  # error in canvas px

    def film_look(self, img: np.ndarray, valid: np.ndarray) -> np.ndarray:
        rng = self.rng
        out = field_of_view(img, valid, rng)
        if rng.random() < 0.35:
            out = draw_clutter(out, rng, scale=0.27)
        return device_look(out, rng, max_res=1.0)


class FineTask:
    batch = 64
    lr = 2e-3
    margin = 160  # zero border kept around every stored frame so crops never leave the tensor
    crop = 140  # crop window (px) that holds a rotated/scaled/normalised 64-px patch grid
    clutter_win = 320  # fine px around the centre in which burnt-in clutter is drawn

    def __init__(self, samples, device, gen, rng):
        self.dev, self.gen, self.rng = device, gen, rng
        mg = self.margin
        self.fine = to_device_stack([np.pad(s.fine, mg) for s in samples], FINE_H + 2 * mg, FINE_W + 2 * mg, device)
        self.ctx = to_device_stack([np.pad(s.ctx, mg) for s in samples], CTX_H + 2 * mg, CTX_W + 2 * mg, device)
        lm = np.stack([[s.fframe.to_frame(*p) if m else (0.0, 0.0) for p, m in zip(s.landmarks, s.mask)] for s in samples])
        self.lm = torch.tensor(lm, dtype=torch.float32, device=device)  # fine-frame px
        # fine px -> context px, per image and axis: u_c = (u_f + 0.5) * k - 0.5
        self.kc = torch.tensor(
            [[s.cframe.sx / s.fframe.sx, s.cframe.sy / s.fframe.sy] for s in samples], dtype=torch.float32, device=device
        )
        # Skull-size normalisation: one normalised px = ratio fine-frame px (see geometry.REF_SIZE).
        self.ratio = torch.tensor(
            [s.fframe.sx * skull_size(s.landmarks[:19]) / REF_SIZE for s in samples], dtype=torch.float32, device=device
        )
        self.pairs = torch.tensor([(i, k) for i, s in enumerate(samples) for k in range(N_LANDMARKS) if s.mask[k]], device=device)
        self.model = FineNet(N_LANDMARKS).to(device)

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
        ratio = self.ratio[idx][:, None]
        wide = (torch.rand(b, 1, generator=self.gen, device=self.dev) < 0.3).float()
        jit = (1 - wide) * torch.randn(b, 2, generator=self.gen, device=self.dev) * 6 + wide * (
            torch.rand(b, 2, generator=self.gen, device=self.dev) * 2 - 1
        ) * 22
        centre = gt + jit * ratio
        m = rot_scale(b, 10, 0.1, 0.04, self.gen, self.dev) * ratio[:, :, None]
        f_px = patch_grid(centre, m, PATCH)
        c_px = patch_grid(centre, m, PATCH, CTX_STEP)
        kc = self.kc[idx][:, None, None, :]
        xf = self.crop_sample(self.fine, idx, f_px)
        xc = self.crop_sample(self.ctx, idx, (c_px + 0.5) * kc - 0.5)
        xf, xc = self.add_clutter(xf, xc, centre, f_px, c_px)
        x = (
            torch.from_numpy(np.stack([self.film_look(a) for a in torch.cat([xf, xc], 1).clamp(0, 255).round().byte().cpu().numpy()]))
            .float()
            .to(self.dev)
        )
        d = point_in_patch(gt, centre, m, PATCH)  # patch px
        cells = (d - (FINE_STRIDE - 1) / 2) / FINE_STRIDE
        logits = self.model(x, k)[:, None]
        loss, err = dsnt_loss(logits, cells[:, None, :], torch.ones(b, 1, dtype=torch.bool, device=self.dev), sigma=1.5)
        return loss, err * FINE_STRIDE  # error in fine px

    def add_clutter(self, xf, xc, centre, f_px, c_px):
        """Rulers, rods, rings and text drawn in fine-frame px around some patches, seen by both
        the fine and the context patch (they are the same film)."""
        rng, win = self.rng, self.clutter_win
        pick = [i for i in range(xf.shape[0]) if rng.random() < 0.25]
        if not pick:
            return xf, xc
        alpha = np.zeros((len(pick), 1, win, win), np.uint8)
        for j in range(len(pick)):
            draw_clutter(alpha[j, 0], rng, scale=1.0, value=255)
        a = torch.from_numpy(alpha).float().to(self.dev) / 255.0
        origin = (centre[pick] - win / 2)[:, None, None, :]
        af, ac = sample(a, f_px[pick] - origin), sample(a, c_px[pick] - origin)
        v = torch.tensor(
            [float(rng.integers(180, 256)) if rng.random() < 0.8 else float(rng.integers(0, 60)) for _ in pick], device=self.dev
        )[:, None, None, None]
        xf, xc = xf.clone(), xc.clone()
        xf[pick] = xf[pick] * (1 - af) + v * af
        xc[pick] = xc[pick] * (1 - ac) + v * ac
        return xf, xc

    def film_look(self, pair: np.ndarray) -> np.ndarray:
        """The same device look for the fine and the context patch (same random draws); the
        context patch, 3x coarser, loses less to a coarser detector."""
        seed = int(self.rng.integers(0, 2**31))
        f = device_look(pair[0], np.random.default_rng(seed), max_res=1.6)
        c = device_look(pair[1], np.random.default_rng(seed), max_res=1.2)
        return np.stack([f, c])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stage", choices=["global", "fine"], required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--splits", default="train")
    ap.add_argument("--out", required=True)
    ap.add_argument("--iters", type=int, required=True, help="optimiser steps (the cosine schedule runs over them)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--batch", type=int, default=0, help="override the stage batch size")
    ap.add_argument("--init", default="", help="start from these weights (a warm restart of the schedule)")
    ap.add_argument("--lr", type=float, default=0, help="override the peak learning rate")
    ap.add_argument("--warmup", type=int, default=300, help="linear warm-up steps")
    ap.add_argument("--ckpt-every", type=int, default=100, help="checkpoint every N steps (resumed on restart)")
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
    rng = np.random.default_rng(args.seed)
    t0 = time.time()
    samples = load_split(args.dataset, args.splits.split(","))
    task = (GlobalTask if args.stage == "global" else FineTask)(samples, dev, gen, rng)
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
    os.makedirs(args.out, exist_ok=True)
    ckpt_path = os.path.join(args.out, f"{args.stage}.ckpt")
    hist, it, spent = [], 0, 0.0
    if os.path.exists(ckpt_path):
        # Resume exactly where the last checkpoint left off: weights, optimiser, step, RNG states.
        ck = torch.load(ckpt_path, map_location=dev)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        gen.set_state(ck["gen"])
        rng.bit_generator.state = ck["rng"]
        torch.set_rng_state(ck["torch_rng"])
        it, hist, spent = ck["it"], ck["hist"], ck["seconds"]
        print(f"[{args.stage}] resumed at step {it} from {ckpt_path}", flush=True)

    def save_ckpt():
        tmp = ckpt_path + ".tmp"
        torch.save(
            {
                "model": model.state_dict(),
                "opt": opt.state_dict(),
                "gen": gen.get_state(),
                "rng": rng.bit_generator.state,
                "torch_rng": torch.get_rng_state(),
                "it": it,
                "hist": hist,
                "seconds": spent + time.time() - t_start,
            },
            tmp,
        )
        os.replace(tmp, ckpt_path)

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

    # The schedule is a fixed step count (linear warm-up, then cosine to zero), so a run is
    # repeatable and an interrupted one resumes from its last checkpoint on the same curve.
    model.train()
    t_start = time.time()
    while it < args.iters:
        frac = it / args.iters
        warm = min(1.0, (it + 1) / max(1, args.warmup))
        lr = task.lr * warm * 0.5 * (1 + math.cos(math.pi * frac))
        loss, err = step(lr)
        if it % 50 == 0:
            hist.append((it, float(loss), float(err)))
            print(
                f"[{args.stage}] it {it}/{args.iters} lr {lr:.2e} loss {float(loss):.4f} err_px {float(err):.3f}"
                f" t {spent + time.time() - t_start:.0f}s",
                flush=True,
            )
        it += 1
        if it % args.ckpt_every == 0 or it == args.iters:
            save_ckpt()
    seconds = spent + time.time() - t_start
    print(f"[{args.stage}] done: {it} steps, {seconds:.0f}s of training", flush=True)
    torch.save(model.state_dict(), os.path.join(args.out, f"{args.stage}.pt"))
    with open(os.path.join(args.out, f"{args.stage}.json"), "w") as f:
        json.dump(
            {
                "stage": args.stage,
                "splits": args.splits,
                "init": args.init or None,
                "iters": it,
                "seed": args.seed,
                "batch": task.batch,
                "lr": task.lr,
                "warmup": args.warmup,
                "seconds": seconds,
                "device": str(dev),
                "torch": torch.__version__,
                "history": hist,
            },
            f,
            indent=1,
        )


if __name__ == "__main__":
    main()
