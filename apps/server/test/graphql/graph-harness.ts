import { IMAGE_TYPE, type ImageTypeCd } from '@ceppro/contract';
import { expect } from 'vitest';
import { chartData } from '../../src/db/schema/index';
import { activeAccount, createAuthHarness, login, type AuthHarness, type HarnessOptions } from '../auth/auth-harness';

export interface GraphReply {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: { code?: string }; path?: Array<string | number> }>;
    success?: boolean;
    code?: string;
  };
  raw: string;
}

export interface GraphHarness {
  h: AuthHarness;
  /** POST /graphql as a signed-in user (token) or anonymously (null). */
  gql(token: string | null, query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphReply>;
  /** Like gql, but fails the test on any GraphQL error; returns data. */
  ok<T = Record<string, unknown>>(token: string, query: string, variables?: Record<string, unknown>): Promise<T>;
  /** Signs up, activates and signs in a new user; returns the access token. */
  signIn(prefix?: string): Promise<string>;
  /** Adds an uploaded image row to a chart, as the upload flow would. */
  addImage(chartId: number, type?: ImageTypeCd, shootDate?: string | null): Promise<number>;
  close(): Promise<void>;
}

export async function createGraphHarness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<GraphHarness> {
  const h = await createAuthHarness(env, options);
  const gql: GraphHarness['gql'] = async (token, query, variables, headers = {}) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...(token !== null && { authorization: `Bearer ${token}` }), ...headers },
      payload: JSON.stringify({ query, ...(variables && { variables }) }),
    });
    let body: GraphReply['body'] = {};
    try {
      body = JSON.parse(response.body) as GraphReply['body'];
    } catch {
      // Left empty: the test asserts on status and raw.
    }
    return { status: response.statusCode, body, raw: response.body };
  };
  return {
    h,
    gql,
    async ok<T>(token: string, query: string, variables?: Record<string, unknown>) {
      const reply = await gql(token, query, variables);
      expect(reply.body.errors, reply.raw).toBeUndefined();
      expect(reply.status, reply.raw).toBe(200);
      return reply.body.data as T;
    },
    async signIn(prefix = 'gql') {
      const person = await activeAccount(h, prefix);
      const reply = await login(h, person);
      expect(reply.status, reply.raw).toBe(200);
      return String(reply.body.data?.token);
    },
    async addImage(chartId, type = IMAGE_TYPE.cephalogram, shootDate = '2024-01-02') {
      const [row] = await h.services.database.db
        .insert(chartData)
        .values({ chartRef: chartId, imageTypeCd: type, shootDate, path: `charts/${chartId}/${type}.jpg` })
        .returning({ id: chartData.id });
      if (!row) throw new Error('no chart data row');
      return row.id;
    },
    close: () => h.closeAll(),
  };
}

export const PATIENT_FIELDS =
  `id patient_id first_name birth_info gender createdAt charts { id uuid chart_id ` + `createdAt chart_data { image_type_cd shoot_date } }`;
export const CHART_FIELDS =
  `id uuid chart_id createdAt patient { id patient_id first_name } chart_data ` +
  `{ id image_type_cd shoot_date path deletedAt } analysis_record_id`;
