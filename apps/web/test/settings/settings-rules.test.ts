import { SETTINGS_DEFAULTS } from '@ceppro/contract';
import { describe, expect, it } from 'vitest';
import {
  colorInputValue,
  formValuesOf,
  settingsFormSchema,
  settingsInputOf,
  type SettingsFormValues,
} from '../../src/features/settings/lib/settings-form.ts';

const base: SettingsFormValues = formValuesOf(SETTINGS_DEFAULTS);
const parsePpm = (ppm: string) => settingsFormSchema.safeParse({ ...base, ppm });

describe('Default PPM rule', () => {
  it.each([
    ['10', 10],
    ['10.5', 10.5],
    ['9.87', 9.87],
    [' 12 ', 12],
    ['1000', 1000],
    ['', null],
  ])('accepts %j as %j', (text, value) => {
    const result = parsePpm(text);
    expect(result.success && result.data.ppm).toBe(value);
  });

  it.each([
    ['0', 'ppmRange'],
    ['0.00', 'ppmRange'],
    ['1000.01', 'ppmRange'],
    ['-5', 'ppmFormat'],
    ['abc', 'ppmFormat'],
    ['10.123', 'ppmFormat'],
    ['1e3', 'ppmFormat'],
    ['10,5', 'ppmFormat'],
  ])('refuses %j (%s)', (text, message) => {
    const result = parsePpm(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('tissue fields', () => {
  it.each([
    ['#abc', '#aabbcc'],
    ['#AABBCC', '#aabbcc'],
    ['#aabbccdd', '#aabbcc'],
    [null, ''],
    ['red', ''],
  ])('shows stored colour %j as %j', (stored, shown) => {
    expect(colorInputValue(stored)).toBe(shown);
  });

  it('refuses a size over 100 and keeps an empty size as none', () => {
    expect(settingsFormSchema.safeParse({ ...base, hardSize: '101' }).success).toBe(false);
    const ok = settingsFormSchema.safeParse({ ...base, hardSize: '2.5', softSize: '' });
    expect(ok.success && [ok.data.hardSize, ok.data.softSize]).toEqual([2.5, null]);
  });
});

describe('settingsInputOf', () => {
  it('sends only the changed fields, under their user-config names', () => {
    const values = settingsFormSchema.parse({ ...base, ppm: '', landmark: false, hardColor: '#FF0000' });
    expect(settingsInputOf(values, { ppm: true, landmark: true, hardColor: true })).toEqual({
      default_ppm: null,
      landmark_NY: false,
      hard_tissue_color: '#ff0000',
    });
  });
});
