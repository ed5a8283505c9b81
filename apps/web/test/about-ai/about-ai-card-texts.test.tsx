import type { ModelCard, ModelCardEvaluation } from '@ceppro/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import fixture from '../../../server/test/fixtures/model-card.json';
import { renderApp } from '../render-app.tsx';
import { serveModelCard } from './serve-card.ts';

/** The fixture's figures with the texts model-card.ts writes, a set the app does not know, and a stale note. */
const base = fixture as ModelCard;
const [isbiBase, hamedanBase] = base.evaluations as [ModelCardEvaluation, ModelCardEvaluation];
const HAMEDAN_DEVICE = 'another device (not documented), Hamedan, Iran';
const PORION = {
  label: 'Hamedan University (150 films), Settings: porion = machine (ear rod)',
  reference: 'mean of two orthodontists (who mark machine porion)',
  note: 'spacing unknown: 0.144 mm/px; the definition a clinic chooses in Settings, applied to every film first',
};
const FUTURE = {
  label: 'Busan clinic (40 films)',
  device: 'Vatech PaX-i3D',
  reference: 'one orthodontist',
  note: 'measured from the ruler',
};
const set = (e: ModelCardEvaluation, dataset: string, t: { label: string; device: string; reference: string; note: string }) => ({
  ...e,
  dataset,
  label: t.label,
  device: t.device,
  reference: t.reference,
  spacing: { ...e.spacing, note: t.note },
});
const card: ModelCard = {
  ...base,
  model: {
    ...base.model,
    training:
      'The 150 ISBI 2015 training films (one device), with augmentations that imitate other machines and clinics. ' +
      'Trained with Python 3.11.2, PyTorch 1.13.0a0.',
  },
  disclaimer: 'AI landmarks are a reference for medical staff, not a diagnosis.',
  evaluations: [
    set(isbiBase, 'isbi2015-test1', {
      label: 'ISBI 2015 Test1 (films 151-300)',
      device: 'Soredex CRANEX (Taiwan): the device of the training films',
      reference: 'one annotation (ISBI 2015 challenge)',
      note: '0.1 mm/px originals, 0.2 mm/px as stored',
    }),
    // An older card's note (other figures): its translation would state the wrong spacing.
    set(hamedanBase, 'hamedan', {
      label: 'Hamedan University (150 films)',
      device: HAMEDAN_DEVICE,
      reference: 'mean of two orthodontists',
      note: 'spacing unknown: 0.122 mm/px estimated from the nasion-rod ruler',
    }),
    set(hamedanBase, 'hamedan-machine-porion', { ...PORION, device: HAMEDAN_DEVICE }),
    set(hamedanBase, 'future-set', FUTURE),
  ],
};

serveModelCard(card);

async function openPage(language: 'en' | 'ko' | 'ja') {
  const { i18n } = renderApp('/about-ai');
  await screen.findByTestId('about-ai-summary');
  await act(async () => {
    await i18n.changeLanguage(language);
  });
}

const row = (dataset: string) => within(screen.getByTestId(`about-ai-row-${dataset}`));
const note = (dataset: string) => within(screen.getByTestId(`about-ai-note-${dataset}`));
const perLandmark = (dataset: string) => within(screen.getByTestId(`about-ai-landmarks-${dataset}`));

/** Shown in the page's language: no English marking around it. */
function expectTranslated(element: HTMLElement) {
  expect(element.closest('[lang="en"]')).toBeNull();
}
/** The card's English, marked as English inside the translated page. */
function expectEnglish(element: HTMLElement) {
  expect(element.closest('[lang]')?.getAttribute('lang')).toBe('en');
}

describe('/about-ai: the card’s own texts', () => {
  it('reads in Korean: set texts, training and disclaimer translated, no longer marked English', async () => {
    await openPage('ko');
    const label = '하마단 대학교 (필름 150장), 설정: 포리온 = 기계적 포리온(이어로드)';
    const porion = row('hamedan-machine-porion');
    expectTranslated(porion.getByText(label));
    expectTranslated(porion.getByText('다른 장비(기종 미기재), 이란 하마단'));
    expectTranslated(porion.getByText('교정과 전문의 2인의 평균(기계적 포리온으로 표시)'));
    const translatedNote = '픽셀 간격 미상: 0.144 mm/px. 병원이 설정에서 선택하는 정의를 먼저 모든 필름에 적용';
    expectTranslated(note('hamedan-machine-porion').getByText(translatedNote));
    expectTranslated(note('hamedan-machine-porion').getByText(label));
    expect(porion.getByTestId('about-ai-estimate').getAttribute('title')).toBe(translatedNote);
    expectTranslated(perLandmark('hamedan-machine-porion').getByText(label));

    const isbi = row('isbi2015-test1');
    expectTranslated(isbi.getByText('ISBI 2015 Test1 (필름 151-300번)'));
    expectTranslated(isbi.getByText('Soredex CRANEX(대만): 학습용 필름을 촬영한 장비'));
    expectTranslated(isbi.getByText('어노테이션 1건(ISBI 2015 챌린지)'));
    expectTranslated(note('isbi2015-test1').getByText('원본 0.1 mm/px, 저장본 0.2 mm/px'));

    const training = screen.getByTestId('about-ai-training');
    expect(training.textContent).toBe(
      'ISBI 2015 학습용 필름 150장(장비 1종)에 다른 장비와 병원의 영상을 모방하는 데이터 증강을 더해 학습했습니다. ' +
        '학습 환경: Python 3.11.2, PyTorch 1.13.0a0.',
    );
    expectTranslated(training);
    const disclaimer = screen.getByTestId('about-ai-disclaimer-text');
    expect(disclaimer.textContent).toBe('AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.');
    expectTranslated(disclaimer);
  });

  it('reads in Japanese', async () => {
    await openPage('ja');
    const porion = row('hamedan-machine-porion');
    expectTranslated(porion.getByText('ハマダーン大学（フィルム 150 枚）、設定：ポリオン = 機械的ポリオン（イヤーロッド）'));
    expectTranslated(porion.getByText('別の装置（機種の記載なし）、イラン・ハマダーン'));
    expectTranslated(porion.getByText('矯正歯科医 2 名の平均（機械的ポリオンで付点）'));
    expectTranslated(
      note('hamedan-machine-porion').getByText('ピクセル間隔は不明：0.144 mm/px。医院が設定で選ぶ定義を、先にすべてのフィルムに適用'),
    );
    expect(screen.getByTestId('about-ai-training').textContent).toBe(
      'ISBI 2015 の学習用フィルム 150 枚（装置 1 機種）に、他の装置や医院の画像を模したデータ拡張を加えて学習しました。' +
        ' 学習環境：Python 3.11.2、PyTorch 1.13.0a0。',
    );
    expectTranslated(screen.getByTestId('about-ai-training'));
    expect(screen.getByTestId('about-ai-disclaimer-text').textContent).toBe(
      'AIランドマークは医療スタッフのための参考情報であり、診断ではありません。',
    );
    expectTranslated(screen.getByTestId('about-ai-disclaimer-text'));
  });

  it('keeps the card’s English, marked, for a set it does not know and for a text that changed', async () => {
    await openPage('ko');
    const future = row('future-set');
    for (const text of [FUTURE.label, FUTURE.device, FUTURE.reference]) expectEnglish(future.getByText(text));
    expectEnglish(note('future-set').getByText(FUTURE.label));
    expectEnglish(note('future-set').getByText(FUTURE.note));
    expectEnglish(perLandmark('future-set').getByText(FUTURE.label));
    expect(future.getByTestId('about-ai-estimate').getAttribute('title')).toBe(FUTURE.note);

    // Hamedan: the label is still the one the app translated; the note is not.
    expectTranslated(row('hamedan').getByText('하마단 대학교 (필름 150장)'));
    expectEnglish(note('hamedan').getByText('spacing unknown: 0.122 mm/px estimated from the nasion-rod ruler'));
  });

  it('reads in English as the card gives it', async () => {
    await openPage('en');
    expect(row('hamedan-machine-porion').getByText(PORION.label)).toBeTruthy();
    expect(row('hamedan-machine-porion').getByText(PORION.reference)).toBeTruthy();
    expect(note('hamedan-machine-porion').getByText(PORION.note)).toBeTruthy();
    expect(screen.getByTestId('about-ai-training').textContent).toBe(card.model.training);
    expect(screen.getByTestId('about-ai-disclaimer-text').textContent).toBe(card.disclaimer);
  });
});
