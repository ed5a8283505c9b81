"""Canonical frames shared by training and the Node inference path (apps/server/src/inference).

Every image is brought into frames by "fit inside, keep aspect": scale s = min(W/w, H/h), resized
size (rw, rh) = (round(w*s), round(h*s)), per-axis factors sx = rw/w, sy = rh/h. A point x in the
original image (pixel-centre convention: pixel i covers [i-0.5, i+0.5]) maps to
u = (x + 0.5) * sx - 0.5 + ox, where ox/oy is the letterbox offset (0 for the fine frames).

These formulas are duplicated in TypeScript (frames.ts); their unit tests pin the same numbers.
"""
from dataclasses import dataclass
import math

GLOBAL_W, GLOBAL_H = 256, 320  # coarse network input (letterboxed canvas)
GLOBAL_STRIDE = 4  # coarse heatmap cell = 4 canvas px
FINE_W, FINE_H = 960, 1200  # fine frame: ~0.2 mm/px for a 1935x2400 (0.1 mm) cephalogram
CTX_W, CTX_H = 320, 400  # context frame: a third of the fine frame
PATCH = 64  # fine patch size in px of its own frame (fine: 12.8 mm, context: 38 mm at 0.2 mm/px)
CTX_STEP = 3  # context patch px = CTX_STEP fine px
FINE_STRIDE = 2  # fine heatmap cell = 2 patch px
# Skull-size normalisation of the refinement stage (format 2): the fine frame is the film scaled so
# that the RMS distance of the 19 ISBI landmarks from their centroid is REF_SIZE px, which is the
# ISBI 2015 training mean in its 960x1200 frame (about 0.2 mm/px for an average adult skull). The
# film's pixel spacing, size and field of view therefore do not change the physical patch.
REF_SIZE = 220.0
MAX_FRAME_SIDE = 4000  # cap on the scaled fine frame (a coarse estimate gone wrong cannot blow memory)


@dataclass(frozen=True)
class Frame:
    """A resized (and optionally letterboxed) view of an image of size (w, h)."""

    w: int
    h: int
    rw: int
    rh: int
    ox: int
    oy: int

    @property
    def sx(self) -> float:
        return self.rw / self.w

    @property
    def sy(self) -> float:
        return self.rh / self.h

    def to_frame(self, x: float, y: float):
        return (x + 0.5) * self.sx - 0.5 + self.ox, (y + 0.5) * self.sy - 0.5 + self.oy

    def from_frame(self, u: float, v: float):
        return (u - self.ox + 0.5) / self.sx - 0.5, (v - self.oy + 0.5) / self.sy - 0.5


def fit_frame(w: int, h: int, W: int, H: int, letterbox: bool) -> Frame:
    s = min(W / w, H / h)
    rw = max(1, min(W, int(math.floor(w * s + 0.5))))
    rh = max(1, min(H, int(math.floor(h * s + 0.5))))
    ox = (W - rw) // 2 if letterbox else 0
    oy = (H - rh) // 2 if letterbox else 0
    return Frame(w, h, rw, rh, ox, oy)


def cell_to_px(k: float, stride: int) -> float:
    """Heatmap cell index (float) -> input pixel coordinate."""
    return stride * k + (stride - 1) / 2.0


def scale_frame(w: int, h: int, s: float) -> Frame:
    """The image scaled by s (no letterbox)."""
    rw = max(1, int(math.floor(w * s + 0.5)))
    rh = max(1, int(math.floor(h * s + 0.5)))
    return Frame(w, h, rw, rh, 0, 0)


def skull_size(points) -> float:
    """RMS distance of the first 19 (ISBI) landmarks from their centroid, in the points' px."""
    pts = [(float(x), float(y)) for x, y in list(points)[:19]]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return math.sqrt(sum((x - cx) ** 2 + (y - cy) ** 2 for x, y in pts) / len(pts))


def fine_scale(w: int, h: int, points) -> float:
    """Scale from original px to the normalised fine frame, from (coarse) landmark estimates."""
    s = REF_SIZE / max(1e-6, skull_size(points))
    return min(s, MAX_FRAME_SIDE / max(w, h))
