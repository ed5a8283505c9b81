import { LEGAL_DOCUMENT_ENDPOINT, LEGAL_LANGS, type LegalDocument, type LegalDocumentId, type LegalLang } from '@ceppro/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/index.ts';

/** The interface language as the legal endpoint knows it (unknown: English). */
export function legalLang(language: string): LegalLang {
  const base = language.slice(0, 2).toLowerCase();
  return (LEGAL_LANGS as readonly string[]).includes(base) ? (base as LegalLang) : 'en';
}

/**
 * One legal document in the reader's language (`GET /public/legal/:doc`, public): the operator's,
 * else the product's template (`template: true`). Failures are the page's to show, not an alert.
 */
export function useLegalDocument(doc: LegalDocumentId, lang: LegalLang) {
  return useQuery({
    queryKey: ['legal', doc, lang] as const,
    queryFn: ({ signal }): Promise<LegalDocument> => api.call(LEGAL_DOCUMENT_ENDPOINT, { lang }, { params: { doc }, quiet: true, signal }),
    retry: false,
    staleTime: 10 * 60_000,
  });
}
