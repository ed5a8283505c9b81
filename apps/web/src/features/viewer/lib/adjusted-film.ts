import { filmToneCurve, sharpenKernel, type FilmAdjustments } from '@ceppro/ceph';
import type { Size } from './coordinates.ts';
import { createFilmRenderer } from './film-gl.ts';

/**
 * The film with its display adjustments at `output` size (the printed film), drawn once per print:
 * by the GPU renderer the viewer uses (edges in film px, as on screen and in the server's PDF), or,
 * without WebGL2, on the CPU with the same kernel and tone curve (edges then in output px).
 */
export function adjustedFilm(image: HTMLImageElement, imageSize: Size, output: Size, adjustments: FilmAdjustments): HTMLCanvasElement {
  const cpu = document.createElement('canvas');
  cpu.width = output.width;
  cpu.height = output.height;
  const ctx = cpu.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas.');
  const gpu = document.createElement('canvas');
  gpu.width = output.width;
  gpu.height = output.height;
  const renderer = createFilmRenderer(gpu);
  if (renderer && renderer.setImage(image)) {
    renderer.draw({
      viewport: output,
      view: { scale: output.width / imageSize.width, translateX: 0, translateY: 0 },
      imageSize,
      adjustments,
    });
    // Copied to a 2D canvas so the WebGL context can be given back at once.
    ctx.drawImage(gpu, 0, 0);
    renderer.dispose({ loseContext: true });
    return cpu;
  }
  renderer?.dispose({ loseContext: true });
  ctx.drawImage(image, 0, 0, output.width, output.height);
  const pixels = ctx.getImageData(0, 0, output.width, output.height);
  applyAdjustments(pixels, adjustments);
  ctx.putImageData(pixels, 0, 0);
  return cpu;
}

/** Edge kernel (edges duplicated) then tone curve, on RGBA pixels in place. */
function applyAdjustments(pixels: ImageData, adjustments: FilmAdjustments): void {
  const { data, width, height } = pixels;
  const lut = filmToneCurve(adjustments);
  const source = adjustments.sharpen > 0 ? Uint8ClampedArray.from(data) : null;
  const kernel = sharpenKernel(adjustments.sharpen);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        let v = data[at + c] as number;
        if (source) {
          v = 0;
          for (let j = -1; j <= 1; j++) {
            const yy = Math.min(height - 1, Math.max(0, y + j));
            for (let i = -1; i <= 1; i++) {
              const xx = Math.min(width - 1, Math.max(0, x + i));
              v += (kernel[(j + 1) * 3 + i + 1] as number) * (source[(yy * width + xx) * 4 + c] as number);
            }
          }
          v = Math.min(255, Math.max(0, Math.round(v)));
        }
        data[at + c] = lut[v] as number;
      }
    }
  }
}
