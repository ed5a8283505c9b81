"""Two small U-shaped heatmap networks: a coarse global net and a per-landmark patch refiner.

Both take raw grey values (0..255) and standardise inside the graph, so the Node side only has to
resize and sample pixels. Both output heatmap logits; decoding (softmax + local soft-argmax) is
done outside the graph, identically in Python (decode.py) and TypeScript.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


# Sized for a 2-core CPU at inference (see models/README.md for the measured latency).
GLOBAL_CHANNELS, GLOBAL_BLOCKS = [16, 32, 64, 96, 128], [1, 1, 2, 2, 1]
FINE_CHANNELS, FINE_BLOCKS = [24, 48, 96, 128], [1, 1, 2, 2]


class Block(nn.Module):
    def __init__(self, c: int):
        super().__init__()
        self.c1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(c)
        self.c2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(c)

    def forward(self, x):
        y = F.relu(self.b1(self.c1(x)))
        return F.relu(x + self.b2(self.c2(y)))


def conv_bn(cin: int, cout: int, stride: int = 1, k: int = 3):
    return nn.Sequential(nn.Conv2d(cin, cout, k, stride=stride, padding=k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class UNetLite(nn.Module):
    """Encoder with len(chs) levels (first at stride 2), decoder back to stride 2 * 2**out_level."""

    def __init__(self, cin: int, chs, blocks, out_level: int, n_out: int):
        super().__init__()
        self.stem = conv_bn(cin, chs[0], stride=2)
        self.enc = nn.ModuleList()
        self.down = nn.ModuleList()
        for i, c in enumerate(chs):
            if i > 0:
                self.down.append(conv_bn(chs[i - 1], c, stride=2))
            self.enc.append(nn.Sequential(*[Block(c) for _ in range(blocks[i])]))
        self.out_level = out_level
        self.lat = nn.ModuleList()
        self.dec = nn.ModuleList()
        for i in range(len(chs) - 2, out_level - 1, -1):
            self.lat.append(conv_bn(chs[i + 1], chs[i], k=1))
            self.dec.append(nn.Sequential(conv_bn(chs[i], chs[i]), Block(chs[i])))
        self.head = nn.Conv2d(chs[out_level], n_out, 1)

    def forward(self, x):
        x = self.stem(x)
        feats = []
        for i, enc in enumerate(self.enc):
            if i > 0:
                x = self.down[i - 1](x)
            x = enc(x)
            feats.append(x)
        y = feats[-1]
        j = 0
        for i in range(len(feats) - 2, self.out_level - 1, -1):
            y = F.interpolate(self.lat[j](y), scale_factor=2.0, mode="bilinear", align_corners=False)
            y = self.dec[j](y + feats[i])
            j += 1
        return self.head(y)


def standardise(x, dims=(1, 2, 3)):
    mean = x.mean(dim=dims, keepdim=True)
    std = x.std(dim=dims, keepdim=True)
    return (x - mean) / (std + 1.0)


class GlobalNet(nn.Module):
    """[B,1,320,256] grey 0..255 -> [B,K,80,64] logits (stride 4)."""

    def __init__(self, n_landmarks: int):
        super().__init__()
        self.net = UNetLite(1, GLOBAL_CHANNELS, GLOBAL_BLOCKS, out_level=1, n_out=n_landmarks)

    def forward(self, x):
        return self.net(standardise(x))


class FineNet(nn.Module):
    """[N,2,64,64] patches (fine, context) 0..255 + landmark index [N] -> [N,32,32] logits (stride 2)."""

    def __init__(self, n_landmarks: int):
        super().__init__()
        self.n = n_landmarks
        self.net = UNetLite(2, FINE_CHANNELS, FINE_BLOCKS, out_level=0, n_out=n_landmarks)

    def forward(self, x, idx):
        # Each channel is standardised on its own: fine and context patches differ in content.
        x = standardise(x, dims=(2, 3))
        logits = self.net(x)
        onehot = F.one_hot(idx.long(), self.n).to(logits.dtype)
        return (logits * onehot[:, :, None, None]).sum(dim=1)
