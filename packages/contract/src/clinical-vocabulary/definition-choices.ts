import type { ClinicalVocabulary } from './types';

// The landmark definitions a clinic can choose where schools differ (packages/ceph definitions/
// `LANDMARK_DEFINITION_CHOICES`): each choice's name and one-sentence description, keyed
// `landmark.choice` (`Po.machine`). English repeats `DEFINITION_TEXTS_EN` exactly
// (`packages/contract/test/clinical-vocabulary.test.ts` fails when they drift apart). Settings, the
// viewer's landmark definition and the report all read these words.

export const EN_DEFINITION_CHOICES = {
  /** A definition's name (`DEFINITION_TEXTS_EN['definitions.<id>.<choice>.label']`). */
  definitionLabels: {
    'Po.anatomical': 'Anatomical porion',
    'Po.machine': 'Machine porion',
    'Go.anatomical': 'Anatomical gonion',
    'Go.constructed': 'Constructed gonion',
    'Go.tangent-intersection': 'Gonion at the tangents’ intersection',
    'Me.isbi': 'Menton (ISBI)',
    'Me.lowest': 'Lowest point of the symphysis',
  },
  /** What the definition places, one sentence (`...description`). */
  definitionDescriptions: {
    'Po.anatomical': 'Top of the external auditory meatus, as the AI detects it.',
    'Po.machine':
      'Top of the ear-rod ring of the cephalostat, found on the film near the anatomical porion; ' +
      'the anatomical point stays when no ring is found.',
    'Go.anatomical': 'Most posterior-inferior point of the mandibular angle, as the AI detects it.',
    'Go.constructed': 'Where the bisector of the angle between the ramus tangent and the lower-border tangent meets the angle contour.',
    'Go.tangent-intersection': 'Intersection of the tangent to the posterior ramus border and the tangent to the lower mandibular border.',
    'Me.isbi': 'Most inferior point on the symphysis as the ISBI 2015 annotators marked it, as the AI detects it.',
    'Me.lowest': 'Lowest point of the symphysis outline, measured perpendicular to the constructed horizontal (S-N rotated 7°).',
  },
} as const;

type DefinitionChoiceTexts = Pick<ClinicalVocabulary, keyof typeof EN_DEFINITION_CHOICES>;

export const JA_DEFINITION_CHOICES: DefinitionChoiceTexts = {
  definitionLabels: {
    'Po.anatomical': '解剖学的ポリオン',
    'Po.machine': '機械的ポリオン',
    'Go.anatomical': '解剖学的ゴニオン',
    'Go.constructed': '作図によるゴニオン',
    'Go.tangent-intersection': '接線の交点によるゴニオン',
    'Me.isbi': 'メントン（ISBI）',
    'Me.lowest': '下顎結合部の最下点',
  },
  definitionDescriptions: {
    'Po.anatomical': 'AIが検出する外耳道の最上点。',
    'Po.machine':
      'セファロスタットのイヤーロッドのリングの最上点。解剖学的ポリオンの近くでフィルム上から探し、リングが見つからないときは解剖学的な点のままとする。',
    'Go.anatomical': 'AIが検出する下顎角の最後下方点。',
    'Go.constructed': '下顎枝の接線と下顎下縁の接線がなす角の二等分線が、下顎角の外形と交わる点。',
    'Go.tangent-intersection': '下顎枝後縁の接線と下顎下縁の接線の交点。',
    'Me.isbi': 'ISBI 2015のアノテーターが付けた下顎結合部の最下点（AIが検出する点）。',
    'Me.lowest': '構成水平線（S-Nを7°回転した線）に垂直な方向で測った、下顎結合部外形の最下点。',
  },
};

export const KO_DEFINITION_CHOICES: DefinitionChoiceTexts = {
  definitionLabels: {
    'Po.anatomical': '해부학적 포리온',
    'Po.machine': '기계적 포리온',
    'Go.anatomical': '해부학적 고니온',
    'Go.constructed': '작도 고니온',
    'Go.tangent-intersection': '접선 교점 고니온',
    'Me.isbi': '멘톤 (ISBI)',
    'Me.lowest': '결합부 최하방점',
  },
  definitionDescriptions: {
    'Po.anatomical': 'AI가 검출한 외이도의 최상방점.',
    'Po.machine':
      '세팔로스탯 이어로드 링의 최상방점. 해부학적 포리온 근처에서 필름 위에서 찾으며, 링을 찾지 못하면 해부학적 점을 그대로 둡니다.',
    'Go.anatomical': 'AI가 검출한 하악각의 최후하방점.',
    'Go.constructed': '하악지 접선과 하악 하연 접선이 이루는 각의 이등분선이 하악각 외형과 만나는 점.',
    'Go.tangent-intersection': '하악지 후연의 접선과 하악 하연의 접선이 만나는 점.',
    'Me.isbi': 'ISBI 2015 주석자가 표시한 결합부의 최하방점 (AI가 검출한 점).',
    'Me.lowest': '작도 수평선(S-N을 7° 회전한 선)에 수직으로 잰 결합부 외형의 최하방점.',
  },
};

export const ZH_DEFINITION_CHOICES: DefinitionChoiceTexts = {
  definitionLabels: {
    'Po.anatomical': '解剖耳点',
    'Po.machine': '机械耳点',
    'Go.anatomical': '解剖下颌角点',
    'Go.constructed': '作图下颌角点',
    'Go.tangent-intersection': '切线交点下颌角点',
    'Me.isbi': '颏下点（ISBI）',
    'Me.lowest': '下颌联合最低点',
  },
  definitionDescriptions: {
    'Po.anatomical': 'AI检测到的外耳道最上点。',
    'Po.machine': '头颅定位仪耳杆环的最上点，在解剖耳点附近的影像上寻找；找不到耳杆环时保留解剖耳点。',
    'Go.anatomical': 'AI检测到的下颌角最后下点。',
    'Go.constructed': '下颌支切线与下颌下缘切线夹角的平分线与下颌角轮廓的交点。',
    'Go.tangent-intersection': '下颌支后缘切线与下颌下缘切线的交点。',
    'Me.isbi': 'ISBI 2015标注者标记的下颌联合最下点（AI检测到的点）。',
    'Me.lowest': '垂直于构建水平线（S-N旋转7°）测得的下颌联合轮廓最低点。',
  },
};

export const VI_DEFINITION_CHOICES: DefinitionChoiceTexts = {
  definitionLabels: {
    'Po.anatomical': 'Porion giải phẫu',
    'Po.machine': 'Porion máy (vòng thanh tai)',
    'Go.anatomical': 'Gonion giải phẫu',
    'Go.constructed': 'Gonion dựng hình',
    'Go.tangent-intersection': 'Gonion tại giao điểm hai tiếp tuyến',
    'Me.isbi': 'Menton theo ISBI',
    'Me.lowest': 'Điểm thấp nhất của khớp dính cằm',
  },
  definitionDescriptions: {
    'Po.anatomical': 'Điểm cao nhất của ống tai ngoài, như AI phát hiện.',
    'Po.machine':
      'Điểm cao nhất của vòng thanh tai trên máy định vị đầu, tìm trên phim gần porion giải phẫu; ' +
      'khi không tìm thấy vòng thì giữ điểm giải phẫu.',
    'Go.anatomical': 'Điểm sau dưới nhất của góc hàm dưới, như AI phát hiện.',
    'Go.constructed': 'Giao điểm của đường phân giác góc giữa tiếp tuyến cành lên và tiếp tuyến bờ dưới xương hàm với đường viền góc hàm.',
    'Go.tangent-intersection': 'Giao điểm của tiếp tuyến bờ sau cành lên và tiếp tuyến bờ dưới xương hàm dưới.',
    'Me.isbi': 'Điểm thấp nhất trên khớp dính cằm theo cách các chuyên gia chú thích ISBI 2015 đánh dấu, như AI phát hiện.',
    'Me.lowest': 'Điểm thấp nhất của đường viền khớp dính cằm, đo vuông góc với đường ngang dựng hình (S-N xoay 7°).',
  },
};
