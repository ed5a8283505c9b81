"""Heatmap decoding, the same rules as apps/server/src/inference/decode.ts.

softmax over the whole map -> peak cell -> probability-weighted mean over a (2R+1)^2 window around
the peak (sub-cell position) -> confidence = probability mass inside that window.
"""
import torch

WINDOW_R = 2


def decode(logits: torch.Tensor, r: int = WINDOW_R):
    """logits [N,H,W] -> (xy cells [N,2] as (x, y), confidence [N])."""
    n, h, w = logits.shape
    p = torch.softmax(logits.float().reshape(n, -1), dim=1).reshape(n, h, w)
    peak = p.reshape(n, -1).argmax(dim=1)
    py, px = peak // w, peak % w
    xs = torch.arange(w, device=p.device, dtype=torch.float32)
    ys = torch.arange(h, device=p.device, dtype=torch.float32)
    mx = ((xs[None, :] - px[:, None].float()).abs() <= r).float()  # [N,W]
    my = ((ys[None, :] - py[:, None].float()).abs() <= r).float()  # [N,H]
    win = my[:, :, None] * mx[:, None, :]
    q = p * win
    mass = q.sum(dim=(1, 2))
    x = (q.sum(dim=1) * xs[None, :]).sum(dim=1) / mass
    y = (q.sum(dim=2) * ys[None, :]).sum(dim=1) / mass
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
