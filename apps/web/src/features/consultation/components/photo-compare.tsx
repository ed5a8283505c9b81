import { morphMesh, photoWarp, warpVertices } from '@ceppro/ceph';
import type { ConsultationLabels, ConsultationModel } from '@ceppro/contract';
import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { drawMorph } from '../../../lib/morph/draw-morph.ts';

/** Long side of the photo canvases (px): sharp on a 1920 px screen, still a quick morph. */
const SIDE = 1200;

export type PhotoMode = 'side-by-side' | 'slider';

interface PhotoCompareProps {
  image: HTMLImageElement;
  /** The plan's morph (contract `ConsultationModel.morph`); null: the photo today only (not aligned). */
  morph: ConsultationModel['morph'];
  mode: PhotoMode;
  labels: ConsultationLabels;
}

/**
 * The facial photo before and the photo morphed with the plan after (lib/morph `drawMorph` on packages/ceph's
 * mesh, as the viewer's VTO layer draws it): side by side, or one over the other with a draggable divider
 * (before left of it). The print always shows the pair side by side.
 */
export function PhotoCompare({ image, morph, mode, labels }: PhotoCompareProps) {
  const { t } = useTranslation();
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const scale = Math.min(1, SIDE / Math.max(size.width, size.height));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const before = useRef<HTMLCanvasElement>(null);
  const after = useRef<HTMLCanvasElement>(null);
  const [split, setSplit] = useState(50);
  const dragging = useRef(false);

  // Drawn in the layout phase: a print that switches to side by side (flushSync) prints drawn canvases.
  useLayoutEffect(() => {
    const b = before.current?.getContext('2d');
    b?.drawImage(image, 0, 0, width, height);
    const canvas = after.current;
    const a = canvas?.getContext('2d');
    if (!canvas || !a || morph === null) return;
    const warp = photoWarp(morph.warp, morph.transform);
    if (warp === null) return;
    const photo = { width: image.naturalWidth, height: image.naturalHeight };
    const mesh = morphMesh(photo, morph.quality);
    drawMorph(a, image, photo, mesh, warpVertices(mesh, warp), scale);
    canvas.dataset['drawn'] = 'true';
  }, [image, morph, width, height, scale, mode]);

  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const box = event.currentTarget.getBoundingClientRect();
    setSplit(Math.round(Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100))));
  };
  const canvas = (side: 'before' | 'after') => (
    <canvas
      ref={side === 'before' ? before : after}
      width={width}
      height={height}
      className={`consultation-photos__canvas consultation-photos__canvas--${side}`}
      data-testid={`consultation-photo-${side}`}
      role="img"
      aria-label={side === 'before' ? labels.before : labels.after}
    />
  );

  if (morph === null)
    return (
      <div className="consultation-photos consultation-photos--single">
        <figure className="consultation-photos__panel">
          <figcaption className="consultation-photos__caption">{labels.before}</figcaption>
          {canvas('before')}
        </figure>
      </div>
    );
  if (mode === 'side-by-side')
    return (
      <div className="consultation-photos consultation-photos--side-by-side" data-mode={mode} data-testid="consultation-photos">
        {(['before', 'after'] as const).map((side) => (
          <figure key={side} className="consultation-photos__panel">
            <figcaption className="consultation-photos__caption">{side === 'before' ? labels.before : labels.after}</figcaption>
            {canvas(side)}
          </figure>
        ))}
      </div>
    );
  return (
    <div className="consultation-photos consultation-photos--slider" data-mode={mode} data-testid="consultation-photos">
      {/* As wide as the panel, or as the screen's height allows (the bar, headings and the divider take the rest). */}
      <div className="consultation-photos__frame" style={{ width: `min(100%, calc((100vh - 300px) * ${(width / height).toFixed(4)}))` }}>
        <div className="consultation-photos__captions">
          <span className="consultation-photos__caption">{labels.before}</span>
          <span className="consultation-photos__caption">{labels.after}</span>
        </div>
        <div
          className="consultation-photos__stack"
          style={{ aspectRatio: `${width} / ${height}` }}
          onPointerDown={(event) => {
            dragging.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            move(event);
          }}
          onPointerMove={move}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
        >
          {canvas('after')}
          <div className="consultation-photos__clip" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
            {canvas('before')}
          </div>
          <div className="consultation-photos__handle" style={{ left: `${split}%` }} aria-hidden="true" />
        </div>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        value={split}
        onChange={(event) => setSplit(Number(event.target.value))}
        className="consultation-photos__range"
        aria-label={t('consultation.divider')}
        data-testid="consultation-divider"
      />
    </div>
  );
}
