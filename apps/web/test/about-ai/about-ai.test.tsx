import { MODEL_CARD_ENDPOINT, type ModelCard } from '@ceppro/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The card the server tests serve: the page must show its figures exactly as the file gives them.
import fixture from '../../../server/test/fixtures/model-card.json';
import { RootLayout } from '../../src/app/root-layout.tsx';
import { AboutAiLink } from '../../src/features/about-ai/components/about-ai-link.tsx';
import { ViewerTopBar } from '../../src/features/viewer/components/viewer-top-bar.tsx';
import { AboutAiScreen } from '../../src/routes/about-ai-screen.tsx';
import { paths } from '../../src/routes/paths.ts';
import { usePopupStore } from '../../src/stores/popup-store.ts';
import { clearCookies, signIn } from '../patients/fake-server.ts';
import { renderApp } from '../render-app.tsx';

const card = fixture as ModelCard;

type Answer = { status: number; body: unknown };
let answer: Answer;
let calls: Array<{ path: string; authorization: string | null }>;

/** The server as the page sees it: the card endpoint in its envelope, 404 for anything else. */
function stubServer() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, authorization: new Headers(init?.headers).get('authorization') });
    const reply =
      path === MODEL_CARD_ENDPOINT.path ? answer : { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found.' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  window.fetch = fetch;
}

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
  signIn();
  calls = [];
  answer = { status: 200, body: { success: true, data: card } };
  stubServer();
});
afterEach(() => {
  cleanup();
  usePopupStore.getState().close();
  vi.unstubAllGlobals();
});

async function openPage() {
  const view = renderApp('/about-ai');
  await screen.findByTestId('about-ai-summary');
  return view;
}

const row = (dataset: string) => screen.getByTestId(`about-ai-row-${dataset}`);

describe('/about-ai', () => {
  it('shows the model, the disclaimer and the figures of the card as given', async () => {
    await openPage();
    expect(calls.find((c) => c.path === MODEL_CARD_ENDPOINT.path)?.authorization).toBe('Bearer t1');
    expect(screen.getByRole('heading', { level: 1, name: 'About the AI' })).toBeTruthy();
    expect(screen.getByTestId('about-ai-model-id').textContent).toBe('ceph-landmarks-v2');
    expect(screen.getByTestId('about-ai-model-version').textContent).toBe('2.0.0');
    expect(screen.getByText(card.model.training)).toBeTruthy();
    expect(screen.getByTestId('about-ai-disclaimer').textContent).toContain(card.disclaimer);

    // Hamedan: mm at an estimated spacing, so marked; px and % of S-N beside it; two annotators.
    const hamedan = within(row('hamedan'));
    expect(screen.getByTestId('about-ai-mre-hamedan').textContent).toBe('1.61 mm');
    expect(hamedan.getByTestId('about-ai-estimate').textContent).toBe('estimated spacing');
    expect(hamedan.getByText('13.2 px')).toBeTruthy();
    expect(hamedan.getByText('2.3% of S-N')).toBeTruthy();
    expect(hamedan.getByText('1.40 mm')).toBeTruthy();
    expect(hamedan.getByText('2 refused')).toBeTruthy();
    expect(hamedan.getByText('Between them: 1.32 mm')).toBeTruthy();
    expect(hamedan.getByText('AI vs their mean: 1.61 mm')).toBeTruthy();
    expect(hamedan.getByText('Catches 57.1% of errors over 2 mm')).toBeTruthy();
    expect(hamedan.getByText('Flags 13.7% of landmarks')).toBeTruthy();

    // ISBI: measured spacing, no marker, no annotator pair; SDR 2 / 2.5 / 3 / 4 mm in order.
    const isbi = within(row('isbi2015-test1'));
    expect(screen.getByTestId('about-ai-mre-isbi2015-test1').textContent).toBe('1.15 mm');
    expect(isbi.queryByTestId('about-ai-estimate')).toBeNull();
    const cells = [...row('isbi2015-test1').querySelectorAll('tr:first-child td')].map((td) => td.textContent);
    expect(cells.slice(3, 7)).toEqual(['85.4%', '90.4%', '94.2%', '97.9%']);
    expect(isbi.queryByTestId('about-ai-annotators')).toBeNull();
    expect(isbi.getByTestId('about-ai-review').textContent).toContain('Catches 62.0% of errors over 2 mm');
    const headers = [...screen.getByTestId('about-ai-summary').querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers.slice(4, 8)).toEqual(['SDR 2 mm', 'SDR 2.5 mm', 'SDR 3 mm', 'SDR 4 mm']);
  });

  it('lists the error of every landmark per set, with signed mean offsets', async () => {
    await openPage();
    const table = within(screen.getByTestId('about-ai-landmarks-hamedan'));
    expect(table.getAllByRole('row')).toHaveLength(1 + 19);
    const gonion = table.getByRole('row', { name: /Gonion/ });
    expect([...gonion.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2.86 mm', '38.0%', '−0.88', '+1.97']);
    const sella = within(screen.getByTestId('about-ai-landmarks-isbi2015-test1')).getByRole('row', { name: /Sella/ });
    expect(sella.querySelector('td')?.textContent).toBe('0.73 mm');

    const placed = within(screen.getByTestId('about-ai-landmarks')).getAllByRole('listitem');
    expect(placed).toHaveLength(card.model.landmarks.length);
    // The viewer's name for it (clinical vocabulary), not the card's "Soft tissue pogonion".
    expect(placed[15]?.textContent).toBe("16.Pog'Soft-tissue pogonion");
    expect(screen.getByRole('heading', { name: `Landmarks the AI places (${card.model.landmarks.length})` })).toBeTruthy();
  });

  it('says the card is unavailable (no 404 alert) and loads it on retry', async () => {
    answer = { status: 404, body: { success: false, code: 'MODEL_CARD_UNAVAILABLE', message: 'The model card is not available.' } };
    renderApp('/about-ai');
    const error = await screen.findByTestId('about-ai-error');
    expect(error.textContent).toContain('The model card of the model in use is not available yet.');
    expect(usePopupStore.getState().display).toBe(false);

    answer = { status: 200, body: { success: true, data: card } };
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('about-ai-summary');
  });

  it('refuses an answer outside the contract instead of showing half a card', async () => {
    answer = { status: 200, body: { success: true, data: { ...card, evaluations: [{ dataset: 'x' }] } } };
    renderApp('/about-ai');
    expect((await screen.findByTestId('about-ai-error')).textContent).toContain('The model card could not be loaded.');
    expect(screen.queryByTestId('about-ai-summary')).toBeNull();
  });

  it('reads in Korean', async () => {
    const { i18n } = await openPage();
    await act(async () => {
      await i18n.changeLanguage('ko');
    });
    expect(screen.getByRole('heading', { level: 1, name: 'AI 정보' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '측정된 정확도' })).toBeTruthy();
    expect(within(row('hamedan')).getByTestId('about-ai-estimate').textContent).toBe('추정 픽셀 간격');
    expect(within(row('hamedan')).getByText('판독자 간: 1.32 mm')).toBeTruthy();
    expect(screen.getByTestId('about-ai-disclaimer').textContent).toContain('의료진을 위한 참고 자료이며 진단이 아닙니다');
  });

  it('is reached from the viewer top bar, and its Back returns to the viewer', async () => {
    const viewer = '/viewer/00000000-0000-4000-8000-000000000001';
    const { router } = renderApp(viewer, [
      {
        element: <RootLayout />,
        children: [
          { path: paths.viewer.pattern, element: <ViewerTopBar chart={null} shootDate={null} ready={false} actions={<AboutAiLink />} /> },
          { path: paths.aboutAi.pattern, element: <AboutAiScreen /> },
        ],
      },
    ]);
    const link = await screen.findByRole('link', { name: 'About the AI' });
    fireEvent.click(link);
    await screen.findByTestId('about-ai-summary');
    expect(router.state.location.pathname).toBe('/about-ai');
    fireEvent.click(screen.getByTestId('about-ai-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe(viewer));
  });
});
