"""The two-stage inference path in PyTorch, mirroring apps/server/src/inference: global canvas ->
coarse landmarks (original px) -> per-landmark fine/context patches -> refined landmarks."""
import numpy as np
import torch
import torch.nn.functional as F

from .augment import sample
from .data import make_frames
from .decode import decode
from .data import resize_area
from .geometry import CTX_STEP, FINE_STRIDE, GLOBAL_STRIDE, PATCH, cell_to_px, fine_scale, scale_frame


@torch.no_grad()
def coarse(gnet, canvases: np.ndarray, dev):
    """canvases [B,H,W] uint8 -> (cells-decoded canvas px [B,K,2], conf [B,K])."""
    x = torch.from_numpy(canvases).to(dev).float()[:, None]
    logits = gnet(x)
    b, k, h, w = logits.shape
    xy, conf = decode(logits.reshape(b * k, h, w))
    px = cell_to_px(xy, GLOBAL_STRIDE)
    return px.reshape(b, k, 2).cpu().numpy(), conf.reshape(b, k).cpu().numpy()


@torch.no_grad()
def refine(fnet, fine: np.ndarray, ctx: np.ndarray, ff, cf, centres_orig: np.ndarray, dev):
    """centres_orig [K,2] original px -> (refined original px [K,2], conf [K])."""
    k = centres_orig.shape[0]
    cf_ = np.array([ff.to_frame(*p) for p in centres_orig], np.float32)  # fine px
    r = torch.arange(PATCH, device=dev, dtype=torch.float32) - (PATCH - 1) / 2
    ys, xs = torch.meshgrid(r, r, indexing="ij")
    offs = torch.stack([xs, ys], -1)
    c = torch.from_numpy(cf_).to(dev)
    f_px = c[:, None, None, :] + offs
    c_f2 = c[:, None, None, :] + CTX_STEP * offs
    kc = torch.tensor([cf.sx / ff.sx, cf.sy / ff.sy], device=dev)
    fin = torch.from_numpy(fine).to(dev).float()[None, None].expand(k, 1, *fine.shape)
    cx = torch.from_numpy(ctx).to(dev).float()[None, None].expand(k, 1, *ctx.shape)
    x = torch.cat([sample(fin, f_px), sample(cx, (c_f2 + 0.5) * kc - 0.5)], 1)
    logits = fnet(x, torch.arange(k, device=dev))
    xy, conf = decode(logits)
    d = cell_to_px(xy, FINE_STRIDE) - (PATCH - 1) / 2  # patch px offsets from centre
    out_f = c + d
    out = np.array([ff.from_frame(float(u), float(v)) for u, v in out_f.cpu().numpy()], np.float32)
    return out, conf.cpu().numpy()


def normalised_frames(img: np.ndarray, points):
    """Fine and context frames scaled so the skull (from landmark estimates) has REF_SIZE."""
    h, w = img.shape
    s = fine_scale(w, h, points)
    ff, cf = scale_frame(w, h, s), scale_frame(w, h, s / CTX_STEP)
    return resize_area(img, ff), resize_area(img, cf), ff, cf


def predict(gnet, fnet, img: np.ndarray, dev, passes: int = 1, normalise: bool = True):
    """img [h,w] uint8 grey, facing right -> dict with coarse/fine landmarks in original px."""
    canvas, fine, ctx, gf, ff, cf = make_frames(img)
    cpx, cconf = coarse(gnet, canvas[None], dev)
    coarse_orig = np.array([gf.from_frame(*p) for p in cpx[0]], np.float32)
    if normalise:
        fine, ctx, ff, cf = normalised_frames(img, coarse_orig)
    pts, conf = coarse_orig, cconf[0]
    for _ in range(passes):
        pts, conf = refine(fnet, fine, ctx, ff, cf, pts, dev)
    return {"coarse": coarse_orig, "coarse_conf": cconf[0], "fine": pts, "fine_conf": conf}


def facing_scores(gnet, img: np.ndarray, dev):
    """Mean coarse confidence for the image as given and mirrored (the product picks the larger)."""
    a = make_frames(img)[0]
    b = make_frames(np.ascontiguousarray(img[:, ::-1]))[0]
    _, conf = coarse(gnet, np.stack([a, b]), dev)
    return float(conf[0].mean()), float(conf[1].mean())
