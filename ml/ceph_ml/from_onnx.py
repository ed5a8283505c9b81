"""Recover trainable PyTorch weights from an exported ONNX file (a warm start when the .pt files of
a shipped model are gone).

The exporter folds every BatchNorm into the convolution before it, so the ONNX file holds only
fused (W', b'). We load W' into the conv, then pick BatchNorm parameters that make the block
compute exactly conv(x; W') + b' in eval mode while keeping batch statistics meaningful in train
mode: running mean/var = the measured statistics of conv(x; W') on real inputs, gamma = sqrt(var +
eps), beta = b' + mean. Convolutions are matched to ONNX Conv nodes in execution order and checked
by shape.

  python -m ceph_ml.from_onnx --onnx models/x.global.onnx --stage global --dataset DIR --out runs/init/global.pt
"""
import argparse

import numpy as np
import onnx
import torch
import torch.nn as nn
from onnx import numpy_helper

from .data import N_LANDMARKS


def conv_bn_pairs(model: nn.Module, run):
    """Conv2d modules in execution order, each with the BatchNorm2d that follows it (or None)."""
    order = []
    hooks = [m.register_forward_hook(lambda mod, i, o: order.append(mod)) for m in model.modules() if isinstance(m, nn.Conv2d)]
    with torch.no_grad():
        run()
    for h in hooks:
        h.remove()
    bn_after = {}
    for m in model.modules():
        kids = list(m.children())
        for a, b in zip(kids, kids[1:]):
            if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
                bn_after[a] = b
    # Block uses attributes c1/b1, c2/b2 rather than a Sequential
    for m in model.modules():
        for cn, bn in (("c1", "b1"), ("c2", "b2")):
            if isinstance(getattr(m, cn, None), nn.Conv2d) and isinstance(getattr(m, bn, None), nn.BatchNorm2d):
                bn_after[getattr(m, cn)] = getattr(m, bn)
    seen, pairs = set(), []
    for c in order:
        if c not in seen:
            seen.add(c)
            pairs.append((c, bn_after.get(c)))
    return pairs


def load_fused(model: nn.Module, onnx_path: str, run, stats_run):
    g = onnx.load(onnx_path).graph
    inits = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    convs = [n for n in g.node if n.op_type == "Conv"]
    pairs = conv_bn_pairs(model, run)
    if len(convs) != len(pairs):
        raise RuntimeError(f"{len(convs)} ONNX convs vs {len(pairs)} torch convs")
    for node, (conv, bn) in zip(convs, pairs):
        w = inits[node.input[1]]
        b = inits[node.input[2]] if len(node.input) > 2 else np.zeros(w.shape[0], np.float32)
        if tuple(w.shape) != tuple(conv.weight.shape):
            raise RuntimeError(f"shape mismatch {w.shape} vs {tuple(conv.weight.shape)}")
        conv.weight.data.copy_(torch.from_numpy(w))
        if bn is None:
            conv.bias.data.copy_(torch.from_numpy(b))
        else:
            bn.weight.data.fill_(1.0)
            bn.bias.data.copy_(torch.from_numpy(b))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
    # measure pre-BN statistics with the exact fused network, then re-express the BN
    stats = {}
    hooks = []
    for conv, bn in pairs:
        if bn is None:
            continue

        def hook(mod, inp, out, bn=bn):
            o = out.detach().double()
            s = stats.setdefault(bn, [0.0, 0.0, 0])
            s[0] = s[0] + o.sum(dim=(0, 2, 3))
            s[1] = s[1] + (o * o).sum(dim=(0, 2, 3))
            s[2] += o.numel() // o.shape[1]

        hooks.append(conv.register_forward_hook(hook))
    model.eval()
    with torch.no_grad():
        stats_run()
    for h in hooks:
        h.remove()
    for bn, (s1, s2, n) in stats.items():
        mu = s1 / n
        var = (s2 / n - mu * mu).clamp_min(1e-6)
        b = bn.bias.data.clone()
        bn.running_mean.copy_(mu.float())
        bn.running_var.copy_(var.float())
        bn.weight.data.copy_(torch.sqrt(var + bn.eps).float())
        bn.bias.data.copy_(b + mu.float())
    return model


def main():
    from .data import load_split
    from .geometry import CTX_STEP, PATCH
    from .model import FineNet, GlobalNet
    from .augment import sample

    ap = argparse.ArgumentParser()
    ap.add_argument("--onnx", required=True)
    ap.add_argument("--stage", choices=["global", "fine"], required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    torch.set_num_threads(2)
    samples = load_split(args.dataset, ["train"])[:24]
    if args.stage == "global":
        model = GlobalNet(N_LANDMARKS)
        x = torch.from_numpy(np.stack([s.glob for s in samples])).float()[:, None]
        run = lambda: model(x[:1])  # noqa: E731
        stats = lambda: model(x)  # noqa: E731
    else:
        model = FineNet(N_LANDMARKS)
        r = torch.arange(PATCH, dtype=torch.float32) - (PATCH - 1) / 2
        ys, xs = torch.meshgrid(r, r, indexing="ij")
        offs = torch.stack([xs, ys], -1)
        xs_, ks = [], []
        for s in samples:
            fin = torch.from_numpy(s.fine).float()[None, None]
            ctx = torch.from_numpy(s.ctx).float()[None, None]
            for k in range(N_LANDMARKS):
                if not s.mask[k]:
                    continue
                c = torch.tensor(s.fframe.to_frame(*s.landmarks[k]), dtype=torch.float32)
                kc = torch.tensor([s.cframe.sx / s.fframe.sx, s.cframe.sy / s.fframe.sy])
                pf = sample(fin, (c + offs)[None])
                pc = sample(ctx, ((c + CTX_STEP * offs + 0.5) * kc - 0.5)[None])
                xs_.append(torch.cat([pf, pc], 1))
                ks.append(k)
        x = torch.cat(xs_)
        k = torch.tensor(ks)
        run = lambda: model(x[:2], k[:2])  # noqa: E731
        stats = lambda: model(x, k)  # noqa: E731
    load_fused(model, args.onnx, run, stats)
    torch.save(model.state_dict(), args.out)
    print(f"recovered {args.stage} from {args.onnx} -> {args.out}")


if __name__ == "__main__":
    main()
