import type { enConsultation } from './en-consultation.ts';

export const zhConsultation: typeof enConsultation = {
  open: '咨询',
  openTitle: '向患者展示计划：治疗前后、全屏、使用患者的语言',
  label: '咨询',
  close: '关闭',
  closeTitle: '返回查看器（Esc）',
  language: '患者语言',
  view: '照片显示',
  sideBySide: '并排',
  slider: '滑块',
  divider: '治疗前后分隔线',
  print: '打印',
  pdf: '下载PDF',
  pdfBusy: '正在准备PDF…',
  pdfFailed: '无法生成PDF。',
  fullscreen: '全屏',
  loading: '正在加载…',
  failed: '无法加载咨询页面。',
  photoFailed: '无法加载面部照片。',
};
