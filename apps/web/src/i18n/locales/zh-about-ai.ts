import type { AboutAiDictionary } from './en-about-ai.ts';

/** Chinese texts of the "About the AI" page (`/about-ai`). */
export const zhAboutAi: AboutAiDictionary = {
  title: '关于 AI',
  intro: 'Ceppro 使用的标志点模型、其训练数据和实测精度。所有数字均来自随模型发布的模型卡。',
  loading: '正在加载模型卡…',
  unavailable: '当前使用的模型尚无模型卡。',
  loadFailed: '无法加载模型卡。',
  retry: '重试',
  disclaimerTitle: '仅供医务人员参考，不构成诊断',
  model: {
    heading: '模型',
    id: '模型',
    version: '版本',
    trainedOn: '训练数据',
    generated: '模型卡生成日期',
    training: '训练',
  },
  summary: {
    heading: '实测精度',
    hint: '平均径向误差（MRE）是 AI 标志点与参考位置之间的平均距离，SD 是其离散程度。SDR 是落在 2、2.5、3、4 mm 以内的标志点比例。标有“估计像素间距”的毫米值基于估计的像素尺寸。',
    dataset: '数据集和设备',
    films: '片数',
    mre: 'MRE',
    sd: 'SD',
    sdr: 'SDR {{mm}} mm',
    annotators: '两位标注者',
    review: '“待复核”标记',
    reference: '参考：',
    refused: '拒绝 {{n}} 张',
    pctSn: 'S-N 的 {{percent}}',
    estimated: '估计像素间距',
    measured: '实测像素间距',
    interAnnotator: '标注者之间：{{mm}}',
    modelVsMean: 'AI 与两人均值：{{mm}}',
    reviewThreshold: '置信度低于 {{percent}}',
    reviewRecall: '捕获 {{percent}} 的超过 2 mm 的误差',
    reviewFlagged: '标记 {{percent}} 的标志点',
    reviewAuroc: 'AUROC {{value}}',
    reviewGross: '超过 4 mm 的误差',
    grossRecall: '标记捕获 {{percent}}',
    grossLeastConfident: '{{percent}} 位于置信度最低的 10% 标志点中',
    adaptation: '诊所适应',
    adaptationWithout: '未适应：{{mm}}，2 mm 以内 {{percent}}',
    adaptationAfter: '修正 {{n}} 张影像后：{{mm}}，2 mm 以内 {{percent}}',
    adaptationHint:
      '诊所适应：AI 从诊所修正过的影像中学习该诊所的定点习惯，并在其后续影像上以同样方式放置。' +
      '在每个数据集上模拟：先将最初的影像修正为参考位置，再在其后的影像上测量，' +
      '对 {{draws}} 种随机影像顺序取平均。',
    none: '—',
  },
  perLandmark: {
    heading: '各标志点误差',
    hint: '每个标志点的 MRE 和 2 mm 以内比例。平均 dx、dy 是 AI 相对参考位置的平均有符号偏移（x 向右，y 向下）：均值较大说明是标志点定义不同，而非离散。',
    count: '{{n}} 个标志点',
    landmark: '标志点',
    mre: 'MRE',
    sdr2: '2 mm 以内',
    dx: '平均 dx (mm)',
    dy: '平均 dy (mm)',
  },
  landmarks: {
    heading: 'AI 标定的标志点（{{n}} 个）',
    hint: '按模型输出顺序排列，名称与查看器的标志点列表一致。',
  },
  /** The model card's own texts (keys and English in en-about-ai.ts). */
  card: {
    disclaimer: 'AI标志点仅供医务人员参考，不构成诊断。',
    training: '基于 ISBI 2015 的 150 张训练影像（同一台设备）训练，并采用模拟其他设备和诊所影像的数据增强。',
    trainingEnvironment: '训练环境：Python {{python}}，PyTorch {{torch}}。',
    trainedOn: 'ISBI 2015 训练集（150 张片子）',
    sets: {
      'isbi2015-test1': {
        label: 'ISBI 2015 Test1（第 151-300 号影像）',
        device: 'Soredex CRANEX（台湾）：拍摄训练影像的设备',
        reference: '一份标注（ISBI 2015 挑战赛）',
        note: '原始影像 0.1 mm/px，存储为 0.2 mm/px',
      },
      hamedan: {
        label: '哈马丹大学（150 张影像）',
        device: '另一台设备（型号未注明），伊朗哈马丹',
        reference: '两位正畸医生的平均值',
        note: '像素间距未知：0.144 mm/px，为数据集作者在其自身结果中使用的估计值',
      },
      'hamedan-machine-porion': {
        label: '哈马丹大学（150 张影像），设置：耳点 = 机械耳点（耳杆）',
        device: '另一台设备（型号未注明），伊朗哈马丹',
        reference: '两位正畸医生的平均值（二人标注的是机械耳点）',
        note: '像素间距未知：0.144 mm/px；先对每张影像应用诊所在设置中选择的定义',
      },
    },
  },
};
