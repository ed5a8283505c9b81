import type { enConsultation } from './en-consultation.ts';

export const viConsultation: typeof enConsultation = {
  open: 'Tư vấn',
  openTitle: 'Cho bệnh nhân xem kế hoạch: trước và sau, toàn màn hình, bằng ngôn ngữ của bệnh nhân',
  label: 'Tư vấn',
  close: 'Đóng',
  closeTitle: 'Quay lại trình xem (Esc)',
  language: 'Ngôn ngữ của bệnh nhân',
  view: 'Cách xem ảnh',
  sideBySide: 'Cạnh nhau',
  slider: 'Thanh trượt',
  divider: 'Đường chia trước và sau',
  print: 'In',
  pdf: 'Tải PDF',
  pdfBusy: 'Đang chuẩn bị PDF…',
  pdfFailed: 'Không thể tạo PDF.',
  fullscreen: 'Toàn màn hình',
  loading: 'Đang tải…',
  failed: 'Không thể tải màn hình tư vấn.',
  photoFailed: 'Không thể tải ảnh khuôn mặt.',
};
