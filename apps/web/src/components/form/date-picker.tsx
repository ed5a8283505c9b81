import { isCalendarDate } from '@ceppro/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../../hooks/use-dismiss.ts';
import './date-picker.css';

interface DatePickerProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** yyyy-mm-dd bounds. */
  min: string;
  max: string;
  /** yyyy-mm-dd the calendar opens at while no date is chosen. */
  initialView: string;
  testId?: string;
  disabled?: boolean;
  /** Characters the text field takes (default 10, exactly yyyy-mm-dd). */
  maxLength?: number;
  invalid?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;

function viewOf(value: string, fallback: string): { year: number; month: number } {
  const source = isCalendarDate(value) ? value : fallback;
  return { year: Number(source.slice(0, 4)), month: Number(source.slice(5, 7)) - 1 };
}

/** A yyyy-mm-dd text field with a month calendar (year and month choosers, bounded by min/max). */
export function DatePicker({
  id,
  value,
  onChange,
  onBlur,
  min,
  max,
  initialView,
  testId,
  disabled,
  maxLength = 10,
  invalid,
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState(() => viewOf(value, initialView));
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const minYear = Number(min.slice(0, 4));
  const maxYear = Number(max.slice(0, 4));
  const years = Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i);
  const monthName = (m: number) => new Intl.DateTimeFormat(i18n.language, { month: 'short' }).format(new Date(2000, m, 1));
  const weekday = (d: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow' }).format(new Date(2023, 0, 1 + d));
  const firstDay = new Date(view.year, view.month, 1).getDay();
  const days = new Date(view.year, view.month + 1, 0).getDate();
  const cells = [...Array.from({ length: firstDay }, () => 0), ...Array.from({ length: days }, (_, i) => i + 1)];
  const step = (delta: number) => {
    const m = view.month + delta;
    const next = { year: view.year + Math.floor(m / 12), month: ((m % 12) + 12) % 12 };
    if (next.year >= minYear && next.year <= maxYear) setView(next);
  };

  return (
    <div className="date-picker" ref={ref}>
      <div className="input-row">
        <input
          id={id}
          className="input"
          placeholder="YYYY-MM-DD"
          maxLength={maxLength}
          value={value}
          disabled={disabled}
          aria-invalid={invalid}
          onBlur={onBlur}
          onChange={(e) => onChange(e.target.value.replace(/[^\d-]/g, ''))}
          data-testid={testId}
        />
        <button
          type="button"
          className="button button--secondary"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => {
            setView(viewOf(value, initialView));
            setOpen((o) => !o);
          }}
          data-testid={testId ? `${testId}-calendar` : undefined}
        >
          {t('form.calendar')}
        </button>
      </div>
      {open && (
        <div className="date-picker__popover" role="dialog" aria-label={t('form.calendar')}>
          <div className="date-picker__head">
            <button type="button" className="date-picker__nav" aria-label={t('form.previousMonth')} onClick={() => step(-1)}>
              ‹
            </button>
            <select
              className="select"
              aria-label={t('form.year')}
              value={view.year}
              onChange={(e) => setView({ ...view, year: Number(e.target.value) })}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label={t('form.month')}
              value={view.month}
              onChange={(e) => setView({ ...view, month: Number(e.target.value) })}
            >
              {Array.from({ length: 12 }, (_, m) => (
                <option key={m} value={m}>
                  {monthName(m)}
                </option>
              ))}
            </select>
            <button type="button" className="date-picker__nav" aria-label={t('form.nextMonth')} onClick={() => step(1)}>
              ›
            </button>
          </div>
          <div className="date-picker__grid">
            {Array.from({ length: 7 }, (_, d) => (
              <span key={`w${d}`} className="date-picker__weekday">
                {weekday(d)}
              </span>
            ))}
            {cells.map((day, i) => {
              if (day === 0) return <span key={`e${i}`} />;
              const date = iso(view.year, view.month, day);
              const outside = date < min || date > max;
              return (
                <button
                  key={date}
                  type="button"
                  className={`date-picker__day${date === value ? ' date-picker__day--selected' : ''}`}
                  disabled={outside}
                  onClick={() => {
                    onChange(date);
                    close();
                  }}
                >
                  {day}
                </button>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
