/**
 * Product identity shown in the footer (docs/spec-points.md §1 and §9). The version line must read exactly
 * "Ver 3.00.00 (2023-03-24)". The company and the UDI code are the operator's: the server's COMPANY_NAME
 * and UDI_CODE (`GET /public/site-info`, hooks/use-site-info.ts).
 */
export const product = {
  name: 'Ceppro',
  version: '3.00.00',
  releaseDate: '2023-03-24',
  deviceClass: 2,
  model: 'Ceppro',
} as const;

/** Layout minimums from docs/spec-points.md §2, in CSS pixels. The CSS mirrors them. */
export const layout = {
  headerHeight: 50,
  footerHeight: 100,
  modalWidth: 705,
} as const;
