import { DRAWING_LIMITS, DRAWING_TOOLS, type DrawingTool } from '@ceppro/contract';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../../hooks/use-work-space.ts';
import { setTool, useActiveTool } from '../../interaction/registry.ts';
import { DRAWING_TOOL_ID } from '../interaction/drawing-state.ts';
import { selectCanRedo, selectCanUndo, useRecordStore } from '../../documents/record-store.ts';
import { useDrawingStore } from '../store/drawing-store.ts';

const ICONS: Record<DrawingTool, string> = {
  pen: '✎',
  line: '╱',
  arrow: '↗',
  text: 'T',
  rectangle: '▭',
  ellipse: '◯',
  eraser: '⌫',
};

/**
 * The drawing pad's floating toolbar (top-left of the stage): "Draw" enters drawing mode, where the
 * film no longer pans under the pen; then the tools, colour, pixel size, opacity, undo/redo and
 * "Done". "Drawings" shows or hides them over the film (a display toggle of the pad's own).
 */
export function DrawingToolbar() {
  const { t } = useTranslation();
  const drawing = useActiveTool() === DRAWING_TOOL_ID;
  const pen = useDrawingStore((s) => s.pen);
  const visible = useDrawingStore((s) => s.visible);
  const canUndo = useRecordStore(selectCanUndo);
  const canRedo = useRecordStore(selectCanRedo);
  const saveStatus = useDrawingStore((s) => s.saveStatus);
  const writable = useDrawingStore((s) => s.writable);
  // A role that may not draw (contract ACCESS_POLICY `drawing.edit`) only shows or hides the drawings.
  const mayDraw = useMay('drawing.edit');
  const store = useDrawingStore.getState;

  return (
    <div
      className={`viewer-float drawing-toolbar${drawing ? ' drawing-toolbar--open' : ''}`}
      role="toolbar"
      aria-label={t('drawing.toolbar')}
      data-testid="drawing-toolbar"
    >
      <div className="drawing-toolbar__row">
        {mayDraw && (
          <button
            type="button"
            className="dark-button drawing-toolbar__mode"
            aria-pressed={drawing}
            onClick={() => setTool(drawing ? 'idle' : DRAWING_TOOL_ID)}
            disabled={!writable && !drawing}
            data-testid="drawing-mode"
          >
            {drawing ? t('drawing.done') : `✎ ${t('drawing.draw')}`}
          </button>
        )}
        <button
          type="button"
          className="dark-button drawing-toolbar__toggle"
          aria-pressed={visible}
          onClick={() => store().toggleVisible()}
          data-testid="toggle-drawing"
        >
          <span className="drawing-toolbar__check" aria-hidden="true" />
          {t('drawing.show')}
        </button>
      </div>
      {drawing && (
        <>
          <div className="drawing-toolbar__tools" role="radiogroup" aria-label={t('drawing.tools')}>
            {DRAWING_TOOLS.map((tool) => (
              <button
                key={tool}
                type="button"
                role="radio"
                aria-checked={pen.tool === tool}
                className="dark-button drawing-toolbar__tool"
                title={t(`drawing.tool.${tool}`)}
                aria-label={t(`drawing.tool.${tool}`)}
                onClick={() => store().setTool(tool)}
                data-testid={`drawing-tool-${tool}`}
              >
                <span aria-hidden="true">{ICONS[tool]}</span>
              </button>
            ))}
          </div>
          <label className="drawing-toolbar__field">
            <span>{t('drawing.color')}</span>
            <input type="color" value={pen.color} onChange={(e) => store().setPen({ color: e.target.value })} data-testid="drawing-color" />
          </label>
          <label className="drawing-toolbar__field">
            <span>{t('drawing.size')}</span>
            <input
              type="range"
              min={DRAWING_LIMITS.sizeMin}
              max={20}
              step={1}
              value={Math.min(pen.size, 20)}
              onChange={(e) => store().setPen({ size: Number(e.target.value) })}
              data-testid="drawing-size"
            />
            <output>{pen.size}</output>
          </label>
          <label className="drawing-toolbar__field">
            <span>{t('drawing.opacity')}</span>
            <input
              type="range"
              min={DRAWING_LIMITS.opacityMin}
              max={DRAWING_LIMITS.opacityMax}
              step={0.05}
              value={pen.opacity}
              onChange={(e) => store().setPen({ opacity: Number(e.target.value) })}
              data-testid="drawing-opacity"
            />
            <output>{Math.round(pen.opacity * 100)}%</output>
          </label>
          <div className="drawing-toolbar__row">
            <button
              type="button"
              className="dark-button drawing-toolbar__button"
              disabled={!canUndo}
              onClick={() => store().undo()}
              title={`${t('drawing.undo')} (Ctrl+Z)`}
              data-testid="drawing-undo"
            >
              ↶ {t('drawing.undo')}
            </button>
            <button
              type="button"
              className="dark-button drawing-toolbar__button"
              disabled={!canRedo}
              onClick={() => store().redo()}
              title={`${t('drawing.redo')} (Ctrl+Shift+Z)`}
              data-testid="drawing-redo"
            >
              ↷ {t('drawing.redo')}
            </button>
          </div>
          <p className="drawing-toolbar__status" data-testid="drawing-save-status" data-status={saveStatus}>
            {t(`drawing.status.${saveStatus}`)}
          </p>
        </>
      )}
    </div>
  );
}
