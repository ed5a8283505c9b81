import type { UploadDictionary } from './en-upload.ts';

export const zhUpload: UploadDictionary = {
  title: '正在处理图像',
  step: {
    prepare: '正在准备病历…',
    upload: '正在上传图像… {{percent}}%',
    thumbnail: '正在保存缩略图 {{saved}}/{{expected}}',
    detect: 'AI 标志点检测中…',
    done: '完成',
  },
};
