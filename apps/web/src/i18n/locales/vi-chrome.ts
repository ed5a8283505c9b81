import type { ChromeDictionary } from './en-chrome.ts';

/** Văn bản tiếng Việt của phần khung chung: thông báo của nhà vận hành và các trang pháp lý. */
export const viChrome: ChromeDictionary = {
  notices: {
    region: 'Thông báo',
    dismiss: 'Đóng thông báo này',
  },
  legal: {
    loading: 'Đang tải tài liệu…',
    loadFailed: 'Không thể tải tài liệu.',
    retry: 'Thử lại',
    template:
      'Bản mẫu: nhà vận hành dịch vụ này chưa công bố văn bản của mình. ' +
      'Nội dung dưới đây là bản mẫu đi kèm Ceppro, không phải điều khoản áp dụng cho bạn.',
    otherLanguage: 'Tài liệu này chưa có bằng ngôn ngữ của bạn. Đang hiển thị bằng {{language}}.',
  },
};
