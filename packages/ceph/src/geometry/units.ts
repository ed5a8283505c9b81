/**
 * Branded numeric and point types. A brand costs nothing at run time; it only stops a pixel value
 * from being passed where millimetres are expected (and vice versa) at compile time.
 */
declare const brand: unique symbol;

/** Attach a compile-time unit/space tag to a plain type. */
export type Brand<T, B extends string> = T & { readonly [brand]: B };

/** A length or coordinate in image pixels of the ORIGINAL upload. */
export type Px = Brand<number, 'px'>;
/** A length in millimetres at the calibrated (object-plane) scale. */
export type Mm = Brand<number, 'mm'>;
/** An angle in degrees. */
export type Deg = Brand<number, 'deg'>;
/** Pixels per millimetre (the spec's "ppm"). */
export type PxPerMm = Brand<number, 'px/mm'>;

/** A plain 2-D vector with no unit or space attached (used inside geometry helpers). */
export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

/** A point in image pixels: origin top-left, x to the right, y DOWNWARD (reference §5.1). */
export type ImagePoint = Brand<Vec2, 'image-px'>;

/**
 * A point in the patient frame (reference §5.2): x ANTERIOR, y SUPERIOR, in millimetres when the
 * film is calibrated, otherwise in pixels (the frame's `unit` says which).
 */
export type PatientPoint = Brand<Vec2, 'patient'>;

/** Tag a number as image pixels (no conversion). */
export const px = (value: number): Px => value as Px;
/** Tag a number as millimetres (no conversion). */
export const mm = (value: number): Mm => value as Mm;
/** Tag a number as degrees (no conversion). */
export const deg = (value: number): Deg => value as Deg;
/** Tag a number as pixels per millimetre (no conversion). */
export const pxPerMm = (value: number): PxPerMm => value as PxPerMm;

/** Build an image-pixel point (x right, y down; pixels of the original upload). */
export function imagePoint(x: number, y: number): ImagePoint {
  return { x, y } as ImagePoint;
}

/** Build a patient-frame point (x anterior, y superior; mm or px per the frame). */
export function patientPoint(x: number, y: number): PatientPoint {
  return { x, y } as PatientPoint;
}
