import { DRAWING_LIMITS } from '@ceppro/contract';
import { imagePoint, imageToScreen } from '@ceppro/ceph';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerStore } from '../../store/viewer-store.ts';
import { useDrawingStore } from '../store/drawing-store.ts';

/** The text tool's field, where the film was clicked: Enter (or leaving it) places the text, Escape drops it. */
export function DrawingTextInput() {
  const textAt = useDrawingStore((s) => s.textAt);
  if (textAt === null) return null;
  return <TextField key={`${textAt.at[0]},${textAt.at[1]}`} at={textAt.at} text={textAt.text} />;
}

function TextField({ at, text }: { at: readonly [number, number]; text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const view = useViewerStore((s) => s.view);
  const screen = imageToScreen(imagePoint(at[0], at[1]), view);
  // The press that opened the field goes on to focus the film (its mousedown): take focus after it.
  useEffect(() => {
    const id = setTimeout(() => ref.current?.focus());
    return () => clearTimeout(id);
  }, []);
  const commit = () => useDrawingStore.getState().commitText(useViewerStore.getState().fitScale);
  return (
    <input
      ref={ref}
      className="drawing-text-input"
      style={{ left: screen.x, top: screen.y }}
      maxLength={DRAWING_LIMITS.textLength}
      value={text}
      placeholder={t('drawing.textPlaceholder')}
      aria-label={t('drawing.textLabel')}
      onChange={(e) => useDrawingStore.getState().setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          useDrawingStore.getState().setTextAt(null);
        }
      }}
      // Leaving a typed text places it; an empty field stays open until Escape, another click or tool.
      onBlur={() => {
        if (text.trim() !== '' && useDrawingStore.getState().textAt?.at === at) commit();
      }}
      data-testid="drawing-text-input"
    />
  );
}
