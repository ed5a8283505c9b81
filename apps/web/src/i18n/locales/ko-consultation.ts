import type { enConsultation } from './en-consultation.ts';

export const koConsultation: typeof enConsultation = {
  open: '상담',
  openTitle: '환자에게 계획 보여 주기: 치료 전후, 전체 화면, 환자의 언어로',
  label: '상담',
  close: '닫기',
  closeTitle: '뷰어로 돌아가기 (Esc)',
  language: '환자 언어',
  view: '사진 보기',
  sideBySide: '나란히',
  slider: '슬라이더',
  divider: '치료 전후 구분선',
  print: '인쇄',
  pdf: 'PDF 다운로드',
  pdfBusy: 'PDF 준비 중…',
  pdfFailed: 'PDF를 만들 수 없습니다.',
  fullscreen: '전체 화면',
  loading: '불러오는 중…',
  failed: '상담 화면을 불러올 수 없습니다.',
  photoFailed: '얼굴 사진을 불러올 수 없습니다.',
};
