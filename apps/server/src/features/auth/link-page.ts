import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The small server-rendered pages behind mailed links. A GET only shows a button; the change happens
 * on the POST it submits, so mail scanners that prefetch links cannot activate accounts or approve
 * IPs on the user's behalf.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} - Ceppro</title>
<style>body{font-family:'Noto Sans KR',Montserrat,sans-serif;max-width:560px;margin:80px auto;padding:0 16px;color:#222}
button,a.button{background:#1a5fb4;color:#fff;border:0;padding:10px 18px;border-radius:4px;font-size:16px;cursor:pointer;
text-decoration:none}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function confirmPage(options: { title: string; text: string; action: string; token: string; button: string }): string {
  return layout(
    options.title,
    `<p>${escapeHtml(options.text)}</p><form method="post" action="${escapeHtml(options.action)}"><input ` +
      `type="hidden" name="token" value="${escapeHtml(options.token)}"><button ` +
      `type="submit">${escapeHtml(options.button)}</button></form>`,
  );
}

export function resultPage(options: { title: string; text: string; homeUrl: string }): string {
  return layout(
    options.title,
    `<p>${escapeHtml(options.text)}</p><p><a class="button" href="${escapeHtml(options.homeUrl)}">Go to sign in</a></p>`,
  );
}

/** A form post from a browser asks for HTML; API clients get the JSON envelope. */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return (
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      // The page URL carries the link token: never send it on as a Referer.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
