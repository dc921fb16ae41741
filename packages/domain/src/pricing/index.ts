export * from './types.ts';
export * from './stats.ts';
export * from './market.ts';
export * from './offer.ts';
export * from './request.ts';
export * from './domains.ts';
export * from './frame.ts';
export * from './reconditioning.ts';
