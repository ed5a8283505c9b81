import type { ChromeDictionary } from './en-chrome.ts';

/** 公共界面的中文文本: 运营方公告和条款页面。 */
export const zhChrome: ChromeDictionary = {
  notices: {
    region: '公告',
    dismiss: '关闭此公告',
  },
  legal: {
    loading: '正在加载文档…',
    loadFailed: '无法加载文档。',
    retry: '重试',
    template: '模板: 本服务的运营方尚未发布自己的文本。以下内容是 Ceppro 附带的示例, 并非适用于您的条款。',
    otherLanguage: '此文档没有您所用语言的版本, 现以{{language}}显示。',
  },
};
