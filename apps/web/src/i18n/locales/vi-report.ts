import { REPORT_SHARED_LABELS } from '@ceppro/contract';
import type { ReportDictionary } from './en-report.ts';

/** Tiếng Việt: thẻ Báo cáo của trình xem, báo cáo in và nút Khóa của trình xem. */
export const viReport: ReportDictionary = {
  ...REPORT_SHARED_LABELS.vi,
  tab: 'Báo cáo',
  intro: 'In báo cáo của phim này hoặc tải xuống dạng PDF: thông tin bệnh nhân, phim có điểm mốc và đường vẽ, và bảng phân tích.',
  print: 'In',
  preparing: 'Đang chuẩn bị bản in…',
  downloadPdf: 'Tải PDF',
  downloading: 'Đang tạo PDF…',
  downloadFailed: 'Không thể tạo PDF. Vui lòng thử lại.',
  saving: 'Đang lưu các chỉnh sửa…',
  printFailed: 'Không thể chuẩn bị báo cáo để in. Vui lòng thử lại.',
  saveFailed: 'Không thể lưu các chỉnh sửa nên báo cáo không được tạo từ dữ liệu cũ. Hãy kiểm tra kết nối và thử lại.',
  noImage: 'Hồ sơ này không có phim sọ nghiêng để báo cáo.',
  noAnalysis: 'Hồ sơ này chưa có điểm mốc để báo cáo.',
  unsavedNote: 'Báo cáo (bản in và PDF) được tạo trên máy chủ từ hồ sơ đã lưu; các chỉnh sửa chưa lưu sẽ được lưu trước.',
  filmFailed: 'Không thể vẽ phim để in.',
  filmAlt: 'Phim sọ nghiêng của {{name}} có điểm mốc và đường vẽ',
  footer: 'Ceppro · {{date}}',
  lock: 'Khóa',
  lockTitle: 'Khóa màn hình (mở bằng mật khẩu tài khoản)',
};
