import type { Dictionary } from './en.ts';
import { zhAccount } from './zh-account.ts';
import { zhExports } from './zh-exports.ts';
import { zhProfilogram } from './zh-profilogram.ts';
import { zhGrowth } from './zh-growth.ts';
import { zhAuth } from './zh-auth.ts';
import { zhViewerPolish } from './zh-viewer-polish.ts';
import { zhSuperimposition } from './zh-superimposition.ts';
import { zhVto } from './zh-vto.ts';
import { zhConsultation } from './zh-consultation.ts';
import { zhDrawing } from './zh-drawing.ts';
import { zhMembership } from './zh-membership.ts';
import { zhAudit } from './zh-audit.ts';
import { zhAdmin } from './zh-admin.ts';
import { zhDicom } from './zh-dicom.ts';
import { zhPacs } from './zh-pacs.ts';
import { zhChrome } from './zh-chrome.ts';
import { zhClinic } from './zh-clinic.ts';
import { zhSto } from './zh-sto.ts';

export const zh: Dictionary = {
  ...zhAccount,
  exports: zhExports,
  auth: zhAuth,
  profilogram: zhProfilogram,
  growth: zhGrowth,
  viewerPolish: zhViewerPolish,
  superimposition: zhSuperimposition,
  vto: zhVto,
  consultation: zhConsultation,
  drawing: zhDrawing,
  membership: zhMembership,
  audit: zhAudit,
  admin: zhAdmin,
  dicom: zhDicom,
  pacs: zhPacs,
  chrome: zhChrome,
  clinic: zhClinic,
  sto: zhSto,
  language: { self: '中文', label: '语言' },
  common: {
    close: '关闭',
    confirm: '确认',
    cancel: '取消',
    back: '返回',
    loading: '加载中…',
  },
  header: {
    home: 'Ceppro 首页',
    manual: '下载使用手册',
    settings: '设置',
    userMenu: '账户菜单',
    signOut: '退出登录',
  },
  footer: {
    legal: '法律信息',
    terms: '服务条款',
    privacy: '隐私政策',
    version: 'Ver {{version}} ({{date}})',
    company: '© {{year}} {{company}} 版权所有。',
    device: {
      item: '品目名称',
      itemValue: '医学影像分析软件',
      model: '型号',
      product: '产品名称',
      udi: 'UDI 代码',
      class: '{{class}}类医疗器械',
    },
  },
  cookie: {
    label: 'Cookie 提示',
    message: 'Ceppro 使用 Cookie 来保持您的登录状态并记住您的设置。继续使用即表示您同意我们使用 Cookie。',
    accept: '同意',
  },
  toast: {
    region: '通知',
    clearAll: '全部清除',
    dismiss: '关闭',
    kind: { success: '成功', warning: '警告', error: '错误' },
  },
  popup: { doNotOpenToday: '今天不再显示' },
  gate: {
    offline: '您当前处于离线状态。请检查您的网络连接。',
    notChromeTitle: '请使用 Chrome 浏览器',
    notChrome: 'Ceppro 仅支持 Google Chrome 浏览器。请在 Chrome 中打开此页面。',
    mobileTitle: '请使用电脑',
    mobile: 'Ceppro 查看器需要在电脑上使用，无法在移动设备上使用。',
    tooSmallTitle: '窗口太小',
    tooSmall: 'Ceppro 需要至少 {{width}} × {{height}} 像素的浏览器窗口。请放大窗口。',
  },
  placeholder: { badge: '即将推出' },
  screens: {
    viewer: { title: '查看器', body: '病历 {{id}} 的头影测量查看器将显示在这里。' },
    account: {
      nav: '账户菜单',
      setting: { title: '设置', body: '查看器打开时使用的设置：无标尺影像的校准、显示的图层以及组织轮廓。' },
      drawingPad: { title: '绘图板', body: '在查看器中新建绘图时画笔的默认设置。' },
      membership: { title: '会员', body: '您的套餐、下次扣费和账单记录。' },
      clinic: { title: '诊所', body: '您的诊所：成员及其角色、邀请和诊所信息。' },
      myInfo: { title: '我的信息', body: '您注册时填写的信息。邮箱和手机号码请在各自的更改页面修改。' },
      resetEmail: { title: '更改邮箱', body: '点击发送到新地址的邮件中的链接后，登录邮箱即会更改。' },
      resetPassword: { title: '更改密码', body: '请输入当前密码，然后输入两次新密码。' },
      resetMobile: { title: '更改手机号码', body: '我们会向新号码发送验证码进行确认。' },
    },
  },
  demo: {
    toast: {
      title: '提示消息演示',
      intro: '每个按钮显示一种通知。',
      showSuccess: '成功提示',
      showWarning: '警告提示',
      showError: '错误提示',
      successTitle: '成功',
      successText: '这是一条示例成功消息。',
      warningTitle: '警告',
      warningText: '这是一条示例警告消息。',
      errorTitle: '错误',
      errorText: '这是一条示例错误消息。',
    },
    confirm: {
      title: '弹窗演示',
      intro: '打开取消订阅时使用的确认弹窗。',
      open: '取消订阅',
      popupTitle: '取消订阅',
      popupText: '账单日之后将收取 50,000 韩元的订阅费用（一个产品除外）。确定要取消订阅吗？',
      popupConfirm: '确定取消',
      popupCancel: '保留订阅',
      doneTitle: '演示',
      doneText: '没有取消任何内容。此页面仅为演示。',
      eventOpen: '活动弹窗',
      eventTitle: '公告',
      eventText: '这是一个示例活动弹窗。勾选“今天不再显示”后，明天之前不会再显示。',
      eventHiddenTitle: '活动弹窗已隐藏',
      eventHiddenText: '您已选择今天不再显示。',
      loading: '加载遮罩（2 秒）',
    },
  },
  errors: {
    notFound: {
      code: '404',
      title: '找不到页面',
      body: '您访问的页面不存在或已被移动。',
      home: '返回首页',
    },
    serverError: {
      code: '500',
      title: '此页面无法正常运行',
      body: '出现了问题。请稍后再试。',
      reload: '重新加载',
      home: '返回首页',
    },
  },
};
