import type { Dictionary } from './en.ts';
import { koAccount } from './ko-account.ts';
import { koExports } from './ko-exports.ts';
import { koProfilogram } from './ko-profilogram.ts';
import { koGrowth } from './ko-growth.ts';
import { koAuth } from './ko-auth.ts';
import { koViewerPolish } from './ko-viewer-polish.ts';
import { koSuperimposition } from './ko-superimposition.ts';
import { koVto } from './ko-vto.ts';
import { koConsultation } from './ko-consultation.ts';
import { koDrawing } from './ko-drawing.ts';
import { koMembership } from './ko-membership.ts';
import { koAudit } from './ko-audit.ts';
import { koAdmin } from './ko-admin.ts';
import { koDicom } from './ko-dicom.ts';
import { koPacs } from './ko-pacs.ts';
import { koChrome } from './ko-chrome.ts';
import { koClinic } from './ko-clinic.ts';
import { koSto } from './ko-sto.ts';

export const ko: Dictionary = {
  ...koAccount,
  exports: koExports,
  auth: koAuth,
  profilogram: koProfilogram,
  growth: koGrowth,
  viewerPolish: koViewerPolish,
  superimposition: koSuperimposition,
  vto: koVto,
  consultation: koConsultation,
  drawing: koDrawing,
  membership: koMembership,
  audit: koAudit,
  admin: koAdmin,
  dicom: koDicom,
  pacs: koPacs,
  chrome: koChrome,
  clinic: koClinic,
  sto: koSto,
  language: { self: '한국어', label: '언어' },
  common: {
    close: '닫기',
    confirm: '확인',
    cancel: '취소',
    back: '뒤로',
    loading: '불러오는 중…',
  },
  header: {
    home: 'Ceppro 홈',
    manual: '매뉴얼 다운로드',
    settings: '설정',
    userMenu: '계정 메뉴',
    signOut: '로그아웃',
  },
  footer: {
    legal: '법적 고지',
    terms: '서비스 이용약관',
    privacy: '개인정보처리방침',
    version: 'Ver {{version}} ({{date}})',
    company: '© {{year}} {{company}} 모든 권리 보유.',
    device: {
      item: '품목명',
      itemValue: '의료영상분석장치소프트웨어',
      model: '모델명',
      product: '제품명',
      udi: 'UDI 코드',
      class: '{{class}}등급 의료기기',
    },
  },
  cookie: {
    label: '쿠키 안내',
    message: 'Ceppro는 로그인 상태와 설정을 유지하기 위해 쿠키를 사용합니다. 계속 이용하시면 쿠키 사용에 동의하는 것으로 간주됩니다.',
    accept: '동의',
  },
  toast: {
    region: '알림',
    clearAll: '모두 지우기',
    dismiss: '닫기',
    kind: { success: '성공', warning: '경고', error: '오류' },
  },
  popup: { doNotOpenToday: '오늘 하루 열지 않기' },
  gate: {
    offline: '현재 오프라인 상태입니다. 인터넷 연결을 확인해 주세요.',
    notChromeTitle: 'Chrome 브라우저를 사용해 주세요',
    notChrome: 'Ceppro는 Google Chrome 브라우저에서만 사용할 수 있습니다. Chrome에서 이 페이지를 열어 주세요.',
    mobileTitle: '컴퓨터에서 이용해 주세요',
    mobile: 'Ceppro 뷰어는 컴퓨터에서만 사용할 수 있습니다. 모바일 기기에서는 이용할 수 없습니다.',
    tooSmallTitle: '창 크기가 너무 작습니다',
    tooSmall: 'Ceppro를 사용하려면 브라우저 창이 최소 {{width}} × {{height}} 픽셀이어야 합니다. 창을 더 크게 늘려 주세요.',
  },
  placeholder: { badge: '준비 중' },
  screens: {
    viewer: { title: '뷰어', body: '차트 {{id}}의 세팔로메트릭 뷰어가 이곳에 표시됩니다.' },
    account: {
      nav: '계정 메뉴',
      setting: { title: '설정', body: '뷰어가 열릴 때 적용되는 설정입니다: 자가 없는 필름의 보정, 표시할 레이어, 조직 윤곽.' },
      drawingPad: { title: '드로잉 패드', body: '뷰어에서 새로 그릴 때 쓰는 펜의 기본값입니다.' },
      membership: { title: '멤버십', body: '요금제, 다음 결제와 결제 내역입니다.' },
      clinic: { title: '병원', body: '내 병원: 구성원과 역할, 초대, 병원 정보입니다.' },
      myInfo: { title: '내 정보', body: '가입 시 입력한 정보입니다. 이메일과 휴대폰 번호는 각 변경 페이지에서 바꿀 수 있습니다.' },
      resetEmail: { title: '이메일 변경', body: '새 주소로 보낸 메일의 링크를 누르면 로그인 이메일이 변경됩니다.' },
      resetPassword: { title: '비밀번호 변경', body: '현재 비밀번호를 입력한 뒤 새 비밀번호를 두 번 입력하세요.' },
      resetMobile: { title: '휴대폰 번호 변경', body: '새 번호로 인증번호를 보내 확인합니다.' },
    },
  },
  demo: {
    toast: {
      title: '토스트 데모',
      intro: '각 버튼은 한 종류의 알림을 표시합니다.',
      showSuccess: '성공 토스트',
      showWarning: '경고 토스트',
      showError: '오류 토스트',
      successTitle: '성공',
      successText: '성공 메시지 예시입니다.',
      warningTitle: '경고',
      warningText: '경고 메시지 예시입니다.',
      errorTitle: '오류',
      errorText: '오류 메시지 예시입니다.',
    },
    confirm: {
      title: '팝업 데모',
      intro: '구독 해지 시 사용하는 확인 팝업을 엽니다.',
      open: '구독 해지',
      popupTitle: '구독 해지',
      popupText: '결제일 이후 구독료 50,000원이 청구됩니다(1개 제품 제외). 정말 해지하시겠습니까?',
      popupConfirm: '해지',
      popupCancel: '구독 유지',
      doneTitle: '데모',
      doneText: '해지된 항목이 없습니다. 이 화면은 데모입니다.',
      eventOpen: '이벤트 팝업',
      eventTitle: '공지',
      eventText: '이벤트 팝업 예시입니다. ‘오늘 하루 열지 않기’를 선택하면 내일까지 표시되지 않습니다.',
      eventHiddenTitle: '이벤트 팝업 숨김',
      eventHiddenText: '오늘은 열지 않도록 선택하셨습니다.',
      loading: '로딩 오버레이 (2초)',
    },
  },
  errors: {
    notFound: {
      code: '404',
      title: '페이지를 찾을 수 없습니다',
      body: '요청하신 페이지가 없거나 이동되었습니다.',
      home: '홈으로',
    },
    serverError: {
      code: '500',
      title: '페이지가 작동하지 않습니다',
      body: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
      reload: '새로고침',
      home: '홈으로',
    },
  },
};
