import type { Dictionary } from './en.ts';

/** Vietnamese texts of the viewer's Growth tab. */
export const viGrowth: Dictionary['growth'] = {
  tab: 'Tăng trưởng',
  title: 'Dự báo tăng trưởng',
  noRecord: 'Hồ sơ này chưa có điểm mốc.',
  loading: 'Đang tải dự báo tăng trưởng…',
  years: 'Số năm dự báo',
  show: 'Hiển thị trên phim',
  age: 'Tuổi vào ngày chụp',
  ageValue: '{{age}} tuổi',
  sex: 'Giới tính',
  male: 'Bé trai',
  female: 'Bé gái',
  unknown: 'Không rõ',
  target: 'Dự báo đến',
  meanNote:
    'Đây là dự báo trung bình: cho thấy sự tăng trưởng của một trẻ trung bình cùng tuổi và giới tính, không phải của chính trẻ này. ' +
    'Vẽ nét đứt trên phim.',
  point: 'Điểm',
  dimension: 'Tăng theo',
  move: 'Dịch chuyển (mm)',
  sd: 'Độ lệch chuẩn (mm)',
  sdNote:
    'Độ lệch chuẩn: khoảng cách đó khác nhau bao nhiêu giữa các trẻ ở tuổi dự báo trong bộ chuẩn (1 SD, vòng tròn trên phim). ' +
    'Mức dao động của tăng trưởng hằng năm của một trẻ không được công bố ở đó, nên đây không phải là khoảng dự báo.',
  notForecast: 'Không dự báo (không có mức tăng đã công bố): mô mềm, Ar, Co, Po, Or, Pt và Ptm.',
  method: 'Phương pháp và nguồn',
  methodName:
    'Mức tăng trung bình hằng năm của bộ chuẩn tăng trưởng Michigan (6–16 tuổi, theo giới tính) được cộng vào bản vẽ hôm nay, ' +
    'nền sọ chồng theo S–N tại S, như lưới dự báo của Johnston. Mỗi khoảng cách tăng dọc theo đường thẳng của nó.',
  population: 'Mẫu tham chiếu: trẻ em của University School Growth Study, Ann Arbor, Hoa Kỳ.',
  refused: {
    invalidYears: 'Hãy chọn từ 1 đến 6 năm.',
    ageUnknown: 'Dự báo không áp dụng: không rõ tuổi của bệnh nhân. Hãy nhập ngày sinh trong hồ sơ bệnh nhân.',
    adult: 'Dự báo không áp dụng: ở tuổi {{age}}, bệnh nhân đã ngừng tăng trưởng (từ 18 tuổi trở lên).',
    under6: 'Dự báo không áp dụng: bộ chuẩn tăng trưởng bắt đầu từ 6 tuổi.',
    beyondStandards: 'Bộ chuẩn tăng trưởng kết thúc ở 16 tuổi: từ {{age}} tuổi chỉ dự báo được tối đa {{max}} năm.',
    sexRequired: 'Dự báo không áp dụng: bộ chuẩn chia theo giới tính nhưng không rõ giới tính của bệnh nhân.',
    uncalibrated: 'Phim chưa được hiệu chuẩn, mà mức tăng trưởng tính bằng mm: hãy hiệu chuẩn phim trước (thẻ Phân tích).',
    missingPoints: 'Không tính được: thiếu {{ids}}.',
  },
};
