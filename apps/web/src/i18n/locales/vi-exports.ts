import type { ExportsDictionary } from './en-exports.ts';

/** Tiếng Việt: xuất số đo (thẻ phân tích của trình xem, danh sách bệnh nhân). */
export const viExports: ExportsDictionary = {
  chart: {
    title: 'Xuất dữ liệu',
    allAnalyses: 'Tất cả các phân tích (không chỉ phân tích đang chọn)',
    csv: 'Số đo CSV',
    xlsx: 'Số đo Excel',
    landmarks: 'Điểm mốc JSON',
    working: 'Đang xuất…',
    note:
      'Các chỉnh sửa điểm mốc chưa lưu sẽ được lưu trước. Giá trị, chuẩn và độ lệch như trong bảng; ' +
      'điểm mốc gồm cả vị trí AI và vị trí đã chỉnh.',
    notSaved: 'Không lưu được các chỉnh sửa điểm mốc nên chưa xuất gì. Hãy thử lại.',
    notFound: 'Hồ sơ này không còn khả dụng.',
    failed: 'Xuất dữ liệu thất bại. Hãy thử lại.',
  },
  batch: {
    open: 'Xuất số đo',
    title: 'Xuất số đo cho nghiên cứu',
    intro: 'Mỗi hồ sơ và mỗi số đo một dòng, mọi phân tích, cho mọi hồ sơ có điểm mốc.',
    scopeAll: 'Tất cả bệnh nhân của tôi',
    scopePage: 'Bệnh nhân trên trang này ({{count}})',
    csv: 'Tải CSV',
    xlsx: 'Tải Excel',
    preparing: 'Đang chuẩn bị dữ liệu xuất…',
    progress: '{{done}} / {{total}} hồ sơ ({{percent}}%)',
    done: 'Đã xuất {{count}} hồ sơ.',
    doneUncounted: 'Đã tải tệp xuất.',
    empty: 'Không có hồ sơ nào có điểm mốc để xuất: tệp chỉ có tên cột.',
    busy: 'Tài khoản này đang có một lần xuất chạy. Hãy đợi nó hoàn tất.',
    failed: 'Xuất dữ liệu thất bại. Hãy thử lại.',
    layout:
      'Cột: bệnh nhân, hồ sơ, phân tích, số đo, giá trị, đơn vị, chuẩn, độ lệch (SD), diễn giải, nguồn ' +
      'hiệu chuẩn và điểm mốc, phiên bản mô hình.',
  },
};
