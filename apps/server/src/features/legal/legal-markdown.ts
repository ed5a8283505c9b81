import type { LegalBlock, LegalList, LegalRun } from '@ceppro/contract';
import { Lexer, type Token, type Tokens } from 'marked';

/**
 * An operator's legal document (Markdown) as the plain blocks the web page renders: headings,
 * paragraphs, bullet and numbered lists (nested), rules; in them bold, italic and links. marked's
 * lexer reads the Markdown; nothing here produces HTML. Raw HTML in the file is dropped (never
 * shown, never run); other blocks (quotes, code, tables) become paragraphs of their text, so no
 * words the operator wrote go missing silently. Links keep only http(s) and mailto targets.
 */
export function legalBlocks(markdown: string): LegalBlock[] {
  return blocksOf(new Lexer().lex(markdown));
}

type Style = Pick<LegalRun, 'strong' | 'em' | 'href'>;

const SAFE_LINK = /^(https?:|mailto:)/i;

function blocksOf(tokens: readonly Token[]): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const t = token as Tokens.Heading;
        blocks.push({ type: 'heading', level: Math.min(6, Math.max(1, t.depth)), runs: runsOf(t.tokens) });
        break;
      }
      case 'paragraph':
        pushParagraph(blocks, runsOf((token as Tokens.Paragraph).tokens));
        break;
      case 'text': {
        const t = token as Tokens.Text;
        pushParagraph(blocks, t.tokens ? runsOf(t.tokens) : plain(t.text));
        break;
      }
      case 'list':
        blocks.push(listOf(token as Tokens.List));
        break;
      case 'hr':
        blocks.push({ type: 'rule' });
        break;
      case 'blockquote':
        blocks.push(...blocksOf((token as Tokens.Blockquote).tokens));
        break;
      case 'code':
        pushParagraph(blocks, plain((token as Tokens.Code).text));
        break;
      case 'table': {
        const t = token as Tokens.Table;
        for (const row of [t.header, ...t.rows]) pushParagraph(blocks, joinCells(row));
        break;
      }
      default:
        // space, html (dropped on purpose), def: nothing to show
        break;
    }
  }
  return blocks;
}

function pushParagraph(blocks: LegalBlock[], runs: LegalRun[]): void {
  if (runs.some((r) => r.text.trim() !== '')) blocks.push({ type: 'paragraph', runs });
}

function joinCells(cells: readonly Tokens.TableCell[]): LegalRun[] {
  return cells.flatMap((cell, i) => [...(i > 0 ? plain(' | ') : []), ...runsOf(cell.tokens)]);
}

function listOf(list: Tokens.List): LegalList {
  const start = typeof list.start === 'number' ? list.start : 1;
  return {
    type: 'list',
    ordered: list.ordered,
    start,
    items: list.items.map((item) => {
      const runs: LegalRun[] = [];
      const lists: LegalList[] = [];
      for (const token of item.tokens) {
        if (token.type === 'list') lists.push(listOf(token as Tokens.List));
        else if (token.type === 'text' || token.type === 'paragraph') {
          const t = token as Tokens.Text | Tokens.Paragraph;
          if (runs.length > 0) runs.push({ text: '\n' });
          runs.push(...(t.tokens ? runsOf(t.tokens) : plain(t.text)));
        }
      }
      return { runs, lists };
    }),
  };
}

const plain = (text: string): LegalRun[] => (text === '' ? [] : [{ text }]);

/** Inline tokens as runs; adjacent runs of the same style are merged. */
function runsOf(tokens: readonly Token[], style: Style = {}): LegalRun[] {
  const runs: LegalRun[] = [];
  const add = (text: string, s: Style) => {
    if (text === '') return;
    const last = runs[runs.length - 1];
    if (last && last.strong === s.strong && last.em === s.em && last.href === s.href) last.text += text;
    else runs.push({ text, ...s });
  };
  const walk = (list: readonly Token[], s: Style) => {
    for (const token of list) {
      switch (token.type) {
        case 'strong':
          walk((token as Tokens.Strong).tokens, { ...s, strong: true });
          break;
        case 'em':
          walk((token as Tokens.Em).tokens, { ...s, em: true });
          break;
        case 'del':
          walk((token as Tokens.Del).tokens, s);
          break;
        case 'link': {
          const t = token as Tokens.Link;
          walk(t.tokens, SAFE_LINK.test(t.href) ? { ...s, href: t.href } : s);
          break;
        }
        case 'text': {
          const t = token as Tokens.Text;
          if (t.tokens) walk(t.tokens, s);
          else add(decodeEntities(t.text), s);
          break;
        }
        case 'codespan':
          add(decodeEntities((token as Tokens.Codespan).text), s);
          break;
        case 'escape':
          add(decodeEntities((token as Tokens.Escape).text), s);
          break;
        case 'br':
          add('\n', s);
          break;
        case 'image':
          add((token as Tokens.Image).text, s);
          break;
        default:
          // html: dropped (a legal page shows words, never markup)
          break;
      }
    }
  };
  walk(tokens, style);
  return runs;
}

/** marked keeps HTML entities in text tokens (&amp;, &quot;, &#39;); the page wants the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? _);
}
