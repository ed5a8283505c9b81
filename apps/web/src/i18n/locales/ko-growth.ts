import type { Dictionary } from './en.ts';

/** Korean texts of the viewer's Growth tab. */
export const koGrowth: Dictionary['growth'] = {
  tab: '성장',
  title: '성장 예측',
  noRecord: '이 차트에는 아직 계측점이 없습니다.',
  loading: '성장 예측을 불러오는 중…',
  years: '예측 기간(년)',
  show: '필름 위에 표시',
  age: '촬영일 기준 나이',
  ageValue: '{{age}}세',
  sex: '성별',
  male: '남아',
  female: '여아',
  unknown: '알 수 없음',
  target: '예측 시점',
  meanNote: '평균 예측입니다. 이 아이가 아니라 같은 나이·성별의 평균적인 아이의 성장을 보여 줍니다. 필름 위에 점선으로 표시됩니다.',
  point: '계측점',
  dimension: '기준 거리',
  move: '이동 (mm)',
  sd: '표준편차 (mm)',
  sdNote:
    '표준편차: 표준 자료에서 예측 나이 아이들 사이에 그 거리가 얼마나 다른지 (1 SD, 필름 위의 원). ' +
    '한 아이의 연간 성장량이 얼마나 다른지는 그 자료에 발표되어 있지 않으므로 예측 구간이 아닙니다.',
  notForecast: '예측하지 않음 (발표된 증가량 없음): 연조직, Ar, Co, Po, Or, Pt, Ptm.',
  method: '방법과 출처',
  methodName:
    '미시간 성장 표준(6–16세, 성별)의 평균 연간 증가량을 오늘의 트레이싱에 더합니다. 두개저는 S에서 S–N으로 중첩합니다 ' +
    '(Johnston의 예측 격자와 같은 방식). 각 거리는 자신의 직선을 따라 자랍니다.',
  population: '기준 표본: 미국 앤아버 University School Growth Study의 아동.',
  refused: {
    invalidYears: '1년에서 6년 사이를 선택하세요.',
    ageUnknown: '예측이 적용되지 않습니다: 환자의 나이를 알 수 없습니다. 환자 정보에 생년월일을 입력하세요.',
    adult: '예측이 적용되지 않습니다: {{age}}세로 성장이 끝났습니다 (18세 이상).',
    under6: '예측이 적용되지 않습니다: 성장 표준은 6세부터 시작합니다.',
    beyondStandards: '성장 표준은 16세까지입니다: {{age}}세에서는 최대 {{max}}년까지 예측할 수 있습니다.',
    sexRequired: '예측이 적용되지 않습니다: 표준은 성별로 나뉘어 있으나 환자의 성별을 알 수 없습니다.',
    uncalibrated: '필름이 보정되지 않았고 성장 증가량은 mm 단위입니다: 먼저 필름을 보정하세요 (분석 탭).',
    missingPoints: '계산할 수 없음: {{ids}} 없음.',
  },
};
