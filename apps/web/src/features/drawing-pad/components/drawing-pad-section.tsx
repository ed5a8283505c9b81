import { DRAWING_CONFIG_DEFAULTS, DRAWING_LIMITS, DRAWING_TOOLS, type DrawingConfig } from '@ceppro/contract';
import { useState } from 'react';
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormMessage } from '../../../components/form/field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { pushToast } from '../../../stores/toast-store.ts';
import { useDrawingPadConfig, useSaveDrawingPadConfig } from '../api/use-drawing-pad-config.ts';
import {
  configOf,
  drawingPadFormSchema,
  formValuesOf,
  previewOf,
  type DrawingPadFormOutput,
  type DrawingPadFormValues,
} from '../lib/drawing-pad-form.ts';
import { DrawingPreview } from './drawing-preview.tsx';
import './drawing-pad.css';

/** `/drawing-pad`: the viewer drawing pad's defaults (spec: Pen, pixel size 3, opacity 1, ratio 100, scale). */
export function DrawingPadSection() {
  const { t } = useTranslation();
  const config = useDrawingPadConfig();
  if (config.isPending) return <p className="field__hint">{t('drawing.pad.loading')}</p>;
  if (config.data === undefined) {
    return (
      <FormMessage kind="error" testId="drawing-pad-load-error">
        {t('drawing.pad.loadFailed')}{' '}
        <button type="button" className="button button--secondary" onClick={() => void config.refetch()}>
          {t('drawing.pad.retry')}
        </button>
      </FormMessage>
    );
  }
  return <DrawingPadForm config={config.data} />;
}

function DrawingPadForm({ config }: { config: DrawingConfig }) {
  const { t } = useTranslation();
  const save = useSaveDrawingPadConfig();
  const [failure, setFailure] = useState(false);
  const { register, handleSubmit, formState, control, reset } = useForm<DrawingPadFormValues, unknown, DrawingPadFormOutput>({
    resolver: schemaResolver(drawingPadFormSchema),
    defaultValues: formValuesOf(config),
    mode: 'onChange',
  });
  const values = useWatch({ control }) as DrawingPadFormValues;
  const preview = previewOf({ ...formValuesOf(config), ...values }, config);
  const { errors, isDirty, isValid, isSubmitting } = formState;
  const invalid = (error: unknown) => (error ? t('drawing.pad.invalid') : undefined);

  const onSubmit = handleSubmit(async (output) => {
    setFailure(false);
    try {
      const saved = await save.mutateAsync(configOf(output));
      reset(formValuesOf(saved));
      pushToast({ kind: 'success', title: { key: 'drawing.pad.savedTitle' }, text: { key: 'drawing.pad.savedText' } });
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      setFailure(true);
    }
  });

  return (
    <form className="form drawing-pad" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="drawing-pad-form">
      <p className="field__hint">{t('drawing.pad.intro')}</p>
      <div className="drawing-pad__grid">
        <Field label={t('drawing.pad.tool')} htmlFor="drawing-pad-tool">
          <select id="drawing-pad-tool" className="input" {...register('tool')} data-testid="drawing-pad-tool">
            {DRAWING_TOOLS.map((tool) => (
              <option key={tool} value={tool}>
                {t(`drawing.tool.${tool}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('drawing.pad.color')} htmlFor="drawing-pad-color">
          <input
            id="drawing-pad-color"
            type="color"
            className="drawing-pad__color"
            {...register('color')}
            data-testid="drawing-pad-color"
          />
        </Field>
        <PadNumberField
          name="size"
          inputMode="decimal"
          register={register}
          error={invalid(errors.size)}
          hint={t('drawing.pad.sizeHint', { min: DRAWING_LIMITS.sizeMin, max: DRAWING_LIMITS.sizeMax })}
        />
        <PadNumberField
          name="opacity"
          inputMode="decimal"
          register={register}
          error={invalid(errors.opacity)}
          hint={t('drawing.pad.opacityHint', { min: DRAWING_LIMITS.opacityMin })}
        />
        <PadNumberField
          name="ratio"
          inputMode="numeric"
          register={register}
          error={invalid(errors.ratio)}
          hint={t('drawing.pad.ratioHint', { min: DRAWING_LIMITS.ratioMin, max: DRAWING_LIMITS.ratioMax })}
        />
      </div>
      <label className="check">
        <input type="checkbox" {...register('scaleWithZoom')} data-testid="drawing-pad-scale" />
        {t('drawing.pad.scale')}
      </label>
      <p className="field__hint">{t('drawing.pad.scaleHint')}</p>
      <div className="drawing-pad__preview-box">
        <span className="field__label">{t('drawing.pad.preview')}</span>
        <DrawingPreview config={preview} label={t('drawing.pad.previewLabel')} />
      </div>
      {failure && (
        <FormMessage kind="error" testId="drawing-pad-error">
          {t('drawing.pad.failed')}
        </FormMessage>
      )}
      <div className="account-form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => reset(formValuesOf(DRAWING_CONFIG_DEFAULTS), { keepDefaultValues: true })}
          data-testid="drawing-pad-reset"
        >
          {t('drawing.pad.reset')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={!isDirty || !isValid || isSubmitting}
          data-testid="drawing-pad-save"
        >
          {isSubmitting ? t('drawing.pad.saving') : t('drawing.pad.save')}
        </button>
      </div>
    </form>
  );
}

/** One of the pad's number inputs (size, opacity, ratio): label, hint and error from the form, ids from its name. */
function PadNumberField({
  name,
  inputMode,
  register,
  error,
  hint,
}: {
  name: 'size' | 'opacity' | 'ratio';
  inputMode: 'decimal' | 'numeric';
  register: UseFormRegister<DrawingPadFormValues>;
  error: string | undefined;
  hint: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t(`drawing.pad.${name}`)} htmlFor={`drawing-pad-${name}`} error={error} hint={hint}>
      <input
        id={`drawing-pad-${name}`}
        className="input drawing-pad__number"
        inputMode={inputMode}
        autoComplete="off"
        {...register(name)}
        data-testid={`drawing-pad-${name}`}
      />
    </Field>
  );
}
