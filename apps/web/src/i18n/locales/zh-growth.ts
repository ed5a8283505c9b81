import type { Dictionary } from './en.ts';

/** Chinese texts of the viewer's Growth tab. */
export const zhGrowth: Dictionary['growth'] = {
  tab: '生长',
  title: '生长预测',
  noRecord: '此病历还没有标志点。',
  loading: '正在加载生长预测…',
  years: '预测年数',
  show: '在片子上显示',
  age: '拍摄日年龄',
  ageValue: '{{age}}岁',
  sex: '性别',
  male: '男孩',
  female: '女孩',
  unknown: '未知',
  target: '预测至',
  meanNote: '这是平均预测：显示同年龄、同性别的平均儿童的生长，而不是这个孩子本身。在片子上以虚线显示。',
  point: '标志点',
  dimension: '随之生长的距离',
  move: '移动 (mm)',
  sd: '标准差 (mm)',
  sdNote:
    '标准差：在标准资料中，预测年龄的儿童之间该距离的差异 (1 SD，即片子上的圆)。' +
    '单个儿童每年生长量的差异在该资料中没有发表，因此这不是预测区间。',
  notForecast: '未预测 (无已发表的增量)：软组织、Ar、Co、Po、Or、Pt 和 Ptm。',
  method: '方法与来源',
  methodName:
    '将密歇根生长标准 (6–16 岁，分性别) 的平均年增量加到当前描迹上，颅底以 S 点在 S–N 上重叠 ' +
    '(与 Johnston 预测网格的做法相同)。每个距离沿其自身的直线增长。',
  population: '参考样本：美国安娜堡 University School Growth Study 的儿童。',
  refused: {
    invalidYears: '请选择 1 到 6 年。',
    ageUnknown: '预测不适用：患者年龄未知。请在患者资料中填写出生日期。',
    adult: '预测不适用：患者 {{age}} 岁，已停止生长 (18 岁及以上)。',
    under6: '预测不适用：生长标准从 6 岁开始。',
    beyondStandards: '生长标准止于 16 岁：从 {{age}} 岁起最多可预测 {{max}} 年。',
    sexRequired: '预测不适用：标准按性别区分，但患者性别未知。',
    uncalibrated: '片子未校准，而生长增量以 mm 为单位：请先校准片子 (分析标签)。',
    missingPoints: '无法计算：缺少 {{ids}}。',
  },
};
