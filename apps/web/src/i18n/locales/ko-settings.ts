import type { SettingsDictionary } from './en-settings.ts';

/** Korean texts of the Settings section (`/setting`). */
export const koSettings: SettingsDictionary = {
  loading: '설정을 불러오는 중…',
  loadFailed: '설정을 불러오지 못했습니다.',
  retry: '다시 시도',
  calibration: '보정',
  ppm: '기본 PPM',
  ppmHint: '자가 그려지지 않은 필름을 측정할 때 사용하는 밀리미터당 픽셀 수입니다. 비워 두면 해당 필름은 보정되지 않고 길이가 px로 표시됩니다. 필름에 그린 자가 항상 우선합니다.',
  ppmPlaceholder: '예: 10',
  ppmUnit: 'px/mm',
  display: '뷰어 표시',
  displayHint: '뷰어를 열 때 차트에 표시할 레이어입니다. 뷰어에서 언제든 바꿀 수 있습니다.',
  layers: {
    xray: 'X-ray',
    landmark: '랜드마크',
    tracing: '트레이싱 라인',
    plane: '기준 평면',
  },
  behaviour: {
    autoZoom: '뷰어를 열 때 자동으로 확대',
    autoMeasurement: '프로필로그램에서 자동 측정',
  },
  tissue: '조직 윤곽',
  hardTissue: '경조직',
  softTissue: '연조직',
  color: '색상',
  size: '크기',
  sizeHint: '색상과 선 크기(0~100).',
  notSet: '설정 안 됨',
  errors: {
    ppmFormat: '소수점 둘째 자리까지의 숫자를 입력하세요. 예: 10 또는 10.25',
    ppmRange: '0보다 크고 1000 이하인 숫자를 입력하세요.',
    sizeRange: '0에서 100 사이의 크기를 입력하세요.',
    color: '색상을 선택하세요.',
  },
  save: '저장',
  saving: '저장 중…',
  saveFailed: '설정을 저장하지 못했습니다. 다시 시도해 주세요.',
  savedTitle: '설정이 저장되었습니다',
  savedText: '이제 뷰어가 이 설정으로 열립니다.',
};
