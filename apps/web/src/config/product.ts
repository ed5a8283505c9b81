/**
 * Product identity shown in the footer (docs/spec-points.md §1 and §9). The version line must read exactly
 * "Ver 3.00.00 (2023-03-24)".
 *
 * The regulatory values (model, UDI code) must match the device's registration. The spec does not
 * give a UDI code, so it is left unset here and the footer says so instead of inventing one.
 */
export const product = {
  name: 'Ceppro',
  version: '3.00.00',
  releaseDate: '2023-03-24',
  deviceClass: 2,
  company: 'DDH Inc.',
  model: 'Ceppro',
  udiCode: null as string | null,
} as const;

/** Layout minimums from docs/spec-points.md §2, in CSS pixels. The CSS mirrors them. */
export const layout = {
  headerHeight: 50,
  footerHeight: 100,
  modalWidth: 705,
} as const;
