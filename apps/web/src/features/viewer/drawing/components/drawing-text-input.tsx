import { DRAWING_LIMITS } from '@ceppro/contract';
import { imagePoint, imageToScreen } from '@ceppro/ceph';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerStore } from '../../store/viewer-store.ts';
import { newShapeId } from '../lib/shapes.ts';
import { storedWidth } from '../lib/stroke.ts';
import { useDrawingStore } from '../store/drawing-store.ts';

/** The text tool's field, where the film was clicked: Enter adds the text, Escape drops it. */
export function DrawingTextInput() {
  const textAt = useDrawingStore((s) => s.textAt);
  if (textAt === null) return null;
  return <TextField key={`${textAt.at[0]},${textAt.at[1]}`} at={textAt.at} set={textAt.set} />;
}

function TextField({ at, set }: NonNullable<ReturnType<typeof useDrawingStore.getState>['textAt']>) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const view = useViewerStore((s) => s.view);
  const screen = imageToScreen(imagePoint(at[0], at[1]), view);
  const commit = () => {
    const store = useDrawingStore.getState();
    const value = text.trim();
    if (value !== '') {
      const { pen } = store;
      const { width, scales } = storedWidth(pen, useViewerStore.getState().fitScale);
      store.add(set, { id: newShapeId(), tool: 'text', at: [at[0], at[1]], text: value, color: pen.color, opacity: pen.opacity, width, scales });
    }
    // A click elsewhere on the film may already have opened the next field: leave that one open.
    if (useDrawingStore.getState().textAt?.at === at) store.setTextAt(null);
  };
  return (
    <input
      className="drawing-text-input"
      style={{ left: screen.x, top: screen.y }}
      autoFocus
      maxLength={DRAWING_LIMITS.textLength}
      value={text}
      placeholder={t('drawing.textPlaceholder')}
      aria-label={t('drawing.textLabel')}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          useDrawingStore.getState().setTextAt(null);
        }
      }}
      onBlur={commit}
      data-testid="drawing-text-input"
    />
  );
}
