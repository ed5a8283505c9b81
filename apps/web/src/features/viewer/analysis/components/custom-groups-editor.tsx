import type { UserAnalysisManage, ValidationResult } from '@ceppro/ceph';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinicalNames } from '../../hooks/use-clinical-names.ts';
import { useSaveAnalysisManage } from '../api/use-save-analysis-manage.ts';
import { analysisOptions } from '../../lib/analysis-options.ts';
import {
  createGroup,
  deleteGroup,
  groupNameProblem,
  setDefaultGroup,
  toggleMeasurement,
  type GroupNameProblem,
} from '../../lib/custom-groups.ts';
import { MeasurementPicker } from './measurement-picker.tsx';

const CURRENT_DEFAULT = 'current';

/**
 * Analysis customisation: named groups of measurements (create, delete, add/remove measurements),
 * the default analysis (a copy of an analysis's or group's measurements), saved as one document to
 * the user config. Edits are a local draft until "Save groups".
 */
export function CustomGroupsEditor({ stored, storedProblem }: { stored: UserAnalysisManage; storedProblem: boolean }) {
  const { t } = useTranslation();
  const names = useClinicalNames();
  const save = useSaveAnalysisManage();
  const [draft, setDraft] = useState(stored);
  const [dirty, setDirty] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Shown under the name field itself: the general message sits below the long measurement list.
  const [nameError, setNameError] = useState<GroupNameProblem | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const nameErrorRef = useRef<HTMLParagraphElement>(null);
  // The field sits low in a scrolling panel: bring the message into view and the caret back to the field.
  useEffect(() => {
    if (nameError === null) return;
    nameErrorRef.current?.scrollIntoView?.({ block: 'nearest' });
    nameRef.current?.focus();
  }, [nameError]);

  const apply = (result: ValidationResult<UserAnalysisManage> | UserAnalysisManage) => {
    if ('ok' in result && !result.ok) return setError(t('analysis.custom.invalid', { reason: result.issues[0]?.message ?? '' }));
    setDraft('ok' in result ? result.value : result);
    setDirty(true);
    setError(null);
    save.reset();
  };

  const create = () => {
    const problem = groupNameProblem(draft, name);
    setNameError(problem);
    if (problem !== null) return;
    const trimmed = name.trim();
    apply(createGroup(draft, trimmed));
    setTarget(trimmed);
    setName('');
  };

  const options = analysisOptions(draft);
  const defaultKey = options.find((o) => o.isDefault)?.key;
  const defaultValue =
    draft.defaultGroup.measurementIds.length === 0
      ? ''
      : defaultKey === 'default' || defaultKey === undefined
        ? CURRENT_DEFAULT
        : defaultKey;
  const chooseDefault = (key: string) => {
    if (key === CURRENT_DEFAULT) return;
    apply(setDefaultGroup(draft, options.find((o) => o.key === key)?.analysis.measurementIds ?? []));
  };
  const edited = target === null ? draft.defaultGroup.measurementIds : (draft.groups.find((g) => g.name === target)?.measurementIds ?? []);

  return (
    <section className="custom-groups" data-testid="custom-groups" aria-labelledby="custom-groups-title">
      <h3 id="custom-groups-title" className="analysis-panel__heading">
        {t('analysis.custom.title')}
      </h3>
      {storedProblem && <p className="analysis-panel__note">{t('analysis.custom.storedProblem')}</p>}

      <label className="custom-groups__field">
        <span>{t('analysis.custom.defaultGroup')}</span>
        <select data-testid="default-group" value={defaultValue} onChange={(e) => chooseDefault(e.target.value)}>
          <option value="">{t('analysis.custom.defaultNone')}</option>
          {defaultValue === CURRENT_DEFAULT && (
            <option value={CURRENT_DEFAULT}>
              {t('analysis.custom.defaultCurrent', { count: draft.defaultGroup.measurementIds.length })}
            </option>
          )}
          {options
            .filter((o) => o.kind !== 'default')
            .map((o) => (
              <option key={o.key} value={o.key}>
                {names.analysis(o.analysis)}
              </option>
            ))}
        </select>
      </label>

      <div className="custom-groups__create">
        <input
          type="text"
          data-testid="custom-group-name"
          ref={nameRef}
          aria-label={t('analysis.custom.newName')}
          placeholder={t('analysis.custom.newName')}
          maxLength={50}
          value={name}
          aria-invalid={nameError !== null}
          aria-describedby={nameError !== null ? 'custom-group-name-error' : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') create();
          }}
        />
        <button type="button" className="dark-button dark-button--muted analysis-button" data-testid="custom-group-create" onClick={create}>
          {t('analysis.custom.create')}
        </button>
      </div>
      {nameError !== null && (
        <p id="custom-group-name-error" ref={nameErrorRef} className="ruler-form__error" role="alert" data-testid="custom-group-name-error">
          {t(`analysis.custom.${nameError}`)}
        </p>
      )}

      <div className="custom-groups__field">
        <label htmlFor="custom-group-edit">{t('analysis.custom.editing')}</label>
        <div className="custom-groups__row">
          <select
            id="custom-group-edit"
            data-testid="custom-group-edit"
            value={target ?? ''}
            onChange={(e) => setTarget(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">{t('analysis.custom.editDefault')}</option>
            {draft.groups.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name}
              </option>
            ))}
          </select>
          {target !== null && (
            <button
              type="button"
              className="dark-button dark-button--muted analysis-button"
              data-testid="custom-group-delete"
              onClick={() => {
                apply(deleteGroup(draft, target));
                setTarget(null);
              }}
            >
              {t('analysis.custom.delete')}
            </button>
          )}
        </div>
      </div>
      <MeasurementPicker selected={edited} onToggle={(id, included) => apply(toggleMeasurement(draft, target, id, included))} />

      {error && (
        <p className="ruler-form__error" role="alert">
          {error}
        </p>
      )}
      {save.isError && (
        <p className="ruler-form__error" role="alert">
          {t('analysis.custom.saveError')}
        </p>
      )}
      <div className="custom-groups__actions">
        <button
          type="button"
          className="dark-button dark-button--muted analysis-button analysis-button--primary"
          data-testid="custom-group-save"
          disabled={!dirty || save.isPending}
          onClick={() => save.mutate(draft, { onSuccess: () => setDirty(false) })}
        >
          {save.isPending ? t('analysis.custom.saving') : t('analysis.custom.save')}
        </button>
        <span className="analysis-panel__note" role="status">
          {dirty ? t('analysis.custom.unsaved') : save.isSuccess ? t('analysis.custom.saved') : ''}
        </span>
      </div>
    </section>
  );
}
