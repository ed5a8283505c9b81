import { useTranslation } from 'react-i18next';

/** Area codes offered for telephone numbers (docs/spec-points.md §5). */
export const AREA_CODES = [
  '010',
  '02',
  '031',
  '032',
  '033',
  '041',
  '042',
  '043',
  '051',
  '052',
  '053',
  '054',
  '055',
  '061',
  '062',
  '063',
  '064',
] as const;

/** Splits "031-123-4567" into the longest offered area code and the rest. */
export function splitPhone(value: string): { area: string; rest: string } {
  const digits = value.replace(/\D/g, '');
  const area = [...AREA_CODES].sort((a, b) => b.length - a.length).find((code) => digits.startsWith(code));
  if (area === undefined) return { area: '', rest: value };
  return { area, rest: value.replace(/^\D*/, '').slice(area.length).replace(/^-/, '') };
}

/** "01012345678" -> "010-1234-5678", "021234567" -> "02-123-4567"; anything else unchanged. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const { area, rest } = splitPhone(value);
  const digits = rest.replace(/\D/g, '');
  if (area === '' || !/^\d{7,8}$/.test(digits)) return value;
  return `${area}-${digits.slice(0, digits.length - 4)}-${digits.slice(-4)}`;
}

interface PhoneInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  defaultArea?: string;
  disabled?: boolean;
  testId?: string;
  invalid?: boolean;
}

/** An area-code choice plus the rest of the number; the value is "area-rest" ('' while empty). */
export function PhoneInput({ id, value, onChange, onBlur, defaultArea = '010', disabled, testId, invalid }: PhoneInputProps) {
  const { t } = useTranslation();
  const parts = splitPhone(value);
  const area = parts.area || defaultArea;
  const rest = parts.area ? parts.rest : value;
  const emit = (nextArea: string, nextRest: string) => onChange(nextRest.trim() === '' ? '' : `${nextArea}-${nextRest.trim()}`);
  return (
    <div className="input-row">
      <select
        className="select"
        aria-label={t('form.areaCode')}
        value={area}
        disabled={disabled}
        onChange={(e) => emit(e.target.value, rest)}
        data-testid={testId ? `${testId}-area` : undefined}
      >
        {AREA_CODES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
      <input
        id={id}
        className="input"
        inputMode="tel"
        maxLength={10}
        placeholder="1234-5678"
        value={rest}
        disabled={disabled}
        aria-invalid={invalid}
        onBlur={onBlur}
        onChange={(e) => emit(area, e.target.value.replace(/[^\d-]/g, ''))}
        data-testid={testId}
      />
    </div>
  );
}
