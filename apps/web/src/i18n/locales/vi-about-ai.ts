import type { AboutAiDictionary } from './en-about-ai.ts';

/** Vietnamese texts of the "About the AI" page (`/about-ai`). */
export const viAboutAi: AboutAiDictionary = {
  title: 'Về AI',
  intro:
    'Mô hình điểm mốc Ceppro sử dụng, dữ liệu huấn luyện và độ chính xác đo được. Mọi con số đều lấy ' +
    'từ thẻ mô hình phát hành cùng mô hình.',
  loading: 'Đang tải thẻ mô hình…',
  unavailable: 'Mô hình đang dùng chưa có thẻ mô hình.',
  loadFailed: 'Không tải được thẻ mô hình.',
  retry: 'Thử lại',
  disclaimerTitle: 'Chỉ là tham khảo cho nhân viên y tế, không phải chẩn đoán',
  model: {
    heading: 'Mô hình',
    id: 'Mô hình',
    version: 'Phiên bản',
    trainedOn: 'Dữ liệu huấn luyện',
    generated: 'Ngày lập thẻ',
    training: 'Huấn luyện',
  },
  summary: {
    heading: 'Độ chính xác đo được',
    hint:
      'Sai số bán kính trung bình (MRE) là khoảng cách trung bình giữa điểm mốc của AI và vị trí tham ' +
      'chiếu; SD là độ phân tán. SDR là tỉ lệ điểm mốc nằm trong 2, 2,5, 3 và 4 mm. Các giá trị mm ghi ' +
      '“khoảng cách điểm ảnh ước tính” dựa trên kích thước điểm ảnh ước tính.',
    dataset: 'Bộ dữ liệu và thiết bị',
    films: 'Số phim',
    mre: 'MRE',
    sd: 'SD',
    sdr: 'SDR {{mm}} mm',
    annotators: 'Hai người chấm',
    review: 'Cờ “cần xem lại”',
    reference: 'So với:',
    refused: 'Từ chối {{n}}',
    pctSn: '{{percent}} của S-N',
    estimated: 'khoảng cách điểm ảnh ước tính',
    measured: 'khoảng cách điểm ảnh đo được',
    interAnnotator: 'Giữa hai người: {{mm}}',
    modelVsMean: 'AI so với trung bình: {{mm}}',
    reviewThreshold: 'Độ tin cậy dưới {{percent}}',
    reviewRecall: 'Bắt được {{percent}} sai số trên 2 mm',
    reviewFlagged: 'Gắn cờ {{percent}} điểm mốc',
    reviewAuroc: 'AUROC {{value}}',
    reviewGross: 'Sai số trên 4 mm',
    grossRecall: 'Cờ bắt được {{percent}}',
    grossLeastConfident: '{{percent}} nằm trong 10% điểm mốc có độ tin cậy thấp nhất',
    adaptation: 'Thích ứng với phòng khám',
    adaptationWithout: 'Chưa thích ứng: {{mm}}, {{percent}} trong 2 mm',
    adaptationAfter: 'Sau {{n}} phim được chỉnh sửa: {{mm}}, {{percent}} trong 2 mm',
    adaptationHint:
      'Thích ứng với phòng khám: từ các phim phòng khám đã chỉnh sửa, AI học cách phòng khám đó đặt ' +
      'điểm mốc và đặt theo cùng cách trên các phim tiếp theo. Mô phỏng trên từng bộ dữ liệu: các phim ' +
      'đầu tiên được chỉnh theo vị trí tham chiếu, các phim sau đó được đo, lấy trung bình trên ' +
      '{{draws}} thứ tự phim ngẫu nhiên.',
    none: '—',
  },
  perLandmark: {
    heading: 'Sai số theo từng điểm mốc',
    hint:
      'MRE và tỉ lệ trong 2 mm của từng điểm mốc. dx, dy trung bình là độ lệch có dấu trung bình của ' +
      'AI so với tham chiếu (x sang phải, y xuống dưới): trung bình lớn cho thấy khác biệt về định ' +
      'nghĩa điểm mốc hơn là độ phân tán.',
    count: '{{n}} điểm mốc',
    landmark: 'Điểm mốc',
    mre: 'MRE',
    sdr2: 'Trong 2 mm',
    dx: 'dx trung bình (mm)',
    dy: 'dy trung bình (mm)',
  },
  landmarks: {
    heading: 'Các điểm mốc AI đặt ({{n}})',
    hint: 'Theo thứ tự đầu ra của mô hình, tên giống như trong danh sách điểm mốc của trình xem.',
  },
  /** The model card's own texts (keys and English in en-about-ai.ts). */
  card: {
    disclaimer: 'Điểm mốc AI là tài liệu tham khảo cho nhân viên y tế, không phải chẩn đoán.',
    training: '150 phim huấn luyện của ISBI 2015 (một thiết bị), kèm các phép tăng cường dữ liệu mô phỏng máy chụp và phòng khám khác.',
    trainingEnvironment: 'Huấn luyện bằng Python {{python}}, PyTorch {{torch}}.',
    trainedOn: 'Tập huấn luyện ISBI 2015 (150 phim)',
    sets: {
      'isbi2015-test1': {
        label: 'ISBI 2015 Test1 (phim số 151-300)',
        device: 'Soredex CRANEX (Đài Loan): thiết bị đã chụp các phim huấn luyện',
        reference: 'một bộ chú thích (thử thách ISBI 2015)',
        note: 'ảnh gốc 0.1 mm/px, khi lưu 0.2 mm/px',
      },
      hamedan: {
        label: 'Đại học Hamedan (150 phim)',
        device: 'một thiết bị khác (không ghi rõ loại máy), Hamedan, Iran',
        reference: 'trung bình của hai bác sĩ chỉnh nha',
        note: 'không rõ khoảng cách điểm ảnh: 0.144 mm/px, giá trị ước tính mà các tác giả bộ dữ liệu dùng trong kết quả của chính họ',
      },
      'hamedan-machine-porion': {
        label: 'Đại học Hamedan (150 phim), Cài đặt: porion = porion máy (thanh tai)',
        device: 'một thiết bị khác (không ghi rõ loại máy), Hamedan, Iran',
        reference: 'trung bình của hai bác sĩ chỉnh nha (họ đánh dấu porion máy)',
        note: 'không rõ khoảng cách điểm ảnh: 0.144 mm/px; định nghĩa phòng khám chọn trong Cài đặt được áp dụng trước cho mọi phim',
      },
    },
  },
};
