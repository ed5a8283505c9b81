"""Heatmap decoding, the same rules as apps/server/src/inference/decode.ts.

The networks are trained with a DSNT loss on the soft-argmax, so the position is the expectation
of the softmax over the whole map (sub-cell). A peak-only (arg-max) reading is wrong for landmarks
whose map is still broad or has two modes (seen for Orbitale, Porion, PNS, Articulare).
Confidence = probability mass within a (2R+1)^2 window around the cell nearest that position:
near 1 for a sharp map, low for a broad or split one.
"""
import torch

WINDOW_R = 2


def decode(logits: torch.Tensor, r: int = WINDOW_R):
    """logits [N,H,W] -> (xy cells [N,2] as (x, y), confidence [N])."""
    n, h, w = logits.shape
    p = torch.softmax(logits.float().reshape(n, -1), dim=1).reshape(n, h, w)
    xs = torch.arange(w, device=p.device, dtype=torch.float32)
    ys = torch.arange(h, device=p.device, dtype=torch.float32)
    x = (p.sum(dim=1) * xs).sum(dim=1)
    y = (p.sum(dim=2) * ys).sum(dim=1)
    cx, cy = torch.round(x), torch.round(y)
    mx = ((xs[None, :] - cx[:, None]).abs() <= r).float()
    my = ((ys[None, :] - cy[:, None]).abs() <= r).float()
    mass = (p * (my[:, :, None] * mx[:, None, :])).sum(dim=(1, 2))
    return torch.stack([x, y], dim=1), mass


def expected_xy(logits: torch.Tensor):
    """Differentiable soft-argmax over the whole map: logits [B,K,H,W] -> (xy [B,K,2], probs)."""
    b, k, h, w = logits.shape
    p = torch.softmax(logits.float().reshape(b, k, -1), dim=2).reshape(b, k, h, w)
    xs = torch.arange(w, device=p.device, dtype=torch.float32)
    ys = torch.arange(h, device=p.device, dtype=torch.float32)
    x = (p.sum(dim=2) * xs).sum(dim=2)
    y = (p.sum(dim=3) * ys).sum(dim=2)
    return torch.stack([x, y], dim=2), p
