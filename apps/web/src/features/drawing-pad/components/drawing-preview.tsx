import type { DrawingConfig } from '@ceppro/contract';
import { useEffect, useRef } from 'react';

const WIDTH = 320;
const HEIGHT = 120;

/**
 * A live preview of the pen: the same stroke at zoom 100% and at 200%, so "scales with the zoom"
 * shows as a thicker second stroke (off: both the same width on screen).
 */
export function DrawingPreview({ config, label }: { config: DrawingConfig; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = WIDTH * dpr;
    canvas.height = HEIGHT * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#0b0d11';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    const base = (config.size * config.ratio) / 100;
    const wave = (y: number, zoom: number) => {
      ctx.beginPath();
      for (let x = 16; x <= WIDTH / 2 - 16; x += 2) {
        const yy = y + Math.sin(x / 24) * 12;
        if (x === 16) ctx.moveTo(x + (zoom > 1 ? WIDTH / 2 : 0), yy);
        else ctx.lineTo(x + (zoom > 1 ? WIDTH / 2 : 0), yy);
      }
      ctx.lineWidth = config.scaleWithZoom ? base * zoom : base;
      ctx.strokeStyle = config.color;
      ctx.globalAlpha = config.opacity;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.stroke();
      ctx.globalAlpha = 1;
    };
    wave(HEIGHT / 2, 1);
    wave(HEIGHT / 2, 2);
    ctx.fillStyle = '#8a93a3';
    ctx.font = '11px sans-serif';
    ctx.fillText('100%', 16, HEIGHT - 10);
    ctx.fillText('200%', WIDTH / 2 + 16, HEIGHT - 10);
  }, [config]);
  return (
    <canvas
      ref={ref}
      className="drawing-pad__preview"
      style={{ width: WIDTH, height: HEIGHT }}
      role="img"
      aria-label={label}
      data-testid="drawing-pad-preview"
      data-width={(config.size * config.ratio) / 100}
      data-color={config.color}
    />
  );
}
