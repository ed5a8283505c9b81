import type { StoDictionary } from './en-sto.ts';

/** Tiếng Việt: phần dựng phẫu thuật (STO) của thẻ VTO/STO, chọn loại kế hoạch và xoay tự động xương hàm dưới. */
export const viSto: StoDictionary = {
  mode: {
    legend: 'Loại kế hoạch',
    vto: 'VTO chỉnh nha',
    sto: 'STO phẫu thuật',
    vtoHint: 'Di chuyển các điểm răng và xương hàm bằng bảng di chuyển.',
    stoHint: 'Di chuyển riêng xương hàm trên, xương hàm dưới và cằm, như sau Le Fort I, BSSO và tạo hình cằm.',
  },
  segments: {
    title: 'Các đoạn xương phẫu thuật',
    caption:
      'Mỗi đoạn di chuyển như một khối cứng: xoay quanh tâm xoay rồi dịch chuyển. Ngang + là ra trước, dọc + là lên trên, ' +
      'xoay + nâng phần trước của đoạn lên.',
    segment: 'Đoạn xương',
    horizontal: 'Ngang (mm)',
    vertical: 'Dọc (mm)',
    rotation: 'Xoay (°)',
    pivot: 'Tâm xoay',
    maxilla: 'Xương hàm trên (Le Fort I)',
    mandible: 'Xương hàm dưới (BSSO)',
    chin: 'Cằm (tạo hình cằm)',
    inputLabel: '{{segment}}: {{field}}',
    clear: 'Xóa di chuyển các đoạn',
  },
  moves: {
    title: 'Di chuyển dự đoán của các điểm',
    note: 'mm; + ra trước, + lên trên',
    point: 'Điểm',
    horizontal: 'Ngang',
    vertical: 'Dọc',
  },
  ratios: {
    title: 'Mô mềm theo phẫu thuật (mềm : cứng)',
    note:
      'Giá trị trung bình đã công bố; khác nhau nhiều giữa người này và người khác (độ dày, trương lực môi). ' +
      'Hãy chỉnh cho phù hợp bệnh nhân.',
    rule: {
      lefortAdvanceUpperLip: 'Môi trên, Le Fort I đưa ra trước',
      lefortSetbackUpperLip: 'Môi trên, Le Fort I lùi sau',
      lefortNoseTip: 'Đỉnh mũi, Le Fort I',
      bssoAdvanceChin: 'Cằm mềm, đưa xương hàm dưới ra trước',
      bssoSetbackChin: 'Cằm mềm, lùi xương hàm dưới',
      bssoLowerLip: 'Môi dưới, di chuyển xương hàm dưới',
      genioChin: 'Cằm mềm, tạo hình cằm',
    },
    choice: {
      '3d': 'Nghiên cứu 3-D',
      '2d': 'Phim sọ 2-D',
      women: 'Nữ',
      men: 'Nam',
      published: 'Đã công bố',
    },
    follows: '{{soft}} theo {{driver}}',
    own: 'xương bên dưới',
    input: 'Tỉ lệ: {{rule}}',
    outside: 'Không phải giá trị đã công bố',
  },
  autorotation: {
    title: 'Xoay tự động xương hàm dưới',
    toggle: 'Xoay tự động xương hàm dưới',
    hint: 'Toàn bộ xương hàm dưới xoay quanh lồi cầu cho đến khi điểm tiếp xúc khớp cắn đạt độ cao đã định.',
    contact: 'Tiếp xúc',
    molar: 'Răng cối',
    incisor: 'Răng cửa',
    extra: 'Thay đổi dọc thêm tại điểm tiếp xúc (mm, + khép)',
    fromPlan: 'Bản thân kế hoạch thay đổi điểm tiếp xúc {{mm}} mm.',
    hinge: 'Trục xoay: {{hinge}}',
    hingeCo: 'condylion (Co)',
    hingeAr: 'articulare (Ar; chưa đặt Co)',
    hingeEstimate: 'lồi cầu ước tính (giao của đường Ba–N và đường cành lên; chưa đặt Co và Ar)',
    angle: 'Xoay: {{deg}}°',
    closes: 'khép khớp cắn',
    opens: 'mở khớp cắn',
    none: 'không xoay',
    noHinge: 'Không có trục xoay: hãy đặt Co hoặc Ar.',
    noContact: 'Chưa đặt răng tiếp xúc (L6 cho răng cối, L1 cho răng cửa).',
    unreachable: 'Thay đổi dọc lớn hơn mức xương hàm dưới có thể xoay.',
    source:
      'Xoay quanh lồi cầu. Tâm xoay đo được nằm thấp hơn và lùi sau một chút (Nattestad & Vedtofte; Kim và cs., Angle Orthod 2018), ' +
      'nên cằm có thể ra trước nhiều hơn một chút so với hình.',
  },
};
