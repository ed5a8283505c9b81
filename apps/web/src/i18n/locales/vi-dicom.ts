import type { DicomDictionary } from './en-dicom.ts';

/** Tiếng Việt: phim DICOM (vùng thả tệp, gợi ý thông tin bệnh nhân, thông báo từ chối, nhãn hiệu chuẩn). */
export const viDicom: DicomDictionary = {
  drop: {
    types: 'JPG, PNG hoặc DICOM',
    tag: 'Tệp DICOM',
    size: '{{columns}} × {{rows}} px',
    spacing: 'Khoảng cách điểm ảnh {{row}} × {{column}} mm',
    imagerSpacing: 'Khoảng cách điểm ảnh đầu thu {{row}} × {{column}} mm',
    noSpacing: 'Tệp không có khoảng cách điểm ảnh',
    noPreview: 'Không xem trước được kiểu mã hóa này: phim sẽ hiển thị sau khi tải lên.',
    reading: 'Đang đọc phim…',
  },
  errors: {
    title: 'Không thể dùng tệp DICOM này',
    DICOM_UNREADABLE: 'Không đọc được tệp DICOM này. Tệp có thể bị hỏng hoặc dùng định dạng điểm ảnh không được hỗ trợ.',
    DICOM_UNSUPPORTED_SYNTAX:
      'Tệp DICOM này dùng cú pháp truyền {{syntax}}, không được hỗ trợ. Hãy xuất tệp không nén hoặc dạng JPEG (baseline hoặc lossless).',
    DICOM_NO_PIXEL_DATA: 'Tệp DICOM này không chứa hình ảnh.',
    DICOM_MULTI_FRAME: 'Tệp DICOM này có nhiều khung hình. Hãy xuất phim sọ nghiêng thành một ảnh duy nhất.',
    DICOM_NOT_IMAGE: 'Tệp DICOM này không phải là phim X-quang (có thể là báo cáo hoặc loại đối tượng khác).',
  },
  prefill: {
    title: 'Thông tin đọc được từ tệp DICOM',
    intro: 'Điền các ô còn trống bằng thông tin này? Những gì bạn đã nhập sẽ được giữ nguyên.',
    name: 'Họ tên',
    birth: 'Ngày sinh',
    gender: 'Giới tính',
    studyDate: 'Ngày chụp',
    male: 'Nam',
    female: 'Nữ',
    kept: 'giữ giá trị bạn đã nhập {{value}}',
    use: 'Điền vào',
    dismiss: 'Bỏ qua',
  },
  calibration: {
    badge: 'DICOM · {{ppm}} px/mm',
    pixelSpacing: 'Pixel Spacing {{row}} × {{column}} mm',
    imagerSpacing: 'Imager Pixel Spacing {{row}} × {{column}} mm (quy về mặt phẳng bệnh nhân)',
    magnification: 'đã chia cho hệ số phóng đại {{factor}}',
    report: 'Khoảng cách điểm ảnh DICOM, {{ppm}} px/mm',
  },
};
