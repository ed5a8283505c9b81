import type { PacsDictionary } from './en-pacs.ts';

/** Tiếng Việt: nhập từ PACS (features/patients/pacs). */
export const viPacs: PacsDictionary = {
  open: 'Tìm trong PACS',
  title: 'Tìm trong PACS',
  hint:
    'Tìm theo tên bệnh nhân (chỉ cần một phần, ví dụ "hong gil"), mã bệnh nhân, ngày chụp hoặc modality, ' +
    'rồi mở một ca chụp và nhập phim sọ nghiêng.',
  searching: 'Đang tìm…',
  noResults: 'Không có ca chụp nào khớp với tìm kiếm này.',
  truncated: 'Chỉ hiển thị {{count}} ca chụp đầu tiên: hãy thu hẹp tìm kiếm.',
  showImages: 'Xem ảnh',
  hideImages: 'Ẩn ảnh',
  form: {
    server: 'PACS',
    name: 'Tên bệnh nhân',
    patientId: 'Mã bệnh nhân',
    from: 'Ngày chụp từ',
    to: 'Ngày chụp đến',
    modality: 'Modality',
    anyModality: 'Tất cả',
    search: 'Tìm',
    badDate: 'Nhập ngày theo dạng YYYY-MM-DD.',
    dateOrder: 'Ngày kết thúc trước ngày bắt đầu.',
  },
  columns: {
    patient: 'Bệnh nhân',
    id: 'Mã bệnh nhân',
    date: 'Ngày chụp',
    description: 'Mô tả',
    modality: 'Modality',
    images: 'Số ảnh',
    open: 'Series',
  },
  series: {
    loading: 'Đang tải các series…',
    none: 'Ca chụp này không có series nào.',
    title: 'Series {{number}} ({{modality}})',
    titleUnnumbered: 'Series ({{modality}})',
    thumbnailOf: 'Xem trước {{description}}',
    noPreview: 'Không có ảnh xem trước',
    import: 'Nhập',
    importNumbered: 'Nhập ảnh {{number}}',
    importing: 'Đang nhập…',
    notImage: 'Không phải ảnh (báo cáo hoặc tài liệu): không thể nhập',
  },
  errors: {
    PACS_UNAVAILABLE: 'Hiện không kết nối được với PACS. Hãy kiểm tra PACS đang chạy và đã kết nối, rồi thử lại.',
    PACS_TIMEOUT: 'PACS trả lời quá chậm. Hãy thử lại sau giây lát hoặc thu hẹp tìm kiếm.',
    PACS_AUTH: 'PACS đã từ chối tên đăng nhập hoặc mật khẩu được cấu hình. Hãy nhờ quản trị viên kiểm tra cài đặt PACS.',
    PACS_BAD_ANSWER: 'PACS đã gửi một phản hồi mà Ceppro không đọc được.',
    PACS_NOT_FOUND: 'PACS không còn ca chụp hoặc ảnh này.',
    IMAGE_TOO_LARGE: 'Ảnh này lớn hơn 30 MB nên không thể nhập.',
    RATE_LIMITED: 'Có quá nhiều yêu cầu PACS cùng lúc. Hãy thử lại sau giây lát.',
    generic: 'Yêu cầu tới PACS không thành công. Hãy thử lại.',
  },
};
