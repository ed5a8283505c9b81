"""Augmentation: geometric sampling grids (torch, per batch on the training device) and the film
look of other machines and clinics (numpy/OpenCV, per sample)."""
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


def affine_view(src: torch.Tensor, lm: torch.Tensor, m: torch.Tensor, shift: torch.Tensor):
    """Resample images src [B,C,H,W] through output->source matrices m [B,2,2] about the centre,
    plus a source shift [B,2] (px); return the new images and where the landmarks lm [B,K,2] land
    in them. The geometric augmentation of the coarse stage (rotation, scale, anisotropy, field of view)."""
    h, w = src.shape[-2:]
    ys, xs = torch.meshgrid(
        torch.arange(h, dtype=torch.float32, device=src.device), torch.arange(w, dtype=torch.float32, device=src.device), indexing="ij"
    )
    grid = torch.stack([xs, ys], -1)
    centre = torch.tensor([(w - 1) / 2, (h - 1) / 2], device=src.device)
    grid_src = centre + torch.einsum("bij,hwj->bhwi", m, grid - centre) + shift[:, None, None, :]
    out = centre + torch.einsum("bij,bkj->bki", torch.linalg.inv(m), lm - centre - shift[:, None, :])
    return sample(src, grid_src), out, grid_src


def patch_grid(centre: torch.Tensor, m: torch.Tensor, size: int, step: float = 1.0) -> torch.Tensor:
    """Source px [B,size,size,2] of a size x size patch about centre [B,2] through m [B,2,2]
    (patch offsets -> source offsets), `step` source px per patch px before m."""
    r = torch.arange(size, dtype=torch.float32, device=centre.device) - (size - 1) / 2
    ys, xs = torch.meshgrid(r, r, indexing="ij")
    offs = torch.stack([xs, ys], -1) * step
    return centre[:, None, None, :] + torch.einsum("bij,hwj->bhwi", m, offs)


def point_in_patch(p: torch.Tensor, centre: torch.Tensor, m: torch.Tensor, size: int) -> torch.Tensor:
    """Where source point p [B,2] lies in the patch of `patch_grid(centre, m, size)`, patch px."""
    return torch.einsum("bij,bj->bi", torch.linalg.inv(m), p - centre) + (size - 1) / 2


def sample(src: torch.Tensor, grid_px: torch.Tensor) -> torch.Tensor:
    """Bilinear sample src [B,C,H,W] at pixel coordinates grid_px [B,h,w,2] (x, y); zeros outside."""
    h, w = src.shape[-2:]
    gx = (2 * grid_px[..., 0] + 1) / w - 1
    gy = (2 * grid_px[..., 1] + 1) / h - 1
    return F.grid_sample(src, torch.stack([gx, gy], -1).to(src.dtype), mode="bilinear", padding_mode="zeros", align_corners=False)


# --- Device and clinic augmentation (format 2) ------------------------------------------------
# Films from other X-ray machines and clinics differ in exposure and processing curves, local
# contrast equalisation, sharpness, noise, JPEG compression, pixel spacing (resolution), field of
# view (tight or wide crops, padding, collimator borders) and what is burnt into them (rulers,
# nasion rods, text). Each function below takes uint8 grey images (numpy) and keeps geometry: a
# landmark stays on the anatomy it marks (tests: ml/tests/test_augment.py).
import cv2  # noqa: E402
import numpy as np  # noqa: E402


def tone_curve(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Exposure, gamma and an S-shaped or flattening contrast curve, as one lookup table."""
    x = np.arange(256, dtype=np.float32) / 255.0
    gamma = float(np.exp(rng.uniform(-0.6, 0.6)))
    y = x**gamma
    k = rng.uniform(-6.0, 8.0)  # contrast curve: sigmoid around a random mid-point
    if abs(k) > 0.5:
        mid = rng.uniform(0.3, 0.7)
        s = 1 / (1 + np.exp(-k * (y - mid)))
        lo, hi = 1 / (1 + np.exp(-k * (0 - mid))), 1 / (1 + np.exp(-k * (1 - mid)))
        y = (s - lo) / (hi - lo)
    gain, bias = rng.uniform(0.75, 1.25), rng.uniform(-0.12, 0.12)
    lut = np.clip((y * gain + bias) * 255.0, 0, 255).astype(np.uint8)
    return cv2.LUT(img, lut)


def local_contrast(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Contrast-limited adaptive histogram equalisation (CLAHE), blended with the input."""
    tiles = int(rng.integers(2, 9))
    clahe = cv2.createCLAHE(clipLimit=float(rng.uniform(1.5, 4.0)), tileGridSize=(tiles, tiles))
    a = float(rng.uniform(0.5, 1.0))
    return cv2.addWeighted(clahe.apply(img), a, img, 1 - a, 0)


def blur_or_sharpen(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    sigma = float(rng.uniform(0.5, 2.0))
    blurred = cv2.GaussianBlur(img, (0, 0), sigma)
    if rng.random() < 0.5:
        return blurred
    amount = float(rng.uniform(0.5, 2.0))  # unsharp mask: edge-enhanced digital films
    return cv2.addWeighted(img, 1 + amount, blurred, -amount, 0)


def noise(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Quantum-like (signal-dependent) plus electronic (flat) noise."""
    f = img.astype(np.float32)
    sd = np.sqrt(f * rng.uniform(0, 0.3)) + rng.uniform(0, 6)
    return np.clip(f + rng.standard_normal(img.shape).astype(np.float32) * sd, 0, 255).astype(np.uint8)


def jpeg(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(25, 90))])
    return cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE) if ok else img


def resolution(img: np.ndarray, rng: np.random.Generator, max_factor: float = 1.6) -> np.ndarray:
    """A coarser detector (larger pixel spacing): down-sample by 1..max_factor, then back up."""
    f = float(rng.uniform(1.0, max_factor))
    h, w = img.shape
    small = cv2.resize(img, (max(2, round(w / f)), max(2, round(h / f))), interpolation=cv2.INTER_AREA)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


def device_look(img: np.ndarray, rng: np.random.Generator, p: float = 0.5, max_res: float = 1.6) -> np.ndarray:
    """A random chain of the intensity/processing changes above (geometry untouched)."""
    out = img
    if rng.random() < 0.35:
        out = resolution(out, rng, max_res)
    if rng.random() < 0.8:
        out = tone_curve(out, rng)
    if rng.random() < 0.3:
        out = local_contrast(out, rng)
    if rng.random() < p:
        out = blur_or_sharpen(out, rng)
    if rng.random() < 0.4:
        out = noise(out, rng)
    if rng.random() < 0.3:
        out = jpeg(out, rng)
    return out


def clutter_value(rng: np.random.Generator) -> int:
    return int(rng.integers(180, 256)) if rng.random() < 0.8 else int(rng.integers(0, 60))


def draw_clutter(canvas: np.ndarray, rng: np.random.Generator, scale: float = 1.0, value=None) -> np.ndarray:
    """Burnt-in things that are not anatomy: a nasion rod with a ruler, ear-rod rings, text labels.
    `scale` is px per 0.2 mm (1 for the fine frame, ~0.27 for the coarse canvas). Draws in place
    with `value` (random bright or dark when None)."""
    h, w = canvas.shape
    v = clutter_value(rng) if value is None else int(value)
    for _ in range(int(rng.integers(1, 3))):
        kind = rng.random()
        if kind < 0.45:  # rod with ruler ticks (nasion relator, calibration ruler)
            x0, y0 = rng.uniform(0, w), rng.uniform(0, h)
            ang = np.radians(rng.uniform(60, 120))
            length = rng.uniform(150, 700) * scale
            dx, dy = np.cos(ang), np.sin(ang)
            x1, y1 = x0 + dx * length, y0 + dy * length
            th = max(1, int(rng.uniform(4, 25) * scale))
            cv2.line(canvas, (int(x0), int(y0)), (int(x1), int(y1)), v, th, cv2.LINE_AA)
            step = rng.uniform(5, 25) * scale
            n = int(length / max(step, 1))
            for i in range(min(n, 200)):
                tl = (12 if i % 5 == 0 else 6) * scale * rng.uniform(0.8, 1.5)
                px, py = x0 + dx * step * i, y0 + dy * step * i
                cv2.line(canvas, (int(px), int(py)), (int(px - dy * tl), int(py + dx * tl)), v, max(1, int(2 * scale)), cv2.LINE_AA)
        elif kind < 0.65:  # ear rod ring
            c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
            cv2.circle(canvas, c, max(2, int(rng.uniform(15, 60) * scale)), v, max(1, int(rng.uniform(2, 8) * scale)), cv2.LINE_AA)
        else:  # text label
            chars = "ABCDEFGHKLMNPRSTUVXYZ0123456789 -:/LR"
            txt = "".join(chars[int(i)] for i in rng.integers(0, len(chars), int(rng.integers(2, 14))))
            fs = rng.uniform(0.8, 3.0) * scale
            cv2.putText(
                canvas,
                txt,
                (int(rng.uniform(-50, w)), int(rng.uniform(0, h))),
                int(rng.integers(0, 4)),
                fs,
                v,
                max(1, int(fs * 1.5)),
                cv2.LINE_AA,
            )
    return canvas


def field_of_view(canvas: np.ndarray, valid: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Padding outside the film (black, grey or white) and collimator borders (a bright or dark
    frame that hides the film's edges). `valid` marks pixels that come from the film."""
    out = canvas.copy()
    if rng.random() < 0.5:
        out[~valid] = int(rng.choice([0, 0, int(rng.integers(0, 256)), 255]))
    if rng.random() < 0.3:
        h, w = out.shape
        x0, x1 = sorted(rng.uniform(0, 0.25, 2) * [w, -w] + [0, w])
        y0, y1 = sorted(rng.uniform(0, 0.2, 2) * [h, -h] + [0, h])
        m = np.zeros_like(valid)
        if rng.random() < 0.5:
            m[int(y0) : int(y1), int(x0) : int(x1)] = True
        else:
            cv2.ellipse(
                m.view(np.uint8), (int((x0 + x1) / 2), int((y0 + y1) / 2)), (int((x1 - x0) / 1.6), int((y1 - y0) / 1.6)), 0, 0, 360, 1, -1
            )
        out[~m] = int(rng.choice([int(rng.integers(200, 256)), int(rng.integers(0, 40))]))
    return out
