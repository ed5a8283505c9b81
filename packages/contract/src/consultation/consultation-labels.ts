import type { VtoPointKey } from '@ceppro/ceph';
import type { ReportLang } from '../report-labels';

/**
 * The patient-facing words of the consultation view and its one-page PDF, in the five languages. Written
 * for a patient, not a clinician: every part of the face is named in everyday words, and a clinical
 * abbreviation is only shown after its plain explanation ("How the jaws line up front-to-back (ANB)").
 * `{{n}}` is a number of millimetres or degrees; `{{part}}` / `{{moves}}` are filled by
 * consultation-model.ts.
 */

/** The soft-tissue points whose expected change is put into words (lips, chin, nose tip). */
export const CONSULTATION_SOFT_POINTS = ['Ls', 'Li', 'stPog', 'Prn'] as const;
export type ConsultationSoftPoint = (typeof CONSULTATION_SOFT_POINTS)[number];

/** The key measurements explained to the patient (packages/ceph catalogue ids, all in VTO_MEASUREMENT_IDS). */
export const CONSULTATION_MEASUREMENT_IDS = ['ANB', 'FMA', 'U1_SN', 'IMPA', 'LOWER_LIP_E'] as const;
export type ConsultationMeasurementId = (typeof CONSULTATION_MEASUREMENT_IDS)[number];

interface Directions {
  readonly forward: string;
  readonly back: string;
  readonly up: string;
  readonly down: string;
}

export interface ConsultationLabels {
  readonly title: string;
  readonly photoTitle: string;
  readonly before: string;
  readonly after: string;
  readonly tracingTitle: string;
  readonly tracingExplain: string;
  readonly legendToday: string;
  readonly legendPredicted: string;
  readonly planTitle: string;
  readonly measuresTitle: string;
  /** "{{today}}" and "{{after}}" values of one measurement. */
  readonly measureToday: string;
  readonly measureAfter: string;
  readonly usualRange: string;
  readonly noUsualRange: string;
  readonly noPlan: string;
  readonly planUncalibrated: string;
  readonly noPhoto: string;
  readonly photoNotAligned: string;
  readonly noTracing: string;
  readonly disclaimer: string;
  /** A planned movement of a part (exact millimetres). */
  readonly moveSentence: string;
  readonly moves: Directions;
  /** An expected soft-tissue change (rounded, "about"). */
  readonly softSentence: string;
  readonly softMoves: Directions;
  /** Between two directions of one sentence ("forward 5 mm and up 2 mm"). */
  readonly join: string;
  readonly parts: Readonly<Record<VtoPointKey, string>>;
  readonly softParts: Readonly<Record<ConsultationSoftPoint, string>>;
  readonly measures: Readonly<Record<ConsultationMeasurementId, { readonly name: string; readonly explain: string }>>;
  readonly preparedFor: string;
}

const en: ConsultationLabels = {
  title: 'Your treatment plan',
  photoTitle: 'Your profile photo: today and expected',
  before: 'Today',
  after: 'Expected after treatment',
  tracingTitle: 'Your profile on the X-ray',
  tracingExplain: 'The tracing is a drawing of the outlines of your bones, teeth, lips and nose, made from the side X-ray of your head.',
  legendToday: 'Today (solid line)',
  legendPredicted: 'Expected after treatment (dashed line)',
  planTitle: 'Your plan in plain words',
  measuresTitle: 'A few key measurements',
  measureToday: 'Today: {{value}}',
  measureAfter: 'Expected: {{value}}',
  usualRange: 'usual range {{range}}',
  noUsualRange: 'no usual range published for this group',
  noPlan: 'No treatment plan has been made for this X-ray yet. The tracing shows your profile as it is today.',
  planUncalibrated:
    'The plan cannot be shown in millimetres because the size scale of this X-ray has not been set. The tracing shows your profile today.',
  noPhoto: 'No facial photo has been added, so only the tracing is shown.',
  photoNotAligned: 'The facial photo has not been lined up with the X-ray yet, so the expected change is shown on the tracing only.',
  noTracing: 'The X-ray has no tracing yet.',
  disclaimer: 'This is a computer simulation to help explain the plan. Your real result can be different.',
  moveSentence: '{{part}} {{moves}}.',
  moves: { forward: 'forward {{n}} mm', back: 'back {{n}} mm', up: 'up {{n}} mm', down: 'down {{n}} mm' },
  softSentence: '{{part}} {{moves}}.',
  softMoves: {
    forward: 'forward about {{n}} mm',
    back: 'back about {{n}} mm',
    up: 'up about {{n}} mm',
    down: 'down about {{n}} mm',
  },
  join: ' and ',
  parts: {
    ANS: 'The front of the upper jaw (just below the nose) moves',
    PNS: 'The back of the upper jaw moves',
    Mx1Crown: 'The upper front teeth move',
    Mx6Distal: 'The upper back teeth (first molars) move',
    Mn1Crown: 'The lower front teeth move',
    Mn6Distal: 'The lower back teeth (first molars) move',
    BPoint: 'The lower jaw just below the lower front teeth moves',
    Pogonion: 'The chin moves',
    Menton: 'The lowest point of the chin moves',
  },
  softParts: {
    Ls: 'The upper lip is expected to move',
    Li: 'The lower lip is expected to move',
    stPog: 'The chin under the skin is expected to move',
    Prn: 'The tip of the nose is expected to move',
  },
  measures: {
    ANB: {
      name: 'How the jaws line up front-to-back (ANB)',
      explain: 'The angle between the upper and the lower jaw seen from the side. A larger number means the lower jaw sits further back.',
    },
    FMA: {
      name: 'How steep the lower jaw is (FMA)',
      explain: 'The slope of the lower edge of the jaw. A larger number means a longer, steeper lower face.',
    },
    U1_SN: {
      name: 'Tilt of the upper front teeth (U1-SN)',
      explain: 'How much the upper front teeth lean forward, measured against the base of the skull. A larger number means more lean.',
    },
    IMPA: {
      name: 'Tilt of the lower front teeth (IMPA)',
      explain: 'How much the lower front teeth lean forward on the lower jaw. A larger number means more lean.',
    },
    LOWER_LIP_E: {
      name: 'Lower lip and the nose-to-chin line (E-line)',
      explain: 'How far the lower lip lies behind (minus) or in front of (plus) a straight line from the tip of the nose to the chin.',
    },
  },
  preparedFor: 'Prepared for {{name}} on {{date}}',
};

const ko: ConsultationLabels = {
  title: '나의 치료 계획',
  photoTitle: '옆모습 사진: 오늘과 예상 모습',
  before: '오늘',
  after: '치료 후 예상',
  tracingTitle: 'X선 사진으로 본 옆모습',
  tracingExplain: '트레이싱은 머리 옆모습 X선 사진에서 뼈, 치아, 입술과 코의 윤곽을 따라 그린 그림입니다.',
  legendToday: '오늘 (실선)',
  legendPredicted: '치료 후 예상 (점선)',
  planTitle: '쉬운 말로 보는 치료 계획',
  measuresTitle: '중요한 측정값 몇 가지',
  measureToday: '오늘: {{value}}',
  measureAfter: '예상: {{value}}',
  usualRange: '보통 범위 {{range}}',
  noUsualRange: '이 그룹에 대해 발표된 보통 범위가 없습니다',
  noPlan: '이 X선 사진에는 아직 치료 계획이 없습니다. 트레이싱은 오늘의 옆모습을 보여 줍니다.',
  planUncalibrated:
    '이 X선 사진의 크기 기준(눈금)이 정해지지 않아 계획을 밀리미터로 보여 드릴 수 없습니다. 트레이싱은 오늘의 옆모습을 보여 줍니다.',
  noPhoto: '얼굴 사진이 없어 트레이싱만 보여 드립니다.',
  photoNotAligned: '얼굴 사진이 아직 X선 사진과 맞춰지지 않아 예상 변화는 트레이싱으로만 보여 드립니다.',
  noTracing: '이 X선 사진에는 아직 트레이싱이 없습니다.',
  disclaimer: '계획을 설명하기 위한 컴퓨터 시뮬레이션입니다. 실제 결과는 다를 수 있습니다.',
  moveSentence: '{{part}} {{moves}} 이동합니다.',
  moves: { forward: '앞으로 {{n}} mm', back: '뒤로 {{n}} mm', up: '위로 {{n}} mm', down: '아래로 {{n}} mm' },
  softSentence: '{{part}} {{moves}} 이동할 것으로 예상됩니다.',
  softMoves: { forward: '앞으로 약 {{n}} mm', back: '뒤로 약 {{n}} mm', up: '위로 약 {{n}} mm', down: '아래로 약 {{n}} mm' },
  join: ', ',
  parts: {
    ANS: '위턱의 앞부분(코 바로 아래)이',
    PNS: '위턱의 뒷부분이',
    Mx1Crown: '위 앞니가',
    Mx6Distal: '위 어금니(첫째 큰어금니)가',
    Mn1Crown: '아래 앞니가',
    Mn6Distal: '아래 어금니(첫째 큰어금니)가',
    BPoint: '아래 앞니 바로 아래의 아래턱이',
    Pogonion: '턱끝이',
    Menton: '턱의 가장 아래 지점이',
  },
  softParts: { Ls: '윗입술이', Li: '아랫입술이', stPog: '피부 쪽 턱끝이', Prn: '코끝이' },
  measures: {
    ANB: {
      name: '위턱과 아래턱의 앞뒤 관계 (ANB)',
      explain: '옆에서 본 위턱과 아래턱 사이의 각도입니다. 숫자가 클수록 아래턱이 더 뒤에 있습니다.',
    },
    FMA: {
      name: '아래턱의 기울기 (FMA)',
      explain: '아래턱 아래쪽 가장자리의 기울기입니다. 숫자가 클수록 얼굴 아래쪽이 길고 가파릅니다.',
    },
    U1_SN: {
      name: '위 앞니의 기울기 (U1-SN)',
      explain: '머리뼈 아래쪽 기준선에 대해 위 앞니가 앞으로 기운 정도입니다. 숫자가 클수록 더 기울어 있습니다.',
    },
    IMPA: {
      name: '아래 앞니의 기울기 (IMPA)',
      explain: '아래턱에 대해 아래 앞니가 앞으로 기운 정도입니다. 숫자가 클수록 더 기울어 있습니다.',
    },
    LOWER_LIP_E: {
      name: '아랫입술과 코끝-턱끝 선 (E-line)',
      explain: '코끝과 턱끝을 잇는 직선보다 아랫입술이 뒤(마이너스) 또는 앞(플러스)에 있는 거리입니다.',
    },
  },
  preparedFor: '{{name}}님을 위해 {{date}}에 작성',
};

const ja: ConsultationLabels = {
  title: 'あなたの治療計画',
  photoTitle: '横顔の写真：今日と予想',
  before: '今日',
  after: '治療後の予想',
  tracingTitle: 'X線写真で見た横顔',
  tracingExplain: 'トレースとは、頭の横向きのX線写真から、骨・歯・唇・鼻の輪郭をなぞった図です。',
  legendToday: '今日（実線）',
  legendPredicted: '治療後の予想（破線）',
  planTitle: 'わかりやすい言葉で見る治療計画',
  measuresTitle: '主な計測値',
  measureToday: '今日：{{value}}',
  measureAfter: '予想：{{value}}',
  usualRange: '標準的な範囲 {{range}}',
  noUsualRange: 'このグループについて発表された標準的な範囲はありません',
  noPlan: 'このX線写真にはまだ治療計画がありません。トレースは今日の横顔を示しています。',
  planUncalibrated:
    'このX線写真の大きさの基準（目盛り）が設定されていないため、計画をミリメートルで示せません。トレースは今日の横顔を示しています。',
  noPhoto: '顔写真がないため、トレースだけを示します。',
  photoNotAligned: '顔写真がまだX線写真と重ね合わされていないため、予想される変化はトレースだけで示します。',
  noTracing: 'このX線写真にはまだトレースがありません。',
  disclaimer: '計画を説明するためのコンピューターシミュレーションです。実際の結果は異なることがあります。',
  moveSentence: '{{part}}{{moves}}動きます。',
  moves: { forward: '前へ{{n}} mm', back: '後ろへ{{n}} mm', up: '上へ{{n}} mm', down: '下へ{{n}} mm' },
  softSentence: '{{part}}{{moves}}動くと予想されます。',
  softMoves: { forward: '前へ約{{n}} mm', back: '後ろへ約{{n}} mm', up: '上へ約{{n}} mm', down: '下へ約{{n}} mm' },
  join: '、',
  parts: {
    ANS: '上あごの前の部分（鼻のすぐ下）が',
    PNS: '上あごの奥の部分が',
    Mx1Crown: '上の前歯が',
    Mx6Distal: '上の奥歯（第一大臼歯）が',
    Mn1Crown: '下の前歯が',
    Mn6Distal: '下の奥歯（第一大臼歯）が',
    BPoint: '下の前歯のすぐ下の下あごが',
    Pogonion: 'あご先が',
    Menton: 'あごの一番下の点が',
  },
  softParts: { Ls: '上唇が', Li: '下唇が', stPog: '皮膚の上から見たあご先が', Prn: '鼻先が' },
  measures: {
    ANB: {
      name: '上あごと下あごの前後の関係（ANB）',
      explain: '横から見た上あごと下あごの間の角度です。数字が大きいほど、下あごが後ろにあります。',
    },
    FMA: {
      name: '下あごの傾き（FMA）',
      explain: '下あごの下の縁の傾きです。数字が大きいほど、顔の下の部分が長く急になります。',
    },
    U1_SN: {
      name: '上の前歯の傾き（U1-SN）',
      explain: '頭の骨の底の基準線に対して、上の前歯が前に傾いている度合いです。数字が大きいほど傾きが大きくなります。',
    },
    IMPA: {
      name: '下の前歯の傾き（IMPA）',
      explain: '下あごに対して、下の前歯が前に傾いている度合いです。数字が大きいほど傾きが大きくなります。',
    },
    LOWER_LIP_E: {
      name: '下唇と鼻先-あご先の線（Eライン）',
      explain: '鼻先とあご先を結ぶ直線より、下唇が後ろ（マイナス）または前（プラス）にある距離です。',
    },
  },
  preparedFor: '{{name}} 様　{{date}} 作成',
};

const zh: ConsultationLabels = {
  title: '您的治疗计划',
  photoTitle: '侧面照片：今天和预期',
  before: '今天',
  after: '治疗后预期',
  tracingTitle: 'X光片上的侧面轮廓',
  tracingExplain: '描图是根据头部侧位X光片，沿着骨骼、牙齿、嘴唇和鼻子的轮廓画出的图。',
  legendToday: '今天（实线）',
  legendPredicted: '治疗后预期（虚线）',
  planTitle: '用通俗的话说明治疗计划',
  measuresTitle: '几项主要测量值',
  measureToday: '今天：{{value}}',
  measureAfter: '预期：{{value}}',
  usualRange: '常见范围 {{range}}',
  noUsualRange: '该人群没有已发表的常见范围',
  noPlan: '这张X光片还没有治疗计划。描图显示的是您今天的侧面。',
  planUncalibrated: '这张X光片还没有设定尺寸比例，所以无法以毫米显示计划。描图显示的是您今天的侧面。',
  noPhoto: '没有面部照片，所以只显示描图。',
  photoNotAligned: '面部照片还没有与X光片对齐，所以预期的变化只在描图上显示。',
  noTracing: '这张X光片还没有描图。',
  disclaimer: '这是用于说明计划的计算机模拟。实际结果可能会有所不同。',
  moveSentence: '{{part}}{{moves}}。',
  moves: { forward: '向前移动{{n}}毫米', back: '向后移动{{n}}毫米', up: '向上移动{{n}}毫米', down: '向下移动{{n}}毫米' },
  softSentence: '{{part}}预计{{moves}}。',
  softMoves: { forward: '向前移动约{{n}}毫米', back: '向后移动约{{n}}毫米', up: '向上移动约{{n}}毫米', down: '向下移动约{{n}}毫米' },
  join: '，',
  parts: {
    ANS: '上颌前部（鼻子正下方）',
    PNS: '上颌后部',
    Mx1Crown: '上门牙',
    Mx6Distal: '上后牙（第一磨牙）',
    Mn1Crown: '下门牙',
    Mn6Distal: '下后牙（第一磨牙）',
    BPoint: '下门牙正下方的下颌',
    Pogonion: '下巴',
    Menton: '下巴的最低点',
  },
  softParts: { Ls: '上唇', Li: '下唇', stPog: '皮肤表面的下巴', Prn: '鼻尖' },
  measures: {
    ANB: {
      name: '上下颌的前后关系（ANB）',
      explain: '从侧面看上颌与下颌之间的角度。数字越大，下颌越靠后。',
    },
    FMA: {
      name: '下颌的倾斜度（FMA）',
      explain: '下颌下缘的倾斜度。数字越大，面部下部越长、越陡。',
    },
    U1_SN: {
      name: '上门牙的倾斜度（U1-SN）',
      explain: '相对于颅底基准线，上门牙向前倾斜的程度。数字越大，倾斜越多。',
    },
    IMPA: {
      name: '下门牙的倾斜度（IMPA）',
      explain: '相对于下颌，下门牙向前倾斜的程度。数字越大，倾斜越多。',
    },
    LOWER_LIP_E: {
      name: '下唇与鼻尖-下巴连线（E线）',
      explain: '下唇位于鼻尖到下巴的直线之后（负数）或之前（正数）的距离。',
    },
  },
  preparedFor: '为{{name}}制作，{{date}}',
};

const vi: ConsultationLabels = {
  title: 'Kế hoạch điều trị của bạn',
  photoTitle: 'Ảnh nghiêng của bạn: hôm nay và dự kiến',
  before: 'Hôm nay',
  after: 'Dự kiến sau điều trị',
  tracingTitle: 'Dáng nghiêng của bạn trên phim X-quang',
  tracingExplain: 'Bản vẽ đường viền là hình vẽ theo đường viền của xương, răng, môi và mũi, lấy từ phim X-quang chụp nghiêng đầu.',
  legendToday: 'Hôm nay (nét liền)',
  legendPredicted: 'Dự kiến sau điều trị (nét đứt)',
  planTitle: 'Kế hoạch của bạn bằng lời dễ hiểu',
  measuresTitle: 'Một vài số đo chính',
  measureToday: 'Hôm nay: {{value}}',
  measureAfter: 'Dự kiến: {{value}}',
  usualRange: 'khoảng thường gặp {{range}}',
  noUsualRange: 'chưa có khoảng thường gặp được công bố cho nhóm này',
  noPlan: 'Phim X-quang này chưa có kế hoạch điều trị. Bản vẽ cho thấy dáng nghiêng của bạn hôm nay.',
  planUncalibrated:
    'Chưa thể hiển thị kế hoạch bằng milimét vì tỉ lệ kích thước của phim X-quang này chưa được đặt. ' +
    'Bản vẽ cho thấy dáng nghiêng của bạn hôm nay.',
  noPhoto: 'Chưa có ảnh khuôn mặt, nên chỉ hiển thị bản vẽ đường viền.',
  photoNotAligned: 'Ảnh khuôn mặt chưa được khớp với phim X-quang, nên thay đổi dự kiến chỉ được thể hiện trên bản vẽ.',
  noTracing: 'Phim X-quang này chưa có bản vẽ đường viền.',
  disclaimer: 'Đây là mô phỏng trên máy tính để giúp giải thích kế hoạch. Kết quả thực tế có thể khác.',
  moveSentence: '{{part}} di chuyển {{moves}}.',
  moves: { forward: 'ra trước {{n}} mm', back: 'ra sau {{n}} mm', up: 'lên trên {{n}} mm', down: 'xuống dưới {{n}} mm' },
  softSentence: '{{part}} dự kiến di chuyển {{moves}}.',
  softMoves: {
    forward: 'ra trước khoảng {{n}} mm',
    back: 'ra sau khoảng {{n}} mm',
    up: 'lên trên khoảng {{n}} mm',
    down: 'xuống dưới khoảng {{n}} mm',
  },
  join: ' và ',
  parts: {
    ANS: 'Phần trước của hàm trên (ngay dưới mũi)',
    PNS: 'Phần sau của hàm trên',
    Mx1Crown: 'Răng cửa hàm trên',
    Mx6Distal: 'Răng hàm trên (răng cối lớn thứ nhất)',
    Mn1Crown: 'Răng cửa hàm dưới',
    Mn6Distal: 'Răng hàm dưới (răng cối lớn thứ nhất)',
    BPoint: 'Phần hàm dưới ngay dưới răng cửa hàm dưới',
    Pogonion: 'Cằm',
    Menton: 'Điểm thấp nhất của cằm',
  },
  softParts: { Ls: 'Môi trên', Li: 'Môi dưới', stPog: 'Cằm phần mềm', Prn: 'Đầu mũi' },
  measures: {
    ANB: {
      name: 'Vị trí trước-sau của hai hàm (ANB)',
      explain: 'Góc giữa hàm trên và hàm dưới khi nhìn nghiêng. Số càng lớn thì hàm dưới càng lùi ra sau.',
    },
    FMA: {
      name: 'Độ dốc của hàm dưới (FMA)',
      explain: 'Độ nghiêng của bờ dưới xương hàm dưới. Số càng lớn thì phần dưới khuôn mặt càng dài và dốc.',
    },
    U1_SN: {
      name: 'Độ nghiêng của răng cửa hàm trên (U1-SN)',
      explain: 'Mức răng cửa hàm trên nghiêng ra trước so với nền sọ. Số càng lớn thì răng càng nghiêng.',
    },
    IMPA: {
      name: 'Độ nghiêng của răng cửa hàm dưới (IMPA)',
      explain: 'Mức răng cửa hàm dưới nghiêng ra trước so với xương hàm dưới. Số càng lớn thì răng càng nghiêng.',
    },
    LOWER_LIP_E: {
      name: 'Môi dưới và đường mũi-cằm (đường E)',
      explain: 'Khoảng cách môi dưới nằm sau (số âm) hoặc trước (số dương) đường thẳng nối đầu mũi với cằm.',
    },
  },
  preparedFor: 'Dành cho {{name}}, ngày {{date}}',
};

const LABELS: Readonly<Record<ReportLang, ConsultationLabels>> = { en, ko, ja, zh, vi };

/** The consultation's words in `lang`. */
export function consultationLabels(lang: ReportLang): ConsultationLabels {
  return LABELS[lang];
}
