import type { ModelCard } from '@ceppro/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fixture from '../../../server/test/fixtures/model-card.json';
import { renderApp } from '../render-app.tsx';
import { serveModelCard } from './serve-card.ts';

/** The fixture card with what eval:landmarks --adapt and the gross review figures add to the Hamedan set. */
const base = fixture as ModelCard;
const card: ModelCard = {
  ...base,
  evaluations: base.evaluations.map((e) =>
    e.dataset === 'hamedan'
      ? {
          ...e,
          review: e.review && { ...e.review, gross: { recall: 0.6125, recall_least_confident_10pct: 0.4375, auroc: 0.8 } },
          adaptation: [
            { films: 10, draws: 20, mre_mm: 1.524, sdr2: 70.25, raw_mre_mm: 2.108, raw_sdr2: 62.8 },
            { films: 20, draws: 20, mre_mm: 1.481, sdr2: 71.5, raw_mre_mm: 2.11, raw_sdr2: 62.75 },
          ],
        }
      : e,
  ),
};

serveModelCard(card);

describe('/about-ai: clinic adaptation and gross errors', () => {
  it('shows both where the card has them, and nothing where it has not', async () => {
    const { i18n } = renderApp('/about-ai');
    await screen.findByTestId('about-ai-summary');
    const hamedan = within(screen.getByTestId('about-ai-row-hamedan'));
    expect(hamedan.getByTestId('about-ai-review-gross').textContent).toBe(
      'Errors over 4 mm' + 'The flag catches 61.3%' + '43.8% are among the 10% least confident landmarks',
    );
    const adaptation = hamedan.getByTestId('about-ai-adaptation');
    expect([...adaptation.querySelectorAll('span > span')].map((s) => s.textContent)).toEqual([
      'Without: 2.11 mm, 62.8% within 2 mm',
      'After 10 corrected films: 1.52 mm, 70.3% within 2 mm',
      'After 20 corrected films: 1.48 mm, 71.5% within 2 mm',
    ]);
    expect(screen.getByTestId('about-ai-adaptation-hint').textContent).toContain('averaged over 20 random orders of the films');

    // The ISBI set of the card has neither (an older card's sets read as before).
    const isbi = within(screen.getByTestId('about-ai-row-isbi2015-test1'));
    expect(isbi.queryByTestId('about-ai-review-gross')).toBeNull();
    expect(isbi.queryByTestId('about-ai-adaptation')).toBeNull();

    await act(async () => {
      await i18n.changeLanguage('ja');
    });
    expect(within(screen.getByTestId('about-ai-row-hamedan')).getByText('修正フィルム 10 枚の後：1.52 mm、2 mm 以内 70.3%')).toBeTruthy();
  });
});
