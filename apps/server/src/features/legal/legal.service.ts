import { LEGAL_LANGS, type LegalDocument, type LegalDocumentId, type LegalLang, type SiteInfo } from '@ceppro/contract';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../config/paths';
import { AppError } from '../../errors/app-error';
import { legalBlocks } from './legal-markdown';

/** The product's templates (docs/legal/<doc>.<lang>.md), served until the operator supplies the documents. */
export const LEGAL_TEMPLATES_DIR = path.join(REPO_ROOT, 'docs/legal');

export interface LegalConfig {
  /** LEGAL_DIR: the operator's documents, `terms.<lang>.md` and `privacy.<lang>.md`; undefined: none. */
  dir: string | undefined;
  company: string;
  udiCode: string | null;
}

/** The languages to try for a reader of `lang`: theirs, English, Korean, then the rest. */
function languagesFor(lang: LegalLang): LegalLang[] {
  return [...new Set<LegalLang>([lang, 'en', 'ko', ...LEGAL_LANGS])];
}

async function readIfThere(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The legal documents and the footer's identity lines. An operator's document in any language wins
 * over a template in the reader's: the templates are samples, the operator's text is the contract.
 * Documents are read once and kept (the operator restarts the server after changing them); `doc`
 * and `lang` are checked against the contract's lists before they name a file.
 */
export function createLegalService(config: LegalConfig, templatesDir: string = LEGAL_TEMPLATES_DIR) {
  const cache = new Map<string, Promise<LegalDocument>>();

  async function load(doc: LegalDocumentId, lang: LegalLang): Promise<LegalDocument> {
    const sources = [...(config.dir === undefined ? [] : [{ dir: config.dir, template: false }]), { dir: templatesDir, template: true }];
    for (const source of sources) {
      for (const candidate of languagesFor(lang)) {
        const markdown = await readIfThere(path.join(source.dir, `${doc}.${candidate}.md`));
        if (markdown !== null) return { doc, lang: candidate, template: source.template, blocks: legalBlocks(markdown) };
      }
    }
    throw new AppError('NOT_FOUND', `No ${doc} document is available.`);
  }

  return {
    document(doc: LegalDocumentId, lang: LegalLang = 'en'): Promise<LegalDocument> {
      const key = `${doc}.${lang}`;
      let pending = cache.get(key);
      if (pending === undefined) {
        pending = load(doc, lang);
        // A failed read is not kept: the operator may add the file and the next reader gets it.
        pending.catch(() => cache.delete(key));
        cache.set(key, pending);
      }
      return pending;
    },

    siteInfo(): SiteInfo {
      return { company: config.company, udi_code: config.udiCode };
    },
  };
}

export type LegalService = ReturnType<typeof createLegalService>;
