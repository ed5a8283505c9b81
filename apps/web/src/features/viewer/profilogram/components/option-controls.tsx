import type { ProfilogramOptions } from '@ceppro/ceph';
import { PROFILOGRAM_POINTS, PROFILOGRAM_STANDARD_LINES } from '@ceppro/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface NumberFieldProps {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onCommit: (value: number) => void;
}

/** A number input that commits only values in range; what is typed stays until blur. */
function NumberField({ id, label, value, min, max, step, onCommit }: NumberFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const valid = (n: number) => Number.isFinite(n) && n >= min && n <= max;
  return (
    <label className="profilogram-options__field" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        data-testid={id}
        type="number"
        min={min}
        max={max}
        step={step}
        value={text}
        aria-invalid={!valid(Number(text))}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && valid(n) && n !== value) onCommit(n);
        }}
        onBlur={() => setText(String(value))}
      />
    </label>
  );
}

/** Standard line, registration point, scale (%) and rotation (°) of the profilogram. */
export function OptionControls({ options, onChange }: { options: ProfilogramOptions; onChange: (options: ProfilogramOptions) => void }) {
  const { t } = useTranslation();
  return (
    <div className="profilogram-options">
      <label className="profilogram-options__field" htmlFor="profilogram-line">
        <span>{t('profilogram.standardLine')}</span>
        <select
          id="profilogram-line"
          data-testid="profilogram-line"
          value={options.standardLine}
          onChange={(e) => onChange({ ...options, standardLine: e.target.value as ProfilogramOptions['standardLine'] })}
        >
          {PROFILOGRAM_STANDARD_LINES.map((line) => (
            <option key={line} value={line}>
              {t(`profilogram.lines.${line}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="profilogram-options__field" htmlFor="profilogram-point">
        <span>{t('profilogram.point')}</span>
        <select
          id="profilogram-point"
          data-testid="profilogram-point"
          value={options.point}
          onChange={(e) => onChange({ ...options, point: e.target.value as ProfilogramOptions['point'] })}
        >
          {PROFILOGRAM_POINTS.map((p) => (
            <option key={p} value={p}>
              {t(`profilogram.points.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <NumberField
        id="profilogram-scale"
        label={t('profilogram.scale')}
        value={options.scale}
        min={50}
        max={200}
        step={5}
        onCommit={(scale) => onChange({ ...options, scale })}
      />
      <NumberField
        id="profilogram-rotate"
        label={t('profilogram.rotate')}
        value={options.rotate}
        min={-180}
        max={180}
        step={1}
        onCommit={(rotate) => onChange({ ...options, rotate })}
      />
    </div>
  );
}
