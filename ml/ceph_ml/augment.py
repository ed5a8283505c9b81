"""GPU-side augmentation: geometric sampling grids and intensity changes, done per batch on the
training device so the data path never waits on the CPU."""
import math

import torch
import torch.nn.functional as F


def rot_scale(b: int, max_deg: float, scale_range: float, aniso: float, gen: torch.Generator, device):
    """Random 2x2 matrices M = R(theta) @ diag(sx, sy) mapping output offsets -> source offsets."""
    th = (torch.rand(b, generator=gen, device=device) * 2 - 1) * math.radians(max_deg)
    s = torch.exp((torch.rand(b, generator=gen, device=device) * 2 - 1) * math.log(1 + scale_range))
    a = torch.exp((torch.rand(b, generator=gen, device=device) * 2 - 1) * math.log(1 + aniso))
    sx, sy = s * a, s / a
    c, si = torch.cos(th), torch.sin(th)
    m = torch.stack([torch.stack([c * sx, -si * sy], 1), torch.stack([si * sx, c * sy], 1)], 1)
    return m  # [b,2,2]


def sample(src: torch.Tensor, grid_px: torch.Tensor) -> torch.Tensor:
    """Bilinear sample src [B,C,H,W] at pixel coordinates grid_px [B,h,w,2] (x, y); zeros outside."""
    h, w = src.shape[-2:]
    gx = (2 * grid_px[..., 0] + 1) / w - 1
    gy = (2 * grid_px[..., 1] + 1) / h - 1
    return F.grid_sample(src, torch.stack([gx, gy], -1).to(src.dtype), mode="bilinear", padding_mode="zeros", align_corners=False)


def intensity(x: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """x [B,C,H,W] in 0..255 -> gamma, contrast, brightness, noise, occasional blur; same params per sample."""
    b = x.shape[0]
    dev = x.device
    r = lambda: torch.rand(b, 1, 1, 1, generator=gen, device=dev)  # noqa: E731
    y = (x.float() / 255.0).clamp(0, 1)
    gamma = torch.exp((r() * 2 - 1) * 0.5)
    y = y.clamp_min(1e-4) ** gamma
    mean = y.mean(dim=(2, 3), keepdim=True)
    y = (y - mean) * (0.7 + 0.6 * r()) + mean + (r() * 2 - 1) * 0.1
    blur = (r() < 0.2).float()
    k = torch.tensor([1.0, 2.0, 1.0], device=dev)
    k2 = (k[:, None] * k[None, :]) / 16.0
    c = y.shape[1]
    yb = F.conv2d(y, k2.expand(c, 1, 3, 3).contiguous(), padding=1, groups=c)
    y = blur * yb + (1 - blur) * y
    noise = torch.randn(y.shape, generator=gen, device=dev) * (r() * 0.04)
    y = (y + noise).clamp(0, 1)
    return y * 255.0
