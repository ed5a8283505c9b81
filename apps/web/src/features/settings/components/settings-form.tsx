import { REFERENCE_PLANE_IDS, type ReferencePlaneId, type SettingsUserConfig } from '@ceppro/contract';
import { useState } from 'react';
import { Controller, useForm, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { useSaveSettings, useSettings } from '../api/use-settings.ts';
import {
  formValuesOf,
  isSettingsError,
  settingsFormSchema,
  settingsInputOf,
  type SettingsFormOutput,
  type SettingsFormValues,
} from '../lib/settings-form.ts';
import { AiAdaptationSection } from './ai-adaptation-section.tsx';
import { LandmarkDefinitionsSection } from './landmark-definitions-section.tsx';
import { LandmarkListField } from './landmark-list-field.tsx';
import { NormPopulationSection } from './norm-population-section.tsx';
import { StandardAnalysisField } from './standard-analysis-field.tsx';
import './settings.css';

/**
 * `/setting`: the user-config fields the viewer reads, in the spec's order (point 2: landmarks, guide
 * line, standard analysis method, reference plane, default PPM, auto zoom-in, auto measurement,
 * viewer display), then the landmark definitions the AI's points follow and what the AI learned from
 * this account's corrections (one server resource, each change saved at once).
 */
export function SettingsSection() {
  return (
    <>
      <UserConfigSettings />
      <NormPopulationSection />
      <LandmarkDefinitionsSection />
      <AiAdaptationSection />
    </>
  );
}

function UserConfigSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  if (settings.isPending) return <p className="field__hint">{t('settings.loading')}</p>;
  if (settings.data === undefined) {
    return (
      <FormMessage kind="error" testId="settings-load-error">
        {t('settings.loadFailed')}{' '}
        <button type="button" className="button button--secondary" onClick={() => void settings.refetch()}>
          {t('settings.retry')}
        </button>
      </FormMessage>
    );
  }
  return <SettingsForm config={settings.data} />;
}

type Flag = 'xray' | 'autoZoom' | 'autoMeasurement';
/** Plane id -> its label key under `settings.planes`. */
const PLANE_KEYS = {
  sn: 'sn',
  fh: 'fh',
  palatal: 'palatal',
  occlusal: 'occlusal',
  mandibular: 'mandibular',
  facial: 'facial',
  'e-line': 'eLine',
} as const satisfies Record<ReferencePlaneId, string>;

const DISPLAY = [
  ['xray', 'settings-xray'],
  ['autoZoom', 'settings-auto-zoom'],
  ['autoMeasurement', 'settings-auto-measurement'],
] as const satisfies ReadonlyArray<readonly [Flag, string]>;

function SettingsForm({ config }: { config: SettingsUserConfig }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [failure, setFailure] = useState(false);
  const { register, handleSubmit, formState, control, reset, setValue } = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: schemaResolver(settingsFormSchema),
    defaultValues: formValuesOf(config),
    mode: 'onChange',
  });
  const { errors, dirtyFields, isDirty, isValid, isSubmitting } = formState;
  const errorText = (message: string | undefined) => (isSettingsError(message) ? t(`settings.errors.${message}`) : message);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(false);
    try {
      const saved = await save.mutateAsync(settingsInputOf(values, dirtyFields, config));
      reset(formValuesOf(saved));
      pushToast({ kind: 'success', title: { key: 'settings.savedTitle' }, text: { key: 'settings.savedText' } });
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      setFailure(true);
    }
  });

  return (
    <form className="form settings-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="settings-form">
      <LandmarkListField register={register} setValue={setValue} />

      <fieldset className="settings-form__group" data-testid="settings-guideline">
        <legend className="settings-form__legend">{t('settings.guideline.title')}</legend>
        <label className="check">
          <input type="checkbox" {...register('tracing')} data-testid="settings-tracing" />
          {t('settings.guideline.show')}
        </label>
        <p className="field__hint">{t('settings.guideline.hint')}</p>
      </fieldset>

      <StandardAnalysisField config={config} register={register} />

      <fieldset className="settings-form__group" data-testid="settings-planes">
        <legend className="settings-form__legend">{t('settings.planes.title')}</legend>
        <label className="check">
          <input type="checkbox" {...register('plane')} data-testid="settings-plane" />
          {t('settings.planes.show')}
        </label>
        <p className="field__hint">{t('settings.planes.hint')}</p>
        <div className="settings-form__checks">
          {REFERENCE_PLANE_IDS.map((id) => (
            <label key={id} className="check">
              <input type="checkbox" value={id} {...register('planes')} data-testid={`settings-plane-${id}`} />
              {t(`settings.planes.${PLANE_KEYS[id]}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-form__group">
        <legend className="settings-form__legend">{t('settings.calibration')}</legend>
        <Field label={t('settings.ppm')} htmlFor="settings-ppm" error={errorText(errors.ppm?.message)} hint={t('settings.ppmHint')}>
          <div className="input-row settings-form__ppm">
            <input
              id="settings-ppm"
              className="input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('settings.ppmPlaceholder')}
              {...register('ppm')}
              data-testid="settings-ppm"
            />
            <span className="settings-form__unit">{t('settings.ppmUnit')}</span>
          </div>
        </Field>
      </fieldset>

      <fieldset className="settings-form__group">
        <legend className="settings-form__legend">{t('settings.display')}</legend>
        <p className="field__hint">{t('settings.displayHint')}</p>
        <div className="settings-form__checks settings-form__checks--column">
          {DISPLAY.map(([name, testId]) => (
            <Check key={name} name={name} testId={testId} register={register} label={t(`settings.behaviour.${name}`)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="settings-form__group">
        <legend className="settings-form__legend">{t('settings.tissue')}</legend>
        <div className="form-grid">
          <Tissue
            kind="hard"
            control={control}
            register={register}
            error={errorText(errors.hardSize?.message ?? errors.hardColor?.message)}
          />
          <Tissue
            kind="soft"
            control={control}
            register={register}
            error={errorText(errors.softSize?.message ?? errors.softColor?.message)}
          />
        </div>
      </fieldset>

      {failure && (
        <FormMessage kind="error" testId="settings-error">
          {t('settings.saveFailed')}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!isDirty || !isValid || isSubmitting}
          data-testid="settings-save"
        >
          {isSubmitting ? t('settings.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}

function Check({
  name,
  label,
  testId,
  register,
}: {
  name: Flag;
  label: string;
  testId: string;
  register: UseFormRegister<SettingsFormValues>;
}) {
  return (
    <label className="check">
      <input type="checkbox" {...register(name)} data-testid={testId} />
      {label}
    </label>
  );
}

interface TissueProps {
  kind: 'hard' | 'soft';
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  register: UseFormRegister<SettingsFormValues>;
  error: string | undefined;
}

/** Outline colour and size of one tissue; a colour never chosen shows a neutral swatch and "not set". */
function Tissue({ kind, control, register, error }: TissueProps) {
  const { t } = useTranslation();
  const id = `settings-${kind}`;
  return (
    <Field label={t(`settings.${kind}Tissue`)} htmlFor={`${id}-size`} error={error} hint={t('settings.sizeHint')}>
      <div className="input-row settings-form__tissue">
        <Controller
          control={control}
          name={kind === 'hard' ? 'hardColor' : 'softColor'}
          render={({ field }) => (
            <>
              <input
                type="color"
                className="settings-form__color"
                aria-label={t('settings.color')}
                value={field.value === '' ? '#808080' : field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                data-testid={`${id}-color`}
              />
              <span className="settings-form__unit">{field.value === '' ? t('settings.notSet') : field.value}</span>
            </>
          )}
        />
        <input
          id={`${id}-size`}
          className="input settings-form__size"
          inputMode="decimal"
          aria-label={t('settings.size')}
          {...register(kind === 'hard' ? 'hardSize' : 'softSize')}
          data-testid={`${id}-size`}
        />
      </div>
    </Field>
  );
}
