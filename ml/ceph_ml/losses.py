"""DSNT-style loss: Euclidean error of the soft-argmax position (in heatmap cells) plus a
Jensen-Shannon pull of the heatmap towards a small Gaussian around the target."""
import torch

from .decode import expected_xy


def dsnt_loss(logits: torch.Tensor, target_cells: torch.Tensor, mask: torch.Tensor, sigma: float, js_weight: float = 1.0):
    """logits [B,K,H,W]; target_cells [B,K,2] (x, y); mask [B,K] bool. Returns (loss, mean error in cells)."""
    xy, p = expected_xy(logits)
    b, k, h, w = p.shape
    err = torch.linalg.norm(xy - target_cells, dim=2)
    xs = torch.arange(w, device=p.device, dtype=torch.float32)
    ys = torch.arange(h, device=p.device, dtype=torch.float32)
    gx = torch.exp(-((xs[None, None, :] - target_cells[..., 0:1]) ** 2) / (2 * sigma**2))
    gy = torch.exp(-((ys[None, None, :] - target_cells[..., 1:2]) ** 2) / (2 * sigma**2))
    g = gy[..., :, None] * gx[..., None, :]
    g = g / g.sum(dim=(2, 3), keepdim=True).clamp_min(1e-12)
    m = 0.5 * (p + g)
    eps = 1e-10
    js = 0.5 * (p * (torch.log(p + eps) - torch.log(m + eps))).sum(dim=(2, 3)) + 0.5 * (g * (torch.log(g + eps) - torch.log(m + eps))).sum(
        dim=(2, 3)
    )
    mf = mask.float()
    denom = mf.sum().clamp_min(1.0)
    loss = ((err + js_weight * js) * mf).sum() / denom
    return loss, (err * mf).sum() / denom
