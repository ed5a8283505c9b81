/** English texts of the shared chrome: the operator's notices and the legal pages. */
export const enChrome = {
  notices: {
    region: 'Notices',
    dismiss: 'Dismiss this notice',
  },
  legal: {
    loading: 'Loading the document…',
    loadFailed: 'The document could not be loaded.',
    retry: 'Try again',
    template:
      'Template: the operator of this service has not published its own text yet. ' +
      'What follows is a sample that ships with Ceppro, not the terms that apply to you.',
    otherLanguage: 'This document is not available in your language. It is shown in {{language}}.',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ChromeDictionary = Widen<typeof enChrome>;
