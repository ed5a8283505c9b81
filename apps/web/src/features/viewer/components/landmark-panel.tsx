import { LANDMARKS, getLandmark, type LandmarkCategory, type LandmarkId } from '@ceppro/ceph';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleNote } from '../../../components/role-note.tsx';
import { usePopupStore } from '../../../stores/popup-store.ts';
import { commandById, type ViewerCommandId } from '../commands.ts';
import { useRecordStore } from '../documents/record-store.ts';
import { useClinicalNames } from '../hooks/use-clinical-names.ts';
import { useViewerAppearance } from '../hooks/use-viewer-appearance.ts';
import { setTool } from '../interaction/registry.ts';
import { filmDefinition } from '../lib/landmark-definition.ts';
import { missingLandmarks, reviewOf } from '../lib/review.ts';
import { focusView } from '../lib/viewer-appearance.ts';
import type { ViewerPanelProps } from '../panels.ts';
import { landmarkSource, useLandmarkStore } from '../store/landmark-store.ts';
import { useViewerStore } from '../store/viewer-store.ts';
import { LandmarkGroup } from './landmark-list.tsx';

const CATEGORIES: readonly { category: LandmarkCategory; key: 'viewer.categoryHard' | 'viewer.categoryDental' | 'viewer.categorySoft' }[] =
  [
    { category: 'hard', key: 'viewer.categoryHard' },
    { category: 'dental', key: 'viewer.categoryDental' },
    { category: 'soft', key: 'viewer.categorySoft' },
  ];

/** Runs a command from the registry with the current stores (the same path as its shortcut). */
function runCommand(id: ViewerCommandId): void {
  commandById(id).run({ viewer: useViewerStore.getState(), landmarks: useLandmarkStore.getState() });
}

interface ConfirmTexts {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
}

/** `confirm`: the button asks first through the app's confirm popup; Cancel (or Escape) runs nothing. */
function CommandButton({ id, testId, confirm }: { id: ViewerCommandId; testId: string; confirm?: ConfirmTexts }) {
  const { t } = useTranslation();
  const command = commandById(id);
  // Re-render when anything the enabled check reads changes (the landmarks, the record's history); the check is the command's.
  useRecordStore((s) => `${s.past.length}:${s.future.length}`);
  const enabled = useLandmarkStore((s) => command.enabled?.({ viewer: useViewerStore.getState(), landmarks: s }) ?? true);
  const shortcut = command.keys[0]?.replace('Mod', 'Ctrl');
  const onClick = () => {
    if (!confirm) return runCommand(id);
    usePopupStore.getState().open({
      title: confirm.title,
      text: confirm.text,
      textConfirm: confirm.confirm,
      textCancel: confirm.cancel,
      fnConfirm: () => runCommand(id),
    });
  };
  return (
    <button
      type="button"
      className="landmark-tools__button"
      data-testid={testId}
      disabled={!enabled}
      onClick={onClick}
      title={shortcut ? `${t(command.label)} (${shortcut})` : t(command.label)}
    >
      {t(command.label)}
    </button>
  );
}

/**
 * Details of the selected landmark: what it is (by the definition the film's AI point follows, with a
 * note when the account's chosen one was not found on this film), where it is (image px) and where the
 * point came from.
 */
function SelectedLandmark() {
  const { t } = useTranslation();
  const selected = useLandmarkStore((s) => s.selected);
  const point = useLandmarkStore((s) => (s.selected ? s.positions[s.selected] : undefined));
  const source = useLandmarkStore((s) => (s.selected ? landmarkSource(s, s.selected) : null));
  const raw = useLandmarkStore((s) => (s.selected ? s.ai[s.selected]?.raw : undefined));
  const definitions = useLandmarkStore((s) => s.definitions);
  const names = useClinicalNames();
  if (!selected) return <p className="landmark-panel__hint">{t('viewer.adjustHint')}</p>;
  const landmark = getLandmark(selected);
  const chosen = filmDefinition(definitions, selected);
  return (
    <div className="landmark-selected" data-testid="landmark-selected">
      <div className="landmark-selected__title">
        <strong>{landmark.shortName}</strong> {names.landmark(selected)}
      </div>
      {point && <div className="landmark-selected__position">{t('viewer.position', { x: point.x.toFixed(1), y: point.y.toFixed(1) })}</div>}
      {source && (
        <div className="landmark-selected__source" data-testid="landmark-source" data-source={source}>
          {t(`viewer.source.${source}`)}
          {(source === 'adapted' || source === 'ai') && raw && (
            <span className="landmark-selected__raw"> {t('viewer.modelPoint', { x: raw.x.toFixed(1), y: raw.y.toFixed(1) })}</span>
          )}
        </div>
      )}
      <p className="landmark-selected__definition" data-testid="landmark-definition">
        {chosen?.status === 'applied'
          ? t('viewer.definitionChosen', {
              name: names.definitionChoice(selected, chosen.choice),
              text: names.definitionChoiceText(selected, chosen.choice) ?? '',
            })
          : (names.definition(selected) ?? landmark.definition)}
      </p>
      {chosen && chosen.status !== 'applied' && (
        <p className="landmark-selected__definition-note" data-testid="landmark-definition-note">
          {t(chosen.status === 'missing-inputs' ? 'viewer.definitionMissingInputs' : 'viewer.definitionNotFound', {
            name: names.definitionChoice(selected, chosen.choice),
            fallback: names.definitionChoice(selected, chosen.fallback),
          })}
        </p>
      )}
    </div>
  );
}

/** The landmark adjustment menu: review list first, all landmarks by tissue, then the ones to place by hand. */
export function LandmarkPanel({ recordId }: ViewerPanelProps) {
  const { t } = useTranslation();
  const ai = useLandmarkStore((s) => s.ai);
  const positions = useLandmarkStore((s) => s.positions);
  const threshold = useLandmarkStore((s) => s.reviewThreshold);
  const filmThreshold = useLandmarkStore((s) => s.filmReviewThreshold);
  const adaptation = useLandmarkStore((s) => s.adaptation);
  const readOnly = useLandmarkStore((s) => s.readOnly);
  const { wholeFilm, ids: review } = useMemo(() => reviewOf(ai, threshold, filmThreshold), [ai, threshold, filmThreshold]);
  const reviewSet = useMemo(() => new Set(review), [review]);
  const missing = useMemo(() => missingLandmarks(positions), [positions]);
  const byCategory = useMemo(
    () =>
      CATEGORIES.map((c) => ({
        ...c,
        ids: LANDMARKS.filter((l) => l.category === c.category && positions[l.id] && !reviewSet.has(l.id)).map((l) => l.id),
      })),
    [positions, reviewSet],
  );

  const { autoZoom } = useViewerAppearance();
  // Settings "auto zoom-in": the chosen landmark is shown close up; otherwise it is only brought into view.
  const select = useCallback(
    (id: LandmarkId) => {
      useLandmarkStore.getState().select(id);
      const point = useLandmarkStore.getState().positions[id];
      if (!point) return;
      const viewer = useViewerStore.getState();
      if (autoZoom) viewer.setView(focusView(point, viewer.view, viewer.viewportSize, viewer.fitScale));
      else viewer.reveal(point);
    },
    [autoZoom],
  );
  const place = useCallback((ids: readonly LandmarkId[]) => {
    useLandmarkStore.getState().startGuidedPlacement(ids);
    setTool('placing-landmark');
  }, []);
  const placeOne = useCallback((id: LandmarkId) => place([id]), [place]);

  if (recordId === null) return <p className="landmark-panel__empty">{t('viewer.noRecord')}</p>;
  const resetAllConfirm: ConfirmTexts = {
    title: t('viewerPolish.resetAllTitle'),
    text: t('viewerPolish.resetAllText'),
    confirm: t('viewerPolish.resetAllConfirm'),
    cancel: t('viewerPolish.resetAllCancel'),
  };
  return (
    <div className="landmark-panel">
      <div className="landmark-panel__head">
        {readOnly ? (
          <RoleNote kind="landmarks" className="landmark-panel__save-hint" />
        ) : (
          <>
            <div className="landmark-tools" role="toolbar" aria-label={t('viewer.panelLandmarks')}>
              <CommandButton id="undo" testId="viewer-undo" />
              <CommandButton id="redo" testId="viewer-redo" />
              <CommandButton id="reset-ai" testId="reset-ai" />
              <CommandButton id="reset-ai-all" testId="reset-ai-all" confirm={resetAllConfirm} />
            </div>
            <p className="landmark-panel__save-hint">{t('viewer.saveHint')}</p>
          </>
        )}
        {adaptation && adaptation.landmarks > 0 && (
          <p className="landmark-panel__adapted" data-testid="viewer-adaptation">
            {adaptation.films === 1 ? t('viewer.adaptedFilmOne') : t('viewer.adaptedFilm', { count: adaptation.films })}
          </p>
        )}
      </div>
      <SelectedLandmark />
      <div className="landmark-list" data-testid="landmark-list">
        {wholeFilm ? (
          <p className="landmark-panel__check-all" role="status" data-testid="review-whole-film">
            {t('viewer.reviewWholeFilm')}
          </p>
        ) : (
          <LandmarkGroup
            title={t('viewer.reviewTitle')}
            hint={t('viewer.reviewHint', { percent: Math.round((threshold ?? 0) * 100) })}
            ids={review}
            review={reviewSet}
            onSelect={select}
          />
        )}
        {byCategory.map((c) => (
          <LandmarkGroup key={c.category} title={t(c.key)} ids={c.ids} review={reviewSet} onSelect={select} />
        ))}
        {missing.length > 0 && (
          <section className="landmark-missing">
            <LandmarkGroup
              title={t('viewer.missingTitle')}
              hint={t('viewer.missingHint')}
              ids={missing}
              review={reviewSet}
              onSelect={select}
              {...(!readOnly && { onPlace: placeOne })}
            />
            {!readOnly && (
              <button type="button" className="landmark-missing__all" data-testid="place-missing" onClick={() => place(missing)}>
                {t('viewer.placeAll', { count: missing.length })}
              </button>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
