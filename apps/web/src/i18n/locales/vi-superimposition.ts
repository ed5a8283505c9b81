import type { SuperimpositionDictionary } from './en-superimposition.ts';

/** Tiếng Việt: thẻ Chồng phim của trình xem và phần in. */
export const viSuperimposition: SuperimpositionDictionary = {
  tab: 'Chồng phim',
  intro:
    'Chồng 2 đến 4 phim sọ nghiêng của bệnh nhân này. Đường vẽ được vẽ lên phim này bằng màu trắng, ' +
    'đỏ, xanh dương và xanh lá, theo ngày chụp từ cũ nhất.',
  films: 'Phim',
  thisFilm: 'Phim này',
  noDate: 'Không có ngày chụp',
  noLandmarks: 'Chưa có điểm mốc',
  selectAtLeast2: 'Hãy chọn ít nhất 2 ảnh X-quang.',
  atMost4: 'Chỉ có thể chồng tối đa 4 ảnh X-quang.',
  noOtherFilms: 'Bệnh nhân này không có phim sọ nghiêng nào khác. Hãy thêm phim ở màn hình bệnh nhân để so sánh.',
  filmsFailed: 'Không tải được các phim của bệnh nhân.',
  method: 'Phương pháp',
  methods: {
    'sn-at-s': 'Chồng SN tại điểm S',
    'best-fit': 'Khớp tốt nhất trên nền sọ trước',
    maxilla: 'Vùng: xương hàm trên (ANS–PNS)',
    mandible: 'Vùng: xương hàm dưới (vùng cằm)',
  },
  blending: 'Hiện chồng các phim khác',
  opacity: 'Độ mờ đục',
  legend: 'Chú giải',
  computing: 'Đang chồng phim…',
  failed: 'Không tính được phép chồng phim. Vui lòng thử lại.',
  noLandmarksError: 'Một phim đã chọn chưa có điểm mốc. Hãy mở phim đó và để AI phát hiện trước.',
  mismatchError: 'Các phim đã chọn không thuộc cùng một bệnh nhân.',
  notFoundError: 'Một phim đã chọn không còn tồn tại.',
  retry: 'Thử lại',
  saveFailed: 'Không lưu được cài đặt chồng phim.',
  tracingOff: 'Hiển thị đường vẽ đang tắt: hãy bật “Đường vẽ” để xem các đường vẽ chồng.',
  residual: 'Đăng ký trên {{landmarks}}, sai số còn lại {{value}} {{unit}}',
  movements: 'Dịch chuyển điểm mốc',
  movementHint: 'Giữa các phim liên tiếp, theo hệ trục bệnh nhân: dx + ra trước, dy + lên trên.',
  pair: '{{from}} → {{to}}',
  landmark: 'Điểm mốc',
  dx: 'dx',
  dy: 'dy',
  distance: 'Khoảng cách',
  sortBy: 'Sắp xếp theo {{column}}',
  uncalibrated:
    'Không phải phim nào cũng đã hiệu chuẩn nên dịch chuyển tính bằng px. Hãy hiệu chuẩn từng phim (thước hoặc PPM mặc định) để có mm.',
  printTitle: 'Chồng phim',
  printMethod: 'Phương pháp: {{method}}',
  printComputed: 'Tính ngày {{date}}',
};
