import type { DicomDictionary } from './en-dicom.ts';

/** 中文：DICOM 影像（拖放区、患者信息建议、拒绝提示、校准标记）。 */
export const zhDicom: DicomDictionary = {
  drop: {
    types: 'JPG、PNG 或 DICOM',
    tag: 'DICOM 文件',
    size: '{{columns}} × {{rows}} px',
    spacing: '像素间距 {{row}} × {{column}} mm',
    imagerSpacing: '探测器像素间距 {{row}} × {{column}} mm',
    noSpacing: '文件中没有像素间距',
    noPreview: '此编码无法预览：影像将在上传后显示。',
    reading: '正在读取影像…',
  },
  errors: {
    title: '无法接受此 DICOM 文件',
    DICOM_UNREADABLE: '无法读取此 DICOM 文件。文件可能已损坏，或使用了不支持的像素格式。',
    DICOM_UNSUPPORTED_SYNTAX: '此 DICOM 文件使用的传输语法 {{syntax}} 不受支持。请以未压缩或 JPEG（基线/无损）格式导出。',
    DICOM_NO_PIXEL_DATA: '此 DICOM 文件不包含图像。',
    DICOM_MULTI_FRAME: '此 DICOM 文件包含多帧。请将头影测量片导出为单幅图像。',
    DICOM_NOT_IMAGE: '此 DICOM 文件不是 X 线影像（可能是报告或其他类型的对象）。',
  },
  prefill: {
    title: '从 DICOM 文件中读取的信息',
    intro: '用这些信息填写空白字段吗？已输入的内容将保留。',
    name: '姓名',
    birth: '出生日期',
    gender: '性别',
    studyDate: '拍摄日期',
    male: '男',
    female: '女',
    kept: '保留您输入的 {{value}}',
    use: '填写',
    dismiss: '忽略',
  },
  calibration: {
    badge: 'DICOM · {{ppm}} px/mm',
    pixelSpacing: 'Pixel Spacing {{row}} × {{column}} mm',
    imagerSpacing: 'Imager Pixel Spacing {{row}} × {{column}} mm（换算到患者平面）',
    magnification: '已除以放大系数 {{factor}}',
    report: 'DICOM 像素间距，{{ppm}} px/mm',
  },
};
