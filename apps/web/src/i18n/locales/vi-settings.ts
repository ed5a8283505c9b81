import type { SettingsDictionary } from './en-settings.ts';

/** Vietnamese texts of the Settings section (`/setting`). */
export const viSettings: SettingsDictionary = {
  loading: 'Đang tải cài đặt…',
  loadFailed: 'Không thể tải cài đặt của bạn.',
  retry: 'Thử lại',
  calibration: 'Hiệu chuẩn',
  ppm: 'PPM mặc định',
  ppmHint:
    'Số pixel trên mỗi milimét dùng để đo các phim không có thước vẽ trên đó. Để trống thì các phim ' +
    'đó không được hiệu chuẩn và độ dài hiển thị bằng px. Thước vẽ trên phim luôn được ưu tiên.',
  ppmPlaceholder: 'vd: 10',
  ppmUnit: 'px/mm',
  display: 'Hiển thị trình xem',
  displayHint: 'Cách phim được mở trong trình xem. Bạn vẫn có thể bật tắt trong trình xem.',
  behaviour: {
    xray: 'Hiển thị X-quang khi mở phim',
    autoZoom: 'Tự động phóng to điểm mốc khi bạn chọn nó trong danh sách điểm mốc',
    autoMeasurement: 'Tự động đo trên profilogram',
  },
  planes: {
    title: 'Mặt phẳng tham chiếu',
    show: 'Hiển thị mặt phẳng tham chiếu khi mở phim',
    hint: 'Các mặt phẳng được vẽ khi bật Mặt phẳng tham chiếu trong trình xem.',
    sn: 'SN (sella–nasion)',
    fh: 'FH (mặt phẳng Frankfort)',
    palatal: 'PP (mặt phẳng khẩu cái)',
    occlusal: 'OP (mặt phẳng cắn)',
    mandibular: 'MP (mặt phẳng hàm dưới)',
    facial: 'N-Pog (mặt phẳng mặt)',
    eLine: 'Đường E (đường thẩm mỹ)',
  },
  landmarks: {
    title: 'Điểm mốc',
    show: 'Hiển thị điểm mốc khi mở phim',
    hint: 'Bỏ chọn một điểm mốc để không vẽ nó trên phim. Điểm mốc bạn chọn trong danh sách của trình xem luôn được hiển thị.',
    all: 'Hiện tất cả',
    none: 'Ẩn tất cả',
  },
  guideline: {
    title: 'Đường hướng dẫn',
    show: 'Hiển thị đường hướng dẫn (đường vẽ) khi mở phim',
    hint: 'Các đường vẽ nối các điểm mốc: nền sọ, hàm, răng và đường nét mô mềm. ' + 'Màu và độ dày theo phần đường viền mô bên dưới.',
  },
  standard: {
    title: 'Phương pháp phân tích chuẩn',
    none: 'Chưa đặt (phân tích chuẩn đầu tiên)',
    own: 'Nhóm mặc định của bạn ({{count}} phép đo)',
    group: '{{name}} (nhóm của bạn)',
    hint: 'Phân tích mà thẻ Phân tích của trình xem mở đầu tiên. Giống với “Phân tích mặc định” trong trình chỉnh sửa nhóm của trình xem.',
    unreadable: 'Các nhóm phân tích của bạn được lưu bởi phiên bản Ceppro khác: hãy đổi phân tích mặc định trong trình xem.',
  },
  tissue: 'Đường viền mô',
  hardTissue: 'Mô cứng',
  softTissue: 'Mô mềm',
  color: 'Màu',
  size: 'Kích thước',
  sizeHint: 'Màu và kích thước (0 đến 100; chuẩn 3) của điểm đánh dấu và đường vẽ của từng loại mô. Mô cứng bao gồm răng.',
  notSet: 'Chưa đặt',
  errors: {
    ppmFormat: 'Nhập một số có tối đa hai chữ số thập phân, vd: 10 hoặc 10.25.',
    ppmRange: 'Nhập một số lớn hơn 0 và không quá 1000.',
    sizeRange: 'Nhập kích thước từ 0 đến 100.',
    color: 'Chọn một màu.',
  },
  save: 'Lưu',
  saving: 'Đang lưu…',
  saveFailed: 'Không thể lưu cài đặt. Vui lòng thử lại.',
  savedTitle: 'Đã lưu cài đặt',
  savedText: 'Từ nay trình xem sẽ mở với các cài đặt này.',
  definitions: {
    title: 'Định nghĩa điểm mốc',
    intro:
      'Với những điểm mốc mà các trường phái định nghĩa khác nhau, hãy chọn định nghĩa mà điểm của AI tuân theo. ' +
      'Điểm được chọn tính từ các điểm mốc đã phát hiện và phim.',
    loading: 'Đang tải định nghĩa điểm mốc của bạn…',
    loadFailed: 'Không thể tải định nghĩa điểm mốc của bạn.',
    note:
      'Áp dụng cho các phim được phát hiện từ bây giờ; phim đã phân tích giữ nguyên các điểm. ' +
      'Khi phim không thấy cấu trúc đã chọn, điểm của AI được giữ nguyên. ' +
      'Những gì AI học được từ các chỉnh sửa của bạn được giữ riêng cho từng định nghĩa.',
    saveFailed: 'Không thể lưu định nghĩa. Vui lòng thử lại.',
  },
  adaptation: {
    title: 'AI đã thích ứng với phim của bạn',
    loading: 'Đang tải những gì AI học được từ phim của bạn…',
    loadFailed: 'Không thể tải những gì AI học được từ phim của bạn.',
    learned: 'Đã học từ {{count}} phim được chỉnh sửa',
    learnedOne: 'Đã học từ 1 phim được chỉnh sửa',
    notYet:
      'Chưa học được gì. Khi bạn chỉnh các điểm mốc do AI đặt và lưu lại, AI sẽ học cách phòng khám của bạn ' +
      'đặt chúng (ví dụ porion máy) và đặt theo cùng cách trên các phim mới.',
    noShifts: 'Các chỉnh sửa của bạn chưa cho thấy độ lệch nhất quán: trung bình AI đã đặt các điểm mốc này đúng chỗ bạn đặt.',
    switch: 'Áp dụng những gì đã học cho phim mới',
    onHint:
      'Phim mới nhận các điểm của AI đã dịch theo độ lệch bên dưới. “Đặt lại theo AI” trong trình xem sẽ trả về các điểm đã thích ứng này.',
    offHint: 'Tắt: phim mới nhận các điểm gốc của mô hình. Các chỉnh sửa của bạn vẫn được học.',
    table: {
      landmark: 'Điểm mốc',
      shift: 'Độ lệch',
      films: 'Số phim',
    },
    shift: {
      anterior: '{{mm}} mm ra trước',
      posterior: '{{mm}} mm ra sau',
      superior: '{{mm}} mm lên trên',
      inferior: '{{mm}} mm xuống dưới',
      join: '{{first}}, {{second}}',
      none: 'dưới 0.1 mm',
    },
    nominal: 'Số milimét giả định chiều dài S-N trung bình là {{mm}} mm: bạn chưa có phim nào được hiệu chuẩn.',
    calibrated: 'Số milimét dựa trên chiều dài S-N của các phim đã hiệu chuẩn của bạn ({{mm}} mm).',
    reset: 'Đặt lại',
    resetTitle: 'Đặt lại những gì AI đã học?',
    resetText:
      'AI sẽ quên mọi phim đã chỉnh sửa và đặt điểm mốc như mô hình gốc cho đến khi bạn chỉnh phim mới. ' +
      'Các phim đã phân tích vẫn giữ nguyên điểm mốc.',
    resetConfirm: 'Đặt lại',
    resetCancel: 'Hủy',
    saveFailed: 'Không thể lưu thay đổi. Vui lòng thử lại.',
  },
};
