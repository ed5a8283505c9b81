import { REPORT_SHARED_LABELS } from '@ceppro/contract';
import type { ReportDictionary } from './en-report.ts';

/** 한국어: 뷰어의 리포트 탭, 인쇄 리포트, 뷰어 잠금 버튼. */
export const koReport: ReportDictionary = {
  ...REPORT_SHARED_LABELS.ko,
  tab: '리포트',
  intro: '이 영상의 리포트를 인쇄하거나 PDF로 내려받습니다: 환자 정보, 랜드마크와 트레이싱이 표시된 영상, 분석표.',
  print: '인쇄',
  preparing: '인쇄를 준비하는 중…',
  downloadPdf: 'PDF 다운로드',
  downloading: 'PDF를 만드는 중…',
  downloadFailed: 'PDF를 만들지 못했습니다. 다시 시도해 주세요.',
  saving: '수정 내용을 저장하는 중…',
  printFailed: '인쇄할 리포트를 준비하지 못했습니다. 다시 시도해 주세요.',
  saveFailed: '수정 내용을 저장하지 못해 이전 데이터로 리포트를 만들지 않았습니다. 연결을 확인하고 다시 시도해 주세요.',
  noImage: '이 차트에는 리포트할 세팔로 영상이 없습니다.',
  noAnalysis: '이 차트에는 아직 리포트할 랜드마크가 없습니다.',
  unsavedNote: '리포트는 인쇄와 PDF 모두 서버에 저장된 기록으로 만들어집니다. 저장되지 않은 수정은 먼저 저장됩니다.',
  filmFailed: '인쇄용 영상을 그리지 못했습니다.',
  filmAlt: '{{name}} 님의 랜드마크와 트레이싱이 표시된 세팔로 영상',
  footer: 'Ceppro · {{date}}',
  lock: '잠금',
  lockTitle: '화면 잠금 (계정 비밀번호로 해제)',
};
