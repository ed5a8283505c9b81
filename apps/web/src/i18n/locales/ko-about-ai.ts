import type { AboutAiDictionary } from './en-about-ai.ts';

/** Korean texts of the "About the AI" page (`/about-ai`). */
export const koAboutAi: AboutAiDictionary = {
  title: 'AI 정보',
  intro: 'Ceppro가 사용하는 랜드마크 모델과 학습 데이터, 측정된 정확도입니다. 모든 수치는 모델과 함께 배포된 모델 카드에서 가져옵니다.',
  loading: '모델 카드를 불러오는 중…',
  unavailable: '사용 중인 모델의 모델 카드가 아직 없습니다.',
  loadFailed: '모델 카드를 불러오지 못했습니다.',
  retry: '다시 시도',
  disclaimerTitle: '의료진을 위한 참고 자료이며 진단이 아닙니다',
  model: {
    heading: '모델',
    id: '모델',
    version: '버전',
    trainedOn: '학습 데이터',
    generated: '카드 작성일',
    training: '학습',
  },
  summary: {
    heading: '측정된 정확도',
    hint:
      '평균 반경 오차(MRE)는 AI가 찍은 랜드마크와 기준 위치 사이의 평균 거리이고, SD는 그 분산입니다. SDR은 2, 2.5, 3, 4 mm 이내에 든 랜드마크의 ' +
      '비율입니다. “추정 픽셀 간격”으로 표시된 mm 값은 추정한 픽셀 크기를 기준으로 합니다.',
    dataset: '데이터셋 및 장비',
    films: '필름 수',
    mre: 'MRE',
    sd: 'SD',
    sdr: 'SDR {{mm}} mm',
    annotators: '두 판독자',
    review: '“검토 필요” 표시',
    reference: '비교 기준:',
    refused: '{{n}}장 거부',
    pctSn: 'S-N의 {{percent}}',
    estimated: '추정 픽셀 간격',
    measured: '측정된 픽셀 간격',
    interAnnotator: '판독자 간: {{mm}}',
    modelVsMean: 'AI 대 두 판독자 평균: {{mm}}',
    reviewThreshold: '신뢰도 {{percent}} 미만',
    reviewRecall: '2 mm 초과 오차의 {{percent}} 포착',
    reviewFlagged: '랜드마크의 {{percent}} 표시',
    reviewAuroc: 'AUROC {{value}}',
    reviewGross: '4 mm 초과 오차',
    grossRecall: '표시로 {{percent}} 포착',
    grossLeastConfident: '{{percent}}가 신뢰도가 가장 낮은 10% 랜드마크에 포함',
    adaptation: '병원 적응',
    adaptationWithout: '적응 전: {{mm}}, 2 mm 이내 {{percent}}',
    adaptationAfter: '수정한 필름 {{n}}장 후: {{mm}}, 2 mm 이내 {{percent}}',
    adaptationHint:
      '병원 적응: AI는 병원이 수정한 필름에서 그 병원이 랜드마크를 찍는 위치를 학습해 다음 필름에도 ' +
      '같은 방식으로 배치합니다. 각 데이터셋에서 시뮬레이션한 결과입니다. 처음 필름들을 기준 위치로 수정하고 ' +
      '그 뒤의 필름들에서 측정했으며, 필름 순서를 무작위로 {{draws}}번 바꾸어 평균했습니다.',
    none: '—',
  },
  perLandmark: {
    heading: '랜드마크별 오차',
    hint: '랜드마크마다의 MRE와 2 mm 이내 비율입니다. 평균 dx, dy는 기준 위치에 대한 AI의 평균 부호 오차입니다(x는 오른쪽, y는 아래쪽). 평균이 크면 흩어짐보다는 랜드마크 정의의 차이를 뜻합니다.',
    count: '랜드마크 {{n}}개',
    landmark: '랜드마크',
    mre: 'MRE',
    sdr2: '2 mm 이내',
    dx: '평균 dx (mm)',
    dy: '평균 dy (mm)',
  },
  landmarks: {
    heading: 'AI가 찍는 랜드마크 ({{n}}개)',
    hint: '모델의 출력 순서이며, 이름은 뷰어의 랜드마크 목록과 같습니다.',
  },
  /** The model card's own texts (keys and English in en-about-ai.ts). */
  card: {
    disclaimer: 'AI 랜드마크는 의료진을 위한 참고 자료이며 진단이 아닙니다.',
    training: 'ISBI 2015 학습용 필름 150장(장비 1종)에 다른 장비와 병원의 영상을 모방하는 데이터 증강을 더해 학습했습니다.',
    trainingEnvironment: '학습 환경: Python {{python}}, PyTorch {{torch}}.',
    trainedOn: 'ISBI 2015 학습용 필름 150장',
    sets: {
      'isbi2015-test1': {
        label: 'ISBI 2015 Test1 (필름 151-300번)',
        device: 'Soredex CRANEX(대만): 학습용 필름을 촬영한 장비',
        reference: '어노테이션 1건(ISBI 2015 챌린지)',
        note: '원본 0.1 mm/px, 저장본 0.2 mm/px',
      },
      hamedan: {
        label: '하마단 대학교 (필름 150장)',
        device: '다른 장비(기종 미기재), 이란 하마단',
        reference: '교정과 전문의 2인의 평균',
        note: '픽셀 간격 미상: 0.144 mm/px, 데이터셋 저자들이 자체 결과에 사용한 추정값',
      },
      'hamedan-machine-porion': {
        label: '하마단 대학교 (필름 150장), 설정: 포리온 = 기계적 포리온(이어로드)',
        device: '다른 장비(기종 미기재), 이란 하마단',
        reference: '교정과 전문의 2인의 평균(기계적 포리온으로 표시)',
        note: '픽셀 간격 미상: 0.144 mm/px. 병원이 설정에서 선택하는 정의를 먼저 모든 필름에 적용',
      },
    },
  },
};
