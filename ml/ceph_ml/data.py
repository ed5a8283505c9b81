"""Dataset loading: 19 ISBI landmarks from manifest.json for every image, 19 more from
manifest38.json where that image has them (masked elsewhere). Images are decoded once and kept in
the three canonical frames (global canvas, fine, context) as uint8 arrays."""
import json
import os
from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import CTX_H, CTX_W, FINE_H, FINE_W, GLOBAL_H, GLOBAL_W, Frame, fit_frame

N_LANDMARKS = 38


@dataclass
class Sample:
    id: str
    w: int
    h: int
    spacing_mm: float
    landmarks: np.ndarray  # [38,2] in original px (NaN where missing)
    mask: np.ndarray  # [38] bool
    glob: np.ndarray  # [GLOBAL_H, GLOBAL_W] uint8 canvas
    fine: np.ndarray  # [rh, rw] uint8
    ctx: np.ndarray  # [rh, rw] uint8
    gframe: Frame
    fframe: Frame
    cframe: Frame


def load_manifests(dataset_dir: str):
    with open(os.path.join(dataset_dir, "manifest.json")) as f:
        m19 = json.load(f)
    m38 = None
    p38 = os.path.join(dataset_dir, "manifest38.json")
    if os.path.exists(p38):
        with open(p38) as f:
            m38 = json.load(f)
    return m19, m38


def landmark_names(m19, m38):
    if m38 is not None:
        return list(m38["landmark_names"]), list(m38.get("landmark_short_names", m38["landmark_names"]))
    return list(m19["landmark_names"]), list(m19["landmark_names"])


def resize_area(img: np.ndarray, fr: Frame) -> np.ndarray:
    interp = cv2.INTER_AREA if fr.rw < fr.w else cv2.INTER_LINEAR
    return cv2.resize(img, (fr.rw, fr.rh), interpolation=interp)


def make_frames(img: np.ndarray):
    h, w = img.shape
    gf = fit_frame(w, h, GLOBAL_W, GLOBAL_H, letterbox=True)
    ff = fit_frame(w, h, FINE_W, FINE_H, letterbox=False)
    cf = fit_frame(w, h, CTX_W, CTX_H, letterbox=False)
    canvas = np.zeros((GLOBAL_H, GLOBAL_W), np.uint8)
    canvas[gf.oy : gf.oy + gf.rh, gf.ox : gf.ox + gf.rw] = resize_area(img, gf)
    return canvas, resize_area(img, ff), resize_area(img, cf), gf, ff, cf


def load_split(dataset_dir: str, split_names):
    m19, m38 = load_manifests(dataset_dir)
    by38 = {im["id"]: im for im in m38["images"]} if m38 else {}
    ids = []
    for s in split_names:
        ids += list(m19["splits"][s])
    images = {im["id"]: im for im in m19["images"]}
    out = []
    for iid in ids:
        im = images[iid]
        img = cv2.imread(os.path.join(dataset_dir, im["file"]), cv2.IMREAD_GRAYSCALE)
        if img is None:
            raise RuntimeError(f"cannot read {im['file']}")
        lm = np.full((N_LANDMARKS, 2), np.nan, np.float32)
        lm[:19] = np.asarray(im["landmarks"], np.float32)
        if iid in by38:
            lm[19:] = np.asarray(by38[iid]["landmarks"], np.float32)[19:]
        mask = ~np.isnan(lm[:, 0])
        canvas, fine, ctx, gf, ff, cf = make_frames(img)
        sp = im.get("pixel_spacing_mm") or m19.get("pixel_spacing_mm") or m19.get("pixel_spacing_estimate_mm") or 0.1
        out.append(Sample(iid, img.shape[1], img.shape[0], float(sp), lm, mask, canvas, fine, ctx, gf, ff, cf))
    return out


def duplicate_ids(dataset_dir: str):
    """Test1 ids that have a near-duplicate in train (from manifest38's isbi_duplicate_image_pairs)."""
    _, m38 = load_manifests(dataset_dir)
    if not m38:
        return set()
    dup = set()
    for pair in m38.get("isbi_duplicate_image_pairs", []):
        a, b = (pair["ids"] if isinstance(pair, dict) else pair)[:2]
        a, b = str(a).zfill(3), str(b).zfill(3)
        for x, y in ((a, b), (b, a)):
            if int(x) > 150 and int(y) <= 150:
                dup.add(x)
    return dup
