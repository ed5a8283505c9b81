/**
 * English dictionary. Its shape is the source of truth for the other languages: `Dictionary`
 * makes TypeScript reject a missing or extra key, and test/i18n-keys.test.ts checks the same at
 * runtime (plus matching {{placeholders}}).
 */
import { enAccount } from './en-account.ts';
import { enExports } from './en-exports.ts';
import { enProfilogram } from './en-profilogram.ts';
import { enGrowth } from './en-growth.ts';
import { enAuth } from './en-auth.ts';
import { enViewerPolish } from './en-viewer-polish.ts';
import { enSuperimposition } from './en-superimposition.ts';
import { enVto } from './en-vto.ts';
import { enConsultation } from './en-consultation.ts';
import { enDrawing } from './en-drawing.ts';
import { enMembership } from './en-membership.ts';
import { enAudit } from './en-audit.ts';
import { enAdmin } from './en-admin.ts';
import { enDicom } from './en-dicom.ts';
import { enPacs } from './en-pacs.ts';
import { enChrome } from './en-chrome.ts';
import { enClinic } from './en-clinic.ts';
import { enSto } from './en-sto.ts';

export const en = {
  language: { self: 'English', label: 'Language' },
  common: {
    close: 'Close',
    confirm: 'Confirm',
    cancel: 'Cancel',
    back: 'Back',
    loading: 'Loading…',
  },
  header: {
    home: 'Ceppro home',
    manual: 'Download manual',
    settings: 'Settings',
    userMenu: 'Account menu',
    signOut: 'Sign out',
  },
  footer: {
    legal: 'Legal',
    terms: 'Terms of service',
    privacy: 'Privacy policy',
    version: 'Ver {{version}} ({{date}})',
    company: '© {{year}} {{company}} All rights reserved.',
    device: {
      item: 'Item',
      itemValue: 'Medical image analysis software',
      model: 'Model',
      product: 'Product',
      udi: 'UDI code',
      class: 'Class {{class}} medical device',
    },
  },
  cookie: {
    label: 'Cookie notice',
    message: 'Ceppro uses cookies to keep you signed in and to remember your settings. By continuing, you agree to our use of cookies.',
    accept: 'Accept',
  },
  toast: {
    region: 'Notifications',
    clearAll: 'Clear all',
    dismiss: 'Dismiss',
    kind: { success: 'Success', warning: 'Warning', error: 'Error' },
  },
  popup: { doNotOpenToday: 'Do not open today' },
  gate: {
    offline: 'You are currently offline. Please check your internet connection.',
    notChromeTitle: 'Please use Google Chrome',
    notChrome: 'Ceppro runs in the Google Chrome browser only. Please open this page in Chrome.',
    mobileTitle: 'Please use a computer',
    mobile: 'The Ceppro viewer needs a computer. It cannot be used on a mobile device.',
    tooSmallTitle: 'Window too small',
    tooSmall: 'Ceppro needs a browser window of at least {{width}} × {{height}} pixels. Please enlarge the window.',
  },
  placeholder: { badge: 'Coming soon' },
  ...enAccount,
  exports: enExports,
  auth: enAuth,
  profilogram: enProfilogram,
  growth: enGrowth,
  viewerPolish: enViewerPolish,
  superimposition: enSuperimposition,
  vto: enVto,
  consultation: enConsultation,
  drawing: enDrawing,
  membership: enMembership,
  audit: enAudit,
  admin: enAdmin,
  dicom: enDicom,
  pacs: enPacs,
  chrome: enChrome,
  clinic: enClinic,
  sto: enSto,
  screens: {
    viewer: { title: 'Viewer', body: 'The cephalometric viewer for chart {{id}} will appear here.' },
    account: {
      nav: 'Account sections',
      setting: {
        title: 'Settings',
        body: 'What the viewer opens with: the calibration for films without a ruler, the layers shown, and the tissue outline.',
      },
      drawingPad: { title: 'Drawing pad', body: 'The pen a new drawing in the viewer starts with.' },
      membership: { title: 'Membership', body: 'Your plan, the next charge and your billing history.' },
      clinic: { title: 'Clinic', body: 'Your clinic: its members and their roles, invitations, and its details.' },
      myInfo: { title: 'My info', body: 'The details you gave at sign-up. Email and mobile number change on their own pages.' },
      resetEmail: { title: 'Change email', body: 'The new address becomes your sign-in email once you follow the link we mail to it.' },
      resetPassword: { title: 'Change password', body: 'Enter your current password, then the new one twice.' },
      resetMobile: { title: 'Change mobile number', body: 'We send a code to the new number to confirm it.' },
    },
  },
  demo: {
    toast: {
      title: 'Toast demo',
      intro: 'Each button shows one kind of notification.',
      showSuccess: 'Success toast',
      showWarning: 'Warning toast',
      showError: 'Error toast',
      successTitle: 'Success',
      successText: 'This is a sample success message.',
      warningTitle: 'Warning',
      warningText: 'This is a sample warning message.',
      errorTitle: 'Error',
      errorText: 'This is a sample error message.',
    },
    confirm: {
      title: 'Popup demo',
      intro: 'Opens the confirmation popup used when cancelling a subscription.',
      open: 'Cancel subscription',
      popupTitle: 'Cancel subscription',
      popupText:
        'After the billing date, a subscription fee of 50,000 won is charged (one product excluded). Do you really want to cancel?',
      popupConfirm: 'Yes, cancel',
      popupCancel: 'Keep subscription',
      doneTitle: 'Demo',
      doneText: 'Nothing was cancelled. This screen is only a demo.',
      eventOpen: 'Event popup',
      eventTitle: 'Notice',
      eventText: 'This is a sample event popup. Tick “Do not open today” to hide it until tomorrow.',
      eventHiddenTitle: 'Event popup hidden',
      eventHiddenText: 'You chose not to open it today.',
      loading: 'Loading overlay (2 s)',
    },
  },
  errors: {
    notFound: {
      code: '404',
      title: 'Page not found',
      body: 'The page you are looking for does not exist or has moved.',
      home: 'Go to home',
    },
    serverError: {
      code: '500',
      title: 'This page isn’t working',
      body: 'Something went wrong on our side. Please try again in a moment.',
      reload: 'Reload',
      home: 'Go to home',
    },
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Dictionary = Widen<typeof en>;
