import { REPORT_SHARED_LABELS } from '@ceppro/contract';
import type { ReportDictionary } from './en-report.ts';

/** 中文：查看器的报告标签页、打印报告和查看器的锁定按钮。 */
export const zhReport: ReportDictionary = {
  ...REPORT_SHARED_LABELS.zh,
  tab: '报告',
  intro: '打印此片子的报告，或下载为PDF：患者信息、带标志点和描迹的片子以及分析表。',
  print: '打印',
  preparing: '正在准备打印…',
  downloadPdf: '下载PDF',
  downloading: '正在生成PDF…',
  downloadFailed: '无法生成PDF，请重试。',
  saving: '正在保存修改…',
  printFailed: '无法准备打印报告，请重试。',
  saveFailed: '修改未能保存，因此未使用过时的数据生成报告。请检查网络连接后重试。',
  noImage: '此病历没有可用于报告的头颅侧位片。',
  noAnalysis: '此病历还没有可用于报告的标志点。',
  unsavedNote: '打印和PDF报告均由服务器根据已保存的记录生成；未保存的修改会先保存。',
  filmFailed: '无法绘制用于打印的片子。',
  filmAlt: '{{name}}的头颅侧位片，含标志点和描迹',
  footer: 'Ceppro · {{date}}',
  lock: '锁定',
  lockTitle: '锁定屏幕（使用账户密码解锁）',
};
