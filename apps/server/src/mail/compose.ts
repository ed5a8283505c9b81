import type { MailMessage } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/**
 * The product's mails: plain text and HTML with the same content, paragraphs then an optional button
 * whose absolute link (built from PUBLIC_URL) is also written out. Every text is escaped for the HTML.
 */
export function composeMail(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '-- Ceppro'].join('\n\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px ` +
      `18px;background:#1a5fb4;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p><p ` +
      `style="font-size:12px;color:#666">${escapeHtml(action.url)}</p>`
    : '';
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const html = `<!doctype html><html><body style="font-family:sans-serif">${body}${button}<p>Ceppro</p></body></html>`;
  return { to, subject, text, html };
}
