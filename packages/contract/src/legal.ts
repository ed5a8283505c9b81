import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * The operator's legal documents (terms of service, privacy policy) and the product identity lines
 * the footer shows (spec point 1: version and company line, medical-device line with its UDI code).
 * The operator supplies the documents per language as Markdown (`LEGAL_DIR`); the product ships
 * templates, marked as such, for an operator who has not yet. The server parses the Markdown and
 * answers plain blocks of text runs, so the page renders them without ever injecting HTML.
 */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

export const LEGAL_LANGS = ['en', 'ko', 'ja', 'zh', 'vi'] as const;
export type LegalLang = (typeof LEGAL_LANGS)[number];

/** A run of text: bold, italic, or a link (http, https or mailto only). */
export const legalRunSchema = z.object({
  text: z.string(),
  strong: z.boolean().optional(),
  em: z.boolean().optional(),
  href: z
    .string()
    .regex(/^(https?:|mailto:)/i)
    .optional(),
});
export type LegalRun = z.infer<typeof legalRunSchema>;

export interface LegalList {
  type: 'list';
  ordered: boolean;
  /** The first number of an ordered list. */
  start: number;
  items: Array<{ runs: LegalRun[]; lists: LegalList[] }>;
}

export const legalListSchema: z.ZodType<LegalList> = z.lazy(() =>
  z.object({
    type: z.literal('list'),
    ordered: z.boolean(),
    start: z.number().int(),
    items: z.array(z.object({ runs: z.array(legalRunSchema), lists: z.array(legalListSchema) })),
  }),
);

export const legalBlockSchema = z.union([
  z.object({ type: z.literal('heading'), level: z.number().int().min(1).max(6), runs: z.array(legalRunSchema) }),
  z.object({ type: z.literal('paragraph'), runs: z.array(legalRunSchema) }),
  z.object({ type: z.literal('rule') }),
  legalListSchema,
]);
export type LegalBlock = z.infer<typeof legalBlockSchema>;

export const legalDocumentSchema = z.object({
  doc: z.enum(LEGAL_DOCUMENTS),
  /** The language of the text served: the reader's, else English, else another the operator wrote. */
  lang: z.enum(LEGAL_LANGS),
  /** True for the product's own template: the operator has not supplied this document. */
  template: z.boolean(),
  blocks: z.array(legalBlockSchema),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** `GET /public/legal/:doc?lang=`: one legal document in the reader's language (public: sign-up links to it). */
const legalQuerySchema = z.object({ lang: z.enum(LEGAL_LANGS).optional() });
export const LEGAL_DOCUMENT_ENDPOINT = endpoint({
  method: 'GET',
  path: '/public/legal/:doc',
  auth: 'public',
  params: z.object({ doc: z.enum(LEGAL_DOCUMENTS) }),
  paramsRefusal: 'NOT_FOUND',
  request: legalQuerySchema,
  response: legalDocumentSchema,
});

/** The product identity lines of the footer, from the server's configuration (`COMPANY_NAME`, `UDI_CODE`). */
export const siteInfoSchema = z.object({
  company: z.string(),
  /** The device's UDI code; null while the operator has not configured one. */
  udi_code: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** `GET /public/site-info`: public, the footer shows it on the sign-in page too. */
export const SITE_INFO_ENDPOINT = endpoint({ method: 'GET', path: '/public/site-info', auth: 'public', response: siteInfoSchema });

/** The languages the user manual is written in (docs/manual/<lang>.md). */
export const MANUAL_LANGS = ['en', 'ko'] as const;
export type ManualLang = (typeof MANUAL_LANGS)[number];

/**
 * `GET /manual/ceppro-manual-<en|ko>.pdf`: the user manual (features/manual on the server), public like the
 * legal texts; `file` is the manual's download name.
 */
export const MANUAL_ENDPOINT = endpoint({
  method: 'GET',
  path: '/manual/:file',
  auth: 'public',
  params: z.object({ file: z.templateLiteral(['ceppro-manual-', z.enum(MANUAL_LANGS), '.pdf']) }),
  paramsRefusal: 'NOT_FOUND',
  answer: 'file',
  response: 'application/pdf',
});
