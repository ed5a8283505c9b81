import { calibrationPxPerMm, contourMatches, templatePaths, type TemplateOffset } from '@ceppro/ceph';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTemplateOffsets } from '../api/tracing-templates.ts';
import { useFilmCalibration } from '../hooks/use-film-calibration.ts';
import { useFilmContours } from '../hooks/use-film-contours.ts';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import { tracingDots, tracingPaths } from '../lib/tracing-paths.ts';
import { landmarkTissue, outlineTissue, type TissueAppearance } from '../lib/viewer-appearance.ts';
import { livePositions, useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { TemplateOutline } from './template-outline.tsx';

/** A tissue's tracing line: its Settings colour (else the layer's own) and width. */
function lineStyle(look: TissueAppearance) {
  return look.color ? { stroke: look.color, strokeWidth: look.lineWidth } : { strokeWidth: look.lineWidth };
}

const NO_OFFSETS: Readonly<Record<string, TemplateOffset>> = {};

/**
 * The tracing, in image px with non-scaling strokes: lines between landmarks (TRACING_OUTLINES), the
 * contours that follow the film where they have been traced (mandibular border, ramus, maxilla,
 * soft-tissue profile; `data-contour`, `data-follows-image` says per gap whether the film or the
 * landmark-curve fallback placed it), the incisor and first-molar templates (movable, `data-template`),
 * and dots for the dot line-types. Follows a landmark drag live: only this layer re-renders, once per frame.
 */
export function TracingLayer() {
  const { t } = useTranslation();
  const positions = useLandmarkStore((s) => s.positions);
  const preview = useLandmarkStore((s) => s.preview);
  const recordId = useLandmarkStore((s) => s.recordId);
  const visible = useViewerStore((s) => s.display.tracing);
  const live = useMemo(() => livePositions({ positions, preview }), [positions, preview]);
  // Traced with the tracing hidden too: the same trace finds R1-R4, which the analyses read.
  const traced = useFilmContours(true);
  // A contour traced for other positions (a landmark being dragged) gives way to the landmark curve.
  const contours = useMemo(() => traced.filter((c) => contourMatches(c, live)), [traced, live]);
  const paths = useMemo(() => (visible ? tracingPaths(live, { contours, templates: false }) : []), [live, visible, contours]);
  const dots = useMemo(() => (visible ? tracingDots(live) : []), [live, visible]);
  const { calibration } = useFilmCalibration();
  const templateDoc = useTemplateOffsets(recordId);
  const stored = templateDoc.offsets ?? NO_OFFSETS;
  const { commit } = templateDoc;
  const [draft, setDraft] = useState<{ id: string; offset: TemplateOffset } | null>(null);
  const offsets = useMemo(() => (draft ? { ...stored, [draft.id]: draft.offset } : stored), [stored, draft]);
  const templates = useMemo(
    () => (visible ? templatePaths(live, calibrationPxPerMm(calibration), offsets) : []),
    [visible, live, calibration, offsets],
  );
  const onDraft = useCallback((id: string, offset: TemplateOffset | null) => setDraft(offset ? { id, offset } : null), []);
  const onCommit = useCallback((id: string, offset: TemplateOffset) => commit({ ...stored, [id]: offset }), [commit, stored]);
  const look = useViewerAppearance();
  if (!visible) return null;
  const follows = new Map(contours.map((c) => [c.id, c.followsImage.map((f) => (f ? '1' : '0')).join('')]));
  return (
    <g className="tracing-layer" data-testid="tracing-layer" data-contours={contours.length}>
      {paths.map((p) => (
        <path
          key={p.id}
          className="tracing-layer__line"
          data-outline={p.id}
          data-contour={follows.has(p.id) ? p.id : undefined}
          data-follows-image={follows.get(p.id)}
          data-tissue={p.tissue}
          d={p.d}
          vectorEffect="non-scaling-stroke"
          style={lineStyle(look[p.tissue])}
        />
      ))}
      {templates.map((tooth) => (
        <TemplateOutline
          key={tooth.id}
          id={tooth.id}
          d={tooth.d}
          style={lineStyle(look[outlineTissue(tooth.landmarks)])}
          title={t('viewer.templateHint')}
          offset={offsets[tooth.id]}
          onDraft={onDraft}
          onCommit={onCommit}
        />
      ))}
      {dots.map(({ id, point }) => {
        const dot = look[landmarkTissue(id)];
        return (
          <g key={id} transform={`translate(${point.x} ${point.y})`}>
            <circle className="tracing-layer__dot" r={dot.lineWidth + 1} style={dot.color ? { fill: dot.color } : undefined} />
          </g>
        );
      })}
    </g>
  );
}
