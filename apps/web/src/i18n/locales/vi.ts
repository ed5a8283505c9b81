import type { Dictionary } from './en.ts';
import { viAccount } from './vi-account.ts';
import { viExports } from './vi-exports.ts';
import { viProfilogram } from './vi-profilogram.ts';
import { viGrowth } from './vi-growth.ts';
import { viAuth } from './vi-auth.ts';
import { viViewerPolish } from './vi-viewer-polish.ts';
import { viSuperimposition } from './vi-superimposition.ts';
import { viVto } from './vi-vto.ts';
import { viConsultation } from './vi-consultation.ts';
import { viDrawing } from './vi-drawing.ts';
import { viMembership } from './vi-membership.ts';
import { viAudit } from './vi-audit.ts';
import { viAdmin } from './vi-admin.ts';
import { viDicom } from './vi-dicom.ts';
import { viPacs } from './vi-pacs.ts';
import { viChrome } from './vi-chrome.ts';
import { viClinic } from './vi-clinic.ts';
import { viSto } from './vi-sto.ts';

export const vi: Dictionary = {
  ...viAccount,
  exports: viExports,
  auth: viAuth,
  profilogram: viProfilogram,
  growth: viGrowth,
  viewerPolish: viViewerPolish,
  superimposition: viSuperimposition,
  vto: viVto,
  consultation: viConsultation,
  drawing: viDrawing,
  membership: viMembership,
  audit: viAudit,
  admin: viAdmin,
  dicom: viDicom,
  pacs: viPacs,
  chrome: viChrome,
  clinic: viClinic,
  sto: viSto,
  language: { self: 'Tiếng Việt', label: 'Ngôn ngữ' },
  common: {
    close: 'Đóng',
    confirm: 'Xác nhận',
    cancel: 'Hủy',
    back: 'Quay lại',
    loading: 'Đang tải…',
  },
  header: {
    home: 'Trang chủ Ceppro',
    manual: 'Tải hướng dẫn sử dụng',
    settings: 'Cài đặt',
    userMenu: 'Menu tài khoản',
    signOut: 'Đăng xuất',
  },
  footer: {
    legal: 'Pháp lý',
    terms: 'Điều khoản dịch vụ',
    privacy: 'Chính sách quyền riêng tư',
    version: 'Ver {{version}} ({{date}})',
    company: '© {{year}} {{company}} Bảo lưu mọi quyền.',
    device: {
      item: 'Danh mục',
      itemValue: 'Phần mềm phân tích hình ảnh y tế',
      model: 'Mẫu',
      product: 'Sản phẩm',
      udi: 'Mã UDI',
      class: 'Thiết bị y tế loại {{class}}',
    },
  },
  cookie: {
    label: 'Thông báo cookie',
    message:
      'Ceppro sử dụng cookie để duy trì trạng thái đăng nhập và ghi nhớ cài đặt của bạn. Khi tiếp tục ' +
      'sử dụng, bạn đồng ý với việc sử dụng cookie.',
    accept: 'Đồng ý',
  },
  toast: {
    region: 'Thông báo',
    clearAll: 'Xóa tất cả',
    dismiss: 'Đóng',
    kind: { success: 'Thành công', warning: 'Cảnh báo', error: 'Lỗi' },
  },
  popup: { doNotOpenToday: 'Không hiển thị lại hôm nay' },
  gate: {
    offline: 'Bạn đang ngoại tuyến. Vui lòng kiểm tra kết nối internet.',
    notChromeTitle: 'Vui lòng sử dụng Google Chrome',
    notChrome: 'Ceppro chỉ hoạt động trên trình duyệt Google Chrome. Vui lòng mở trang này bằng Chrome.',
    mobileTitle: 'Vui lòng sử dụng máy tính',
    mobile: 'Trình xem Ceppro cần máy tính, không sử dụng được trên thiết bị di động.',
    tooSmallTitle: 'Cửa sổ quá nhỏ',
    tooSmall: 'Ceppro cần cửa sổ trình duyệt tối thiểu {{width}} × {{height}} pixel. Vui lòng phóng to cửa sổ.',
  },
  placeholder: { badge: 'Sắp ra mắt' },
  screens: {
    viewer: { title: 'Trình xem', body: 'Trình xem phim sọ nghiêng của hồ sơ {{id}} sẽ hiển thị tại đây.' },
    account: {
      nav: 'Mục tài khoản',
      setting: {
        title: 'Cài đặt',
        body: 'Những gì trình xem dùng khi mở: hiệu chuẩn cho phim không có thước, các lớp hiển thị và đường viền mô.',
      },
      drawingPad: { title: 'Bảng vẽ', body: 'Bút mặc định khi bắt đầu vẽ mới trong trình xem.' },
      membership: { title: 'Gói thành viên', body: 'Gói của bạn, lần thanh toán tới và lịch sử thanh toán.' },
      clinic: { title: 'Phòng khám', body: 'Phòng khám của bạn: thành viên và vai trò, lời mời, thông tin phòng khám.' },
      myInfo: {
        title: 'Thông tin của tôi',
        body: 'Thông tin bạn đã nhập khi đăng ký. Email và số điện thoại di động được đổi ở trang riêng.',
      },
      resetEmail: {
        title: 'Đổi email',
        body: 'Địa chỉ mới sẽ trở thành email đăng nhập sau khi bạn mở liên kết chúng tôi gửi đến địa chỉ đó.',
      },
      resetPassword: { title: 'Đổi mật khẩu', body: 'Nhập mật khẩu hiện tại, sau đó nhập mật khẩu mới hai lần.' },
      resetMobile: { title: 'Đổi số điện thoại di động', body: 'Chúng tôi gửi mã xác minh đến số mới để xác nhận.' },
    },
  },
  demo: {
    toast: {
      title: 'Minh họa thông báo',
      intro: 'Mỗi nút hiển thị một loại thông báo.',
      showSuccess: 'Thông báo thành công',
      showWarning: 'Thông báo cảnh báo',
      showError: 'Thông báo lỗi',
      successTitle: 'Thành công',
      successText: 'Đây là thông báo thành công mẫu.',
      warningTitle: 'Cảnh báo',
      warningText: 'Đây là thông báo cảnh báo mẫu.',
      errorTitle: 'Lỗi',
      errorText: 'Đây là thông báo lỗi mẫu.',
    },
    confirm: {
      title: 'Minh họa hộp thoại',
      intro: 'Mở hộp thoại xác nhận dùng khi hủy gói đăng ký.',
      open: 'Hủy gói đăng ký',
      popupTitle: 'Hủy gói đăng ký',
      popupText: 'Sau ngày thanh toán, phí đăng ký 50.000 won sẽ được tính (trừ một sản phẩm). Bạn có chắc muốn hủy không?',
      popupConfirm: 'Hủy gói',
      popupCancel: 'Giữ gói',
      doneTitle: 'Minh họa',
      doneText: 'Không có gì bị hủy. Màn hình này chỉ để minh họa.',
      eventOpen: 'Hộp thoại sự kiện',
      eventTitle: 'Thông báo',
      eventText: 'Đây là hộp thoại sự kiện mẫu. Chọn “Không hiển thị lại hôm nay” để ẩn đến ngày mai.',
      eventHiddenTitle: 'Đã ẩn hộp thoại sự kiện',
      eventHiddenText: 'Bạn đã chọn không mở hộp thoại này hôm nay.',
      loading: 'Lớp phủ đang tải (2 giây)',
    },
  },
  errors: {
    notFound: {
      code: '404',
      title: 'Không tìm thấy trang',
      body: 'Trang bạn tìm không tồn tại hoặc đã được di chuyển.',
      home: 'Về trang chủ',
    },
    serverError: {
      code: '500',
      title: 'Trang này không hoạt động',
      body: 'Đã xảy ra sự cố. Vui lòng thử lại sau.',
      reload: 'Tải lại',
      home: 'Về trang chủ',
    },
  },
};
