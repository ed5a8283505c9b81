import type { ExportsDictionary } from './en-exports.ts';

/** 한국어: 계측값 내보내기(뷰어 분석 탭, 환자 목록). */
export const koExports: ExportsDictionary = {
  chart: {
    title: '내보내기',
    allAnalyses: '모든 분석 (선택한 분석만이 아니라)',
    csv: '계측값 CSV',
    xlsx: '계측값 Excel',
    landmarks: '랜드마크 JSON',
    working: '내보내는 중…',
    note: '저장되지 않은 랜드마크 수정을 먼저 저장합니다. 값·정상치·편차는 표와 같으며, 랜드마크는 AI 위치와 수정 위치를 함께 담습니다.',
    notSaved: '랜드마크 수정을 저장하지 못해 내보내지 않았습니다. 다시 시도하세요.',
    notFound: '이 차트를 더 이상 사용할 수 없습니다.',
    failed: '내보내기에 실패했습니다. 다시 시도하세요.',
  },
  batch: {
    open: '계측값 내보내기',
    title: '연구용 계측값 내보내기',
    intro: '랜드마크가 있는 모든 차트에 대해 차트·계측 항목마다 한 행, 모든 분석을 담습니다.',
    scopeAll: '내 모든 환자',
    scopePage: '이 페이지의 환자 ({{count}}명)',
    csv: 'CSV 다운로드',
    xlsx: 'Excel 다운로드',
    preparing: '내보내기를 준비하는 중…',
    progress: '차트 {{total}}개 중 {{done}}개 ({{percent}}%)',
    done: '차트 {{count}}개를 내보냈습니다.',
    doneUncounted: '내보내기 파일을 받았습니다.',
    empty: '내보낼 랜드마크가 있는 차트가 없습니다. 파일에는 열 이름만 있습니다.',
    busy: '이 계정에서 이미 내보내기가 진행 중입니다. 끝날 때까지 기다려 주세요.',
    failed: '내보내기에 실패했습니다. 다시 시도하세요.',
    layout: '열: 환자, 차트, 분석, 계측 항목, 값, 단위, 정상치, 편차(SD), 해석, 보정·랜드마크 출처, 모델 버전.',
  },
};
