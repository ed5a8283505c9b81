import type { ExportsDictionary } from './en-exports.ts';

/** 简体中文：测量值导出（查看器分析标签页、患者列表）。 */
export const zhExports: ExportsDictionary = {
  chart: {
    title: '导出',
    allAnalyses: '全部分析（不仅是所选分析）',
    csv: '测量值 CSV',
    xlsx: '测量值 Excel',
    landmarks: '标志点 JSON',
    working: '正在导出…',
    note: '会先保存未保存的标志点修改。数值、正常值和偏差与表格一致；标志点同时包含 AI 位置和调整后的位置。',
    notSaved: '标志点修改未能保存，因此未导出。请重试。',
    notFound: '该病历已不可用。',
    failed: '导出失败，请重试。',
  },
  batch: {
    open: '导出测量值',
    title: '导出测量值用于研究',
    intro: '对每张有标志点的病历，每个病历与测量项目一行，包含全部分析。',
    scopeAll: '我的全部患者',
    scopePage: '本页患者（{{count}} 位）',
    csv: '下载 CSV',
    xlsx: '下载 Excel',
    preparing: '正在准备导出…',
    progress: '{{total}} 张病历中已完成 {{done}} 张（{{percent}}%）',
    done: '已导出 {{count}} 张病历。',
    doneUncounted: '导出文件已下载。',
    empty: '没有带标志点的病历可导出：文件中只有列名。',
    busy: '此账户已有导出正在进行，请等待其完成。',
    failed: '导出失败，请重试。',
    layout: '列：患者、病历、分析、测量项目、数值、单位、正常值、偏差（SD）、解读、校准与标志点来源、模型版本。',
  },
};
