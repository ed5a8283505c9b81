export * from './choices.ts';
export * from './constructions.ts';
