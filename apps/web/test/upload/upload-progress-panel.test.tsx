import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadProgressPanel, type UploadProgress } from '../../src/features/patients/upload/index.ts';
import { overallPercent } from '../../src/features/patients/upload/progress.ts';
import { createI18n } from '../../src/i18n/index.ts';

afterEach(cleanup);

const base: UploadProgress = { step: 'upload', percent: 40, uploadPercent: 53, thumbnailsSaved: 0, thumbnailsExpected: 2 };

function show(progress: UploadProgress | null) {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <UploadProgressPanel progress={progress} />
    </I18nextProvider>,
  );
}

describe('UploadProgressPanel', () => {
  it('shows nothing without progress', () => {
    const { container } = show(null);
    expect(container.innerHTML).toBe('');
  });

  it.each([
    [{ ...base }, 'Uploading images… 53%'],
    [{ ...base, step: 'thumbnail' as const, percent: 77, thumbnailsSaved: 1 }, 'Saving thumbnails 1/2'],
    [{ ...base, step: 'detect' as const, percent: 85 }, 'AI landmark detection…'],
  ])('shows the step text and the overall bar (%#)', (progress, text) => {
    show(progress);
    const panel = screen.getByTestId('upload-progress');
    expect(panel.textContent).toContain(text);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(progress.percent));
  });
});

describe('overallPercent', () => {
  it.each([
    ['prepare', 0, 0],
    ['upload', 0, 5],
    ['upload', 0.5, 38],
    ['upload', 1, 70],
    ['thumbnail', 0.5, 78],
    ['detect', 0, 85],
    ['done', 0, 100],
    ['upload', 7, 70],
  ] as const)('%s at %f is %i%%', (step, fraction, expected) => {
    expect(overallPercent(step, fraction)).toBe(expected);
  });
});
