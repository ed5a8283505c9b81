import type { UploadDictionary } from './en-upload.ts';

export const viUpload: UploadDictionary = {
  title: 'Đang xử lý hình ảnh',
  step: {
    prepare: 'Đang chuẩn bị hồ sơ…',
    upload: 'Đang tải ảnh lên… {{percent}}%',
    thumbnail: 'Đang lưu ảnh thu nhỏ {{saved}}/{{expected}}',
    detect: 'AI đang phát hiện điểm mốc…',
    done: 'Hoàn tất',
  },
};
