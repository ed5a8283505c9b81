export { ApiError, isApiError, unhandledCode } from './api-error.ts';
export { api, setAlertPresenter, setAlertTexts, setRateLimitNotice, showAlert, type AlertPresenter } from './client.ts';
export type { CallOptions, Fields, InputOf, ResultOf } from './endpoint-call.ts';
export { graphql } from './graphql.ts';
export { createHttpClient, REQUEST_TIMEOUT_MS, type Alert, type HttpClient } from './http-client.ts';
export { cookieTokenStore, type TokenStore } from './token-store.ts';
