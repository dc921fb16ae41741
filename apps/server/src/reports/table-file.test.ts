import { describe, expect, it } from 'vitest';
import { contentDisposition } from './table-file.ts';

describe('the name of a saved file', () => {
  it('is written in UTF-8 with the syntax’s apostrophe escaped, inline or as an attachment', () => {
    expect(contentDisposition('Indicateurs de l’atelier 2026-11-01.csv')).toBe("attachment; filename*=UTF-8''Indicateurs%20de%20l%E2%80%99atelier%202026-11-01.csv");
    expect(contentDisposition("Form'été.xlsx", true)).toBe("inline; filename*=UTF-8''Form%27%C3%A9t%C3%A9.xlsx");
  });
});
