"""Augmentations keep landmarks on the anatomy they move (run: /usr/bin/python3 -m unittest discover -s ml/tests).

A synthetic film has small bright dots at known points; after each transform the dots are found
again (intensity centroid) and must sit where the transformed points say."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import numpy as np  # noqa: E402
import torch  # noqa: E402

from ceph_ml import augment as A  # noqa: E402
from ceph_ml.geometry import REF_SIZE, fine_scale, scale_frame, skull_size  # noqa: E402

torch.set_num_threads(1)
H, W = 320, 256
POINTS = np.array([[60.3, 80.7], [180.2, 70.1], [128.0, 160.0], [90.6, 250.2], [200.4, 230.9]], np.float32)


def dot_film(points, h=H, w=W, sigma=2.0, bg=40.0):
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.full((h, w), bg, np.float32)
    for x, y in points:
        img += 200 * np.exp(-((xs - x) ** 2 + (ys - y) ** 2) / (2 * sigma**2))
    return np.clip(img, 0, 255)


def centroid(img, x, y, r=6):
    """Intensity centroid above the local background in a window around (x, y)."""
    x0, y0 = int(round(x)) - r, int(round(y)) - r
    win = img[max(0, y0) : y0 + 2 * r + 1, max(0, x0) : x0 + 2 * r + 1].astype(np.float64)
    win = np.clip(win - np.percentile(win, 50), 0, None)
    ys, xs = np.mgrid[0 : win.shape[0], 0 : win.shape[1]]
    s = win.sum()
    return (xs * win).sum() / s + max(0, x0), (ys * win).sum() / s + max(0, y0)


class GeometricAugmentation(unittest.TestCase):
    def test_affine_view_moves_points_with_the_film(self):
        gen = torch.Generator().manual_seed(3)
        film = torch.from_numpy(dot_film(POINTS))[None, None].repeat(6, 1, 1, 1)
        lm = torch.from_numpy(POINTS)[None].repeat(6, 1, 1)
        m = A.rot_scale(6, 10, 0.2, 0.05, gen, "cpu")  # up to 10 degrees, 20 % scale
        shift = (torch.rand(6, 2, generator=gen) * 2 - 1) * 10
        out, out_lm, _ = A.affine_view(film, lm, m, shift)
        for b in range(6):
            for k in range(len(POINTS)):
                x, y = out_lm[b, k].tolist()
                if not (8 < x < W - 8 and 8 < y < H - 8):
                    continue
                cx, cy = centroid(out[b, 0].numpy(), x, y)
                self.assertLess(np.hypot(cx - x, cy - y), 0.35, f"sample {b} point {k}")

    def test_patch_grid_and_point_in_patch_agree(self):
        gen = torch.Generator().manual_seed(5)
        film = torch.from_numpy(dot_film(POINTS))[None, None]
        for k in range(len(POINTS)):
            p = torch.from_numpy(POINTS[k])[None]
            centre = p + torch.tensor([[4.5, -7.25]])
            m = A.rot_scale(1, 15, 0.1, 0.04, gen, "cpu") * 1.2  # with a skull-size ratio
            patch = A.sample(film, A.patch_grid(centre, m, 48))
            x, y = A.point_in_patch(p, centre, m, 48)[0].tolist()
            cx, cy = centroid(patch[0, 0].numpy(), x, y)
            self.assertLess(np.hypot(cx - x, cy - y), 0.35, f"point {k}")


class DeviceLook(unittest.TestCase):
    """Intensity and processing changes never move anatomy."""

    def check(self, fn, tol=0.5, seeds=range(8)):
        film = dot_film(POINTS).astype(np.uint8)
        for seed in seeds:
            out = fn(film, np.random.default_rng(seed))
            self.assertEqual(out.shape, film.shape)
            self.assertEqual(out.dtype, np.uint8)
            for x, y in POINTS:
                cx, cy = centroid(out, x, y)
                self.assertLess(np.hypot(cx - x, cy - y), tol, f"{fn.__name__} seed {seed}")

    def test_tone_curve(self):
        self.check(A.tone_curve)

    def test_local_contrast(self):
        self.check(A.local_contrast)

    def test_blur_or_sharpen(self):
        self.check(A.blur_or_sharpen)

    def test_noise(self):
        self.check(A.noise, tol=0.8)

    def test_jpeg(self):
        self.check(A.jpeg, tol=0.8)

    def test_resolution(self):
        self.check(A.resolution, tol=0.8)

    def test_device_look_chain(self):
        self.check(A.device_look, tol=0.8, seeds=range(20))

    def test_field_of_view_keeps_the_film_inside(self):
        film = dot_film(POINTS).astype(np.uint8)
        valid = np.zeros_like(film, bool)
        valid[20:-20, 20:-20] = True
        for seed in range(10):
            out = A.field_of_view(film, valid, np.random.default_rng(seed))
            # the film's own pixels are either untouched or covered by a collimator border: never moved
            same = out == film
            self.assertTrue(same[valid].mean() > 0.3)

    def test_clutter_draws_without_moving_the_film(self):
        film = dot_film(POINTS).astype(np.uint8)
        out = A.draw_clutter(film.copy(), np.random.default_rng(1), scale=0.27)
        changed = out != film
        self.assertTrue(changed.any())
        self.assertTrue((out[~changed] == film[~changed]).all())


class SpacingIndependentScale(unittest.TestCase):
    def test_fine_scale_gives_the_same_physical_frame_at_any_resolution(self):
        pts = POINTS * 4.0  # a "skull" in px of some film
        s1 = fine_scale(1000, 1300, pts)
        for k in (0.5, 2.0):
            sk = fine_scale(int(1000 * k), int(1300 * k), pts * k)
            self.assertAlmostEqual(sk * k, s1, places=6)
        self.assertAlmostEqual(skull_size(pts) * s1, REF_SIZE, places=4)
        f = scale_frame(1000, 1300, s1)
        self.assertEqual((f.rw, f.rh), (int(np.floor(1000 * s1 + 0.5)), int(np.floor(1300 * s1 + 0.5))))


if __name__ == "__main__":
    unittest.main()
