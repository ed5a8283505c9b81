import { ok, type EndpointSpec, type linkTokenRequestSchema } from '@ceppro/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isAppError } from '../../errors/app-error';
import type { ClientInfo } from './audit';
import { confirmPage, resultPage, sendPage, wantsHtml } from './link-page';
import { route } from '../../http/endpoint-route';
import { parseBody } from '../../http/parse-body';
import { clientOf } from '../../http/require-user';

/** A mailed link's two endpoints (contract AUTH_ENDPOINTS): the GET page and the POST it submits, on one path. */
interface LinkEndpoints {
  page: EndpointSpec & { method: 'GET' };
  confirm: EndpointSpec & { method: 'POST'; request: typeof linkTokenRequestSchema };
}

export interface MailedLink {
  endpoints: LinkEndpoints;
  /** Checks the token without using it (GET shows the button only for a live link). */
  peek(token: string): Promise<unknown>;
  confirm(token: string, client: ClientInfo): Promise<void>;
  page: { title: string; text: string; button: string; doneTitle: string; doneText: string };
}

const queryToken = z.object({ token: z.string().min(1).max(1024) });

/** GET <path>?token= shows a confirm button; POST <path> (form: token) does it; both declared in the contract. */
export function registerMailedLink(app: FastifyInstance, link: MailedLink, homeUrl: () => string): void {
  const invalid = () =>
    resultPage({ title: 'This link cannot be used', text: 'The link is not valid, was already used, or has expired.', homeUrl: homeUrl() });

  const { page: pageEndpoint, confirm } = link.endpoints;
  route(app, pageEndpoint, async (_input, request, reply) => {
    const query = queryToken.safeParse(request.query);
    if (!query.success) return sendPage(reply, 400, invalid());
    try {
      await link.peek(query.data.token);
    } catch (error) {
      if (isAppError(error)) return sendPage(reply, error.status, invalid());
      throw error;
    }
    const { title, text, button } = link.page;
    return sendPage(reply, 200, confirmPage({ title, text, button, action: pageEndpoint.path, token: query.data.token }));
  });

  // The input is validated inside: a browser's refused form gets the HTML page, not the JSON error.
  route(
    app,
    confirm,
    async (_input, request, reply) => {
      const html = wantsHtml(request);
      try {
        const { token } = parseBody(confirm.request, request.body);
        await link.confirm(token, clientOf(request));
      } catch (error) {
        if (html && isAppError(error) && error.status < 500) return sendPage(reply, error.status, invalid());
        throw error;
      }
      if (html) return sendPage(reply, 200, resultPage({ title: link.page.doneTitle, text: link.page.doneText, homeUrl: homeUrl() }));
      return ok({});
    },
    { parse: false },
  );
}
